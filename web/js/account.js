// Who is signed in. The session is an HttpOnly cookie the page never sees,
// so the account is asked of the server once per page load
// (GET /api/account) and then kept current by the calls made here: signing
// up, in and out. Views that depend on it subscribe with `onAccount`.
// Also the header's entry, and the claim of the games this browser played
// before signing in (their seat tokens sit in localStorage, see api.js).

import { api, gamesWithSeats, loadSeats } from './api.js';
import { h, clear } from './dom.js';

let current = null; // {username, created_at, ratings} or null
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
    loading = api.account().then(set, () => set(null));
  }
  return loading;
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
 * the background.
 */
export async function signIn(kind, name, password) {
  const r = kind === 'signup' ? await api.signup(name, password) : await api.login(name, password);
  const a = await loadAccount(true);
  if (!a && r && r.username) set({ username: r.username, ratings: {} });
  claimGames();
  return current;
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
          title: 'Your page: ratings and games' }, a.username),
        h('a', { href: '/account', 'data-link': '', class: 'small account-link', 'data-test': 'account-link' }, 'Account'));
    } else {
      box.append(h('a', { href: '/account', 'data-link': '', 'data-test': 'sign-in' }, 'Sign in'));
    }
  };
  onAccount(draw);
  loadAccount().then(draw);
}
