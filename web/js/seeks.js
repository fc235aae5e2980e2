// Quick pairing: the lobby's "Quick pair" buttons for common settings, the
// list of seeks (people waiting for an opponent) with Accept, or Cancel for
// one's own, and the wait after posting a seek.
//
// The wait lives here, outside the lobby, and shows in a bar under the
// header on every page: the server drops a seek nobody has asked about for
// 30 s, so the poll (every 2 s) must go on while the person reads the
// rules, and must end in the game wherever they are when someone accepts.

import { api } from './api.js';
import { h, clear } from './dom.js';
import { username, onAccount, accountKnown } from './account.js';
import { loadCatalogue, gameEntry, gameTitle, optionLabel, choiceLabel } from './catalogue.js';
import { ratingText } from './ratings.js';
import { t, tNodes, errorText, lang } from './i18n.js';

/** The common settings offered as one click. */
export const PRESETS = [
  { game: 'dobutsu', clock: '3+2', rated: true },
  { game: 'dobutsu', clock: '5+0', rated: false },
  { game: 'shogun', clock: '5+3', rated: true },
  { game: 'shogun', clock: '10+5', rated: false },
];

const POLL_MS = 2000;
const LIST_MS = 4000;

/** A preset's key (`dobutsu-3+2-rated`), the buttons' `data-quick`. */
export const presetKey = (p) => `${p.game}-${p.clock}-${p.rated ? 'rated' : 'casual'}`;

/** What a seek or preset plays, in words: "Dōbutsu 3+2 rated". */
function settingsText(x, cat) {
  const entry = gameEntry(cat, x.game);
  const what = `${gameTitle(entry) || x.game}${x.clock ? ` ${x.clock}` : ''}`;
  // Options away from the defaults, as the catalogue labels their values.
  const opts = Object.entries(x.options || {}).map(([k, v]) => {
    const spec = (entry.options || []).find((o) => o.name === k);
    if (!spec || JSON.stringify(spec.default) === JSON.stringify(v)) return null;
    const choice = (spec.choices || []).find((c) => c.value === v);
    return choice && choice.label ? choiceLabel(entry, spec, v) : t('seeks-option-value', { option: optionLabel(entry, spec), value: String(v) });
  }).filter(Boolean);
  const text = t(x.rated ? 'seeks-settings-rated' : 'seeks-settings-casual', { what });
  return opts.length ? t('seeks-settings-with-options', { settings: text, options: listText(opts) }) : text;
}

/** Options as a list, as the page's language joins them ("a, b"). */
function listText(items) {
  try {
    return new Intl.ListFormat(lang, { type: 'unit', style: 'short' }).format(items);
  } catch {
    return items.join(', '); // i18n-ok: a list's separator where Intl has none
  }
}

// ---- the wait ----

let waiting = null; // {id, text}
const cancelled = new Set(); // seeks taken back (a list fetched meanwhile may still show them)
let waitTimer = null;
let bar = null;
let barNote = '';
const waitListeners = new Set();

function go(path) {
  if (window.kyokuNavigate) window.kyokuNavigate(path);
  else location.assign(path);
}

function waitChanged() {
  drawBar();
  for (const fn of waitListeners) fn();
}

/** The bar under the header (`el`) that shows the wait on every page. */
export function waitingBar(el) {
  bar = el;
  drawBar();
  // Signed out elsewhere: the seek went with the session.
  onAccount((a) => { if (!a && waiting) stopWaiting(''); });
}

function drawBar() {
  if (!bar) return;
  clear(bar);
  bar.hidden = !waiting && !barNote;
  if (waiting) {
    bar.append(h('div', { class: 'notice waiting-box', 'data-test': 'waiting' },
      h('span', { class: 'spinner', 'aria-hidden': 'true' }), ` ${t('seeks-waiting')} `,
      h('span', { class: 'small muted' }, waiting.text), ' ',
      h('button', { type: 'button', 'data-test': 'cancel-wait', onclick: () => cancelWaiting() }, t('seeks-cancel'))));
  } else if (barNote) {
    bar.append(h('div', { class: 'notice waiting-box' }, barNote, ' ',
      h('button', { type: 'button', class: 'link-like', onclick: () => { barNote = ''; drawBar(); } }, t('seeks-ok'))));
  }
}

/** Waits for seek `seek` (just posted) to be accepted, then goes to its game. */
export function waitFor(seek, text) {
  if (!seek || !seek.id) return;
  if (waiting && waiting.id === seek.id) return;
  clearInterval(waitTimer);
  waiting = { id: seek.id, text };
  barNote = '';
  waitTimer = setInterval(poll, POLL_MS);
  waitChanged();
}

/** The seek waited for now, or null. */
export function waitingFor() { return waiting ? waiting.id : null; }

function stopWaiting(note) {
  clearInterval(waitTimer);
  waitTimer = null;
  waiting = null;
  barNote = note || '';
  waitChanged();
}

async function poll() {
  if (!waiting) return;
  const id = waiting.id;
  let r;
  try {
    r = await api.seek(id);
  } catch (e) {
    if (waiting && waiting.id === id && e.status === 404) stopWaiting(t('seeks-expired'));
    return; // Otherwise (the network) the next poll tries again.
  }
  if (!waiting || waiting.id !== id) return;
  if (r && r.status === 'accepted' && r.game) {
    stopWaiting('');
    go(`/game/${encodeURIComponent(r.game)}`);
  } else if (r && r.status === 'gone') {
    stopWaiting(t('seeks-expired'));
  }
}

