// Talking to the kyoku server: JSON over HTTP, live updates over a
// WebSocket that reconnects by itself, and the seat tokens this browser
// holds (kept in localStorage, never sent anywhere but the server).

import { t } from './i18n.js';

/** An API error with the server's code (`illegal_move`, `forbidden`, …). */
export class ApiError extends Error {
  constructor(status, code, message, retryAfter = null) {
    super(message || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
    /** Seconds to wait before trying again (`Retry-After`), or null. */
    this.retryAfter = retryAfter;
  }
}

const enc = encodeURIComponent;

/** A JSON request to the API; a failure throws an `ApiError` with the server's code. */
export async function request(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, 'network', t('error-network'));
  }
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!res.ok) {
    const plain = /^\s*</.test(text) ? '' : text.slice(0, 300);
    const wait = Number(res.headers.get('retry-after'));
    throw new ApiError(res.status, data && data.error, (data && data.message) || plain || `${res.status} ${res.statusText}`,
      Number.isFinite(wait) && wait > 0 ? wait : null);
  }
  return data;
}

export const api = {
  /** A new game; `extra` may carry `clock` (`3+2`, `1d`) and `names` (per seat, null for none). */
  createGame: (game, options, seats, openSeats, extra = {}) =>
    request('POST', '/api/games', {
      game, options, seats, ...(openSeats && openSeats.length ? { open_seats: openSeats } : {}), ...extra,
    }),
  getGame: (id) => request('GET', `/api/games/${encodeURIComponent(id)}`).then(normalize),
  /**
   * Every position so far: `positions[k]` after `k` moves, and `extras[k]`
   * its extras when the server sends them (else `{}`).
   */
  positions: (id) => request('GET', `/api/games/${encodeURIComponent(id)}/positions`).then((r) => {
    const positions = (r && Array.isArray(r.positions)) ? r.positions : [];
    const extras = positions.map((_, k) => (r && Array.isArray(r.extras) && r.extras[k]) || {});
    return { positions, extras };
  }),
  listGames: (status) => request('GET', `/api/games?status=${encodeURIComponent(status)}`),
  catalogue: () => request('GET', '/api/catalogue'),
  join: (id, seat, name) => request('POST', `/api/games/${encodeURIComponent(id)}/join`,
    { ...(seat ? { seat } : {}), ...(name ? { name } : {}) }),
  /**
   * A game action (`resign`, `abort`, `draw`, `takeback`, `rematch`, `name`)
   * for `seat`; `action` is `offer`/`request`/`accept`/`decline` for draw,
   * takeback and rematch; `extra` adds fields (`{name}` for `name`). Answers
   * `{state, rematch}` (`rematch`: this seat's place in the new game once
   * agreed). Without `token` the session cookie speaks for a seat bound
   * to the signed-in account.
   */
  act: (id, kind, seat, token, action, extra = {}) =>
    request('POST', `/api/games/${encodeURIComponent(id)}/${kind}`,
      { seat, ...(token ? { token } : {}), ...(action ? { action } : {}), ...extra })
      .then((r) => ({ state: normalize(r && r.state), rematch: (r && r.rematch) || null })),
  /** Where the game record is downloaded from. */
  recordUrl: (id) => `/api/games/${encodeURIComponent(id)}/record`,
  /** A move for `seat`; `token` as for `act`. */
  move: (id, seat, token, move) =>
    request('POST', `/api/games/${encodeURIComponent(id)}/moves`, { seat, ...(token ? { token } : {}), move }).then(normalize),
  analysis: (id, ply) =>
    request('GET', `/api/games/${encodeURIComponent(id)}/analysis${ply != null ? `?ply=${ply}` : ''}`),
  /** Binds a seat this browser holds the token of to the signed-in account. */
  claim: (id, seat, token) => request('POST', `/api/games/${enc(id)}/claim`, { seat: Number(seat), token }),

  // Accounts: the session is an HttpOnly cookie the browser sends by itself.
  account: () => request('GET', '/api/account'),
  /** `language`: the page's, kept as the account's (left out when not given). */
  signup: (username, password, language) =>
    request('POST', '/api/account/signup', { username, password, ...(language ? { language } : {}) }),
  login: (username, password) => request('POST', '/api/account/login', { username, password }),
  logout: (everywhere) => request('POST', '/api/account/logout', everywhere ? { everywhere: true } : {}),
  changePassword: (old, nw) => request('POST', '/api/account/password', { old, new: nw }),
  deleteAccount: (password) => request('DELETE', '/api/account', { password }),
  /** Where the account's data is downloaded from (the cookie says whose). */
  exportUrl: '/api/account/export',

  // Players, ratings, leaderboards.
  player: (name) => request('GET', `/api/players/${enc(name)}`),
  playerGames: (name, limit, before) => request('GET',
    `/api/players/${enc(name)}/games?limit=${limit}${before ? `&before=${enc(before)}` : ''}`),
  history: (name, pool) => request('GET', `/api/players/${enc(name)}/history/${enc(pool)}`),
  versus: (name, other) => request('GET', `/api/players/${enc(name)}/vs/${enc(other)}`),
  leaderboard: (pool, limit = 50) => request('GET', `/api/leaderboard/${enc(pool)}?limit=${limit}`),

  // Seeks (quick pairing).
  seeks: () => request('GET', '/api/seeks'),
  seek: (id) => request('GET', `/api/seeks/${enc(id)}`),
  /** `{game}` when it accepted someone's seek, `{seek}` when it posted one. */
  quickPair: (body) => request('POST', '/api/seeks/quick', body),
  acceptSeek: (id) => request('POST', `/api/seeks/${enc(id)}/accept`, {}),
  cancelSeek: (id) => request('DELETE', `/api/seeks/${enc(id)}`),
};

