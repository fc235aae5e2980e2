// End-to-end tests of the kyoku web UI: a real `kyoku serve` on a free
// loopback port with a fresh database, driven through headless Chromium.
//
//   KYOKU_BIN=target/release/kyoku node run-tests.mjs [name-filter]
//
// Environment: KYOKU_BIN (the binary, required), CHROMIUM (default
// /usr/bin/chromium), SCREENSHOT_DIR (default ./screenshots).

import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { adjacent } from './shiamgon-adjacency.mjs';
import { learnAndPuzzleTests, seedPuzzles } from './learn-puzzles.mjs';
import { analysisTests } from './analysis.mjs';

const BIN = process.env.KYOKU_BIN;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const SHOTS = resolve(process.env.SCREENSHOT_DIR || new URL('screenshots', import.meta.url).pathname);
const FILTER = process.argv[2] || '';
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 860 };

if (!BIN) {
  console.error('KYOKU_BIN must name the kyoku binary');
  process.exit(2);
}
mkdirSync(SHOTS, { recursive: true });

// ---- the server ----

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

const tmp = mkdtempSync(join(tmpdir(), 'kyoku-e2e-'));
const port = await freePort();
const BASE = `http://127.0.0.1:${port}`;
// The puzzles' tests need puzzles in the store before the server opens it.
const seeded = seedPuzzles(BIN, join(tmp, 'kyoku.db'));
const server = spawn(BIN, ['serve', '--addr', `127.0.0.1:${port}`, '--db', join(tmp, 'kyoku.db')], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverLog = '';
server.stdout.on('data', (d) => { serverLog += d; });
server.stderr.on('data', (d) => { serverLog += d; });
server.on('exit', (code) => { if (!shuttingDown) console.error(`kyoku serve exited early (${code})\n${serverLog}`); });
let shuttingDown = false;

async function waitForServer() {
  for (let i = 0; i < 200; i++) {
    try {
      const r = await fetch(`${BASE}/api/catalogue`);
      if (r.ok) return r.json();
    } catch { /* not up yet */ }
    await sleep(100);
  }
  throw new Error(`the server did not start:\n${serverLog}`);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function apiCall(method, path, body) {
  const r = await fetch(`${BASE}${path}`, {
    method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined,
  });
  const data = await r.json().catch(() => null);
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(data)}`);
  return data;
}

const getState = (id) => apiCall('GET', `/api/games/${id}`);

/** Waits until `pred(state)` holds for game `id` (polling the API). */
async function until(id, pred, what, ms = 30000) {
  const end = Date.now() + ms;
  let st;
  while (Date.now() < end) {
    st = await getState(id);
    if (pred(st)) return st;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}; last state: ply ${st && st.ply}, to_act ${JSON.stringify(st && st.to_act)}, history ${JSON.stringify(st && st.history)}`);
}

// ---- the browser ----

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  // Playwright gives every launch a fresh temporary profile (user-data-dir).
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic',
    '--no-first-run', '--disable-component-update', '--disable-sync'],
});

const pageErrors = [];
async function newPage(viewport = DESKTOP, opts = {}) {
  // English unless a test asks for another language: the server answers in
  // the browser's language, and most tests read English.
  const context = await browser.newContext({ viewport, locale: opts.locale || 'en-US', colorScheme: opts.colorScheme || 'light' });
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) pageErrors.push(`${page.url()}: ${m.text()}`); });
  return page;
}

/** The game state the page shows (the view keeps it on `window.kyokuGame`). */
const shown = (page) => page.evaluate(() => {
  const g = window.kyokuGame;
  return g && g.live ? { ply: g.live.history.length, position: g.live.position, toAct: g.live.to_act || g.live.toAct } : null;
});

async function waitShownPly(page, ply, what) {
  await page.waitForFunction((n) => window.kyokuGame && window.kyokuGame.live && window.kyokuGame.live.history.length >= n,
    ply, { timeout: 30000 }).catch(() => { throw new Error(`the page did not show ply ${ply} (${what})`); });
}

async function shot(page, name) {
  // Let slides and fades finish first.
  await sleep(700);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Creates a game through the lobby form; returns its id. */
async function createInLobby(page, game, seats, opts = {}) {
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#game option[value="dobutsu"]', { state: 'attached' });
  await page.selectOption('#game', game);
  if (opts.board) await page.selectOption('#opt-board', opts.board);
  if (opts.players) await page.selectOption('#opt-players', String(opts.players));
  for (let i = 0; i < seats.length; i++) await page.selectOption(`#seat-${i + 1}`, seats[i]);
  await page.click('#start');
  await page.waitForURL(/\/game\/[a-z0-9]+$/);
  const id = page.url().split('/').pop();
  await page.waitForSelector('svg.board');
  return id;
}

/** Clicks the middle of Shiamgon field `name` (sectors' boxes can miss them). */
async function clickField(page, name) {
  const pt = await page.evaluate((n) => {
    const path = document.querySelector(`svg.board path[data-field="${n}"]`);
    const f = window.kyokuGame.board.byName.get(n);
    const svg = path.ownerSVGElement;
    const p = svg.createSVGPoint();
    p.x = f.cx; p.y = f.cy;
    const q = p.matrixTransform(path.getScreenCTM());
    return { x: q.x, y: q.y };
  }, name);
  await page.mouse.click(pt.x, pt.y);
}

/** Clicks a Dōbutsu move: the piece (or hand piece), then its destination. */
async function clickDobutsu(page, mv) {
  const drop = /^([A-Z])@([a-c][1-4])$/.exec(mv);
  if (drop) {
    await page.click(`[data-movable="hand:${drop[1]}"]`);
    await page.click(`[data-dest="${drop[2]}"]`);
  } else {
    await page.click(`[data-movable="${mv.slice(0, 2)}"]`);
    await page.click(`[data-dest="${mv.slice(2, 4)}"]`);
  }
}

// ---- the tests ----

let catalogue = null;
/** The weakest AI level for `game`, or the random mover while the game has no AI yet. */
function ai(game) {
  const g = catalogue.games.find((x) => x.game === game);
  return g && g.programs.some((p) => p.name === 'ai') ? 'ai:1' : 'random';
}

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test('lobby and rules pages render, with their pictures', async () => {
  for (const [vp, tag] of [[PHONE, 'phone'], [DESKTOP, 'desktop']]) {
    const page = await newPage(vp);
    await page.goto(`${BASE}/`);
    await page.waitForSelector('#start');
    await shot(page, `lobby-${tag}`);
    for (const game of ['dobutsu', 'shiamgon', 'shogun']) {
      await page.goto(`${BASE}/rules/${game}`);
      await page.waitForSelector('article.rules h1');
      await page.waitForFunction(() => [...document.querySelectorAll('article.rules img')].every((i) => i.complete));
      // Written for players: the two-minute guide first; no build commands or paths.
      const first = await page.textContent('article.rules h2');
      if (!/how to play in two minutes/i.test(first)) throw new Error(`/rules/${game} opens with "${first}"`);
      const body = await page.textContent('article.rules');
      const dev = /cargo |crates\/|\.\.\/shared|\.rs\b/.exec(body);
      if (dev) throw new Error(`/rules/${game} shows "${dev[0]}" to players`);
      if (await page.$('article.rules script')) throw new Error('a script on a rules page');
      const imgs = await page.$$eval('article.rules img', (l) => l.map((i) => [i.getAttribute('src'), i.naturalWidth]));
      if (!imgs.length) throw new Error(`no pictures on the ${game} rules page`);
      const broken = imgs.filter(([, w]) => !w);
      if (broken.length) throw new Error(`broken pictures on /rules/${game}: ${broken.map(([s]) => s).join(', ')}`);
      if (tag === 'phone') {
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        if (wide > 380) throw new Error(`/rules/${game} is ${wide}px wide on a 375px phone`);
      }
      await shot(page, `rules-${game}-${tag}`);
    }
    await page.context().close();
  }
});

test('Dōbutsu against the computer: click moves, the computer answers, reload keeps the game', async () => {
  const page = await newPage(DESKTOP);
  const id = await createInLobby(page, 'dobutsu', ['human', ai('dobutsu')]);
  await shot(page, 'dobutsu-start-desktop');
  for (let round = 0; round < 3; round++) {
    const st = await until(id, (s) => s.to_act && s.to_act.seat === 1, 'Sente to move');
    await page.waitForFunction((n) => window.kyokuGame.live.history.length === n && document.querySelector('[data-movable]'), st.ply);
    // Prefer a capture or a forward step, for a lively picture.
    const mv = st.legal_moves.find((m) => /^[a-c][1-4][a-c][1-4]/.test(m)) || st.legal_moves[0];
    await clickDobutsu(page, mv);
    const after = await until(id, (s) => s.ply >= st.ply + 2 || s.result, 'the computer to answer');
    if (after.history[st.ply].move.replace('+', '') !== mv.replace('+', '')) throw new Error(`played ${after.history[st.ply].move}, clicked ${mv}`);
    if (after.result) break;
    await waitShownPly(page, after.ply, 'the computer answer');
  }
  // The page catches up with the server (also when the game just ended).
  await waitShownPly(page, (await getState(id)).ply, 'the last move');
  const before = await shown(page);
  await page.setViewportSize(PHONE);
  await shot(page, 'dobutsu-phone');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'dobutsu-desktop');
  await page.reload();
  await page.waitForSelector('svg.board');
  await waitShownPly(page, before.ply, 'after reload');
  const again = await shown(page);
  if (again.position !== before.position) throw new Error(`after reload: ${again.position} ≠ ${before.position}`);
  // The board itself: the same pieces on the same squares.
  const pieces = await page.$$eval('[data-piece]', (l) => l.map((e) => e.getAttribute('data-piece')).sort().join(','));
  if (!pieces) throw new Error('no pieces drawn after reload');
  // Step back through history and return to live.
  await page.click('[data-action="back"]');
  await page.waitForSelector('[data-action="live"]');
  await shot(page, 'dobutsu-history-desktop');
  await page.click('[data-action="live"]');
  await page.waitForSelector('[data-action="live"]', { state: 'detached' });
  await page.context().close();
});