/** Takes the seek waited for back. */
export async function cancelWaiting() {
  if (!waiting) return;
  const id = waiting.id;
  cancelled.add(id);
  stopWaiting('');
  try { await api.cancelSeek(id); } catch { /* gone already: the same */ }
}

// ---- the lobby's card ----

/**
 * Words for an error of the seek calls: the API's error messages say each
 * of them (`no_such_seek`, `own_seek`, `out_of_range`, …) as the card needs.
 */
function seekError(e) {
  return errorText(e);
}

/**
 * The lobby's pairing card: `{el, stop}`. Lists the seeks every few
 * seconds while shown (`stop` ends it).
 */
export function pairingCard(navigate) {
  const el = h('div', { class: 'card pairing', id: 'pairing' });
  const error = h('div', { role: 'alert' });
  const buttons = h('div', { class: 'quick-buttons' });
  const signIn = h('p', { class: 'notice', 'data-test': 'pair-sign-in' },
    ...tNodes('seeks-sign-in-hint', { link: h('a', { href: '/account?next=/', 'data-link': '' }, t('seeks-sign-in-link')) }));
  const list = h('ul', { class: 'game-list seek-list', 'data-test': 'seeks' }); // i18n-ok: class names
  el.append(h('h2', null, t('seeks-quick-pairing')),
    h('p', { class: 'hint' }, t('seeks-quick-pairing-hint')),
    buttons, signIn, error, h('h2', null, t('seeks-heading')), list);
  let cat = null;
  let seeks = null;
  let busy = false;

  const drawButtons = () => {
    const me = username();
    signIn.hidden = !!me || !accountKnown();
    buttons.hidden = !me;
    clear(buttons);
    if (!me) return;
    for (const p of PRESETS) {
      buttons.append(h('button', {
        type: 'button', 'data-quick': presetKey(p), disabled: busy,
        onclick: () => quick(p),
      }, h('strong', null, gameTitle(gameEntry(cat, p.game)) || p.game), ` ${p.clock} `,
      h('span', { class: 'small' }, p.rated ? t('seeks-rated') : t('seeks-casual'))));
    }
  };

  const drawSeeks = () => {
    clear(list);
    if (seeks == null) { list.append(h('li', { class: 'muted' }, t('seeks-loading'))); return; }
    if (!seeks.length) { list.append(h('li', { class: 'muted' }, t('seeks-none'))); return; }
    const me = username();
    for (const x of seeks) {
      const mine = x.mine || (me && x.username === me);
      const range = Array.isArray(x.range)
        ? ` · ${t('seeks-range', { low: String(Math.round(x.range[0])), high: String(Math.round(x.range[1])) })}` : '';
      list.append(h('li', { 'data-seek-id': x.id },
        h('div', { class: 'what' },
          h('a', { href: `/@/${encodeURIComponent(x.username)}`, 'data-link': '' }, x.username), ' ',
          h('span', { class: 'muted small' }, ratingText(x)),
          h('div', { class: 'small' }, settingsText(x, cat), h('span', { class: 'muted' }, range))),
        h('span', { class: 'row-actions' },
          mine ? h('button', { type: 'button', 'data-cancel-seek': x.id, onclick: () => cancel(x.id) }, t('seeks-cancel'))
            : me ? h('button', { type: 'button', class: 'primary', 'data-accept-seek': x.id, disabled: busy, onclick: () => accept(x.id) }, t('seeks-accept'))
              : null)));
    }
  };

  async function refresh() {
    try {
      const r = await api.seeks();
      seeks = (r && Array.isArray(r.seeks)) ? r.seeks : [];
    } catch (e) {
      if (seeks == null) { clear(list); list.append(h('li', { class: 'error' }, t('seeks-load-failed', { error: errorText(e) }))); }
      return;
    }
    // A seek of ours from before a reload: keep it alive and wait for it.
    seeks = seeks.filter((x) => !cancelled.has(x.id));
    const own = seeks.find((x) => x.mine);
    if (own && !waitingFor()) waitFor(own, settingsText(own, cat));
    drawSeeks();
  }

  async function run(fn) {
    clear(error);
    busy = true;
    drawButtons(); drawSeeks();
    try {
      await fn();
    } catch (e) {
      error.append(h('div', { class: 'error' }, seekError(e)));
    } finally {
      busy = false;
      if (el.isConnected) { drawButtons(); refresh(); }
    }
  }

  const quick = (p) => run(async () => {
    // One wait at a time: a new button press replaces the old seek.
    await cancelWaiting();
    const r = await api.quickPair({ game: p.game, options: {}, clock: p.clock, rated: p.rated });
    if (r && r.game) navigate(`/game/${encodeURIComponent(r.game)}`);
    else if (r && r.seek) waitFor(r.seek, settingsText(p, cat));
  });
  const accept = (id) => run(async () => {
    const r = await api.acceptSeek(id);
    if (r && r.game) navigate(`/game/${encodeURIComponent(r.game)}`);
  });
  const cancel = (id) => run(async () => {
    cancelled.add(id);
    if (waitingFor() === id) await cancelWaiting();
    else await api.cancelSeek(id);
  });

  drawButtons();
  drawSeeks();
  loadCatalogue().then((c) => { cat = c; drawButtons(); drawSeeks(); }).catch(() => {});
  refresh();
  const timer = setInterval(refresh, LIST_MS);
  const stopAccount = onAccount(() => { drawButtons(); drawSeeks(); });
  const onWait = () => { if (el.isConnected) drawSeeks(); };
  waitListeners.add(onWait);
  return {
    el,
    stop() { clearInterval(timer); stopAccount(); waitListeners.delete(onWait); },
  };
}
