// The analysis board (`/analysis/{game}`, `?position=…` a position text,
// `?game={id}` a game, `&ply=n` where to start): any move from any ply,
// kept as a tree of variations; the engine's lines (playable), the best
// move as an arrow, an evaluation bar; for a finished game its review.
// The page knows no rules: boards and legal moves come from
// `POST /api/positions/play`, lines from the analysis API.

import { h, clear } from './dom.js';
import { api, request, loadSeats } from './api.js';
import { t, errorText } from './i18n.js';
import { loadCatalogue, gameEntry, gameTitle, seatName } from './catalogue.js';
import { BoardOnly } from './board-only.js';
import { descriptor } from './boards/index.js';
import { arrowLayer } from './boards/arrow.js';
import { Tree, renderMoves } from './analysis-tree.js';
import { Engine, scoreView } from './analysis-engine.js';
import { ReviewPanel } from './analysis-review.js';

const GAMES = ['dobutsu', 'shogun', 'shiamgon'];
const LINES_KEY = 'kyoku.analysis.lines';
const ENGINE_KEY = 'kyoku.analysis.engine';
const ARROW_COLOURS = ['#15781b', '#0072b2', '#7a5aa6', '#8a6d3b', '#666'];

function stored(key, fallback) {
  try { const v = localStorage.getItem(key); return v == null ? fallback : JSON.parse(v); } catch { return fallback; }
}
function store(key, v) { try { localStorage.setItem(key, JSON.stringify(v)); } catch { /* this tab only */ } }

/** Mounts the analysis board; returns its teardown. */
export function mountAnalysis(root, game, query) {
  const view = new AnalysisView(root, GAMES.includes(game) ? game : GAMES[0], query);
  view.start();
  return () => view.destroy();
}

class AnalysisView {
  constructor(root, game, query) {
    this.root = root;
    this.game = game;
    this.query = query;
    this.tree = new Tree();
    this.current = this.tree.root;
    this.alive = true;
    this.flipped = false;
    this.engineOn = stored(ENGINE_KEY, true) !== false;
    this.lines = Math.min(5, Math.max(1, Number(stored(LINES_KEY, 3)) || 3));
    this.analysis = null;
    this.viewSeat = 1;
    this.onKey = (ev) => this.key(ev);
  }

  destroy() {
    this.alive = false;
    document.removeEventListener('keydown', this.onKey);
    if (this.engine) this.engine.close();
    if (this.arrows) this.arrows.close();
    if (this.review) this.review.close();
    if (window.kyokuAnalysis === this) window.kyokuAnalysis = null;
  }

  async start() {
    window.kyokuAnalysis = this; // for tests and the curious
    this.root.replaceChildren(h('p', { class: 'muted' }, t('loading')));
    const cat = await loadCatalogue().catch(() => null);
    if (!this.alive) return;
    this.cat = cat;
    try {
      await this.loadRoot();
    } catch (e) {
      if (!this.alive) return;
      this.root.replaceChildren(h('h1', null, t('analysis-title')),
        h('div', { class: 'error', role: 'alert', 'data-test': 'analysis-error' }, errorText(e)));
      return;
    }
    if (!this.alive) return;
    this.layout();
    this.engine = new Engine({
      onAnalysis: (a) => this.showAnalysis(a),
      onError: (text) => { this.engineStatus.textContent = text; },
      onBusy: (busy) => this.engineBox.classList.toggle('thinking', busy),
    });
    document.addEventListener('keydown', this.onKey);
    const ply = Number(this.query.get('ply'));
    await this.goto(Number.isInteger(ply) && ply >= 0 ? this.tree.mainAt(ply) : this.tree.root);
  }

