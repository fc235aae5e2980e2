// Player colours and marks. Five colours from the Okabe–Ito palette, which
// stay apart for the common colour vision deficiencies; every player also
// has a letter (drawn on stones and chips), so colour is never the only cue.

export const COLOURS = ['#d55e00', '#0072b2', '#009e73', '#f0e442', '#cc79a7'];
export const NAMES = ['red', 'blue', 'green', 'yellow', 'pink'];
export const LETTERS = ['A', 'B', 'C', 'D', 'E'];
/** Text colour on a player's colour. */
export const ON = ['#fff', '#fff', '#fff', '#222', '#222'];

export const GAME_TITLES = { dobutsu: 'Dōbutsu Shōgi', shogun: 'Shogun', shiamgon: 'Shiamgon' };

/** The seat names a game gives its players. */
export function seatName(game, seat) {
  if (game === 'dobutsu') return seat === 1 ? 'Sente' : 'Gote';
  if (game === 'shogun') return seat === 1 ? 'White' : 'Red';
  return `Player ${seat}`;
}

/** A chip: colour + letter for Shiamgon, colour + initial for two-player games. */
export function chip(game, seat) {
  const el = document.createElement('span');
  el.className = `chip p${seat}`;
  if (game === 'shiamgon') {
    el.textContent = LETTERS[seat - 1];
  } else if (game === 'dobutsu') {
    el.textContent = seat === 1 ? '▲' : '▼';
  } else {
    // Shogun: the chip looks like the pieces (white and red discs).
    el.textContent = seat === 1 ? 'W' : 'R';
    el.className = `chip ${seat === 1 ? 'shogun-w' : 'shogun-r'}`;
  }
  el.setAttribute('aria-hidden', 'true');
  return el;
}

export function kindLabel(kind) {
  if (!kind) return '';
  if (kind === 'human') return 'human';
  if (kind === 'random') return 'random mover';
  if (kind === 'perfect') return 'perfect play';
  const m = /^ai:(\d)$/.exec(kind);
  if (m) return `computer, level ${m[1]}`;
  return kind;
}
