// What the editors of games written square by square share
// (dobutsu-edit.js, shogun-edit.js): a rank of a FEN-like position text.

/** A rank's text: each piece's letters, a run of empty squares (null or undefined) as its length. */
export function rankText(cells) {
  let row = '';
  let empty = 0;
  for (const cell of cells) {
    if (!cell) { empty += 1; continue; }
    if (empty) { row += String(empty); empty = 0; }
    row += cell;
  }
  if (empty) row += String(empty);
  return row;
}
