// The lobby: quick pairing and the seeks (seeks.js), start a game (the
// form is built from the server's catalogue, see newgame.js) and find
// games to join or watch.

import { api, saveSeats, loadSeats } from './api.js';
import { t, tNodes, errorText, has, lang } from './i18n.js';
import { h, clear } from './dom.js';
import { kindLabel } from './players.js';
import { descriptor } from './boards/index.js';
import { loadCatalogue, gameEntry, gameTitle } from './catalogue.js';
import { newGameForm } from './newgame.js';
import { getName } from './prefs.js';
import { seatName } from './catalogue.js';
import { pairingCard } from './seeks.js';
import { ratingText } from './ratings.js';
import { username, onAccount } from './account.js';

/**
 * A result's reason as the list says it: its own words for the common ones,
 * else the game page's words for the rules' reasons (`lion captured`), else
 * the server's.
 */
function reasonWords(reason) {
  const known = { time: 'lobby-reason-time', resigned: 'lobby-reason-resigned', agreed: 'lobby-reason-agreed' }[reason];
  if (known) return t(known);
  const id = `game-reason-${String(reason).toLowerCase().replace(/[^a-z0-9]+/g, '-')}`; // i18n-ok: message id
  return has(id) ? t(id) : reason;
}

/**
 * Names as a list: English keeps its comma list ("Ann, Ben"); other
 * languages join as they do (`und`, `、`).
 */
function listText(names) {
  try {
    return new Intl.ListFormat(lang, lang === 'en' ? { type: 'unit', style: 'short' } : { type: 'conjunction' }).format(names);
  } catch {
    return names.join(', '); // i18n-ok: a list's separator where Intl has none
  }
}

/** How a finished game of the list ended: who won (`who`), and why. */
function outcomeText(result, seats, who, entry) {
  const w = result.winners || [];
  const reason = result.reason;
  if (reason === 'aborted') return t('lobby-outcome-aborted');
  if (reason === 'abandoned') return t('lobby-outcome-abandoned');
  const why = reason ? { reason: reasonWords(reason) } : null;
  if (w.length === 1) {
    const args = { player: who(seats[w[0] - 1] || { seat: w[0] }), seat: seatName(entry, w[0]) };
    return why ? t('lobby-outcome-won-why', { ...args, ...why }) : t('lobby-outcome-won', args);
  }
  if (w.length && w.length < seats.length) {
    const players = listText(w.map((s) => who(seats[s - 1] || { seat: s })));
    return why ? t('lobby-outcome-winners-why', { players, ...why }) : t('lobby-outcome-winners', { players });
  }
  return why ? t('lobby-outcome-draw-why', why) : t('lobby-outcome-draw');
}

