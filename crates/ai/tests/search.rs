//! The alpha-beta search against plain references: brute-force wins,
//! plain minimax, exact expectimax on a small chance tree (and probed chance
//! nodes against Star1's in Shogun's random variant); determinism and
//! cancellation.

use std::time::Duration;

use kyoku_ai::agent::SearchAgent;
use kyoku_ai::alphabeta::{CHANCE_BOUND, Evaluation, Features, Limits, MATE, Searcher, Tuning};
use kyoku_ai::dobutsu::DobutsuEval;
use kyoku_ai::shogun::ShogunEval;
use kyoku_core::rand::Rng;
use kyoku_core::{
    Agent, Decision, GameRecord, MoveError, Outcome, Player, Position as _, ToAct, seeded_rng,
};
use kyoku_dobutsu::Position;

fn dobutsu(fen: &str) -> Position {
    Position::from_text(fen).unwrap()
}

/// Whether the side to move can force a win within `plies` plies (odd).
fn wins_within(pos: &Position, plies: u32) -> bool {
    let me = pos.turn().index();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.iter().any(|&m| {
        let mut c = *pos;
        c.play_unchecked(m);
        match c.outcome() {
            Some(o) => o.winner() == Some(Player::new(me)),
            None if plies >= 3 => {
                let mut replies = Vec::new();
                c.legal_moves(&mut replies);
                replies.iter().all(|&r| {
                    let mut d = c;
                    d.play_unchecked(r);
                    match d.outcome() {
                        Some(o) => o.winner() == Some(Player::new(me)),
                        None => wins_within(&d, plies - 2),
                    }
                })
            }
            None => false,
        }
    })
}

#[test]
fn mate_in_one_is_found() {
    // The Giraffe on a3 takes the Lion on a4.
    let pos = dobutsu("l2/G2/3/1L1[] w - - 0 1");
    let mut s = Searcher::new(DobutsuEval, 16);
    let r = s.search(&GameRecord::new(pos), &Limits::depth(4));
    assert_eq!(r.score, MATE - 1);
    assert_eq!(pos.move_to_text(r.best.unwrap()), "a3a4");
}

