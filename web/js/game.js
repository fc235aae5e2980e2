// The game view: board, seats, move list, history, live sync, typed moves.
// It knows no game: titles and seat names come from the catalogue, the rest
// from the game's board descriptor (boards/index.js).

import { api, liveGame, loadSeats, saveSeats, inviteLink, ApiError } from './api.js';
import { h, clear } from './dom.js';
import { kindLabel } from './players.js';
import { descriptor } from './boards/index.js';
import { loadCatalogue, gameEntry, seatName, gameTitle } from './catalogue.js';
import { t, tNodes, errorText, has, lang } from './i18n.js';
import { Clocks, formatMs, spokenMs, isLow } from './clock.js';
import { possibleActions, actionBar } from './gameactions.js';
import { describePlace, keyboardBoard } from './keyboard.js';
import { play as playSound } from './sound.js';
import { getName, setName, cleanName } from './prefs.js';
import { loadAccount, onAccount } from './account.js';
import { ratingText, diffEl } from './ratings.js';

/** Mounts the view of game `id` into `root`; returns a function that tears it down. */
export function mountGame(root, id) {
  const ctl = new GameView(root, id);
  ctl.start();
  return () => ctl.destroy();
}

class GameView {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.live = null; // the newest state
    this.viewPly = null; // null: live; else the ply shown
    this.past = new Map(); // ply → state (or {position, extras})
    this.sent = null; // the move this browser just sent (not animated)
    this.error = '';
    this.flash = '';
    this.analysisOn = false;
    this.analysis = null;
    this.mine = loadSeats(id);
    this.me = null; // the signed-in username: seats bound to it are played here too
    this.confirming = null; // the action waiting for its "Yes"
    this.clocks = new Clocks({
      onTick: () => this.renderClocks(),
      onLow: (seat) => { if (this.holds(seat)) playSound('lowtime'); },
      // At 0 the server has decided (or is about to): fetch its verdict
      // rather than wait for the push.
      onZero: () => setTimeout(() => api.getGame(this.id).then((st) => this.apply(st, true)).catch(() => {}), 250),
    });
    this.takeTokenFromLink();
  }

  /** An invite link carries `#seat=N&token=T`: keep it here, then hide it. */
  takeTokenFromLink() {
    const hash = new URLSearchParams(location.hash.slice(1));
    const seat = Number(hash.get('seat'));
    const token = hash.get('token');
    if (seat && token) {
      this.mine.seats[seat] = token;
      saveSeats(this.id, this.mine);
      // Asked for a name once the state shows the seat has none.
      this.invited = seat;
      history.replaceState(null, '', location.pathname + location.search);
    }
  }

  async start() {
    this.root.replaceChildren(h('p', { class: 'muted' }, t('game-loading')));
    try {
      const [st, cat, me] = await Promise.all([api.getGame(this.id), loadCatalogue().catch(() => null), loadAccount()]);
      this.me = me ? me.username : null;
      this.entry = gameEntry(cat, st.game);
      this.desc = descriptor(st.game);
      this.apply(st, false);
    } catch (e) {
      this.root.replaceChildren(h('div', { class: 'error' },
        e.status === 404 ? t('game-not-found') : t('game-load-failed', { message: errorText(e) })),
      h('p', null, h('a', { href: '/', 'data-link': '' }, t('game-back-to-lobby'))));
      return;
    }
    this.socket = liveGame(this.id, (st) => this.apply(st, true, true), (up) => this.setConn(up),
      (place) => this.enterRematch(place), (status) => this.setStore(status));
    this.keys = (ev) => this.onKey(ev);
    document.addEventListener('keydown', this.keys);
    this.stopAccount = onAccount((a) => {
      this.me = a ? a.username : null;
      if (this.live) this.render();
    });
    window.kyokuGame = this; // for tests and the curious
  }

  destroy() {
    clearTimeout(this.pumpTimer);
    this.clocks.stop();
    if (this.socket) this.socket.close();
    if (this.stopAccount) this.stopAccount();
    document.removeEventListener('keydown', this.keys);
    if (window.kyokuGame === this) window.kyokuGame = null;
  }

  setConn(up) {
    this.connected = up;
    this.drawConn(up ? 'game-conn-live' : 'game-conn-reconnecting');
    // Catch up on anything missed while the socket was down.
    if (up && this.live) api.getGame(this.id).then((st) => this.apply(st, true)).catch(() => {});
  }

  /** The connection's word: live, reconnecting, or the database away. */
  drawConn(id) {
    const el = this.root.querySelector('.conn');
    if (!el) return;
    const up = this.connected && !this.storeAway;
    el.className = `conn ${up ? 'live' : 'down'}`;
    el.dataset.store = this.storeAway ? 'away' : 'ok';
    el.textContent = t(this.storeAway && this.connected ? 'game-conn-store-away' : id);
  }

  /**
   * The server's word on its database (`store` messages): while it is away
   * moves are refused and clocks wait, so the page says so; when it is
   * back the game is read again.
   */
  setStore(status) {
    const away = status === 'unavailable';
    if (away === !!this.storeAway) return;
    this.storeAway = away;
    // The server charges no clock for the outage: the shown ones wait too.
    if (away) this.clocks.stop();
    this.drawConn(this.connected ? 'game-conn-live' : 'game-conn-reconnecting');
    // Back: read the game again; the shown clock restarts from that state
    // even when nothing changed meanwhile (an unchanged state is not redrawn).
    if (!away && this.live) {
      api.getGame(this.id).then((st) => { this.clocks.update(st.raw); this.apply(st, true); }).catch(() => {});
    }
  }

  /**
   * A state from the server. Pushed states that arrive in a burst (several
   * programs moving at once) are shown one after another, so each move can
   * be seen; a long backlog is skipped to the newest.
   */
  apply(st, fromServerPush, inOrder = false) {
    if (!st || !st.position) return;
    st.inOrder = inOrder;
    if (!fromServerPush) {
      // Our own answer: show it now; keep only newer pushed states queued.
      this.queue = (this.queue || []).filter((q) => q.history.length > st.history.length);
      this.applyNow(st, false);
      this.pump();
      return;
    }
    this.queue = (this.queue || []).concat([st]);
    if (this.queue.length > 6) this.queue = this.queue.slice(-1);
    this.pump();
  }

  pump() {
    if (this.pumpTimer || !this.queue.length) return;
    const wait = Math.max(0, (this.drawnAt || 0) + 420 - Date.now());
    this.pumpTimer = setTimeout(() => {
      this.pumpTimer = null;
      const next = this.queue.shift();
      if (next) this.applyNow(next, true);
      this.pump();
    }, wait);
  }

  /** Shows a state now; states older than the one shown are ignored. */
  applyNow(st, fromServerPush) {
    // An answer over HTTP may be overtaken by the socket: an older one is
    // dropped. The socket's states come in order, so a shorter history
    // there is a takeback.
    const shrank = this.live && st.history.length < this.live.history.length;
    if (shrank && !st.inOrder && !st.action) return;
    const prev = this.live;
    const grew = prev && st.history.length === prev.history.length + 1;
    const lastMove = st.history.length ? st.history[st.history.length - 1].move : null;
    this.animate = !!(fromServerPush && grew && this.viewPly === null &&
      !(this.sent && this.sent === lastMove && this.sentAt === prev.history.length));
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    if (prev && same(st.raw, prev.raw)) {
      this.live = st;
      return;
    }
    if (shrank) {
      // Positions past the takeback are gone; the view goes live.
      for (const k of [...this.past.keys()]) if (k > st.history.length) this.past.delete(k);
      if (this.positions) this.positions.length = Math.min(this.positions.length, st.history.length + 1);
      this.viewPly = null;
    }
    this.clocks.update(st.raw);
    if (prev && !prev.result && st.result) playSound('end');
    else if (grew && fromServerPush) this.moveSound = true;
    if (grew) {
      const who = prev.toAct ? prev.toAct.seat : null;
      this.flash = (who && this.desc.flash(lastMove, who, this.seatName(who))) || '';
    }
    this.live = st;
    if (grew) this.drawnAt = Date.now();
    this.past.set(st.history.length, st);
    if (this.analysisOn) this.loadAnalysis();
    if (this.desc.needsPositions && st.history.length) {
      this.loadPositions(st.history.length).then(() => this.render());
    }
    this.render();
  }

  seatName(seat) { return seatName(this.entry, seat); }

  /** The account bound to `seat` (`{username, rating, provisional}`), or null. */
  player(seat) {
    const x = this.live && this.live.seats[seat - 1];
    return (x && x.player) || null;
  }

  /**
   * Whether this browser plays `seat`: it holds the seat's token, or the
   * seat is bound to the signed-in account (the session cookie then
   * authorises its moves and actions, no token needed).
   */
  holds(seat) {
    if (this.mine.seats[seat]) return true;
    const p = this.player(seat);
    const x = this.live && this.live.seats[seat - 1];
    return !!(this.me && p && x && x.kind === 'human' && String(p.username).toLowerCase() === this.me.toLowerCase());
  }

  /** The seats this browser plays, in order. */
  heldSeats() {
    const st = this.live;
    const all = new Set(Object.keys(this.mine.seats).map(Number));
    if (st) for (const x of st.seats) if (this.holds(x.seat)) all.add(x.seat);
    return [...all].sort((a, b) => a - b);
  }

  /** The seat's token when this browser has one (else the cookie speaks for it). */
  token(seat) { return this.mine.seats[seat] || undefined; }

  /** Who plays `seat`: the person's name, else the program, with the seat's name. */
  playerName(seat) {
    const st = this.live;
    const x = st && st.seats[seat - 1];
    // An account's name first: it is the one a person is known by here.
    const name = (x && x.kind === 'human' && x.player && x.player.username) || (st && shownName(st.names[seat - 1]));
    const who = name || (x && x.kind !== 'human' ? kindLabel(x.kind) : x && x.open ? t('game-open-seat-name') : t('game-anonymous'));
    // A name as written; a program's label starts a sentence in banners.
    return t('game-player-name', { name: name ? who : who.charAt(0).toUpperCase() + who.slice(1), seat: this.seatName(seat) });
  }

  /** Performs game action `a` (see gameactions.js) with its seat's token. */
  async act(a) {
    this.error = '';
    try {
      const r = await api.act(this.id, a.kind, a.seat, this.token(a.seat), a.action);
      if (r.state) { r.state.action = true; this.apply(r.state, false); }
      if (r.rematch) this.enterRematch(r.rematch);
    } catch (e) {
      this.error = errorText(e);
      this.render();
    }
  }

  /** Keeps this person's seat in the rematch and goes there. */
  enterRematch(place) {
    if (!place || !place.id) return;
    // An account's seat in the rematch may come without a token: the cookie plays it.
    if (place.token) {
      const there = loadSeats(place.id);
      there.seats[place.seat] = place.token;
      saveSeats(place.id, there);
    }
    if (window.kyokuNavigate) window.kyokuNavigate(`/game/${place.id}`);
    else location.assign(`/game/${place.id}`);
  }

  /** The rematch was agreed (the others accepted this browser's offer): ask for its place in it. */
  async claimRematch() {
    const st = this.live;
    if (this.claimed || !st.raw.rematch) return;
    const seat = this.heldSeats().find((x) => st.seats[x - 1] && st.seats[x - 1].kind === 'human');
    if (!seat) return;
    this.claimed = true;
    try {
      const r = await api.act(this.id, 'rematch', seat, this.token(seat), 'accept');
      // Agreed while this page watched (this person offered or accepted):
      // go there. An old game opened later stays, with a link.
      if (r.rematch && this.sawNoRematch) this.enterRematch(r.rematch);
      else if (r.rematch) { this.rematchPlace = r.rematch; this.render(); }
    } catch { /* the link to the rematch still shows */ }
  }

  myTurnSeat() {
    const st = this.live;
    if (!st || !st.toAct || this.viewPly !== null || st.result) return null;
    const seat = st.toAct.seat;
    return this.holds(seat) ? seat : null;
  }

  async play(mv) {
    const seat = this.myTurnSeat();
    if (!seat) return;
    this.error = '';
    this.sent = mv;
    this.sentAt = this.live.history.length;
    try {
      const st = await api.move(this.id, seat, this.token(seat), mv);
      this.apply(st, false);
    } catch (e) {
      this.error = e instanceof ApiError && e.code === 'illegal_move'
        ? t('game-error-illegal-move', { move: mv, message: e.message })
        : e.code === 'forbidden'
          ? (this.token(seat) ? t('game-error-token-gone') : t('game-error-not-bound'))
          : e.code === 'not_your_turn' ? t('game-error-not-your-turn') : errorText(e);
      this.render();
    }
  }

  // ---- history ----

  async show(ply) {
    const live = this.live.history.length;
    if (ply === null || ply >= live) { this.viewPly = null; this.render(); return; }
    this.viewPly = Math.max(0, ply);
    if (!this.past.has(this.viewPly)) {
      const st = await this.stateAt(this.viewPly);
      if (st) this.past.set(this.viewPly, st);
    }
    this.render();
  }

  async stateAt(ply) {
    await this.loadPositions(ply);
    if (this.positions && this.positions[ply] != null) {
      return { position: this.positions[ply], history: this.live.history.slice(0, ply), extras: this.positionExtras[ply] || {} };
    }
    return null;
  }

  /** Fetches the positions list when it does not reach `ply` yet. */
  async loadPositions(ply) {
    if (this.positions && this.positions.length > ply) return;
    try {
      const r = await api.positions(this.id);
      this.positions = r.positions;
      this.positionExtras = r.extras;
    } catch { /* not reachable now: the past stays unknown until the next try */ }
  }

  onKey(ev) {
    if (ev.target.closest && ev.target.closest('input, textarea, select')) return; // i18n-ok: a selector
    if (!this.live) return;
    const cur = this.viewPly ?? this.live.history.length;
    if (ev.key === 'ArrowLeft') { this.show(cur - 1); ev.preventDefault(); } // i18n-ok: key names
    else if (ev.key === 'ArrowRight') { this.show(cur + 1); ev.preventDefault(); } // i18n-ok: key names
    else if (ev.key === 'Home') { this.show(0); ev.preventDefault(); } // i18n-ok: key names
    else if (ev.key === 'End') { this.show(null); ev.preventDefault(); } // i18n-ok: key names
  }

  // ---- analysis (Dōbutsu) ----

  async loadAnalysis() {
    const ply = this.live.history.length;
    try {
      const a = await api.analysis(this.id);
      this.analysis = { ply, values: analysisLabels(a), error: null };
    } catch (e) {
      this.analysis = {
        ply, values: {}, error: e.status === 404 || e.status === 405 || e.status === 501
          ? t('game-analysis-unavailable')
          : t('game-analysis-failed', { message: errorText(e) }),
      };
    }
    this.render();
  }

  // ---- drawing ----

  render() {
    const st = this.live;
    if (!this.board || this.boardGame !== st.game) this.buildLayout();
    const viewing = this.viewPly !== null ? this.past.get(this.viewPly) : null;
    const shownPly = this.viewPly ?? st.history.length;
    const mySeat = this.myTurnSeat();
    const legal = mySeat ? st.legal : [];
    const seatsHere = this.heldSeats();
    const lastMove = shownPly > 0 ? st.history[shownPly - 1].move : null;

    // Status.
    clear(this.statusText);
    if (this.viewPly !== null) {
      this.statusText.append(t('game-status-viewing', { ply: shownPly, total: st.history.length }));
    } else if (st.result) {
      this.statusText.append(t('game-status-over'));
    } else if (st.toAct) {
      const seat = st.toAct.seat;
      if (!seatsHere.length) this.statusText.append(h('span', { class: 'muted' }, t('game-status-watching'), ' '));
      const openSeat = st.seats[seat - 1] && st.seats[seat - 1].open;
      this.statusText.append(this.desc.chip(seat), ' ',
        openSeat ? t('game-status-open-seat', { seat: this.seatName(seat) })
          : mySeat ? t(st.toAct.kind === 'push' ? 'game-status-your-push' : 'game-status-your-move')
            : t(st.toAct.kind === 'push' ? 'game-status-answers-push' : 'game-status-to-move', { player: this.playerName(seat) }));
    }
    this.renderBanner(st);
    // Past-position bar.
    clear(this.pastBar);
    this.pastBar.hidden = this.viewPly === null;
    if (this.viewPly !== null) {
      this.pastBar.append(t('game-past-showing', { ply: shownPly }),
        h('button', { class: 'primary', 'data-action': 'live', onclick: () => this.show(null) }, t('game-past-back')));
      if (!viewing) this.pastBar.append(h('span', { class: 'small' }, ' ', t('game-past-unavailable')));
    }
    clear(this.flashBar);
    this.flashBar.hidden = !this.flash && !this.error;
    if (this.error) this.flashBar.append(h('div', { class: 'error', role: 'alert' }, this.error));
    if (this.flash) this.flashBar.append(h('div', { class: 'notice' }, this.flash));

    // Board.
    const flipped = this.desc.flipsForSecondSeat && seatsHere.length === 1 && seatsHere[0] === 2;
    let position = st.position;
    let extras = st.extras;
    if (this.viewPly !== null && viewing) { position = viewing.position; extras = viewing.extras; }
    const analysis = this.analysisOn && this.analysis && this.analysis.ply === st.history.length && this.viewPly === null
      ? this.analysis.values : null;
    this.board.update({
      position, extras, legal, lastMove, flipped, analysis,
      legalInfo: mySeat ? st.legalInfo : [],
      toAct: this.viewPly === null ? st.toAct : null,
      history: st.history.slice(0, shownPly).map((m, i) => ({
        ...m, kind: this.describeMove(i).answer ? 'answer' : 'move',
      })),
      players: st.seats.length,
      animate: this.animate,
      mine: mySeat,
      onMove: (mv) => this.play(mv),
    });
    this.animate = false;
    if (this.viewPly === null) {
      const note = this.desc.statusNote(st);
      if (note) this.statusText.append(note);
    }
    // Pass button when a pass is the only move.
    clear(this.passBox);
    if (mySeat && legal.length === 1 && legal[0] === 'pass') {
      this.passBox.append(h('div', { class: 'notice' }, tNodes('game-pass-notice', {
        button: h('button', { class: 'primary', 'data-action': 'pass', onclick: () => this.play('pass') }, t('game-pass')),
      })));
    }

    this.renderSeats(st);
    this.renderClocks();
    this.renderActions(st);
    this.renderShare(st);
    this.kb.redraw();
    if (this.moveSound) {
      this.moveSound = false;
      const count = this.root.querySelectorAll('svg.board [data-piece], svg.board [data-stone]').length;
      playSound(this.pieceCount != null && count < this.pieceCount ? 'capture' : 'move');
    }
    this.pieceCount = this.root.querySelectorAll('svg.board [data-piece], svg.board [data-stone]').length;
    if (st.raw.rematch) this.claimRematch();
    else this.sawNoRematch = true;
    this.renderMoves(st, shownPly);
    this.renderInput(mySeat, legal);
    this.renderInvites(st);
    this.renderAnalysis(st);
  }

  buildLayout() {
    const st = this.live;
    this.boardGame = st.game;
    this.statusText = h('div', { class: 'status-text', 'data-test': 'status' });
    this.bannerBox = h('div');
    this.pastBar = h('div', { class: 'viewing-past', hidden: true });
    this.flashBar = h('div', { hidden: true });
    this.passBox = h('div');
    const boardEl = h('div', { class: 'board-wrap', id: 'board' });
    this.clocksBox = h('div', { class: 'clocks', 'data-test': 'clocks' });
    this.actionsBox = h('div', { class: 'actions-box' });
    this.shareBox = h('div', { class: 'card share' });
    this.legendBox = h('details', { class: 'legend small' });
    this.seatsBox = h('ul', { class: 'seat-list' });
    this.movesBox = h('div', { class: 'moves', 'data-test': 'moves' });
    this.navBox = h('div', { class: 'history-nav' });
    this.inputBox = h('div');
    this.inviteBox = h('div');
    this.analysisBox = h('div');
    this.extraControls = h('div', { class: 'field-row small' });
    const subtitle = this.desc.subtitle(st);
    const title = gameTitle(this.entry) || st.game;
    const titleText = subtitle ? t('game-title-with-subtitle', { title, subtitle }) : title;
    this.root.replaceChildren(h('div', { class: 'game', 'data-game': st.game },
      h('section', null,
        h('div', { class: 'sticky-head' },
          h('div', { class: 'status-line' }, h('strong', null, titleText),
            st.rated ? h('span', { class: 'tag', 'data-test': 'rated', title: t('game-rated-title') }, t('game-rated')) : null,
            this.statusText,
            h('span', { class: `conn ${this.connected && !this.storeAway ? 'live' : 'down'}`, 'data-store': this.storeAway ? 'away' : 'ok' },
              !this.connected ? t('game-conn-connecting') : this.storeAway ? t('game-conn-store-away') : t('game-conn-live'))),
          this.clocksBox),
        this.bannerBox, this.pastBar, this.flashBar, this.passBox, boardEl, this.actionsBox, this.extraControls,
        h('div', { class: 'field-row small' }, this.legendBox,
          h('a', { href: `/rules/${st.game}`, 'data-link': '', 'data-test': 'how-to-play' }, t('game-how-to-play')))),
      h('aside', { class: 'side' },
        h('div', { class: 'card' }, h('h2', null, t('game-players')), this.seatsBox),
        h('div', { class: 'card' }, h('h2', null, t('game-moves')), this.movesBox, this.navBox, this.inputBox),
        this.analysisBox, this.inviteBox, this.shareBox)));
    this.board = this.desc.createBoard(boardEl, st);
    this.kb = keyboardBoard(boardEl, () => this.board, (key) => this.describePlace(key));
    this.legendBox.append(h('summary', null, t('game-legend')),
      h('ul', null, (this.desc.legend || []).map(([mark, text]) => h('li', null, h('span', { class: `mark ${mark}`, 'aria-hidden': 'true' }), text))));
    this.extraControls.append(...this.desc.controls(st, { board: this.board, boardEl, redraw: () => this.render() }));
  }

  /** Each seat's clock, ticking for the seat whose time runs. */
  renderClocks() {
    const st = this.live;
    if (!this.clocksBox || !st) return;
    if (!this.clocks.has()) { this.clocksBox.hidden = true; return; }
    this.clocksBox.hidden = false;
    const running = this.clocks.running();
    if (!this.clockEls || this.clockEls.length !== st.seats.length) {
      this.clockEls = st.seats.map((x) => {
        const time = h('span', { class: 'time' });
        const el = h('div', { class: 'clock', role: 'timer', 'data-test': `clock-${x.seat}` },
          this.desc.chip(x.seat), h('span', { class: 'who' }), time);
        el.time = time;
        return el;
      });
      this.clocksBox.replaceChildren(...this.clockEls);
    }
    st.seats.forEach((x, i) => {
      const el = this.clockEls[i];
      const left = this.clocks.remaining(x.seat);
      const text = left == null ? '–' : formatMs(left);
      if (el.time.textContent !== text) el.time.textContent = text;
      const who = el.querySelector('.who');
      const name = (x.kind === 'human' && x.player && x.player.username) || shownName(st.names[i]) || (x.kind === 'human' ? this.seatName(x.seat) : kindLabel(x.kind));
      if (who.textContent !== name) who.textContent = name;
      el.classList.toggle('running', running === x.seat);
      el.classList.toggle('low', running === x.seat && isLow(left, st.clock));
      el.classList.toggle('flagged', left === 0);
      const player = this.playerName(x.seat);
      const label = left == null ? t('game-clock-label-none', { player })
        : t(running === x.seat ? 'game-clock-label-running' : 'game-clock-label', { player, time: spokenMs(left) });
      // The label changes every second: only update it when it says more.
      if (el.getAttribute('aria-label') !== label && (running !== x.seat || !el.dataset.spoken || Date.now() - Number(el.dataset.spoken) > 10000)) {
        el.setAttribute('aria-label', label);
        el.dataset.spoken = String(Date.now());
      }
    });
  }

  /** The action buttons (gameactions.js) and the way to a new game. */
  renderActions(st) {
    clear(this.actionsBox);
    const mine = this.heldSeats();
    const bar = actionBar(possibleActions(st, mine), (a) => this.act(a), this.confirming,
      (key) => { this.confirming = key; this.render(); });
    if (st.result) {
      if (st.raw.rematch) {
        const place = this.rematchPlace;
        bar.append(h('a', {
          class: 'button primary', href: `/game/${st.raw.rematch}`, 'data-action': 'to-rematch',
          onclick: (e) => { if (place) { e.preventDefault(); this.enterRematch(place); } },
        }, t('game-action-to-rematch')));
      }
      bar.append(h('a', { class: 'button', href: '/', 'data-link': '', 'data-action': 'new-game' }, t('game-action-new-game')));
    }
    if (st.raw.rematch_of) {
      bar.append(h('a', { class: 'small', href: `/game/${st.raw.rematch_of}`, 'data-link': '' }, t('game-action-game-before')));
    }
    if (bar.childElementCount) this.actionsBox.append(bar);
  }

  /** Share and export: the game's link, the record. */
  renderShare(st) {
    clear(this.shareBox);
    const link = `${location.origin}/game/${encodeURIComponent(this.id)}`;
    const copy = h('button', { type: 'button', 'data-action': 'copy-link', onclick: async () => {
      try { await navigator.clipboard.writeText(link); copy.textContent = t('game-share-link-copied'); } catch { copy.textContent = link; }
    } }, t('game-share-copy-link'));
    this.shareBox.append(h('h2', null, t('game-share')),
      h('div', { class: 'field-row' }, copy,
        h('a', { class: 'button', href: api.recordUrl(this.id), download: `kyoku-${st.game}-${this.id}.txt`, 'data-action': 'download' }, t('game-share-download')), // i18n-ok: a file name
        // The analysis board: for a finished game, or one this browser only watches.
        st.result || !this.heldSeats().length
          ? h('a', { class: 'button', href: `/analysis/${st.game}?game=${encodeURIComponent(this.id)}`, 'data-link': '', 'data-action': 'analyse' }, t('analysis-link')) : null),
      h('p', { class: 'hint' }, st.result ? t('game-share-hint-over') : t('game-share-hint-live')));
  }

  /** Words for a place of the board (the keyboard cursor's). */
  describePlace(key) {
    const svg = this.root.querySelector('svg.board');
    return describePlace(svg, key, this.board && this.board.selected, (n) => this.seatName(n));
  }

  renderBanner(st) {
    clear(this.bannerBox);
    if (!st.result) return;
    const r = st.result;
    const scores = r.scores || st.extras.scores || null;
    const ranks = r.ranks || null;
    const order = st.seats.map((x) => x.seat).sort((a, b) =>
      ranks ? ranks[a - 1] - ranks[b - 1] : scores ? scores[b - 1] - scores[a - 1] : a - b);
    let head = r.text || r.summary || '';
    if (!head) {
      const winners = Array.isArray(r.winners) ? r.winners
        : order.filter((seat) => (ranks ? ranks[seat - 1] === ranks[order[0] - 1] : true));
      if (winners.length === st.seats.length || winners.length === 0) head = t('game-result-draw');
      else if (winners.length === 1) head = t('game-result-wins', { player: this.playerName(winners[0]) });
      else if (ranks || r.winners) head = t('game-result-share-first', { players: listOf(winners.map((w) => this.playerName(w))) });
      else head = t('game-result-over');
    }
    if (r.reason === 'aborted') head = t('game-result-aborted');
    else if (r.reason === 'abandoned') head = t('game-result-abandoned');
    const reason = r.reason && !['aborted', 'abandoned'].includes(r.reason) ? ` — ${reasonText(r.reason, st, this)}` : '';
    const list = h('ol');
    if (ranks || scores) {
      for (const seat of order) {
        const row = { player: this.playerName(seat), points: scores ? scores[seat - 1] : 0, place: ranks ? ranks[seat - 1] : 0 };
        const id = scores && ranks ? 'game-result-row-score-place' : scores ? 'game-result-row-score' : 'game-result-row-place';
        list.append(h('li', null, this.desc.chip(seat), ' ', t(id, row)));
      }
    }
    // A rated game: what it did to each rating, in the banner too (on a phone the seats are far below).
    const diffs = st.seats.filter((x) => x.rating_diff != null);
    const rating = diffs.length ? h('div', { class: 'small rating-diffs' }, t('game-result-ratings'), ' ', diffs.map((x, i) =>
      h('span', { class: 'nowrap' }, i ? ', ' : '', this.playerName(x.seat), ' ', diffEl(x.rating_diff)))) : null;
    this.bannerBox.append(h('div', { class: 'banner', role: 'status', 'data-test': 'result' },
      h('strong', null, head), reason, st.seats.length > 2 ? list : null, rating));
  }

  renderSeats(st) {
    clear(this.seatsBox);
    const scores = st.extras.scores;
    if (this.invited && !st.result && st.names[this.invited - 1] === 'Anonymous') this.naming = this.invited; // i18n-ok: the server's name of an unnamed seat
    this.invited = null;
    for (const seat of st.seats) {
      const here = this.holds(seat.seat);
      // A seat bound to an account shows the account (a link to its page)
      // and, in rated games, its rating; programs in rated games too.
      const p = seat.player;
      const account = !!p && seat.kind === 'human';
      const name = account ? null : shownName(st.names[seat.seat - 1]);
      const nameable = here && !account && !st.result && seat.kind === 'human' && !seat.out;
      const li = h('li', { class: st.toAct && st.toAct.seat === seat.seat && !st.result ? 'to-act' : '' },
        this.desc.chip(seat.seat),
        h('span', { 'data-test': `seat-${seat.seat}` },
          account ? h('a', { href: `/@/${encodeURIComponent(p.username)}`, 'data-link': '', class: 'player-link', 'data-test': `player-${seat.seat}` },
            h('strong', null, p.username)) : name ? h('strong', null, name) : null,
          account || name ? t('game-seat-name', { seat: this.seatName(seat.seat) }) : `${this.seatName(seat.seat)} `,
          h('span', { class: 'muted small' }, here ? t('game-seat-you') : seat.open ? t('game-seat-open')
            : seat.out ? t('game-seat-left', { standin: kindLabel(seat.stand_in || 'ai:2') })
              : seat.stand_in ? t('game-seat-stand-in', { standin: kindLabel(seat.stand_in), kind: kindLabel(seat.kind) })
                : account ? '' : t('game-seat-kind', { kind: kindLabel(seat.kind) })),
          p && p.rating != null ? [' ', h(account ? 'span' : 'a', {
            class: 'rating', 'data-test': `rating-${seat.seat}`,
            // A program's page is reached through its rating (its name is the label before it).
            ...(account ? {} : { href: `/@/${encodeURIComponent(p.username)}`, 'data-link': '', 'aria-label': t('game-seat-rating-link', { name: p.username, rating: ratingText(p) }) }),
            title: p.provisional ? t('game-seat-rating-provisional') : t('game-seat-rating'),
          }, ratingText(p))] : null),
        seat.rating_diff != null ? diffEl(seat.rating_diff, { 'data-test': `rating-diff-${seat.seat}` }) : null,
        nameable && this.naming !== seat.seat ? h('button', {
          type: 'button', class: 'link-like small', 'data-test': `rename-${seat.seat}`, title: t('game-seat-rename-title'),
          onclick: () => { this.naming = seat.seat; this.nameDraft = null; this.render(); },
        }, t('game-seat-rename')) : null,
        scores ? h('span', { class: 'score', title: t('game-seat-score') }, String(scores[seat.seat - 1])) : null);
      this.seatsBox.append(li);
      if (nameable && this.naming === seat.seat) this.seatsBox.append(this.nameForm(st, seat.seat));
    }
    for (const line of this.desc.seatNotes(st)) this.seatsBox.append(h('li', { class: 'small muted' }, line));
  }

  /**
   * The form where the person playing `seat` names itself (shown at once to
   * one who came by an invite link to a seat without a name). The draft
   * survives the re-renders a move by the others causes.
   */
  nameForm(st, seat) {
    const current = st.names[seat - 1];
    if (this.nameDraft == null) this.nameDraft = current && current !== 'Anonymous' ? current : getName(); // i18n-ok: the server's name of an unnamed seat
    const input = h('input', {
      type: 'text', maxlength: 24, value: this.nameDraft, placeholder: t('game-name-label'), 'aria-label': t('game-name-label'),
      autocomplete: 'nickname', 'data-test': 'name-input', oninput: (e) => { this.nameDraft = e.target.value; },
    });
    const wasFocused = this.nameFocused;
    input.addEventListener('focus', () => { this.nameFocused = true; });
    input.addEventListener('blur', () => { this.nameFocused = false; });
    if (wasFocused) setTimeout(() => input.focus(), 0);
    const done = () => { this.naming = null; this.nameDraft = null; this.nameFocused = false; this.render(); };
    const form = h('form', {
      class: 'name-form field-row small', 'data-test': 'name-form', // i18n-ok: class names
      onsubmit: async (e) => {
        e.preventDefault();
        const name = cleanName(input.value);
        if (!name) { this.error = t('game-error-name-empty'); this.render(); return; }
        this.error = '';
        try {
          const r = await api.act(this.id, 'name', seat, this.token(seat), null, { name });
          setName(name);
          this.naming = null; this.nameDraft = null; this.nameFocused = false;
          // The socket may have brought the new state first: draw without the form either way.
          if (r.state) { r.state.action = true; this.apply(r.state, false); }
          this.render();
        } catch (err) {
          this.error = errorText(err);
          this.render();
        }
      },
    }, h('label', null, t('game-name-label'), ' ', input),
    h('button', { type: 'submit', 'data-test': 'name-save' }, t('game-name-save')),
    h('button', { type: 'button', class: 'link-like', onclick: done }, t('game-name-not-now')));
    return h('li', null, form);
  }

  /** What the board's descriptor says of move `i` (0-based), given the position before it when loaded. */
  describeMove(i) {
    const before = this.positions && this.positions[i] != null ? this.positions[i] : null;
    return this.desc.describeMove(this.live.history[i].move, before);
  }

  renderMoves(st, shownPly) {
    clear(this.movesBox);
    // Two players: a row per full move; more: one numbered line per move.
    const two = st.seats.length === 2;
    this.movesBox.classList.toggle('multi', !two);
    const btn = (i) => h('button', {
      class: i + 1 === shownPly ? 'current' : '', 'data-ply': i + 1,
      onclick: () => this.show(i + 1 === st.history.length ? null : i + 1),
    }, st.history[i].move);
    if (two) {
      for (let i = 0; i < st.history.length; i += 2) {
        this.movesBox.append(h('span', { class: 'n' }, `${i / 2 + 1}.`), btn(i), i + 1 < st.history.length ? btn(i + 1) : h('span'));
      }
    } else {
      // Who acted is not in the move text: show the ply and the seat when known.
      st.history.forEach((m, i) => {
        const { note } = this.describeMove(i);
        this.movesBox.append(h('span', { class: 'n' }, `${i + 1}.`), h('span', null, m.seat ? this.desc.chip(m.seat) : null, ' ', btn(i),
          note ? h('span', { class: 'small muted' }, ` ${note}`) : null));
      });
    }
    if (!st.history.length) this.movesBox.append(h('span', { class: 'muted small', style: 'grid-column: 1 / -1' }, t('game-moves-none')));
    // Scroll the list only, never the page (scrollIntoView would move the
    // page on a phone, where the list sits under the board).
    const cur = this.movesBox.querySelector('.current');
    if (cur) {
      const box = this.movesBox;
      const top = cur.offsetTop - box.offsetTop;
      if (top < box.scrollTop || top + cur.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top - box.clientHeight / 2;
    } else if (this.viewPly === null) this.movesBox.scrollTop = this.movesBox.scrollHeight;
    clear(this.navBox);
    const live = st.history.length;
    const at = this.viewPly ?? live;
    this.navBox.append(
      h('button', { title: t('game-nav-start-title'), 'aria-label': t('game-nav-start-label'), disabled: at === 0, onclick: () => this.show(0) }, t('game-nav-start')),
      h('button', { title: t('game-nav-back-title'), 'aria-label': t('game-nav-back-label'), 'data-action': 'back', disabled: at === 0, onclick: () => this.show(at - 1) }, t('game-nav-back')),
      h('button', { title: t('game-nav-forward-title'), 'aria-label': t('game-nav-forward-label'), disabled: at >= live, onclick: () => this.show(at + 1) }, t('game-nav-forward')),
      h('button', { title: t('game-nav-live-title'), 'aria-label': t('game-nav-live-label'), disabled: this.viewPly === null, onclick: () => this.show(null) }, t('game-nav-live')));
  }

  renderInput(mySeat, legal) {
    clear(this.inputBox);
    if (!mySeat) return;
    const input = h('input', {
      type: 'text', id: 'move-text', autocomplete: 'off', spellcheck: 'false',
      placeholder: this.desc.placeholder,
      'aria-label': t('game-move-input-label'), list: 'legal-moves',
    });
    const datalist = h('datalist', { id: 'legal-moves' }, legal.map((m) => h('option', { value: m })));
    const go = () => {
      const want = input.value.trim();
      if (!want) return;
      const norm = (x) => x.toLowerCase().replace(/[x+]/g, '');
      const mv = legal.find((m) => m === want) || legal.find((m) => norm(m) === norm(want));
      if (!mv) {
        this.error = t('game-error-not-legal', { move: want, legal: `${legal.slice(0, 30).join(' ')}${legal.length > 30 ? ' …' : ''}` });
        this.render();
        return;
      }
      this.play(mv);
    };
    input.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') go(); }); // i18n-ok: a key name
    this.inputBox.append(h('div', { class: 'move-input' }, input, datalist,
      h('button', { onclick: go }, t('game-move-play'))), h('div', { class: 'hint' }, t('game-legal-count', { count: legal.length }),
      h('span', { class: 'desktop-only' }, t('game-legal-keys-hint'))));
  }

  renderInvites(st) {
    clear(this.inviteBox);
    // Not for seats played here, nor for seats an account has taken.
    const entries = Object.entries(this.mine.invites || {}).filter(([seat]) => !this.holds(Number(seat)) && !this.player(Number(seat)));
    if (!entries.length || st.result) return;
    const card = h('div', { class: 'card' }, h('h2', null, t('game-invite')),
      h('p', { class: 'small muted' }, t('game-invite-hint')));
    for (const [seat, token] of entries) {
      const link = inviteLink(this.id, seat, token);
      const field = h('input', { type: 'text', readonly: true, value: link, 'data-invite': seat, onfocus: (e) => e.target.select() });
      card.append(h('div', { class: 'invite' }, this.desc.chip(Number(seat)), field,
        h('button', { onclick: async (e) => {
          try { await navigator.clipboard.writeText(link); e.target.textContent = t('game-invite-copied'); } catch { field.select(); }
        } }, t('game-invite-copy')),
        h('button', { title: t('game-invite-play-here-title'), onclick: () => {
          this.mine.seats[seat] = token; saveSeats(this.id, this.mine); this.render();
        } }, t('game-invite-play-here'))));
    }
    this.inviteBox.append(card);
  }

  renderAnalysis(st) {
    clear(this.analysisBox);
    if (!this.desc.analysis) return;
    const cb = h('input', { type: 'checkbox', id: 'analysis', checked: this.analysisOn, onchange: () => {
      this.analysisOn = cb.checked;
      if (this.analysisOn) this.loadAnalysis(); else this.render();
    } });
    const card = h('div', { class: 'card' }, h('div', { class: 'analysis-toggle' }, cb,
      h('label', { for: 'analysis' }, t('game-analysis-show'))));
    if (this.analysisOn && this.analysis) {
      if (this.analysis.error) card.append(h('p', { class: 'small muted' }, this.analysis.error));
      else {
        const vals = Object.entries(this.analysis.values);
        card.append(h('p', { class: 'small muted' }, vals.length ? t('game-analysis-select') : t('game-analysis-none')));
        card.append(h('div', { class: 'small mono' }, vals.map(([m, v]) => h('div', null, t('game-analysis-value', { move: m, value: v })))));
      }
    }
    this.analysisBox.append(card);
  }
}

