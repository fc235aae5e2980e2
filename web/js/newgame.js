// The "New game" form, built from the server's catalogue: one select of
// games, then each option of the chosen game as its `kind` says (a choice,
// counts per seat, free text), then one select per seat offering a human,
// an open seat or one of the game's programs. No game is known here; what
// the catalogue answer looks like is in docs/api.md.

import { h, clear } from './dom.js';
import { descriptor } from './boards/index.js';
import {
  seatName, gameTitle, gameAbout, optionLabel, optionHelp, choiceLabel, programName, programHelp,
} from './catalogue.js';
import { t, tNodes, errorText } from './i18n.js';
import { getName, setName, cleanName } from './prefs.js';
import { username, onAccount } from './account.js';

/** Real-time presets (minutes + seconds added per move) and correspondence days. */
const REALTIME = ['1+0', '3+2', '5+3', '10+5', '15+10'];
const DAYS = [1, 2, 3, 7, 14];

/**
 * Options whose default follows the seats: Shogun's landing numbers are
 * shown against programs and hidden between people (as on the real board),
 * unless the person chose.
 */
const SEAT_DEFAULTS = {
  show_landing: (seats) => seats.some((k) => k !== 'human' && k !== 'open'),
};

/** The time-control fields; `tc` = {kind, preset, minutes, increment, days}. */
function clockField(tc, redraw) {
  const sel = h('select', { id: 'clock', 'data-option': 'clock', onchange: (e) => {
    const v = e.target.value;
    if (v === 'none' || v === 'custom') tc.kind = v;
    else if (v.endsWith('d')) { tc.kind = 'days'; tc.days = Number(v.slice(0, -1)); }
    else { tc.kind = 'preset'; tc.preset = v; }
    redraw();
  } },
  h('option', { value: 'none', selected: tc.kind === 'none' }, t('newgame-clock-none')),
  h('optgroup', { label: t('newgame-clock-realtime') },
    REALTIME.map((p) => h('option', { value: p, selected: tc.kind === 'preset' && tc.preset === p }, p)),
    h('option', { value: 'custom', selected: tc.kind === 'custom' }, t('newgame-clock-custom'))),
  h('optgroup', { label: t('newgame-clock-correspondence') },
    DAYS.map((d) => h('option', { value: `${d}d`, selected: tc.kind === 'days' && tc.days === d }, t('newgame-clock-days', { count: d })))));
  const rows = [h('div', { class: 'field-row' }, h('label', { for: 'clock' }, t('newgame-clock')), sel)];
  if (tc.kind === 'custom') {
    rows.push(h('div', { class: 'field-row' }, h('label', { for: 'clock-min' }, t('newgame-clock-minutes')),
      h('input', { type: 'number', id: 'clock-min', min: 0.5, max: 180, step: 0.5, value: tc.minutes, style: 'width: 5rem', // i18n-ok: CSS
        onchange: (e) => { tc.minutes = Number(e.target.value) || 5; } }),
      h('label', { for: 'clock-inc' }, t('newgame-clock-increment')),
      h('input', { type: 'number', id: 'clock-inc', min: 0, max: 180, value: tc.increment, style: 'width: 4.5rem', // i18n-ok: CSS
        onchange: (e) => { tc.increment = Math.max(0, Math.floor(Number(e.target.value) || 0)); } })));
  }
  return rows;
}

/** The time control as the server takes it (`3+2`, `2d`), or null. */
function clockText(tc) {
  if (tc.kind === 'preset') return tc.preset;
  if (tc.kind === 'days') return `${tc.days}d`;
  if (tc.kind === 'custom') return `${tc.minutes}+${tc.increment}`;
  return null;
}

/** The value an option starts with. */
function initial(opt) {
  if (opt.kind === 'counts') return Array.isArray(opt.default) ? opt.default.slice() : [];
  return opt.default ?? (opt.kind === 'choice' && opt.choices && opt.choices.length ? opt.choices[0].value : '');
}

