/** history.html's CSS, after the PR report's (report/html/style.ts: colours, fonts, dark scheme). */
export const HISTORY_STYLE = `
header,main,footer{max-width:1600px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(340px,1fr));gap:10px;margin:12px 0}
.card{border:1px solid var(--line);border-radius:6px;padding:6px 8px;min-width:0;background:var(--bg);display:flex;flex-direction:column}
.card.found{border-color:var(--warn)}
.card h3{margin:0;font:600 .82rem ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;word-break:break-all}
.card .finds{font-size:.78rem;color:var(--muted);min-height:1.1em}
.card .finds div{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.card .bad{color:var(--bad)}.card .good{color:var(--good)}.card .creep{color:var(--warn)}
.card canvas{display:block;width:100%;height:120px;margin-top:auto}
#envs ul{margin:.2em 0 .6em;padding-left:1.4em}
.tools{position:sticky;top:0;background:var(--bg);padding:8px 0;z-index:2}
.tools label{white-space:nowrap}
.tools input.bad{border-color:var(--bad)}
.tip{position:fixed;z-index:3;pointer-events:none;background:var(--panel);border:1px solid var(--line);border-radius:4px;
padding:4px 8px;font-size:.78rem;white-space:pre;font-variant-numeric:tabular-nums}
.legend .key{display:inline-block;width:14px;height:10px;margin:0 2px 0 8px;vertical-align:middle;border-radius:2px}
.k-line{background:var(--base)}.k-band{background:var(--ci)}.k-env{background:var(--grid)}
.k-bad{background:var(--bad)}.k-good{background:var(--good)}.k-creep{background:var(--warn)}
`
