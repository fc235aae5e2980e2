// The router: `/` lobby, `/game/{id}` a game, `/rules/{game}` the rules.

import { mountLobby } from './lobby.js';
import { mountGame } from './game.js';
import { mountRules } from './rules.js';
import { settingsBar } from './settings.js';
import { applyTheme } from './prefs.js';

applyTheme();
settingsBar(document.getElementById('settings'));

const app = document.getElementById('app');
let teardown = null;

function route() {
  if (teardown) { teardown(); teardown = null; }
  const path = location.pathname;
  let m;
  if ((m = /^\/game\/([^/]+)\/?$/.exec(path))) {
    teardown = mountGame(app, decodeURIComponent(m[1]));
    document.title = 'kyoku — game';
  } else if ((m = /^\/rules(?:\/([a-z]+))?\/?$/.exec(path))) {
    teardown = mountRules(app, m[1] || null);
    document.title = 'kyoku — rules';
  } else {
    teardown = mountLobby(app, navigate);
    document.title = 'kyoku';
  }
  window.scrollTo(0, 0);
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
