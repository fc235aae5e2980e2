// The engine's side of the analysis board: asking the server for lines
// (over `/api/analyze/ws` while the page is open, deeper as it thinks;
// `POST /api/analyze` when the socket cannot be had), and the words and
// the bar for a score. Scores come from the side to move at the analysed
// position (docs/api.md); this module turns them to the first seat's view
// for the bar, and knows nothing of any game.

import { request } from './api.js';
import { t, errorText, formatNumber } from './i18n.js';

/** How long the POST fallback waits after the last change before asking. */
const SETTLE_MS = 250;

/**
 * The engine connection. `onAnalysis(analysis, req)` with each answer for
 * the current request, `onError(text)` when it fails, `onBusy(bool)`.
 */
export class Engine {
  constructor({ onAnalysis, onError, onBusy }) {
    this.onAnalysis = onAnalysis;
    this.onError = onError;
    this.onBusy = onBusy || (() => {});
    this.req = null;
    this.ws = null;
    this.socketFailed = false;
    this.timer = null;
    this.closed = false;
  }

  /** Asks for `req` (`{game, position, lines}`), replacing any earlier question. */
  async ask(req) {
    this.req = req;
    clearTimeout(this.timer);
    this.onBusy(true);
    // Whether this server has the socket, asked once by a plain request (a
    // refused socket would fill the console with errors).
    if (!this.probe) this.probe = fetch('/api/analyze/ws').then((r) => r.status !== 404).catch(() => false);
    if (!(await this.probe)) this.socketFailed = true;
    if (req !== this.req) return;
    if (!this.socketFailed && typeof WebSocket !== 'undefined') this.overSocket(req);
    else this.timer = setTimeout(() => this.overPost(req), SETTLE_MS);
  }

  /** Stops asking (the position is over, or the engine is switched off). */
  stop() {
    this.req = null;
    clearTimeout(this.timer);
    this.onBusy(false);
    if (this.ws) { try { this.ws.close(); } catch { /* closing anyway */ } this.ws = null; }
  }

  close() { this.closed = true; this.stop(); }

  /** The socket's message for `req`: it carries a `ref` the answers echo. */
  socketMessage(req) {
    this.ref = (this.ref || 0) + 1;
    req.ref = this.ref;
    return JSON.stringify({ ...req, ref: this.ref });
  }

  overSocket(req) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) { this.ws.send(this.socketMessage(req)); return; }
    if (this.ws && this.ws.readyState === WebSocket.CONNECTING) return; // sent on open
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${proto}//${location.host}/api/analyze/ws`);
    this.ws = ws;
    let opened = false;
    ws.onopen = () => { opened = true; if (this.req) ws.send(this.socketMessage(this.req)); };
    ws.onmessage = (ev) => {
      let data;
      try { data = JSON.parse(ev.data); } catch { return; }
      if (!data || !this.req) return;
      // Answers to an earlier question may still arrive: only the current one's count.
      if (data.ref != null && data.ref !== this.req.ref) return;
      if (data.type === 'analysis' && data.analysis) this.deliver(data.analysis, this.req);
      else if (data.type === 'done') this.onBusy(false);
      else if (data.type === 'error' || data.error) {
        this.onBusy(false);
        this.onError(errorText({ code: data.code || data.error, message: data.message }));
      }
    };
    ws.onclose = () => {
      if (this.ws === ws) this.ws = null;
      if (this.closed) return;
      // Never opened: this server (or a proxy) has no analysis socket; ask by POST.
      if (!opened) { this.socketFailed = true; if (this.req) this.overPost(this.req); }
    };
    ws.onerror = () => { try { ws.close(); } catch { /* closing anyway */ } };
  }

  async overPost(req) {
    if (req !== this.req) return;
    try {
      const body = { ...req };
      delete body.ref; // the socket's
      const a = await request('POST', '/api/analyze', body);
      if (req === this.req) { this.deliver(a, req); this.onBusy(false); }
    } catch (e) {
      if (req !== this.req) return;
      if (e.status === 429 && e.retryAfter) {
        this.timer = setTimeout(() => this.overPost(req), e.retryAfter * 1000);
        return;
      }
      this.onBusy(false);
      this.onError(errorText(e));
    }
  }

  /** An answer for the current question (the page checks it is about the position shown). */
  deliver(a, req) {
    if (req !== this.req || !a || !Array.isArray(a.lines)) return;
    this.onAnalysis(a, req);
  }
}

/**
 * A score from the side to move turned to `seat`'s view (two players):
 * `{value: 0..1, text, long}` — `value` for the bar (1 = `seat` wins),
 * `text` short for a line, `long` a sentence. `toAct`: the seat to move at
 * the analysed position; `names(seat)`: a seat's name.
 */
export function scoreView(score, toAct, seat, names, players) {
  if (!score || !score.kind) return { value: 0.5, text: '', long: '' };
  const mover = toAct || 1;
  if (score.kind === 'places') {
    const list = Array.isArray(score.expected) ? score.expected : [];
    const mine = list[seat - 1];
    const n = Math.max(players || list.length, 2);
    const value = Number.isFinite(mine) ? (n - mine) / (n - 1) : 0.5;
    const text = Number.isFinite(mine) ? formatNumber(mine, { maximumFractionDigits: 1, minimumFractionDigits: 1 }) : '';
    return {
      value: Math.min(1, Math.max(0, value)), text,
      long: t('analysis-score-place', { seat: names(seat), place: text }),
    };
  }
  const flip = mover !== seat;
  if (score.kind === 'exact') {
    let outcome = score.outcome;
    if (flip && outcome !== 'draw') outcome = outcome === 'win' ? 'loss' : 'win';
    const plies = score.plies ?? null;
    const winner = outcome === 'win' ? seat : (seat === 1 ? 2 : 1);
    if (outcome === 'draw') return { value: 0.5, text: '=', long: t('analysis-score-draw') };
    const sign = outcome === 'win' ? '+' : '−';
    return {
      value: outcome === 'win' ? 1 : 0,
      text: plies != null ? `${sign}#${plies}` : sign,
      long: plies != null ? t('analysis-score-wins-in', { seat: names(winner), plies }) : t('analysis-score-wins', { seat: names(winner) }),
    };
  }
  // An evaluation: the program's units and the win expectancy.
  let we = Number(score.win_expectancy);
  let value = Number(score.value);
  if (!Number.isFinite(we)) we = 0.5;
  if (flip) { we = 1 - we; value = -value; }
  const pct = Math.round(we * 100);
  return {
    value: Math.min(1, Math.max(0, we)),
    text: `${value > 0 ? '+' : value < 0 ? '−' : ''}${formatNumber(Math.abs(value))}`,
    long: t('analysis-score-expectancy', { seat: names(seat), percent: pct }),
  };
}
