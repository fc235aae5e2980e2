// The server's catalogue (`GET /api/catalogue`): which games exist, their
// titles, seat names, options and programs. Fetched once per page load;
// the lobby builds its form from it and every view takes titles and seat
// names from it, so the browser keeps no list of games of its own.

import { api } from './api.js';

let cached = null;

/** The catalogue: `{games: [...], byName: Map}`; rejects when it cannot be had. */
export function loadCatalogue() {
  if (!cached) {
    cached = api.catalogue().then((cat) => {
      const games = (cat && Array.isArray(cat.games) ? cat.games : []).filter((g) => g && typeof g.game === 'string');
      if (!games.length) throw new Error('the server lists no games');
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

/** The name a game gives seat `seat` (1-based). */
export function seatName(entry, seat) {
  return (entry && entry.seat_names && entry.seat_names[seat - 1]) || `Player ${seat}`;
}
