// The lessons (`/learn`, `/learn/{game}/{lesson}`): each game taught from
// nothing, a few short steps a lesson, each step a small position and one
// sentence to do there. The server checks every move (POST …/{step} with the
// step's moves so far), plays the other side's replies and says when the
// step is done, or wrong (with a hint: the step starts again). Stars (0–3)
// for few moves are kept here (localStorage) and, signed in, with the
// account; the two are merged both ways on load (the higher count wins).

import { h } from './dom.js';
import { t, errorText } from './i18n.js';
import { loadCatalogue, gameEntry, gameTitle } from './catalogue.js';
import { loadAccount } from './account.js';
import { descriptor } from './boards/index.js';
import { BoardOnly, call, pause, actingSeat } from './board-only.js';

const STARS = 'kyoku.learn.stars';

/** The stars this browser keeps: `{"dobutsu/chick": 3, …}`. */
function localStars() {
  try {
    const v = JSON.parse(localStorage.getItem(STARS) || '{}');
    return v && typeof v === 'object' ? v : {};
  } catch { return {}; }
}

function saveLocalStars(all) {
  try { localStorage.setItem(STARS, JSON.stringify(all)); } catch { /* this tab only */ }
}

/**
 * The stars of every lesson: this browser's merged with the account's (when
 * signed in), each the higher of the two; what only this browser knew is
 * sent to the account.
 */
async function progress(me) {
  const here = localStars();
  if (!me) return here;
  let there = {};
  try { there = (await call('GET', '/api/lessons/progress')) || {}; } catch { return here; }
  const all = { ...here };
  for (const [k, v] of Object.entries(there)) all[k] = Math.max(Number(v) || 0, Number(all[k]) || 0);
  saveLocalStars(all);
  for (const [k, v] of Object.entries(here)) {
    if ((Number(there[k]) || 0) < v) {
      const [game, lesson] = k.split('/');
      call('PUT', '/api/lessons/progress', { game, lesson, stars: v }).catch(() => {});
    }
  }
  return all;
}

/** Keeps `stars` for a lesson when more than before, here and with the account. */
function keepStars(game, lesson, stars, me) {
  const all = localStars();
  const key = `${game}/${lesson}`;
  if ((Number(all[key]) || 0) < stars) { all[key] = stars; saveLocalStars(all); }
  if (me) call('PUT', '/api/lessons/progress', { game, lesson, stars }).catch(() => {});
}

/** `n` of three stars, filled and empty, with words for screen readers. */
function starsEl(n, attrs = {}) {
  const k = Math.max(0, Math.min(3, Number(n) || 0));
  return h('span', { class: 'stars', role: 'img', 'aria-label': t('learn-stars', { stars: k }), 'data-stars': k, ...attrs },
    '★'.repeat(k), h('span', { class: 'stars-empty' }, '☆'.repeat(3 - k)));
}

/** Mounts `/learn` (no lesson) or one lesson into `root`; returns the teardown. */
export function mountLearn(root, game, lesson) {
  const state = { alive: true };
  if (game && lesson) new LessonView(root, game, lesson, state).start();
  else index(root, state);
  return () => {
    state.alive = false;
    if (window.kyokuLesson && window.kyokuLesson.state === state) window.kyokuLesson = null;
  };
}

