// Browser tests of the lessons (/learn) and the puzzles (/puzzles), run by
// run-tests.mjs against its server. The puzzles come from `puzzles.jsonl`
// beside this file (real Dōbutsu puzzles, one `Puzzle` per line), imported
// into the test server's database before it starts (`seedPuzzles`); the
// lessons are the ones built into the binary, their solutions read from
// crates/learn/lessons/dobutsu.json.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const FIXTURE = new URL('puzzles.jsonl', import.meta.url).pathname;
const LESSONS = new URL('../../crates/learn/lessons/dobutsu.json', import.meta.url).pathname;

/** The fixture's puzzles by id. */
export function fixturePuzzles() {
  const out = new Map();
  for (const line of readFileSync(FIXTURE, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const p = JSON.parse(line);
    out.set(p.id, p);
  }
  return out;
}

/**
 * Imports the fixture into the database at `db` with `kyoku puzzles import`
 * (before the server opens it). Returns null, or why it failed: the
 * puzzle tests then fail saying so.
 */
export function seedPuzzles(bin, db) {
  const r = spawnSync(bin, ['puzzles', 'import', FIXTURE, '--db', db], { encoding: 'utf8' });
  if (r.status === 0) return null;
  return `kyoku puzzles import ${FIXTURE} --db ${db} failed (${r.status ?? r.error}): ${(r.stderr || r.stdout || '').slice(0, 600)}`;
}

/**
 * Registers the tests. `h` carries run-tests.mjs' helpers: test, newPage,
 * BASE, PHONE, DESKTOP, shot, clickDobutsu, expectFits, messagesOf,
 * plainTexts, sleep, and `seeded` (null, or why the puzzles are missing).
 */
export function learnAndPuzzleTests(h) {
  const { test, newPage, BASE, PHONE, DESKTOP, shot, clickDobutsu, expectFits, messagesOf, plainTexts } = h;

  /** The rating the puzzles page shows, as a number. */
  const shownRating = async (page) => Number((await page.textContent('[data-test="puzzle-rating"]')).replace(/[^\d]/g, ''));

  /** Waits until the page takes a move: a puzzle shown, no answer awaited. */
  const ready = (page, global) => page.waitForFunction((g) => {
    const v = window[g];
    return v && v.current && !v.busy && !v.over && !v.done && document.querySelector('svg.board [data-movable]');
  }, global, { timeout: 15000 });

  test('learn: the list says where to start; a lesson done with a wrong try, its hint, and all its stars', async () => {
    const lessons = JSON.parse(readFileSync(LESSONS, 'utf8')).lessons;
    const first = lessons[0];
    const page = await newPage(PHONE);
    await page.goto(`${BASE}/learn`);
    await page.waitForSelector('.learn-game[data-game="dobutsu"]');
    const start = await page.getAttribute('.learn-game[data-game="dobutsu"] [data-test="start-here"]', 'class');
    if (!start) throw new Error('no "start here" on the list');
    const startAt = await page.$eval('.learn-game[data-game="dobutsu"] li.next', (li) => li.getAttribute('data-lesson'));
    if (startAt !== first.id) throw new Error(`"start here" is at ${startAt}, not the first lesson ${first.id}`);
    await expectFits(page, '/learn');
    await shot(page, 'learn-phone');
    await page.click(`a[href="/learn/dobutsu/${first.id}"]`);
    await page.waitForSelector('[data-test="lesson-goal"] strong');
    for (let i = 0; i < first.steps.length; i++) {
      const step = first.steps[i];
      const said = await page.textContent('[data-test="lesson-step"]');
      if (!said.includes(String(i + 1)) || !said.includes(String(first.steps.length))) throw new Error(`step line "${said}" at step ${i + 1}`);
      if (i === 0 && step.wrong && step.wrong.length) {
        // A wrong try: the hint, then the step from its start again.
        await ready(page, 'kyokuLesson');
        await clickDobutsu(page, step.wrong[0]);
        await page.waitForSelector('[data-test="lesson-hint"]');
        const hint = await page.textContent('[data-test="lesson-hint"]');
        if (!hint.includes(step.hint.en.slice(0, 20))) throw new Error(`the hint shown is "${hint}"`);
        await expectFits(page, 'a lesson\'s hint');
        await page.click('[data-action="retry"]');
      }
      for (const mv of step.solution) {
        await ready(page, 'kyokuLesson');
        await clickDobutsu(page, mv);
      }
      await page.waitForSelector('[data-test="step-done"]');
      await page.click(i + 1 === first.steps.length ? '[data-action="finish"]' : '[data-action="next-step"]');
    }
    await page.waitForSelector('[data-test="lesson-done"]');
    const stars = await page.getAttribute('[data-test="lesson-stars"]', 'data-stars');
    if (stars !== '3') throw new Error(`the lesson solved in the fewest moves earned ${stars} stars`);
    await expectFits(page, 'a lesson done');
    await shot(page, 'learn-lesson-done-phone');
    // Kept: the list shows the stars, and "go on" moves to the next lesson.
    await page.click('a.button[href="/learn"]');
    await page.waitForSelector(`.learn-game[data-game="dobutsu"] li[data-lesson="${first.id}"] .stars[data-stars="3"]`);
    if (lessons[1]) {
      const next = await page.$eval('.learn-game[data-game="dobutsu"] li.next', (li) => li.getAttribute('data-lesson'));
      if (next !== lessons[1].id) throw new Error(`after the first lesson the list goes on at ${next}`);
    }
    await page.reload();
    await page.waitForSelector(`li[data-lesson="${first.id}"] .stars[data-stars="3"]`);
    await page.context().close();
  });

  test('puzzles: one solved and one failed, the solver\'s rating going up and then down', async () => {
    if (h.seeded) throw new Error(h.seeded);
    const known = fixturePuzzles();
    const page = await newPage(PHONE);
    await page.goto(`${BASE}/puzzles`);
    await ready(page, 'kyokuPuzzle');
    const r0 = await shownRating(page);
    if (r0 !== 1500) throw new Error(`a new solver is rated ${r0}`);
    const shownPuzzle = () => page.evaluate(() => window.kyokuPuzzle.puzzle);
    let p = await shownPuzzle();
    if (p.solution) throw new Error('the page was sent the solution before trying');
    if (!new URL(page.url()).pathname.endsWith(`/puzzles/dobutsu/${p.id}`)) throw new Error(`the address is ${page.url()}`);
    // People's finished games (earlier tests') may have added puzzles of
    // their own when the server has the table: the tests need a fixture's,
    // whose solution they know, and open one by its address if need be.
    const used = new Set();
    const fixtureShown = async () => {
      p = await shownPuzzle();
      if (!known.has(p.id)) {
        const id = [...known.keys()].find((k) => !used.has(k));
        await page.goto(`${BASE}/puzzles/dobutsu/${id}`);
        await ready(page, 'kyokuPuzzle');
        p = await shownPuzzle();
        if (p.id !== id) throw new Error(`/puzzles/dobutsu/${id} showed ${p.id}`);
      }
      used.add(p.id);
      return known.get(p.id);
    };
    const fix = await fixtureShown();
    await shot(page, 'puzzle-phone');

    // Solved: the solver's moves (every other one); the replies come by themselves.
    for (let i = 0; i < fix.solution.length; i += 2) {
      await ready(page, 'kyokuPuzzle');
      await clickDobutsu(page, fix.solution[i]);
    }
    await page.waitForSelector('[data-test="puzzle-result"][data-correct="true"]', { timeout: 15000 });
    const up = await page.textContent('[data-test="puzzle-rating-diff"]');
    const r1 = await shownRating(page);
    if (!/^\+\d+$/.test(up) || !(r1 > r0)) throw new Error(`solved: the change is "${up}", the rating ${r0} → ${r1}`);
    const line = await page.$$eval('[data-test="puzzle-solution"] li', (l) => l.map((x) => x.textContent));
    if (line.join(' ') !== fix.solution.join(' ')) throw new Error(`the solution shown is ${line.join(' ')}`);
    await page.waitForSelector('[data-test="puzzle-length"]');
    await expectFits(page, 'a puzzle solved');
    await shot(page, 'puzzle-solved-phone');

    // Failed: a legal move that is not the solution's.
    await page.click('[data-action="next-puzzle"]');
    await ready(page, 'kyokuPuzzle');
    const fix2 = await fixtureShown();
    const right = fix2.solution[0].slice(0, 4);
    const wrong = p.board.legal_moves.find((m) => m.slice(0, 4) !== right && !m.includes('@'));
    await clickDobutsu(page, wrong);
    await page.waitForSelector('[data-test="puzzle-result"][data-correct="false"]', { timeout: 15000 });
    const down = await page.textContent('[data-test="puzzle-rating-diff"]');
    const r2 = await shownRating(page);
    if (!/^\u2212\d+$/.test(down) || !(r2 < r1)) throw new Error(`failed: the change is "${down}", the rating ${r1} → ${r2}`);
    await page.waitForSelector('[data-test="puzzle-solution"] li');
    await expectFits(page, 'a puzzle failed');
    await shot(page, 'puzzle-failed-phone');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'puzzle-failed-desktop');

    // The rating is this browser's: a reload shows it again.
    await page.goto(`${BASE}/puzzles/dobutsu`);
    await ready(page, 'kyokuPuzzle');
    if (await shownRating(page) !== r2) throw new Error(`after a reload the rating is ${await shownRating(page)}, not ${r2}`);
    await page.context().close();
  });

  for (const [locale, lang] of [['de-DE', 'de'], ['ja-JP', 'ja']]) {
    test(`${lang}: /learn, a lesson and /puzzles speak ${lang} and fit at 375 px`, async () => {
      const english = await newPage(PHONE);
      await english.goto(`${BASE}/learn`);
      const en = await messagesOf(english);
      await english.context().close();
      const page = await newPage(PHONE, { locale });
      const first = JSON.parse(readFileSync(LESSONS, 'utf8')).lessons[0].id;
      const pages = [['/learn', '.learn-game'], [`/learn/dobutsu/${first}`, '[data-test="lesson-goal"] strong']];
      if (!h.seeded) pages.push(['/puzzles', 'svg.board [data-movable]']);
      for (const [path, sel] of pages) {
        await page.goto(`${BASE}${path}`);
        await page.waitForSelector(sel);
        const ours = Object.values(await messagesOf(page));
        const text = await page.innerText('main');
        const left = plainTexts(en).filter((m) => text.includes(m) && !ours.includes(m));
        if (left.length) throw new Error(`English on the ${lang} ${path}: ${left.slice(0, 5).join(' | ')}`);
        const nav = await page.innerText('header.top nav');
        if (/\bLearn\b|\bPuzzles\b/.test(nav)) throw new Error(`the ${lang} header says ${nav}`);
        await expectFits(page, `${lang} ${path}`);
        await shot(page, `${path.slice(1).replace(/\//g, '-')}-${lang}-phone`);
      }
      await page.context().close();
      if (h.seeded) return 'the puzzles page was not checked: no puzzles were imported';
      return null;
    });
  }
}
