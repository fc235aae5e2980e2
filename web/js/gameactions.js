// The game's actions as buttons: resign (confirmed), abort, draw offers,
// takebacks, rematch, new game; each appears only while it is possible for
// a seat this browser holds. The server decides; a refused action shows its
// message. Every connected browser sees the change through its state.

import { h } from './dom.js';
import { t } from './i18n.js';

/** Seats (1-based) that have moved in `st`'s history. */
function movers(st) {
  return new Set(st.history.map((m) => m.seat).filter((x) => x != null));
}

/** Whether a person (not a program) plays `seat`. */
function person(st, seat) {
  const x = st.seats[seat - 1];
  return !!x && x.kind === 'human' && !x.out;
}

/**
 * The actions open to this browser now: `[{key, label, kind, action, seat,
 * confirm?, primary?}]`; `mine` are the seats held here.
 */
export function possibleActions(st, mine) {
  const out = [];
  if (!mine.length) return out;
  const over = !!st.result;
  const offers = st.offers || {};
  const two = st.seats.length === 2;
  // The seat that acts: the one to move when it is held here, else the first.
  const toAct = st.toAct && mine.includes(st.toAct.seat) ? st.toAct.seat : null;
  const me = toAct || mine.find((x) => person(st, x)) || mine[0];
  if (!over) {
    const moved = movers(st);
    const allMoved = st.seats.every((x) => moved.has(x.seat));
    if (!allMoved) out.push({ key: 'abort', label: t('game-action-abort'), kind: 'abort', seat: me });
    else out.push({ key: 'resign', label: t('game-action-resign'), kind: 'resign', seat: me, confirm: t('game-action-resign-confirm') });
    if (two) {
      const other = mine.length === 1 ? (me === 1 ? 2 : 1) : null;
      if (offers.draw == null) {
        if (other) out.push({ key: 'draw-offer', label: t('game-action-draw-offer'), kind: 'draw', action: 'offer', seat: me });
      } else if (mine.includes(offers.draw) && mine.length === 1) {
        out.push({ key: 'draw-wait', label: t('game-action-draw-offered'), wait: true });
      } else {
        const seat = mine.find((x) => x !== offers.draw);
        out.push({ key: 'draw-accept', label: t('game-action-draw-accept'), kind: 'draw', action: 'accept', seat, primary: true });
        out.push({ key: 'draw-decline', label: t('game-action-draw-decline'), kind: 'draw', action: 'decline', seat });
      }
    }
    const tb = offers.takeback;
    if (tb == null) {
      const programsOnly = st.seats.every((x) => x.seat === me || !person(st, x.seat));
      const allowed = moved.has(me) && !(programsOnly && st.clock);
      if (allowed) out.push({ key: 'takeback', label: t('game-action-takeback'), kind: 'takeback', action: 'request', seat: me });
    } else if (mine.includes(tb) && mine.length === 1) {
      out.push({ key: 'takeback-wait', label: t('game-action-takeback-asked'), wait: true });
    } else {
      const seat = mine.find((x) => x !== tb);
      out.push({ key: 'takeback-accept', label: t('game-action-takeback-accept'), kind: 'takeback', action: 'accept', seat, primary: true });
      out.push({ key: 'takeback-decline', label: t('game-action-takeback-decline'), kind: 'takeback', action: 'decline', seat });
    }
  } else if (!st.raw.rematch) {
    const asked = Array.isArray(offers.rematch) ? offers.rematch : [];
    const seat = mine.find((x) => person(st, x) && !asked.includes(x)) ?? null;
    if (seat == null) {
      if (asked.length) out.push({ key: 'rematch-wait', label: t('game-action-rematch-offered'), wait: true });
    } else if (asked.length) {
      out.push({ key: 'rematch-accept', label: t('game-action-rematch-accept'), kind: 'rematch', action: 'accept', seat, primary: true });
      out.push({ key: 'rematch-decline', label: t('game-action-rematch-decline'), kind: 'rematch', action: 'decline', seat });
    } else {
      out.push({ key: 'rematch', label: t('game-action-rematch'), kind: 'rematch', action: 'offer', seat, primary: true });
    }
  }
  return out;
}

/**
 * The action bar: `run(a)` performs action `a` (a promise); a button that
 * needs confirming asks inline first.
 */
export function actionBar(actions, run, confirming, setConfirming) {
  const bar = h('div', { class: 'actions', role: 'group', 'aria-label': t('game-actions-label') });
  for (const a of actions) {
    if (a.wait) {
      bar.append(h('span', { class: 'small muted', 'data-action': a.key }, a.label));
      continue;
    }
    if (a.confirm && confirming === a.key) {
      bar.append(h('span', { class: 'confirm' }, a.confirm, ' ',
        h('button', { type: 'button', class: 'danger', 'data-action': `${a.key}-yes`, onclick: () => { setConfirming(null); run(a); } }, t('game-action-yes')),
        h('button', { type: 'button', 'data-action': `${a.key}-no`, onclick: () => setConfirming(null) }, t('game-action-no'))));
      continue;
    }
    bar.append(h('button', {
      type: 'button', class: a.primary ? 'primary' : null, 'data-action': a.key,
      onclick: () => (a.confirm ? setConfirming(a.key) : run(a)),
    }, a.label));
  }
  return bar;
}
