// The puzzles (`/puzzles`, `/puzzles/{game}`, `/puzzles/{game}/{id}`): a
// position from kyoku's own games where exactly one move does what the
// puzzle asks. The person plays the solver's moves; the others' replies come
// by themselves; a wrong move ends the try and shows the answer. The server
// holds the solution and judges every move (POST …/attempt with the moves so
// far): this page never sees the solution before the end.
//
// Ratings: Glicko-2 per game. A signed-in person's is the server's; an
// anonymous person's is kept here (localStorage) and sent with each attempt.

import { h } from './dom.js';
import { t, has, errorText, formatNumber } from './i18n.js';
import { loadCatalogue, gameEntry, gameTitle, seatName } from './catalogue.js';
import { loadAccount } from './account.js';
import { diffEl } from './ratings.js';
import { BoardOnly, call, pause, actingSeat } from './board-only.js';
import { descriptor } from './boards/index.js';

const GAMES = ['dobutsu', 'shogun', 'shiamgon'];
const GOALS = ['win', 'defend', 'material', 'capture', 'save'];
const KEY = (game) => `kyoku.puzzles.solver.${game}`;
const LAST_GAME = 'kyoku.puzzles.game';
/** Glicko-2's start for someone new. */
const NEW_SOLVER = { rating: 1500, rd: 350, volatility: 0.06 };

/** The anonymous solver's rating in `game`, as kept in this browser. */
export function loadSolver(game) {
  try {
    const v = JSON.parse(localStorage.getItem(KEY(game)) || 'null');
    if (v && Number.isFinite(v.rating) && Number.isFinite(v.rd) && Number.isFinite(v.volatility)) return v;
  } catch { /* a damaged entry is the same as none */ }
  return { ...NEW_SOLVER };
}

function saveSolver(game, s) {
  try { localStorage.setItem(KEY(game), JSON.stringify({ rating: s.rating, rd: s.rd, volatility: s.volatility })); } catch { /* this tab only */ }
}

function rememberGame(game) {
  try { localStorage.setItem(LAST_GAME, game); } catch { /* no storage */ }
}

function lastGame() {
  try { return localStorage.getItem(LAST_GAME); } catch { return null; }
}

/** Mounts the puzzles page into `root`; returns its teardown. */
export function mountPuzzles(root, game, id) {
  const view = new PuzzleView(root, game, id);
  view.start();
  return () => view.destroy();
}

class PuzzleView {
  constructor(root, game, id) {
    this.root = root;
    this.game = GAMES.includes(game) ? game : (GAMES.includes(lastGame()) ? lastGame() : GAMES[0]);
    this.wantId = id || null;
    this.alive = true;
    this.me = null;
    this.puzzle = null;
  }

  destroy() {
    this.alive = false;
    if (window.kyokuPuzzle === this) window.kyokuPuzzle = null;
  }

  async start() {
    window.kyokuPuzzle = this; // for tests and the curious
    this.tabs = h('nav', { class: 'tabs-nav', 'aria-label': t('puzzles-games-label') });
    this.ratingBox = h('p', { class: 'puzzle-rating', 'data-test': 'puzzle-solver' });
    this.status = h('div', { class: 'puzzle-status', 'data-test': 'puzzle-status', role: 'status' });
    this.message = h('div');
    this.boardBox = h('div');
    this.after = h('div', { 'data-test': 'puzzle-after' });
    this.root.replaceChildren(h('div', { class: 'puzzle-page' },
      h('section', null, h('h1', null, t('puzzles-title')), this.tabs, this.ratingBox,
        // The status and what a try ends with stay in view over the board (phones scroll it).
        h('div', { class: 'sticky-head' }, this.status, this.message), this.boardBox),
      h('aside', { class: 'side' }, this.after)));
    this.board = new BoardOnly(this.boardBox, { onMove: (mv) => this.move(mv) });
    const [cat, me] = await Promise.all([loadCatalogue().catch(() => null), loadAccount()]);
    if (!this.alive) return;
    this.cat = cat;
    this.me = me ? me.username : null;
    this.board.entry = gameEntry(cat, this.game);
    this.drawTabs();
    this.loadStats();
    this.load();
  }

