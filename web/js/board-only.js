// A board without a game around it, for the lessons and the puzzles: the
// server sends a `BoardView` (game, options, position, legal_moves, extras,
// to_act, result) and this draws it with the game's board module, taking
// moves by mouse, touch and keyboard exactly as the game view does. It
// knows no rules: the moves offered are the view's `legal_moves`.

import { h } from './dom.js';
import { descriptor } from './boards/index.js';
import { describePlace, keyboardBoard } from './keyboard.js';
import { seatName } from './catalogue.js';

/** A JSON request to the API (the one every page uses). */
export { request as call } from './api.js';

/** Waits `ms` milliseconds (shorter for people who asked for less motion). */
export function pause(ms) {
  const calm = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return new Promise((r) => setTimeout(r, calm ? Math.min(ms, 150) : ms));
}

/** The 1-based seat acting in a board view, or null. */
export function actingSeat(view) {
  return view && view.to_act && view.to_act.seat != null ? Number(view.to_act.seat) : null;
}

/**
 * The board of one `BoardView` in `root` (an element it fills). `onMove(text)`
 * is called with a move the person chose; `entry` is the game's catalogue
 * entry (for seat names read out to the keyboard).
 */
export class BoardOnly {
  constructor(root, { onMove, entry = null } = {}) {
    this.root = root;
    this.onMove = onMove || (() => {});
    this.entry = entry;
    this.game = null;
    this.kind = null;
    this.view = null;
    this.wrap = h('div', { class: 'board-wrap', 'data-test': 'board' });
    this.controls = h('div', { class: 'field-row small' });
    root.replaceChildren(this.wrap, this.controls);
  }

  /**
   * Draws `view`. `opts`: `lastMove` (marked), `animate` (slide it in),
   * `flipped` (the second seat at the bottom), `active` (the person may move
   * now: else nothing is offered).
   */
  show(view, opts = {}) {
    if (!view || !view.position) return;
    // A new game, or another Shiamgon board, needs a board of its own.
    const kind = `${view.game}/${(view.options && view.options.board) || ''}`;
    if (this.kind !== kind) { this.kind = kind; this.build(view); }
    this.view = view;
    const legal = opts.active ? (view.legal_moves || []) : [];
    this.board.update({
      position: view.position,
      extras: view.extras || {},
      legal,
      legalInfo: legal,
      lastMove: opts.lastMove || null,
      flipped: !!opts.flipped,
      analysis: null,
      toAct: view.result ? null : (view.to_act || null),
      history: opts.lastMove ? [{ move: opts.lastMove, seat: null, kind: 'move' }] : [],
      players: Number((view.options && view.options.players) || 2),
      animate: !!opts.animate,
      mine: opts.active ? actingSeat(view) : null,
      onMove: (mv) => { if (opts.active) this.onMove(mv); },
    });
    this.kb.redraw();
  }

  build(view) {
    this.game = view.game;
    this.desc = descriptor(view.game);
    // A fresh box: the keyboard's listeners belong to one board.
    const wrap = h('div', { class: 'board-wrap', 'data-test': 'board' });
    this.wrap.replaceWith(wrap);
    this.wrap = wrap;
    this.board = this.desc.createBoard(this.wrap, view);
    this.kb = keyboardBoard(this.wrap, () => this.board, (key) => this.describePlace(key));
    // The board's own switches (Shiamgon's zoom and field names).
    const st = { game: view.game, options: view.options || {}, seats: [], extras: view.extras || {}, position: view.position };
    this.controls.replaceChildren(...this.desc.controls(st, {
      board: this.board, boardEl: this.wrap, redraw: () => this.view && this.board.update(this.board.view),
    }));
  }

  /** The seat's mark (a chip) in this game's colours. */
  chip(seat) {
    return (this.desc || descriptor(this.game)).chip(seat);
  }

  /** Words for a place of the board (the keyboard cursor's), as in the game view. */
  describePlace(key) {
    const svg = this.wrap.querySelector('svg.board');
    return describePlace(svg, key, this.board && this.board.selected, (n) => seatName(this.entry, n));
  }
}