test('Dōbutsu: a move typed on the keyboard, one dragged', async () => {
  const page = await newPage(PHONE);
  const id = await createInLobby(page, 'dobutsu', ['human', 'random']);
  await page.fill('#move-text', 'b2b3');
  await page.press('#move-text', 'Enter');
  const st = await until(id, (s) => s.ply >= 2, 'the random answer');
  if (st.history[0].move !== 'b2b3') throw new Error(`typed b2b3, got ${st.history[0].move}`);
  await waitShownPly(page, 2, 'the answer');
  // And one dragged with the mouse: a piece of Sente onto a legal square.
  const mv = st.legal_moves.find((m) => /^[a-c][1-4][a-c][1-4]$/.test(m));
  const centre = async (sel) => {
    const b = await page.locator(sel).first().boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  const [fx, fy] = await centre(`[data-movable="${mv.slice(0, 2)}"]`);
  const [tx, ty] = await centre(`rect[data-sq="${mv.slice(2, 4)}"]`);
  await page.mouse.move(fx, fy);
  await page.mouse.down();
  await page.mouse.move(tx, ty, { steps: 8 });
  await page.mouse.up();
  const after = await until(id, (s) => s.ply >= 3, 'the dragged move');
  if (after.history[2].move.replace('+', '') !== mv.replace('+', '')) throw new Error(`dragged ${mv}, got ${after.history[2].move}`);
  await page.context().close();
});

for (const [board, players] of [['disc5', 3], ['tri8', 3], ['disc10', 4], ['tri16', 3]]) {
  test(`Shiamgon ${board}: click placements against the computer, reload keeps the game`, async () => {
    const page = await newPage(DESKTOP);
    const seats = ['human', ...Array(players - 1).fill(ai('shiamgon'))];
    const id = await createInLobby(page, 'shiamgon', seats, { board, players });
    await shot(page, `shiamgon-${board}-start-desktop`);
    const rounds = board === 'disc5' ? 3 : 1;
    for (let round = 0; round < rounds; round++) {
      const st = await until(id, (s) => (s.to_act && s.to_act.seat === 1) || s.result, 'my turn', 60000);
      if (st.result) break;
      await waitShownPly(page, st.ply, 'my turn');
      const mv = st.legal_moves[Math.floor(st.legal_moves.length / 2)];
      if (mv === 'pass') await page.click('[data-action="pass"]');
      else await clickField(page, mv);
      await until(id, (s) => s.ply > st.ply && s.history[st.ply].move === mv, `my move ${mv}`);
      // The computers answer (or, after a push answer, it may be my turn at once).
      await until(id, (s) => s.history.slice(st.ply + 1).some((h) => h.seat !== 1) || s.result ||
        (s.ply > st.ply && s.to_act && s.to_act.seat === 1), 'the computers', 60000);
    }
    const st = await until(id, (s) => (s.to_act && s.to_act.seat === 1) || s.result, 'my turn again', 60000);
    const mine = st.history.findIndex((h) => h.seat === 1);
    if (!st.history.slice(mine + 1).some((h) => h.seat !== 1)) throw new Error('no computer move after mine');
    await waitShownPly(page, st.ply, 'the computers on the page');
    await page.setViewportSize(PHONE);
    await shot(page, `shiamgon-${board}-phone`);
    await page.setViewportSize(DESKTOP);
    await shot(page, `shiamgon-${board}-desktop`);
    const before = await shown(page);
    await page.reload();
    await page.waitForSelector('svg.board');
    await waitShownPly(page, before.ply, 'after reload');
    const again = await shown(page);
    if (again.position !== before.position) throw new Error(`after reload: ${again.position} ≠ ${before.position}`);
    const stones = await page.$$eval('[data-stone]', (l) => l.length);
    const expect = before.position.split(' stones ')[1].split(' ')[0].split(/[/,]/).filter((x) => x && x !== '-').length;
    if (stones !== expect) throw new Error(`${stones} stones drawn, the position has ${expect}`);
    await page.context().close();
  });
}

test('Shiamgon boards are drawn with the geometry of the engine (every field outline)', async () => {
  const page = await newPage(DESKTOP);
  await page.goto(`${BASE}/`);
  for (const board of ['tri8', 'tri16', 'disc5', 'disc10']) {
    const file = join(tmp, `${board}.svg`);
    await new Promise((res, rej) => {
      const p = spawn(BIN, ['render', 'shiamgon', '--board', board, '--players', '3', '-o', file], { stdio: 'ignore' });
      p.on('exit', (c) => (c === 0 ? res() : rej(new Error(`kyoku render exited ${c}`))));
    });
    const svg = readFileSync(file, 'utf8');
    const engine = {};
    for (const m of svg.matchAll(/<path d="([^"]+)"[^>]*data-field="([^"]+)"/g)) engine[m[2]] = m[1];
    const ours = await page.evaluate(async (b) => {
      const g = await import('/js/boards/shiamgon-geometry.js');
      return Object.fromEntries(g.boardGeometry(b).fields.map((f) => [f.name, f.path]));
    }, board);
    const nums = (d) => (d.match(/-?\d+(\.\d+)?/g) || []).map(Number);
    const names = Object.keys(engine);
    if (!names.length || names.length !== Object.keys(ours).length) {
      throw new Error(`${board}: engine draws ${names.length} fields, the UI ${Object.keys(ours).length}`);
    }
    for (const name of names) {
      const [a, b] = [nums(engine[name]), nums(ours[name] || '')];
      if (a.length !== b.length || a.some((x, i) => Math.abs(x - b[i]) > 2e-4)) {
        throw new Error(`${board} field ${name}: engine ${engine[name]} ≠ UI ${ours[name]}`);
      }
    }
  }
  await page.context().close();
});

test('Shiamgon: a push of my stone is answered by clicking', async () => {
  // Seat 1 is played here through the API, seat 2 in the browser, seat 3 by
  // the random program; both humans steer towards each other until a stone
  // of seat 2 is pushed.
  const created = await apiCall('POST', '/api/games', {
    game: 'shiamgon', options: { board: 'disc5', players: 3 }, seats: ['human', 'human', 'random'],
  });
  const id = created.id;
  const tok = Object.fromEntries(created.seats.filter((x) => x.token).map((x) => [x.seat, x.token]));
  const page = await newPage(DESKTOP);
  await page.goto(`${BASE}/game/${id}#seat=2&token=${tok[2]}`);
  await page.waitForSelector('svg.board');
  const stonesOf = (pos, seat) => {
    const list = pos.split(' stones ')[1].split(' ')[0].split('/')[seat - 1];
    return list === '-' ? [] : list.split(',');
  };
  const board = 'disc5';
  const dist = (a, b) => {
    const c = (n) => { const [r, i] = n.split('.').map(Number); const counts = [1, 3, 6, 15, 30, 60]; const phi = [0, 0, 30, 12, 6, 3]; const ang = r ? (phi[r] + (i + 0.5) * 360 / counts[r]) * Math.PI / 180 : 0; return [(r + (r ? 0.5 : 0)) * Math.cos(ang), (r + (r ? 0.5 : 0)) * Math.sin(ang)]; };
    const [p, q] = [c(a), c(b)];
    return Math.hypot(p[0] - q[0], p[1] - q[1]);
  };
  // The move of `seat` that comes closest to the stones of `other`,
  // preferring one next to a stone of `other` that has room to move.
  const steer = (st, seat, other) => {
    const theirs = stonesOf(st.position, other);
    const all = new Set(st.position.split(' stones ')[1].split(' ')[0].split(/[/,]/));
    let best = null;
    let bestScore = Infinity;
    for (const mv of st.legal_moves) {
      if (mv === 'pass') continue;
      const touching = theirs.filter((q) => adjacent(board, mv, q));
      let score = Math.min(...theirs.map((q) => dist(mv, q)));
      if (touching.length === 1) score -= 100;
      if (score < bestScore) { bestScore = score; best = mv; }
    }
    return best || st.legal_moves[0];
  };
  let pushed = null;
  for (let i = 0; i < 80 && !pushed; i++) {
    const st = await until(id, (s) => s.to_act || s.result, 'someone to act');
    if (st.result) break;
    const { seat, kind } = st.to_act;
    if (seat === 2 && kind === 'push') { pushed = st; break; }
    if (seat === 1) {
      const mv = kind === 'push' ? st.legal_moves[0] : steer(st, 1, 2);
      await apiCall('POST', `/api/games/${id}/moves`, { seat: 1, token: tok[1], move: mv });
    } else if (seat === 2) {
      await waitShownPly(page, st.ply, 'seat 2 to move');
      const mv = steer(st, 2, 1);
      if (mv === 'pass') await page.click('[data-action="pass"]');
      else await clickField(page, mv);
      await until(id, (s) => s.ply > st.ply, 'the click to be played');
    } else {
      await until(id, (s) => s.ply > st.ply || s.result, 'the random seat');
    }
  }
  if (!pushed) throw new Error('no push of seat 2 came about');
  await waitShownPly(page, pushed.ply, 'the push');
  await page.waitForSelector('svg.board path.f-legal');
  const fields = (p, cls) => p.$$eval(`svg.board path.${cls}`, (l) => l.map((e) => e.getAttribute('data-field')).sort());
  const lit = await fields(page, 'f-legal');
  const legal = [...pushed.legal_moves].sort();
  if (JSON.stringify(lit) !== JSON.stringify(legal)) throw new Error(`lit fields ${lit} ≠ answers ${legal}`);
  // The server lists the push's fields in the extras, and a spectator (who
  // has no legal moves) sees them lit from there, without being offered them.
  const served = [...(pushed.extras.push.fields || [])].sort();
  if (JSON.stringify(served) !== JSON.stringify(legal)) throw new Error(`extras.push.fields ${served} ≠ answers ${legal}`);
  const watcher = await newPage(PHONE);
  await watcher.goto(`${BASE}/game/${id}`);
  await watcher.waitForSelector('svg.board path.f-lit');
  const seen = await fields(watcher, 'f-lit');
  if (JSON.stringify(seen) !== JSON.stringify(legal)) throw new Error(`the spectator sees ${seen} lit, the answers are ${legal}`);
  if ((await fields(watcher, 'f-legal')).length) throw new Error('the spectator is offered the answer');
  await shot(watcher, 'shiamgon-push-spectator-phone');
  await watcher.context().close();
  await shot(page, 'shiamgon-push-desktop');
  const answer = pushed.legal_moves[0];
  await clickField(page, answer);
  const after = await until(id, (s) => s.ply > pushed.ply, 'the answer');
  if (after.history[pushed.ply].move !== answer || after.history[pushed.ply].seat !== 2) {
    throw new Error(`answer played as ${JSON.stringify(after.history[pushed.ply])}`);
  }
  if (!stonesOf(after.position, 2).includes(answer) && after.ply === pushed.ply + 1) {
    throw new Error(`the pushed stone is not on ${answer}: ${after.position}`);
  }
  await page.context().close();
});

test('Dōbutsu: capturing the Lion ends the game with a result banner', async () => {
  const created = await apiCall('POST', '/api/games', {
    game: 'dobutsu', options: { fen: '3/1l1/1G1/1L1[] w - - 0 1' }, seats: ['human', 'random'],
  });
  const page = await newPage(PHONE);
  await page.goto(`${BASE}/game/${created.id}#seat=1&token=${created.seats[0].token}`);
  await page.waitForSelector('[data-movable="b2"]');
  await clickDobutsu(page, 'b2b3');
  await page.waitForSelector('[data-test="result"]');
  const text = await page.textContent('[data-test="result"]');
  if (!/Sente\)? wins/.test(text)) throw new Error(`banner says ${text}`);
  const st = await getState(created.id);
  if (!st.result || st.status !== 'finished') throw new Error(`server state ${JSON.stringify(st.result)}`);
  await shot(page, 'dobutsu-result-phone');
  await page.context().close();
});

test('Dōbutsu: the analysis switch shows perfect-play values, or says the server has no table', async () => {
  const created = await apiCall('POST', '/api/games', { game: 'dobutsu', seats: ['human', 'human'] });
  // The server answers with values when it has the table (CI builds it
  // before these tests), 501 otherwise; the page must show either.
  const r = await fetch(`${BASE}/api/games/${created.id}/analysis`);
  const page = await newPage(DESKTOP);
  await page.goto(`${BASE}/game/${created.id}#seat=1&token=${created.seats[0].token}`);
  await page.waitForSelector('#analysis');
  await page.check('#analysis');
  if (r.status === 200) {
    const a = await r.json();
    // The start is lost in 76 for the side to move, whatever it plays.
    if (a.value.result !== 'loss' || a.value.plies !== 76) throw new Error(`start valued ${JSON.stringify(a.value)}`);
    if (!a.moves.length || !a.moves.every((m) => m.result === 'loss')) throw new Error(`moves ${JSON.stringify(a.moves)}`);
    await page.waitForFunction(() => /loses in \d+/.test(document.body.textContent));
    const text = await page.textContent('body');
    for (const m of a.moves) {
      const want = `${m.move}: loses in ${m.plies}`;
      if (!text.includes(want)) throw new Error(`the page does not show "${want}"`);
    }
    await shot(page, 'dobutsu-analysis-desktop');
  } else {
    if (r.status !== 501) throw new Error(`analysis answered ${r.status}`);
    await page.waitForFunction(() => /no Dōbutsu tablebase/.test(document.body.textContent));
  }
  await page.context().close();
});

