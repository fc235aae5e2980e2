// Shogun: 8×8, every piece shows its number, each destination the number
// the piece will show there, and the pieces of the side to move that the
// other side attacks (above all its Shogun) are marked. The numbers, the
// landing numbers and the threats all come from the server's extras: this
// module draws, the rules live in the engine.

import { s, title, h } from '../dom.js';
import { t } from '../i18n.js';
import { chipEl } from '../players.js';
import { enableDrag } from './drag.js';

const FILES = 'abcdefgh';
const SQ = 60;

/**
 * Reads the position text (`placement side rotation numbers clock move`):
 * `{pieces: {sq: letter}, numbers: {sq: n}, toMove: 'w'|'r'}`. The text
 * holds the numbers only when chance drew them (the random variant); with
 * magnets `numbers` is empty and the server's extras supply them.
 */
export function parsePosition(text) {
  const f = (text || '').trim().split(/\s+/);
  const pieces = {};
  const order = [];
  (f[0] || '').split('/').forEach((row, i) => {
    const y = 7 - i;
    let x = 0;
    for (const c of row) {
      if (/\d/.test(c)) { x += Number(c); continue; }
      const sq = `${FILES[x]}${y + 1}`;
      pieces[sq] = c;
      order.push(sq);
      x += 1;
    }
  });
  const numbers = {};
  const given = f[3] && f[3] !== '-' ? f[3] : '';
  order.forEach((sq, i) => {
    const d = Number(given[i]);
    if (d >= 1 && d <= 4) numbers[sq] = d;
  });
  return { pieces, numbers, toMove: f[1] === 'r' ? 'r' : 'w' };
}

const isWhite = (p) => p === p.toUpperCase();

/** A piece's tooltip: its side (`white`/`red`), kind, letter and number (if shown). */
function pieceTitle(side, shogun, letter, number) {
  if (shogun) return number != null ? t('board-shogun-shogun-number', { side, number }) : t('board-shogun-shogun', { side });
  return number != null ? t('board-shogun-soldier-number', { side, letter, number }) : t('board-shogun-soldier', { side, letter });
}

export class ShogunBoard {
  constructor(container) {
    this.container = container;
    this.selected = null;
  }

