// Shiamgon's position editor helpers (editor.js): the position text
// (`shiamgon board players turn n placements n stones … prisoners …`) read
// into a set-up and written back, a stone of each player for the palette,
// the board and the number of players. A changed board or number of
// players starts from the server's start position for them (editor.js).

import { h } from '../dom.js';
import { t } from '../i18n.js';
import { LETTERS } from '../players.js';
import { parsePosition } from './shiamgon-geometry.js';

export function read(text) {
  const empty = 'shiamgon disc5 3 turn 1 placements 0 stones -/-/- prisoners 0,0,0/0,0,0/0,0,0'; // i18n-ok: a position text
  const p = parsePosition(text && text.trim() ? text : empty);
  const n = Number.isInteger(p.players) && p.players >= 3 && p.players <= 5 ? p.players : 3;
  const stones = Array.from({ length: n }, (_, i) => (p.stones[i] || []).slice());
  const prisoners = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => Number((p.prisoners[i] || [])[j]) || 0));
  return { board: p.board || 'disc5', players: n, turn: p.turn || 1, placements: p.placements || 0, stones, prisoners };
}

export function write(setup) {
  const stones = setup.stones.map((l) => (l.length ? l.join(',') : '-')).join('/');
  const prisoners = setup.prisoners.map((row) => row.join(',')).join('/');
  return `shiamgon ${setup.board} ${setup.players} turn ${setup.turn} placements ${setup.placements} stones ${stones} prisoners ${prisoners}`; // i18n-ok: the position text
}

/** The palette: one stone per player (`{key, side, text, label}`). */
export function tools(seatName, setup) {
  return Array.from({ length: setup.players }, (_, i) => ({
    key: `${i + 1}`, side: i + 1, text: LETTERS[i], label: t('editor-stone', { seat: seatName(i + 1) }),
  }));
}

/** Puts a stone of `tool`'s player on `field` (the same stone there: taken off). */
export function place(setup, tool, field) {
  if (!/^\d+\.\d+$/.test(field)) return false;
  const owner = setup.stones.findIndex((l) => l.includes(field));
  if (owner >= 0) setup.stones[owner] = setup.stones[owner].filter((f) => f !== field);
  if (tool && owner !== tool.side - 1) setup.stones[tool.side - 1].push(field);
  return true;
}

/** The board and the number of players, as the catalogue offers them; `restart(options)` on a change. */
export function extraFields(setup, seatName, changed, entry, choiceLabel, restart) {
  const opts = (entry && entry.options) || [];
  const board = opts.find((o) => o.name === 'board');
  const players = opts.find((o) => o.name === 'players');
  const out = [];
  if (board) {
    out.push(h('div', { class: 'field-row' }, h('label', { for: 'editor-board' }, t('editor-board')),
      h('select', { id: 'editor-board', 'data-option': 'board', onchange: (e) => {
        const allowed = players && players.choices_by && players.choices_by.values[e.target.value];
        const n = Array.isArray(allowed) && !allowed.includes(setup.players) ? allowed[0] : setup.players;
        restart({ board: e.target.value, players: n });
      } }, (board.choices || []).map((c) => h('option', { value: c.value, selected: c.value === setup.board }, choiceLabel(entry, board, c.value))))));
  }
  if (players) {
    const allowed = players.choices_by && players.choices_by.values[setup.board];
    const choices = (players.choices || []).filter((c) => !Array.isArray(allowed) || allowed.includes(c.value));
    out.push(h('div', { class: 'field-row' }, h('label', { for: 'editor-players' }, t('editor-players')),
      h('select', { id: 'editor-players', 'data-option': 'players', onchange: (e) => restart({ board: setup.board, players: Number(e.target.value) }) },
        choices.map((c) => h('option', { value: String(c.value), selected: c.value === setup.players }, choiceLabel(entry, players, c.value))))));
  }
  // More stones than the start gives need placements to have brought them.
  out.push(h('div', { class: 'field-row' }, h('label', { for: 'editor-placements' }, t('editor-placements')),
    h('input', { type: 'number', id: 'editor-placements', min: 0, max: 999, value: setup.placements, class: 'count', onchange: (e) => {
      setup.placements = Math.max(0, Math.floor(Number(e.target.value) || 0));
      changed();
    } })));
  return out;
}

/** Who may be to move: any of the players. */
export const sides = (setup) => Array.from({ length: setup.players }, (_, i) => i + 1);
/** Who is to move in a set-up. */
export const side = (setup) => setup.turn;
/** Sets who is to move. */
export const setSide = (setup, side) => { setup.turn = side; };
/** Empties the board. */
export const clear = (setup) => { setup.stones = setup.stones.map(() => []); };
/** The options the board module draws a set-up with. */
export const drawOptions = (setup) => ({ board: setup.board, players: setup.players });
