// What this browser remembers of its person (localStorage): the display
// name sent when creating or joining a game, sound on or off, and the
// colour theme. Nothing of it leaves the browser but the name, and that
// only to the server when a seat is taken.

const KEYS = { name: 'kyoku.name', sound: 'kyoku.sound', theme: 'kyoku.theme' };

function read(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

function write(key, value) {
  try {
    if (value === null || value === '') localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch { /* private mode: remembered for this page only */ }
}

/** The name as the server takes it: 1–24 characters, no control characters. */
export function cleanName(text) {
  // eslint-disable-next-line no-control-regex
  const t = String(text || '').replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  return [...t].slice(0, 24).join('');
}

/** The person's display name, or '' when none was given. */
export function getName() { return cleanName(read(KEYS.name)); }
export function setName(name) { write(KEYS.name, cleanName(name)); }

/** Sound is off until the person turns it on. */
export function soundOn() { return read(KEYS.sound) === 'on'; }
export function setSound(on) { write(KEYS.sound, on ? 'on' : 'off'); }

/** `light`, `dark`, or '' to follow the system (`prefers-color-scheme`). */
export function getTheme() {
  const t = read(KEYS.theme);
  return t === 'light' || t === 'dark' ? t : '';
}

/** Whether the page is dark now (the choice, else the system's). */
export function isDark() {
  const t = getTheme();
  if (t) return t === 'dark';
  return !!(window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
}

/** Puts the theme on the page: `data-theme` on `<html>` when chosen. */
export function applyTheme() {
  const t = getTheme();
  if (t) document.documentElement.setAttribute('data-theme', t);
  else document.documentElement.removeAttribute('data-theme');
}

/** Turns the theme over to the other one (from whatever shows now). */
export function toggleTheme() {
  write(KEYS.theme, isDark() ? 'light' : 'dark');
  applyTheme();
}
