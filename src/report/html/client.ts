/**
 * The report page's inline script (plain ES2017, no dependencies): reads the JSON blob and draws a
 * benchmark's SVG plots when its section is opened (so 500 benchmarks cost nothing until looked at).
 * Untrusted text is only ever set with textContent. Opening `page.html#selftest` opens every
 * section, draws every plot and writes a JSON summary into `<pre id="selftest">`: sections found,
 * per-plot element counts and on-screen sizes, and any error caught (window errors, rejections,
 * console.error) — the browser test reads it.
 *
 * Data (`#benchgate-data`): { captions: {plot id: text}, minEffect, confLevel, forest: [[index, ratio, lo, hi]], benchmarks: [{
 *   n: name, v: verdict, lv: level,
 *   s: [base, head] | null, each side { v: values ns (time order), x: time positions, N: total,
 *       ax: 'r' (rounds) | 'i' (index), b: [min, q1, median, q3, max, whiskerLow, whiskerHigh],
 *       o: outliers, e: ECDF x, c: ECDF cumulative counts (null: no ties, i + 1),
 *       a: { r: ACF r_1.., band, n } | null } | null,
 *   h: { lo, w, c: [baseCounts, headCounts] }, k: { x0, dx, m: max density, y: [base, head] as 0..1000 of m },
 *   d: { lo, w, c: counts, u: pairs used, t: pairs in all, e: HL shift, ci: [lo, hi] } | null }] }
 */