test('lobby: the new-game form is built from the catalogue', async () => {
  const page = await newPage(PHONE);
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#start');
  const cat = await page.evaluate(async () => (await (await import('/js/catalogue.js')).loadCatalogue()).games);
  const offered = await page.$$eval('#game option', (l) => l.map((o) => [o.value, o.textContent]));
  if (JSON.stringify(offered) !== JSON.stringify(cat.map((g) => [g.game, g.title]))) throw new Error(`games offered ${JSON.stringify(offered)}`);
  const values = (sel) => page.$$eval(sel, (l) => l.map((o) => o.value));
  // Shiamgon: the player counts follow the board; handicap only on discs.
  const sh = cat.find((g) => g.game === 'shiamgon');
  await page.selectOption('#game', 'shiamgon');
  const by = sh.options.find((o) => o.name === 'players').choices_by.values;
  const discs = sh.options.find((o) => o.name === 'handicap').only_if.values;
  for (const [board, counts] of Object.entries(by)) {
    await page.selectOption('#opt-board', board);
    const got = await values('#opt-players option');
    if (got.join() !== counts.join()) throw new Error(`${board}: players offered ${got}, catalogue ${counts}`);
    const hc = (await page.$$('input[data-option="handicap"]')).length;
    if (hc !== (discs.includes(board) ? Number(got[0]) : 0)) throw new Error(`${board}: ${hc} handicap fields`);
  }
  await page.selectOption('#opt-board', 'disc5');
  await page.selectOption('#opt-players', '5');
  if ((await page.$$('select[data-seat]')).length !== 5) throw new Error('5 players but not 5 seats');
  // Four players on disc5: only player 1 has room for a handicap stone.
  await page.selectOption('#opt-players', '4');
  if ((await page.$$('input[data-option="handicap"]')).length !== 4) throw new Error('4 players but not 4 handicap fields');
  await page.fill('input[data-option="handicap"][data-seat="1"]', '1');
  await page.dispatchEvent('input[data-option="handicap"][data-seat="1"]', 'change');
  for (let i = 2; i <= 4; i++) await page.selectOption(`#seat-${i}`, 'random');
  await shot(page, 'lobby-shiamgon-phone');
  const post = (await Promise.all([page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/games')), page.click('#start')]))[0];
  const body = post.postDataJSON();
  const want = { game: 'shiamgon', options: { board: 'disc5', players: 4, handicap: [1, 0, 0, 0] }, seats: ['human', 'random', 'random', 'random'] };
  if (JSON.stringify(body) !== JSON.stringify(want)) throw new Error(`sent ${JSON.stringify(body)}`);
  await page.waitForURL(/\/game\/[a-z0-9]+$/);
  const made = await getState(page.url().split('/').pop());
  if (JSON.stringify(made.options.handicap) !== '[1,0,0,0]') throw new Error(`the game has options ${JSON.stringify(made.options)}`);
  // Dōbutsu: the start position is an advanced option, sent only when given.
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#start');
  await page.selectOption('#game', 'dobutsu');
  if (await page.isVisible('#opt-fen')) throw new Error('the FEN field is not behind "More options"');
  await page.click('details.more-options summary');
  await page.fill('#opt-fen', '3/1l1/1G1/1L1[] w - - 0 1');
  await page.selectOption('#seat-2', 'random');
  const post2 = (await Promise.all([page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/games')), page.click('#start')]))[0];
  const body2 = post2.postDataJSON();
  if (body2.options.fen !== '3/1l1/1G1/1L1[] w - - 0 1' || body2.game !== 'dobutsu') throw new Error(`sent ${JSON.stringify(body2)}`);
  await page.waitForURL(/\/game\/[a-z0-9]+$/);
  await page.context().close();
});

test('lobby: an open seat is joined from the list of open games', async () => {
  const created = await apiCall('POST', '/api/games', {
    game: 'shiamgon', options: { board: 'tri8', players: 3 }, seats: ['random', 'human', 'random'], open_seats: [2],
  });
  const page = await newPage(PHONE);
  await page.goto(`${BASE}/`);
  await page.click(`[data-join="${created.id}"]`);
  await page.waitForURL(new RegExp(`/game/${created.id}$`));
  await page.waitForSelector('svg.board');
  const st = await getState(created.id);
  if (st.seats[1].open) throw new Error('seat 2 is still open after joining');
  const here = await page.evaluate(() => Object.keys(window.kyokuGame.mine.seats));
  if (here.join() !== '2') throw new Error(`this browser holds seats ${here}`);
  await page.context().close();
});

test('two browsers play each other through an invite link; a spectator sees the moves', async () => {
  const alice = await newPage(DESKTOP);
  const id = await createInLobby(alice, 'dobutsu', ['human', 'human']);
  const link = await alice.inputValue('[data-invite="2"]');
  if (!/#seat=2&token=[0-9a-f]+/.test(link)) throw new Error(`odd invite link ${link}`);
  const token = link.split('token=')[1];
  const bob = await newPage(PHONE);
  await bob.goto(link);
  await bob.waitForSelector('svg.board');
  if (bob.url().includes(token)) throw new Error('the token stays visible in the address bar');
  // Bob came by the link to a seat nobody named: he is asked for his name.
  await bob.waitForSelector('[data-test="name-form"]');
  if (await alice.$('[data-test="name-form"]')) throw new Error('the creator is asked for a name unasked');
  await shot(bob, 'dobutsu-name-phone');
  await bob.fill('[data-test="name-input"]', 'Bob 坊');
  await bob.click('[data-test="name-save"]');
  await bob.waitForSelector('[data-test="name-form"]', { state: 'detached' });
  const watcher = await newPage(PHONE);
  await watcher.goto(`${BASE}/game/${id}`);
  await watcher.waitForSelector('svg.board');
  for (const p of [alice, watcher]) {
    await p.waitForFunction(() => /Bob 坊/.test(document.querySelector('[data-test="seat-2"]').textContent));
  }
  if ((await getState(id)).names[1] !== 'Bob 坊') throw new Error('the server has not the name');
  await sleep(300);
  if ((await alice.content()).includes(token) && !(await alice.inputValue('[data-invite="2"]')).includes(token)) {
    throw new Error('token in the page outside the invite box');
  }
  for (const p of [bob, watcher]) {
    if ((await p.content()).includes(token)) throw new Error('another browser shows the invite token');
  }
  // Alice (Sente) moves by clicking; Bob and the spectator see it live.
  await clickDobutsu(alice, 'b2b3');
  await waitShownPly(bob, 1, "Alice's move on Bob's screen");
  await waitShownPly(watcher, 1, "Alice's move for the spectator");
  // Bob answers by clicking: the Elephant takes back.
  await bob.waitForSelector('[data-movable="c4"]');
  await clickDobutsu(bob, 'c4b3');
  await waitShownPly(alice, 2, "Bob's move on Alice's screen");
  await waitShownPly(watcher, 2, "Bob's move for the spectator");
  const st = await getState(id);
  if (st.history.map((h) => h.move).join(' ') !== 'b2b3 c4b3') throw new Error(`history ${JSON.stringify(st.history)}`);
  if (await watcher.$('[data-movable]')) throw new Error('the spectator is offered moves');
  await shot(bob, 'dobutsu-invited-phone');
  // The socket drops and comes back: a move made meanwhile still arrives.
  await watcher.evaluate(() => window.kyokuGame.socket.drop());
  await clickDobutsu(alice, 'a1b2');
  await waitShownPly(watcher, 3, 'a move after the reconnect');
  await shot(watcher, 'dobutsu-spectator-phone');
  for (const p of [alice, bob, watcher]) await p.context().close();
});

test('Shogun: click moves against the computer, reload keeps the game', async () => {
  const cat = await apiCall('GET', '/api/catalogue');
  if (!cat.games.some((g) => g.game === 'shogun')) return 'skipped: this server has no Shogun yet';
  const page = await newPage(DESKTOP);
  const id = await createInLobby(page, 'shogun', ['human', ai('shogun')]);
  await shot(page, 'shogun-start-desktop');
  for (let round = 0; round < 2; round++) {
    const st = await until(id, (s) => (s.to_act && s.to_act.seat === 1) || s.result, 'White to move');
    if (st.result) break;
    await page.waitForFunction((n) => window.kyokuGame.live.history.length === n, st.ply);
    const mv = st.legal_moves[0];
    await page.click(`[data-movable="${mv.slice(0, 2)}"]`);
    await page.click(`[data-dest="${mv.replace('x', '').slice(2, 4)}"]`);
    await until(id, (s) => s.ply >= st.ply + 2 || s.result, 'the computer to answer');
  }
  const st = await until(id, (s) => (s.to_act && s.to_act.seat === 1) || s.result, 'White again');
  await waitShownPly(page, st.ply, 'the answer');
  // Every piece shows the number the server sends, and nothing else.
  const drawn = await page.$$eval('[data-piece]', (l) => Object.fromEntries(l.map((e) => {
    const n = e.querySelector('[data-number]');
    return [e.getAttribute('data-piece'), n ? Number(n.getAttribute('data-number')) : null];
  })));
  const server = st.extras.numbers || {};
  if (Object.keys(drawn).length !== Object.keys(server).length) throw new Error(`${Object.keys(drawn).length} pieces drawn, the server numbers ${Object.keys(server).length}`);
  for (const [sq, n] of Object.entries(server)) {
    if (drawn[sq] !== n) throw new Error(`number on ${sq}: board ${drawn[sq]}, server ${n}`);
  }
  await checkShogunThreats(page, st);
  // A selected piece shows the number it will show on each destination.
  const from = st.legal_moves[0].slice(0, 2);
  await page.click(`[data-movable="${from}"]`);
  const dests = await page.$$eval('[data-dest]', (l) => l.map((e) => e.textContent));
  const want = st.legal_moves.filter((m) => m.startsWith(from)).length;
  if (dests.length !== want || dests.some((x) => !/^[1-4]$/.test(x))) throw new Error(`destinations ${JSON.stringify(dests)}, ${want} moves`);
  await page.setViewportSize(PHONE);
  await shot(page, 'shogun-phone');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'shogun-desktop');
  const before = await shown(page);
  await page.reload();
  await page.waitForSelector('svg.board');
  await waitShownPly(page, before.ply, 'after reload');
  if ((await shown(page)).position !== before.position) throw new Error('another position after reload');
  await page.context().close();
});

/** The threat rings on the page are exactly the server's `extras.threats`; "Shogun!" iff its Shogun is among them. */
async function checkShogunThreats(page, st) {
  const rings = (await page.$$eval('[data-threat]', (l) => l.map((e) => e.getAttribute('data-threat')))).sort();
  const want = [...(st.extras.threats || [])].sort();
  if (JSON.stringify(rings) !== JSON.stringify(want)) throw new Error(`threat rings on ${rings}, the server says ${want}`);
  const side = st.position.split(' ')[1] === 'r' ? 'red' : 'white';
  const alarm = !!(await page.$('[data-test="shogun-threat"]'));
  if (alarm !== !!st.extras.threatened[side]) throw new Error(`"Shogun!" shown ${alarm}, server says ${st.extras.threatened[side]}`);
  return want.length;
}

test('Shogun: the threatened pieces a spectator sees are the server\'s', async () => {
  const cat = await apiCall('GET', '/api/catalogue');
  if (!cat.games.some((g) => g.game === 'shogun')) return 'skipped: this server has no Shogun yet';
  const created = await apiCall('POST', '/api/games', { game: 'shogun', options: {}, seats: ['human', 'human'] });
  const tok = Object.fromEntries(created.seats.map((x) => [x.seat, x.token]));
  const page = await newPage(DESKTOP);
  await page.goto(`${BASE}/game/${created.id}`);
  await page.waitForSelector('svg.board');
  // Fixed pseudo-random moves until the side to move has a piece attacked.
  let seed = 7;
  const next = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  let st = await getState(created.id);
  let checked = 0;
  let sawShogun = false;
  for (let i = 0; i < 200 && !st.result; i++) {
    if ((st.extras.threats || []).length) {
      await waitShownPly(page, st.ply, 'the threat');
      await page.waitForFunction((n) => window.kyokuGame.live.history.length === n && !(window.kyokuGame.queue || []).length, st.ply);
      await checkShogunThreats(page, st);
      checked += 1;
      const shogun = st.extras.threatened.white || st.extras.threatened.red;
      if (checked === 1 || (shogun && !sawShogun)) await shot(page, 'shogun-threat-desktop');
      sawShogun = sawShogun || shogun;
      if (checked >= 3 && sawShogun) break;
    }
    const mv = st.legal_moves[next(st.legal_moves.length)];
    st = await apiCall('POST', `/api/games/${created.id}/moves`, { seat: st.to_act.seat, token: tok[st.to_act.seat], move: mv });
  }
  if (!checked) throw new Error('no threat came about in 200 moves');
  await page.context().close();
  return `${checked} positions with threats checked${sawShogun ? ', one with "Shogun!"' : ''}`;
});

// ---- the game's life in the browser (clocks, actions, names, export,
// keyboard, phone, dark mode, sound) ----

/** A game made over the API; returns {id, tok: {seat: token}}. */
async function apiGame(body) {
  const created = await apiCall('POST', '/api/games', body);
  const tok = {};
  for (const x of created.seats) if (x.token) tok[x.seat] = x.token;
  return { id: created.id, tok, created };
}

/** Opens game `id` holding `seat` (its token in the link, as an invite). */
async function openSeat(page, id, seat, token) {
  await page.goto(`${BASE}/game/${id}${seat ? `#seat=${seat}&token=${token}` : ''}`);
  await page.waitForSelector('svg.board');
}

/** The text of the result banner, once there is one. */
async function bannerText(page, ms = 30000) {
  await page.waitForSelector('[data-test="result"]', { timeout: ms });
  return page.textContent('[data-test="result"]');
}

/** WCAG contrast of two CSS colours `rgb(r, g, b)`. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/[\d.]+/g).slice(0, 3).map(Number).map((v) => {
      const x = v / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [l1, l2] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

test('clock: a 1+0 game made in the lobby is lost on time, the clock reaching 0:00 and the banner', async () => {
  const page = await newPage(DESKTOP);
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#start');
  await page.selectOption('#game', 'dobutsu');
  await page.selectOption('#clock', '1+0');
  await page.selectOption('#seat-2', ai('dobutsu'));
  const post = (await Promise.all([page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/games')), page.click('#start')]))[0];
  if (post.postDataJSON().clock !== '1+0') throw new Error(`sent ${post.postData()}`);
  await page.waitForURL(/\/game\/[a-z0-9]+$/);
  const id = page.url().split('/').pop();
  await page.waitForSelector('[data-test="clock-1"].running');
  const first = await page.textContent('[data-test="clock-1"] .time');
  await sleep(2200);
  const later = await page.textContent('[data-test="clock-1"] .time');
  if (first === later) throw new Error(`the clock does not tick: ${first} then ${later}`);
  if (!/^0:5\d$|^1:00$/.test(first)) throw new Error(`a 1+0 clock starts at ${first}`);
  // No drift: the page's count agrees with the server's reading (same machine,
  // so the server's timestamp can be compared here) within a few tenths.
  for (let i = 0; i < 3; i++) {
    await sleep(1500);
    const st = await getState(id);
    const server = st.clocks[0] - (Date.now() - st.clock_at);
    const page_ = await page.evaluate(() => window.kyokuGame.clocks.remaining(1));
    if (Math.abs(server - page_) > 400) throw new Error(`the page shows ${page_} ms left, the server ${server} ms`);
  }
  const text = await bannerText(page, 75000);
  if (!/ran out of time/.test(text) || !/Computer|computer/.test(text)) throw new Error(`banner says ${text}`);
  const zero = await page.textContent('[data-test="clock-1"] .time');
  if (zero !== '0:00.0' && zero !== '0:00') throw new Error(`the flagged clock shows ${zero}`);
  const st = await getState(id);
  if (!st.result || st.result.reason !== 'time' || st.result.winners.join() !== '2') throw new Error(`server result ${JSON.stringify(st.result)}`);
  await shot(page, 'clock-flag-desktop');
  await page.context().close();
});

test('resign (confirmed) and abort end the game for every browser', async () => {
  // Abort: nobody has moved yet.
  const a = await apiGame({ game: 'dobutsu', seats: ['human', 'human'] });
  const p1 = await newPage(DESKTOP);
  const watcher = await newPage(PHONE);
  await openSeat(p1, a.id, 1, a.tok[1]);
  await openSeat(watcher, a.id);
  if (await watcher.$('[data-action="abort"]')) throw new Error('a spectator is offered to abort');
  await p1.click('[data-action="abort"]');
  if (!/aborted/i.test(await bannerText(p1))) throw new Error('no "aborted" banner');
  if (!/aborted/i.test(await bannerText(watcher))) throw new Error('the spectator did not see the abort');
  if ((await getState(a.id)).result.reason !== 'aborted') throw new Error('the server did not abort');
  // Resign: after both have moved, abort gives way to resign, which asks first.
  const r = await apiGame({ game: 'dobutsu', seats: ['human', ai('dobutsu')] });
  await openSeat(p1, r.id, 1, r.tok[1]);
  await clickDobutsu(p1, 'b2b3');
  await until(r.id, (s) => s.ply >= 2, 'the program to answer');
  await p1.waitForSelector('[data-action="resign"]');
  if (await p1.$('[data-action="abort"]')) throw new Error('abort offered after every seat moved');
  await p1.click('[data-action="resign"]');
  await p1.waitForSelector('[data-action="resign-yes"]');
  if ((await getState(r.id)).result) throw new Error('resigned before the confirmation');
  await p1.click('[data-action="resign-yes"]');
  const text = await bannerText(p1);
  if (!/resigned/.test(text)) throw new Error(`banner says ${text}`);
  const st = await getState(r.id);
  if (st.result.reason !== 'resigned' || st.result.winners.join() !== '2') throw new Error(`server result ${JSON.stringify(st.result)}`);
  await p1.context().close();
  await watcher.context().close();
});

test('draw offered in one browser and accepted in another', async () => {
  const g = await apiGame({ game: 'shogun', seats: ['human', 'human'] });
  const a = await newPage(DESKTOP);
  const b = await newPage(PHONE);
  await openSeat(a, g.id, 1, g.tok[1]);
  await openSeat(b, g.id, 2, g.tok[2]);
  await a.click('[data-action="draw-offer"]');
  await a.waitForSelector('[data-action="draw-wait"]');
  await b.waitForSelector('[data-action="draw-accept"]');
  await shot(b, 'draw-offer-phone');
  await b.click('[data-action="draw-accept"]');
  for (const p of [a, b]) {
    const text = await bannerText(p);
    if (!/Draw/.test(text) || !/agreed/.test(text)) throw new Error(`banner says ${text}`);
  }
  if ((await getState(g.id)).result.reason !== 'agreed') throw new Error('the server has no agreed draw');
  await a.context().close();
  await b.context().close();
});

test('takeback against a program', async () => {
  const g = await apiGame({ game: 'dobutsu', seats: ['human', ai('dobutsu')] });
  const page = await newPage(DESKTOP);
  await openSeat(page, g.id, 1, g.tok[1]);
  await clickDobutsu(page, 'b2b3');
  await until(g.id, (s) => s.ply >= 2, 'the program to answer');
  await waitShownPly(page, 2, 'the answer');
  await page.click('[data-action="takeback"]');
  await page.waitForFunction(() => window.kyokuGame.live.history.length === 0);
  const st = await getState(g.id);
  if (st.ply !== 0) throw new Error(`after the takeback the server is at ply ${st.ply}`);
  // The board is the start again and the move can be made anew.
  await page.waitForSelector('[data-movable="b2"]');
  if (await page.$('[data-action="takeback"]')) throw new Error('takeback offered with nothing to take back');
  await page.context().close();
});

test('the database away: the game page says so, its clock waits, and the game is read again after', async () => {
  const g = await apiGame({ game: 'dobutsu', seats: ['human', ai('dobutsu')], clock: '5+0' });
  const page = await newPage(DESKTOP);
  // The server's own socket, with a way to speak to the page in its name
  // (a database cannot be taken away from this test's SQLite server).
  const sockets = [];
  await page.routeWebSocket(/\/api\/games\/[^/]+\/ws$/, (ws) => { ws.connectToServer(); sockets.push(ws); });
  await openSeat(page, g.id, 1, g.tok[1]);
  await clickDobutsu(page, 'b2b3');
  await until(g.id, (s) => s.ply >= 2, 'the program to answer');
  await waitShownPly(page, 2, 'the answer');
  await page.waitForSelector('[data-test="clock-1"].running');
  await page.waitForSelector('.conn.live');
  const tell = (status) => sockets[sockets.length - 1].send(JSON.stringify({ type: 'store', status }));
  const time = () => page.textContent('[data-test="clock-1"] .time');
  tell('unavailable');
  await page.waitForSelector('.conn.down[data-store="away"]');
  const said = await page.textContent('.conn');
  if (!/database is away/.test(said)) throw new Error(`the page says "${said}"`);
  const a = await time();
  await sleep(1500);
  const b = await time();
  if (a !== b) throw new Error(`the clock ran on while the database was away: ${a} then ${b}`);
  tell('ok');
  await page.waitForSelector('.conn.live[data-store="ok"]');
  const c = await time();
  await sleep(1500);
  const d = await time();
  if (c === d) throw new Error(`the clock does not tick again after: ${c} then ${d}`);
  await page.context().close();
});

test('rematch across two browsers ends in a new game with colours swapped', async () => {
  const g = await apiGame({ game: 'dobutsu', seats: ['human', 'human'], names: ['Aiko', null] });
  const a = await newPage(DESKTOP);
  const b = await newPage(DESKTOP);
  await openSeat(a, g.id, 1, g.tok[1]);
  await openSeat(b, g.id, 2, g.tok[2]);
  for (const seat of [1, 2]) {
    const now = await getState(g.id);
    await apiCall('POST', `/api/games/${g.id}/moves`, { seat, token: g.tok[seat], move: now.legal_moves[0] });
  }
  await a.waitForSelector('[data-action="resign"]');
  await a.click('[data-action="resign"]');
  await a.click('[data-action="resign-yes"]');
  await bannerText(b);
  await b.click('[data-action="rematch"]');
  await a.waitForSelector('[data-action="rematch-accept"]');
  await a.click('[data-action="rematch-accept"]');
  for (const p of [a, b]) {
    await p.waitForFunction((old) => /^\/game\//.test(location.pathname) && !location.pathname.endsWith(old) &&
      window.kyokuGame && window.kyokuGame.live, g.id, { timeout: 15000 });
  }
  const newId = a.url().split('/').pop();
  if (b.url().split('/').pop() !== newId) throw new Error('the two browsers are in different games');
  const mineA = await a.evaluate(() => Object.keys(window.kyokuGame.mine.seats));
  const mineB = await b.evaluate(() => Object.keys(window.kyokuGame.mine.seats));
  if (mineA.join() !== '2' || mineB.join() !== '1') throw new Error(`seats in the rematch: A ${mineA}, B ${mineB} (want 2 and 1)`);
  const st = await getState(newId);
  if (st.rematch_of !== g.id || st.names[1] !== 'Aiko') throw new Error(`rematch state ${JSON.stringify({ of: st.rematch_of, names: st.names })}`);
  // The new seat plays: B moves first now.
  await b.waitForSelector('[data-movable]');
  await a.context().close();
  await b.context().close();
});

test('names: given in the lobby, shown to a spectator on seats and in the lobby', async () => {
  const a = await newPage(DESKTOP);
  await a.goto(`${BASE}/`);
  await a.waitForSelector('#start');
  await a.selectOption('#game', 'dobutsu');
  await a.fill('#my-name-form', 'Hana');
  await a.selectOption('#seat-2', 'open');
  await a.click('#start');
  await a.waitForURL(/\/game\/[a-z0-9]+$/);
  const id = a.url().split('/').pop();
  const b = await newPage(PHONE);
  await b.goto(`${BASE}/`);
  await b.click('[data-action="name"]');
  await b.fill('#my-name', 'Kenji 健二');
  await b.click('[data-action="save-name"]');
  await b.click(`[data-join="${id}"]`);
  await b.waitForURL(new RegExp(`/game/${id}$`));
  const st = await getState(id);
  if (st.names.join() !== 'Hana,Kenji 健二') throw new Error(`server names ${JSON.stringify(st.names)}`);
  const c = await newPage(PHONE);
  await openSeat(c, id);
  await c.waitForFunction(() => /Hana/.test(document.querySelector('[data-test="seat-1"]').textContent) &&
    /Kenji 健二/.test(document.querySelector('[data-test="seat-2"]').textContent));
  await c.goto(`${BASE}/`);
  await c.click('.tabs button:nth-child(2)');
  await c.waitForSelector(`li[data-game-id="${id}"]`);
  const row = await c.textContent(`li[data-game-id="${id}"]`);
  if (!/Hana/.test(row) || !/Kenji/.test(row)) throw new Error(`lobby row ${row}`);
  // The name is remembered: the next visit's form has it.
  await a.goto(`${BASE}/`);
  await a.waitForSelector('#my-name-form');
  if (await a.inputValue('#my-name-form') !== 'Hana') throw new Error('the name was not kept');
  for (const p of [a, b, c]) await p.context().close();
});

test('lobby: finished games say who won and why, in moves, without wrapping', async () => {
  const g = await apiGame({
    game: 'dobutsu', options: { fen: '3/1l1/1G1/1L1[] w - - 0 1' }, seats: ['human', 'human'], names: ['Mio', null],
  });
  await apiCall('POST', `/api/games/${g.id}/moves`, { seat: 1, token: g.tok[1], move: 'b2b3' });
  const page = await newPage(PHONE);
  await page.goto(`${BASE}/`);
  await page.click('.tabs button:nth-child(3)');
  await page.waitForSelector(`li[data-game-id="${g.id}"] [data-test="outcome"]`);
  const text = await page.textContent(`li[data-game-id="${g.id}"]`);
  if (!/Mio \(Sente\) won/.test(text) || !/1 move\b/.test(text)) throw new Error(`finished row: ${text}`);
  const link = await page.$(`li[data-game-id="${g.id}"] a`);
  const [lb, rb] = [await link.boundingBox(), await (await page.$(`li[data-game-id="${g.id}"] .what`)).boundingBox()];
  if (lb.y > rb.y + rb.height / 2) throw new Error('the replay link wrapped onto its own line');
  await shot(page, 'lobby-finished-phone');
  await page.context().close();
});

test('record: downloaded from the game page and read back by kyoku replay', async () => {
  const g = await apiGame({ game: 'dobutsu', seats: ['human', 'human'], names: ['Sora', null] });
  for (const seat of [1, 2, 1]) {
    const now = await getState(g.id);
    await apiCall('POST', `/api/games/${g.id}/moves`, { seat, token: g.tok[seat], move: now.legal_moves[0] });
  }
  const st = await getState(g.id);
  const page = await newPage(DESKTOP);
  await openSeat(page, g.id);
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-action="download"]')]);
  const file = join(tmp, 'record.txt');
  await dl.saveAs(file);
  const text = readFileSync(file, 'utf8');
  if (!/Sora/.test(text)) throw new Error(`the record lacks the name:\n${text.slice(0, 400)}`);
  const out = await new Promise((res, rej) => {
    const p = spawn(BIN, ['replay', '--all', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let o = '';
    p.stdout.on('data', (d) => { o += d; });
    p.stderr.on('data', (d) => { o += d; });
    p.on('exit', (code) => (code === 0 ? res(o) : rej(new Error(`kyoku replay failed (${code}):\n${o}`))));
  });
  for (const h of st.history) if (!out.includes(h.move)) throw new Error(`replay lacks ${h.move}:\n${out.slice(0, 600)}`);
  await page.context().close();
  return `${st.history.length} moves replayed`;
});

/**
 * Moves the keyboard cursor onto `key` (`sq:b2`, `hand:1C`, `field:2.0`)
 * with arrow keys only: each time the arrow whose next place is nearest to
 * the target, as a person looking at the board would.
 */
async function cursorTo(page, key) {
  for (let i = 0; i < 40; i++) {
    const step = await page.evaluate((want) => {
      const kb = window.kyokuGame.kb;
      const at = kb.cursor();
      if (at === want) return null;
      const centre = (k) => {
        const [kind, name] = [k.slice(0, k.indexOf(':')), k.slice(k.indexOf(':') + 1)];
        const sel = kind === 'sq' ? `[data-sq="${name}"]` : kind === 'hand' ? `[data-hand="${name}"]` : `[data-field="${name}"]`;
        const r = document.querySelector(`svg.board ${sel}`).getBoundingClientRect();
        return [r.left + r.width / 2, r.top + r.height / 2];
      };
      const [tx, ty] = centre(want);
      const dist = (k) => { const [x, y] = centre(k); return Math.hypot(x - tx, y - ty); };
      let best = null;
      for (const arrow of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']) {
        const next = kb.peek(arrow);
        if (next && (!best || dist(next) < best.d)) best = { arrow, d: dist(next) };
      }
      return best && best.d < dist(at) ? best.arrow : 'stuck';
    }, key);
    if (!step) return;
    if (step === 'stuck') break;
    await page.keyboard.press(step);
  }
  throw new Error(`the cursor did not reach ${key}`);
}

test('a whole Dōbutsu game played with the keyboard alone', async () => {
  const page = await newPage(DESKTOP);
  const g = await apiGame({ game: 'dobutsu', seats: ['human', ai('dobutsu')] });
  await openSeat(page, g.id, 1, g.tok[1]);
  // Into the board with Tab only.
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement && document.activeElement.id === 'board')) break;
  }
  if (!(await page.evaluate(() => document.activeElement.id === 'board'))) throw new Error('Tab never reaches the board');
  if (!(await page.isVisible('.kb-cursor'))) throw new Error('no visible cursor on the focused board');
  // Enter picks a piece up, Escape puts it back.
  await cursorTo(page, 'sq:b2');
  await page.keyboard.press('Enter');
  await page.waitForSelector('[data-dest="b3"]');
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-dest]', { state: 'detached' });
  let moves = 0;
  for (;;) {
    const st = await until(g.id, (s) => s.result || (s.to_act && s.to_act.seat === 1), 'my turn');
    if (st.result) break;
    await page.waitForFunction((n) => window.kyokuGame.live.history.length === n && document.querySelector('[data-movable]'), st.ply);
    // Take the Lion when possible, else take something, else any move.
    const pos = st.position.split(' ')[0];
    const board = {};
    pos.split('[')[0].split('/').forEach((row, r) => {
      let f = 0;
      for (const ch of row) {
        if (/\d/.test(ch)) f += Number(ch);
        else { board[`${'abc'[f]}${4 - r}`] = ch; f++; }
      }
    });
    const target = (m) => (/@/.test(m) ? null : board[m.slice(2, 4)]);
    const mv = st.legal_moves.find((m) => target(m) === 'l')
      || st.legal_moves.find((m) => target(m) && /[a-z]/.test(target(m)))
      || st.legal_moves.find((m) => !/@/.test(m)) || st.legal_moves[0];
    const drop = /^([A-Z])@([a-c][1-4])$/.exec(mv);
    await cursorTo(page, drop ? `hand:1${drop[1]}` : `sq:${mv.slice(0, 2)}`);
    await page.keyboard.press('Enter');
    await cursorTo(page, `sq:${drop ? drop[2] : mv.slice(2, 4)}`);
    await page.keyboard.press(moves % 2 ? 'Enter' : ' ');
    await until(g.id, (s) => s.ply > st.ply, `my move ${mv}`);
    moves++;
    if (moves > 150) throw new Error('the game does not end');
  }
  await bannerText(page);
  return `${moves} moves by keyboard; result ${(await getState(g.id)).result.reason}`;
});

test('phone: a move does not scroll the page, and the status line stays in view', async () => {
  const page = await newPage(PHONE);
  const id = await createInLobby(page, 'dobutsu', ['human', ai('dobutsu')]);
  for (const mv of ['b2b3', null]) {
    const st = await until(id, (s) => s.to_act && s.to_act.seat === 1, 'my turn');
    await page.waitForFunction((n) => window.kyokuGame.live.history.length === n && document.querySelector('[data-movable]'), st.ply);
    const before = await page.evaluate(() => window.scrollY);
    await clickDobutsu(page, mv || st.legal_moves.find((m) => /^[a-c][1-4][a-c][1-4]$/.test(m)));
    await until(id, (s) => s.ply >= st.ply + 2 || s.result, 'the answer');
    await waitShownPly(page, st.ply + 2, 'the answer');
    await sleep(600);
    const after = await page.evaluate(() => window.scrollY);
    if (after !== before) throw new Error(`window.scrollY went from ${before} to ${after}`);
    const box = await page.evaluate(() => {
      const r = document.querySelector('[data-test="status"]').getBoundingClientRect();
      return { top: r.top, bottom: r.bottom };
    });
    if (box.top < 0 || box.bottom > PHONE.height) throw new Error(`the status line is off-screen: ${JSON.stringify(box)}`);
  }
  // No arrow-key hint on a phone (no keyboard to press them).
  if (await page.isVisible('text=step through the game')) throw new Error('the phone shows the ← → hint');
  // Scrolled down to the move list, the status line is still on screen (sticky).
  await page.evaluate(() => window.scrollTo(0, 400));
  await sleep(200);
  const top = await page.evaluate(() => document.querySelector('[data-test="status"]').getBoundingClientRect().top);
  if (top < 0 || top > 100) throw new Error(`scrolled, the status line is at ${top}`);
  await page.context().close();
});

test('dark mode: follows the system, toggles, and keeps text readable (contrast ≥ 4.5)', async () => {
  const context = await browser.newContext({ viewport: PHONE, colorScheme: 'dark' });
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${e.message}`));
  const g = await apiGame({ game: 'shogun', seats: ['human', ai('shogun')], names: ['Rin', null] });
  await openSeat(page, g.id, 1, g.tok[1]);
  const colours = () => page.evaluate(() => {
    const cs = (sel, prop) => getComputedStyle(document.querySelector(sel))[prop];
    return {
      bg: cs('body', 'backgroundColor'), ink: cs('body', 'color'),
      muted: getComputedStyle(document.querySelector('.muted, .hint')).color,
      panel: cs('.card', 'backgroundColor'), link: cs('a[data-test="how-to-play"]', 'color'),
    };
  });
  const dark = await colours();
  const lumBg = dark.bg.match(/\d+/g).slice(0, 3).reduce((a, b) => a + Number(b), 0);
  if (lumBg > 200) throw new Error(`the system asks for dark, the page is ${dark.bg}`);
  for (const [what, fg, bg] of [['text', dark.ink, dark.bg], ['muted text', dark.muted, dark.bg], ['muted on a card', dark.muted, dark.panel], ['links', dark.link, dark.bg]]) {
    const c = contrast(fg, bg);
    if (c < 4.5) throw new Error(`${what}: contrast ${c.toFixed(2)} (${fg} on ${bg})`);
  }
  await shot(page, 'shogun-dark-phone');
  await page.click('[data-action="theme"]');
  const light = await colours();
  if (light.bg === dark.bg) throw new Error('the toggle did not change the theme');
  for (const [what, fg, bg] of [['text', light.ink, light.bg], ['muted text', light.muted, light.bg], ['links', light.link, light.bg]]) {
    const c = contrast(fg, bg);
    if (c < 4.5) throw new Error(`light ${what}: contrast ${c.toFixed(2)}`);
  }
  await page.reload();
  await page.waitForSelector('svg.board');
  if ((await colours()).bg !== light.bg) throw new Error('the theme choice was not kept');
  await context.close();
});

test('sound: the toggle is remembered, and a move sounds only once it is on', async () => {
  const page = await newPage(DESKTOP);
  const g = await apiGame({ game: 'dobutsu', seats: ['human', ai('dobutsu')] });
  await openSeat(page, g.id, 1, g.tok[1]);
  const played = () => page.evaluate(async () => (await import('/js/sound.js')).played.slice());
  if (await page.getAttribute('[data-action="sound"]', 'aria-pressed') !== 'false') throw new Error('sound starts on');
  await clickDobutsu(page, 'b2b3');
  await until(g.id, (s) => s.ply >= 2, 'the answer');
  await waitShownPly(page, 2, 'the answer');
  await sleep(500);
  if ((await played()).length) throw new Error(`sounds while off: ${await played()}`);
  await page.click('[data-action="sound"]');
  await page.reload();
  await page.waitForSelector('svg.board');
  if (await page.getAttribute('[data-action="sound"]', 'aria-pressed') !== 'true') throw new Error('the sound choice was not kept');
  const st = await getState(g.id);
  await page.waitForSelector('[data-movable]');
  await clickDobutsu(page, st.legal_moves.find((m) => /^[a-c][1-4][a-c][1-4]$/.test(m)));
  await until(g.id, (s) => s.ply >= 4 || s.result, 'the answer');
  await page.waitForFunction(async () => (await import('/js/sound.js')).played.length > 0, null, { timeout: 10000 })
    .catch(() => { throw new Error('no sound after the answer with sound on'); });
  await page.context().close();
});

test('screenshots: every board in light and dark, phone and desktop', async () => {
  const games = [
    ['dobutsu', { game: 'dobutsu', seats: ['human', ai('dobutsu')], clock: '5+3', names: ['Hana', null] }],
    ['shogun', { game: 'shogun', seats: ['human', ai('shogun')], clock: '10+5', names: ['Hana', null] }],
    ['shiamgon', { game: 'shiamgon', options: { board: 'disc5', players: 3 }, seats: ['human', ai('shiamgon'), ai('shiamgon')], names: ['Hana', null, null] }],
  ];
  for (const [name, body] of games) {
    const g = await apiGame(body);
    for (const scheme of ['light', 'dark']) {
      for (const [vp, tag] of [[PHONE, 'phone'], [DESKTOP, 'desktop']]) {
        const context = await browser.newContext({ viewport: vp, colorScheme: scheme });
        const page = await context.newPage();
        await openSeat(page, g.id, 1, g.tok[1]);
        await page.waitForSelector('[data-movable], [data-move]');
        const first = await page.$('[data-movable]');
        if (first) await first.click();
        await shot(page, `${name}-${scheme}-${tag}`);
        await context.close();
      }
    }
  }
});

test('phone: Shiamgon fields are at least 24 px to tap once zoomed; Shogun landing numbers follow the seats', async () => {
  const page = await newPage(PHONE);
  const out = [];
  for (const board of ['disc5', 'disc10', 'tri16']) {
    const g = await apiGame({ game: 'shiamgon', options: { board, players: 3 }, seats: ['human', 'random', 'random'] });
    await openSeat(page, g.id, 1, g.tok[1]);
    const smallest = () => page.evaluate(() => {
      const b = window.kyokuGame.board;
      const svg = document.querySelector('svg.board');
      const scale = svg.getScreenCTM().a;
      return Math.min(...b.geo.fields.map((f) => 2 * f.r * scale));
    });
    const before = await smallest();
    await page.click('[data-action="zoom"]');
    const after = await smallest();
    if (after < 24) throw new Error(`${board}: the smallest field is ${after.toFixed(1)} px zoomed`);
    out.push(`${board} ${before.toFixed(0)}→${after.toFixed(0)} px`);
  }
  // Shogun: hidden between people, shown against a program, unless chosen.
  await page.goto(`${BASE}/`);
  await page.waitForSelector('#start');
  await page.selectOption('#game', 'shogun');
  await page.selectOption('#seat-2', 'human');
  if (await page.inputValue('#opt-show_landing') !== 'false') throw new Error('landing numbers shown between people');
  await page.selectOption('#seat-2', ai('shogun'));
  if (await page.inputValue('#opt-show_landing') !== 'true') throw new Error('landing numbers hidden against a program');
  await page.selectOption('#seat-2', 'human');
  const post = (await Promise.all([page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/games')), page.click('#start')]))[0];
  if (post.postDataJSON().options.show_landing !== false) throw new Error(`sent ${post.postData()}`);
  await page.waitForURL(/\/game\/[a-z0-9]+$/);
  await page.waitForSelector('[data-movable]');
  await page.click('[data-movable]');
  await page.waitForSelector('[data-dest]');
  const numbers = await page.$$eval('[data-dest] text', (l) => l.length);
  if (numbers) throw new Error(`${numbers} landing numbers shown in a game that hides them`);
  const st = await getState(page.url().split('/').pop());
  if (st.options.show_landing !== false) throw new Error(`the game stored ${JSON.stringify(st.options)}`);
  await page.context().close();
  return out.join(', ');
});

test('Shiamgon with the keyboard: arrows move along and between rings, Enter places', async () => {
  const page = await newPage(DESKTOP);
  const g = await apiGame({ game: 'shiamgon', options: { board: 'disc5', players: 3 }, seats: ['human', 'random', 'random'] });
  await openSeat(page, g.id, 1, g.tok[1]);
  await page.focus('#board');
  const at = () => page.evaluate(() => window.kyokuGame.kb.cursor());
  const start = await at();
  if (!/^field:/.test(start)) throw new Error(`the cursor starts on ${start}`);
  const seen = new Set([start]);
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown', 'ArrowLeft', 'ArrowUp']) {
    await page.keyboard.press(key);
    seen.add(await at());
  }
  const rings = new Set([...seen].map((k) => k.slice(6).split('.')[0]));
  if (seen.size < 4 || rings.size < 2) throw new Error(`the arrows visited ${[...seen]}`);
  const said = await page.textContent('[data-test="kb-said"]');
  if (!said) throw new Error('nothing read out for the cursor');
  // Back on a field where a stone may go; Enter places it.
  const legal = (await getState(g.id)).legal_moves;
  await cursorTo(page, `field:${legal[0]}`);
  await page.keyboard.press('Enter');
  const st = await until(g.id, (x) => x.ply >= 1, 'the placement');
  if (st.history[0].move !== legal[0]) throw new Error(`placed ${st.history[0].move}, the cursor was on ${legal[0]}`);
  await page.context().close();
  return `${seen.size} fields on ${rings.size} rings visited`;
});

// ---- players: accounts, rated games, player pages, leaderboards, seeks ----

const PASSWORD = 'e2e password 1';
/** Each account's cookies once signed up (a context made from them is signed in). */
const sessions = new Map();

/** Signs up through the account page; the header then names the account. */
async function signUp(page, name, password = PASSWORD) {
  await page.goto(`${BASE}/account`);
  await page.fill('#signup-username', name);
  await page.fill('#signup-password', password);
  await page.click('[data-test="signup-submit"]');
  await page.waitForFunction((n) => {
    const el = document.querySelector('[data-test="account-name"]');
    return el && el.textContent === n;
  }, name, { timeout: 10000 }).catch(async () => {
    throw new Error(`signing up ${name}: the page says ${await page.textContent('#signup')}`);
  });
}

/** A page in a context signed in as `name` (signed up through the page the first time). */
async function signedIn(name, viewport = DESKTOP) {
  const known = sessions.get(name);
  const context = await browser.newContext({ viewport, ...(known ? { storageState: { cookies: known, origins: [] } } : {}) });
  const page = await context.newPage();
  page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) pageErrors.push(`${page.url()}: ${m.text()}`); });
  if (!known) {
    await signUp(page, name);
    sessions.set(name, (await context.storageState()).cookies);
  } else {
    await page.goto(`${BASE}/`);
  }
  return page;
}

/**
 * An API call from the page: with its session cookie and its Origin, as
 * the UI's own calls go. Answers {status, data, retryAfter}.
 */
function pageApi(page, method, path, body) {
  return page.evaluate(async ([m, p, b]) => {
    const r = await fetch(p, { method: m, headers: b ? { 'content-type': 'application/json' } : {}, body: b ? JSON.stringify(b) : undefined });
    const text = await r.text();
    let data = null;
    try { data = JSON.parse(text); } catch { data = text; }
    return { status: r.status, data, retryAfter: r.headers.get('retry-after') };
  }, [method, path, body]);
}

/** The same, failing on anything but 2xx. */
async function pageApiOk(page, method, path, body) {
  const r = await pageApi(page, method, path, body);
  if (r.status < 200 || r.status > 299) throw new Error(`${method} ${path} ${JSON.stringify(body || null)}: ${r.status} ${JSON.stringify(r.data)}`);
  return r.data;
}

/** Text of `sel` once it has some (an error box filled by an answer). */
async function textOf(page, sel, ms = 10000) {
  await page.waitForFunction((s) => { const el = document.querySelector(s); return el && el.textContent.trim(); }, sel, { timeout: ms })
    .catch(() => { throw new Error(`nothing in ${sel}`); });
  return page.textContent(sel);
}

/** No page wider than the phone. */
async function fitsPhone(page, what) {
  const w = await page.evaluate(() => document.documentElement.scrollWidth);
  if (w > PHONE.width + 1) throw new Error(`${what} is ${w} px wide on a ${PHONE.width} px phone`);
}

/** The username of each seat's account in game state `st`. */
const seatPlayers = (st) => st.seats.map((x) => (x.player ? x.player.username : null));

test('account: sign up and in, the API\'s errors in words, claimed games, password, export, log out, delete', async () => {
  const page = await newPage(PHONE);
  // A game played before there was an account: claimed once signed up.
  const before = await createInLobby(page, 'dobutsu', ['human', ai('dobutsu')]);
  await page.goto(`${BASE}/account`);
  await page.waitForSelector('[data-test="sign-in"]');
  await page.waitForSelector('#signup-username');
  await fitsPhone(page, 'the sign-in page');
  await shot(page, 'account-signed-out-phone');
  const tryForm = async (form, fields, code) => {
    for (const [sel, v] of Object.entries(fields)) await page.fill(sel, v);
    await page.click(`[data-test="${form}-submit"]`);
    const text = await textOf(page, `[data-test="${form}-error"]`);
    await page.evaluate((f) => { document.querySelector(`[data-test="${f}-error"]`).textContent = ''; }, form);
    return text;
  };
  let said = await tryForm('signup', { '#signup-username': 'no', '#signup-password': PASSWORD });
  if (!/3 to 20 characters/.test(said)) throw new Error(`bad_username said as "${said}"`);
  said = await tryForm('signup', { '#signup-username': 'ann_e2e', '#signup-password': 'short' });
  if (!/8 to 256 characters/.test(said)) throw new Error(`weak_password said as "${said}"`);
  await page.fill('#signup-password', PASSWORD);
  await page.click('[data-test="signup-submit"]');
  await page.waitForFunction(() => (document.querySelector('[data-test="account-name"]') || {}).textContent === 'ann_e2e');
  if (new URL(page.url()).pathname !== '/') throw new Error(`after signing up the page is ${page.url()}`);
  // The game from before is now the account's.
  const end = Date.now() + 10000;
  let st = await getState(before);
  while (Date.now() < end && seatPlayers(st)[0] !== 'ann_e2e') { await sleep(200); st = await getState(before); }
  if (seatPlayers(st)[0] !== 'ann_e2e') throw new Error(`the earlier game was not claimed: seats ${JSON.stringify(st.seats)}`);
  // The name taken, a wrong password, and too many attempts (with the wait).
  const other = await newPage(DESKTOP);
  await other.goto(`${BASE}/account`);
  await other.waitForSelector('#signup-username');
  const tryOther = async (form, fields) => {
    for (const [sel, v] of Object.entries(fields)) await other.fill(sel, v);
    await other.click(`[data-test="${form}-submit"]`);
    const text = await textOf(other, `[data-test="${form}-error"]`);
    await other.evaluate((f) => { document.querySelector(`[data-test="${f}-error"]`).textContent = ''; }, form);
    return text;
  };
  said = await tryOther('signup', { '#signup-username': 'ann_e2e', '#signup-password': PASSWORD });
  if (!/taken/.test(said)) throw new Error(`username_taken said as "${said}"`);
  said = await tryOther('login', { '#login-username': 'ann_e2e', '#login-password': 'not the password' });
  if (!/name or the password is wrong/.test(said)) throw new Error(`bad_credentials said as "${said}"`);
  // The limit itself is the server's (and its tests'); here only how the page says it.
  await other.route('**/api/account/login', (r) => r.fulfill({
    status: 429, headers: { 'content-type': 'application/json', 'retry-after': '90' },
    body: JSON.stringify({ error: 'too_many_attempts', message: 'too many attempts' }),
  }));
  said = await tryOther('login', { '#login-username': 'ann_e2e', '#login-password': 'not the password' });
  if (!/Too many attempts.*1 minute 30 seconds/.test(said)) throw new Error(`too_many_attempts said as "${said}"`);
  if (!await other.isDisabled('[data-test="login-submit"]')) throw new Error('the button does not wait out Retry-After');
  await other.context().close();
  // The account page: the password, the export, logging out and in.
  // On a phone the way to the account page is through one's own page.
  await page.click('[data-test="account-name"]');
  await page.waitForURL(/\/@\/ann_e2e$/);
  await page.click('[data-test="to-account"]');
  await page.waitForSelector('#password');
  await fitsPhone(page, 'the account page');
  await shot(page, 'account-signed-in-phone');
  said = await tryForm('password', { '#pw-old': 'wrong password', '#pw-new': 'a new password' });
  if (!/wrong/.test(said)) throw new Error(`a wrong old password said as "${said}"`);
  said = await tryForm('password', { '#pw-old': PASSWORD, '#pw-new': 'tiny' });
  if (!/8 to 256/.test(said)) throw new Error(`a weak new password said as "${said}"`);
  await page.fill('#pw-old', PASSWORD);
  await page.fill('#pw-new', 'a new password');
  await page.click('[data-test="password-submit"]');
  if (!/password is changed/.test(await textOf(page, '[data-test="password-done"]'))) throw new Error('no word of the change');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-test="export"]')]);
  const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
  if (!JSON.stringify(data).includes('ann_e2e')) throw new Error(`the export has not the account: ${JSON.stringify(data).slice(0, 200)}`);
  // Signed in on another device too: "everywhere" ends both sessions.
  const device = await newPage(DESKTOP);
  await device.goto(`${BASE}/account`);
  await pageApiOk(device, 'POST', '/api/account/login', { username: 'ann_e2e', password: 'a new password' });
  await page.click('[data-test="logout-everywhere"]');
  await page.waitForSelector('[data-test="sign-in"]');
  if ((await pageApi(device, 'GET', '/api/account')).status !== 401) throw new Error('the other device is still signed in');
  await device.context().close();
  if ((await pageApi(page, 'GET', '/api/account')).status !== 401) throw new Error('still signed in after logging out');
  await page.fill('#login-username', 'ann_e2e');
  await page.fill('#login-password', 'a new password');
  await page.click('[data-test="login-submit"]');
  await page.waitForFunction(() => (document.querySelector('[data-test="account-name"]') || {}).textContent === 'ann_e2e');
  await page.goto(`${BASE}/account`);
  await page.click('[data-test="logout"]');
  await page.waitForSelector('[data-test="sign-in"]');
  if ((await pageApi(page, 'GET', '/api/account')).status !== 401) throw new Error('still signed in after logging out');
  await page.fill('#login-username', 'ann_e2e');
  await page.fill('#login-password', 'a new password');
  await page.click('[data-test="login-submit"]');
  await page.waitForFunction(() => (document.querySelector('[data-test="account-name"]') || {}).textContent === 'ann_e2e');
  // Delete: the password asked, a "yes" asked, then the account is gone.
  await page.goto(`${BASE}/account`);
  await page.waitForSelector('#delete-password');
  await page.fill('#delete-password', 'not it at all');
  await page.click('[data-test="delete-submit"]');
  await page.click('[data-test="delete-yes"]');
  said = await textOf(page, '[data-test="delete-final-error"]');
  if (!/password is wrong/.test(said)) throw new Error(`deleting with a wrong password said "${said}"`);
  if ((await pageApi(page, 'GET', '/api/account')).status !== 200) throw new Error('deleted with a wrong password');
  await page.fill('#delete-password', 'a new password');
  await page.click('[data-test="delete-submit"]');
  await page.click('[data-test="delete-no"]');
  if ((await pageApi(page, 'GET', '/api/account')).status !== 200) throw new Error('deleted although "No" was pressed');
  await page.click('[data-test="delete-submit"]');
  await page.click('[data-test="delete-yes"]');
  await page.waitForSelector('[data-test="sign-in"]');
  const gone = await fetch(`${BASE}/api/players/ann_e2e`);
  if (gone.status !== 404) throw new Error(`the deleted player still answers ${gone.status}`);
  await page.context().close();
});

test('rated: two accounts play a rated Dōbutsu game from the lobby and see +162 / −162; the player page', async () => {
  // Signed out, the lobby offers no "Rated".
  const anon = await newPage(DESKTOP);
  await anon.goto(`${BASE}/`);
  await anon.waitForSelector('#start');
  if (await anon.$('#rated')) throw new Error('"Rated" offered to someone signed out');
  await anon.context().close();
  const a = await signedIn('aiko');
  const b = await signedIn('ben', PHONE);
  await a.goto(`${BASE}/`);
  await a.waitForSelector('#rated');
  await a.selectOption('#game', 'dobutsu');
  await a.check('#rated');
  await a.selectOption('#seat-2', 'open');
  // No clock: the form says a rated game needs one.
  if (!/needs a time control/.test(await a.textContent('#rated-hint'))) throw new Error('the form does not say rated games need a clock');
  await a.click('#start');
  if (!/needs a time control/.test(await textOf(a, '#new-game [role="alert"]'))) throw new Error('a rated game without a clock was not refused');
  await a.selectOption('#clock', '3+2');
  const post = (await Promise.all([a.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/games')), a.click('#start')]))[0];
  if (post.postDataJSON().rated !== true) throw new Error(`sent ${post.postData()}`);
  await a.waitForURL(/\/game\/[a-z0-9]+$/);
  const id = a.url().split('/').pop();
  await a.waitForSelector('[data-test="rated"]');
  if (await a.textContent('[data-test="rating-1"]') !== '1500?') throw new Error(`seat 1 shows rating "${await a.textContent('[data-test="rating-1"]')}"`);
  // Ben joins from the lobby; the seat is bound to his account.
  await b.goto(`${BASE}/`);
  await b.click(`[data-join="${id}"]`);
  await b.waitForURL(new RegExp(`/game/${id}$`));
  let st = await getState(id);
  if (!st.rated || seatPlayers(st).join() !== 'aiko,ben') throw new Error(`rated ${st.rated}, seats ${JSON.stringify(st.seats)}`);
  await a.waitForFunction(() => /ben/.test(document.querySelector('[data-test="seat-2"]').textContent));
  // Aiko on a second device (no token there): the account plays the seat.
  const a2 = await signedIn('aiko', PHONE);
  await a2.goto(`${BASE}/game/${id}`);
  await a2.waitForSelector('[data-movable="b2"]');
  if ((await a2.evaluate(() => Object.keys(window.kyokuGame.mine.seats))).length) throw new Error('the second device holds a token');
  const move = (await Promise.all([a2.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/moves')), clickDobutsu(a2, 'b2b3')]))[0];
  if ('token' in move.postDataJSON()) throw new Error(`a token was sent: ${move.postData()}`);
  await until(id, (s) => s.ply >= 1, 'the move from the second device');
  await waitShownPly(b, 1, "Aiko's move on Ben's screen");
  await b.waitForSelector('[data-movable="c4"]');
  await clickDobutsu(b, 'c4b3');
  await until(id, (s) => s.ply >= 2, "Ben's move");
  await a.waitForSelector('[data-action="resign"]');
  await a.click('[data-action="resign"]');
  await a.click('[data-action="resign-yes"]');
  st = await until(id, (s) => s.result && s.seats.every((x) => x.rating_diff != null), 'the rating changes');
  if (st.seats[0].rating_diff !== -162 || st.seats[1].rating_diff !== 162) throw new Error(`server diffs ${st.seats.map((x) => x.rating_diff)}`);
  for (const [p, who] of [[a, 'Aiko'], [b, 'Ben'], [a2, "Aiko's second device"]]) {
    await p.waitForSelector('[data-test="rating-diff-2"]');
    const one = await p.textContent('[data-test="rating-diff-1"]');
    const two = await p.textContent('[data-test="rating-diff-2"]');
    if (one !== '\u2212162' || two !== '+162') throw new Error(`${who} sees ${one} / ${two}`);
    if (!/rating-diff down/.test(await p.getAttribute('[data-test="rating-diff-1"]', 'class'))) throw new Error('the loss is not marked as one');
  }
  await shot(b, 'rated-end-phone');
  await fitsPhone(b, 'the rated game');
  // Ben's page: the rating (still provisional), the chart, the game, head to head.
  await b.click('[data-test="player-2"]');
  await b.waitForURL(/\/@\/ben$/);
  // One game: one point, so the line has no length yet (attached, not "visible").
  await b.waitForSelector('figure[data-pool="dobutsu"] svg.chart polyline.line', { state: 'attached' });
  const chart = await b.$eval('figure[data-pool="dobutsu"] svg.chart', (svg) => ({
    dots: svg.querySelectorAll('circle').length, labels: svg.querySelectorAll('text').length, label: svg.getAttribute('aria-label'),
  }));
  if (chart.dots !== 1 || chart.labels < 4 || !/1662/.test(chart.label)) throw new Error(`the chart: ${JSON.stringify(chart)}`);
  const rating = await b.textContent('tr[data-pool="dobutsu"] td');
  if (rating !== '1662?') throw new Error(`Ben's Dōbutsu rating reads ${rating}`);
  if (!/1 game: 1 win, 0 draws, 0 losses/.test(await b.textContent('[data-test="counts"]'))) throw new Error(`counts: ${await b.textContent('[data-test="counts"]')}`);
  await b.waitForSelector(`[data-test="player-games"] li[data-game-id="${id}"]`);
  const row = await b.textContent(`[data-test="player-games"] li[data-game-id="${id}"]`);
  if (!/won against aiko/.test(row)) throw new Error(`the game on Ben's page: ${row}`);
  await b.fill('[data-test="vs-input"]', 'aiko');
  await b.click('[data-test="vs-submit"]');
  const vs = await textOf(b, '[data-test="vs-result"]');
  if (!/1 game/.test(vs) || !/1 win/.test(vs) || !/0 losses/.test(vs)) throw new Error(`head to head: ${vs}`);
  await b.fill('[data-test="vs-input"]', 'nobody_here');
  await b.click('[data-test="vs-submit"]');
  await b.waitForFunction(() => /no player called nobody_here/.test(document.querySelector('[data-test="vs-result"]').textContent));
  await fitsPhone(b, "Ben's page");
  await shot(b, 'player-page-phone');
  await a.goto(`${BASE}/@/aiko`);
  await a.waitForSelector('svg.chart polyline', { state: 'attached' });
  if (await a.textContent('tr[data-pool="dobutsu"] td') !== '1338?') throw new Error('Aiko\'s rating');
  await shot(a, 'player-page-desktop');
  for (const p of [a, a2, b]) await p.context().close();
  // The player's games are lobby entries, which carry the rating changes too.
  if (!/\+162/.test(row)) throw new Error(`no +162 on the game in Ben's list: "${row}" (GET /api/players/ben/games gives the seats ${JSON.stringify((await apiCall('GET', '/api/players/ben/games')).games.find((g) => g.id === id).seats)})`);
});

test('leaderboard: after enough rated games the two players are listed, best first', async () => {
  const a = await signedIn('aiko');
  const b = await signedIn('ben', PHONE);
  const page = { aiko: a, ben: b };
  const rd = async (name) => (await apiCall('GET', `/api/players/${name}`)).ratings.dobutsu.rd;
  // Rated games through the API, from each page with its cookie: the
  // leaderboard lists a rating only once its deviation is at most 110.
  let games = 0;
  while ((await rd('aiko')) > 110 || (await rd('ben')) > 110) {
    if (++games > 60) throw new Error(`deviations still ${await rd('aiko')} and ${await rd('ben')} after 60 games`);
    // Alternate who creates (seat 1) and who loses, so neither runs away.
    const [first, second] = games % 2 ? ['aiko', 'ben'] : ['ben', 'aiko'];
    const created = await pageApiOk(page[first], 'POST', '/api/games',
      { game: 'dobutsu', seats: ['human', 'human'], open_seats: [2], rated: true, clock: '10+5' });
    await pageApiOk(page[second], 'POST', `/api/games/${created.id}/join`, {});
    for (const [seat, who] of [[1, first], [2, second]]) {
      const now = await getState(created.id);
      await pageApiOk(page[who], 'POST', `/api/games/${created.id}/moves`, { seat, move: now.legal_moves[0] });
    }
    const loser = games % 2 ? 'aiko' : 'ben';
    await pageApiOk(page[loser], 'POST', `/api/games/${created.id}/resign`, { seat: loser === first ? 1 : 2 });
  }
  const board = await apiCall('GET', '/api/leaderboard/dobutsu');
  const listed = board.players.map((p) => p.username);
  if (!listed.includes('aiko') || !listed.includes('ben')) throw new Error(`the API lists ${listed}`);
  for (const [p, vp] of [[b, 'phone'], [a, 'desktop']]) {
    await p.goto(`${BASE}/`);
    await p.click('header.top nav a[href="/leaderboard"]');
    await p.waitForSelector('table[data-test="leaderboard"] tr[data-player="ben"]');
    if (await p.getAttribute('.tabs-nav a[data-pool="dobutsu"]', 'aria-current') !== 'page') throw new Error('the Dōbutsu tab is not the one shown');
    const rows = await p.$$eval('table[data-test="leaderboard"] tbody tr', (l) => l.map((r) => [...r.children].map((c) => c.textContent.trim())));
    const names = rows.map((r) => r[1]);
    if (names.join() !== listed.join()) throw new Error(`the page lists ${names}, the API ${listed}`);
    const want = board.players.map((x) => [String(x.rank), x.username, String(Math.round(x.rating)), String(x.games)]);
    if (JSON.stringify(rows) !== JSON.stringify(want)) throw new Error(`rows ${JSON.stringify(rows)}, want ${JSON.stringify(want)}`);
    if (await p.getAttribute('tr[data-player="aiko"] a', 'href') !== '/@/aiko') throw new Error('no link to the player page');
    if (vp === 'phone') await fitsPhone(p, 'the leaderboard');
    await shot(p, `leaderboard-${vp}`);
  }
  // Another pool's tab: nobody there yet.
  await a.click('.tabs-nav a[data-pool="shogun"]');
  await a.waitForSelector('[data-test="leaderboard-empty"]');
  await a.click('.tabs-nav a[data-pool="dobutsu"]');
  await a.waitForSelector('tr[data-player="aiko"] a');
  await a.click('tr[data-player="aiko"] a');
  await a.waitForURL(/\/@\/aiko$/);
  // The history has one point a day (the rating after the day's last
  // game): the chart draws each of the API's points.
  await a.waitForSelector('figure[data-pool="dobutsu"] svg.chart circle');
  const dots = await a.$$eval('figure[data-pool="dobutsu"] svg.chart circle', (l) => l.length);
  const points = await a.evaluate(async () =>
    (await (await fetch('/api/players/aiko/history/dobutsu')).json()).points.length);
  if (points < 1 || dots !== points) throw new Error(`${dots} points on the chart, ${points} in the history`);
  for (const p of [a, b]) await p.context().close();
  return `${games} rated games to settle both ratings`;
});

test('pair: quick pairing pairs two waiting people; a seek accepted from the list; signed out sees the seeks', async () => {
  const e = await signedIn('emi');
  const f = await signedIn('fumi', PHONE);
  const anon = await newPage(PHONE);
  for (const p of [e, f, anon]) { await p.goto(`${BASE}/`); await p.waitForSelector('[data-test="seeks"]'); }
  await anon.waitForSelector('[data-test="pair-sign-in"]');
  if (await anon.$('[data-quick]')) throw new Error('quick pairing offered to someone signed out');
  // Emi waits; the others see her seek in the list.
  const key = 'dobutsu-5+0-casual';
  await e.click(`[data-quick="${key}"]`);
  await e.waitForSelector('[data-test="waiting"]');
  const seeks = (await apiCall('GET', '/api/seeks')).seeks.filter((x) => x.username === 'emi');
  if (seeks.length !== 1 || seeks[0].game !== 'dobutsu' || seeks[0].clock !== '5+0' || seeks[0].rated) throw new Error(`seeks ${JSON.stringify(seeks)}`);
  await f.waitForSelector(`li[data-seek-id="${seeks[0].id}"] [data-accept-seek]`, { timeout: 10000 });
  await anon.waitForSelector(`li[data-seek-id="${seeks[0].id}"]`, { timeout: 10000 });
  if (await anon.$(`li[data-seek-id="${seeks[0].id}"] button`)) throw new Error('a button to accept for someone signed out');
  await e.waitForSelector(`li[data-seek-id="${seeks[0].id}"] [data-cancel-seek]`, { timeout: 10000 });
  await shot(e, 'seek-waiting-desktop');
  await fitsPhone(f, 'the lobby with seeks');
  await shot(f, 'seeks-phone');
  // Fumi presses the same button: both land in one game, each seat bound to its account.
  await f.click(`[data-quick="${key}"]`);
  await f.waitForURL(/\/game\/[a-z0-9]+$/);
  const id = f.url().split('/').pop();
  await e.waitForURL(new RegExp(`/game/${id}$`), { timeout: 10000 });
  const st = await getState(id);
  const players = seatPlayers(st);
  if (players.slice().sort().join() !== 'emi,fumi' || st.rated || st.clock !== '5+0') throw new Error(`game ${JSON.stringify({ players, rated: st.rated, clock: st.clock })}`);
  for (const [p, name] of [[e, 'emi'], [f, 'fumi']]) {
    await p.waitForSelector('svg.board');
    const held = await p.evaluate(() => window.kyokuGame.heldSeats());
    if (held.join() !== String(players.indexOf(name) + 1)) throw new Error(`${name}'s page plays seats ${held}`);
    if (await p.isVisible('[data-test="waiting"]')) throw new Error(`${name} still sees "Waiting"`);
  }
  // Whoever moves first does so by clicking, with no token anywhere.
  const first = players[0] === 'emi' ? e : f;
  await first.waitForSelector('[data-movable="b2"]');
  await clickDobutsu(first, 'b2b3');
  await until(id, (s) => s.ply >= 1, 'the first move');
  // A seek taken back is gone; one accepted from the list makes a game.
  await e.goto(`${BASE}/`);
  await e.click('[data-quick="shogun-10+5-casual"]');
  await e.waitForSelector('[data-test="waiting"]');
  await e.click('[data-test="cancel-wait"]');
  await e.waitForSelector('[data-test="waiting"]', { state: 'detached' });
  let left = null;
  for (let i = 0; i < 50 && (!left || left.length); i++) {
    if (left) await sleep(100);
    left = (await apiCall('GET', '/api/seeks')).seeks.filter((x) => x.username === 'emi');
  }
  if (left.length) throw new Error(`a cancelled seek is still listed: ${JSON.stringify(left)}`);
  await e.click('[data-quick="shogun-10+5-casual"]');
  await e.waitForSelector('[data-test="waiting"]');
  const seek = (await apiCall('GET', '/api/seeks')).seeks.find((x) => x.username === 'emi');
  await f.goto(`${BASE}/`);
  await f.click(`[data-accept-seek="${seek.id}"]`, { timeout: 10000 });
  await f.waitForURL(/\/game\/[a-z0-9]+$/);
  const id2 = f.url().split('/').pop();
  await e.waitForURL(new RegExp(`/game/${id2}$`), { timeout: 10000 });
  const st2 = await getState(id2);
  if (st2.game !== 'shogun' || seatPlayers(st2).slice().sort().join() !== 'emi,fumi') throw new Error(`accepted seek's game ${JSON.stringify(seatPlayers(st2))}`);
  for (const p of [e, f, anon]) await p.context().close();
});

// ---- languages ----

/** The page's catalogue (the JSON the server embeds in index.html). */
const messagesOf = (page) => page.evaluate(() => JSON.parse(document.getElementById('kyoku-messages').textContent));

/** The plain messages of a catalogue (no variables), long enough to be telling. */
function plainTexts(messages) {
  return Object.values(messages).filter((m) => typeof m === 'string' && m.length >= 12);
}

/**
 * Elements whose text overflows their box, buttons or links that overlap a
 * sibling, and the page scrolling sideways: measured, not looked at.
 */
async function overflows(page) {
  return page.evaluate(() => {
    const bad = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1) bad.push(`the page is ${root.scrollWidth}px wide in ${window.innerWidth}px`);
    const name = (el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent || '').trim().slice(0, 40)}"`;
    for (const el of document.querySelectorAll('body *')) {
      if (el.closest('svg') || !el.getClientRects().length) continue;
      const cs = getComputedStyle(el);
      if (cs.display === 'inline' || cs.visibility === 'hidden') continue;
      // Scrolling boxes and ellipsis cut their text on purpose.
      if (cs.overflowX !== 'visible' || cs.textOverflow === 'ellipsis') continue;
      if (!el.textContent.trim() || el.tagName === 'SELECT' || el.tagName === 'OPTION') continue;
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) bad.push(`${name(el)}: text ${el.scrollWidth}px in ${el.clientWidth}px`);
    }
    const controls = [...document.querySelectorAll('button, a, select, input')].filter((el) => el.getClientRects().length && !el.closest('svg'));
    for (let i = 0; i < controls.length; i++) {
      for (let j = i + 1; j < controls.length; j++) {
        const a = controls[i].getBoundingClientRect();
        const b = controls[j].getBoundingClientRect();
        if (controls[i].contains(controls[j]) || controls[j].contains(controls[i])) continue;
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 2 && h > 2) bad.push(`${name(controls[i])} overlaps ${name(controls[j])}`);
      }
    }
    return bad;
  });
}

