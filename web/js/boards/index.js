// The registry: game name → the descriptor its board module exports. The
// game view and the lobby ask only this; every per-game difference lives in
// the game's own module. A descriptor has:
//
//   createBoard(container, state)  the board; `update(view)` redraws it
//   chip(seat)                     the seat's mark (an element)
//   placeholder                    the hint in the typed-move field
//   flipsForSecondSeat             turn the board when this browser holds seat 2 only
//   analysis                       offer the perfect-play values switch
//   needsPositions                 fetch every position as the game grows
//                                  (for describeMove)
//   subtitle(state)                added to the title ('' for none)
//   controls(state, ctx)           extra controls under the board;
//                                  ctx = {board, boardEl, redraw}
//   statusNote(state)              an element after the status line, or null
//   seatNotes(state)               lines after the seat list (what extras mean)
//   describeMove(move, before)     {answer, note}: whether the move answered
//                                  something (`before`: the position text
//                                  before it, when known) and a note for the list
//   flash(move, seat, name)        a notice when someone plays `move`, or null
//   legend                         [[mark, text]]: what each mark the board
//                                  draws means (mark: a CSS class of .mark)
//   arrowEnds(move, position)      {from, to}: CSS selectors of the places
//                                  a move joins (from null: it only lands),
//                                  or null (boards/arrow.js draws them)

import dobutsu from './dobutsu.js';
import shiamgon from './shiamgon.js';
import shogun from './shogun.js';
import { chipEl } from '../players.js';
import { h } from '../dom.js';
import { t } from '../i18n.js';

const DESCRIPTORS = { dobutsu, shiamgon, shogun };

/** A game this browser cannot draw: the position as text. */
class TextBoard {
  constructor(container) { this.container = container; }
  update(view) {
    this.container.replaceChildren(h('pre', { class: 'board-text' }, view.position));
  }
}

const DEFAULTS = {
  createBoard: (container) => new TextBoard(container),
  chip: (seat) => chipEl(`p${seat}`, String(seat)),
  placeholder: t('board-placeholder'),
  flipsForSecondSeat: false,
  analysis: false,
  needsPositions: false,
  subtitle: () => '',
  controls: () => [],
  statusNote: () => null,
  seatNotes: () => [],
  describeMove: () => ({ answer: false, note: null }),
  flash: () => null,
  arrowEnds: () => null,
};

/** The descriptor of `game`, every field present. */
export function descriptor(game) {
  return { ...DEFAULTS, ...(DESCRIPTORS[game] || {}), game };
}