/** The list: every game's lessons in order, with their stars and where to start. */
async function index(root, state) {
  root.replaceChildren(h('h1', null, t('learn-title')), h('p', { class: 'muted' }, t('loading')));
  try {
    const [cat, me] = await Promise.all([loadCatalogue().catch(() => null), loadAccount()]);
    const [list, stars] = await Promise.all([call('GET', '/api/lessons'), progress(me ? me.username : null)]);
    if (!state.alive) return;
    const games = (list && Array.isArray(list.games)) ? list.games : [];
    const cards = games.filter((g) => Array.isArray(g.lessons) && g.lessons.length).map((g) => {
      const got = (l) => Number(stars[`${g.game}/${l.id}`]) || 0;
      // Where to go on: the first lesson without stars.
      const next = g.lessons.find((l) => !got(l));
      const fresh = g.lessons.every((l) => !got(l));
      const total = g.lessons.reduce((n, l) => n + got(l), 0);
      return h('section', { class: 'card learn-game', 'data-game': g.game },
        h('h2', null, gameTitle(gameEntry(cat, g.game)) || g.game, ' ',
          h('span', { class: 'muted small nowrap' }, t('learn-game-stars', { stars: total, max: 3 * g.lessons.length }))),
        h('ol', { class: 'lesson-list' }, g.lessons.map((l) => {
          const here = next && l.id === next.id;
          return h('li', { class: here ? 'next' : '', 'data-lesson': l.id },
            h('a', { href: `/learn/${g.game}/${encodeURIComponent(l.id)}`, 'data-link': '' }, h('strong', null, l.title)),
            here ? h('span', { class: 'tag start', 'data-test': 'start-here' }, fresh ? t('learn-start-here') : t('learn-continue-here')) : null,
            starsEl(got(l)),
            l.intro ? h('div', { class: 'small muted' }, l.intro) : null);
        })));
    });
    root.replaceChildren(h('h1', null, t('learn-title')), h('p', null, t('learn-intro')),
      cards.length ? h('div', { class: 'learn-games' }, cards) : h('p', { class: 'notice' }, t('learn-none')));
  } catch (e) {
    if (state.alive) root.replaceChildren(h('h1', null, t('learn-title')), h('div', { class: 'error' }, t('learn-load-failed', { error: errorText(e) })));
  }
}

/** One lesson: its steps one after another, then its stars and the next lesson. */
class LessonView {
  constructor(root, game, id, state) {
    this.root = root;
    this.game = game;
    this.id = id;
    this.state = state;
    this.stepStars = [];
  }

  async start() {
    window.kyokuLesson = this; // for tests and the curious
    this.root.replaceChildren(h('p', { class: 'muted' }, t('loading')));
    try {
      const [cat, me, lesson] = await Promise.all([loadCatalogue().catch(() => null), loadAccount(),
        call('GET', `/api/lessons/${encodeURIComponent(this.game)}/${encodeURIComponent(this.id)}`)]);
      if (!this.state.alive) return;
      this.me = me ? me.username : null;
      this.entry = gameEntry(cat, this.game);
      this.lesson = lesson;
    } catch (e) {
      if (!this.state.alive) return;
      this.root.replaceChildren(h('div', { class: 'error' }, e.status === 404 ? t('learn-unknown') : t('learn-load-failed', { error: errorText(e) })),
        h('p', null, h('a', { href: '/learn', 'data-link': '' }, t('learn-all-lessons'))));
      return;
    }
    document.title = t('title-lesson', { lesson: this.lesson.title || this.id });
    this.stepLine = h('p', { class: 'small muted', 'data-test': 'lesson-step' });
    this.goal = h('div', { class: 'lesson-goal', 'data-test': 'lesson-goal', role: 'status' });
    this.message = h('div', { 'data-test': 'lesson-message' });
    this.boardBox = h('div');
    this.root.replaceChildren(h('div', { class: 'lesson-page' },
      h('p', { class: 'small' }, h('a', { href: '/learn', 'data-link': '' }, t('learn-all-lessons')), ' · ',
        gameTitle(this.entry) || this.game),
      h('h1', null, this.lesson.title || this.id),
      this.lesson.intro ? h('p', { class: 'lesson-intro' }, this.lesson.intro) : null,
      // The goal, and a hint or the stars, stay in view over the board (phones scroll it).
      h('div', { class: 'sticky-head' }, this.stepLine, this.goal, this.message), this.boardBox));
    this.board = new BoardOnly(this.boardBox, { onMove: (mv) => this.move(mv), entry: this.entry });
    this.begin(0);
  }

  get steps() { return Array.isArray(this.lesson.steps) ? this.lesson.steps : []; }

  /** Step `i` from its start (also after a wrong try). */
  begin(i) {
    this.step = i;
    this.moves = [];
    this.busy = false;
    this.over = false;
    const step = this.steps[i];
    if (!step) { this.end(); return; }
    this.seat = actingSeat(step.board);
    this.flipped = descriptor(this.game).flipsForSecondSeat && this.seat === 2;
    this.stepLine.textContent = t('learn-step', { step: i + 1, steps: this.steps.length });
    this.goal.replaceChildren(h('strong', null, step.goal || ''));
    this.message.replaceChildren();
    this.showBoard(step.board, null, false);
  }

  showBoard(view, lastMove, animate) {
    this.current = view;
    const active = !this.busy && !this.over && !view.result && actingSeat(view) === this.seat;
    this.board.show(view, { lastMove, animate, flipped: this.flipped, active });
  }