  /** The root: a game's start and its moves as the main line, a position, or the start. */
  async loadRoot() {
    const id = this.query.get('game');
    const position = this.query.get('position');
    if (id) {
      const st = await api.getGame(id);
      this.gameId = id;
      this.game = st.game;
      this.state = st;
      this.rootReq = { game: st.game, options: st.options || {} };
      let parent = this.tree.root;
      for (const m of st.history) parent = this.tree.add(parent, m.move, m.seat ?? null);
      const held = Object.keys(loadSeats(id).seats).map(Number);
      if (held.length === 1) this.viewSeat = held[0];
      this.flipped = held.length === 1 && held[0] === 2 && descriptor(st.game).flipsForSecondSeat;
    } else if (position) {
      this.rootReq = { game: this.game, position };
    } else {
      this.rootReq = { game: this.game };
    }
    this.entry = gameEntry(this.cat, this.game);
    this.tree.root.view = await this.fetchView(this.tree.root);
  }

  /** The server's board after the moves that lead to `node`. */
  fetchView(node) {
    return request('POST', '/api/positions/play', { ...this.rootReq, moves: this.tree.path(node) });
  }

  layout() {
    const desc = descriptor(this.game);
    this.players = Number((this.tree.root.view.options && this.tree.root.view.options.players) || 2);
    this.evalBar = h('div', { class: 'eval-bar', 'data-test': 'eval-bar', role: 'img' },
      h('div', { class: 'eval-fill' }), h('span', { class: 'eval-text' }));
    this.boardBox = h('div');
    this.status = h('p', { class: 'analysis-status', role: 'status', 'data-test': 'analysis-status' });
    this.nav = h('div', { class: 'history-nav' },
      this.navButton('«', t('analysis-first'), () => this.goto(this.tree.root), 'first'),
      this.navButton('◀', t('analysis-back'), () => this.current.parent && this.goto(this.current.parent), 'back'),
      this.navButton('▶', t('analysis-forward'), () => this.current.children[0] && this.goto(this.current.children[0]), 'forward'),
      this.navButton('»', t('analysis-last'), () => this.goto(this.tree.lineEnd(this.current)), 'last'),
      desc.flipsForSecondSeat ? h('button', { type: 'button', 'data-action': 'flip', onclick: () => { this.flipped = !this.flipped; this.draw(); } }, t('analysis-flip')) : null);
    this.mainLineButton = h('button', { type: 'button', 'data-action': 'main-line', hidden: true,
      onclick: () => this.goto(this.tree.mainAncestor(this.current)) }, t('analysis-back-to-main'));
    this.moves = h('div');
    this.engineStatus = h('p', { class: 'muted small', 'data-test': 'engine-status' });
    this.linesBox = h('ol', { class: 'engine-lines', 'data-test': 'engine-lines' });
    const toggle = h('input', { type: 'checkbox', id: 'engine-on', checked: this.engineOn, onchange: (e) => {
      this.engineOn = e.target.checked; store(ENGINE_KEY, this.engineOn); this.ask();
    } });
    const count = h('select', { id: 'engine-lines', 'aria-label': t('analysis-lines-count'), onchange: (e) => {
      this.lines = Number(e.target.value); store(LINES_KEY, this.lines); this.ask();
    } }, [1, 2, 3, 4, 5].map((n) => h('option', { value: n, selected: n === this.lines }, String(n))));
    this.engineBox = h('section', { class: 'card engine-box' }, h('h2', null, t('analysis-engine')),
      h('div', { class: 'field-row' }, toggle, h('label', { for: 'engine-on' }, t('analysis-engine-on')),
        h('label', { for: 'engine-lines' }, t('analysis-lines-count')), count),
      this.engineStatus, this.linesBox);
    this.textBox = h('input', { type: 'text', readonly: true, class: 'mono', 'data-test': 'position-text', 'aria-label': t('analysis-position-text') });
    this.editLink = h('a', { class: 'button', 'data-link': '', 'data-action': 'edit' }, t('analysis-edit'));
    this.reviewBox = h('section', { class: 'card', 'data-test': 'review' });
    const title = this.gameId
      ? t('analysis-title-game', { game: gameTitle(this.entry) })
      : t('analysis-title-of', { game: gameTitle(this.entry) });
    this.root.replaceChildren(h('div', { class: 'analysis-page' },
      h('section', null,
        h('h1', null, title),
        this.gameId ? h('p', { class: 'small' }, h('a', { href: `/game/${encodeURIComponent(this.gameId)}`, 'data-link': '' }, t('analysis-to-game'))) : null,
        h('div', { class: 'sticky-head' }, this.status, this.evalBar),
        this.boardBox, this.nav),
      h('aside', { class: 'side' },
        this.engineBox,
        h('section', { class: 'card' }, h('h2', null, t('analysis-moves')), this.moves, this.mainLineButton),
        this.gameId && this.state && this.state.result ? this.reviewBox : null,
        h('section', { class: 'card' }, h('h2', null, t('analysis-position')), h('div', { class: 'field-row' }, this.textBox, this.editLink)))));
    this.board = new BoardOnly(this.boardBox, { onMove: (mv) => this.play(mv), entry: this.entry });
    this.arrows = arrowLayer(this.boardBox);
    if (this.gameId && this.state && this.state.result) {
      this.review = new ReviewPanel(this.reviewBox, {
        id: this.gameId, seatName: (seat) => seatName(this.entry, seat), viewSeat: this.viewSeat,
        players: this.players, onJump: (ply) => this.goto(this.tree.mainAt(ply)),
      });
      this.review.start();
    }
  }

