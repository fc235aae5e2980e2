// The header's settings: the person's name (asked once, changeable), sound
// on/off and light/dark, each remembered in this browser (prefs.js). The
// name is for playing without an account: signed in, the account's name is
// the one others see, so the name is not offered.

import { h, clear } from './dom.js';
import { getName, setName, soundOn, setSound, isDark, toggleTheme } from './prefs.js';
import { onAccount, username } from './account.js';
import { t } from './i18n.js';

/** Draws the settings into `box` (the header's). */
export function settingsBar(box) {
  if (!box) return;
  const draw = () => {
    clear(box);
    const name = getName();
    const nameBtn = h('button', {
      type: 'button', class: 'link-like', 'data-action': 'name', title: t('settings-name-title'),
      onclick: () => editName(),
    }, name ? t('settings-name', { name }) : t('settings-name-none'));
    const sound = h('button', {
      type: 'button', 'data-action': 'sound', 'aria-pressed': String(soundOn()),
      title: t('settings-sound-title'),
      onclick: () => { setSound(!soundOn()); draw(); },
    }, soundOn() ? t('settings-sound-on') : t('settings-sound-off'));
    const theme = h('button', {
      type: 'button', 'data-action': 'theme', 'aria-pressed': String(isDark()), title: t('settings-theme-title'),
      onclick: () => { toggleTheme(); draw(); },
    }, isDark() ? t('settings-theme-light') : t('settings-theme-dark'));
    box.append(username() ? '' : nameBtn, sound, theme);
  };
  const editName = () => {
    clear(box);
    const input = h('input', {
      type: 'text', id: 'my-name', maxlength: 24, value: getName(), placeholder: t('settings-name-placeholder'),
      'aria-label': t('settings-name-label'), autocomplete: 'nickname',
    });
    const save = () => { setName(input.value); draw(); };
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter') save(); if (e.key === 'Escape') draw(); }); // i18n-ok: key names
    box.append(input, h('button', { type: 'button', 'data-action': 'save-name', onclick: save }, t('settings-save')));
    input.focus();
  };
  draw();
  onAccount(() => { if (!box.querySelector('input')) draw(); });
  if (window.matchMedia) {
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', draw);
  }
}
