// Dōbutsu Shōgi: the 3×4 board, both hands, steps and drops.

import { s, title } from '../dom.js';
import { t } from '../i18n.js';
import { COLOURS, chipEl } from '../players.js';
import { enableDrag } from './drag.js';

const FILES = 'abc';
const SQ = 100; // one square, in SVG units
// The animals' names, as each language's players call them (the letters
// stay: they are the notation's, as in `C@b2`).
const NAMES = { L: 'lion', G: 'giraffe', E: 'elephant', C: 'chick', H: 'hen' }; // i18n-ok: message ids
const pieceName = (kind) => (NAMES[kind] ? t(`board-dobutsu-${NAMES[kind]}`) : kind);
/** Sente (1) or Gote (2), as the game's seats are called. */
const sideName = (side) => t(side === 1 ? 'catalogue-dobutsu-seat-1' : 'catalogue-dobutsu-seat-2');
// Step directions (dx, dy) with dy = +1 towards the owner's front.
const ALL8 = [[-1, 1], [0, 1], [1, 1], [-1, 0], [1, 0], [-1, -1], [0, -1], [1, -1]];
const STEPS = {
  L: ALL8,
  G: [[0, 1], [-1, 0], [1, 0], [0, -1]],
  E: [[-1, 1], [1, 1], [-1, -1], [1, -1]],
  C: [[0, 1]],
  H: [[-1, 1], [0, 1], [1, 1], [-1, 0], [1, 0], [0, -1]],
};

/**
 * Reads a Fairy-Stockfish FEN (`gle/1c1/1C1/ELG[] w - - 0 1`) into
 * `{board: {sq: {kind, side}}, hands: [[kinds of Sente], [kinds of Gote]], toMove}`;
 * side 1 is Sente (uppercase), 2 Gote.
 */
export function parseFen(fen) {
  const m = /^\s*([^\[\s]+)(?:\[([^\]]*)\])?\s+([wb])/.exec(fen || '');
  const board = {};
  const hands = [[], []];
  if (!m) return { board, hands, toMove: 1 };
  const ranks = m[1].split('/');
  ranks.forEach((row, i) => {
    const rank = 4 - i;
    let file = 0;
    let promoted = false;
    for (const ch of row) {
      if (ch === '+') { promoted = true; continue; }
      if (/\d/.test(ch)) { file += Number(ch); continue; }
      const side = ch === ch.toUpperCase() ? 1 : 2;
      let kind = ch.toUpperCase();
      if (promoted && kind === 'C') kind = 'H';
      board[`${FILES[file]}${rank}`] = { kind, side };
      promoted = false;
      file += 1;
    }
  });
  for (const ch of (m[2] || '').replace('-', '')) {
    if (!/[a-z]/i.test(ch)) continue;
    hands[ch === ch.toUpperCase() ? 0 : 1].push(ch.toUpperCase());
  }
  return { board, hands, toMove: m[3] === 'w' ? 1 : 2 };
}

/** `{from, to, drop}` of a move text (`b2b3`, `b3b4+`, `C@b2`). */
export function parseMove(mv) {
  if (!mv) return null;
  let m = /^([LGECH])@([a-c][1-4])$/i.exec(mv);
  if (m) return { drop: m[1].toUpperCase(), to: m[2] };
  m = /^([a-c][1-4])x?([a-c][1-4])\+?$/.exec(mv);
  if (m) return { from: m[1], to: m[2] };
  return null;
}

function tint(side) { return side === 1 ? '#fbe3d3' : '#dbe9f5'; }

/** One animal tile, drawn upright for its owner, centred at (0, 0). */
function pieceTile(kind, side, size) {
  const half = size / 2;
  const g = s('g', { class: 'piece' });
  const inner = s('g', { transform: side === 2 ? 'rotate(180)' : null });
  inner.append(s('rect', {
    x: -half, y: -half, width: size, height: size, rx: size * 0.14,
    fill: tint(side), stroke: COLOURS[side - 1], 'stroke-width': size * 0.06,
  }));
  for (const [dx, dy] of STEPS[kind] || []) {
    inner.append(s('circle', {
      cx: dx * half * 0.72, cy: -dy * half * 0.72, r: size * 0.055, fill: COLOURS[side - 1],
    }));
  }
  inner.append(s('text', {
    x: 0, y: size * 0.1, 'text-anchor': 'middle', 'font-size': size * 0.36, 'font-weight': 700,
    fill: '#222',
  }, kind));
  inner.append(s('text', {
    x: 0, y: size * 0.3, 'text-anchor': 'middle', 'font-size': size * 0.13, fill: '#444',
  }, pieceName(kind)));
  g.append(inner, title(t('board-dobutsu-piece', { side: sideName(side), piece: pieceName(kind) })));
  return g;
}

/**
 * The board view. `update(view)` redraws from:
 * `{position, legal (moves this browser may play now), lastMove, flipped,
 *   animate (slide the last move in), analysis (move → label), onMove(text)}`.
 */