export function mountLobby(root, navigate) {
  const form = h('form', { class: 'card', id: 'new-game' }, h('p', { class: 'muted' }, t('lobby-loading-games')));
  const listCard = h('div', { class: 'card' });
  const pairing = pairingCard(navigate);
  root.replaceChildren(h('h1', null, t('lobby-heading')), h('div', { class: 'lobby' },
    h('div', { class: 'lobby-col' }, pairing.el, form), listCard));
  let cat = null;
  let stopForm = null;

  loadCatalogue().then((c) => {
    cat = c;
    stopForm = newGameForm(form, c, create);
    drawList();
  }).catch((e) => {
    form.replaceChildren(h('div', { class: 'error' }, t('lobby-games-failed', { error: errorText(e) })));
  });

  /**
   * Creates the game; this browser keeps the first human seat (bound to the
   * account too when signed in), the others become invites.
   */
  async function create(game, options, kinds, { clock, name, rated }) {
    const seats = kinds.map((k) => (k === 'open' ? 'human' : k));
    const open = kinds.map((k, i) => (k === 'open' ? i + 1 : 0)).filter(Boolean);
    // The name goes to the seat this browser takes: the first human one.
    const mineAt = kinds.findIndex((k) => k === 'human');
    const names = name && mineAt >= 0 ? kinds.map((_, i) => (i === mineAt ? name : null)) : null;
    const res = await api.createGame(game, options, seats, open,
      { ...(clock ? { clock } : {}), ...(names ? { names } : {}), ...(rated ? { rated: true } : {}) });
    const mine = { seats: {}, invites: {} };
    for (const seat of res.seats || []) {
      if (!seat.token) continue;
      // A seat bound to the account may come without a token; the others' tokens are invites.
      if (seat.seat === mineAt + 1) mine.seats[seat.seat] = seat.token; else mine.invites[seat.seat] = seat.token;
    }
    saveSeats(res.id, mine);
    navigate(`/game/${res.id}`);
  }

  // Open and running games.
  let tab = 'open';
  async function drawList() {
    clear(listCard);
    const tabs = h('div', { class: 'tabs', role: 'group', 'aria-label': t('lobby-tabs-label') },
      [['open', t('lobby-tab-open')], ['active', t('lobby-tab-playing')], ['finished', t('lobby-tab-finished')]].map(([v, text]) =>
        h('button', { type: 'button', 'aria-pressed': v === tab ? 'true' : 'false', onclick: () => { tab = v; drawList(); } }, text)));
    listCard.append(h('h2', null, t('lobby-games')), tabs);
    const ul = h('ul', { class: 'game-list' });
    listCard.append(ul);
    let list;
    try {
      list = await api.listGames(tab);
    } catch (e) {
      ul.append(h('li', { class: 'error' }, t('lobby-list-failed', { error: errorText(e) })));
      return;
    }
    const items = Array.isArray(list) ? list : (list && (list.games || list.items)) || [];
    if (!items.length) ul.append(h('li', { class: 'muted' }, tab === 'open' ? t('lobby-no-open-games') : t('lobby-none')));
    for (const g of items.slice(0, 50)) ul.append(gameRow(g));
  }

  /** Who plays a seat of lobby entry `g`: an account, a name, a program, or an open seat. */
  function who(g, x) {
    if (x.player && x.kind === 'human') return x.player.username;
    const name = Array.isArray(g.names) ? g.names[x.seat - 1] : null;
    return name || (x.open ? t('lobby-open-seat') : kindLabel(x.kind));
  }

  /** A seat of the list: who, and their rating in a rated game. */
  function seatText(g, x) {
    const rating = g.rated && x.player ? ratingText(x.player) : '';
    return rating ? [who(g, x), ' ', h('span', { class: 'muted' }, rating)] : who(g, x);
  }

  /** One game of the list: its seats, time control, moves, and how it ended. */
  function gameRow(g) {
    const seats = (g.seats || []).map((x, i) => (typeof x === 'string' ? { seat: i + 1, kind: x } : x));
    const entry = gameEntry(cat, g.game);
    const d = descriptor(g.game);
    const moves = g.moves ?? g.ply;
    let outcome = null;
    if (g.result) {
      const text = outcomeText(g.result, seats, (x) => who(g, x), entry);
      outcome = h('span', { class: 'outcome', 'data-test': 'outcome' }, text);
    }
    return h('li', { 'data-game-id': g.id },
      h('div', { class: 'what' },
        h('strong', null, gameTitle(entry) || g.game),
        g.options && g.options.board ? h('span', { class: 'small muted' }, ` ${g.options.board}`) : null,
        g.clock ? h('span', { class: 'small muted' }, ` · ${g.clock}`) : null,
        g.rated ? h('span', { class: 'small muted' }, ` · ${t('lobby-rated')}`) : null,
        h('div', { class: 'small who-plays' }, seats.map((x) => h('span', { class: 'nowrap' }, d.chip(x.seat), ' ', seatText(g, x), ' '))),
        h('div', { class: 'small muted' }, moves != null ? t('lobby-moves', { count: moves }) : '', outcome ? ' · ' : '', outcome)),
      h('span', { class: 'row-actions' },
        // A rated game's open seat is for accounts only.
        seats.some((x) => x.open) ? (g.rated && !username()
          ? h('a', { href: '/account?next=/', 'data-link': '', class: 'small' }, t('lobby-sign-in-to-join'))
          : h('button', { type: 'button', 'data-join': g.id, onclick: () => join(g.id) }, t('lobby-join'))) : null,
        h('a', { href: `/game/${g.id}`, 'data-link': '' }, g.result ? t('lobby-replay') : t('lobby-watch'))));
  }
  async function join(id) {
    try {
      const res = await api.join(id, null, getName() || null);
      // Signed in, the seat is bound to the account as well.
      if (res.token) {
        const mine = loadSeats(id);
        mine.seats[res.seat] = res.token;
        saveSeats(id, mine);
      }
      navigate(`/game/${id}`);
    } catch (e) {
      listCard.prepend(h('div', { class: 'error', role: 'alert' }, e.code === 'not_signed_in'
        ? tNodes('lobby-join-sign-in', { link: h('a', { href: '/account?next=/', 'data-link': '' }, t('lobby-join-sign-in-link')) })
        : errorText(e)));
    }
  }
  drawList();
  const timer = setInterval(drawList, 15000);
  // Who is signed in decides what a rated game's open seat offers.
  const stopAccount = onAccount(() => drawList());
  return () => {
    clearInterval(timer);
    stopAccount();
    pairing.stop();
    if (stopForm) stopForm();
  };
}
