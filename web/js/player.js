// A player's page (`/@/{username}`): ratings per pool, games won, drawn
// and lost, a rating-history chart per pool played, the recent games seen
// from this player's side, and a head-to-head box against anyone else.

import { api } from './api.js';
import { h, clear } from './dom.js';
import { kindLabel } from './players.js';
import { loadCatalogue, gameEntry, gameTitle } from './catalogue.js';
import { ratingChart } from './chart.js';
import { ratingText, poolTitle, poolsOf, diffEl, seatOf, outcomeFor, dateText } from './ratings.js';
import { username, loadAccount } from './account.js';
import { t, tNodes, errorText } from './i18n.js';

const PAGE = 20;

/** Mounts the page of `name` into `root`; returns its teardown. */
export function mountPlayer(root, name) {
  let alive = true;
  root.replaceChildren(h('p', { class: 'muted' }, t('player-loading')));
  Promise.all([api.player(name), loadCatalogue().catch(() => null), loadAccount()]).then(([p, cat]) => {
    if (alive) draw(root, p, cat, () => alive);
  }).catch((e) => {
    if (!alive) return;
    root.replaceChildren(h('h1', null, name),
      h('div', { class: 'error' }, e.status === 404 ? t('player-no-such', { name }) : t('player-load-failed', { error: errorText(e) })),
      h('p', null, h('a', { href: '/leaderboard', 'data-link': '' }, t('player-leaderboard-link'))));
  });
  return () => { alive = false; };
}

function draw(root, p, cat, alive) {
  const name = p.username;
  document.title = t('title-player', { name });
  const c = p.counts || {};
  const ratings = p.ratings || {};
  const pools = poolsOf(ratings).filter((pool) => ratings[pool]);
  const table = h('table', { class: 'table', 'data-test': 'ratings' },
    h('thead', null, h('tr', null, h('th', null, t('ratings-column-game')), h('th', { class: 'num' }, t('ratings-column-rating')),
      h('th', { class: 'num' }, t('ratings-column-deviation')), h('th', { class: 'num' }, t('ratings-column-games')))),
    h('tbody', null, pools.map((pool) => {
      const r = ratings[pool];
      return h('tr', { 'data-pool': pool }, h('th', { scope: 'row' }, poolTitle(pool, cat)),
        h('td', { class: 'num', title: r.provisional ? t('player-provisional-title') : null }, ratingText(r)),
        h('td', { class: 'num muted' }, r.rd != null ? `±${Math.round(r.rd)}` : ''), h('td', { class: 'num' }, String(r.games ?? 0)));
    })));
  const charts = h('div', { class: 'card' }, h('h2', null, t('player-rating-history')));
  const games = h('div', { class: 'card' }, h('h2', null, t('player-recent-games')));
  root.replaceChildren(
    h('h1', null, name, p.program ? h('span', { class: 'tag', 'data-test': 'program' }, t('player-program-tag')) : null),
    p.created_at && !p.program ? h('p', { class: 'muted' }, t('player-since', { date: dateText(p.created_at) }),
      username() === name ? [' · ', h('a', { href: '/account', 'data-link': '', 'data-test': 'to-account' }, t('player-your-account'))] : null) : null,
    h('div', { class: 'player-page' },
      h('div', null,
        h('div', { class: 'card' }, h('h2', null, t('player-ratings-title')), table,
          h('p', { 'data-test': 'counts' }, t('player-counts', {
            games: c.games || 0, wins: c.wins || 0, draws: c.draws || 0, losses: c.losses || 0,
          })),
          h('p', { class: 'hint' }, t('player-hint'))),
        versusBox(name),
        charts),
      games));
  drawCharts(charts, name, pools.filter((pool) => ratings[pool].games > 0), cat, alive);
  gameList(games, name, cat, alive);
}

/** One chart per pool with rated games. */
async function drawCharts(card, name, pools, cat, alive) {
  if (!pools.length) { card.append(h('p', { class: 'muted' }, t('player-no-rated-games'))); return; }
  const loaded = await Promise.all(pools.map((pool) => api.history(name, pool).catch(() => null)));
  if (!alive()) return;
  pools.forEach((pool, i) => {
    const points = loaded[i] && Array.isArray(loaded[i].points) ? loaded[i].points : [];
    if (!points.length) return;
    const title = poolTitle(pool, cat);
    // Drawn at the width it is shown at (the card's, less its padding).
    const width = card.clientWidth ? card.clientWidth - 28 : 640;
    card.append(h('figure', { class: 'chart-box', 'data-pool': pool }, h('figcaption', null, title), ratingChart(points, t('player-chart-label', { name, game: title }), width)));
  });
}

