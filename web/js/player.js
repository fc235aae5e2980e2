// A player's page (`/@/{username}`): ratings per pool, games won, drawn
// and lost, a rating-history chart per pool played, the recent games seen
// from this player's side, and a head-to-head box against anyone else.

import { api } from './api.js';
import { h, clear } from './dom.js';
import { kindLabel } from './players.js';
import { loadCatalogue, gameEntry } from './catalogue.js';
import { ratingChart } from './chart.js';
import { ratingText, poolTitle, poolsOf, diffEl, seatOf, outcomeFor, dateText } from './ratings.js';
import { username, loadAccount } from './account.js';

const PAGE = 20;

/** `n thing(s)`. */
const count = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Mounts the page of `name` into `root`; returns its teardown. */
export function mountPlayer(root, name) {
  let alive = true;
  root.replaceChildren(h('p', { class: 'muted' }, 'Loading the player…'));
  Promise.all([api.player(name), loadCatalogue().catch(() => null), loadAccount()]).then(([p, cat]) => {
    if (alive) draw(root, p, cat, () => alive);
  }).catch((e) => {
    if (!alive) return;
    root.replaceChildren(h('h1', null, name),
      h('div', { class: 'error' }, e.status === 404 ? `There is no player called ${name}.` : `The player cannot be loaded: ${e.message}`),
      h('p', null, h('a', { href: '/leaderboard', 'data-link': '' }, 'The leaderboard')));
  });
  return () => { alive = false; };
}

function draw(root, p, cat, alive) {
  const name = p.username;
  document.title = `kyoku — ${name}`;
  const c = p.counts || {};
  const ratings = p.ratings || {};
  const pools = poolsOf(ratings).filter((pool) => ratings[pool]);
  const table = h('table', { class: 'table', 'data-test': 'ratings' },
    h('thead', null, h('tr', null, h('th', null, 'Game'), h('th', { class: 'num' }, 'Rating'),
      h('th', { class: 'num' }, 'Deviation'), h('th', { class: 'num' }, 'Games'))),
    h('tbody', null, pools.map((pool) => {
      const r = ratings[pool];
      return h('tr', { 'data-pool': pool }, h('th', { scope: 'row' }, poolTitle(pool, cat)),
        h('td', { class: 'num', title: r.provisional ? 'provisional: the rating settles after a few rated games' : null }, ratingText(r)),
        h('td', { class: 'num muted' }, r.rd != null ? `±${Math.round(r.rd)}` : ''), h('td', { class: 'num' }, String(r.games ?? 0)));
    })));
  const charts = h('div', { class: 'card' }, h('h2', null, 'Rating history'));
  const games = h('div', { class: 'card' }, h('h2', null, 'Recent games'));
  root.replaceChildren(
    h('h1', null, name, p.program ? h('span', { class: 'tag', 'data-test': 'program' }, 'program') : null),
    p.created_at && !p.program ? h('p', { class: 'muted' }, `Playing here since ${dateText(p.created_at)}`,
      username() === name ? [' · ', h('a', { href: '/account', 'data-link': '', 'data-test': 'to-account' }, 'your account')] : null) : null,
    h('div', { class: 'player-page' },
      h('div', null,
        h('div', { class: 'card' }, h('h2', null, 'Ratings'), table,
          h('p', { 'data-test': 'counts' }, `${count(c.games || 0, 'game')}: ${count(c.wins || 0, 'win')}, `,
            `${count(c.draws || 0, 'draw')}, ${count(c.losses || 0, 'loss', 'losses')}`),
          h('p', { class: 'hint' }, 'A "?" marks a provisional rating; the deviation is how far off it may still be.')),
        versusBox(name),
        charts),
      games));
  drawCharts(charts, name, pools.filter((pool) => ratings[pool].games > 0), cat, alive);
  gameList(games, name, cat, alive);
}