export class DobutsuBoard {
  constructor(container) {
    this.container = container;
    this.selected = null; // a square, or 'hand:K'
    this.view = null;
  }

  geometry(flipped) {
    const left = 26, handH = 92, top = handH + 8;
    const xy = (sq) => {
      let f = FILES.indexOf(sq[0]);
      let r = Number(sq[1]);
      if (flipped) { f = 2 - f; r = 5 - r; }
      return [left + f * SQ + SQ / 2, top + (4 - r) * SQ + SQ / 2];
    };
    return { left, top, handH, width: left + 3 * SQ + 10, height: top + 4 * SQ + 24 + handH, xy };
  }

  update(view) {
    const prevKey = this.view && this.view.position;
    this.view = view;
    if (prevKey !== view.position) this.selected = null;
    const pos = parseFen(view.position);
    const g = this.geometry(view.flipped);
    const svg = s('svg', {
      class: 'board dobutsu', viewBox: `0 0 ${g.width} ${g.height}`, role: 'img',
      'aria-label': t('board-dobutsu-label', { side: sideName(pos.toMove) }),
    });
    const last = parseMove(view.lastMove);
    const legal = view.legal || [];
    const dests = this.destinations(legal);

    // Squares.
    for (let r = 1; r <= 4; r++) {
      for (let f = 0; f < 3; f++) {
        const sq = `${FILES[f]}${r}`;
        const [cx, cy] = g.xy(sq);
        const home = r === 1 ? '#e9d7ae' : r === 4 ? '#cfe0bb' : '#f3e6c4';
        const isLast = last && (last.to === sq || last.from === sq);
        svg.append(s('rect', {
          x: cx - SQ / 2, y: cy - SQ / 2, width: SQ, height: SQ,
          fill: isLast ? '#f6d77a' : home, stroke: '#6b5a3a', 'stroke-width': 2,
          'data-sq': sq, class: 'square',
        }));
      }
    }
    // Coordinates.
    for (let f = 0; f < 3; f++) {
      const [cx] = g.xy(`${FILES[f]}1`);
      svg.append(s('text', { x: cx, y: g.top + 4 * SQ + 18, 'text-anchor': 'middle', 'font-size': 15, fill: '#6a6458' }, FILES[f]));
    }
    for (let r = 1; r <= 4; r++) {
      const [, cy] = g.xy(`a${r}`);
      svg.append(s('text', { x: 12, y: cy + 5, 'text-anchor': 'middle', 'font-size': 15, fill: '#6a6458' }, String(r)));
    }
    // Pieces.
    for (const [sq, p] of Object.entries(pos.board)) {
      const [cx, cy] = g.xy(sq);
      const outer = s('g', { transform: `translate(${cx} ${cy})`, 'data-piece': sq });
      // The slide of an arriving move moves this wrapper (a CSS transform
      // would replace the tile's own rotation).
      const anim = s('g', null, pieceTileFor(p, view.flipped));
      if (this.selected === sq) {
        outer.append(s('rect', { x: -SQ / 2 + 3, y: -SQ / 2 + 3, width: SQ - 6, height: SQ - 6, fill: 'none', stroke: '#222', 'stroke-width': 5, rx: 10 }));
      }
      outer.append(anim);
      if (legal.some((m) => m.startsWith(sq))) {
        outer.classList.add('clickable');
        outer.setAttribute('data-movable', sq);
      }
      svg.append(outer);
      if (last && last.to === sq && view.animate) this.slide(outer, last, g, view.flipped);
    }
    // Hands: the side at the bottom of the screen has its hand below.
    const bottomSide = view.flipped ? 2 : 1;
    for (const side of [1, 2]) {
      const y = side === bottomSide ? g.top + 4 * SQ + 28 : 0;
      svg.append(s('rect', { x: g.left, y, width: 3 * SQ, height: g.handH - 6, rx: 8, fill: '#efe6d0', stroke: '#d8ceb8' }));
      const counts = {};
      for (const k of pos.hands[side - 1]) counts[k] = (counts[k] || 0) + 1;
      const kinds = Object.keys(counts).sort((a, b) => 'LGEC'.indexOf(a) - 'LGEC'.indexOf(b));
      if (kinds.length === 0) {
        svg.append(s('text', { x: g.left + 1.5 * SQ, y: y + g.handH / 2, 'text-anchor': 'middle', 'font-size': 13, fill: '#9a927f' }, t('board-dobutsu-hand-empty', { side: sideName(side) })));
      }
      kinds.forEach((k, i) => {
        const cx = g.left + 40 + i * 75;
        const cy = y + (g.handH - 6) / 2;
        const key = `hand:${k}`;
        const outer = s('g', { transform: `translate(${cx} ${cy})`, 'data-hand': `${side}${k}` });
        if (this.selected === key && side === pos.toMove) {
          outer.append(s('rect', { x: -36, y: -36, width: 72, height: 72, rx: 10, fill: 'none', stroke: '#222', 'stroke-width': 4 }));
        }
        outer.append(pieceTileFor({ kind: k, side }, view.flipped, 62));
        if (counts[k] > 1) {
          outer.append(s('circle', { cx: 27, cy: -27, r: 11, fill: '#222' }));
          outer.append(s('text', { x: 27, y: -22.5, 'text-anchor': 'middle', 'font-size': 14, fill: '#fff', 'font-weight': 700 }, `${counts[k]}`));
        }
        if (side === pos.toMove && legal.some((m) => m.startsWith(`${k}@`))) {
          outer.classList.add('clickable');
          outer.setAttribute('data-movable', key);
        }
        svg.append(outer);
      });
    }
    // Destinations of the selected piece.
    for (const [sq, mv] of dests) {
      const [cx, cy] = g.xy(sq);
      const occupied = !!pos.board[sq];
      const d = s('g', { class: 'sq-dest', 'data-dest': sq, 'data-move': mv });
      d.append(s('rect', { x: cx - SQ / 2, y: cy - SQ / 2, width: SQ, height: SQ, fill: 'transparent' }));
      d.append(occupied
        ? s('circle', { cx, cy, r: SQ * 0.44, fill: 'none', stroke: '#222', 'stroke-width': 5, 'stroke-dasharray': '10 6' })
        : s('circle', { cx, cy, r: SQ * 0.16, fill: '#222', 'fill-opacity': 0.55 }));
      const label = view.analysis && view.analysis[mv];
      if (label) {
        d.append(s('rect', { x: cx - 44, y: cy + 22, width: 88, height: 22, rx: 5, fill: '#222', 'fill-opacity': 0.85 }));
        d.append(s('text', { x: cx, y: cy + 38, 'text-anchor': 'middle', 'font-size': 13, fill: '#fff' }, label));
      }
      svg.append(d);
    }
    svg.addEventListener('click', (ev) => this.click(ev));
    enableDrag(this, svg, (key, sq) => {
      const saved = this.selected;
      this.selected = key;
      const mv = this.destinations(legal).get(sq);
      this.selected = saved;
      return mv || null;
    });
    this.container.replaceChildren(svg);
    this.svg = svg;
  }