/// The position after `plies` random moves from the start (fewer if the
/// game ends).
fn random_walk(rng: &mut impl Rng, plies: usize) -> Position {
    let mut pos = Position::startpos();
    for _ in 0..plies {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    pos
}

/// Positions of 400 seeded random games (4–39 plies) where the side to move
/// wins in 3 plies but not in 1; there are more than 10.
fn wins_in_three() -> Vec<Position> {
    let mut rng = seeded_rng(11);
    let found: Vec<Position> = (0..400)
        .map(|_| {
            let plies = rng.random_range(4..40);
            random_walk(&mut rng, plies)
        })
        .filter(|pos| pos.outcome().is_none() && !wins_within(pos, 1) && wins_within(pos, 3))
        .collect();
    assert!(
        found.len() >= 10,
        "only {} positions with a win in 3",
        found.len()
    );
    found
}

/// Positions from seeded random games where the side to move wins in 3
/// plies but not in 1: the search must score them as a win in exactly 3 and
/// play a move that keeps the forced win.
#[test]
fn wins_in_three_plies_are_found_on_random_positions() {
    for pos in wins_in_three() {
        let mut s = Searcher::new(DobutsuEval, 16);
        let r = s.search(&GameRecord::new(pos), &Limits::depth(5));
        assert_eq!(r.score, MATE - 3, "{}", pos.to_text());
        let mut after = pos;
        after.play_unchecked(r.best.unwrap());
        let mut replies = Vec::new();
        after.legal_moves(&mut replies);
        for reply in replies {
            let mut d = after;
            d.play_unchecked(reply);
            assert!(
                d.outcome().is_some() || wins_within(&d, 1),
                "{}: {} lets the win go",
                pos.to_text(),
                pos.move_to_text(r.best.unwrap())
            );
        }
    }
}

/// Plain minimax with the same static score, terminal scores and
/// repetition rule as the search: a position on `path` (the root and the
/// line below it) is a draw, one `past` (the game before the root) holds
/// twice is a draw.
fn minimax(pos: &Position, depth: u32, ply: i32, past: &[u64], path: &mut Vec<u64>) -> i32 {
    let me = Player::new(pos.turn().index());
    if let Some(o) = pos.outcome() {
        return if o.is_draw() {
            0
        } else if o.winner() == Some(me) {
            MATE - ply
        } else {
            -(MATE - ply)
        };
    }
    if depth == 0 {
        return DobutsuEval.evaluate(pos, me);
    }
    path.push(pos.hash());
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut best = -MATE - 1;
    for m in moves {
        let mut c = *pos;
        c.play_unchecked(m);
        let seen_before = past.iter().filter(|&&k| k == c.hash()).count();
        let v = if path.contains(&c.hash()) || seen_before >= 2 {
            0
        } else {
            -minimax(&c, depth - 1, ply + 1, past, path)
        };
        best = best.max(v);
    }
    path.pop();
    best
}

/// The plain search: the table, nothing else (no quiescence, extensions,
/// reductions, evasions or contempt).
const PLAIN: Features = Features {
    tt: true,
    quiescence: false,
    extensions: false,
    reductions: false,
    evasions: false,
    contempt: false,
};

#[test]
fn alpha_beta_with_table_equals_minimax() {
    let plain = PLAIN;
    let mut rng = seeded_rng(5);
    for game in 0..12 {
        let plies = rng.random_range(0..16);
        let pos = random_walk(&mut rng, plies);
        if pos.outcome().is_some() {
            continue;
        }
        for depth in 1..=4 {
            let mut s = Searcher::new(WithParts(Tuning::default()), 14);
            s.set_features(plain);
            let r = s.search(&GameRecord::new(pos), &Limits::depth(depth));
            let expect = minimax(&pos, depth, 0, &[], &mut Vec::new());
            assert_eq!(
                r.score,
                expect,
                "game {game}, depth {depth}: {}",
                pos.to_text()
            );
        }
    }
}

/// A game that went out and back (each side moved a piece away and, for
/// Sente, back): the root's side can return to a position the game saw
/// once, which is no draw yet — the opponent need not repeat it again —
/// while a return to a position of the search's own line is. The search
/// scores these roots exactly as minimax with that rule does, and in some
/// of them the old rule (every return a draw) would score otherwise.
#[test]
fn a_position_the_game_saw_once_is_no_draw_yet() {
    let plain = Features { tt: false, ..PLAIN };
    let mut rng = seeded_rng(11);
    let (mut roots, mut differ) = (0, 0);
    for _ in 0..400 {
        let Some(record) = out_and_back(&mut rng) else {
            continue;
        };
        roots += 1;
        let pos = *record.position();
        let positions = record.positions();
        let past: Vec<u64> = positions[..positions.len() - 1]
            .iter()
            .map(|p| p.hash())
            .collect();
        for depth in 1..=3 {
            let mut s = Searcher::new(WithParts(Tuning::default()), 14);
            s.set_features(plain);
            let r = s.search(&record, &Limits::depth(depth));
            let expect = minimax(&pos, depth, 0, &past, &mut Vec::new());
            assert_eq!(r.score, expect, "depth {depth}: {:?}", record.move_texts());
            // The old rule: the game's past counts like the search's line.
            let old = minimax(&pos, depth, 0, &[], &mut past.clone());
            differ += usize::from(old != expect);
        }
    }
    assert!(roots >= 100, "only {roots} games went out and back");
    assert!(
        differ > 0,
        "no root where the rules differ: the test tests nothing"
    );
}

/// A record from a few random plies, then Sente moves a piece away, Gote
/// moves one, Sente moves back (no captures): Gote to move can return to
/// the position before Sente's first move. `None` if the dice found none.
fn out_and_back(rng: &mut impl Rng) -> Option<GameRecord<Position>> {
    let mut record = GameRecord::new(Position::startpos());
    let mut moves = Vec::new();
    for _ in 0..rng.random_range(0..10) * 2 {
        moves.clear();
        record.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        record.play(moves[rng.random_range(0..moves.len())]).ok()?;
    }
    let quiet = |pos: &Position, moves: &mut Vec<_>| {
        moves.clear();
        pos.legal_moves(moves);
        let before = pos.to_text();
        moves.retain(|&m| {
            let mut c = *pos;
            c.play_unchecked(m);
            c.outcome().is_none() && hand_of(&c.to_text()) == hand_of(&before)
        });
    };
    let start = *record.position();
    quiet(&start, &mut moves);
    let away = *moves.get(rng.random_range(0..moves.len().max(1)))?;
    record.play(away).ok()?;
    quiet(record.position(), &mut moves);
    let reply = *moves.get(rng.random_range(0..moves.len().max(1)))?;
    record.play(reply).ok()?;
    // Sente's move back: the one after which Gote's reverse of its reply
    // would give the start again.
    quiet(record.position(), &mut moves);
    let back = moves.iter().copied().find(|&m| {
        let mut c = *record.position();
        c.play_unchecked(m);
        let mut replies = Vec::new();
        c.legal_moves(&mut replies);
        replies.iter().any(|&r| {
            let mut d = c;
            d.play_unchecked(r);
            d.hash() == start.hash()
        })
    })?;
    record.play(back).ok()?;
    (record.outcome().is_none()).then_some(record)
}

/// The hands of a position's text form (the bracketed part).
fn hand_of(text: &str) -> &str {
    text.split(['[', ']']).nth(1).unwrap_or("")
}

#[test]
fn deterministic_under_seed_and_node_limit() {
    // Level 3's budget without its 1 s time cap: on a loaded machine the
    // cap could end a search early, and the game would depend on the load.
    let untimed = kyoku_ai::agent::Level {
        time_ms: 3_600_000,
        ..kyoku_ai::dobutsu::level(3).unwrap()
    };
    let agent = |seed| SearchAgent::new(DobutsuEval, &untimed, seed, "ai:3");
    let play = |seed| {
        let mut a = agent(seed);
        let mut b = agent(seed + 1);
        let mut rec = GameRecord::new(Position::startpos());
        for ply in 0..40 {
            let agent: &mut dyn Agent<Position> = if ply % 2 == 0 { &mut a } else { &mut b };
            match agent.choose(&rec) {
                Some(m) => rec.play(m).unwrap(),
                None => break,
            }
        }
        rec.move_texts()
    };
    let first = play(1);
    assert_eq!(first, play(1));
    // Two seeds may lead into the same early repetition: some must differ.
    assert!(
        (2..6).any(|seed| play(seed) != first),
        "the seed should change the game: {first:?}"
    );
}

#[test]
fn a_search_stops_when_told() {
    let mut s = Searcher::new(DobutsuEval, 16);
    let stop = s.stop_flag();
    let rec = GameRecord::new(Position::startpos());
    let handle = std::thread::spawn(move || {
        let r = s.search(&rec, &Limits::default());
        (r.best, r.depth)
    });
    std::thread::sleep(Duration::from_millis(100));
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let (best, depth) = handle.join().unwrap();
    assert!(best.is_some());
    assert!(depth < 48, "stopped at depth {depth}");
}

// A tiny game with chance: player 1 picks one of 3 moves, chance one of 3
// outcomes (½, ¼, ¼), player 2 one of 3 moves; the leaf values are fixed
// pseudo-random multiples of 4, so the exact expectation is an integer.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Toy {
    level: u8,
    code: u32,
}