/** Who played the other seats of lobby entry `g`. */
function opponents(g, seat) {
  const out = [];
  (g.seats || []).forEach((x, i) => {
    if (i + 1 === seat || !x || typeof x !== 'object') return;
    if (out.length) out.push(t('player-opponents-separator'));
    if (x.player && x.kind === 'human') {
      out.push(h('a', { href: `/@/${encodeURIComponent(x.player.username)}`, 'data-link': '' }, x.player.username));
    } else {
      const named = Array.isArray(g.names) ? g.names[i] : null;
      out.push(x.kind !== 'human' ? kindLabel(x.kind) : x.open ? t('player-open-seat') : named || t('player-anonymous'));
    }
  });
  return out;
}

/** The recent games, newest first, `PAGE` at a time. */
function gameList(card, name, cat, alive) {
  const ul = h('ul', { class: 'game-list', 'data-test': 'player-games' });
  const more = h('div', { class: 'field-row' });
  card.append(ul, more);
  const load = async (before) => {
    clear(more);
    let r;
    try {
      r = await api.playerGames(name, PAGE, before);
    } catch (e) {
      if (alive()) more.append(h('div', { class: 'error' }, t('player-games-failed', { error: errorText(e) })));
      return;
    }
    if (!alive()) return;
    const list = (r && Array.isArray(r.games)) ? r.games : [];
    if (!list.length && !before) ul.append(h('li', { class: 'muted' }, t('player-no-games')));
    for (const g of list) ul.append(gameRow(g, name, cat));
    if (r && r.next) more.append(h('button', { type: 'button', 'data-test': 'more-games', onclick: () => load(r.next) }, t('player-older-games')));
  };
  load(null);
}

function gameRow(g, name, cat) {
  const seat = seatOf(g, name);
  const out = outcomeFor(g, seat);
  const entry = gameEntry(cat, g.game);
  const x = seat ? g.seats[seat - 1] : null;
  return h('li', { 'data-game-id': g.id },
    h('div', { class: 'what' },
      h('strong', null, gameTitle(entry) || g.game),
      g.clock ? h('span', { class: 'small muted' }, ` · ${g.clock}`) : null,
      g.rated ? h('span', { class: 'small muted' }, ' · ', t('player-rated')) : null,
      h('div', { class: 'small' },
        tNodes('player-result-against', {
          result: h('span', { class: `result ${out.key}`, 'data-test': 'game-result' }, out.text),
          opponents: h('span', null, opponents(g, seat)),
        }),
        x && x.rating_diff != null ? [' ', diffEl(x.rating_diff)] : null),
      g.updated_at || g.created_at ? h('div', { class: 'small muted' }, dateText(g.updated_at || g.created_at)) : null),
    h('span', { class: 'row-actions' }, h('a', { href: `/game/${encodeURIComponent(g.id)}`, 'data-link': '' }, t(g.result ? 'player-replay' : 'player-watch'))));
}

/** Type another name: this player's games, wins, draws and losses against them. */
function versusBox(name) {
  const input = h('input', {
    type: 'text', id: 'vs-name', placeholder: t('player-vs-placeholder'), autocomplete: 'off', autocapitalize: 'none',
    spellcheck: 'false', maxlength: 20, 'data-test': 'vs-input',
  });
  const out = h('div', { role: 'status', 'data-test': 'vs-result' });
  const form = h('form', { class: 'card', 'data-test': 'vs-form' }, h('h2', null, t('player-vs-title')),
    h('div', { class: 'field-row' }, h('label', { for: 'vs-name' }, t('player-vs-label', { name })), input,
      h('button', { type: 'submit', 'data-test': 'vs-submit' }, t('player-vs-submit'))), out);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const other = input.value.trim();
    clear(out);
    if (!other) return;
    try {
      const r = await api.versus(name, other);
      out.append(r.games
        ? h('p', null, tNodes('player-vs-result', {
          other: h('a', { href: `/@/${encodeURIComponent(other)}`, 'data-link': '' }, other),
          wins: h('strong', null, t('player-vs-wins', { count: r.wins || 0 })),
          losses: h('strong', null, t('player-vs-losses', { count: r.losses || 0 })),
        }, { name, games: r.games, draws: r.draws || 0 }))
        : h('p', { class: 'muted' }, t('player-vs-none', { name, other })));
    } catch (err) {
      out.append(h('div', { class: 'error' }, err.status === 404 ? t('player-no-such', { name: other }) : errorText(err)));
    }
  });
  return form;
}
