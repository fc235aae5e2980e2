// The position editor (`/editor/{game}`, `?position=…` to start from a
// text): pieces and stones put on and taken off (a palette piece, then a
// square; the same piece again takes it off), the side to move, the
// options the text holds (Shogun's rotation, Shiamgon's board and players)
// and the text itself, kept in step both ways. Every change is checked by
// the server (`POST /api/positions/check`), whose refusal is shown in
// words; a legal position can be analysed or played against the computer.
// The form of each game's text is its board module's (boards/*-edit.js).

import { h, clear } from './dom.js';
import { api, request, saveSeats, ApiError } from './api.js';
import { t, has, errorText } from './i18n.js';
import { loadCatalogue, gameEntry, gameTitle, seatName, choiceLabel } from './catalogue.js';
import { descriptor } from './boards/index.js';
import { keyboardBoard } from './keyboard.js';
import * as dobutsuEdit from './boards/dobutsu-edit.js';
import * as shogunEdit from './boards/shogun-edit.js';
import * as shiamgonEdit from './boards/shiamgon-edit.js';

const EDITORS = { dobutsu: dobutsuEdit, shogun: shogunEdit, shiamgon: shiamgonEdit };
const GAMES = ['dobutsu', 'shogun', 'shiamgon'];
const ERASE = 'erase';
/** How long typing in the text waits before it is read. */
const TYPING_MS = 300;

/** Mounts the editor; returns its teardown. */
export function mountEditor(root, game, query, navigate) {
  const view = new EditorView(root, GAMES.includes(game) ? game : GAMES[0], query, navigate);
  view.start();
  return () => view.destroy();
}

/** The catalogue's option that starts a game from a position text (`fen`, `position`). */
export function startOption(entry) {
  const o = ((entry && entry.options) || []).find((x) => x.kind === 'text' && (x.name === 'fen' || x.name === 'position'));
  return o ? o.name : null;
}

/**
 * `POST /api/positions/check`: the checked position, or an `ApiError`
 * that also carries the refusal's `kind` (`two_lions`, …).
 */
async function checkPosition(body) {
  let res;
  try {
    res = await fetch('/api/positions/check', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'network', t('error-network'));
  }
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (res.ok) return data;
  const err = new ApiError(res.status, data && data.error, (data && data.message) || `${res.status}`);
  err.kind = data && data.kind;
  throw err;
}

class EditorView {
  constructor(root, game, query, navigate) {
    this.root = root;
    this.game = game;
    this.query = query;
    this.navigate = navigate;
    this.ed = EDITORS[game];
    this.tool = null;
    this.alive = true;
    this.checked = null;
    this.seq = 0;
  }

  destroy() {
    this.alive = false;
    clearTimeout(this.typing);
    if (window.kyokuEditor === this) window.kyokuEditor = null;
  }

  async start() {
    window.kyokuEditor = this; // for tests and the curious
    const cat = await loadCatalogue().catch(() => null);
    if (!this.alive) return;
    this.cat = cat;
    this.entry = gameEntry(cat, this.game);
    this.seatName = (seat) => seatName(this.entry, seat);
    this.setup = this.ed.read(this.query.get('position') || '');
    this.layout();
    this.changed();
  }

