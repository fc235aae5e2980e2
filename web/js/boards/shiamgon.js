// Shiamgon: ring sectors and triangles true to shape, stones with player
// letters, legal fields lit in the acting player's colour, pushes answered
// by clicking the stone's new field. The fields a pending push may send the
// stone to come from the server (`extras.push.fields`), so everyone sees them.

import { s, title, h } from '../dom.js';
import { t } from '../i18n.js';
import { COLOURS, LETTERS, ON, chipEl } from '../players.js';
import { boardGeometry, parsePosition } from './shiamgon-geometry.js';

export class ShiamgonBoard {
  constructor(container, kind) {
    this.container = container;
    this.kind = kind;
    this.geo = boardGeometry(kind);
    this.byName = new Map(this.geo.fields.map((f) => [f.name, f]));
    this.names = false;
  }

  update(view) {
    this.view = view;
    const pos = parsePosition(view.position);
    const [bx, by, bw, bh] = this.geo.extent;
    const pad = 0.15;
    const svg = s('svg', {
      class: `board shiamgon ${this.kind}`,
      viewBox: `${bx - pad} ${by - pad} ${bw + 2 * pad} ${bh + 2 * pad}`,
      role: 'img', 'aria-label': t('board-shiamgon-label', { board: this.kind }),
    });
    const legal = new Set((view.legal || []).filter((m) => m !== 'pass'));
    const actor = view.toAct ? view.toAct.seat : null;
    const colour = actor ? COLOURS[actor - 1] : '#888';
    const stoneAt = new Map();
    pos.stones.forEach((list, p) => list.forEach((f) => stoneAt.set(f, p + 1)));
    const push = view.extras && view.extras.push;
    // Lit: where this browser may play, and while a push waits (live) the
    // fields its answer may choose, whoever watches.
    const lit = new Set(legal);
    if (push && view.toAct && Array.isArray(push.fields)) push.fields.forEach((f) => lit.add(f));
    const last = lastPlacement(view.history || []);
    const stroke = 0.025;

    const fieldsG = s('g');
    for (const f of this.geo.fields) {
      const isLegal = legal.has(f.name);
      const isLit = lit.has(f.name);
      fieldsG.append(s('path', {
        d: f.path, fill: isLit ? mix(colour) : '#f3ead6', stroke: '#6b5a3a', 'stroke-width': stroke,
        'data-field': f.name, class: [isLit ? 'f-lit' : '', isLegal ? 'f-legal' : ''].join(' ').trim() || null,
        'data-move': isLegal ? f.name : null,
      }, title(f.name)));
    }
    svg.append(fieldsG);
    // Lit fields: a dashed ring too, so colour is not the only cue.
    for (const name of lit) {
      const f = this.byName.get(name);
      if (!f) continue;
      svg.append(s('circle', {
        cx: f.cx, cy: f.cy, r: f.r * 0.55, fill: 'none', stroke: colour, 'stroke-width': stroke * 2.2,
        'stroke-dasharray': `${f.r * 0.3} ${f.r * 0.2}`, 'pointer-events': 'none',
      }));
    }
    // The last placement (and the push answers after it).
    if (last.placed) {
      const f = this.byName.get(last.placed);
      if (f) svg.append(s('circle', { cx: f.cx, cy: f.cy, r: f.r * 1.32, fill: 'none', stroke: '#222', 'stroke-width': stroke * 2.5, 'pointer-events': 'none', 'data-last': f.name }));
    }
    for (const name of last.answers) {
      const f = this.byName.get(name);
      if (f) svg.append(s('rect', { x: f.cx - f.r * 1.25, y: f.cy - f.r * 1.25, width: f.r * 2.5, height: f.r * 2.5, fill: 'none', stroke: '#555', 'stroke-width': stroke * 1.8, 'stroke-dasharray': `${f.r * 0.25} ${f.r * 0.15}`, 'pointer-events': 'none' }));
    }
    // The push: a line from the placed stone to the stone that must move
    // (under the stones).
    if (push) {
      const a = this.byName.get(push.placed);
      const b = this.byName.get(push.stone);
      if (a && b) {
        svg.append(s('line', { x1: a.cx, y1: a.cy, x2: b.cx, y2: b.cy, stroke: '#000', 'stroke-width': stroke * 2, 'pointer-events': 'none', opacity: 0.6 }));
      }
    }
    const newest = view.history && view.history.length ? view.history[view.history.length - 1].move : null;
    for (const [name, p] of stoneAt) {
      const f = this.byName.get(name);
      if (!f) continue;
      const g = s('g', { 'data-stone': name, 'data-player': p, 'pointer-events': 'none' });
      let ring = { stroke: '#222', 'stroke-width': stroke };
      if (push && push.stone === name) ring = { stroke: '#000', 'stroke-width': stroke * 3.5, 'stroke-dasharray': `${f.r * 0.35} ${f.r * 0.2}` };
      g.append(s('circle', { cx: f.cx, cy: f.cy, r: f.r, fill: COLOURS[p - 1], ...ring }));
      g.append(s('text', {
        x: f.cx, y: f.cy + f.r * 0.36, 'text-anchor': 'middle', 'font-size': f.r * 1.05,
        'font-weight': 700, fill: ON[p - 1],
      }, LETTERS[p - 1]));
      if (view.animate && newest === name) g.classList.add('appear');
      svg.append(g);
    }
    if (this.names) {
      for (const f of this.geo.fields) {
        const occupied = stoneAt.has(f.name);
        svg.append(s('text', {
          x: f.cx, y: f.cy + (occupied ? f.r * 1.05 + 0.02 : f.r * 0.2), 'text-anchor': 'middle',
          'font-size': Math.min(0.26, f.r * 0.62), fill: '#4a3d22',
        }, f.name));
      }
    }
    svg.addEventListener('click', (ev) => {
      const el = ev.target.closest('[data-move]');
      if (el && legal.has(el.getAttribute('data-move'))) view.onMove(el.getAttribute('data-move'));
    });
    this.container.replaceChildren(svg);
  }
}