  drawTabs(counts = null) {
    this.tabs.replaceChildren(...GAMES.map((g) => h('a', {
      href: `/puzzles/${g}`, 'data-link': '', 'data-game': g, 'aria-current': g === this.game ? 'page' : null,
    }, gameTitle(gameEntry(this.cat, g)) || g,
    counts && counts[g] != null ? h('span', { class: 'muted small' }, ` ${formatNumber(counts[g])}`) : null)));
  }

  async loadStats() {
    try {
      const r = await call('GET', '/api/puzzles/stats');
      const counts = r && typeof r === 'object' ? (r.games || r.counts || r) : null;
      if (this.alive && counts) this.drawTabs(countsOf(counts));
    } catch { /* the tabs work without their counts */ }
  }

  /** The solver's rating to show and send: the server's for accounts, else this browser's. */
  solver() {
    return this.serverSolver || loadSolver(this.game);
  }

  drawRating() {
    const s = this.solver();
    this.ratingBox.replaceChildren(t('puzzles-your-rating'), ' ',
      h('strong', { 'data-test': 'puzzle-rating' }, String(Math.round(s.rating))),
      s.rd > 110 ? h('span', { class: 'muted', title: t('puzzles-rating-provisional') }, '?') : null,
      this.me ? null : h('span', { class: 'muted small' }, ' ', t('puzzles-rating-here')));
  }

  /** Fetches the puzzle the address names, else the next one near the solver's rating. */
  async load() {
    this.puzzle = null;
    this.moves = [];
    this.busy = false;
    this.done = false;
    this.after.replaceChildren();
    this.message.replaceChildren();
    this.status.replaceChildren(h('span', { class: 'muted' }, t('loading')));
    this.drawRating();
    const rating = Math.round(loadSolver(this.game).rating);
    try {
      let p = null;
      if (this.wantId) {
        p = await call('GET', `/api/puzzles/${encodeURIComponent(this.wantId)}`).catch((e) => {
          if (e.status === 404) this.message.replaceChildren(h('div', { class: 'notice' }, t('puzzles-unknown')));
          else throw e;
          return null;
        });
        this.wantId = null;
        if (p && p.game && p.game !== this.game) {
          this.game = p.game;
          this.board.entry = gameEntry(this.cat, this.game);
          this.drawTabs();
        }
      }
      const skip = this.lastId ? `&skip=${encodeURIComponent(this.lastId)}` : '';
      if (!p || !p.board) p = await call('GET', `/api/puzzles/next?game=${encodeURIComponent(this.game)}${this.me ? '' : `&rating=${rating}`}${skip}`);
      // A puzzle asked for by its id comes whole: the page keeps what a try may see.
      delete p.solution; delete p.themes; delete p.plies;
      if (!this.alive) return;
      this.begin(p);
    } catch (e) {
      if (!this.alive) return;
      this.status.replaceChildren();
      this.message.replaceChildren(h('div', { class: e.code === 'no_puzzles' ? 'notice' : 'error', 'data-test': 'puzzle-error' },
        e.code === 'no_puzzles' ? t('puzzles-none', { game: gameTitle(gameEntry(this.cat, this.game)) || this.game, command: `kyoku puzzles make ${this.game}` }) // i18n-ok: a command, typed as is
          : t('puzzles-load-failed', { error: errorText(e) })));
      this.boardBox.hidden = true;
    }
  }

  begin(p) {
    this.puzzle = p;
    this.lastId = p.id;
    this.boardBox.hidden = false;
    if (p.solver && typeof p.solver === 'object' && Number.isFinite(p.solver.rating)) this.serverSolver = p.solver;
    else this.serverSolver = null;
    this.drawRating();
    rememberGame(this.game);
    // The address names the puzzle: a reload or a shared link shows it again.
    const here = `/puzzles/${p.game}/${encodeURIComponent(p.id)}`;
    if (location.pathname !== here) history.replaceState(null, '', here);
    this.seat = actingSeat(p.board);
    // The solver plays up the screen, as in a game from the second seat.
    this.flipped = descriptor(p.game).flipsForSecondSeat && this.seat === 2;
    this.showBoard(p.board, null, false);
    this.drawStatus();
  }