  navButton(text, label, onclick, action) {
    return h('button', { type: 'button', 'aria-label': label, title: label, 'data-action': action, onclick }, text);
  }

  /** Shows `node`: its board (fetched once), its place in the list, the engine's lines. */
  async goto(node) {
    this.current = node;
    this.analysis = null;
    if (!node.view) {
      this.drawMoves();
      try {
        const v = await this.fetchView(node);
        node.view = v;
      } catch (e) {
        if (this.current === node) this.status.replaceChildren(h('span', { class: 'error' }, errorText(e)));
        return;
      }
      if (this.current !== node || !this.alive) return;
    }
    this.draw(true);
    this.ask();
  }

  /** A move on the board (or from a line): into the tree, then shown. */
  async play(move) {
    const child = this.tree.add(this.current, move);
    await this.goto(child);
  }

  /** Plays the first `k + 1` moves of an engine line from the current node. */
  async playLine(moves, k) {
    let n = this.current;
    for (const mv of moves.slice(0, k + 1)) n = this.tree.add(n, mv);
    await this.goto(n);
  }

  draw(animate = false) {
    const node = this.current;
    const v = node.view;
    if (!v) return;
    this.board.show(v, { lastMove: node.move, flipped: this.flipped, active: !v.over, animate });
    this.drawStatus(v);
    this.drawMoves();
    this.textBox.value = v.position;
    this.editLink.setAttribute('href', `/editor/${v.game}?position=${encodeURIComponent(v.position)}`);
    this.mainLineButton.hidden = this.tree.isMain(node);
    this.drawEngine();
    if (this.review) this.review.mark(this.tree.isMain(node) ? node.ply : null);
  }

  drawStatus(v) {
    const who = v.to_act && v.to_act.seat ? seatName(this.entry, Number(v.to_act.seat)) : null;
    const text = v.over || !v.to_act ? t('analysis-over') : t('analysis-to-move', { seat: who || '' });
    this.status.replaceChildren(who && !v.over ? this.board.chip(Number(v.to_act.seat)) : '', ' ', text,
      this.current.ply ? h('span', { class: 'muted small' }, ' ', t('analysis-ply', { ply: this.current.ply })) : '');
  }

