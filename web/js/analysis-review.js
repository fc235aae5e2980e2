// A finished game's review on the analysis board: asked for once
// (`POST /api/games/{id}/review`), followed until done (`GET`), then drawn
// as a graph of the evaluation per ply with the marked moves, a list of
// those moves and each player's accuracy. A click on the graph or the list
// jumps to the ply. The server computes everything (docs/api.md).

import { h, s, title, clear } from './dom.js';
import { request } from './api.js';
import { t, errorText, formatNumber } from './i18n.js';
import { scoreView } from './analysis-engine.js';

const enc = encodeURIComponent;
/** How often a running review is asked about. */
const POLL_MS = 1500;
const CLASS_COLOURS = { inaccuracy: '#c9a400', mistake: '#e07000', blunder: '#c00' };

/**
 * The review box for game `id` in `box`. `seatName(seat)`, `viewSeat` (whose
 * view the graph takes), `players`, `onJump(ply)`.
 */
export class ReviewPanel {
  constructor(box, { id, seatName, viewSeat = 1, players = 2, onJump }) {
    this.box = box;
    this.id = id;
    this.seatName = seatName;
    this.viewSeat = viewSeat;
    this.players = players;
    this.onJump = onJump;
    this.timer = null;
    this.alive = true;
    this.current = null;
  }

  async start() {
    this.say(t('analysis-review-loading'));
    await this.poll(false);
  }

  close() { this.alive = false; clearTimeout(this.timer); }

  say(text, ...more) {
    clear(this.box);
    this.box.append(h('h2', null, t('analysis-review')), h('p', { class: 'muted', 'data-test': 'review-status' }, text), ...more);
  }

  async poll(asked) {
    if (!this.alive) return;
    let r;
    try {
      r = await request('GET', `/api/games/${enc(this.id)}/review`);
    } catch (e) {
      if (!this.alive) return;
      if (e.status === 404 && !asked) { this.offer(); return; }
      this.say(t('analysis-review-failed', { error: errorText(e) }));
      return;
    }
    if (!this.alive) return;
    if (r && r.status === 'done') { this.review = r; this.draw(); return; }
    if (r && r.status === 'failed') { this.say(t('analysis-review-failed', { error: r.reason || '' })); return; }
    const p = r && r.progress;
    const part = p && p.total ? ` (${p.done}/${p.total})` : '';
    this.say(r && r.status === 'running' ? `${t('analysis-review-running')}${part}` : t('analysis-review-queued'));
    this.timer = setTimeout(() => this.poll(true), POLL_MS);
  }

  offer() {
    const button = h('button', { type: 'button', class: 'primary', 'data-action': 'request-review', onclick: async () => {
      button.disabled = true;
      try {
        await request('POST', `/api/games/${enc(this.id)}/review`, {});
        this.say(t('analysis-review-queued'));
        this.timer = setTimeout(() => this.poll(true), 300);
      } catch (e) {
        button.disabled = false;
        this.say(t('analysis-review-failed', { error: errorText(e) }), button);
      }
    } }, t('analysis-review-request'));
    this.say(t('analysis-review-none'), button);
  }

  /** Marks the ply shown on the board (`null`: none of the main line). */
  mark(ply) {
    this.current = ply;
    if (this.review) this.draw();
  }

  draw() {
    const plies = Array.isArray(this.review.plies) ? this.review.plies : [];
    clear(this.box);
    this.box.append(h('h2', null, t('analysis-review')), this.accuracy(), this.graph(plies), this.marks(plies));
  }

  accuracy() {
    const list = Array.isArray(this.review.accuracy) ? this.review.accuracy : [];
    return h('p', { class: 'review-accuracy', 'data-test': 'review-accuracy' }, t('analysis-review-accuracy'), ' ',
      ...list.map((a, i) => h('span', { class: 'nowrap' }, `${this.seatName(i + 1)} `,
        h('strong', null, a == null ? '—' : `${formatNumber(Math.round(a))}%`), i + 1 < list.length ? ' · ' : '')));
  }

  /** The evaluation after each ply from the viewing seat, as a line. */
  graph(plies) {
    const W = 600;
    const H = 120;
    const n = Math.max(plies.length, 1);
    const x = (ply) => (ply / n) * (W - 8) + 4;
    const y = (v) => H - 4 - v * (H - 8);
    const value = (p) => {
      if (!p) return 0.5;
      // The score of the move played, from its mover's side at the position
      // before it (`seat` is 0-based there, as the analysis's `to_act`).
      return scoreView(p.score, p.seat + 1, this.viewSeat, this.seatName, this.players).value;
    };
    const pts = [[0, 0.5], ...plies.map((p) => [p.ply, value(p)])];
    const svg = s('svg', {
      class: 'review-graph', viewBox: `0 0 ${W} ${H}`, role: 'img', 'data-test': 'review-graph',
      'aria-label': t('analysis-review-graph', { seat: this.seatName(this.viewSeat) }),
    });
    svg.append(s('rect', { x: 0, y: 0, width: W, height: H, class: 'bg' }));
    svg.append(s('line', { x1: 0, x2: W, y1: y(0.5), y2: y(0.5), class: 'mid' }));
    const area = `M${x(0)} ${y(0)} ${pts.map(([p, v]) => `L${x(p).toFixed(1)} ${y(v).toFixed(1)}`).join(' ')} L${x(pts[pts.length - 1][0])} ${y(0)}Z`;
    svg.append(s('path', { d: area, class: 'area' }));
    if (this.current != null) svg.append(s('line', { x1: x(this.current), x2: x(this.current), y1: 0, y2: H, class: 'now' }));
    for (const p of plies) {
      if (!p.class) continue;
      svg.append(s('circle', {
        cx: x(p.ply), cy: y(value(p)), r: 5, fill: CLASS_COLOURS[p.class] || '#888', stroke: '#fff', 'stroke-width': 1.5,
        'data-ply': p.ply, 'data-class': p.class,
      }, title(t(`analysis-class-${p.class}`))));
    }
    svg.addEventListener('click', (ev) => {
      const m = svg.getScreenCTM();
      if (!m) return;
      const px = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse()).x;
      const ply = Math.max(0, Math.min(n, Math.round(((px - 4) / (W - 8)) * n)));
      this.onJump(ply);
    });
    return svg;
  }

  /** The marked moves as a list of buttons. */
  marks(plies) {
    const marked = plies.filter((p) => p.class);
    if (!marked.length) return h('p', { class: 'muted small' }, t('analysis-review-no-marks'));
    return h('ul', { class: 'review-marks', 'data-test': 'review-marks' }, marked.map((p) => h('li', null,
      h('button', { type: 'button', class: 'link-like', 'data-ply': p.ply, onclick: () => this.onJump(p.ply) },
        t('analysis-review-mark', {
          ply: p.ply, move: p.move, seat: this.seatName(p.seat + 1), best: p.best || '—',
          class: t(`analysis-class-${p.class}`),
        })))));
  }
}
