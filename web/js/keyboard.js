// The board with the keyboard alone: the board's box takes focus; arrow
// keys move a cursor over its squares, hands and fields (to the nearest one
// in that direction as drawn, so it works for every board: grids, and
// Shiamgon's rings — along a ring and from ring to ring); Enter or Space
// does what a click there would (select, move, place); Escape drops a
// selection. A live region reads out where the cursor is.

import { h } from './dom.js';
import { t } from './i18n.js';

/**
 * Words for a place of a drawn board (`svg`), the keyboard cursor's: `key`
 * is `sq:NAME`, `hand:NAME` or `field:NAME`; `selected` is the board's
 * selected place, `seatName(n)` names seat n.
 */
export function describePlace(svg, key, selected, seatName) {
  const [kind, name] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
  if (kind === 'hand') {
    const el = svg && svg.querySelector(`[data-hand="${name}"]`);
    const piece = el ? (el.getAttribute('aria-label') || name.slice(1)) : name.slice(1);
    return t('game-kb-hand', { seat: seatName(Number(name[0])), piece });
  }
  const piece = svg && svg.querySelector(`[data-piece="${name}"], [data-stone="${name}"]`);
  const what = piece ? (piece.getAttribute('aria-label') || (piece.querySelector('title') || {}).textContent || t('game-kb-a-piece')) : t('game-kb-empty');
  const sel = selected === name;
  const dest = !!(svg && svg.querySelector(`[data-dest="${name}"]`));
  const id = sel && dest ? 'game-kb-place-selected-target' : sel ? 'game-kb-place-selected' : dest ? 'game-kb-place-target' : 'game-kb-place';
  return t(id, { square: name, what });
}

/** The places of a drawn board, in the order drawn: `{key, el, label}`. */
function places(svg) {
  const out = [];
  const seen = new Set();
  for (const el of svg.querySelectorAll('[data-sq], [data-hand], [data-field]')) {
    const key = el.getAttribute('data-sq') ? `sq:${el.getAttribute('data-sq')}`
      : el.getAttribute('data-hand') ? `hand:${el.getAttribute('data-hand')}` : `field:${el.getAttribute('data-field')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ key, el });
  }
  return out;
}

function centre(el) {
  const r = el.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, r };
}

/** The place nearest to `from` in direction (dx, dy), or null. */
function nearestToward(list, from, dx, dy) {
  const a = centre(from.el);
  let best = null;
  let bestScore = Infinity;
  for (const p of list) {
    if (p === from) continue;
    const b = centre(p.el);
    const vx = b.x - a.x;
    const vy = b.y - a.y;
    const along = vx * dx + vy * dy;
    if (along <= 1) continue;
    const across = Math.abs(vx * dy - vy * dx);
    // Straight ahead first; a place off to the side costs twice its offset.
    const score = along + 2 * across;
    if (score < bestScore) { bestScore = score; best = p; }
  }
  return best;
}

/**
 * Makes `wrap` (the board's box) a keyboard board. `getBoard()` is the
 * board object (its `svg`, `selected`, `update`, `view`), `describe(key)`
 * the words for a place. Returns `redraw()`, called after each drawing.
 */
export function keyboardBoard(wrap, getBoard, describe) {
  wrap.tabIndex = 0;
  wrap.setAttribute('role', 'application');
  wrap.setAttribute('aria-roledescription', t('game-kb-role'));
  wrap.setAttribute('aria-label', t('game-kb-label'));
  const ring = h('div', { class: 'kb-cursor', 'aria-hidden': 'true', hidden: true });
  const said = h('div', { class: 'sr-only', 'aria-live': 'polite', 'data-test': 'kb-said' });
  let cursor = null;

  const svg = () => wrap.querySelector('svg.board');
  const list = () => (svg() ? places(svg()) : []);
  const current = () => {
    const all = list();
    return all.find((p) => p.key === cursor) || null;
  };

  function draw() {
    if (!ring.isConnected) wrap.append(ring, said);
    const p = current();
    const focused = document.activeElement === wrap;
    ring.hidden = !p || !focused;
    if (!p || ring.hidden) return;
    const box = wrap.getBoundingClientRect();
    const r = p.el.getBoundingClientRect();
    ring.style.left = `${r.left - box.left}px`;
    ring.style.top = `${r.top - box.top}px`;
    ring.style.width = `${r.width}px`;
    ring.style.height = `${r.height}px`;
    wrap.setAttribute('aria-activedescendant', '');
  }

  function say() {
    const p = current();
    if (p) said.textContent = describe(p.key);
  }

  function start() {
    if (current()) return;
    const all = list();
    // Start on something that can move, else on the middle of the board.
    const movable = svg() && svg().querySelector('[data-movable], [data-move]');
    const key = movable && (movable.getAttribute('data-movable') || movable.getAttribute('data-field'));
    const found = key && all.find((p) => p.key === `sq:${key}` || p.key === `field:${key}` ||
      (key.startsWith('hand:') && p.key.startsWith('hand:') && p.key.endsWith(key.slice(5))));
    cursor = (found || all[Math.floor(all.length / 2)] || {}).key || null;
  }

  /** What a click on the cursor's place hits: a destination, a piece that moves, the place. */
  function target(p) {
    const s = svg();
    const [kind, name] = [p.key.slice(0, p.key.indexOf(':')), p.key.slice(p.key.indexOf(':') + 1)];
    if (kind === 'sq') {
      return s.querySelector(`[data-dest="${name}"]`) || s.querySelector(`[data-movable="${name}"]`) || p.el;
    }
    if (kind === 'hand') return s.querySelector(`[data-hand="${name}"][data-movable]`) || p.el;
    return p.el;
  }

  wrap.addEventListener('focus', () => { start(); draw(); say(); });
  wrap.addEventListener('blur', () => { ring.hidden = true; });
  wrap.addEventListener('keydown', (ev) => {
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (dirs[ev.key]) {
      ev.preventDefault();
      ev.stopPropagation(); // not the history's ← →: the cursor moves
      start();
      const p = current();
      const next = p && nearestToward(list(), p, ...dirs[ev.key]);
      if (next) cursor = next.key;
      draw(); say();
    } else if (ev.key === 'Enter' || ev.key === ' ') { // i18n-ok: key names
      ev.preventDefault();
      start();
      const p = current();
      if (!p) return;
      target(p).dispatchEvent(new MouseEvent('click', { bubbles: true }));
      draw(); say();
    } else if (ev.key === 'Escape') { // i18n-ok: a key name
      const b = getBoard();
      if (b && b.selected) { b.selected = null; b.update(b.view); draw(); }
      said.textContent = t('game-kb-cancelled');
    }
  });
  window.addEventListener('resize', draw);
  /** Where an arrow key (`ArrowLeft`…) would take the cursor now (for tests). */
  const peek = (key) => {
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const p = current();
    const next = p && dirs[key] && nearestToward(list(), p, ...dirs[key]);
    return next ? next.key : null;
  };
  return { redraw: draw, cursor: () => cursor, peek };
}
