// Ratings as the pages show them: the pools (one Glicko-2 rating per
// pool, since a rating earned in one game says nothing of another), a
// rating with "?" while it is provisional, a rating change with its sign,
// and what a finished game meant for one of its players.

import { h } from './dom.js';
import { gameEntry, gameTitle } from './catalogue.js';
import { t, formatDate } from './i18n.js';

/**
 * The server's pools in the order pages list them. Shogun's random variant
 * is a game of its own to play, so it has its own pool.
 */
export const POOLS = ['dobutsu', 'shogun', 'shogun-random', 'shiamgon'];

/** A pool's title, from the catalogue's game titles. */
export function poolTitle(pool, cat) {
  // Puzzle ratings (`puzzles-<game>`) sit beside the games' own.
  if (pool.startsWith('puzzles-')) {
    const game = pool.slice('puzzles-'.length);
    return t('ratings-pool-puzzles', { game: gameTitle(gameEntry(cat, game)) || game });
  }
  const random = pool === 'shogun-random';
  const title = gameTitle(gameEntry(cat, random ? 'shogun' : pool)) || pool;
  return random ? t('ratings-pool-random', { game: title }) : title;
}

/** The pools to show: the known ones first, then any the server adds. */
export function poolsOf(ratings) {
  const extra = Object.keys(ratings || {}).filter((p) => !POOLS.includes(p));
  return POOLS.concat(extra);
}

/** `1500?` while provisional (the deviation is still large), else `1623`. */
export function ratingText(r) {
  if (!r || r.rating == null) return '';
  return `${Math.round(r.rating)}${r.provisional ? '?' : ''}`;
}

/** A rating change: `+12`, `−12` (a real minus sign), `±0`. */
export function diffText(d) {
  const n = Math.round(Number(d));
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${-n}`;
  return '±0';
}

/** The change as a coloured mark; the sign carries it too, never the colour alone. */
export function diffEl(d, attrs = {}) {
  const n = Math.round(Number(d));
  return h('span', {
    class: `rating-diff ${n > 0 ? 'up' : n < 0 ? 'down' : ''}`, title: t('ratings-change-title'), ...attrs,
  }, diffText(n));
}

/** The 1-based seat of lobby entry or state `g` that `username` played, or 0. */
export function seatOf(g, username) {
  const want = String(username || '').toLowerCase();
  const seats = (g && g.seats) || [];
  const i = seats.findIndex((x) => x && typeof x === 'object' && x.player &&
    String(x.player.username).toLowerCase() === want);
  return i + 1;
}

/**
 * How game `g` (a lobby entry) went for `seat`: `{key, text}` with key
 * `won`, `lost`, `draw`, `place`, `none` (aborted, abandoned) or `playing`.
 */
export function outcomeFor(g, seat) {
  const r = g && g.result;
  if (!r) return { key: 'playing', text: t('ratings-outcome-playing') };
  if (r.reason === 'aborted' || r.reason === 'abandoned') return { key: 'none', text: t(`ratings-outcome-${r.reason}`) };
  const winners = Array.isArray(r.winners) ? r.winners : [];
  const n = (g.seats || []).length;
  if (!winners.length || winners.length === n) return { key: 'draw', text: t('ratings-outcome-draw') };
  if (winners.includes(seat)) return { key: 'won', text: t(winners.length > 1 ? 'ratings-outcome-shared-first' : 'ratings-outcome-won') };
  if (n > 2 && Array.isArray(r.ranks) && r.ranks[seat - 1]) return { key: 'place', text: t('ratings-outcome-place', { place: r.ranks[seat - 1] }) };
  return { key: 'lost', text: t('ratings-outcome-lost') };
}

/** A date from Unix seconds (or milliseconds, or text) as the page's language writes it. */
export function dateText(when) {
  if (when == null) return '';
  const d = typeof when === 'number' ? new Date(when < 1e12 ? when * 1000 : when) : new Date(when);
  return Number.isNaN(d.getTime()) ? '' : formatDate(d);
}