  layout() {
    this.tabs = h('nav', { class: 'tabs-nav', 'aria-label': t('editor-games') }, GAMES.map((g) => h('a', {
      href: `/editor/${g}`, 'data-link': '', 'aria-current': g === this.game ? 'page' : null,
    }, gameTitle(gameEntry(this.cat, g)) || g)));
    this.wrap = h('div', { class: 'board-wrap', 'data-test': 'editor-board' });
    this.wrap.addEventListener('click', (ev) => this.boardClick(ev));
    this.palette = h('div', { class: 'editor-palette', role: 'toolbar', 'aria-label': t('editor-palette'), 'data-test': 'palette' });
    this.sideBox = h('div', { class: 'field-row' });
    this.extra = h('div');
    this.text = h('textarea', { class: 'mono editor-text', rows: 2, spellcheck: 'false', 'data-test': 'editor-text',
      'aria-label': t('editor-text'), oninput: () => {
        clearTimeout(this.typing);
        this.typing = setTimeout(() => this.typed(), TYPING_MS);
      } });
    this.verdict = h('div', { role: 'status', 'data-test': 'editor-verdict' });
    this.analyse = h('button', { type: 'button', class: 'primary', 'data-action': 'analyse', disabled: true, onclick: () => this.toAnalysis() }, t('editor-analyse'));
    this.play = h('button', { type: 'button', 'data-action': 'play-computer', disabled: true, onclick: () => this.playComputer() }, t('editor-play-computer'));
    this.playError = h('div', { role: 'alert' });
    const startBtn = h('button', { type: 'button', 'data-action': 'start-position', onclick: () => this.restart(this.ed.drawOptions(this.setup)) }, t('editor-start-position'));
    const clearBtn = h('button', { type: 'button', 'data-action': 'clear', onclick: () => { this.ed.clear(this.setup); this.changed(); } }, t('editor-clear'));
    this.root.replaceChildren(h('div', { class: 'editor-page' },
      h('section', null,
        h('h1', null, t('editor-title', { game: gameTitle(this.entry) })), this.tabs,
        h('div', { class: 'sticky-head' }, this.verdict), this.wrap, this.palette),
      h('aside', { class: 'side' },
        h('section', { class: 'card' }, h('h2', null, t('editor-setup')), this.sideBox, this.extra,
          h('div', { class: 'field-row' }, startBtn, clearBtn)),
        h('section', { class: 'card' }, h('h2', null, t('editor-text')), this.text),
        h('section', { class: 'card' }, h('div', { class: 'field-row' }, this.analyse, this.play), this.playError))));
    this.board = descriptor(this.game).createBoard(this.wrap, { options: this.ed.drawOptions(this.setup), seats: [], extras: {} });
    this.boardKind = JSON.stringify(this.ed.drawOptions(this.setup));
    this.kb = keyboardBoard(this.wrap, () => this.board, (key) => this.describe(key));
  }

  /** A click on the board: the palette's piece (or the eraser) at that place. */
  boardClick(ev) {
    const el = ev.target.closest && ev.target.closest('[data-sq], [data-piece], [data-field]');
    if (!el) return;
    const place = el.getAttribute('data-sq') || el.getAttribute('data-piece') || el.getAttribute('data-field');
    const tool = this.tool === ERASE ? null : this.tools().find((x) => x.key === this.tool);
    if (!this.tool) { this.verdictNote(t('editor-pick-first')); return; }
    if (this.ed.place(this.setup, tool || null, place)) this.changed();
  }

  tools() { return this.ed.tools(this.seatName, this.setup); }

  /** Everything drawn again from the set-up, the text written, the server asked. */
  changed({ fromText = false } = {}) {
    const text = this.ed.write(this.setup);
    if (!fromText) this.text.value = text;
    this.drawBoard(text, {});
    this.drawPalette();
    this.drawSide();
    clear(this.extra);
    this.extra.append(...this.ed.extraFields(this.setup, this.seatName, () => this.changed(), this.entry, choiceLabel, (o) => this.restart(o)));
    this.check(text);
  }

  drawBoard(text, extras) {
    const kind = JSON.stringify(this.ed.drawOptions(this.setup));
    if (kind !== this.boardKind) {
      this.boardKind = kind;
      this.board = descriptor(this.game).createBoard(this.wrap, { options: this.ed.drawOptions(this.setup), seats: [], extras: {} });
    }
    this.board.update({
      position: text, extras, legal: [], legalInfo: [], lastMove: null, flipped: false, analysis: null,
      toAct: null, history: [], players: this.setup.players || 2, animate: false, mine: null, onMove: () => {},
    });
    this.kb.redraw();
  }

  drawPalette() {
    const button = (key, content, label) => h('button', {
      type: 'button', 'data-tool': key, 'aria-pressed': String(this.tool === key), title: label, 'aria-label': label,
      onclick: () => { this.tool = this.tool === key ? null : key; this.drawPalette(); },
    }, content);
    const desc = descriptor(this.game);
    this.palette.replaceChildren(...this.tools().map((x) => button(x.key, [desc.chip(x.side), ' ', x.text], x.label)),
      button(ERASE, t('editor-erase'), t('editor-erase')));
  }

  drawSide() {
    const sel = h('select', { id: 'editor-side', 'data-option': 'side', onchange: (e) => { this.ed.setSide(this.setup, Number(e.target.value)); this.changed(); } },
      this.ed.sides(this.setup).map((seat) => h('option', { value: String(seat), selected: seat === this.ed.side(this.setup) }, this.seatName(seat))));
    this.sideBox.replaceChildren(h('label', { for: 'editor-side' }, t('editor-side')), sel);
  }

