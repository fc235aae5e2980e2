// Browser tests of the analysis board (/analysis) and the position editor
// (/editor), run by run-tests.mjs against its server: from a finished
// Shogun game, the analysis opened from the game page, a variation played
// two plies deep (one move on the board, one from the engine's line), the
// lines and the best move's arrow seen, and the way back to the main line;
// the editor refusing an illegal Dōbutsu position with the reason shown,
// then accepting a legal one and analysing it. Both pages at 375 px.

/**
 * Registers the tests. `h` carries run-tests.mjs' helpers: test, newPage,
 * BASE, PHONE, DESKTOP, shot, expectFits, sleep.
 */
export function analysisTests(h) {
  const { test, newPage, BASE, PHONE, DESKTOP, shot, expectFits } = h;

  async function api(method, path, body) {
    const r = await fetch(`${BASE}${path}`, {
      method, headers: body ? { 'content-type': 'application/json', origin: BASE } : { origin: BASE },
      body: body ? JSON.stringify(body) : undefined,
    });
    const data = await r.json().catch(() => null);
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(data)}`);
    return data;
  }

  /**
   * Whether the server analyses (`POST /api/analyze`): without it the tests
   * say so and stop short of the engine's lines rather than fail.
   */
  async function analyses() {
    const r = await fetch(`${BASE}/api/analyze`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: BASE },
      body: JSON.stringify({ game: 'dobutsu', position: 'gle/1c1/1C1/ELG[] w - - 0 1' }),
    });
    return r.status !== 404;
  }

  /** A Shogun game between two people, two moves played, then resigned: finished. */
  async function finishedShogun() {
    const made = await api('POST', '/api/games', { game: 'shogun', seats: ['human', 'human'] });
    const tok = Object.fromEntries(made.seats.map((s) => [s.seat, s.token]));
    let st = made.state;
    for (const seat of [1, 2]) {
      const mv = st.legal_moves[0];
      st = await api('POST', `/api/games/${made.id}/moves`, { seat, token: tok[seat], move: mv });
      if (st.state) st = st.state;
    }
    await api('POST', `/api/games/${made.id}/resign`, { seat: 1, token: tok[1] });
    const over = await api('GET', `/api/games/${made.id}`);
    if (!over.result) throw new Error(`the game did not end: ${JSON.stringify(over.status)}`);
    return { id: made.id, moves: over.history.map((x) => (typeof x === 'string' ? x : x.move)) };
  }

  /** What the analysis page shows now. */
  const now = (page) => page.evaluate(() => {
    const a = window.kyokuAnalysis;
    return {
      ply: a.current.ply, main: a.tree.isMain(a.current), move: a.current.move,
      legal: (a.current.view && a.current.view.legal_moves) || [],
      position: a.current.view && a.current.view.position,
    };
  });

  /** Waits for the engine's lines of the position shown, and the arrow. */
  async function linesAndArrow(page, what) {
    await page.waitForFunction(() => {
      const a = window.kyokuAnalysis;
      // The page drops the analysis whenever it shows another position.
      return a && a.analysis && document.querySelectorAll('[data-test="engine-lines"] li').length > 0;
    }, null, { timeout: 30000 }).catch(async () => {
      const status = await page.textContent('[data-test="engine-status"]').catch(() => '?');
      throw new Error(`${what}: no engine lines (engine: ${status})`);
    });
    await page.waitForSelector('svg.board g.arrows [data-arrow]', { state: 'attached', timeout: 5000 })
      .catch(() => { throw new Error(`${what}: no arrow on the board`); });
  }

  test('analysis: a finished Shogun game analysed, a variation two plies deep, lines, arrow, back to the main line', async () => {
    const engine = await analyses();
    const game = await finishedShogun();
    const page = await newPage(DESKTOP);
    await page.goto(`${BASE}/game/${game.id}`);
    await page.waitForSelector('[data-action="analyse"]');
    await page.click('[data-action="analyse"]');
    await page.waitForURL(/\/analysis\/shogun\?game=/);
    await page.waitForSelector('[data-test="analysis-moves"] button.move');
    const listed = await page.$$eval('[data-test="analysis-moves"] button.move', (els) => els.map((e) => e.getAttribute('data-move')));
    if (listed.join(' ') !== game.moves.join(' ')) throw new Error(`the move list is ${listed} for ${game.moves}`);

    // To the first move; the engine's lines and the arrow for it.
    await page.click(`[data-test="analysis-moves"] button.move[data-move="${game.moves[0]}"]`);
    await page.waitForFunction(() => window.kyokuAnalysis.current.ply === 1 && window.kyokuAnalysis.current.view);
    if (engine) {
      await linesAndArrow(page, 'after the first move');
      const bar = await page.getAttribute('[data-test="eval-bar"]', 'data-value');
      if (!bar) throw new Error('the evaluation bar shows nothing');
    }

    // A move other than the game's second, played on the board.
    const st = await now(page);
    const other = st.legal.find((m) => m !== game.moves[1]);
    const m = /^([a-h][1-8])x?([a-h][1-8])/.exec(other);
    await page.click(`svg.board [data-movable="${m[1]}"]`);
    await page.click(`svg.board [data-dest="${m[2]}"]`);
    await page.waitForFunction((mv) => window.kyokuAnalysis.current.move === mv && window.kyokuAnalysis.current.view, other);
    if ((await now(page)).main) throw new Error('a new move went into the main line');
    // The second ply from the engine's best line (its first move), or
    // (a server without analysis) on the board.
    let best;
    if (engine) {
      await linesAndArrow(page, 'in the variation');
      best = await page.getAttribute('[data-test="engine-lines"] li[data-line="0"] button.line-move[data-index="0"]', 'data-move');
      await page.click('[data-test="engine-lines"] li[data-line="0"] button.line-move[data-index="0"]');
    } else {
      best = (await now(page)).legal[0];
      const b = /^([a-h][1-8])x?([a-h][1-8])/.exec(best);
      await page.click(`svg.board [data-movable="${b[1]}"]`);
      await page.click(`svg.board [data-dest="${b[2]}"]`);
    }
    await page.waitForFunction((mv) => window.kyokuAnalysis.current.move === mv && window.kyokuAnalysis.current.ply === 3 && window.kyokuAnalysis.current.view, best);
    const variation = await page.$$eval('[data-test="analysis-moves"] .variation button.move', (els) => els.map((e) => e.getAttribute('data-move')));
    if (variation.join(' ') !== `${other} ${best}`) throw new Error(`the variation reads ${variation}, not ${other} ${best}`);
    if (engine) await linesAndArrow(page, 'two plies deep');
    await shot(page, 'analysis-shogun-desktop');

    // Back to the main line: the branching move, the button gone.
    await page.click('[data-action="main-line"]');
    await page.waitForFunction(() => window.kyokuAnalysis.tree.isMain(window.kyokuAnalysis.current));
    const back = await now(page);
    if (back.ply !== 1) throw new Error(`back on the main line at ply ${back.ply}, not 1`);
    if (await page.isVisible('[data-action="main-line"]')) throw new Error('"back to the main line" still offered');
    // The keyboard steps along the main line.
    await page.locator('h1').click();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((mv) => window.kyokuAnalysis.current.move === mv, game.moves[1]);

    await page.setViewportSize(PHONE);
    await expectFits(page, 'the analysis board at 375 px');
    await shot(page, 'analysis-shogun-phone');
    await page.context().close();
    return engine ? null : 'engine lines SKIPPED: this server has no POST /api/analyze';
  });

  test('editor: an illegal Dōbutsu position refused in words, a legal one accepted and analysed', async () => {
    const page = await newPage(PHONE);
    await page.goto(`${BASE}/editor/dobutsu`);
    await page.waitForSelector('[data-test="editor-ok"]');
    // A second Sente Lion on a2: two Lions of one side.
    await page.click('[data-tool="1L"]');
    await page.click('svg.board [data-sq="a2"]');
    await page.waitForSelector('[data-test="editor-problem"]');
    const reason = (await page.textContent('[data-test="editor-problem"]')).trim();
    if (!/lion/i.test(reason)) throw new Error(`the refusal does not say what is wrong: ${reason}`);
    if (!(await page.isDisabled('[data-action="analyse"]'))) throw new Error('an illegal position may be analysed');
    await expectFits(page, 'the editor at 375 px');
    await shot(page, 'editor-dobutsu-refused-phone');
    // Taken off again (the same piece on the same square): legal, and analysed.
    await page.click('svg.board [data-piece="a2"]');
    await page.waitForSelector('[data-test="editor-ok"]');
    const text = await page.inputValue('[data-test="editor-text"]');
    await page.click('[data-action="analyse"]');
    await page.waitForURL(/\/analysis\/dobutsu\?position=/);
    await page.waitForFunction(() => window.kyokuAnalysis && window.kyokuAnalysis.current.view);
    const shown = await now(page);
    if (shown.position.split(' ')[0] !== text.split(' ')[0]) throw new Error(`analysing ${shown.position}, not ${text}`);
    if (!(await analyses())) { await page.context().close(); return 'engine lines SKIPPED: this server has no POST /api/analyze'; }
    await linesAndArrow(page, 'the edited position');
    await expectFits(page, 'the analysis of an edited position at 375 px');
    await page.context().close();
  });
}
