// The page's words: every player-facing text goes through `t(id, args)`.
// The server sends the catalogue of the page's language inside index.html
// (`<script id="kyoku-messages">`), already parsed from Fluent into a small
// tree (see crates/i18n/src/browser.rs); plurals and numbers are the
// browser's own `Intl` rules for that language.

const root = document.documentElement;
/** The page's language: `en`, `de` or `ja` (`<html lang>`, set by the server). */
export const lang = root.lang || 'en';

const LANGUAGES = [['en', 'English'], ['de', 'Deutsch'], ['ja', '日本語']]; // i18n-ok: each in its own language

let messages = {};
try {
  const el = document.getElementById('kyoku-messages');
  if (el) messages = JSON.parse(el.textContent);
} catch { messages = {}; }

const plural = new Intl.PluralRules(lang);
const number = new Intl.NumberFormat(lang);
const warned = new Set();

function resolve(pattern, args) {
  if (typeof pattern === 'string') return pattern;
  if (!Array.isArray(pattern)) return '';
  let out = '';
  for (const part of pattern) {
    if (typeof part === 'string') out += part;
    else if (part.$ !== undefined) out += show(args[part.$]);
    else if (part.sel !== undefined) out += resolve(pick(part, args[part.sel]), args);
  }
  return out;
}

function pick(select, value) {
  const v = select.v;
  if (typeof value === 'number') {
    return v[String(value)] ?? v[plural.select(value)] ?? v[select.d];
  }
  return v[value] ?? v[select.d];
}

function show(value) {
  if (typeof value === 'number') return number.format(value);
  return value === undefined || value === null ? '' : String(value);
}

/**
 * The message `id` in the page's language, with `args` (name → value)
 * filled in. A missing message shows its id (and says so once in the
 * console): a gap is visible without breaking the page.
 */
export function t(id, args = {}) {
  const pattern = messages[id];
  if (pattern === undefined) {
    if (!warned.has(id)) { warned.add(id); console.warn(`kyoku: no message "${id}"`); } // i18n-ok: for developers
    return id;
  }
  return resolve(pattern, args);
}

/** Whether the catalogue has a message `id` (for codes from the server). */
export function has(id) { return messages[id] !== undefined; }

/** A date (Unix seconds or a Date) as the page's language writes it. */
export function formatDate(when, options = { dateStyle: 'medium' }) {
  const d = when instanceof Date ? when : new Date(when * 1000);
  return new Intl.DateTimeFormat(lang, options).format(d);
}

/** A date and time, as the page's language writes them. */
export function formatDateTime(when) {
  return formatDate(when, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A number, as the page's language writes it. */
export function formatNumber(n, options) {
  return options ? new Intl.NumberFormat(lang, options).format(n) : number.format(n);
}

/**
 * The language picker for the header: a select of the languages in their
 * own names. Choosing one keeps it (the server sets the cookie, and the
 * account's setting when signed in) and reloads the page in it; the
 * address stays.
 */
export function languagePicker(el) {
  if (!el) return;
  const select = document.createElement('select');
  select.setAttribute('aria-label', t('language-picker'));
  select.title = t('language-picker');
  for (const [code, name] of LANGUAGES) {
    const o = document.createElement('option');
    o.value = code;
    o.textContent = name;
    o.lang = code;
    if (code === lang) o.selected = true;
    select.append(o);
  }
  select.addEventListener('change', () => chooseLanguage(select.value));
  el.replaceChildren(select);
}

/**
 * Keeps `code` as the language (cookie and account) and reloads in it.
 * Only a kept choice reloads: a failed request must not start a loop of
 * reloads in the old language.
 */
export async function chooseLanguage(code) {
  if (code === lang) return;
  try {
    const res = await fetch('/api/language', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ language: code }),
    });
    if (res.ok) location.reload();
  } catch { /* the page stays as it is */ }
}

/**
 * A message with DOM nodes in it, for text around a link or a button:
 * `tNodes('seeks-sign-in-hint', { link: h('a', …, t('sign-in')) })` gives
 * the message's text with each node at its variable's place, as an array
 * to pass to `h()` as children. Other arguments are filled in as by `t`.
 */
export function tNodes(id, nodes = {}, args = {}) {
  const marks = {};
  const names = Object.keys(nodes);
  names.forEach((name, i) => { marks[name] = `\u0001${i}\u0002`; });
  const text = t(id, { ...args, ...marks });
  const out = [];
  for (const piece of text.split(/(\u0001\d+\u0002)/)) {
    const m = /^\u0001(\d+)\u0002$/.exec(piece);
    if (m) out.push(nodes[names[Number(m[1])]]);
    else if (piece) out.push(piece);
  }
  return out;
}

/**
 * What to tell a player about a failed request: the message of the API's
 * error code (`error-<code>` in the catalogue, given the server's own
 * English `message` and `seconds` to wait as arguments), else the
 * server's message as it came.
 */
export function errorText(err) {
  if (!err) return t('error-unknown');
  const id = `error-${String(err.code || '').replace(/_/g, '-')}`;
  if (err.code && has(id)) return t(id, { message: err.message || '', seconds: err.retryAfter || 0 });
  return err.message || t('error-unknown');
}
