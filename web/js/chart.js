// A rating-history chart as inline SVG, built with DOM calls (no library,
// nothing inline for the Content-Security-Policy to refuse): the rating
// after each rated game joined by a line, the band of its deviation
// (± RD) behind it, and axes with a few labelled ticks. The x axis counts
// games rather than days: rated games come in bursts, and a time axis
// would squeeze an evening's games into one point.

import { s, title } from './dom.js';
import { t, formatDateTime } from './i18n.js';

const PAD = { left: 52, right: 14, top: 12, bottom: 34 };

/** A round step giving about `n` ticks over `span`. */
function niceStep(span, n) {
  const raw = span / Math.max(1, n);
  const mag = 10 ** Math.floor(Math.log10(raw));
  for (const f of [1, 2, 2.5, 5, 10]) if (f * mag >= raw) return f * mag;
  return 10 * mag;
}

/**
 * The chart of `points` (`[{at, rating, rd, game}]`, oldest first) as an
 * `<svg>`; `label` names it for screen readers. `width` is the width it
 * will be shown at (CSS px), so that its text keeps its size on a phone.
 */
export function ratingChart(points, label, width = 640) {
  const W = Math.round(Math.max(300, Math.min(720, width)));
  const H = Math.round(Math.max(190, Math.min(260, W * 0.38)));
  const pts = points.filter((p) => p && Number.isFinite(Number(p.rating)));
  const svg = s('svg', {
    class: 'chart', viewBox: `0 0 ${W} ${H}`, role: 'img', preserveAspectRatio: 'xMidYMid meet',  // i18n-ok: an SVG attribute
    // Ratings as plain digits (`1662`), as the tables show them.
    'aria-label': pts.length
      ? t('chart-label', {
        label, from: String(Math.round(pts[0].rating)), to: String(Math.round(pts[pts.length - 1].rating)), count: pts.length,
      })
      : t('chart-label-empty', { label }),
  });
  if (!pts.length) return svg;
  const lo = Math.min(...pts.map((p) => Number(p.rating) - (Number(p.rd) || 0)));
  const hi = Math.max(...pts.map((p) => Number(p.rating) + (Number(p.rd) || 0)));
  const step = niceStep(Math.max(hi - lo, 50), 4);
  const y0 = Math.floor(lo / step) * step;
  const y1 = Math.max(Math.ceil(hi / step) * step, y0 + step);
  const n = pts.length;
  const x = (i) => PAD.left + (n === 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (n - 1));
  const y = (v) => PAD.top + ((y1 - v) * (H - PAD.top - PAD.bottom)) / (y1 - y0);
  const f = (v) => v.toFixed(1);

  // Grid lines and the y axis's labels.
  const grid = s('g', { class: 'grid' });
  for (let v = y0; v <= y1 + 1e-9; v += step) {
    grid.append(s('line', { x1: PAD.left, x2: W - PAD.right, y1: f(y(v)), y2: f(y(v)) }),
      s('text', { x: PAD.left - 6, y: f(y(v) + 4), 'text-anchor': 'end' }, String(Math.round(v))));
  }
  // The x axis: games 1 … n, a few of them labelled.
  const xs = s('g', { class: 'axis' });
  xs.append(s('line', { x1: PAD.left, x2: W - PAD.right, y1: H - PAD.bottom, y2: H - PAD.bottom }),
    s('line', { x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: H - PAD.bottom }));
  const xStep = Math.max(1, Math.ceil(niceStep(Math.max(n - 1, 1), W < 500 ? 3 : 5)));
  const ticks = new Set([0, n - 1]);
  for (let i = xStep; i < n - 1; i += xStep) if (n - 1 - i >= xStep / 2) ticks.add(i);
  for (const i of [...ticks].sort((a, b) => a - b)) {
    xs.append(s('line', { x1: f(x(i)), x2: f(x(i)), y1: H - PAD.bottom, y2: H - PAD.bottom + 5 }),
      s('text', { x: f(x(i)), y: H - PAD.bottom + 18, 'text-anchor': 'middle' }, String(i + 1)));
  }
  xs.append(s('text', { x: W - PAD.right, y: H - 3, 'text-anchor': 'end', class: 'axis-name' }, t('chart-axis-name')));

  // The deviation band, then the line, then the points on top.
  const upper = pts.map((p, i) => `${f(x(i))},${f(y(Number(p.rating) + (Number(p.rd) || 0)))}`);
  const lower = pts.map((p, i) => `${f(x(i))},${f(y(Number(p.rating) - (Number(p.rd) || 0)))}`).reverse();
  const band = n > 1 ? s('polygon', { class: 'band', points: upper.concat(lower).join(' ') }) : null;
  const line = s('polyline', { class: 'line', points: pts.map((p, i) => `${f(x(i))},${f(y(Number(p.rating)))}`).join(' ') });
  const dots = s('g', { class: 'dots' });
  pts.forEach((p, i) => {
    const when = p.at ? formatDateTime(p.at) : '';
    const args = { game: String(i + 1), when, rating: String(Math.round(p.rating)), rd: String(Math.round(p.rd || 0)) };
    dots.append(s('circle', { cx: f(x(i)), cy: f(y(Number(p.rating))), r: n > 60 ? 2 : 3.5 },
      title(t(when ? 'chart-point' : 'chart-point-undated', args))));
  });
  svg.append(grid, band, xs, line, dots);
  return svg;
}
