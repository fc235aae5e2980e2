// Shogun's position editor helpers (editor.js): the position text
// (`placement side rotation numbers clock move`) read into a set-up and
// written back, the pieces of the palette, the magnets' rotation. Numbers
// drawn by chance (the random variant) are not edited: an edited position
// is one of the magnetic board. The server judges the set-up.

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { parsePosition } from './shogun.js';
import { rankText } from './edit-text.js';

const FILES = 'abcdefgh';
const START = 'gfesdcba/8/8/8/8/8/8/ABCDSEFG w 0 - 0 1';
const LETTERS = ['S', 'A', 'B', 'C', 'D', 'E', 'F', 'G'];

export function read(text) {
  const src = text && text.trim() ? text.trim() : START;
  const f = src.split(/\s+/);
  const rotation = Number(f[2]);
  return {
    pieces: parsePosition(src).pieces,
    toMove: f[1] === 'r' ? 2 : 1,
    rotation: Number.isInteger(rotation) && rotation >= 0 && rotation <= 3 ? rotation : 0,
  };
}

export function write(setup) {
  const rows = [];
  for (let y = 8; y >= 1; y--) {
    rows.push(rankText([...FILES].map((f) => setup.pieces[`${f}${y}`])));
  }
  return `${rows.join('/')} ${setup.toMove === 2 ? 'r' : 'w'} ${setup.rotation} - 0 1`;
}

/** The palette: each side's Shogun and soldiers A–G (`{key, side, text, label}`). */
export function tools() {
  const out = [];
  for (const side of [1, 2]) {
    const colour = side === 1 ? 'white' : 'red'; // i18n-ok: select keys
    for (const L of LETTERS) {
      const letter = side === 1 ? L : L.toLowerCase();
      out.push({
        key: `${side}${L}`, side, text: letter,
        label: L === 'S' ? t('board-shogun-shogun', { side: colour }) : t('board-shogun-soldier', { side: colour, letter }),
      });
    }
  }
  return out;
}

export function place(setup, tool, square) {
  if (!/^[a-h][1-8]$/.test(square)) return false;
  if (!tool || setup.pieces[square] === tool.text) delete setup.pieces[square];
  else setup.pieces[square] = tool.text;
  return true;
}

/** The magnets' rotation, as the catalogue offers it. */
export function extraFields(setup, seatName, changed, entry, choiceLabel) {
  const opt = ((entry && entry.options) || []).find((o) => o.name === 'rotation');
  if (!opt) return [];
  return [h('div', { class: 'field-row' }, h('label', { for: 'editor-rotation' }, t('editor-rotation')),
    h('select', { id: 'editor-rotation', 'data-option': 'rotation', onchange: (e) => { setup.rotation = Number(e.target.value); changed(); } },
      (opt.choices || []).map((c) => h('option', { value: String(c.value), selected: Number(c.value) === setup.rotation }, choiceLabel(entry, opt, c.value)))))];
}

/** Who may be to move: White (1) or Red (2). */
export const sides = () => [1, 2];
/** Who is to move in a set-up. */
export const side = (setup) => setup.toMove;
/** Sets who is to move. */
export const setSide = (setup, side) => { setup.toMove = side; };
/** Empties the board. */
export const clear = (setup) => { setup.pieces = {}; };
/** The options the board module draws a set-up with. */
export const drawOptions = () => ({});
