// Dōbutsu Shōgi's position editor helpers (editor.js): the FEN read into a
// set-up and written back, the pieces of the palette, the hands' counts.
// Only the text's form is known here; whether a set-up is a position of
// the game is the server's to say.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { parseFen } from './dobutsu.js';
import { rankText } from './edit-text.js';

const FILES = 'abc';
const KINDS = ['L', 'G', 'E', 'C', 'H'];
const HAND_KINDS = ['G', 'E', 'C'];
const NAMES = { L: 'lion', G: 'giraffe', E: 'elephant', C: 'chick', H: 'hen' }; // i18n-ok: message ids

/** `{board: {sq: {kind, side}}, hands: [[…], […]], toMove}` of a FEN (the start when empty). */
export function read(text) {
  return parseFen(text && text.trim() ? text : 'gle/1c1/1C1/ELG[] w - - 0 1');
}

/** The FEN of a set-up. */
export function write(setup) {
  const ranks = [];
  for (let r = 4; r >= 1; r--) {
    ranks.push(rankText([...FILES].map((f) => {
      const p = setup.board[`${f}${r}`];
      if (!p) return null;
      const letter = p.kind === 'H' ? '+C' : p.kind;
      return p.side === 1 ? letter : letter.toLowerCase();
    })));
  }
  const hand = setup.hands[0].join('') + setup.hands[1].map((k) => k.toLowerCase()).join('');
  return `${ranks.join('/')}[${hand}] ${setup.toMove === 1 ? 'w' : 'b'} - - 0 1`;
}

/** The palette: every animal of each side (`{key, side, text, label}`). */
export function tools(seatName) {
  const out = [];
  for (const side of [1, 2]) {
    for (const kind of KINDS) {
      out.push({ key: `${side}${kind}`, side, text: kind, label: t('board-dobutsu-piece', { side: seatName(side), piece: t(`board-dobutsu-${NAMES[kind]}`) }) });
    }
  }
  return out;
}

/** Puts the palette's piece `tool` on `square` (the same piece there: taken off). */
export function place(setup, tool, square) {
  if (!/^[a-c][1-4]$/.test(square)) return false;
  const had = setup.board[square];
  if (!tool || (had && had.side === tool.side && had.kind === tool.text)) delete setup.board[square];
  else setup.board[square] = { kind: tool.text, side: tool.side };
  return true;
}

/** The hands' counts (0–2 of each kind a hand can hold), per side. */
export function extraFields(setup, seatName, changed) {
  return [1, 2].map((side) => h('div', { class: 'field-row', 'data-hand-side': side },
    h('span', { class: 'label-gap' }, t('editor-hand', { seat: seatName(side) })),
    ...HAND_KINDS.map((kind) => {
      const id = `hand-${side}-${kind}`;
      const count = setup.hands[side - 1].filter((k) => k === kind).length;
      return h('span', { class: 'nowrap' }, h('label', { for: id }, t(`board-dobutsu-${NAMES[kind]}`)), ' ',
        h('input', { type: 'number', id, min: 0, max: 2, value: count, class: 'count', 'data-hand': `${side}${kind}`,
          onchange: (e) => {
            const n = Math.max(0, Math.min(2, Math.floor(Number(e.target.value) || 0)));
            setup.hands[side - 1] = setup.hands[side - 1].filter((k) => k !== kind).concat(Array(n).fill(kind));
            changed();
          } }));
    })));
}

/** Who may be to move: Sente (1) or Gote (2). */
export const sides = () => [1, 2];
/** Who is to move in a set-up. */
export const side = (setup) => setup.toMove;
/** Sets who is to move. */
export const setSide = (setup, side) => { setup.toMove = side; };
/** Empties the board (and the hands). */
export const clear = (setup) => { setup.board = {}; setup.hands = [[], []]; };
/** The options the board module draws a set-up with. */
export const drawOptions = () => ({});