/** Whether `opt` applies, given the other options' values (`only_if`). */
function applies(opt, values) {
  const cond = opt.only_if;
  return !cond || (Array.isArray(cond.values) && cond.values.includes(values[cond.option]));
}

/** The choices of a `choice` option now (`choices_by` narrows them by another option). */
function choicesNow(opt, values) {
  const all = opt.choices || [];
  const by = opt.choices_by;
  if (!by || !by.values) return all;
  const allowed = by.values[values[by.option]];
  return Array.isArray(allowed) ? all.filter((c) => allowed.includes(c.value)) : all;
}

/** The seat choices of a game: `[value, label, about]`. */
function seatChoices(entry) {
  const out = [['human', t('newgame-seat-human'), ''], ['open', t('newgame-seat-open'), '']];
  for (const p of entry.programs || []) {
    const args = Array.isArray(p.args) ? p.args : [];
    const about = programHelp(entry, p.name);
    if (args.length) for (const a of args) out.push([`${p.name}:${a}`, programName(entry, `${p.name}:${a}`), about]);
    else out.push([p.name, programName(entry, p.name), about]);
  }
  return out;
}

/**
 * The form's state for `entry`: option values and seats. `values` holds the
 * values chosen so far (kept when an option still makes sense).
 */
function startState(entry) {
  const values = {};
  for (const opt of entry.options || []) values[opt.name] = initial(opt);
  return { values, seats: (entry.default_seats || []).slice() };
}

/** How many seats the options ask for. */
function seatCount(entry, values) {
  const opt = (entry.options || []).find((o) => o.seats);
  const n = opt ? Number(values[opt.name]) : NaN;
  return Number.isInteger(n) && n > 0 ? n : (entry.players && entry.players[0]) || 2;
}

/** The options to send: applicable ones, counts only when one is not 0, text only when given. */
export function optionsToSend(entry, values, seats) {
  const out = {};
  for (const opt of entry.options || []) {
    if (!applies(opt, values)) continue;
    const v = values[opt.name];
    if (opt.kind === 'counts') {
      const counts = Array.from({ length: seats }, (_, i) => Number(v[i]) || 0);
      if (counts.some((x) => x > 0)) out[opt.name] = counts;
    } else if (opt.kind === 'text') {
      if (typeof v === 'string' && v.trim()) out[opt.name] = v.trim();
    } else if (v !== undefined && v !== null && v !== '') {
      out[opt.name] = v;
    }
  }
  return out;
}

/** The fields of one option (`redraw` after a change other fields depend on). */
function optionField(opt, entry, state, redraw) {
  const id = `opt-${opt.name}`;
  const label = h('label', { for: id }, optionLabel(entry, opt));
  if (opt.kind === 'choice') {
    const choices = choicesNow(opt, state.values);
    if (!choices.some((c) => c.value === state.values[opt.name]) && choices.length) state.values[opt.name] = choices[0].value;
    const sel = h('select', { id, 'data-option': opt.name, onchange: (e) => {
      state.values[opt.name] = choices[e.target.selectedIndex].value;
      redraw();
    } }, choices.map((c) => h('option', { value: String(c.value), selected: c.value === state.values[opt.name] }, choiceLabel(entry, opt, c.value))));
    return [h('div', { class: 'field-row' }, label, sel)];
  }
  if (opt.kind === 'counts') {
    const row = h('div', { class: 'field-row' }, h('label', null, optionLabel(entry, opt)));
    const n = seatCount(entry, state.values);
    const counts = state.values[opt.name];
    for (let i = 0; i < n; i++) {
      row.append(descriptor(entry.game).chip(i + 1), h('input', {
        type: 'number', min: opt.min ?? 0, max: opt.max ?? null, value: counts[i] || 0, style: 'width: 3.5rem', // i18n-ok: CSS
        'data-option': opt.name, 'data-seat': i + 1,
        'aria-label': t('newgame-count-label', { option: optionLabel(entry, opt), seat: seatName(entry, i + 1) }),
        onchange: (e) => {
          const lo = opt.min ?? 0;
          const hi = opt.max ?? Infinity;
          counts[i] = Math.min(hi, Math.max(lo, Math.floor(Number(e.target.value) || 0)));
          e.target.value = counts[i];
        },
      }));
    }
    const help = optionHelp(entry, opt);
    return [row, help ? h('p', { class: 'hint' }, help) : null];
  }
  // Free text: sent only when not empty.
  const help = optionHelp(entry, opt);
  return [h('div', { class: 'field-row' }, label, h('input', {
    type: 'text', id, 'data-option': opt.name, value: state.values[opt.name] || '', autocomplete: 'off', spellcheck: 'false',
    oninput: (e) => { state.values[opt.name] = e.target.value; },
  })), help ? h('p', { class: 'hint' }, help) : null];
}