  /** The text typed: read, drawn, checked (the text stays as typed). */
  typed() {
    this.setup = this.ed.read(this.text.value);
    this.changed({ fromText: true });
  }

  /** The server's start position for these options (a new board, the start again). */
  async restart(options) {
    try {
      const v = await request('POST', '/api/positions/play', { game: this.game, options });
      if (!this.alive) return;
      this.setup = this.ed.read(v.position);
      this.changed();
    } catch (e) {
      this.verdictNote(errorText(e), true);
    }
  }

  verdictNote(text, bad = false) {
    this.verdict.replaceChildren(h('div', { class: bad ? 'error' : 'notice' }, text));
  }

  /** Asks the server whether the text is a position of the game. */
  async check(text) {
    const seq = ++this.seq;
    this.checked = null;
    this.analyse.disabled = true;
    this.play.disabled = true;
    const body = { game: this.game, position: text };
    let checked;
    try {
      checked = await checkPosition(body);
    } catch (e) {
      if (seq !== this.seq || !this.alive) return;
      if (e.status === 404 && e.code !== 'bad_position') {
        // A server without the check: the board route checks positions too.
        try { checked = await request('POST', '/api/positions/play', body); } catch (e2) { e = e2; }
      }
      if (!checked) { if (seq === this.seq) this.refused(e); return; }
    }
    if (seq !== this.seq || !this.alive) return;
    this.checked = checked;
    const normal = checked.position || text;
    this.checkedText = normal;
    const moves = (checked.legal_moves || []).length;
    const over = checked.over || moves === 0;
    this.verdict.replaceChildren(h('div', { class: 'notice', 'data-test': 'editor-ok' },
      over ? t('editor-legal-over') : t('editor-legal', { count: moves })));
    this.analyse.disabled = over;
    this.play.disabled = over;
    // The board's extras (Shogun's numbers) come with the board view.
    try {
      const v = await request('POST', '/api/positions/play', { game: this.game, position: normal });
      if (seq === this.seq && this.alive) this.drawBoard(this.ed.write(this.setup), v.extras || {});
    } catch { /* drawn without them */ }
  }

  /** The server's refusal in words: the catalogue's words for its kind, else its own. */
  refused(e) {
    const kind = e.code === 'bad_position' && e.kind ? e.kind : null;
    const id = kind ? `editor-problem-${String(kind).replace(/_/g, '-')}` : null;
    const reason = id && has(id) ? t(id) : (e.code === 'bad_position' || e.code === 'bad_options' ? e.message : errorText(e));
    this.verdict.replaceChildren(h('div', { class: 'error', 'data-test': 'editor-problem' }, t('editor-refused', { reason })));
  }

  toAnalysis() {
    const text = this.checkedText || this.ed.write(this.setup);
    this.navigate(`/analysis/${this.game}?position=${encodeURIComponent(text)}`);
  }

  /** A game from this position: this browser plays the side to move, the computer the others. */
  async playComputer() {
    const opt = startOption(this.entry);
    if (!opt) return;
    clear(this.playError);
    const text = this.checkedText || this.ed.write(this.setup);
    const me = this.ed.side(this.setup);
    const n = this.ed.sides(this.setup).length;
    const program = (this.entry.default_seats || []).find((k) => k !== 'human') || 'ai:2';
    const seats = Array.from({ length: n }, (_, i) => (i + 1 === me ? 'human' : program));
    try {
      const res = await api.createGame(this.game, { [opt]: text }, seats, []);
      const mine = { seats: {}, invites: {} };
      for (const seat of res.seats || []) if (seat.token && seat.seat === me) mine.seats[seat.seat] = seat.token;
      saveSeats(res.id, mine);
      this.navigate(`/game/${res.id}`);
    } catch (e) {
      this.playError.replaceChildren(h('div', { class: 'error' }, errorText(e)));
    }
  }

  /** Words for a place (the keyboard cursor's): what stands there. */
  describe(key) {
    const name = key.slice(key.indexOf(':') + 1);
    const svg = this.wrap.querySelector('svg.board');
    const piece = svg && svg.querySelector(`[data-piece="${name}"], [data-stone="${name}"]`);
    const what = piece ? ((piece.querySelector('title') || {}).textContent || t('game-kb-a-piece')) : t('game-kb-empty');
    return t('game-kb-place', { square: name, what });
  }
}
