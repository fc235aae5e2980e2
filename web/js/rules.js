// Rules pages: the product's rules documents (docs/rules), rendered from
// Markdown by the server (`/rules/{game}.html`), with their pictures; one
// tab per game of the catalogue.

import { h } from './dom.js';
import { loadCatalogue, gameEntry, gameTitle } from './catalogue.js';
import { t } from './i18n.js';

/** Mounts the rules of `game` (the catalogue's first game when null). */
export function mountRules(root, game) {
  const tabs = h('nav', { class: 'rules-tabs' });
  const body = h('article', { class: 'rules' }, h('p', { class: 'muted' }, t('rules-loading')));
  root.replaceChildren(h('div', { class: 'rules' }, tabs), body);
  loadCatalogue().catch(() => null).then((cat) => {
    const games = cat ? cat.games : [];
    const shown = game || (games[0] && games[0].game);
    tabs.replaceChildren(...games.map((g) =>
      h('a', { href: `/rules/${g.game}`, 'data-link': '', 'aria-current': g.game === shown ? 'page' : null }, gameTitle(g) || g.game)));
    if (shown) showRules(body, shown, gameTitle(gameEntry(cat, shown)) || shown);
    else body.replaceChildren(h('p', null, t('rules-games-failed')));
  });
  return () => {};
}

function showRules(body, game, title) {
  fetch(`/rules/${encodeURIComponent(game)}.html`).then(async (res) => {
    const text = await res.text();
    if (!res.ok) throw new Error('missing'); // i18n-ok: caught below
    // The server's rendering of our own pages (embedded when it was built).
    body.innerHTML = text;
    for (const a of body.querySelectorAll('a[href^="/rules/"]')) a.setAttribute('data-link', '');
  }).catch(() => {
    body.replaceChildren(h('p', null, t('rules-not-written', { game: title })));
  });
}