/** One select per seat: a human, an open seat or a program. */
function seatsField(entry, state, onSeats) {
  const n = seatCount(entry, state.values);
  const choices = seatChoices(entry);
  const fallback = (entry.default_seats || []).slice(-1)[0] || choices[choices.length - 1][0];
  while (state.seats.length < n) state.seats.push(fallback);
  state.seats.length = n;
  state.seats = state.seats.map((k) => (choices.some(([v]) => v === k) ? k : fallback));
  const box = h('div', { class: 'seats-form' });
  state.seats.forEach((kind, i) => {
    box.append(h('div', { class: 'seat' }, descriptor(entry.game).chip(i + 1),
      h('label', { for: `seat-${i + 1}`, style: 'min-width: 5.5rem' }, seatName(entry, i + 1)),
      h('select', { id: `seat-${i + 1}`, 'data-seat': i + 1, onchange: (e) => { state.seats[i] = e.target.value; onSeats(); } },
        choices.map(([v, t, about]) => h('option', { value: v, selected: v === kind, title: about || null }, t)))));
  });
  return box;
}

/** Words for the errors a rated game can meet. */
function createError(err) {
  switch (err && err.code) {
    case 'rated_needs_clock': return t('newgame-error-rated-needs-clock');
    case 'not_signed_in': return t('newgame-error-not-signed-in');
    default: return errorText(err);
  }
}

/**
 * The "Rated" switch (signed in only): rated games need a clock, which the
 * hint says at once rather than after a refused submit.
 */
function ratedField(rating, tc, redraw) {
  const box = h('input', { type: 'checkbox', id: 'rated', checked: rating.rated, onchange: (e) => { rating.rated = e.target.checked; redraw(); } });
  const needsClock = rating.rated && tc.kind === 'none';
  return [h('div', { class: 'field-row' }, h('span', { class: 'label-gap' }), box, h('label', { for: 'rated' }, t('newgame-rated'))),
    h('p', { class: `hint${needsClock ? ' warn' : ''}`, id: 'rated-hint' }, needsClock
      ? t('newgame-rated-needs-clock')
      : t('newgame-rated-hint'))];
}

/**
 * Mounts the form into `form` (a `<form>`); `onCreate(game, options, seats,
 * {clock, name, rated})` is called on submit with the seat kinds (`open`
 * for a seat left open). Returns the way to stop following the account.
 */
