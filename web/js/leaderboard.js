// The leaderboard (`/leaderboard/{pool}`): one tab per rating pool, the
// best settled ratings first (the server lists only ratings whose deviation
// is at most 110, so a few lucky games do not top it). Programs play rated
// games too; they are marked as such.

import { api } from './api.js';
import { h } from './dom.js';
import { loadCatalogue } from './catalogue.js';
import { POOLS, poolTitle } from './ratings.js';

/** Mounts the leaderboard of `pool` (the first pool when null) into `root`. */
export function mountLeaderboard(root, pool) {
  let alive = true;
  const shown = pool || POOLS[0];
  const tabs = h('nav', { class: 'tabs-nav', 'aria-label': 'games' });
  const body = h('div', { class: 'card' }, h('p', { class: 'muted' }, 'Loading…'));
  root.replaceChildren(h('h1', null, 'Leaderboard'), tabs, body);
  loadCatalogue().catch(() => null).then((cat) => {
    if (!alive) return;
    tabs.replaceChildren(...POOLS.map((p) => h('a', {
      href: `/leaderboard/${p}`, 'data-link': '', 'data-pool': p, 'aria-current': p === shown ? 'page' : null,
    }, poolTitle(p, cat))));
    return api.leaderboard(shown).then((r) => {
      if (alive) body.replaceChildren(...table(r, shown, cat));
    });
  }).catch((e) => {
    if (alive) body.replaceChildren(h('div', { class: 'error' }, e.status === 404 ? 'There is no such leaderboard.' : `The leaderboard cannot be loaded: ${e.message}`));
  });
  return () => { alive = false; };
}

function table(r, pool, cat) {
  const players = (r && Array.isArray(r.players)) ? r.players : [];
  const head = h('h2', null, poolTitle(pool, cat));
  if (!players.length) {
    return [head, h('p', { class: 'muted', 'data-test': 'leaderboard-empty' },
      'Nobody is listed yet: a rating shows here once it has settled, after a dozen or so rated games.')];
  }
  return [head, h('table', { class: 'table leaderboard', 'data-test': 'leaderboard' },
    h('thead', null, h('tr', null, h('th', { class: 'num' }, '#'), h('th', null, 'Player'),
      h('th', { class: 'num' }, 'Rating'), h('th', { class: 'num' }, 'Games'))),
    h('tbody', null, players.map((p) => h('tr', { 'data-player': p.username },
      h('td', { class: 'num' }, String(p.rank)),
      h('td', null, h('a', { href: `/@/${encodeURIComponent(p.username)}`, 'data-link': '' }, p.username),
        p.program ? h('span', { class: 'tag', title: 'a computer program' }, 'program') : null),
      h('td', { class: 'num', title: p.rd != null ? `± ${Math.round(p.rd)}` : null }, String(Math.round(p.rating))),
      h('td', { class: 'num' }, String(p.games)))))),
  h('p', { class: 'hint' }, 'Only settled ratings are listed (a deviation of 110 or less).')];
}
