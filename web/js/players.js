// Player colours, marks and program labels, shared by every game. Five
// colours from the Okabe–Ito palette, which stay apart for the common colour
// vision deficiencies; every player also has a letter or sign on their chip,
// so colour is never the only cue. What a seat of a particular game looks
// like is that game's board module's business (boards/index.js).

import { t } from './i18n.js';
import { programName } from './catalogue.js';

/** Orange (Okabe–Ito vermilion), blue, green, yellow, pink. */
export const COLOURS = ['#d55e00', '#0072b2', '#009e73', '#f0e442', '#cc79a7'];
/** The colours as a person names them on screen. */
export const NAMES = ['orange', 'blue', 'green', 'yellow', 'pink'].map((c) => t(`players-colour-${c}`));
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
  if (kind === 'human') return t('players-kind-human');
  if (kind === 'random') return t('players-kind-random');
  if (kind === 'perfect') return t('players-kind-perfect');
  const m = /^ai:(\d)$/.exec(kind);
  if (m) return t('players-kind-ai', { level: m[1] });
  return kind;
}

/**
 * The lobby's label of a seat choice made from a program and one of its
 * args (`ai`, `3`, `['1', …, '5']` → `Computer 3`): the catalogue's words
 * for programs (`programName`), for a caller that has no catalogue entry.
 */
export function programLabel(name, arg, args) {
  return programName({ programs: [{ name, args: args || [] }] }, arg == null ? name : `${name}:${arg}`);
}