  drawMoves() {
    this.moves.replaceChildren(renderMoves(this.tree, this.current, this.players, (n) => this.goto(n)));
    const cur = this.moves.querySelector('.move.current');
    if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: 'nearest' });
  }

  /** Asks the engine about the current node (or stops it). */
  ask() {
    const v = this.current.view;
    this.analysis = null;
    if (!this.engine || !v) return;
    if (!this.engineOn || v.over || !v.to_act || v.to_act.seat == null) {
      this.engine.stop();
      this.engineStatus.textContent = !this.engineOn ? t('analysis-engine-off') : t('analysis-nothing');
      this.drawEngine();
      return;
    }
    this.engineStatus.textContent = t('analysis-thinking');
    this.engine.ask({ game: v.game, position: v.position, lines: this.lines });
    this.drawEngine();
  }

  showAnalysis(a) {
    const v = this.current.view;
    if (!this.alive || !v) return;
    // An answer about an earlier position may still arrive over the socket:
    // it counts when it names this position, or (written another way) when
    // every line starts with a move legal here.
    const legal = new Set(v.legal_moves || []);
    const here = a.position === v.position || (a.lines.length > 0 && a.lines.every((l) => !l.moves.length || legal.has(l.moves[0])));
    if (!here) return;
    this.analysis = a;
    const depth = a.depth != null ? t('analysis-depth', { depth: a.depth }) : '';
    const source = t(`analysis-source-${a.source || 'search'}`);
    this.engineStatus.textContent = depth ? `${source} · ${depth}` : source;
    this.drawEngine();
  }

  /** The lines, the arrows and the bar from the latest analysis. */
  drawEngine() {
    const a = this.analysis;
    const v = this.current.view;
    const desc = descriptor(this.game);
    if (!a || !v) {
      clear(this.linesBox);
      this.linesKey = null;
      this.arrows.set([]);
      this.drawBar(null);
      return;
    }
    const toAct = a.to_act != null ? a.to_act + 1 : (v.to_act && v.to_act.seat) || 1;
    const names = (seat) => seatName(this.entry, seat);
    const arrows = [];
    // Deeper answers of the same lines change only their scores: the buttons
    // stay (a click must not land on a button being replaced).
    const keys = a.lines.map((l) => l.moves.slice(0, 10).join(' ')).join('|');
    const same = keys === this.linesKey && this.linesBox.childElementCount === a.lines.length;
    this.linesKey = keys;
    if (!same) clear(this.linesBox);
    a.lines.forEach((line, i) => {
      const sv = scoreView(line.score, toAct, this.viewSeat, names, this.players);
      const first = line.moves[0];
      const ends = first && desc.arrowEnds(first, v.position);
      if (ends) arrows.push({ ...ends, move: first, colour: ARROW_COLOURS[i] || '#666', strength: i === 0 ? 1 : 0.6 });
      if (same) {
        const score = this.linesBox.children[i].querySelector('.line-score');
        score.textContent = sv.text;
        score.title = sv.long;
        return;
      }
      this.linesBox.append(h('li', { 'data-line': i },
        h('span', { class: 'line-score', title: sv.long }, sv.text), ' ',
        ...line.moves.slice(0, 10).map((mv, k) => h('button', {
          type: 'button', class: 'line-move', 'data-move': mv, 'data-index': k,
          'aria-label': t('analysis-play-line', { moves: line.moves.slice(0, k + 1).join(' ') }),
          onclick: () => this.playLine(line.moves, k),
        }, mv))));
    });
    // The best move strongest, drawn last (on top).
    this.arrows.set(arrows.reverse());
    this.drawBar(a.lines[0] ? scoreView(a.lines[0].score, toAct, this.viewSeat, names, this.players) : null);
  }

  drawBar(sv) {
    const fill = this.evalBar.querySelector('.eval-fill');
    const text = this.evalBar.querySelector('.eval-text');
    const value = sv ? sv.value : 0.5;
    fill.style.width = `${(value * 100).toFixed(1)}%`;
    text.textContent = sv ? sv.long : (this.engineOn ? '' : t('analysis-engine-off'));
    this.evalBar.setAttribute('aria-label', sv ? sv.long : t('analysis-no-eval'));
    this.evalBar.dataset.value = sv ? value.toFixed(3) : '';
  }

  /** ← → step through the tree, Home/End jump (not while typing, nor over the board's own keys). */
  key(ev) {
    const tag = ev.target && ev.target.tagName;
    if (['INPUT', 'SELECT', 'TEXTAREA'].includes(tag) || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const n = this.current;
    const to = {
      ArrowLeft: n.parent, ArrowRight: n.children[0], Home: this.tree.root, End: this.tree.lineEnd(n),
    }[ev.key];
    if (!to) return;
    ev.preventDefault();
    this.goto(to);
  }
}
