// Rules pages: the product's rules documents (docs/rules, served under
// /rules/) with their pictures.

import { h } from './dom.js';
import { markdown } from './markdown.js';
import { GAME_TITLES } from './players.js';

export function mountRules(root, game) {
  const tabs = h('nav', { class: 'rules-tabs' }, ['dobutsu', 'shogun', 'shiamgon'].map((g) =>
    h('a', { href: `/rules/${g}`, 'data-link': '', 'aria-current': g === game ? 'page' : null }, GAME_TITLES[g])));
  const body = h('article', { class: 'rules' }, h('p', { class: 'muted' }, 'Loading the rules…'));
  root.replaceChildren(h('div', { class: 'rules' }, tabs), body);
  fetch(`/rules/${game}.md`).then(async (res) => {
    const text = await res.text();
    if (!res.ok || /^\s*</.test(text)) throw new Error('missing');
    body.innerHTML = markdown(text, '/rules/');
  }).catch(() => {
    body.replaceChildren(h('p', null, `The rules of ${GAME_TITLES[game] || game} are not written yet.`));
  });
  return () => {};
}
