// The account page (`/account`): signing up and in when signed out; when
// signed in, the password, logging out (here or everywhere), the export of
// everything kept, and deleting the account. Each error of the API is said
// in words (its code decides them; the server's message is the fallback).

import { api } from './api.js';
import { h, clear } from './dom.js';
import { loadAccount, onAccount, signIn, signOut, forgetAccount } from './account.js';
import { ratingText, poolTitle, poolsOf, dateText } from './ratings.js';
import { loadCatalogue } from './catalogue.js';
import { t, tNodes, errorText } from './i18n.js';

/** `90` → "1 minute 30 seconds". */
function waitText(s) {
  const n = Math.ceil(s);
  const minutes = Math.floor(n / 60);
  const seconds = n % 60;
  if (!minutes) return t('accountpage-wait-seconds', { seconds });
  if (!seconds) return t('accountpage-wait-minutes', { minutes });
  return t('accountpage-wait-minutes-seconds', { minutes, seconds });
}

/**
 * Words for an API error of the account calls; `words` overrides some
 * codes' words where the form knows better (only a password was asked).
 */
export function accountError(e, words = {}) {
  if (e && words[e.code]) return words[e.code];
  switch (e && e.code) {
    case 'bad_username': return t('accountpage-error-bad-username');
    case 'weak_password': return t('accountpage-error-weak-password');
    case 'username_taken': return t('accountpage-error-username-taken');
    case 'bad_credentials': return t('accountpage-error-bad-credentials');
    case 'too_many_attempts': return e.retryAfter
      ? t('accountpage-error-too-many-attempts-wait', { wait: waitText(e.retryAfter) })
      : t('accountpage-error-too-many-attempts');
    case 'not_signed_in': return t('accountpage-error-not-signed-in');
    case 'cross_origin': return t('accountpage-error-cross-origin');
    default: return errorText(e);
  }
}

/** Where to go after signing in: `?next=/path` on this site, else the lobby. */
function nextPath() {
  const next = new URLSearchParams(location.search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/** A labelled field: `[row, input]`. */
function field(id, label, attrs) {
  const input = h('input', { id, name: id, required: true, ...attrs });
  return [h('div', { class: 'field-row' }, h('label', { for: id }, label), input), input];
}

/**
 * A form that calls `run(fields)` on submit and shows its error; the submit
 * button waits out a `Retry-After`.
 */
function apiForm(id, title, fields, submitLabel, run, extra = [], words = {}, submitClass = 'primary') {
  const error = h('div', { role: 'alert', 'data-test': `${id}-error` });
  const done = h('div', { role: 'status', 'data-test': `${id}-done` });
  const submit = h('button', { type: 'submit', class: submitClass, 'data-test': `${id}-submit` }, submitLabel);
  const form = h('form', { class: 'card account-form', id, novalidate: true },
    h('h2', null, title), fields.map(([row]) => row), extra, error, done, h('div', { class: 'field-row' }, submit));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    clear(error); clear(done);
    submit.disabled = true;
    let wait = 0;
    try {
      const said = await run(fields.map(([, input]) => input.value));
      if (said) done.append(h('div', { class: 'notice' }, said));
    } catch (e) {
      error.append(h('div', { class: 'error' }, accountError(e, words)));
      if (e && e.code === 'too_many_attempts') wait = e.retryAfter || 5;
    } finally {
      // Not before the server would listen again.
      if (wait) setTimeout(() => { submit.disabled = false; }, wait * 1000);
      else submit.disabled = false;
    }
  });
  return form;
}

/** Mounts the account page into `root`; returns its teardown. */
export function mountAccount(root, navigate) {
  let alive = true;
  const draw = (a) => {
    if (!alive) return;
    if (a) signedIn(root, a, navigate);
    else signedOut(root, navigate);
  };
  root.replaceChildren(h('p', { class: 'muted' }, t('loading')));
  const stop = onAccount(draw);
  loadAccount().then(draw);
  return () => { alive = false; stop(); };
}

function signedOut(root, navigate) {
  const [userIn, userInput] = field('login-username', t('accountpage-name'), { type: 'text', autocomplete: 'username', autocapitalize: 'none', spellcheck: 'false' });
  const [passIn, passInput] = field('login-password', t('accountpage-password'), { type: 'password', autocomplete: 'current-password' });
  const login = apiForm('login', t('accountpage-sign-in-title'), [[userIn, userInput], [passIn, passInput]], t('accountpage-sign-in-submit'), async ([name, pass]) => {
    // A login may bring the account's own language: then the page loads anew at the next path.
    const { reloading } = await signIn('login', name.trim(), pass, nextPath());
    if (!reloading) navigate(nextPath());
  });
  const [userUp, userUpInput] = field('signup-username', t('accountpage-name'), { type: 'text', autocomplete: 'username', autocapitalize: 'none', spellcheck: 'false', maxlength: 20 });
  const [passUp, passUpInput] = field('signup-password', t('accountpage-password'), { type: 'password', autocomplete: 'new-password' });
  const signup = apiForm('signup', t('accountpage-signup-title'), [[userUp, userUpInput], [passUp, passUpInput]], t('accountpage-signup-submit'), async ([name, pass]) => {
    await signIn('signup', name.trim(), pass);
    navigate(nextPath());
  }, [h('p', { class: 'hint' }, t('accountpage-signup-hint'))]);
  root.replaceChildren(h('h1', null, t('accountpage-sign-in-heading')),
    h('p', { class: 'hint' }, t('accountpage-intro')),
    h('div', { class: 'account-forms' }, login, signup));
}