export function newGameForm(form, cat, onCreate) {
  const errorBox = h('div', { role: 'alert' });
  let entry = cat.games[0];
  let state = startState(entry);
  let showAdvanced = false;
  const tc = { kind: 'none', preset: '5+3', minutes: 5, increment: 3, days: 1 };
  const rating = { rated: false };
  const touched = new Set(); // options the person set (seat defaults leave them alone)

  /** Options that follow the seats, unless touched. */
  function seatDefaults() {
    for (const [name, rule] of Object.entries(SEAT_DEFAULTS)) {
      if (!touched.has(name) && (entry.options || []).some((o) => o.name === name)) {
        state.values[name] = rule(state.seats.slice(0, seatCount(entry, state.values)));
      }
    }
  }

  function draw() {
    clear(form);
    const gameSel = h('select', { id: 'game', name: 'game', onchange: (e) => {
      entry = cat.games[e.target.selectedIndex];
      state = startState(entry);
      touched.clear();
      draw();
      seatDefaults();
      draw();
    } }, cat.games.map((g) => h('option', { value: g.game, selected: g === entry }, gameTitle(g) || g.game)));
    const about = gameAbout(entry);
    form.append(h('h2', null, t('newgame-heading')),
      h('div', { class: 'field-row' }, h('label', { for: 'game' }, t('newgame-game')), gameSel,
        h('a', { href: `/rules/${entry.game}`, 'data-link': '', class: 'small' }, t('newgame-rules'))),
      about ? h('p', { class: 'hint' }, about) : null);
    const shown = (entry.options || []).filter((o) => applies(o, state.values));
    for (const opt of shown.filter((o) => !o.advanced)) form.append(...optionField(opt, entry, state, draw).filter(Boolean));
    const advanced = shown.filter((o) => o.advanced);
    if (advanced.length) {
      const more = h('details', { class: 'more-options', open: showAdvanced, ontoggle: (e) => { showAdvanced = e.target.open; } },
        h('summary', null, t('newgame-more-options')));
      for (const opt of advanced) more.append(...optionField(opt, entry, state, draw).filter(Boolean));
      form.append(more);
    }
    form.append(...clockField(tc, draw));
    // Signed in: rated games, and the account's name on the seat.
    const me = username();
    if (me) form.append(...ratedField(rating, tc, draw));
    const seats = seatsField(entry, state, () => { seatDefaults(); draw(); });
    form.append(h('h2', null, t('newgame-seats')), seats,
      me ? h('p', { class: 'hint' }, ...tNodes('newgame-you-play-as', { name: h('strong', null, me) }))
        : h('div', { class: 'field-row' }, h('label', { for: 'my-name-form' }, t('newgame-your-name')),
          h('input', { type: 'text', id: 'my-name-form', maxlength: 24, value: getName(), placeholder: t('newgame-anonymous'),
            autocomplete: 'nickname', onchange: (e) => setName(e.target.value) })),
      h('p', { class: 'hint' }, t('newgame-seats-hint')),
      errorBox, h('div', { class: 'field-row' }, h('button', { class: 'primary', type: 'submit', id: 'start' }, t('newgame-start'))));
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    clear(errorBox);
    const n = seatCount(entry, state.values);
    const nameInput = form.querySelector('#my-name-form');
    if (nameInput) setName(nameInput.value);
    const name = nameInput ? cleanName(nameInput.value) : null;
    const rated = !!username() && rating.rated;
    if (rated && !clockText(tc)) {
      errorBox.replaceChildren(h('div', { class: 'error' }, createError({ code: 'rated_needs_clock' })));
      return;
    }
    try {
      await onCreate(entry.game, optionsToSend(entry, state.values, n), state.seats.slice(0, n),
        { clock: clockText(tc), name: name || null, rated });
    } catch (err) {
      errorBox.replaceChildren(h('div', { class: 'error' }, createError(err)));
    }
  });
  // The first drawing sets the seats; then the defaults that follow them.
  draw();
  seatDefaults();
  draw();
  form.addEventListener('change', (e) => {
    const opt = e.target.getAttribute && e.target.getAttribute('data-option');
    if (opt && SEAT_DEFAULTS[opt]) touched.add(opt);
  });
  // Signing in or out (the answer may come after the first drawing) adds or takes away "Rated".
  return onAccount(() => { if (form.isConnected) draw(); });
}
