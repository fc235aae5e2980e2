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
async function newPage(viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
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
  if (!/Sente wins/.test(text)) throw new Error(`banner says ${text}`);
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
  const watcher = await newPage(PHONE);
  await watcher.goto(`${BASE}/game/${id}`);
  await watcher.waitForSelector('svg.board');
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

// ---- run ----

let failed = 0;
try {
  catalogue = await waitForServer();
  console.log(`kyoku serve on ${BASE}; games and their programs: ${catalogue.games.map((g) => `${g.game} (${g.programs.map((p) => p.name).join(', ')})`).join('; ')}`);
  for (const t of tests) {
    if (FILTER && !t.name.toLowerCase().includes(FILTER.toLowerCase())) continue;
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