/** Where only the password was asked, a refusal is about the password. */
const PASSWORD_WORDS = { bad_credentials: t('accountpage-error-wrong-password') };

function signedIn(root, a, navigate) {
  const me = a.username;
  const [oldRow, oldInput] = field('pw-old', t('accountpage-current-password'), { type: 'password', autocomplete: 'current-password' });
  const [newRow, newInput] = field('pw-new', t('accountpage-new-password'), { type: 'password', autocomplete: 'new-password' });
  const password = apiForm('password', t('accountpage-password-title'), [[oldRow, oldInput], [newRow, newInput]], t('accountpage-password-submit'), async ([old, nw]) => {
    await api.changePassword(old, nw);
    oldInput.value = ''; newInput.value = '';
    return t('accountpage-password-changed');
  }, [], PASSWORD_WORDS);

  const logout = h('div', { class: 'card' }, h('h2', null, t('accountpage-logout-title')),
    h('div', { class: 'field-row' },
      h('button', { type: 'button', 'data-test': 'logout', onclick: () => out(false) }, t('accountpage-logout-here')),
      h('button', { type: 'button', 'data-test': 'logout-everywhere', onclick: () => out(true) }, t('accountpage-logout-everywhere'))));
  const logoutError = h('div', { role: 'alert' });
  logout.append(logoutError);
  async function out(everywhere) {
    clear(logoutError);
    try {
      await signOut(everywhere);
      navigate('/account');
    } catch (e) {
      logoutError.append(h('div', { class: 'error' }, accountError(e)));
    }
  }

  const exportCard = h('div', { class: 'card' }, h('h2', null, t('accountpage-data-title')),
    h('p', { class: 'hint' }, t('accountpage-data-hint')),
    h('a', { class: 'button', href: api.exportUrl, download: `kyoku-${me}.json`, 'data-test': 'export' }, t('accountpage-data-download')));  // i18n-ok: a file name

  // Deleting asks for the password, then once more in words.
  const [delRow, delInput] = field('delete-password', t('accountpage-password'), { type: 'password', autocomplete: 'current-password' });
  const confirmBox = h('div');
  const del = apiForm('delete', t('accountpage-delete-title'), [[delRow, delInput]], t('accountpage-delete-submit'), async ([pass]) => {
    if (!pass) throw new Error(t('accountpage-type-password-first'));
    clear(confirmBox);
    confirmBox.append(h('div', { class: 'confirm notice', role: 'alert' },
      t('accountpage-delete-confirm', { name: me }), ' ',
      h('button', { type: 'button', class: 'danger', 'data-test': 'delete-yes', onclick: () => reallyDelete(pass) }, t('accountpage-delete-yes')),
      ' ',
      h('button', { type: 'button', 'data-test': 'delete-no', onclick: () => clear(confirmBox) }, t('accountpage-delete-no'))));
    return null;
  }, [confirmBox], PASSWORD_WORDS, 'danger');
  const delError = h('div', { role: 'alert', 'data-test': 'delete-final-error' });
  del.append(delError);
  async function reallyDelete(pass) {
    clear(delError);
    try {
      await api.deleteAccount(pass);
      forgetAccount();
      navigate('/');
    } catch (e) {
      clear(confirmBox);
      delError.append(h('div', { class: 'error' }, accountError(e, PASSWORD_WORDS)));
    }
  }

  const ratings = h('div', { class: 'card' }, h('h2', null, t('accountpage-ratings-title')));
  loadCatalogue().catch(() => null).then((cat) => {
    const rows = poolsOf(a.ratings).filter((p) => a.ratings && a.ratings[p]).map((p) =>
      h('tr', null, h('th', { scope: 'row' }, poolTitle(p, cat)), h('td', { class: 'num' }, ratingText(a.ratings[p])),
        h('td', { class: 'num' }, String(a.ratings[p].games ?? 0))));
    ratings.append(rows.length
      ? h('table', { class: 'table' }, h('thead', null, h('tr', null, h('th', null, t('ratings-column-game')),
        h('th', { class: 'num' }, t('ratings-column-rating')), h('th', { class: 'num' }, t('ratings-column-games')))), h('tbody', null, rows))
      : h('p', { class: 'muted' }, t('accountpage-no-ratings')),
    h('p', { class: 'hint' }, t('accountpage-provisional-hint')));
  });

  root.replaceChildren(h('h1', null, t('accountpage-heading')),
    h('p', null, tNodes('accountpage-signed-in-as', {
      name: h('a', { href: `/@/${encodeURIComponent(me)}`, 'data-link': '', 'data-test': 'my-page' }, h('strong', null, me)),
    }),
    a.created_at ? h('span', { class: 'muted' }, ' ', t('accountpage-since', { date: dateText(a.created_at) })) : null),
    h('div', { class: 'account-forms' }, ratings, password, logout, exportCard, del));
}