  destinations(legal) {
    const out = new Map();
    if (!this.selected) return out;
    for (const mv of legal) {
      const p = parseMove(mv);
      if (!p) continue;
      if (this.selected.startsWith('hand:') ? p.drop === this.selected.slice(5) : p.from === this.selected) {
        if (!out.has(p.to)) out.set(p.to, mv);
      }
    }
    return out;
  }

  click(ev) {
    if (this.suppressClick && Date.now() - this.suppressClick < 400) return;
    const dest = ev.target.closest('[data-dest]');
    if (dest) {
      const mv = dest.getAttribute('data-move');
      this.selected = null;
      this.view.onMove(mv);
      return;
    }
    const movable = ev.target.closest('[data-movable]');
    const key = movable && movable.getAttribute('data-movable');
    this.selected = key && key !== this.selected ? key : null;
    this.update(this.view);
  }

  slide(el, last, g, flipped) {
    const [tx, ty] = g.xy(last.to);
    let fx, fy;
    if (last.from) {
      [fx, fy] = g.xy(last.from);
    } else {
      el.lastChild.classList.add('appear');
      return;
    }
    const inner = el.lastChild;
    inner.style.transform = `translate(${fx - tx}px, ${fy - ty}px)`; // i18n-ok: CSS
    requestAnimationFrame(() => requestAnimationFrame(() => {
      inner.classList.add('moving');
      inner.style.transform = 'translate(0px, 0px)'; // i18n-ok: CSS
    }));
  }
}

/** A tile coloured for its owner and turned towards where the owner sits. */
function pieceTileFor(p, flipped, size = SQ * 0.86) {
  const tile = pieceTile(p.kind, p.side, size);
  if (flipped) {
    // The owner at the top of the screen faces down: turn the whole tile.
    tile.setAttribute('transform', 'rotate(180)');
  }
  return tile;
}

/** Dōbutsu Shōgi in the game view (see boards/index.js). */
export default {
  createBoard: (container) => new DobutsuBoard(container),
  // Sente's pieces point up the board, Gote's down; the chips say the same.
  chip: (seat) => chipEl(`p${seat}`, seat === 1 ? '▲' : '▼'),
  placeholder: t('board-dobutsu-placeholder'),
  legend: [
    ['last', t('board-legend-last')],
    ['dot', t('board-dobutsu-legend-dot')],
    ['ring', t('board-dobutsu-legend-ring')],
    ['select', t('board-dobutsu-legend-select')],
  ],
  flipsForSecondSeat: true,
  analysis: true,
  /** The places a move joins, for an arrow (boards/arrow.js). */
  arrowEnds(move, position) {
    const p = parseMove(move);
    if (!p) return null;
    const from = p.drop ? `[data-hand="${parseFen(position).toMove}${p.drop}"]` : `[data-sq="${p.from}"]`;
    return { from, to: `[data-sq="${p.to}"]` };
  },
};