/** Why a game ended, as a sentence part. */
function reasonText(reason, st, view) {
  const loser = st.result && st.seats.length === 2 && st.result.winners.length === 1
    ? view.playerName(st.result.winners[0] === 1 ? 2 : 1) : null;
  switch (reason) {
    case 'time': return loser ? t('game-reason-time-loser', { player: loser }) : t('game-reason-time');
    case 'resigned': return loser ? t('game-reason-resigned-loser', { player: loser }) : t('game-reason-resigned');
    default: {
      // The rules' own reasons (`lion captured`) have messages by their words.
      const id = `game-reason-${String(reason).toLowerCase().replace(/[^a-z0-9]+/g, '-')}`; // i18n-ok: message id
      return has(id) ? t(id) : reason;
    }
  }
}

/** A seat's name as the server has it, the unnamed one's in the page's language. */
function shownName(name) {
  return name === 'Anonymous' ? t('game-anonymous') : name; // i18n-ok: the server's name of an unnamed seat
}

/** Names as one list in the page's language ("A and B", "A、B"). */
function listOf(names) {
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(names);
}

/** Move → label from an analysis answer, whatever its exact shape. */
function analysisLabels(a) {
  const out = {};
  const list = Array.isArray(a) ? a : a && (a.moves || a.values || a.analysis);
  if (Array.isArray(list)) {
    for (const e of list) {
      if (!e) continue;
      const mv = e.move || e.text;
      out[mv] = e.label || describeValue(e);
    }
  } else if (list && typeof list === 'object') {
    for (const [mv, v] of Object.entries(list)) out[mv] = typeof v === 'string' ? v : describeValue(v);
  }
  return out;
}

function describeValue(v) {
  if (!v || typeof v !== 'object') return String(v);
  const n = v.plies ?? v.distance ?? v.depth;
  const r = v.result || v.value || v.outcome;
  if (r === 'win' || r === 'wins') return n != null ? t('game-value-wins-in', { plies: n }) : t('game-value-wins');
  if (r === 'loss' || r === 'loses') return n != null ? t('game-value-loses-in', { plies: n }) : t('game-value-loses');
  if (r === 'draw') return t('game-value-draw');
  return JSON.stringify(v);
}
