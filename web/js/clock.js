// Clocks of a game: the server's remaining times, ticked down smoothly in
// the browser. The server's clock is the truth; the browser only counts the
// time since a state arrived (its own clock may be set wrong, so the
// server's timestamp is never compared with it), and every state resets
// the count, so nothing drifts over a long game.

import { t } from './i18n.js';

/** The time control's starting time in ms (`3+2` → 180000), or null. */
export function initialMs(control) {
  const m = /^(\d+(?:\.\d+)?)\+(\d+)$/.exec(control || '');
  if (m) return Math.round(Number(m[1]) * 60000);
  const d = /^(\d+)d$/.exec(control || '');
  return d ? Number(d[1]) * 86400000 : null;
}

/** Whether `ms` left is low for `control` (a warning colour, a sound). */
export function isLow(ms, control) {
  if (ms == null) return false;
  if (/d$/.test(control || '')) return ms < 3600000;
  const start = initialMs(control) || 0;
  return ms < Math.max(10000, Math.min(30000, start / 10));
}

/** `ms` as a clock shows it: `2:05`, `0:09.4` under ten seconds, `1:02:03`, `3d 04h`. */
export function formatMs(ms) {
  const left = Math.max(0, ms);
  if (left >= 86400000) {
    const d = Math.floor(left / 86400000);
    const hr = Math.floor((left % 86400000) / 3600000);
    return t('game-clock-days-hours', { days: d, hours: String(hr).padStart(2, '0') });
  }
  const totalS = Math.floor(left / 1000);
  const hr = Math.floor(totalS / 3600);
  const min = Math.floor((totalS % 3600) / 60);
  const sec = totalS % 60;
  if (hr) return `${hr}:${String(min).padStart(2, '0')}:${String(sec).padStart(2, '0')}`;
  if (left < 10000) return `0:0${sec}.${Math.floor((left % 1000) / 100)}`;
  return `${min}:${String(sec).padStart(2, '0')}`;
}

/** `ms` in words for screen readers: "2 minutes 5 seconds". */
export function spokenMs(ms) {
  const totalS = Math.max(0, Math.ceil(ms / 1000));
  const parts = [];
  const d = Math.floor(totalS / 86400);
  const hr = Math.floor((totalS % 86400) / 3600);
  const min = Math.floor((totalS % 3600) / 60);
  const sec = totalS % 60;
  const say = (count, id) => { if (count) parts.push(t(id, { count })); };
  say(d, 'game-clock-days'); say(hr, 'game-clock-hours'); say(min, 'game-clock-minutes');
  if (!d && !hr) say(sec, 'game-clock-seconds');
  return parts.join(' ') || t('game-clock-seconds', { count: 0 });
}

/**
 * The clocks of one game view: `update(raw state)` with each state,
 * `remaining(seat)` now. `onLow(seat)` is called once per seat when its
 * running clock becomes low, `onZero()` when the running clock reaches 0.
 */
export class Clocks {
  constructor({ onTick, onLow, onZero }) {
    this.onTick = onTick;
    this.onLow = onLow;
    this.onZero = onZero;
    this.state = null;
    this.arrived = 0;
    this.warned = new Set();
    this.timer = null;
  }

  /** A new state from the server (its raw JSON). */
  update(raw) {
    this.state = raw && Array.isArray(raw.clocks) && raw.clocks.some((c) => c != null) ? raw : null;
    this.arrived = performance.now();
    this.zeroSent = false;
    clearInterval(this.timer);
    this.timer = null;
    if (this.running()) this.timer = setInterval(() => this.tick(), 100);
    this.tick();
  }

  /** Whether the game has clocks at all. */
  has() { return !!this.state; }

  /** The 1-based seat whose clock runs, or null. */
  running() {
    const st = this.state;
    return st && !st.result && st.clock_runs ? st.clock_runs : null;
  }

  /** Seat `seat`'s time left now, in ms (null without a clock). */
  remaining(seat) {
    const st = this.state;
    if (!st) return null;
    const left = st.clocks[seat - 1];
    if (left == null) return null;
    if (this.running() !== seat) return left;
    return Math.max(0, left - (performance.now() - this.arrived));
  }

  tick() {
    const seat = this.running();
    if (seat) {
      const left = this.remaining(seat);
      if (isLow(left, this.state.clock) && !this.warned.has(seat)) {
        this.warned.add(seat);
        if (this.onLow) this.onLow(seat);
      }
      if (left <= 0 && !this.zeroSent) {
        this.zeroSent = true;
        if (this.onZero) this.onZero();
      }
    }
    if (this.onTick) this.onTick();
  }

  stop() { clearInterval(this.timer); this.timer = null; }
}