/**
 * The state in one shape, whatever spelling the server uses for a field:
 * `{id, game, options, seats, position, toAct, legal, history, result, extras, ply, rated}`
 * (each seat keeps the server's `player` and `rating_diff`).
 */
export function normalize(s) {
  if (!s || typeof s !== 'object') return s;
  if (s.state && typeof s.state === 'object' && !s.position) s = s.state;
  const history = (Array.isArray(s.history) ? s.history : []).map((h) =>
    typeof h === 'string' ? { move: h } : { move: h.move || h.text, seat: h.seat, ...h });
  let toAct = s.to_act ?? s.toAct ?? null;
  if (toAct && typeof toAct === 'object') {
    toAct = { seat: Number(toAct.seat), kind: toAct.kind || 'move' };
  } else if (typeof toAct === 'number') {
    toAct = { seat: toAct, kind: 'move' };
  } else {
    toAct = null;
  }
  const legal = s.legal_moves || s.legal || [];
  return {
    raw: s,
    id: s.id,
    game: s.game,
    options: s.options || {},
    seats: (s.seats || []).map((x, i) => (typeof x === 'string' ? { seat: i + 1, kind: x } : { seat: x.seat ?? i + 1, ...x })),
    position: s.position ?? s.position_text ?? s.fen ?? '',
    toAct,
    legal: legal.map((m) => (typeof m === 'string' ? m : m.move || m.text)),
    legalInfo: legal,
    history,
    ply: s.ply ?? history.length,
    result: s.result ?? s.outcome ?? null,
    extras: s.extras || {},
    status: s.status,
    names: Array.isArray(s.names) ? s.names : [],
    offers: s.offers || { draw: null, takeback: null, rematch: [] },
    clock: s.clock || null,
    moves: s.moves,
    rated: !!s.rated,
  };
}

/**
 * A live view of one game: calls `onState(state)` with every state the
 * server sends, and `onConn(up)` when the connection drops or comes back.
 * Reconnects with growing pauses (0.5 s … 8 s) until closed.
 */
export function liveGame(id, onState, onConn, onRematch, onStore) {
  let ws = null;
  let closed = false;
  let delay = 500;
  let timer = null;
  const open = () => {
    if (closed) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    ws = new WebSocket(`${proto}//${location.host}/api/games/${encodeURIComponent(id)}/ws`);
    ws.onopen = () => { delay = 500; onConn(true); };
    ws.onmessage = (ev) => {
      let data;
      try { data = JSON.parse(ev.data); } catch { return; }
      // `state` messages carry the game; `ack`/`error` answer moves sent
      // over the socket, which this client sends over HTTP instead.
      if (data && data.type === 'state' && data.state) onState(normalize(data.state));
      // A rematch agreed: this person's seat and token in the new game.
      if (data && data.type === 'rematch' && data.id && onRematch) onRematch(data);
      // The server's database went away or came back: moves wait meanwhile.
      if (data && data.type === 'store' && onStore) onStore(data.status);
    };
    ws.onclose = () => {
      onConn(false);
      if (closed) return;
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    };
    ws.onerror = () => { try { ws.close(); } catch { /* closing anyway */ } };
  };
  open();
  // Coming back to the tab or network: reconnect at once.
  const wake = () => {
    if (!closed && ws && ws.readyState === WebSocket.CLOSED) { clearTimeout(timer); delay = 500; open(); }
  };
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', wake);
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', wake);
      if (ws) ws.close();
    },
    /** Drops the socket as a network failure would (used by tests). */
    drop() { if (ws) ws.close(); },
  };
}

// Seat tokens this browser holds, per game: {seats: {n: token}, invites: {n: token}}.
// `seats` are played here; `invites` are links the creator may hand out.
// (A seat bound to the signed-in account needs no token: see game.js.)
const PREFIX = 'kyoku.game.';
const KEY = (id) => `${PREFIX}${id}`;

/** The ids of every game this browser holds seat tokens for. */
export function gamesWithSeats() {
  const ids = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k && k.startsWith(PREFIX)) ids.push(k.slice(PREFIX.length));
    }
  } catch { /* no storage: no tokens either */ }
  return ids;
}

export function loadSeats(id) {
  try {
    const v = JSON.parse(localStorage.getItem(KEY(id)) || 'null');
    if (v && typeof v === 'object') return { seats: v.seats || {}, invites: v.invites || {} };
  } catch { /* a damaged entry is the same as none */ }
  return { seats: {}, invites: {} };
}

export function saveSeats(id, v) {
  try { localStorage.setItem(KEY(id), JSON.stringify(v)); } catch { /* private mode: this tab only */ }
}

export function inviteLink(id, seat, token) {
  return `${location.origin}/game/${encodeURIComponent(id)}#seat=${seat}&token=${encodeURIComponent(token)}`;
}