export const CLIENT_SCRIPT = String.raw`
(function () {
  'use strict';
  var errors = [];
  window.addEventListener('error', function (e) { errors.push('error: ' + (e && e.message ? e.message : String(e))); });
  window.addEventListener('unhandledrejection', function (e) { errors.push('unhandled rejection: ' + String(e && e.reason)); });
  var consoleError = console.error;
  console.error = function () {
    errors.push('console.error: ' + Array.prototype.map.call(arguments, String).join(' '));
    return consoleError.apply(console, arguments);
  };

  var NS = 'http://www.w3.org/2000/svg';
  var DATA = JSON.parse(document.getElementById('benchgate-data').textContent);
  DATA.benchmarks.forEach(function (b) {
    // Densities come as 0..1000 of their maximum k.m; ECDF counts are implicit (i + 1) without ties.
    if (b.k) b.k.y = b.k.y.map(function (y) { return y.map(function (v) { return (v / 1000) * b.k.m; }); });
    if (b.s) b.s.forEach(function (s) { if (s && !s.c) s.c = s.e.map(function (_x, i) { return i + 1; }); });
  });
  var SIDES = ['base', 'head'];
  var W = 420, H = 230;

  function el(tag, attrs, parent) {
    var node = document.createElementNS(NS, tag);
    for (var k in attrs) if (attrs[k] !== undefined && attrs[k] !== null) node.setAttribute(k, String(attrs[k]));
    if (parent) parent.appendChild(node);
    return node;
  }
  function txt(parent, x, y, s, cls, anchor) {
    var t = el('text', { x: r2(x), y: r2(y), 'class': cls || null, 'text-anchor': anchor || null }, parent);
    t.textContent = s;
    return t;
  }
  function r2(v) { return Math.round(v * 100) / 100; }
  function lin(d0, d1, r0, r1) {
    var k = d1 === d0 ? 0 : (r1 - r0) / (d1 - d0);
    return function (v) { return r0 + (v - d0) * k; };
  }
  function niceStep(span, n) {
    var raw = span / Math.max(1, n), p = Math.pow(10, Math.floor(Math.log10(raw))), f = raw / p;
    return (f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10) * p;
  }
  function ticks(lo, hi, n) {
    if (!(hi > lo)) return [lo];
    var step = niceStep(hi - lo, n), out = [];
    for (var v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
    return out;
  }
  var UNITS = [[1e9, 's'], [1e6, 'ms'], [1e3, '\u00b5s'], [1, 'ns']];
  function durFormatter(values) {
    var m = 0, step = Infinity;
    for (var i = 0; i < values.length; i++) {
      m = Math.max(m, Math.abs(values[i]));
      if (i > 0) step = Math.min(step, Math.abs(values[i] - values[i - 1]));
    }
    var u = UNITS[UNITS.length - 1];
    for (var j = 0; j < UNITS.length; j++) if (m >= UNITS[j][0]) { u = UNITS[j]; break; }
    var digits = step === Infinity || step === 0 ? 0 : Math.max(0, Math.min(4, -Math.floor(Math.log10(step / u[0]) + 1e-9)));
    return function (v) { return (v / u[0]).toFixed(digits) + ' ' + u[1]; };
  }
  function plainFormatter(values) {
    var step = values.length > 1 ? Math.abs(values[1] - values[0]) : 1;
    var digits = step > 0 ? Math.max(0, Math.min(4, -Math.floor(Math.log10(step) + 1e-9))) : 0;
    return function (v) { return v.toFixed(digits); };
  }

  // A plot area with axes: returns the scales.
  function frame(svg, o) {
    var m = { l: o.left || 54, r: 12, t: o.top || 22, b: 30 };
    var x = lin(o.x0, o.x1, m.l, W - m.r), y = lin(o.y0, o.y1, (o.bottom || H - m.b), m.t);
    var g = el('g', {}, svg);
    var xt = o.xticks || ticks(o.x0, o.x1, 5), fx = o.xfmt || durFormatter(xt);
    for (var i = 0; i < xt.length; i++) {
      var px = x(xt[i]);
      el('line', { x1: r2(px), x2: r2(px), y1: m.t, y2: H - m.b, 'class': 'grid' }, g);
      txt(g, px, H - m.b + 15, fx(xt[i]), null, 'middle');
    }
    if (!o.noY) {
      var yt = o.yticks || ticks(o.y0, o.y1, 4), fy = o.yfmt || plainFormatter(yt);
      for (var j = 0; j < yt.length; j++) {
        var py = y(yt[j]);
        el('line', { x1: m.l, x2: W - m.r, y1: r2(py), y2: r2(py), 'class': 'grid' }, g);
        txt(g, m.l - 6, py + 4, fy(yt[j]), null, 'end');
      }
    }
    el('line', { x1: m.l, x2: W - m.r, y1: H - m.b, y2: H - m.b, 'class': 'axis' }, g);
    el('line', { x1: m.l, x2: m.l, y1: m.t, y2: H - m.b, 'class': 'axis' }, g);
    if (o.xlabel) txt(g, W - m.r, H - 2, o.xlabel, null, 'end');
    if (o.ylabel) txt(g, 4, m.t - 8, o.ylabel);
    return { x: x, y: y, m: m };
  }
  function legend(svg, items) {
    var g = el('g', { 'class': 'legend' }, svg), x = W - 12;
    for (var i = items.length - 1; i >= 0; i--) {
      var t = txt(g, x, 12, items[i][1], null, 'end');
      var w = items[i][1].length * 6.8;
      el('rect', { x: r2(x - w - 14), y: 4, width: 10, height: 10, rx: 2, 'class': items[i][0] + ' box' }, g);
      x -= w + 26;
      void t;
    }
  }
  function path(points) {
    var d = '';
    for (var i = 0; i < points.length; i++) d += (i ? 'L' : 'M') + r2(points[i][0]) + ' ' + r2(points[i][1]);
    return d;
  }
  function sideLabel(b, i) {
    var s = b.s[i];
    return SIDES[i] + ' (n = ' + (s ? s.N : 0) + ')';
  }
  function present(b) { return [0, 1].filter(function (i) { return b.s[i]; }); }

  // Densities and histograms (top), box plots (bottom), one x axis.
  function plotDist(svg, b) {
    var k = b.k, h = b.h, sides = present(b);
    var x0 = Math.min(k.x0, h.lo), x1 = Math.max(k.x0 + k.dx * (k.y[sides[0]].length - 1), h.lo + h.w * h.c[0].length);
    var ymax = 0;
    sides.forEach(function (i) {
      var n = b.s[i].N;
      k.y[i].forEach(function (v) { ymax = Math.max(ymax, v); });
      h.c[i].forEach(function (c) { ymax = Math.max(ymax, c / (n * h.w)); });
    });
    var boxTop = H - 30 - 56;
    var f = frame(svg, { x0: x0, x1: x1, y0: 0, y1: ymax * 1.05, bottom: boxTop - 8, noY: true, ylabel: 'density' });
    var y = lin(0, ymax * 1.05, boxTop - 8, f.m.t);
    sides.forEach(function (i) {
      var n = b.s[i].N, pts = [[f.x(h.lo), y(0)]];
      h.c[i].forEach(function (c, j) {
        var d = c / (n * h.w);
        pts.push([f.x(h.lo + j * h.w), y(d)], [f.x(h.lo + (j + 1) * h.w), y(d)]);
      });
      pts.push([f.x(h.lo + h.c[i].length * h.w), y(0)]);
      el('path', { d: path(pts) + 'Z', 'class': SIDES[i] + ' area' }, svg);
    });
    sides.forEach(function (i) {
      el('path', { d: path(k.y[i].map(function (v, j) { return [f.x(k.x0 + j * k.dx), y(v)]; })), 'class': SIDES[i] + ' line' }, svg);
    });
    el('line', { x1: f.m.l, x2: W - 12, y1: boxTop - 8, y2: boxTop - 8, 'class': 'axis' }, svg);
    sides.forEach(function (i) {
      var s = b.s[i], q = s.b, cy = boxTop + 14 + i * 26, g = el('g', {}, svg);
      el('line', { x1: r2(f.x(q[5])), x2: r2(f.x(q[1])), y1: cy, y2: cy, 'class': SIDES[i] + ' whisker' }, g);
      el('line', { x1: r2(f.x(q[3])), x2: r2(f.x(q[6])), y1: cy, y2: cy, 'class': SIDES[i] + ' whisker' }, g);
      el('line', { x1: r2(f.x(q[5])), x2: r2(f.x(q[5])), y1: cy - 5, y2: cy + 5, 'class': SIDES[i] + ' whisker' }, g);
      el('line', { x1: r2(f.x(q[6])), x2: r2(f.x(q[6])), y1: cy - 5, y2: cy + 5, 'class': SIDES[i] + ' whisker' }, g);
      el('rect', { x: r2(f.x(q[1])), y: cy - 9, width: r2(Math.max(1, f.x(q[3]) - f.x(q[1]))), height: 18, 'class': SIDES[i] + ' box' }, g);
      el('line', { x1: r2(f.x(q[2])), x2: r2(f.x(q[2])), y1: cy - 9, y2: cy + 9, 'class': SIDES[i] + ' whisker', 'stroke-width': 2.5 }, g);
      s.o.forEach(function (v) { el('circle', { cx: r2(f.x(v)), cy: cy, r: 2.5, 'class': SIDES[i] + ' outlier' }, g); });
      txt(g, f.m.l - 6, cy + 4, SIDES[i], null, 'end');
    });
    legend(svg, sides.map(function (i) { return [SIDES[i], sideLabel(b, i)]; }));
  }

  // Every sample in time order, by side; rounds shaded alternately.
  function plotTime(svg, b) {
    var sides = present(b), lo = Infinity, hi = -Infinity, xmax = 0, byRounds = true;
    sides.forEach(function (i) {
      var s = b.s[i];
      if (s.ax !== 'r') byRounds = false;
      s.v.forEach(function (v) { lo = Math.min(lo, v); hi = Math.max(hi, v); });
      s.x.forEach(function (v) { xmax = Math.max(xmax, v); });
    });
    var pad = (hi - lo) * 0.06 || Math.abs(hi) * 0.01 || 1;
    var x1 = byRounds ? Math.ceil(xmax) : Math.max(1, xmax);
    // Rounds are labelled 1-based at their centres.
    var xt = byRounds
      ? ticks(0, x1 - 1, 8).filter(function (t) { return t === Math.floor(t); }).map(function (t) { return t + 0.5; })
      : ticks(0, x1, 6);
    var yt = ticks(lo - pad, hi + pad, 4);
    var f = frame(svg, {
      x0: 0, x1: x1, y0: lo - pad, y1: hi + pad, xticks: xt, yticks: yt, yfmt: durFormatter(yt), left: 62,
      xfmt: byRounds ? function (v) { return String(v + 0.5); } : plainFormatter(xt),
      xlabel: byRounds ? 'round' : 'sample index'
    });
    if (byRounds) {
      var bands = svg.insertBefore(el('g', {}), svg.firstChild);
      for (var r = 1; r < x1; r += 2) {
        el('rect', { x: r2(f.x(r)), y: f.m.t, width: r2(f.x(r + 1) - f.x(r)), height: r2(H - f.m.b - f.m.t), 'class': 'band' }, bands);
      }
    }
    sides.forEach(function (i) {
      var s = b.s[i], g = el('g', {}, svg);
      for (var j = 0; j < s.v.length; j++) el('circle', { cx: r2(f.x(s.x[j])), cy: r2(f.y(s.v[j])), r: 2.4, 'class': SIDES[i] + ' pt' }, g);
    });
    var thinned = sides.some(function (i) { return b.s[i].v.length < b.s[i].N; });
    legend(svg, sides.map(function (i) { return [SIDES[i], sideLabel(b, i)]; }));
    if (thinned) txt(svg, f.m.l + 4, f.m.t + 12, 'thinned to ' + b.s[sides[0]].v.length + ' points per side');
  }

  function plotEcdf(svg, b) {
    var sides = present(b), lo = Infinity, hi = -Infinity;
    sides.forEach(function (i) { var e = b.s[i].e; lo = Math.min(lo, e[0]); hi = Math.max(hi, e[e.length - 1]); });
    var pad = (hi - lo) * 0.03 || Math.abs(hi) * 0.01 || 1;
    var f = frame(svg, { x0: lo - pad, x1: hi + pad, y0: 0, y1: 1, yticks: [0, 0.25, 0.5, 0.75, 1], yfmt: function (v) { return v.toFixed(2); }, ylabel: 'fraction \u2264 x' });
    sides.forEach(function (i) {
      var s = b.s[i], n = s.c[s.c.length - 1], pts = [[f.x(lo - pad), f.y(0)], [f.x(s.e[0]), f.y(0)]];
      for (var j = 0; j < s.e.length; j++) {
        pts.push([f.x(s.e[j]), f.y(j ? s.c[j - 1] / n : 0)], [f.x(s.e[j]), f.y(s.c[j] / n)]);
        pts.push([f.x(j + 1 < s.e.length ? s.e[j + 1] : hi + pad), f.y(s.c[j] / n)]);
      }
      el('path', { d: path(pts), 'class': SIDES[i] + ' line' }, svg);
    });
    legend(svg, sides.map(function (i) { return [SIDES[i], sideLabel(b, i)]; }));
  }

  function plotDiff(svg, b) {
    var d = b.d, hiEdge = d.lo + d.w * d.c.length, x0 = d.lo, x1 = hiEdge;
    if (d.ci) { x0 = Math.min(x0, d.ci[0]); x1 = Math.max(x1, d.ci[1]); }
    var span = x1 - x0 || Math.abs(x1) || 1;
    if (0 < x0 && x0 < span * 0.5) x0 = 0;
    if (0 > x1 && -x1 < span * 0.5) x1 = 0;
    x0 -= span * 0.02; x1 += span * 0.02;
    var cmax = Math.max.apply(null, d.c.concat([1]));
    var f = frame(svg, { x0: x0, x1: x1, y0: 0, y1: cmax * 1.08, ylabel: 'pairs' + (d.u < d.t ? ' (' + d.u + ' of ' + d.t + ')' : '') });
    if (d.ci) el('rect', { x: r2(f.x(d.ci[0])), y: f.m.t, width: r2(Math.max(1, f.x(d.ci[1]) - f.x(d.ci[0]))), height: r2(H - f.m.b - f.m.t), 'class': 'ci' }, svg);
    for (var j = 0; j < d.c.length; j++) {
      if (!d.c[j]) continue;
      var xa = f.x(d.lo + j * d.w), xb = f.x(d.lo + (j + 1) * d.w);
      el('rect', { x: r2(xa), y: r2(f.y(d.c[j])), width: r2(Math.max(0.5, xb - xa - 0.6)), height: r2(f.y(0) - f.y(d.c[j])), 'class': 'bar' }, svg);
    }
    if (x0 <= 0 && 0 <= x1) el('line', { x1: r2(f.x(0)), x2: r2(f.x(0)), y1: f.m.t, y2: H - f.m.b, 'class': 'zero' }, svg);
    if (d.e !== null) {
      el('line', { x1: r2(f.x(d.e)), x2: r2(f.x(d.e)), y1: f.m.t, y2: H - f.m.b, 'class': 'est' }, svg);
      txt(svg, W - 12, 12, 'HL shift ' + durFormatter([d.e])(d.e) + (d.ci ? ', ' + Math.round(DATA.confLevel * 100) + '% CI shaded' : ''), 'label', 'end');
    }
  }

  function plotAcf(svg, b, i) {
    var a = b.s[i].a, h = a.r.length;
    var f = frame(svg, {
      x0: 0, x1: h + 1, y0: -1, y1: 1, yticks: [-1, -0.5, 0, 0.5, 1], yfmt: function (v) { return v.toFixed(1); },
      xticks: ticks(1, h, Math.min(h, 10)).filter(function (t) { return t === Math.floor(t) && t >= 1; }),
      xfmt: function (v) { return String(v); }, xlabel: 'lag', ylabel: 'r' + (b.lv === 'runs' ? ' (run medians, n = ' : ' (n = ') + a.n + ')'
    });
    el('line', { x1: f.m.l, x2: W - 12, y1: r2(f.y(0)), y2: r2(f.y(0)), 'class': 'axis' }, svg);
    [a.band, -a.band].forEach(function (v) { el('line', { x1: f.m.l, x2: W - 12, y1: r2(f.y(v)), y2: r2(f.y(v)), 'class': 'limit' }, svg); });
    for (var k = 0; k < h; k++) {
      var cls = Math.abs(a.r[k]) > a.band ? 'outside' : SIDES[i];
      el('line', { x1: r2(f.x(k + 1)), x2: r2(f.x(k + 1)), y1: r2(f.y(0)), y2: r2(f.y(a.r[k])), 'class': cls + ' lollipop' }, svg);
      el('circle', { cx: r2(f.x(k + 1)), cy: r2(f.y(a.r[k])), r: 2.8, 'class': cls + ' pt' }, svg);
    }
  }

  // Overview: each listed benchmark's ratio CI against ±δ.
  function plotForest(fig) {
    var rows = DATA.forest;
    if (!rows.length) return;
    fig.hidden = false;
    var rowH = 20, top = 24, labelW = 330, WF = 900, HF = top + rows.length * rowH + 28;
    var svg = el('svg', { viewBox: '0 0 ' + WF + ' ' + HF, role: 'img', 'aria-label': 'Changes with confidence intervals' }, fig);
    var ext = Math.log(1 + DATA.minEffect) * 2;
    rows.forEach(function (r) { ext = Math.max(ext, Math.abs(Math.log(r[2])), Math.abs(Math.log(r[3]))); });
    ext *= 1.08;
    var x = lin(-ext, ext, labelW, WF - 16), xt = ticks(Math.exp(-ext) - 1, Math.exp(ext) - 1, 6);
    var step = xt.length > 1 ? xt[1] - xt[0] : 0.01;
    xt.forEach(function (t) {
      if (t <= -1) return;
      var px = x(Math.log(1 + t));
      el('line', { x1: r2(px), x2: r2(px), y1: top - 6, y2: HF - 24, 'class': 'grid' }, svg);
      txt(svg, px, HF - 8, (t > 0 ? '+' : t < 0 ? '\u2212' : '') + Math.abs(t * 100).toFixed(step < 0.01 ? 1 : 0) + '%', null, 'middle');
    });
    el('line', { x1: r2(x(0)), x2: r2(x(0)), y1: top - 6, y2: HF - 24, 'class': 'axis' }, svg);
    [Math.log(1 + DATA.minEffect), -Math.log(1 + DATA.minEffect)].forEach(function (v) {
      el('line', { x1: r2(x(v)), x2: r2(x(v)), y1: top - 6, y2: HF - 24, 'class': 'delta' }, svg);
    });
    rows.forEach(function (r, j) {
      var b = DATA.benchmarks[r[0]], cy = top + j * rowH + rowH / 2;
      var cls = b.v === 'regression' ? 'bad' : b.v === 'improvement' ? 'good' : null;
      var a = el('a', { href: '#b' + r[0] }, svg);
      var name = b.n.length > 44 ? b.n.slice(0, 43) + '\u2026' : b.n;
      txt(a, labelW - 10, cy + 4, name, 'label' + (cls ? ' ' + cls : ''), 'end');
      var ci = b.v === 'regression' ? 'ci-reg' : b.v === 'improvement' ? 'ci-imp' : 'ci-other';
      el('line', { x1: r2(x(Math.log(r[2]))), x2: r2(x(Math.log(r[3]))), y1: cy, y2: cy, 'class': ci, 'stroke-width': 3, 'stroke-linecap': 'round' }, svg);
      el('circle', { cx: r2(x(Math.log(r[1]))), cy: cy, r: 4.5, 'class': ci, fill: 'var(--bg)', 'stroke-width': 2.5 }, svg);
    });
    txt(svg, labelW, 12, 'faster \u2190', 'label', 'start');
    txt(svg, WF - 16, 12, '\u2192 slower', 'label', 'end');
  }

  var PLOTTERS = {
    dist: function (svg, b) { plotDist(svg, b); },
    time: function (svg, b) { plotTime(svg, b); },
    ecdf: function (svg, b) { plotEcdf(svg, b); },
    diff: function (svg, b) { plotDiff(svg, b); },
    acf0: function (svg, b) { plotAcf(svg, b, 0); },
    acf1: function (svg, b) { plotAcf(svg, b, 1); }
  };

  function draw(details) {
    if (details.getAttribute('data-drawn')) return;
    details.setAttribute('data-drawn', '1');
    var b = DATA.benchmarks[Number(details.getAttribute('data-i'))];
    var figs = details.querySelectorAll('figure[data-plot]');
    for (var i = 0; i < figs.length; i++) {
      var id = figs[i].getAttribute('data-plot');
      var cap = document.createElement('figcaption');
      cap.textContent = DATA.captions[id] || '';
      figs[i].appendChild(cap);
      var svg = el('svg', { viewBox: '0 0 ' + W + ' ' + H, role: 'img', 'aria-label': cap.textContent }, figs[i]);
      try {
        PLOTTERS[id](svg, b);
      } catch (e) {
        errors.push('plot ' + id + ' of ' + b.n + ': ' + (e && e.stack ? e.stack : String(e)));
        txt(svg, W / 2, H / 2, 'could not draw this plot', null, 'middle');
      }
    }
  }

  document.addEventListener('toggle', function (e) {
    var t = e.target;
    if (t && t.classList && t.classList.contains('bench') && t.open) draw(t);
  }, true);

  // #b3 opens and shows benchmark 3; #open=b0,b2 opens several without scrolling (screenshots).
  function openTarget() {
    var many = /^#open=([\w,]+)$/.exec(location.hash);
    if (many) {
      many[1].split(',').forEach(function (id) {
        var d = document.getElementById(id);
        if (d && d.classList.contains('bench')) { d.open = true; draw(d); }
      });
      return;
    }
    var m = /^#b(\d+)$/.exec(location.hash);
    if (!m) return;
    var d = document.getElementById('b' + m[1]);
    if (!d) return;
    d.hidden = false;
    d.open = true;
    draw(d);
    d.scrollIntoView();
  }
  window.addEventListener('hashchange', openTarget);

  var filter = document.getElementById('filter');
  if (filter) filter.addEventListener('input', function () {
    var q = filter.value.toLowerCase(), all = document.querySelectorAll('details.bench');
    for (var i = 0; i < all.length; i++) {
      var n = DATA.benchmarks[Number(all[i].getAttribute('data-i'))].n.toLowerCase();
      all[i].hidden = q !== '' && n.indexOf(q) < 0;
    }
  });
  function setAll(open) {
    var all = document.querySelectorAll('details.bench');
    for (var i = 0; i < all.length; i++) if (!all[i].hidden) all[i].open = open;
  }
  var openAll = document.getElementById('open-all'), closeAll = document.getElementById('close-all');
  if (openAll) openAll.addEventListener('click', function () { setAll(true); });
  if (closeAll) closeAll.addEventListener('click', function () { setAll(false); });

  try { plotForest(document.getElementById('forest')); } catch (e) { errors.push('forest: ' + (e && e.stack ? e.stack : String(e))); }
  openTarget();

  if (location.hash === '#selftest' || /[?&]selftest\b/.test(location.search)) {
    var sections = document.querySelectorAll('details.bench'), plots = [];
    for (var i = 0; i < sections.length; i++) { sections[i].open = true; draw(sections[i]); }
    var groups = document.querySelectorAll('details.group');
    for (var g = 0; g < groups.length; g++) groups[g].open = true;
    var svgs = document.querySelectorAll('figure svg');
    for (var s = 0; s < svgs.length; s++) {
      var rect = svgs[s].getBoundingClientRect(), fig = svgs[s].parentNode, sec = fig.closest('details.bench');
      plots.push({
        section: sec ? sec.id : fig.id,
        plot: fig.getAttribute('data-plot') || fig.id,
        elements: svgs[s].querySelectorAll('*').length,
        width: Math.round(rect.width),
        height: Math.round(rect.height)
      });
    }
    var ids = [];
    for (var k = 0; k < sections.length; k++) ids.push({ id: sections[k].id, name: DATA.benchmarks[k].n });
    var out = document.getElementById('selftest');
    out.textContent = JSON.stringify({ sections: ids, plots: plots, errors: errors });
    out.hidden = false;
  }
})();
`
