// The lobby: start a game (the form is built from the server's catalogue,
// see newgame.js) and find games to join or watch.

import { api, saveSeats, loadSeats } from './api.js';
import { h, clear } from './dom.js';
import { kindLabel } from './players.js';
import { descriptor } from './boards/index.js';
import { loadCatalogue, gameEntry } from './catalogue.js';
import { newGameForm } from './newgame.js';

export function mountLobby(root, navigate) {
  const form = h('form', { class: 'card', id: 'new-game' }, h('p', { class: 'muted' }, 'Loading the games…'));
  const listCard = h('div', { class: 'card' });
  root.replaceChildren(h('h1', null, 'Play'), h('div', { class: 'lobby' }, form, listCard));
  let cat = null;

  loadCatalogue().then((c) => {
    cat = c;
    newGameForm(form, c, create);
    drawList();
  }).catch((e) => {
    form.replaceChildren(h('div', { class: 'error' }, `The list of games cannot be loaded: ${e.message}`));
  });

  /** Creates the game; this browser keeps the first human seat, the others become invites. */
  async function create(game, options, kinds) {
    const seats = kinds.map((k) => (k === 'open' ? 'human' : k));
    const open = kinds.map((k, i) => (k === 'open' ? i + 1 : 0)).filter(Boolean);
    const res = await api.createGame(game, options, seats, open);
    const mine = { seats: {}, invites: {} };
    let first = true;
    for (const seat of res.seats || []) {
      if (!seat.token) continue;
      if (first) { mine.seats[seat.seat] = seat.token; first = false; } else mine.invites[seat.seat] = seat.token;
    }
    saveSeats(res.id, mine);
    navigate(`/game/${res.id}`);
  }

  // Open and running games.
  let tab = 'open';
  async function drawList() {
    clear(listCard);
    const tabs = h('div', { class: 'tabs', role: 'group', 'aria-label': 'which games' },
      [['open', 'Open'], ['active', 'Playing'], ['finished', 'Finished']].map(([v, t]) =>
        h('button', { type: 'button', 'aria-pressed': v === tab ? 'true' : 'false', onclick: () => { tab = v; drawList(); } }, t)));
    listCard.append(h('h2', null, 'Games'), tabs);
    const ul = h('ul', { class: 'game-list' });
    listCard.append(ul);
    let list;
    try {
      list = await api.listGames(tab);
    } catch (e) {
      ul.append(h('li', { class: 'error' }, `The list cannot be loaded: ${e.message}`));
      return;
    }
    const items = Array.isArray(list) ? list : (list && (list.games || list.items)) || [];
    if (!items.length) ul.append(h('li', { class: 'muted' }, tab === 'open' ? 'No open games: start one!' : 'None.'));
    for (const g of items.slice(0, 50)) {
      const seats = (g.seats || []).map((x, i) => (typeof x === 'string' ? { seat: i + 1, kind: x } : x));
      ul.append(h('li', null,
        h('strong', null, gameEntry(cat, g.game).title || g.game),
        g.options && g.options.board ? h('span', { class: 'small muted' }, g.options.board) : null,
        h('span', { class: 'small' }, seats.map((x) => [descriptor(g.game).chip(x.seat), ' ', kindLabel(x.kind), ' '])),
        h('span', { class: 'small muted' }, g.ply != null ? `${g.ply} moves` : ''),
        g.result && g.result.reason ? h('span', { class: 'small muted' }, g.result.reason) : null,
        h('span', { style: 'margin-left:auto; display:flex; gap:.4rem' },
          seats.some((x) => x.open) ? h('button', { type: 'button', 'data-join': g.id, onclick: () => join(g.id) }, 'join') : null,
          h('a', { href: `/game/${g.id}`, 'data-link': '' }, 'watch'))));
    }
  }
  async function join(id) {
    try {
      const res = await api.join(id);
      const mine = loadSeats(id);
      mine.seats[res.seat] = res.token;
      saveSeats(id, mine);
      navigate(`/game/${id}`);
    } catch (e) {
      listCard.prepend(h('div', { class: 'error' }, e.code === 'seat_taken' ? 'Someone else took that seat.' : e.message));
    }
  }
  drawList();
  const timer = setInterval(drawList, 15000);
  return () => clearInterval(timer);
}
