// The header's settings: the person's name (asked once, changeable), sound
// on/off and light/dark, each remembered in this browser (prefs.js). The
// name is for playing without an account: signed in, the account's name is
// the one others see, so the name is not offered.

import { h, clear } from './dom.js';
import { getName, setName, soundOn, setSound, isDark, toggleTheme } from './prefs.js';
import { onAccount, username } from './account.js';

/** Draws the settings into `box` (the header's). */
export function settingsBar(box) {
  if (!box) return;
  const draw = () => {
    clear(box);
    const name = getName();
    const nameBtn = h('button', {
      type: 'button', class: 'link-like', 'data-action': 'name', title: 'The name other players see',
      onclick: () => editName(),
    }, name ? `Name: ${name}` : 'Your name?');
    const sound = h('button', {
      type: 'button', 'data-action': 'sound', 'aria-pressed': String(soundOn()),
      title: 'Sounds for moves, captures, the end and low time',
      onclick: () => { setSound(!soundOn()); draw(); },
    }, soundOn() ? 'Sound: on' : 'Sound: off');
    const theme = h('button', {
      type: 'button', 'data-action': 'theme', 'aria-pressed': String(isDark()), title: 'Dark or light pages',
      onclick: () => { toggleTheme(); draw(); },
    }, isDark() ? 'Light pages' : 'Dark pages');
    box.append(username() ? '' : nameBtn, sound, theme);
  };
  const editName = () => {
    clear(box);
    const input = h('input', {
      type: 'text', id: 'my-name', maxlength: 24, value: getName(), placeholder: 'Your name',
      'aria-label': 'Your name, as other players see it', autocomplete: 'nickname',
    });
    const save = () => { setName(input.value); draw(); };
    input.addEventListener('keydown', (e) => { if (e.key === 'Enter') save(); if (e.key === 'Escape') draw(); });
    box.append(input, h('button', { type: 'button', 'data-action': 'save-name', onclick: save }, 'Save'));
    input.focus();
  };
  draw();
  onAccount(() => { if (!box.querySelector('input')) draw(); });
  if (window.matchMedia) {
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', draw);
  }
}
