// The server's catalogue (`GET /api/catalogue`): which games exist, their
// titles, seat names, options and programs. Fetched once per page load;
// the lobby builds its form from it and every view takes titles and seat
// names from it, so the browser keeps no list of games of its own.
//
// The server writes the catalogue in English. Views show its texts through
// the accessors below (gameTitle, seatName, optionLabel, …), which take
// them from the page's messages (`catalogue-<game>-…`) and fall back to the
// server's English for anything the messages do not know (a game or a
// program added on the server before its translation).

import { api } from './api.js';
import { t, has } from './i18n.js';

let cached = null;

/** The catalogue: `{games: [...], byName: Map}`; rejects when it cannot be had. */
export function loadCatalogue() {
  if (!cached) {
    cached = api.catalogue().then((cat) => {
      const games = (cat && Array.isArray(cat.games) ? cat.games : []).filter((g) => g && typeof g.game === 'string');
      if (!games.length) throw new Error('the server lists no games'); // i18n-ok: caught, never shown as is
      return { games, byName: new Map(games.map((g) => [g.game, g])) };
    });
    cached.catch(() => { cached = null; });
  }
  return cached;
}

/** The entry of `game`, or a bare one when the catalogue does not know it. */
export function gameEntry(cat, game) {
  return (cat && cat.byName.get(game)) || { game, title: game, seat_names: [], options: [], programs: [] };
}

/** A name from the catalogue as part of a message id: `show_landing` → `show-landing`. */
function part(name) {
  return String(name).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/** Message `id` when the page has it, else `fallback` (the server's English). */
function text(id, fallback, args) {
  return has(id) ? t(id, args) : fallback;
}

function gameOf(entry) {
  return part((entry && entry.game) || '');
}

/** The option object of `entry` named by `option` (an option or its name). */
function optionOf(entry, option) {
  if (option && typeof option === 'object') return option;
  return ((entry && entry.options) || []).find((o) => o.name === option) || { name: String(option ?? '') };
}

/** The game's title (`Dōbutsu Shōgi`). */
export function gameTitle(entry) {
  if (!entry) return '';
  return text(`catalogue-${gameOf(entry)}-title`, entry.title || entry.game || ''); // i18n-ok: message id
}

/** The game's one line for a person choosing it ('' when it has none). */
export function gameAbout(entry) {
  if (!entry) return '';
  return text(`catalogue-${gameOf(entry)}-about`, entry.about || ''); // i18n-ok: message id
}

/** The name a game gives seat `seat` (1-based). */
export function seatName(entry, seat) {
  const own = entry && entry.seat_names && entry.seat_names[seat - 1];
  if (own) return text(`catalogue-${gameOf(entry)}-seat-${seat}`, own); // i18n-ok: message id
  return t('catalogue-seat', { seat });
}

/** An option's short label for a form (`Board`). */
export function optionLabel(entry, option) {
  const o = optionOf(entry, option);
  return text(`catalogue-${gameOf(entry)}-option-${part(o.name)}`, o.label || o.name); // i18n-ok: message id
}

/** What an option does, for a hint under it ('' when the catalogue says nothing). */
export function optionHelp(entry, option) {
  const o = optionOf(entry, option);
  return text(`catalogue-${gameOf(entry)}-option-${part(o.name)}-help`, o.about || ''); // i18n-ok: message id
}

/** How a person reads `value` of a choice option (`disc5 (rings)`). */
export function choiceLabel(entry, option, value) {
  const o = optionOf(entry, option);
  const choice = (o.choices || []).find((c) => c.value === value);
  const fallback = choice && choice.label != null ? choice.label : String(value);
  return text(`catalogue-${gameOf(entry)}-option-${part(o.name)}-${part(value)}`, fallback); // i18n-ok: message id
}

/** The program of a seat spec (`ai:3` → the catalogue's `ai` and `'3'`). */
function programOf(entry, spec) {
  const s = String(spec ?? '');
  const i = s.indexOf(':');
  const name = i < 0 ? s : s.slice(0, i);
  const arg = i < 0 ? null : s.slice(i + 1);
  const program = ((entry && entry.programs) || []).find((p) => p.name === name);
  return { name, arg, args: (program && Array.isArray(program.args)) ? program.args : [], program };
}

/**
 * How a seat's program reads in a list of choices (`ai:1` → `Computer 1
 * (easiest)`, `random` → `Random mover`); `spec` is a seat spec. A program
 * the messages do not know reads as its name and argument.
 */
export function programName(entry, spec) {
  const { name, arg, args } = programOf(entry, spec);
  if (arg == null || arg === '') return text(`catalogue-program-${part(name)}`, name); // i18n-ok: message id
  const first = args[0] === arg;
  const last = args.length > 1 && args[args.length - 1] === arg;
  const id = `catalogue-program-${part(name)}-arg${first ? '-easiest' : last ? '-strongest' : ''}`; // i18n-ok: message id
  if (has(id)) return t(id, { arg });
  return text(`catalogue-program-arg${first ? '-easiest' : last ? '-strongest' : ''}`, `${name} ${arg}`, { name, arg }); // i18n-ok: message id; the fallback is the server's names
}

/** The catalogue's line about a seat's program (`spec` a seat spec or a program name); '' when none. */
export function programHelp(entry, spec) {
  const { name, program } = programOf(entry, spec);
  return text(`catalogue-${gameOf(entry)}-program-${part(name)}-help`, (program && program.about) || ''); // i18n-ok: message id
}
