// Player colours, marks and program labels, shared by every game. Five
// colours from the Okabe–Ito palette, which stay apart for the common colour
// vision deficiencies; every player also has a letter or sign on their chip,
// so colour is never the only cue. What a seat of a particular game looks
// like is that game's board module's business (boards/index.js).

/** Orange (Okabe–Ito vermilion), blue, green, yellow, pink. */
export const COLOURS = ['#d55e00', '#0072b2', '#009e73', '#f0e442', '#cc79a7'];
/** The colours as a person names them on screen. */
export const NAMES = ['orange', 'blue', 'green', 'yellow', 'pink'];
export const LETTERS = ['A', 'B', 'C', 'D', 'E'];
/** Text colour on a player's colour. */
export const ON = ['#fff', '#fff', '#fff', '#222', '#222'];

/** A seat chip: a small coloured mark (`className` picks the colours). */
export function chipEl(className, text) {
  const el = document.createElement('span');
  el.className = `chip ${className}`;
  el.textContent = text;
  el.setAttribute('aria-hidden', 'true');
  return el;
}

/** How a seat's kind (`human`, a program spec such as `ai:3`) reads. */
export function kindLabel(kind) {
  if (!kind) return '';
  if (kind === 'human') return 'human';
  if (kind === 'random') return 'random mover';
  if (kind === 'perfect') return 'perfect play';
  const m = /^ai:(\d)$/.exec(kind);
  if (m) return `computer, level ${m[1]}`;
  return kind;
}

/** The lobby's label of a seat choice made from a program and one of its args. */
export function programLabel(name, arg, args) {
  if (arg == null) {
    return { random: 'Random mover', perfect: 'Perfect play (tablebase)' }[name] || name;
  }
  const first = args[0] === arg;
  const last = args[args.length - 1] === arg;
  const base = name === 'ai' ? `Computer ${arg}` : `${name} ${arg}`;
  return `${base}${first ? ' (easiest)' : last ? ' (strongest)' : ''}`;
}