async function expectFits(page, where) {
  const bad = await overflows(page);
  if (bad.length) throw new Error(`${where}: ${bad.length} boxes do not fit:\n  ${bad.slice(0, 10).join('\n  ')}`);
}

for (const [locale, lang, lion] of [['de-DE', 'de', 'Löwe'], ['ja-JP', 'ja', 'ライオン']]) {
  test(`${lang}: the lobby, a game against the computer to its end and the rules speak ${lang}, and fit at 375 px`, async () => {
    const english = await newPage(PHONE);
    await english.goto(`${BASE}/`);
    const en = await messagesOf(english);
    const rulesEn = {};
    for (const g of ['dobutsu', 'shogun', 'shiamgon']) {
      await english.goto(`${BASE}/rules/${g}`);
      await english.waitForSelector('article.rules h1');
      rulesEn[g] = await english.innerText('article.rules');
    }
    await english.context().close();

    for (const [vp, tag] of [[PHONE, 'phone'], [DESKTOP, 'desktop']]) {
      for (const scheme of tag === 'phone' ? ['light', 'dark'] : ['light']) {
        const page = await newPage(vp, { locale, colorScheme: scheme });
        await page.goto(`${BASE}/`);
        await page.waitForSelector('#game option[value="dobutsu"]', { state: 'attached' });
        if (await page.getAttribute('html', 'lang') !== lang) throw new Error(`<html lang> is ${await page.getAttribute('html', 'lang')}`);
        const mine = await messagesOf(page);
        if (mine['nav-play'] === en['nav-play']) throw new Error('the catalogue is English');
        // No English message of any length is left on the lobby.
        const text = await page.innerText('body');
        const left = plainTexts(en).filter((m) => text.includes(m) && !Object.values(mine).includes(m));
        if (left.length) throw new Error(`English on the ${lang} lobby: ${left.slice(0, 5).join(' | ')}`);
        if (tag === 'phone') await expectFits(page, `${lang} lobby (${scheme})`);
        await shot(page, `lobby-${lang}-${tag}${scheme === 'dark' ? '-dark' : ''}`);
        await page.context().close();
      }
    }

    // A game against a program, played to its end: the Lion is taken.
    const created = await apiCall('POST', '/api/games', {
      game: 'dobutsu', options: { fen: '3/1l1/1G1/1L1[] w - - 0 1' }, seats: ['human', 'ai:1'],
    });
    const page = await newPage(PHONE, { locale });
    await page.goto(`${BASE}/game/${created.id}#seat=1&token=${created.seats[0].token}`);
    await page.waitForSelector('[data-movable="b2"]');
    const game = await page.innerText('main');
    const ours = Object.values(await messagesOf(page));
    const leftInGame = plainTexts(en).filter((m) => game.includes(m) && !ours.includes(m));
    if (leftInGame.length) throw new Error(`English on the ${lang} game page: ${leftInGame.slice(0, 5).join(' | ')}`);
    await expectFits(page, `${lang} game`);
    await shot(page, `dobutsu-${lang}-phone`);
    await clickDobutsu(page, 'b2b3');
    await page.waitForSelector('[data-test="result"]');
    const banner = await page.textContent('[data-test="result"]');
    if (/\bwins\b|\bdraw\b/i.test(banner)) throw new Error(`the ${lang} result banner is English: ${banner}`);
    const st = await getState(created.id);
    if (st.status !== 'finished') throw new Error(`the game did not end: ${st.status}`);
    await expectFits(page, `${lang} game over`);
    await shot(page, `dobutsu-result-${lang}-phone`);
    await page.setViewportSize(DESKTOP);
    await shot(page, `dobutsu-result-${lang}-desktop`);

    // The rules of each game, in the language, at the same address.
    for (const g of ['dobutsu', 'shogun', 'shiamgon']) {
      await page.setViewportSize(PHONE);
      await page.goto(`${BASE}/rules/${g}`);
      await page.waitForSelector('article.rules h1');
      const text = await page.innerText('article.rules');
      if (text === rulesEn[g]) throw new Error(`the ${g} rules are English: ${text.slice(0, 80)}`);
      if (g === 'dobutsu' && !(await page.innerText('article.rules')).includes(lion)) throw new Error(`no ${lion} in the rules`);
      await expectFits(page, `${lang} rules of ${g}`);
    }
    await page.context().close();
  });
}

