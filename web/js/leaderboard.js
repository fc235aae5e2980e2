// The leaderboard (`/leaderboard/{pool}`): one tab per rating pool, the
// best settled ratings first (the server lists only ratings whose deviation
// is at most 110, so a few lucky games do not top it). Programs play rated
// games too; they are marked as such.

import { api } from './api.js';
import { h } from './dom.js';
import { t, errorText } from './i18n.js';
import { loadCatalogue } from './catalogue.js';
import { POOLS, poolTitle } from './ratings.js';

/** Mounts the leaderboard of `pool` (the first pool when null) into `root`. */
export function mountLeaderboard(root, pool) {
  let alive = true;
  const shown = pool || POOLS[0];
  const tabs = h('nav', { class: 'tabs-nav', 'aria-label': t('leaderboard-tabs-label') });
  const body = h('div', { class: 'card' }, h('p', { class: 'muted' }, t('loading')));
  root.replaceChildren(h('h1', null, t('leaderboard-title')), tabs, body);
  loadCatalogue().catch(() => null).then((cat) => {
    if (!alive) return;
    tabs.replaceChildren(...POOLS.map((p) => h('a', {
      href: `/leaderboard/${p}`, 'data-link': '', 'data-pool': p, 'aria-current': p === shown ? 'page' : null,
    }, poolTitle(p, cat))));
    return api.leaderboard(shown).then((r) => {
      if (alive) body.replaceChildren(...table(r, shown, cat));
    });
  }).catch((e) => {
    if (alive) body.replaceChildren(h('div', { class: 'error' }, e.status === 404 ? t('leaderboard-no-such') : t('leaderboard-load-failed', { error: errorText(e) })));
  });
  return () => { alive = false; };
}

function table(r, pool, cat) {
  const players = (r && Array.isArray(r.players)) ? r.players : [];
  const head = h('h2', null, poolTitle(pool, cat));
  if (!players.length) {
    return [head, h('p', { class: 'muted', 'data-test': 'leaderboard-empty' },
      t('leaderboard-empty'))];
  }
  return [head, h('table', { class: 'table leaderboard', 'data-test': 'leaderboard' },
    h('thead', null, h('tr', null, h('th', { class: 'num' }, t('leaderboard-column-rank')), h('th', null, t('leaderboard-column-player')),
      h('th', { class: 'num' }, t('ratings-column-rating')), h('th', { class: 'num' }, t('ratings-column-games')))),
    h('tbody', null, players.map((p) => h('tr', { 'data-player': p.username },
      h('td', { class: 'num' }, String(p.rank)),
      h('td', null, h('a', { href: `/@/${encodeURIComponent(p.username)}`, 'data-link': '' }, p.username),
        p.program ? h('span', { class: 'tag', title: t('leaderboard-program-title') }, t('leaderboard-program-tag')) : null),
      h('td', { class: 'num', title: p.rd != null ? `± ${Math.round(p.rd)}` : null }, String(Math.round(p.rating))),
      h('td', { class: 'num' }, String(p.games)))))),
  h('p', { class: 'hint' }, t('leaderboard-hint'))];
}