  showBoard(view, lastMove, animate) {
    this.current = view;
    const active = !this.done && !this.busy && actingSeat(view) === this.seat && !view.result;
    this.board.show(view, { lastMove, animate, flipped: this.flipped, active });
  }

  drawStatus(kind = 'turn') {
    const p = this.puzzle;
    const goal = GOALS.includes(p.goal) ? p.goal : 'win';
    const side = this.seat ? [this.board.chip(this.seat), ' ', t('puzzles-you-play', { side: seatName(this.board.entry, this.seat) }), ' '] : [];
    const line = kind === 'wait' ? t('puzzles-status-wait') : t('puzzles-status-turn');
    this.status.replaceChildren(h('strong', null, line), ' ',
      h('span', { 'data-test': 'puzzle-goal', 'data-goal': goal }, t(`puzzles-goal-${goal}`)), ' ',
      h('span', { class: 'small muted' }, side, t('puzzles-puzzle-rating', { rating: Math.round(p.rating || 0) })));
  }

  async move(mv) {
    if (this.busy || this.done || !this.puzzle) return;
    this.busy = true;
    this.moves.push(mv);
    this.message.replaceChildren();
    this.drawStatus('wait');
    this.showBoard(this.current, mv, false);
    let r;
    try {
      r = await call('POST', `/api/puzzles/${encodeURIComponent(this.puzzle.id)}/attempt`,
        { moves: this.moves, ...(this.me ? {} : { solver: loadSolver(this.game) }) });
    } catch (e) {
      this.moves.pop();
      this.busy = false;
      if (!this.alive) return;
      this.message.replaceChildren(h('div', { class: 'error', role: 'alert' },
        e.code === 'illegal_move' ? t('puzzles-illegal', { move: mv }) : errorText(e)));
      this.showBoard(this.current, null, false);
      this.drawStatus();
      return;
    }
    if (!this.alive) return;
    if (r.correct === null || r.correct === undefined) {
      // Right so far: the others' replies, one after another.
      const replies = Array.isArray(r.replies) ? r.replies : [];
      await pause(replies.length ? 450 : 0);
      if (!this.alive) return;
      this.busy = false;
      this.showBoard(r.board || this.current, replies[replies.length - 1] || mv, replies.length > 0);
      this.drawStatus();
      return;
    }
    this.busy = false;
    this.finish(r);
  }

  /** The end: solved or not, the rating change, the solution played out, themes and length. */
  async finish(r) {
    this.done = true;
    const solved = r.correct === true;
    if (r.solver && Number.isFinite(r.solver.rating)) {
      if (this.me) this.serverSolver = r.solver;
      else saveSolver(this.game, r.solver);
    }
    this.drawRating();
    this.showBoard(r.board || this.current, this.moves[this.moves.length - 1], false);
    const diff = Number(r.rating_diff);
    this.status.replaceChildren(h('strong', { class: solved ? 'result won' : 'result lost', 'data-test': 'puzzle-result', 'data-correct': String(solved) },
      solved ? t('puzzles-solved') : t('puzzles-failed')));
    const next = h('button', { class: 'primary', 'data-action': 'next-puzzle', onclick: () => this.load() }, t('puzzles-next'));
    this.message.replaceChildren(h('div', { class: 'banner', role: 'status' },
      h('strong', null, solved ? t('puzzles-solved-long') : t('puzzles-failed-long')), ' ',
      Number.isFinite(diff) && r.rated !== false ? [t('puzzles-rating-change'), ' ', diffEl(diff, { 'data-test': 'puzzle-rating-diff' })]
        : h('span', { class: 'muted small' }, t('puzzles-unrated')),
      h('div', { class: 'actions' }, next)));
    next.focus({ preventScroll: true });
    this.drawAfter(r);
    await this.playOut(r);
  }

