// The lobby: start a game (game, options, who sits where) and find games
// to join or watch.

import { api, saveSeats, loadSeats } from './api.js';
import { h, clear } from './dom.js';
import { chip, seatName, kindLabel, GAME_TITLES } from './players.js';

const ABOUT = {
  dobutsu: 'Shogi for children on 3 × 4 squares: catch the Lion, or walk yours home. Solved: the second player wins.',
  shogun: '8 × 8; magnets under the board set how far each piece must move. Protect your Shogun.',
  shiamgon: '3–5 players place stones on ring or triangle boards, push neighbours away and encircle them.',
};
const BOARDS = { tri8: [3], tri16: [3], disc5: [3, 4, 5], disc10: [3, 4, 5] };

/** The games a new game can be: Shogun appears once the server knows it. */
async function loadCatalogue() {
  const cat = await api.catalogue();
  const out = {};
  if (cat && Array.isArray(cat.games)) {
    for (const g of cat.games) {
      const name = typeof g === 'string' ? g : g.game || g.name;
      out[name] = { programs: ((g && g.programs) || []).map((p) => (typeof p === 'string' ? p : p.name)), options: (g && g.options) || {} };
    }
    return out;
  }
  return null;
}

export function mountLobby(root, navigate) {
  const form = h('form', { class: 'card', id: 'new-game', onsubmit: (e) => { e.preventDefault(); create(); } });
  const listCard = h('div', { class: 'card' });
  root.replaceChildren(h('h1', null, 'Play'), h('div', { class: 'lobby' }, form, listCard));

  const state = { game: 'dobutsu', board: 'disc5', players: 3, rotation: 0, variant: 'magnetic', handicap: [], seats: ['human', 'ai:2'] };
  const errorBox = h('div', { role: 'alert' });
  let games = ['dobutsu', 'shiamgon', 'shogun'];
  let catalogue = null;
  loadCatalogue().then((c) => {
    if (!c) return;
    catalogue = c;
    games = Object.keys(c);
    if (!games.includes(state.game)) state.game = games[0];
    draw();
  });

  function seatCount() { return state.game === 'shiamgon' ? state.players : 2; }

  function seatChoices() {
    const c = [['human', 'Human'], ['open', 'Human, open to anyone']];
    const progs = catalogue && catalogue[state.game] ? catalogue[state.game].programs
      : ['ai', 'random'].concat(state.game === 'dobutsu' ? ['perfect'] : []);
    for (const p of progs) {
      if (p === 'ai') {
        for (let l = 1; l <= 5; l++) c.push([`ai:${l}`, `Computer ${l}${l === 1 ? ' (easiest)' : l === 5 ? ' (strongest)' : ''}`]);
      } else if (p === 'random') c.push(['random', 'Random mover']);
      else if (p === 'perfect') c.push(['perfect', 'Perfect play (tablebase)']);
      else c.push([p, p]);
    }
    return c;
  }
  function defaultProgram() {
    const c = seatChoices();
    return (c.find(([v]) => v === 'ai:2') || c.find(([v]) => v === 'random') || c[0])[0];
  }

  function draw() {
    clear(form);
    const gameSel = h('select', { id: 'game', name: 'game', onchange: (e) => { state.game = e.target.value; draw(); } },
      ['dobutsu', 'shogun', 'shiamgon'].map((g) => h('option', { value: g, selected: g === state.game, disabled: !games.includes(g) },
        `${GAME_TITLES[g]}${games.includes(g) ? '' : ' (not on this server yet)'}`)));
    form.append(h('h2', null, 'New game'), h('div', { class: 'field-row' }, h('label', { for: 'game' }, 'Game'), gameSel,
      h('a', { href: `/rules/${state.game}`, 'data-link': '', class: 'small' }, 'rules')),
    h('p', { class: 'hint' }, ABOUT[state.game]));
    if (state.game === 'shiamgon') {
      if (!BOARDS[state.board].includes(state.players)) state.players = 3;
      form.append(
        h('div', { class: 'field-row' }, h('label', { for: 'board' }, 'Board'),
          h('select', { id: 'board', onchange: (e) => { state.board = e.target.value; draw(); } },
            Object.keys(BOARDS).map((b) => h('option', { value: b, selected: b === state.board }, b)))),
        h('div', { class: 'field-row' }, h('label', { for: 'players' }, 'Players'),
          h('select', { id: 'players', onchange: (e) => { state.players = Number(e.target.value); draw(); } },
            BOARDS[state.board].map((n) => h('option', { value: n, selected: n === state.players }, String(n))))));
      if (state.board.startsWith('disc')) {
        const row = h('div', { class: 'field-row' }, h('label', null, 'Handicap'));
        for (let i = 0; i < state.players; i++) {
          row.append(chip('shiamgon', i + 1), h('input', {
            type: 'number', min: 0, max: 5, value: state.handicap[i] || 0, style: 'width: 3.5rem',
            'aria-label': `extra stones for player ${i + 1}`,
            onchange: (e) => { state.handicap[i] = Math.max(0, Number(e.target.value) || 0); },
          }));
        }
        form.append(row, h('p', { class: 'hint' }, 'Extra start stones per player (on the third ring from the outside).'));
      }
    }
    if (state.game === 'shogun') {
      form.append(
        h('div', { class: 'field-row' }, h('label', { for: 'rotation' }, 'Board turned'),
          h('select', { id: 'rotation', onchange: (e) => { state.rotation = Number(e.target.value); } },
            [0, 1, 2, 3].map((r) => h('option', { value: r, selected: r === state.rotation }, `${r * 90}°`)))),
        h('div', { class: 'field-row' }, h('label', { for: 'variant' }, 'Numbers'),
          h('select', { id: 'variant', onchange: (e) => { state.variant = e.target.value; } },
            [['magnetic', 'magnets (the board decides)'], ['random', 'random after every move']].map(([v, t]) =>
              h('option', { value: v, selected: v === state.variant }, t)))));
    }
    // Seats.
    const n = seatCount();
    while (state.seats.length < n) state.seats.push(defaultProgram());
    state.seats.length = n;
    const choices = seatChoices();
    state.seats = state.seats.map((k) => (choices.some(([v]) => v === k) ? k : defaultProgram()));
    const seatsBox = h('div', { class: 'seats-form' });
    state.seats.forEach((kind, i) => {
      seatsBox.append(h('div', { class: 'seat' }, chip(state.game, i + 1),
        h('label', { for: `seat-${i + 1}`, style: 'min-width: 5.5rem' }, seatName(state.game, i + 1)),
        h('select', { id: `seat-${i + 1}`, 'data-seat': i + 1, onchange: (e) => { state.seats[i] = e.target.value; } },
          choices.map(([v, t]) => h('option', { value: v, selected: v === kind }, t)))));
    });
    form.append(h('h2', null, 'Seats'), seatsBox,
      h('p', { class: 'hint' }, 'You take the first human seat; every other human seat gets an invite link.'),
      errorBox, h('div', { class: 'field-row' }, h('button', { class: 'primary', type: 'submit', id: 'start' }, 'Start the game')));
  }

  async function create() {
    clear(errorBox);
    let options = {};
    if (state.game === 'shiamgon') {
      options = { board: state.board, players: state.players };
      const hc = state.handicap.slice(0, state.players).map((x) => x || 0);
      if (state.board.startsWith('disc') && hc.some((x) => x > 0)) options.handicap = hc;
    } else if (state.game === 'shogun') {
      options = { rotation: state.rotation, variant: state.variant };
    }
    const seats = state.seats.map((k) => (k === 'open' ? 'human' : k));
    const open = state.seats.map((k, i) => (k === 'open' ? i + 1 : 0)).filter(Boolean);
    try {
      const res = await api.createGame(state.game, options, seats, open);
      const mine = { seats: {}, invites: {} };
      let first = true;
      for (const seat of res.seats || []) {
        if (!seat.token) continue;
        if (first) { mine.seats[seat.seat] = seat.token; first = false; } else mine.invites[seat.seat] = seat.token;
      }
      saveSeats(res.id, mine);
      navigate(`/game/${res.id}`);
    } catch (e) {
      errorBox.replaceChildren(h('div', { class: 'error' }, e.message));
    }
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
        h('strong', null, GAME_TITLES[g.game] || g.game),
        g.options && g.options.board ? h('span', { class: 'small muted' }, g.options.board) : null,
        h('span', { class: 'small' }, seats.map((x) => [chip(g.game, x.seat), ' ', kindLabel(x.kind), ' '])),
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
  draw();
  drawList();
  const timer = setInterval(drawList, 15000);
  return () => clearInterval(timer);
}