test('the language picker switches the language, and the choice survives a reload', async () => {
  const page = await newPage(PHONE);
  await page.goto(`${BASE}/leaderboard`);
  await page.waitForSelector('#language select');
  if (await page.getAttribute('html', 'lang') !== 'en') throw new Error('an en-US browser does not get English');
  await Promise.all([page.waitForNavigation(), page.selectOption('#language select', 'de')]);
  if (await page.getAttribute('html', 'lang') !== 'de') throw new Error('the picker did not switch to German');
  if (!page.url().endsWith('/leaderboard')) throw new Error(`the address changed: ${page.url()}`);
  await page.reload();
  if (await page.getAttribute('html', 'lang') !== 'de') throw new Error('German did not survive the reload');
  const nav = await page.textContent('header.top nav a[href="/leaderboard"]');
  if (nav !== 'Bestenliste') throw new Error(`the header says ${nav}`);
  await Promise.all([page.waitForNavigation(), page.selectOption('#language select', 'ja')]);
  if (await page.getAttribute('html', 'lang') !== 'ja') throw new Error('the picker did not switch to Japanese');
  await Promise.all([page.waitForNavigation(), page.selectOption('#language select', 'en')]);
  if (await page.getAttribute('html', 'lang') !== 'en') throw new Error('the picker did not switch back to English');
  await page.context().close();
});

