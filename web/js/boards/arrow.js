// Arrows over a drawn board, for the analysis board: the engine's best move
// (and the other lines' first moves, fainter). Which places a move joins
// is the game's board module's to say (`arrowEnds(move, position)` gives
// CSS selectors of the elements it starts and ends on); this module only
// draws between them. The boards redraw their whole SVG often (a click
// selects a piece), so the layer watches the box and draws again into
// each new drawing.

import { s } from '../dom.js';

/** The centre of `el` in the user units of `svg`, or null when not laid out. */
function centreIn(svg, el) {
  const m = svg.getScreenCTM();
  const r = el.getBoundingClientRect();
  if (!m || (!r.width && !r.height)) return null;
  const p = new DOMPoint(r.left + r.width / 2, r.top + r.height / 2).matrixTransform(m.inverse());
  const q = new DOMPoint(r.right, r.bottom).matrixTransform(m.inverse());
  return { x: p.x, y: p.y, size: Math.min(Math.abs(q.x - p.x), Math.abs(q.y - p.y)) * 2 };
}

/** One arrow (or, for a move that only lands, a ring) in SVG elements. */
function arrowShape(from, to, colour, strength) {
  const size = to.size || 40;
  if (!from) {
    return s('circle', {
      cx: to.x, cy: to.y, r: size * 0.42, fill: 'none', stroke: colour,
      'stroke-width': size * 0.12 * strength, opacity: 0.8,
    });
  }
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = Math.hypot(dx, dy) || 1;
  const [ux, uy] = [dx / len, dy / len];
  const width = size * 0.14 * strength;
  const head = size * 0.32 * Math.max(strength, 0.7);
  // The shaft stops where the head begins; the head's tip sits short of the centre.
  const tip = { x: to.x - ux * size * 0.12, y: to.y - uy * size * 0.12 };
  const base = { x: tip.x - ux * head, y: tip.y - uy * head };
  const [px, py] = [-uy, ux];
  const g = s('g', { opacity: 0.8 });
  g.append(s('line', {
    x1: from.x, y1: from.y, x2: base.x, y2: base.y, stroke: colour,
    'stroke-width': width, 'stroke-linecap': 'round',
  }));
  const pts = [
    [tip.x, tip.y],
    [base.x + px * head * 0.6, base.y + py * head * 0.6],
    [base.x - px * head * 0.6, base.y - py * head * 0.6],
  ].map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(' ');
  g.append(s('polygon', { points: pts, fill: colour }));
  return g;
}

/**
 * Keeps arrows drawn over the board in `wrap` (the box holding its
 * `svg.board`). `set(list)` replaces them: `[{from, to, colour, strength,
 * move}]`, `from`/`to` CSS selectors inside the SVG (`from` may be null: a
 * ring on `to`). Returns `{set, close}`.
 */
export function arrowLayer(wrap) {
  let arrows = [];
  const draw = () => {
    const svg = wrap.querySelector('svg.board');
    if (!svg) return;
    const old = svg.querySelector('g.arrows');
    if (old) old.remove();
    if (!arrows.length) return;
    const layer = s('g', { class: 'arrows', 'pointer-events': 'none', 'data-test': 'arrows' });
    for (const a of arrows) {
      const toEl = a.to && svg.querySelector(a.to);
      const fromEl = a.from && svg.querySelector(a.from);
      const to = toEl && centreIn(svg, toEl);
      if (!to) continue;
      const from = fromEl ? centreIn(svg, fromEl) : null;
      const shape = arrowShape(from, to, a.colour || '#15781b', a.strength || 1);
      shape.setAttribute('data-arrow', a.move || '');
      layer.append(shape);
    }
    svg.append(layer);
  };
  // A new drawing of the board (the SVG replaced) gets the arrows again.
  const watch = new MutationObserver(() => {
    const svg = wrap.querySelector('svg.board');
    if (svg && arrows.length && !svg.querySelector('g.arrows')) draw();
  });
  watch.observe(wrap, { childList: true, subtree: true });
  const onResize = () => draw();
  window.addEventListener('resize', onResize);
  return {
    set(list) { arrows = list || []; draw(); },
    redraw: draw,
    close() { watch.disconnect(); window.removeEventListener('resize', onResize); },
  };
}
