// The account page (`/account`): signing up and in when signed out; when
// signed in, the password, logging out (here or everywhere), the export of
// everything kept, and deleting the account. Each error of the API is said
// in words (its code decides them; the server's message is the fallback).

import { api } from './api.js';
import { h, clear } from './dom.js';
import { loadAccount, onAccount, signIn, signOut, forgetAccount } from './account.js';
import { ratingText, poolTitle, poolsOf, dateText } from './ratings.js';
import { loadCatalogue } from './catalogue.js';

/** `90` → "1 minute 30 seconds". */
function waitText(s) {
  const n = Math.ceil(s);
  const m = Math.floor(n / 60);
  const sec = n % 60;
  const part = (x, unit) => `${x} ${unit}${x === 1 ? '' : 's'}`;
  return [m ? part(m, 'minute') : '', sec || !m ? part(sec, 'second') : ''].filter(Boolean).join(' ');
}

/**
 * Words for an API error of the account calls; `words` overrides some
 * codes' words where the form knows better (only a password was asked).
 */
export function accountError(e, words = {}) {
  if (e && words[e.code]) return words[e.code];
  switch (e && e.code) {
    case 'bad_username': return 'A name has 3 to 20 characters: letters A–Z and a–z, digits, _ and -. Some names are reserved.';
    case 'weak_password': return 'A password has 8 to 256 characters.';
    case 'username_taken': return 'That name is taken: please choose another.';
    case 'bad_credentials': return 'The name or the password is wrong.';
    case 'too_many_attempts': return e.retryAfter
      ? `Too many attempts: please wait ${waitText(e.retryAfter)} and try again.`
      : 'Too many attempts: please wait a little and try again.';
    case 'not_signed_in': return 'You are not signed in any more.';
    case 'cross_origin': return 'The server refused a request from another site.';
    default: return (e && e.message) || 'Something went wrong.';
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
  root.replaceChildren(h('p', { class: 'muted' }, 'Loading…'));
  const stop = onAccount(draw);
  loadAccount().then(draw);
  return () => { alive = false; stop(); };
}

function signedOut(root, navigate) {
  const [userIn, userInput] = field('login-username', 'Name', { type: 'text', autocomplete: 'username', autocapitalize: 'none', spellcheck: 'false' });
  const [passIn, passInput] = field('login-password', 'Password', { type: 'password', autocomplete: 'current-password' });
  const login = apiForm('login', 'Sign in', [[userIn, userInput], [passIn, passInput]], 'Sign in', async ([name, pass]) => {
    await signIn('login', name.trim(), pass);
    navigate(nextPath());
  });
  const [userUp, userUpInput] = field('signup-username', 'Name', { type: 'text', autocomplete: 'username', autocapitalize: 'none', spellcheck: 'false', maxlength: 20 });
  const [passUp, passUpInput] = field('signup-password', 'Password', { type: 'password', autocomplete: 'new-password' });
  const signup = apiForm('signup', 'Create an account', [[userUp, userUpInput], [passUp, passUpInput]], 'Create the account', async ([name, pass]) => {
    await signIn('signup', name.trim(), pass);
    navigate(nextPath());
  }, [h('p', { class: 'hint' }, 'A name of 3–20 letters, digits, _ or -, which everyone sees; a password of at least 8 characters. ',
    'An account keeps a rating per game and your games on every device where you sign in; the games this browser has played are added to it.')]);
  root.replaceChildren(h('h1', null, 'Sign in'),
    h('p', { class: 'hint' }, 'No account is needed to play. Signing in lets you play rated games and pair quickly with others.'),
    h('div', { class: 'account-forms' }, login, signup));
}

/** Where only the password was asked, a refusal is about the password. */
const PASSWORD_WORDS = { bad_credentials: 'The password is wrong.' };

function signedIn(root, a, navigate) {
  const me = a.username;
  const [oldRow, oldInput] = field('pw-old', 'Current password', { type: 'password', autocomplete: 'current-password' });
  const [newRow, newInput] = field('pw-new', 'New password', { type: 'password', autocomplete: 'new-password' });
  const password = apiForm('password', 'Change the password', [[oldRow, oldInput], [newRow, newInput]], 'Change it', async ([old, nw]) => {
    await api.changePassword(old, nw);
    oldInput.value = ''; newInput.value = '';
    return 'The password is changed. Every other device where you were signed in is signed out.';
  }, [], PASSWORD_WORDS);

  const logout = h('div', { class: 'card' }, h('h2', null, 'Log out'),
    h('div', { class: 'field-row' },
      h('button', { type: 'button', 'data-test': 'logout', onclick: () => out(false) }, 'Log out on this device'),
      h('button', { type: 'button', 'data-test': 'logout-everywhere', onclick: () => out(true) }, 'Log out everywhere')));
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

  const exportCard = h('div', { class: 'card' }, h('h2', null, 'Your data'),
    h('p', { class: 'hint' }, 'Everything kept about your account (name, ratings, games), as a JSON file.'),
    h('a', { class: 'button', href: api.exportUrl, download: `kyoku-${me}.json`, 'data-test': 'export' }, 'Download my data'));

  // Deleting asks for the password, then once more in words.
  const [delRow, delInput] = field('delete-password', 'Password', { type: 'password', autocomplete: 'current-password' });
  const confirmBox = h('div');
  const del = apiForm('delete', 'Delete the account', [[delRow, delInput]], 'Delete the account…', async ([pass]) => {
    if (!pass) throw new Error('Please type your password first.');
    clear(confirmBox);
    confirmBox.append(h('div', { class: 'confirm notice', role: 'alert' },
      `Delete the account ${me} for good? This cannot be undone. `,
      h('button', { type: 'button', class: 'danger', 'data-test': 'delete-yes', onclick: () => reallyDelete(pass) }, 'Yes, delete it'),
      ' ',
      h('button', { type: 'button', 'data-test': 'delete-no', onclick: () => clear(confirmBox) }, 'No')));
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

  const ratings = h('div', { class: 'card' }, h('h2', null, 'Ratings'));
  loadCatalogue().catch(() => null).then((cat) => {
    const rows = poolsOf(a.ratings).filter((p) => a.ratings && a.ratings[p]).map((p) =>
      h('tr', null, h('th', { scope: 'row' }, poolTitle(p, cat)), h('td', { class: 'num' }, ratingText(a.ratings[p])),
        h('td', { class: 'num' }, String(a.ratings[p].games ?? 0))));
    ratings.append(rows.length
      ? h('table', { class: 'table' }, h('thead', null, h('tr', null, h('th', null, 'Game'), h('th', { class: 'num' }, 'Rating'), h('th', { class: 'num' }, 'Games'))), h('tbody', null, rows))
      : h('p', { class: 'muted' }, 'No ratings yet.'),
    h('p', { class: 'hint' }, 'A "?" means the rating is still provisional: it settles after a few rated games.'));
  });

  root.replaceChildren(h('h1', null, 'Account'),
    h('p', null, 'Signed in as ', h('a', { href: `/@/${encodeURIComponent(me)}`, 'data-link': '', 'data-test': 'my-page' }, h('strong', null, me)),
      a.created_at ? h('span', { class: 'muted' }, ` · since ${dateText(a.created_at)}`) : null),
    h('div', { class: 'account-forms' }, ratings, password, logout, exportCard, del));
}
