// Sounds of the game made with the Web Audio API (no files to load): a
// move, a capture, the end of a game, low time. Silent unless the person
// turned sound on, and never before they have touched the page (browsers
// forbid it, and a page that beeps unasked is rude).

import { soundOn } from './prefs.js';

let ctx = null;
let touched = false;

function wake() {
  touched = true;
  if (!ctx && soundOn()) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (AC) ctx = new AC();
  }
  if (ctx && ctx.state === 'suspended') ctx.resume().catch(() => {});
}
for (const ev of ['pointerdown', 'keydown']) window.addEventListener(ev, wake, { capture: true, passive: true });

/** Tones of each sound: [frequency Hz, start s, length s]. */
const SOUNDS = {
  move: [[660, 0, 0.07]],
  capture: [[440, 0, 0.06], [330, 0.07, 0.1]],
  end: [[523, 0, 0.14], [659, 0.15, 0.14], [784, 0.3, 0.3]],
  lowtime: [[880, 0, 0.08], [880, 0.16, 0.08]],
};

/** The sounds played so far (for tests): names in order. */
export const played = [];

/** Plays `name` (`move`, `capture`, `end`, `lowtime`) if sound is on and allowed. */
export function play(name) {
  if (!soundOn() || !touched) return;
  played.push(name);
  wake();
  if (!ctx) return;
  const t0 = ctx.currentTime + 0.01;
  for (const [freq, at, len] of SOUNDS[name] || []) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = freq;
    osc.type = name === 'capture' ? 'triangle' : 'sine';
    gain.gain.setValueAtTime(0.0001, t0 + at);
    gain.gain.exponentialRampToValueAtTime(0.2, t0 + at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0 + at);
    osc.stop(t0 + at + len + 0.02);
  }
}
