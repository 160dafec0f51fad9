/**
 * The report page's CSS: system fonts, one column that fits a phone, tables that scroll sideways
 * rather than overflow, a light and a dark scheme. Chart colours are CSS variables so the SVG follows
 * the scheme: base blue, head orange (distinguishable with the common colour-vision deficiencies).
 */
import { CSS_TONE, VERDICT_ORDER, VERDICTS } from '../verdicts.js'

export const STYLE = `
:root{--fg:#1f2328;--muted:#59636e;--bg:#fff;--panel:#f6f8fa;--line:#d1d9e0;--grid:#eaeef2;
--base:#2f6db5;--head:#d9730d;--bad:#cf222e;--good:#1a7f37;--warn:#9a6700;--band:#f2f4f7;--ci:rgba(130,80,223,.16);--est:#8250df;
font-family:-apple-system,BlinkMacSystemFont,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif;color:var(--fg);background:var(--bg)}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--panel:#151b23;--line:#3d444d;--grid:#262c36;
--base:#58a6ff;--head:#f0883e;--bad:#f85149;--good:#3fb950;--warn:#d29922;--band:#161b22;--ci:rgba(163,113,247,.22);--est:#a371f7}}
*{box-sizing:border-box}
body{margin:0;line-height:1.45;font-size:15px}
header,main,footer{max-width:1180px;margin:0 auto;padding:0 16px}
header{padding-top:18px}
h1{font-size:1.35rem;margin:.2em 0 .3em}
h2{font-size:1.15rem;margin:1.6em 0 .6em;border-bottom:1px solid var(--line);padding-bottom:.25em}
h4{margin:1em 0 .3em;font-size:.95rem}
.sub{color:var(--muted);margin:0 0 1em}
code,pre{font-family:ui-monospace,SFMono-Regular,"SF Mono",Menlo,Consolas,"Liberation Mono",monospace;font-size:.88em}
pre{background:var(--panel);padding:10px;border-radius:6px;overflow-x:auto;white-space:pre-wrap;word-break:break-all}
a{color:var(--base);text-decoration:none}a:hover{text-decoration:underline}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch}
table{border-collapse:collapse;margin:.4em 0 1em;font-size:.9rem}
th,td{padding:4px 10px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
thead th{border-bottom:2px solid var(--line);white-space:nowrap}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
table.summary td.name code{word-break:break-all}
tr.v-regression td strong{color:var(--bad)}tr.v-improvement td strong{color:var(--good)}
details.group{margin:.6em 0;border:1px solid var(--line);border-radius:6px;padding:6px 12px}
details.group>summary{cursor:pointer;font-weight:600}
.note{background:var(--panel);border-left:4px solid var(--warn);padding:8px 12px;border-radius:4px}
.tools{display:flex;gap:8px;flex-wrap:wrap;align-items:center}
.tools input{flex:1 1 240px;padding:6px 10px;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg);font:inherit}
.tools button{padding:6px 12px;border:1px solid var(--line);border-radius:6px;background:var(--panel);color:var(--fg);font:inherit;cursor:pointer}
details.bench{border:1px solid var(--line);border-radius:8px;margin:8px 0;background:var(--bg)}
details.bench>summary{cursor:pointer;padding:8px 12px;display:flex;flex-wrap:wrap;gap:4px 10px;align-items:baseline;list-style-position:inside}
details.bench[open]>summary{border-bottom:1px solid var(--line);background:var(--panel);border-radius:8px 8px 0 0}
details.bench .name{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9rem;word-break:break-all;flex:1 1 260px}
details.bench .change{font-variant-numeric:tabular-nums;white-space:nowrap}
details.bench .verdict{color:var(--muted);font-size:.85rem}
.v-regression>summary .change{color:var(--bad);font-weight:600}.v-improvement>summary .change{color:var(--good);font-weight:600}
.body{padding:8px 12px 12px}
.plots{display:grid;grid-template-columns:repeat(auto-fit,minmax(330px,1fr));gap:12px}
figure.chart{margin:0;border:1px solid var(--grid);border-radius:6px;padding:6px 6px 2px;background:var(--bg)}
figure.chart.wide{margin:0 0 1em}
figcaption{font-size:.8rem;color:var(--muted);margin:0 2px 4px}
figure.chart svg{display:block;width:100%;height:auto;overflow:visible}
.numbers{display:flex;flex-wrap:wrap;gap:0 28px;align-items:flex-start}
.mark{display:inline-block;min-width:1.1em;text-align:center;font-weight:700}
${markColours()}
.numbers table{flex:1 1 320px}table.sides td{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
table.kv th,table.sides th{font-weight:500;color:var(--muted)}
table.where th{cursor:pointer}table.where td.num{font-variant-numeric:tabular-nums;white-space:nowrap}table.where th[aria-sort=descending]::after{content:" ▾"}table.where th[aria-sort=ascending]::after{content:" ▴"}
caption{text-align:left;font-weight:600;padding:4px 0}
tr.differs td{background:rgba(210,153,34,.15)}
.w-error{color:var(--bad)}
footer{color:var(--muted);font-size:.8rem;margin:2em auto 2em}
svg text{font-size:12px;fill:var(--muted);font-family:inherit}
svg .axis{stroke:var(--line);stroke-width:1}svg .grid{stroke:var(--grid);stroke-width:1}
svg .band{fill:var(--band)}
svg .base{stroke:var(--base);fill:var(--base)}svg .head{stroke:var(--head);fill:var(--head)}
svg .line{fill:none;stroke-width:2}svg .area{fill-opacity:.16;stroke-width:1;stroke-opacity:.6}
svg .box{fill-opacity:.22;stroke-width:1.3}svg .whisker{stroke-width:1.3;fill:none}
svg .pt{stroke:none;fill-opacity:.75}svg .outlier{fill:none;stroke-width:1.2}
svg .ci{fill:var(--ci);stroke:none}svg .est{stroke:var(--est);stroke-width:2}svg .zero{stroke:var(--muted);stroke-dasharray:4 3}
svg .bar{fill:var(--muted);fill-opacity:.45}svg .delta{stroke:var(--muted);stroke-dasharray:3 3}
svg .limit{stroke:var(--muted);stroke-dasharray:4 3;stroke-width:1}
svg .lollipop{stroke-width:2}svg .outside{stroke:var(--bad);fill:var(--bad)}
svg .legend text{fill:var(--fg)}
svg text.label{fill:var(--fg)}svg text.bad{fill:var(--bad)}svg text.good{fill:var(--good)}
svg text.icicle-label{fill:#1f2328;font-size:11px;pointer-events:none}svg .bar-icicle{stroke:none}
svg .ci-reg{stroke:var(--bad)}svg .ci-imp{stroke:var(--good)}svg .ci-other{stroke:var(--muted)}
@media (max-width:600px){body{font-size:14px}header,main,footer{padding:0 10px}th,td{padding:3px 6px}.plots{grid-template-columns:1fr}}
`

/** Each verdict mark's colour, from the verdict table's tone. */
function markColours(): string {
  return VERDICT_ORDER.map((v) => {
    const colour = CSS_TONE[VERDICTS[v].tone]
    return colour ? `.m-${v}{color:${colour}}` : ''
  }).join('')
}
