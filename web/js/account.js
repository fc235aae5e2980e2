// Who is signed in. The session is an HttpOnly cookie the page never sees,
// so the account is asked of the server once per page load
// (GET /api/account) and then kept current by the calls made here: signing
// up, in and out. Views that depend on it subscribe with `onAccount`.
// Also the header's entry, and the claim of the games this browser played
// before signing in (their seat tokens sit in localStorage, see api.js).
// The account's language follows its owner: signing up keeps the page's,
// and a page that finds the account set to another language loads in it.

import { api, gamesWithSeats, loadSeats } from './api.js';
import { h, clear } from './dom.js';
import { t, lang, chooseLanguage } from './i18n.js';

let current = null; // {username, created_at, ratings, language} or null
let known = false; // whether the server has answered yet
let loading = null;
const listeners = new Set();

function set(a) {
  known = true;
  current = a && typeof a === 'object' && a.username ? a : null;
  for (const fn of listeners) {
    try { fn(current); } catch (e) { console.error(e); }
  }
  return current;
}

/**
 * The account, or null when nobody is signed in (also when the server
 * cannot be reached: the pages work signed out). Asked once unless `fresh`.
 */
export function loadAccount(fresh = false) {
  if (!loading || fresh) {
    const first = !loading;
    loading = api.account().then(set, () => set(null));
    if (first) loading.then(followLanguage);
  }
  return loading;
}

/**
 * When the page loads signed in and the account's language is another
 * than the page's (chosen in another browser), the page changes to it.
 * Once per language and tab, so that a language the server cannot show
 * never starts a loop of reloads.
 */
function followLanguage(a) {
  const want = a && typeof a.language === 'string' ? a.language : '';
  if (!want || want === lang) return;
  const key = 'kyoku_language_followed'; // i18n-ok: a storage key
  try {
    if (sessionStorage.getItem(key) === want) return;
    sessionStorage.setItem(key, want);
  } catch { /* no storage: follow anyway, chooseLanguage reloads only on success */ }
  chooseLanguage(want);
}

/** The account known now (null before `loadAccount` answers). */
export function account() { return current; }

/** Whether the server has said who is signed in (before that, nobody seems to be). */
export function accountKnown() { return known; }

/** The signed-in username, or null. */
export function username() { return current ? current.username : null; }

/** Calls `fn(account)` on every change; returns the way to stop. */
export function onAccount(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * Signs up (`kind` = 'signup') or in; the API's errors pass through
 * (ApiError with its code). The games played here before are claimed in
 * the background. Signing up keeps the page's language as the account's.
 * A login whose account speaks another language than the page (the
 * server has set the language cookie from it) loads the page anew at
 * `next` (default: here), once the games are claimed; the answer then
 * has `reloading: true` and the caller has nothing more to do.
 */
export async function signIn(kind, name, password, next = null) {
  const r = kind === 'signup' ? await api.signup(name, password, lang) : await api.login(name, password);
  const a = await loadAccount(true);
  if (!a && r && r.username) set({ username: r.username, ratings: {} });
  if (kind !== 'signup' && r && typeof r.language === 'string' && r.language && r.language !== lang) {
    await claimGames().catch(() => 0);
    location.assign(next || location.href);
    return { account: current, reloading: true };
  }
  claimGames();
  return { account: current, reloading: false };
}

/** Ends this session, or every session of the account. */
export async function signOut(everywhere = false) {
  await api.logout(everywhere);
  set(null);
  loading = Promise.resolve(null);
}

/** The account is gone (deleted): the page is signed out. */
export function forgetAccount() {
  set(null);
  loading = Promise.resolve(null);
}

let claiming = null;

/**
 * Binds to the account every seat this browser holds a token for, one
 * request at a time. Refusals (a seat bound to someone else, a token the
 * server no longer knows, a game gone) are expected and ignored: the claim
 * only saves the person re-entering their old games by hand.
 */
export function claimGames() {
  if (claiming) return claiming;
  claiming = (async () => {
    let claimed = 0;
    for (const id of gamesWithSeats()) {
      if (!current) break;
      for (const [seat, token] of Object.entries(loadSeats(id).seats)) {
        if (!token) continue;
        try {
          await api.claim(id, seat, token);
          claimed++;
        } catch { /* refused: not ours to claim (see above) */ }
      }
    }
    return claimed;
  })().finally(() => { claiming = null; });
  return claiming;
}

/**
 * The header's entry in `box`: "Sign in", or the person's name (their
 * page) and a link to the account page.
 */
export function accountEntry(box) {
  if (!box) return;
  const draw = (a) => {
    clear(box);
    if (a) {
      box.append(
        h('a', { href: `/@/${encodeURIComponent(a.username)}`, 'data-link': '', class: 'account-name', 'data-test': 'account-name',
          title: t('account-name-title') }, a.username),
        h('a', { href: '/account', 'data-link': '', class: 'small account-link', 'data-test': 'account-link' }, t('account-link')));
    } else {
      box.append(h('a', { href: '/account', 'data-link': '', 'data-test': 'sign-in' }, t('account-sign-in')));
    }
  };
  onAccount(draw);
  loadAccount().then(draw);
}