/** One chart per pool with rated games. */
async function drawCharts(card, name, pools, cat, alive) {
  if (!pools.length) { card.append(h('p', { class: 'muted' }, 'No rated games yet.')); return; }
  const loaded = await Promise.all(pools.map((pool) => api.history(name, pool).catch(() => null)));
  if (!alive()) return;
  pools.forEach((pool, i) => {
    const points = loaded[i] && Array.isArray(loaded[i].points) ? loaded[i].points : [];
    if (!points.length) return;
    const title = poolTitle(pool, cat);
    // Drawn at the width it is shown at (the card's, less its padding).
    const width = card.clientWidth ? card.clientWidth - 28 : 640;
    card.append(h('figure', { class: 'chart-box', 'data-pool': pool }, h('figcaption', null, title), ratingChart(points, `${name}'s ${title} rating`, width)));
  });
}

/** Who played the other seats of lobby entry `g`. */
function opponents(g, seat) {
  const out = [];
  (g.seats || []).forEach((x, i) => {
    if (i + 1 === seat || !x || typeof x !== 'object') return;
    if (out.length) out.push(', ');
    if (x.player && x.kind === 'human') {
      out.push(h('a', { href: `/@/${encodeURIComponent(x.player.username)}`, 'data-link': '' }, x.player.username));
    } else {
      const named = Array.isArray(g.names) ? g.names[i] : null;
      out.push(x.kind !== 'human' ? kindLabel(x.kind) : x.open ? 'an open seat' : named || 'Anonymous');
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
      if (alive()) more.append(h('div', { class: 'error' }, `The games cannot be loaded: ${e.message}`));
      return;
    }
    if (!alive()) return;
    const list = (r && Array.isArray(r.games)) ? r.games : [];
    if (!list.length && !before) ul.append(h('li', { class: 'muted' }, 'No games yet.'));
    for (const g of list) ul.append(gameRow(g, name, cat));
    if (r && r.next) more.append(h('button', { type: 'button', 'data-test': 'more-games', onclick: () => load(r.next) }, 'Older games'));
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
      h('strong', null, entry.title || g.game),
      g.clock ? h('span', { class: 'small muted' }, ` · ${g.clock}`) : null,
      g.rated ? h('span', { class: 'small muted' }, ' · rated') : null,
      h('div', { class: 'small' },
        h('span', { class: `result ${out.key}`, 'data-test': 'game-result' }, out.text), ' against ', opponents(g, seat),
        x && x.rating_diff != null ? [' ', diffEl(x.rating_diff)] : null),
      g.updated_at || g.created_at ? h('div', { class: 'small muted' }, dateText(g.updated_at || g.created_at)) : null),
    h('span', { class: 'row-actions' }, h('a', { href: `/game/${encodeURIComponent(g.id)}`, 'data-link': '' }, g.result ? 'replay' : 'watch')));
}

/** Type another name: this player's games, wins, draws and losses against them. */
function versusBox(name) {
  const input = h('input', {
    type: 'text', id: 'vs-name', placeholder: 'another player', autocomplete: 'off', autocapitalize: 'none',
    spellcheck: 'false', maxlength: 20, 'data-test': 'vs-input',
  });
  const out = h('div', { role: 'status', 'data-test': 'vs-result' });
  const form = h('form', { class: 'card', 'data-test': 'vs-form' }, h('h2', null, 'Head to head'),
    h('div', { class: 'field-row' }, h('label', { for: 'vs-name' }, `${name} against`), input,
      h('button', { type: 'submit', 'data-test': 'vs-submit' }, 'Compare')), out);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const other = input.value.trim();
    clear(out);
    if (!other) return;
    try {
      const r = await api.versus(name, other);
      out.append(r.games
        ? h('p', null, `${name} against `, h('a', { href: `/@/${encodeURIComponent(other)}`, 'data-link': '' }, other), `: ${count(r.games, 'game')} — `,
          h('strong', null, count(r.wins || 0, 'win')), `, ${count(r.draws || 0, 'draw')}, `, h('strong', null, count(r.losses || 0, 'loss', 'losses')), '.')
        : h('p', { class: 'muted' }, `${name} has not played ${other} yet.`));
    } catch (err) {
      out.append(h('div', { class: 'error' }, err.status === 404 ? `There is no player called ${other}.` : err.message));
    }
  });
  return form;
}