  /** The solution with its themes and length, beside the board. */
  drawAfter(r) {
    const solution = Array.isArray(r.solution) ? r.solution : [];
    const themes = Array.isArray(r.themes) ? r.themes : [];
    const plies = Number.isFinite(r.plies) ? r.plies : solution.length;
    const list = h('ol', { class: 'puzzle-line mono', 'data-test': 'puzzle-solution' }, solution.map((m) => h('li', null, m)));
    this.after.replaceChildren(h('div', { class: 'card' },
      h('h2', null, t('puzzles-solution')), list,
      h('p', { class: 'small', 'data-test': 'puzzle-length' }, t('puzzles-length', { plies })),
      themes.length ? h('p', { class: 'small', 'data-test': 'puzzle-themes' }, t('puzzles-themes'), ' ',
        themes.map((x) => h('span', { class: 'tag' }, themeName(x)))) : null,
      Number.isFinite(r.puzzle_rating) ? h('p', { class: 'small muted' }, t('puzzles-puzzle-rating-now', { rating: Math.round(r.puzzle_rating) })) : null,
      h('p', { class: 'small' }, h('a', { href: `/rules/${this.game}`, 'data-link': '' }, t('puzzles-rules')))));
  }

  /**
   * After a wrong try, plays the solution out on the board: each of the
   * solver's moves marked on the position before it, then the replies. The
   * boards come from the server, asked with the solution's moves so far (a
   * line not yet ended is never rated); the last move is only marked.
   */
  async playOut(r) {
    const solution = Array.isArray(r.solution) ? r.solution : [];
    if (r.correct !== false || !solution.length) return;
    const p = this.puzzle;
    const still = () => this.alive && this.done && this.puzzle === p;
    this.message.append(h('p', { class: 'small', 'data-test': 'puzzle-answer' }, t('puzzles-answer-was', { move: solution[0] })));
    const mine = [];
    let board = p.board;
    let i = 0;
    await pause(700);
    while (i < solution.length && still()) {
      mine.push(solution[i]);
      this.showBoard(board, solution[i], false);
      if (i + 1 >= solution.length) break;
      await pause(900);
      let res;
      try {
        res = await call('POST', `/api/puzzles/${encodeURIComponent(p.id)}/attempt`, { moves: mine });
      } catch { return; }
      if (!still() || (res.correct !== null && res.correct !== undefined) || !res.board) return;
      const replies = Array.isArray(res.replies) ? res.replies : [];
      i += 1 + replies.length;
      board = res.board;
      this.showBoard(board, replies[replies.length - 1] || null, replies.length > 0);
      await pause(700);
    }
  }
}

/** Themes with a number in them (`win-in-3`): the message of their words. */
const COUNTED = [[/^win-in-(\d+)$/, 'win-in'], [/^in-(\d+)$/, 'in'], [/^rotation-(\d+)$/, 'rotation'],
  [/^capture-(\d+)$/, 'capture-n'], [/^players-(\d+)$/, 'players']];

/** A theme's words when the catalogue has them, else the theme as stored (a board's name). */
function themeName(theme) {
  for (const [re, name] of COUNTED) {
    const m = re.exec(theme);
    if (m) return t(`puzzles-theme-${name}`, { n: Number(m[1]) });
  }
  const id = `puzzles-theme-${String(theme).toLowerCase().replace(/[^a-z0-9]+/g, '-')}`; // i18n-ok: message id
  return has(id) ? t(id) : theme;
}

/** Counts per game from the stats answer, whatever its shape (`{dobutsu: n}` or a list). */
function countsOf(x) {
  if (Array.isArray(x)) {
    const out = {};
    for (const e of x) if (e && e.game) out[e.game] = Number(e.count ?? e.puzzles ?? 0);
    return out;
  }
  const out = {};
  for (const [k, v] of Object.entries(x)) if (GAMES.includes(k)) out[k] = Number(typeof v === 'object' && v ? (v.count ?? v.puzzles ?? 0) : v);
  return out;
}
