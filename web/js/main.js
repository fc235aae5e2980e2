// The router: `/` lobby, `/game/{id}` a game, `/rules/{game}` the rules,
// `/@/{name}` a player, `/leaderboard/{pool}`, `/account`, `/learn` the
// lessons (`/learn/{game}/{lesson}`), `/puzzles[/{game}[/{id}]]`,
// `/analysis[/{game}]` the analysis board, `/editor[/{game}]` the editor.

import { mountLobby } from './lobby.js';
import { mountGame } from './game.js';
import { mountRules } from './rules.js';
import { mountPlayer } from './player.js';
import { mountLeaderboard } from './leaderboard.js';
import { mountAccount } from './accountpage.js';
import { mountLearn } from './learn.js';
import { mountPuzzles } from './puzzles.js';
import { mountAnalysis } from './analysis.js';
import { mountEditor } from './editor.js';
import { settingsBar } from './settings.js';
import { accountEntry } from './account.js';
import { waitingBar } from './seeks.js';
import { applyTheme } from './prefs.js';
import { t, languagePicker } from './i18n.js';

applyTheme();
languagePicker(document.getElementById('language'));
settingsBar(document.getElementById('settings'));
accountEntry(document.getElementById('account'));
waitingBar(document.getElementById('waiting'));

const app = document.getElementById('app');
let teardown = null;

/** A path part as text (a malformed escape is kept as typed). */
function decoded(part) {
  try { return decodeURIComponent(part); } catch { return part; }
}

function route() {
  if (teardown) { teardown(); teardown = null; }
  const path = location.pathname;
  markNav(path);
  let m;
  if ((m = /^\/game\/([^/]+)\/?$/.exec(path))) {
    teardown = mountGame(app, decoded(m[1]));
    document.title = t('title-game');
  } else if ((m = /^\/rules(?:\/([a-z]+))?\/?$/.exec(path))) {
    teardown = mountRules(app, m[1] || null);
    document.title = t('title-rules');
  } else if ((m = /^\/@\/([^/]+)\/?$/.exec(path))) {
    const name = decoded(m[1]);
    teardown = mountPlayer(app, name);
    document.title = t('title-player', { name });
  } else if ((m = /^\/leaderboard(?:\/([a-z-]+))?\/?$/.exec(path))) {
    teardown = mountLeaderboard(app, m[1] || null);
    document.title = t('title-leaderboard');
  } else if ((m = /^\/learn(?:\/([a-z]+)(?:\/([^/]+))?)?\/?$/.exec(path))) {
    teardown = mountLearn(app, m[1] || null, m[2] ? decoded(m[2]) : null);
    document.title = t('title-learn');
  } else if ((m = /^\/puzzles(?:\/([a-z]+)(?:\/([^/]+))?)?\/?$/.exec(path))) {
    teardown = mountPuzzles(app, m[1] || null, m[2] ? decoded(m[2]) : null);
    document.title = t('title-puzzles');
  } else if ((m = /^\/analysis(?:\/([a-z]+))?\/?$/.exec(path))) {
    teardown = mountAnalysis(app, m[1] || null, new URLSearchParams(location.search));
    document.title = t('title-analysis');
  } else if ((m = /^\/editor(?:\/([a-z]+))?\/?$/.exec(path))) {
    teardown = mountEditor(app, m[1] || null, new URLSearchParams(location.search), navigate);
    document.title = t('title-editor');
  } else if (/^\/account\/?$/.test(path)) {
    teardown = mountAccount(app, navigate);
    document.title = t('title-account');
  } else {
    teardown = mountLobby(app, navigate);
    document.title = 'kyoku'; // i18n-ok: the site's name, in every language
  }
  window.scrollTo(0, 0);
}

/** The header's link to the page shown says so (`aria-current`). */
function markNav(path) {
  for (const a of document.querySelectorAll('header.top nav a')) {
    const href = a.getAttribute('href');
    const here = href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`);
    if (here) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
  }
}

export function navigate(path) {
  history.pushState(null, '', path);
  route();
}

document.addEventListener('click', (ev) => {
  const a = ev.target.closest('a[data-link]');
  if (!a || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
  ev.preventDefault();
  navigate(a.getAttribute('href'));
});
window.addEventListener('popstate', route);
window.kyokuNavigate = navigate;
route();