/** The latest placement in the history and the push answers that followed it. */
function lastPlacement(history) {
  // Moves alone do not say which were placements; the server's history
  // entries may carry `kind`. Without it, the newest move counts as placed.
  const answers = [];
  for (let i = history.length - 1; i >= 0; i--) {
    const h = history[i];
    if (h.kind === 'push' || h.kind === 'answer') { answers.push(h.move); continue; }
    if (h.move === 'pass') return { placed: null, answers };
    return { placed: h.move, answers };
  }
  return { placed: null, answers };
}

/** A light tint of a player colour for legal fields. */
function mix(hex) {
  const n = parseInt(hex.slice(1), 16);
  const m = (c) => Math.round(c + (255 - c) * 0.62);
  return `rgb(${m(n >> 16)}, ${m((n >> 8) & 255)}, ${m(n & 255)})`;
}

/** Shiamgon in the game view (see boards/index.js). */
export default {
  createBoard: (container, st) => new ShiamgonBoard(container, st.options.board || 'disc5'),
  chip: (seat) => chipEl(`p${seat}`, LETTERS[seat - 1]),
  placeholder: t('board-shiamgon-placeholder'),
  legend: [
    ['lit', t('board-shiamgon-legend-lit')],
    ['last', t('board-shiamgon-legend-last')],
    ['square', t('board-shiamgon-legend-square')],
    ['line', t('board-shiamgon-legend-line')],
  ],
  /** A placement lands on one field: a ring there (boards/arrow.js). */
  arrowEnds: (move) => (/^\d+\.\d+$/.test(move || '') ? { from: null, to: `[data-field="${move}"]` } : null),
  // Which moves answered a push shows only in the positions before them.
  needsPositions: true,
  subtitle: (st) => (st.options.board ? t('board-shiamgon-subtitle', { board: st.options.board, players: st.seats.length }) : ''),
  controls(st, { board, boardEl, redraw }) {
    const out = [];
    // The outer fields of the discs and tri16 are small on a phone (disc5's
    // outer ring: ~17 px at 375 px); zoomed, every field is ≥ 24 px.
    if (/disc|tri16/.test(st.options.board || '')) {
      const zoom = h('button', { type: 'button', 'aria-pressed': 'false', onclick: () => {
        const on = boardEl.classList.toggle('zoomed');
        zoom.setAttribute('aria-pressed', String(on));
        zoom.textContent = on ? t('board-shiamgon-zoom-out') : t('board-shiamgon-zoom-in');
      }, 'data-action': 'zoom' }, t('board-shiamgon-zoom-in'));
      out.push(zoom);
    }
    const cb = h('input', { type: 'checkbox', id: 'names', onchange: () => { board.names = cb.checked; redraw(); } });
    // The box and its words stay together when a long label wraps.
    out.push(h('span', { class: 'names-toggle' }, cb, h('label', { for: 'names' }, t('board-shiamgon-field-names'))));
    return out;
  },
  seatNotes(st) {
    const x = st.extras || {};
    const lines = [];
    if (Array.isArray(x.prisoners)) {
      const held = [];
      x.prisoners.forEach((row, holder) => row.forEach((n, owner) => {
        if (n > 0) held.push(t('board-shiamgon-holds', { holder: LETTERS[holder], count: n, owner: LETTERS[owner] }));
      }));
      if (held.length) lines.push(t('board-shiamgon-prisoners', { list: held.join(t('board-shiamgon-list-separator')) }));
    }
    if (x.placement_limit) lines.push(t('board-shiamgon-placements', { placements: x.placements, limit: x.placement_limit }));
    return lines;
  },
  describeMove(move, before) {
    // A move made while a push was pending is that push's answer.
    const answer = before != null && / push /.test(before);
    return { answer, note: answer ? t('board-shiamgon-pushed-away') : move === 'pass' ? t('board-shiamgon-no-placement') : null };
  },
  flash: (move, seat, name) => (move === 'pass' ? t('board-shiamgon-passes', { name, letter: LETTERS[seat - 1] }) : null),
};