  async move(mv) {
    if (this.busy || this.over) return;
    this.busy = true;
    this.moves.push(mv);
    this.message.replaceChildren();
    this.showBoard(this.current, mv, false);
    let r;
    try {
      r = await call('POST', `/api/lessons/${encodeURIComponent(this.game)}/${encodeURIComponent(this.id)}/${this.step}`, { moves: this.moves });
    } catch (e) {
      this.moves.pop();
      this.busy = false;
      if (!this.state.alive) return;
      this.message.replaceChildren(h('div', { class: 'error', role: 'alert' },
        e.code === 'illegal_move' ? t('learn-illegal', { move: mv }) : errorText(e)));
      this.showBoard(this.current, null, false);
      return;
    }
    if (!this.state.alive) return;
    const replies = Array.isArray(r.replies) ? r.replies : [];
    if (replies.length) {
      // The other side answers after a moment, so both moves can be seen.
      this.showBoard(this.current, mv, false);
      await pause(450);
      if (!this.state.alive) return;
    }
    this.busy = false;
    if (r.status === 'wrong') this.over = true;
    if (r.status === 'done') this.over = true;
    this.showBoard(r.board || this.current, replies[replies.length - 1] || mv, replies.length > 0);
    if (r.status === 'wrong') this.wrong(r);
    else if (r.status === 'done') this.stepDone(r);
  }

  /** A wrong try: the hint, and the step again. */
  wrong(r) {
    const again = h('button', { class: 'primary', 'data-action': 'retry', onclick: () => this.begin(this.step) }, t('learn-try-again'));
    this.message.replaceChildren(h('div', { class: 'notice lesson-hint', role: 'alert', 'data-test': 'lesson-hint' },
      h('strong', null, t('learn-not-yet')), ' ', r.hint || t('learn-no-hint'), h('div', { class: 'actions' }, again)));
    again.focus({ preventScroll: true });
  }

  /** A step done: its stars (the server's, else from the moves it took), then on. */
  stepDone(r) {
    const step = this.steps[this.step];
    const limits = Array.isArray(step.stars) ? step.stars : [];
    const n = this.moves.length;
    const stars = Number.isFinite(r.stars) ? r.stars
      : limits.length ? (n <= limits[0] ? 3 : n <= (limits[1] ?? limits[0]) ? 2 : 1) : 3;
    this.stepStars[this.step] = stars;
    const last = this.step + 1 >= this.steps.length;
    const on = h('button', { class: 'primary', 'data-action': last ? 'finish' : 'next-step', onclick: () => this.begin(this.step + 1) },
      last ? t('learn-finish') : t('learn-next-step'));
    this.message.replaceChildren(h('div', { class: 'banner', role: 'status', 'data-test': 'step-done' },
      h('strong', null, t('learn-step-done')), ' ', starsEl(stars), h('div', { class: 'actions' }, on)));
    on.focus({ preventScroll: true });
  }

  /** The lesson's end: its stars (the fewest of its steps'), kept, and the next lesson. */
  end() {
    const stars = this.stepStars.length ? Math.min(...this.steps.map((_, i) => this.stepStars[i] ?? 1)) : 0;
    keepStars(this.game, this.id, stars, this.me);
    const next = this.lesson.next;
    this.stepLine.textContent = '';
    this.goal.replaceChildren(h('strong', null, t('learn-lesson-done')));
    this.message.replaceChildren(h('div', { class: 'banner', role: 'status', 'data-test': 'lesson-done' },
      h('strong', null, t('learn-lesson-done-long', { lesson: this.lesson.title || this.id })), ' ',
      starsEl(stars, { 'data-test': 'lesson-stars' }),
      h('p', { class: 'small' }, stars < 3 ? t('learn-fewer-moves') : t('learn-all-stars')),
      h('div', { class: 'actions' },
        next && next.id ? h('a', { class: 'button primary', href: `/learn/${next.game}/${encodeURIComponent(next.id)}`, 'data-link': '', 'data-action': 'next-lesson' }, t('learn-next-lesson')) : null,
        h('button', { type: 'button', 'data-action': 'again', onclick: () => { this.stepStars = []; this.begin(0); } }, t('learn-again')),
        h('a', { class: 'button', href: '/learn', 'data-link': '' }, t('learn-all-lessons')))));
    const first = this.message.querySelector('.actions > *');
    if (first) first.focus({ preventScroll: true });
  }
}