learnAndPuzzleTests({
  test, newPage, BASE, PHONE, DESKTOP, shot, clickDobutsu, expectFits, messagesOf, plainTexts, sleep, seeded,
});
analysisTests({ test, newPage, BASE, PHONE, DESKTOP, shot, expectFits, sleep });

// ---- run ----

let failed = 0;
try {
  catalogue = await waitForServer();
  console.log(`kyoku serve on ${BASE}; games and their programs: ${catalogue.games.map((g) => `${g.game} (${g.programs.map((p) => p.name).join(', ')})`).join('; ')}`);
  for (const t of tests) {
    if (FILTER && !new RegExp(FILTER, 'i').test(t.name)) continue;
    const t0 = Date.now();
    try {
      const note = await t.fn();
      console.log(`ok   ${t.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)${note ? ` — ${note}` : ''}`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${t.name}\n     ${String(e && e.stack || e).split('\n').slice(0, 6).join('\n     ')}`);
    }
  }
  if (pageErrors.length) {
    failed++;
    console.log(`FAIL errors in the pages:\n  ${pageErrors.slice(0, 20).join('\n  ')}`);
  }
} finally {
  shuttingDown = true;
  await browser.close().catch(() => {});
  server.kill('SIGTERM');
  rmSync(tmp, { recursive: true, force: true });
}
console.log(failed ? `${failed} failed` : `all passed; screenshots in ${SHOTS}`);
process.exit(failed ? 1 : 0);