  update(view) {
    if (!this.view || this.view.position !== view.position) this.selected = null;
    this.view = view;
    const pos = parsePosition(view.position);
    const extras = view.extras || {};
    if (extras.numbers) Object.assign(pos.numbers, extras.numbers);
    const flipped = view.flipped;
    const left = 22;
    const top = 6;
    const xy = (sq) => {
      let x = FILES.indexOf(sq[0]);
      let y = Number(sq[1]) - 1;
      if (flipped) { x = 7 - x; y = 7 - y; }
      return [left + x * SQ + SQ / 2, top + (7 - y) * SQ + SQ / 2];
    };
    const width = left + 8 * SQ + 6;
    const height = top + 8 * SQ + 24;
    const svg = s('svg', { class: 'board shogun', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': t('board-shogun-label') });
    const last = view.lastMove && /^([a-h][1-8])x?([a-h][1-8])$/.exec(view.lastMove);
    const legal = view.legal || [];
    const moveNumbers = extras.move_numbers || {};
    const threats = new Set(extras.threats || []);

    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 8; x++) {
        const sq = `${FILES[x]}${y + 1}`;
        const [cx, cy] = xy(sq);
        const isLast = last && (last[1] === sq || last[2] === sq);
        svg.append(s('rect', {
          x: cx - SQ / 2, y: cy - SQ / 2, width: SQ, height: SQ, 'data-sq': sq,
          fill: isLast ? '#f6d77a' : (x + y) % 2 ? '#f3ead6' : '#e6d7b5', stroke: '#b9a77f', 'stroke-width': 1,
        }));
      }
    }
    for (let i = 0; i < 8; i++) {
      const [cx] = xy(`${FILES[i]}1`);
      const [, cy] = xy(`a${i + 1}`);
      svg.append(s('text', { x: cx, y: top + 8 * SQ + 17, 'text-anchor': 'middle', 'font-size': 13, fill: '#6a6458' }, FILES[i]));
      svg.append(s('text', { x: 10, y: cy + 5, 'text-anchor': 'middle', 'font-size': 13, fill: '#6a6458' }, String(i + 1)));
    }
    svg.append(s('rect', { x: left, y: top, width: 8 * SQ, height: 8 * SQ, fill: 'none', stroke: '#6b5a3a', 'stroke-width': 2 }));

    for (const [sq, p] of Object.entries(pos.pieces)) {
      const [cx, cy] = xy(sq);
      const white = isWhite(p);
      const shogun = p === 'S' || p === 's';
      const threatened = threats.has(sq) && view.toAct;
      const outer = s('g', { transform: `translate(${cx} ${cy})`, 'data-piece': sq });
      if (this.selected === sq) outer.append(s('rect', { x: -SQ / 2 + 2, y: -SQ / 2 + 2, width: SQ - 4, height: SQ - 4, fill: 'none', stroke: '#222', 'stroke-width': 4, rx: 6 }));
      const anim = s('g');
      const fill = white ? '#fffdf5' : '#b8341b';
      const ink = white ? '#222' : '#fff';
      if (shogun) {
        // An octagon: the Shogun stands out by shape, not colour only.
        const r = SQ * 0.44;
        const pts = [...Array(8)].map((_, i) => {
          const a = (Math.PI / 8) * (2 * i + 1);
          return `${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`;
        }).join(' ');
        anim.append(s('polygon', { points: pts, fill, stroke: white ? '#222' : '#5a1205', 'stroke-width': 3 }));
      } else {
        anim.append(s('circle', { r: SQ * 0.38, fill, stroke: white ? '#222' : '#5a1205', 'stroke-width': 2 }));
      }
      // A past position the server sent no numbers for shows none.
      const n = pos.numbers[sq];
      if (n != null) anim.append(s('text', { x: 0, y: 9, 'text-anchor': 'middle', 'font-size': 26, 'font-weight': 700, fill: ink, 'data-number': n }, String(n)));
      anim.append(s('text', { x: 14, y: -10, 'text-anchor': 'middle', 'font-size': 10, fill: ink, opacity: 0.8 }, p));
      anim.append(title(pieceTitle(white ? 'white' : 'red', shogun, p, n))); // i18n-ok: select keys
      outer.append(anim);
      if (threatened) {
        outer.append(s('circle', { r: SQ * 0.46, fill: 'none', stroke: '#c00', 'stroke-width': shogun ? 5 : 3, 'stroke-dasharray': shogun ? null : '6 4', 'data-threat': sq }));
        if (shogun) outer.append(s('text', { x: 0, y: SQ * 0.46 + 1, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: '#c00', stroke: '#fff', 'stroke-width': 3, 'paint-order': 'stroke' }, t('board-shogun-alarm')));
      }
      if (legal.some((m) => m.startsWith(sq))) {
        outer.classList.add('clickable');
        outer.setAttribute('data-movable', sq);
      }
      svg.append(outer);
      if (last && last[2] === sq && view.animate) {
        const [fx, fy] = xy(last[1]);
        anim.style.transform = `translate(${fx - cx}px, ${fy - cy}px)`; // i18n-ok: CSS
        requestAnimationFrame(() => requestAnimationFrame(() => { anim.classList.add('moving'); anim.style.transform = 'translate(0px, 0px)'; })); // i18n-ok: CSS
      }
    }
    if (this.selected) {
      for (const mv of legal) {
        if (!mv.startsWith(this.selected)) continue;
        const to = mv.replace('x', '').slice(2, 4);
        const [cx, cy] = xy(to);
        const d = s('g', { class: 'sq-dest', 'data-dest': to, 'data-move': mv });
        d.append(s('rect', { x: cx - SQ / 2, y: cy - SQ / 2, width: SQ, height: SQ, fill: 'transparent' }));
        // With magnets the server says the number ahead; with random
        // numbers chance draws it after the move, so none is shown.
        const n = moveNumbers[mv];
        const capture = !!pos.pieces[to];
        d.append(s('circle', { cx, cy, r: capture ? SQ * 0.45 : SQ * 0.25, fill: capture ? 'none' : '#0072b2', 'fill-opacity': 0.85, stroke: capture ? '#0072b2' : 'none', 'stroke-width': 4 }));
        if (n != null) {
          d.append(s('text', { x: capture ? cx + SQ * 0.3 : cx, y: capture ? cy - SQ * 0.22 : cy + 6, 'text-anchor': 'middle', 'font-size': capture ? 15 : 19, 'font-weight': 700, fill: capture ? '#0072b2' : '#fff' }, String(n)));
        }
        svg.append(d);
      }
    }
    enableDrag(this, svg, (key, sq) => legal.find((m) => m.startsWith(key) && m.replace('x', '').slice(2, 4) === sq) || null);
    svg.addEventListener('click', (ev) => {
      if (this.suppressClick && Date.now() - this.suppressClick < 400) return;
      const dest = ev.target.closest('[data-dest]');
      if (dest) { this.selected = null; view.onMove(dest.getAttribute('data-move')); return; }
      const m = ev.target.closest('[data-movable]');
      const key = m && m.getAttribute('data-movable');
      this.selected = key && key !== this.selected ? key : null;
      this.update(this.view);
    });
    this.container.replaceChildren(svg);
  }
}

/** Shogun in the game view (see boards/index.js). */
export default {
  createBoard: (container) => new ShogunBoard(container),
  // The chips look like the pieces: white and red discs.
  chip: (seat) => (seat === 1 ? chipEl('shogun-w', 'W') : chipEl('shogun-r', 'R')),
  placeholder: 'e1e3',
  legend: [
    ['last', t('board-legend-last')],
    ['dot-blue', t('board-shogun-legend-dot')],
    ['ring-blue', t('board-shogun-legend-ring')],
    ['threat', t('board-shogun-legend-threat')],
    ['threat-solid', t('board-shogun-legend-shogun')],
  ],
  flipsForSecondSeat: true,
  /** The squares a move joins, for an arrow (boards/arrow.js). */
  arrowEnds(move) {
    const m = /^([a-h][1-8])x?([a-h][1-8])/.exec(move || '');
    return m ? { from: `[data-sq="${m[1]}"]`, to: `[data-sq="${m[2]}"]` } : null;
  },
  statusNote(st) {
    const threatened = st.extras && st.extras.threatened;
    if (!threatened || st.result || !st.toAct) return null;
    const side = parsePosition(st.position).toMove === 'w' ? 'white' : 'red';
    return threatened[side] ? h('strong', { class: 'alarm', 'data-test': 'shogun-threat' }, ` ${t('board-shogun-under-attack')}`) : null;
  },
};