const PROBS: [f64; 3] = [0.5, 0.25, 0.25];

fn leaf_value(code: u32, salt: u64) -> i32 {
    let mut z = (code as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ salt;
    z = (z ^ (z >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z ^= z >> 29;
    ((z % 201) as i32 - 100) * 4
}

#[derive(Debug, thiserror::Error)]
#[error("no text")]
struct NoText;

impl kyoku_core::Position for Toy {
    type Move = u8;
    type TextError = NoText;
    fn game_name(&self) -> &'static str {
        "toy"
    }
    fn num_players(&self) -> usize {
        2
    }
    fn to_act(&self) -> ToAct {
        match self.level {
            0 | 3 => ToAct::Player(Player::new(0), Decision::Turn),
            1 => ToAct::Chance,
            2 => ToAct::Player(Player::new(1), Decision::Turn),
            _ => ToAct::Nobody,
        }
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        match self.level {
            0..=2 => moves.extend(0..3),
            3 => moves.push(0),
            _ => {}
        }
    }
    fn chance_outcomes(&self, outcomes: &mut Vec<(u8, f64)>) {
        if self.level == 1 {
            outcomes.extend((0..3).map(|i| (i as u8, PROBS[i])));
        }
    }
    fn play_unchecked(&mut self, mv: u8) {
        self.level += 1;
        self.code = self.code * 4 + mv as u32 + 1;
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.level > 3).then(|| Outcome::draw(2, "end"))
    }
    fn hash(&self) -> u64 {
        ((self.level as u64) << 40 | self.code as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
    fn move_to_text(&self, mv: u8) -> String {
        mv.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, MoveError> {
        Err(MoveError::syntax(text, "no moves as text"))
    }
    fn to_text(&self) -> String {
        format!("{} {}", self.level, self.code)
    }
    fn from_text(_: &str) -> Result<Self, NoText> {
        Err(NoText)
    }
}

/// The toy's leaf values under `salt`, and whether chance nodes probe
/// ([`Tuning::chance_probe`]).
struct ToyEval(u64, bool);

impl Evaluation<Toy> for ToyEval {
    fn evaluate(&self, pos: &Toy, me: Player) -> i32 {
        let v = leaf_value(pos.code, self.0);
        if me.index() == 0 { v } else { -v }
    }
    fn move_key(&self, _: &Toy, mv: u8) -> usize {
        mv as usize
    }
    fn tuning(&self, _: &Toy) -> Tuning {
        Tuning {
            chance_probe: self.1,
            ..Tuning::default()
        }
    }
}

#[test]
fn expectimax_equals_the_exact_expectation() {
    for salt in 0..50u64 {
        let root = Toy { level: 0, code: 0 };
        let mut exact = i32::MIN;
        for a in 0..3u8 {
            let mut after_a = root;
            after_a.play_unchecked(a);
            let mut expectation = 0.0;
            for (c, p) in PROBS.iter().enumerate() {
                let mut after_c = after_a;
                after_c.play_unchecked(c as u8);
                let worst = (0..3u8)
                    .map(|b| {
                        let mut leaf = after_c;
                        leaf.play_unchecked(b);
                        leaf_value(leaf.code, salt)
                    })
                    .min()
                    .unwrap();
                expectation += p * worst as f64;
            }
            exact = exact.max(expectation as i32);
        }
        for probe in [false, true] {
            let mut s = Searcher::new(ToyEval(salt, probe), 10);
            let r = s.search(&GameRecord::new(root), &Limits::depth(2));
            assert_eq!(r.score, exact, "salt {salt}, probe {probe}");
        }
    }
}

/// Shogun's evaluation with the search parts it is given.
struct ShogunWith(Tuning);

impl Evaluation<kyoku_shogun::Position> for ShogunWith {
    fn evaluate(&self, pos: &kyoku_shogun::Position, me: Player) -> i32 {
        ShogunEval.evaluate(pos, me)
    }
    fn to_act(&self, pos: &kyoku_shogun::Position) -> ToAct {
        ShogunEval.to_act(pos)
    }
    fn move_key(&self, pos: &kyoku_shogun::Position, mv: kyoku_shogun::Move) -> usize {
        ShogunEval.move_key(pos, mv)
    }
    fn tactical(&self, pos: &kyoku_shogun::Position, mv: kyoku_shogun::Move) -> Option<i32> {
        ShogunEval.tactical(pos, mv)
    }
    fn threatened(&self, pos: &kyoku_shogun::Position) -> bool {
        ShogunEval.threatened(pos)
    }
    fn tuning(&self, _: &kyoku_shogun::Position) -> Tuning {
        self.0
    }
    fn quiescence_outcome(&self, pos: &kyoku_shogun::Position) -> Option<kyoku_shogun::Move> {
        ShogunEval.quiescence_outcome(pos)
    }
}

/// Quiescence through chance ([`Tuning::chance_quiescence`]) sees the
/// answer to a capture in the random variant. White, two soldiers against
/// four, may take a2 with its 1 on a1, but Red's 1 on a3 takes back, and
/// White, down to one soldier, loses. A one-ply search that stands on the
/// static score after chance takes; one that goes on through chance does
/// not.
#[test]
fn quiescence_through_chance_sees_the_recapture() {
    let pos = kyoku_shogun::parse_text("5cds/8/8/8/8/b7/a7/A3B2S w 0 22112121 0 1").unwrap();
    let take: kyoku_shogun::Move = kyoku_shogun::read_move("a1a2").unwrap();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert!(legal.contains(&take), "{legal:?}");
    for through in [false, true] {
        let parts = Tuning {
            chance_probe: true,
            chance_quiescence: through,
            ..Tuning::default()
        };
        let mut s = Searcher::new(ShogunWith(parts), 16);
        let r = s.search(&GameRecord::new(pos.clone()), &Limits::depth(1));
        assert_eq!(
            r.best == Some(take),
            !through,
            "through chance: {through}, {r:?}"
        );
    }
}

/// Probing chance nodes changes how they are searched, not what they are
/// worth: in the random variant of Shogun, where every move is followed by
/// chance, the plain search (table, no pruning) finds the same score with
/// and without it, at a fraction of the nodes.
#[test]
fn probed_chance_nodes_keep_the_expectimax_score() {
    let mut rng = seeded_rng(21);
    let (mut nodes_plain, mut nodes_probed, mut compared) = (0, 0, 0);
    for game in 0..12u64 {
        let options = kyoku_shogun::Options {
            variant: kyoku_shogun::Variant::Random,
            rotation: (game % 4) as u8,
            ..kyoku_shogun::Options::default()
        };
        let mut record = GameRecord::new(kyoku_shogun::start(&options).unwrap());
        // A few random plies (chance drawn too) for varied positions.
        for _ in 0..rng.random_range(4..24) {
            let mv = match record.to_act() {
                ToAct::Nobody => break,
                ToAct::Chance => kyoku_core::sample_chance(record.position(), &mut rng),
                ToAct::Player(..) => {
                    let mut moves = Vec::new();
                    record.position().legal_moves(&mut moves);
                    moves.get(rng.random_range(0..moves.len().max(1))).copied()
                }
            };
            let Some(mv) = mv else { break };
            record.play(mv).unwrap();
        }
        while record.to_act() == ToAct::Chance {
            let mv = kyoku_core::sample_chance(record.position(), &mut rng).unwrap();
            record.play(mv).unwrap();
        }
        if !matches!(record.to_act(), ToAct::Player(..)) {
            continue;
        }
        let mut scores = Vec::new();
        for probe in [false, true] {
            let parts = Tuning {
                chance_probe: probe,
                ..Tuning::default()
            };
            let mut s = Searcher::new(ShogunWith(parts), 16);
            s.set_features(PLAIN);
            let r = s.search(&record, &Limits::depth(3));
            *(if probe {
                &mut nodes_probed
            } else {
                &mut nodes_plain
            }) += r.nodes;
            scores.push(r.score);
        }
        if scores[0].abs() < CHANCE_BOUND {
            assert_eq!(scores[0], scores[1], "{}", record.position().to_text());
            compared += 1;
        }
    }
    // Scores beyond the bound are not compared: most positions must be.
    assert!(compared >= 10, "only {compared} positions compared");
    assert!(
        nodes_probed < nodes_plain,
        "{nodes_probed} vs {nodes_plain}"
    );
}

/// Dōbutsu's evaluation with the optional parts of the search it is given
/// (its own search uses none), to test them where exact answers are known.
struct WithParts(Tuning);

impl Evaluation<Position> for WithParts {
    fn evaluate(&self, pos: &Position, me: Player) -> i32 {
        DobutsuEval.evaluate(pos, me)
    }
    fn move_key(&self, pos: &Position, mv: kyoku_dobutsu::Move) -> usize {
        DobutsuEval.move_key(pos, mv)
    }
    fn tactical(&self, pos: &Position, mv: kyoku_dobutsu::Move) -> Option<i32> {
        DobutsuEval.tactical(pos, mv)
    }
    fn threatened(&self, pos: &Position) -> bool {
        DobutsuEval.threatened(pos)
    }
    fn tuning(&self, _: &Position) -> Tuning {
        self.0
    }
    fn null_move(&self, pos: &Position) -> Option<Position> {
        DobutsuEval.null_move(pos)
    }
}

/// Aspiration windows change how an iteration is searched, not what it
/// finds: with the plain search (table, no pruning), a narrow window that
/// fails high or low and is widened ends on the full window's score.
#[test]
fn aspiration_windows_find_the_full_windows_score() {
    let plain = PLAIN;
    let mut rng = seeded_rng(8);
    let mut moved = 0;
    for _ in 0..30 {
        let plies = rng.random_range(0..20);
        let pos = random_walk(&mut rng, plies);
        if pos.outcome().is_some() {
            continue;
        }
        let record = GameRecord::new(pos);
        let mut full = Searcher::new(WithParts(Tuning::default()), 16);
        full.set_features(plain);
        let only = Tuning {
            aspiration: true,
            ..Tuning::default()
        };
        let mut aspired = Searcher::new(WithParts(only), 16);
        aspired.set_features(plain);
        let mut before = full.search(&record, &Limits::depth(3)).score;
        for depth in [4, 5] {
            let a = full.search(&record, &Limits::depth(depth)).score;
            let b = aspired.search(&record, &Limits::depth(depth)).score;
            assert_eq!(a, b, "depth {depth}: {}", pos.to_text());
            // The window around the last iteration's score is ±40: a score
            // that moved further than that made the window fail.
            moved += usize::from((a - before).abs() > 40);
            before = a;
        }
    }
    assert!(moved >= 10, "only {moved} searches left their first window");
}

/// Futility and late-move pruning skip quiet moves near the leaves but
/// never where a side is threatened or a mate is at stake: with every part
/// on, the wins in 3 plies of random positions are still found.
#[test]
fn pruning_keeps_short_wins() {
    for pos in wins_in_three() {
        let all = Tuning {
            null_move: true,
            log_reductions: true,
            counter_moves: true,
            futility: true,
            late_move_pruning: true,
            aspiration: true,
            chance_probe: true,
            chance_quiescence: true,
        };
        let mut s = Searcher::new(WithParts(all), 16);
        let r = s.search(&GameRecord::new(pos), &Limits::depth(6));
        assert_eq!(r.score, MATE - 3, "{}", pos.to_text());
    }
}
