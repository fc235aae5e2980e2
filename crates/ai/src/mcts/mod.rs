//! Monte-Carlo tree search for n players (UCT with max^n back-up), answering
//! pushes like any other decision.
//!
//! Every node keeps, for each player, the sum of that player's rewards over
//! the playouts through it. Whoever acts at a node — a player on their turn
//! or a player answering out of turn ([`kyoku_core::Decision::Answer`]) —
//! picks the child that is best *for itself* (UCB1 on its own mean reward).
//! Chance nodes sample an outcome by its probability. Positions that end by
//! the rules or by threefold repetition are terminal in the tree; playouts
//! stop after [`Config::max_rollout_plies`] decisions and score the position
//! they reached ([`kyoku_core::Position::outcome_on_repetition`], which for
//! Shiamgon counts the board), or by the policy's own estimate
//! ([`Policy::cutoff_scores`]).
//!
//! Rewards come from the outcome's scores by [`rewards`]: a rank part (the
//! share of the other players beaten) plus a small score-margin part.
//!
//! The search is deterministic for a seed and a playout (or node) budget;
//! with a time budget it stops when the time is up. Several threads search
//! independent trees (root parallel) and add up the root visits. The tree of
//! the move actually played, and of the moves that followed, is kept for the
//! next search ([`Mcts::search`] with the next record of the same game).
//!
//! ```
//! use kyoku_ai::mcts::{Budget, Config, Mcts, Uniform};
//! use kyoku_core::GameRecord;
//! use kyoku_shiamgon::{BoardKind, Position};
//!
//! let record = GameRecord::new(Position::start(BoardKind::Tri8, 3).unwrap());
//! let config = Config { budget: Budget::playouts(200), ..Config::default() };
//! let mut search = Mcts::new(config, Uniform, 7);
//! let mv = search.search(&record).unwrap();
//! assert!(kyoku_core::Position::is_legal(record.position(), mv));
//! ```

use std::collections::HashMap;
use std::time::{Duration, Instant};

use kyoku_core::rand::Rng;
use kyoku_core::rand::seq::SliceRandom;
use kyoku_core::{
    GameRecord, MAX_PLAYERS, Outcome, Position, REPETITION_LIMIT, SeededRng, ToAct, sample_chance,
    seeded_rng,
};

/// How much a search may spend. It stops at the first limit reached; a
/// budget with no limit at all searches 1000 playouts.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Budget {
    /// Playouts (iterations) per move, summed over threads.
    pub playouts: Option<u64>,
    /// Nodes in each thread's tree (kept nodes of a reused tree count).
    pub nodes: Option<usize>,
    /// Wall-clock time per move.
    pub time: Option<Duration>,
}

impl Budget {
    /// At most `n` playouts per move.
    pub fn playouts(n: u64) -> Self {
        Budget {
            playouts: Some(n),
            nodes: None,
            time: None,
        }
    }

    /// At most `t` per move.
    pub fn time(t: Duration) -> Self {
        Budget {
            playouts: None,
            nodes: None,
            time: Some(t),
        }
    }

    /// At most `n` nodes in the tree.
    pub fn nodes(n: usize) -> Self {
        Budget {
            playouts: None,
            nodes: Some(n),
            time: None,
        }
    }
}

/// The knobs of a search.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Config {
    /// The UCB1 exploration constant `c` in `mean + c·sqrt(ln N / n)`.
    pub exploration: f64,
    /// How much a search may spend per move.
    pub budget: Budget,
    /// A playout stops after this many decisions and scores the position it
    /// reached (games that can go on for ever still give a reward).
    pub max_rollout_plies: usize,
    /// The weight of the score margin in the reward (0 = places only); see
    /// [`rewards`].
    pub margin_weight: f64,
    /// The score margin that counts as a clear lead; see [`rewards`].
    pub margin_scale: f64,
    /// Independent trees searched in parallel (root parallel), each with its
    /// share of the playout budget.
    pub threads: usize,
    /// Keep the subtree of the moves played between two searches.
    pub reuse_tree: bool,
    /// RAVE (rapid action value estimation, "all moves as first"): the
    /// number of visits of a move at which its own mean and its AMAF mean
    /// weigh about the same (`β = sqrt(k / (3n + k))`). 0 turns RAVE off:
    /// plain UCT, every move tried once before UCB1 chooses (the search of
    /// every game whose policy names no moves, see [`Policy::amaf_key`]).
    pub rave_equivalence: f64,
    /// RAVE only: virtual AMAF playouts every move of a node starts with,
    /// scored at the node's own mean (plus [`Config::rave_prior_bonus`] for
    /// the policy's favourites). They keep a move seen in one lucky playout
    /// from outranking the rest, and let the policy's opinion count before
    /// the playouts have one. 0 = no prior (the search of before).
    pub rave_prior_visits: f64,
    /// RAVE only: how far above the node's own mean a move's virtual AMAF
    /// playouts score, times the policy's liking of it in `[0, 1]`
    /// ([`Policy::prior`]). Used only with [`Config::rave_prior_visits`].
    pub rave_prior_bonus: f64,
    /// Progressive widening (plain UCT only): a node with `n` visits has
    /// at most `max(1, k · n^α)` children, made in the policy's order (see
    /// [`Policy::order_moves`]), so a node with few playouts spends them on
    /// its best-ordered moves instead of trying every move once. `k`; 0 =
    /// off (every move tried once before UCB1 chooses).
    pub widening: f64,
    /// Progressive widening's exponent `α` (see [`Config::widening`]).
    pub widening_power: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            exploration: 0.7,
            budget: Budget::playouts(1000),
            max_rollout_plies: 60,
            margin_weight: 0.25,
            margin_scale: 4.0,
            threads: 1,
            reuse_tree: true,
            rave_equivalence: 0.0,
            rave_prior_visits: 0.0,
            rave_prior_bonus: 0.0,
            widening: 0.0,
            widening_power: 0.5,
        }
    }
}

impl Config {
    /// Whether a node with `children` children and `visits` visits may get
    /// another child (see [`Config::widening`]): always without widening.
    fn may_add_child(&self, children: usize, visits: u32) -> bool {
        self.widening <= 0.0
            || (children as f64) < self.widening * (visits.max(1) as f64).powf(self.widening_power)
    }
}

/// Rewards in `[0, 1]` per player from an outcome:
/// `(1 − w) · places + w · margin`, where `places` is
/// [`Outcome::reward`] (the share of the other players beaten, ties half)
/// and `margin` is `½ + ½·tanh((own score − best other score) / scale)`.
///
/// Places are what a game of several players is won by, and they do not
/// depend on the size of the board; the margin part keeps a signal where
/// playouts rarely change the places (a lead worth extending, a deficit
/// worth shrinking).
pub fn rewards(outcome: &Outcome, weight: f64, scale: f64) -> [f32; MAX_PLAYERS] {
    // A fixed array, not a Vec: this runs at the end of every playout.
    let mut scores = [0.0; MAX_PLAYERS];
    let n = outcome.players();
    for (s, &o) in scores.iter_mut().zip(outcome.scores()) {
        *s = o as f64;
    }
    score_rewards(&scores[..n], weight, scale)
}

/// [`rewards`] from scores that need not be whole numbers (a playout's
/// estimate where it was cut off, see [`Policy::cutoff_scores`]): places by
/// the scores as [`Outcome::reward`] counts them, ties half.
pub fn score_rewards(scores: &[f64], weight: f64, scale: f64) -> [f32; MAX_PLAYERS] {
    let mut out = [0.0; MAX_PLAYERS];
    for (p, r) in out.iter_mut().enumerate().take(scores.len()) {
        let mine = scores[p];
        let others = scores.iter().enumerate().filter(|&(o, _)| o != p);
        let beaten: f64 = others
            .clone()
            .map(|(_, &s)| match s.partial_cmp(&mine) {
                Some(std::cmp::Ordering::Less) => 1.0,
                Some(std::cmp::Ordering::Equal) => 0.5,
                _ => 0.0,
            })
            .sum();
        let place = if scores.len() < 2 {
            1.0
        } else {
            beaten / (scores.len() - 1) as f64
        };
        let best_other = others.map(|(_, &s)| s).reduce(f64::max).unwrap_or(mine);
        let margin = 0.5 + 0.5 * ((mine - best_other) / scale.max(1e-9)).tanh();
        *r = ((1.0 - weight) * place + weight * margin) as f32;
    }
    out
}

/// How playouts choose moves, and in which order the tree tries a node's
/// moves.
pub trait Policy<P: Position>: Clone + Send + Sync {
    /// A move for whoever acts in `pos` (a player; chance is sampled by the
    /// search), `None` when there is none. `buf` is scratch space.
    fn rollout_move(&self, pos: &P, rng: &mut SeededRng, buf: &mut Vec<P::Move>)
    -> Option<P::Move>;

    /// Orders a new node's moves, the most promising *last* (the tree tries
    /// them from the end). The default shuffles them.
    fn order_moves(&self, pos: &P, moves: &mut [P::Move], rng: &mut SeededRng) {
        let _ = pos;
        moves.shuffle(rng);
    }

    /// For RAVE: a small number naming `mv` the same in every position (a
    /// field, say), so that a move played later in a playout counts for the
    /// same move earlier ("all moves as first"). `None` (the default): the
    /// move has no AMAF statistics.
    fn amaf_key(&self, mv: &P::Move) -> Option<u16> {
        let _ = mv;
        None
    }

    /// For RAVE's prior ([`Config::rave_prior_visits`]): how much the policy
    /// likes each of `moves` in `pos`, in `[0, 1]` (0 = no opinion), pushed
    /// onto `out` (cleared first) in the same order. The default has no
    /// opinion on any move.
    fn prior(&self, pos: &P, moves: &[P::Move], out: &mut Vec<f32>) {
        let _ = pos;
        out.clear();
        out.resize(moves.len(), 0.0);
    }

    /// The scores a playout counts with when it is cut off before the
    /// game's end (an estimate of the end's scores: a cluster about to be
    /// taken, say), written into `scores` (one per player), or `false` (the
    /// default): the position is scored as it stands.
    fn cutoff_scores(&self, pos: &P, scores: &mut [f64; MAX_PLAYERS]) -> bool {
        let _ = (pos, scores);
        false
    }
}

/// Uniformly random playouts, random expansion order.
#[derive(Copy, Clone, Debug, Default)]
pub struct Uniform;

impl<P: Position> Policy<P> for Uniform {
    fn rollout_move(
        &self,
        pos: &P,
        rng: &mut SeededRng,
        buf: &mut Vec<P::Move>,
    ) -> Option<P::Move> {
        buf.clear();
        pos.legal_moves(buf);
        if buf.is_empty() {
            None
        } else {
            Some(buf[rng.random_range(0..buf.len())])
        }
    }
}

const NONE: u32 = u32::MAX;

#[derive(Clone, Debug)]
struct Node<M> {
    /// The move that led here (`None` at the root).
    mv: Option<M>,
    /// Who acts here.
    to_act: ToAct,
    /// Rewards if the game is over here (by the rules or by repetition).
    terminal: Option<[f32; MAX_PLAYERS]>,
    children: Vec<u32>,
    /// Moves not yet given a child, the next to try last.
    untried: Vec<M>,
    /// Whether `untried` has been filled.
    listed: bool,
    visits: u32,
    sums: [f32; MAX_PLAYERS],
    /// With RAVE only: every legal move, the policy's best last.
    arms: Vec<Arm<M>>,
}

/// A legal move of a node under RAVE: its child (if made) and its AMAF
/// statistics for the player acting at the node.
#[derive(Clone, Debug)]
struct Arm<M> {
    mv: M,
    /// [`Policy::amaf_key`], or `NO_KEY`.
    key: u16,
    /// The child, or `NONE` while the move is untried.
    child: u32,
    /// Playouts through the node in which the acting player played this
    /// move at some point.
    amaf_visits: u32,
    /// The acting player's rewards over those playouts.
    amaf_sum: f32,
    /// The policy's liking of the move in `[0, 1]` ([`Policy::prior`]; 0
    /// without a prior).
    prior: f32,
}

const NO_KEY: u16 = u16::MAX;

impl<M> Node<M> {
    fn new(mv: Option<M>, to_act: ToAct, terminal: Option<[f32; MAX_PLAYERS]>) -> Self {
        Node {
            mv,
            to_act,
            terminal,
            children: Vec::new(),
            untried: Vec::new(),
            listed: false,
            visits: 0,
            sums: [0.0; MAX_PLAYERS],
            arms: Vec::new(),
        }
    }
}

/// One search tree: nodes in an arena, the root first.
#[derive(Clone, Debug)]
struct Tree<P: Position> {
    nodes: Vec<Node<P::Move>>,
    rng: SeededRng,
}

/// What a search found at the root, move by move.
#[derive(Clone, Debug, PartialEq)]
pub struct RootStat<M> {
    /// The move.
    pub mv: M,
    /// Playouts through it (all threads).
    pub visits: u64,
    /// The mean reward of the player to act at the root after it.
    pub value: f64,
}

/// Numbers about the last search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SearchInfo {
    /// Playouts run in this search (all threads).
    pub playouts: u64,
    /// Nodes in the trees after the search (all threads).
    pub nodes: usize,
    /// Root visits carried over from the previous search (all threads).
    pub reused_visits: u64,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

/// A Monte-Carlo tree search player: config, rollout policy, seed, and the
/// trees kept between moves.
#[derive(Clone, Debug)]
pub struct Mcts<P: Position, Pol: Policy<P>> {
    config: Config,
    policy: Pol,
    seed: u64,
    searches: u64,
    trees: Vec<Tree<P>>,
    /// The record the trees are rooted at: its start's hash and its moves.
    rooted: Option<(u64, Vec<P::Move>)>,
    info: SearchInfo,
    stats: Vec<RootStat<P::Move>>,
}

/// The repetition count of positions before the current one of a search
/// path: the game's past, and the path from the tree's root.
struct History<'a> {
    past: &'a HashMap<u64, usize>,
    path: Vec<u64>,
}

impl History<'_> {
    fn seen(&self, key: u64) -> usize {
        self.past.get(&key).copied().unwrap_or(0) + self.path.iter().filter(|&&k| k == key).count()
    }
}

impl<P: Position, Pol: Policy<P>> Mcts<P, Pol> {
    /// A search with `config`, playouts by `policy`, random choices from `seed`.
    pub fn new(config: Config, policy: Pol, seed: u64) -> Self {
        Mcts {
            config,
            policy,
            seed,
            searches: 0,
            trees: Vec::new(),
            rooted: None,
            info: SearchInfo::default(),
            stats: Vec::new(),
        }
    }

    /// The config.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Changes what the next searches may spend (a clock narrowing the
    /// level's time, say).
    pub fn set_budget(&mut self, budget: Budget) {
        self.config.budget = budget;
    }

    /// Numbers about the last search.
    pub fn info(&self) -> &SearchInfo {
        &self.info
    }

    /// The root moves of the last search, most visited first.
    pub fn root_stats(&self) -> &[RootStat<P::Move>] {
        &self.stats
    }

    /// Visits of the root of each tree (what a search starts from: more than
    /// zero when a tree was reused).
    pub fn root_visits(&self) -> u64 {
        self.trees
            .iter()
            .map(|t| t.nodes.first().map_or(0, |n| n.visits as u64))
            .sum()
    }

    /// Forgets the trees.
    pub fn clear(&mut self) {
        self.trees.clear();
        self.rooted = None;
    }

    /// Searches the current position of `record` and returns the move to
    /// play; `None` when the game is over. A position with a single legal
    /// move (a forced pass or push answer) is answered without searching.
    pub fn search(&mut self, record: &GameRecord<P>) -> Option<P::Move> {
        let start = Instant::now();
        self.stats.clear();
        self.info = SearchInfo::default();
        let to_act = record.to_act();
        if to_act == ToAct::Nobody {
            return None;
        }
        let pos = record.position();
        if to_act == ToAct::Chance {
            let mut rng = seeded_rng(self.seed ^ self.searches.wrapping_mul(0x9e37_79b9));
            self.searches += 1;
            return sample_chance(pos, &mut rng);
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        if moves.len() <= 1 {
            return moves.first().copied();
        }
        self.reroot(record);
        let threads = self.config.threads.max(1);
        if self.trees.len() != threads {
            self.trees = (0..threads)
                .map(|i| Tree::fresh(pos, self.seed, self.searches, i))
                .collect();
        }
        self.searches += 1;
        let reused = self.root_visits();

        let mut past: HashMap<u64, usize> = HashMap::new();
        for p in record.positions() {
            *past.entry(p.repetition_key()).or_default() += 1;
        }
        let budget = self.config.budget;
        let total = match (budget.playouts, budget.nodes, budget.time) {
            (None, None, None) => Some(1000),
            (p, _, _) => p,
        };
        let deadline = budget.time.map(|t| start + t);
        let share = |i: usize| {
            total.map(|t| t / threads as u64 + u64::from((i as u64) < t % threads as u64))
        };
        let config = self.config;
        let policy = &self.policy;
        let past = &past;
        let done: Vec<u64> = if threads == 1 {
            vec![self.trees[0].run(pos, past, policy, &config, share(0), budget.nodes, deadline)]
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = self
                    .trees
                    .iter_mut()
                    .enumerate()
                    .map(|(i, tree)| {
                        let n = share(i);
                        s.spawn(move || {
                            tree.run(pos, past, policy, &config, n, budget.nodes, deadline)
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a search thread panicked"))
                    .collect()
            })
        };

        // Add up the root children of every tree, move by move, in the
        // order of the legal moves (deterministic).
        let me = to_act.player().map_or(0, |p| p.index());
        let mut stats: Vec<RootStat<P::Move>> = Vec::with_capacity(moves.len());
        for &mv in &moves {
            let mut visits = 0u64;
            let mut sum = 0.0f64;
            for tree in &self.trees {
                for &c in &tree.nodes[0].children {
                    let node = &tree.nodes[c as usize];
                    if node.mv == Some(mv) {
                        visits += node.visits as u64;
                        sum += node.sums[me] as f64;
                    }
                }
            }
            let value = if visits > 0 { sum / visits as f64 } else { 0.0 };
            stats.push(RootStat { mv, visits, value });
        }
        stats.sort_by(|a, b| {
            b.visits.cmp(&a.visits).then(
                b.value
                    .partial_cmp(&a.value)
                    .unwrap_or(std::cmp::Ordering::Equal),
            )
        });
        self.info = SearchInfo {
            playouts: done.iter().sum(),
            nodes: self.trees.iter().map(|t| t.nodes.len()).sum(),
            reused_visits: reused,
            elapsed: start.elapsed(),
        };
        self.rooted = Some((record.start().hash(), record.moves().to_vec()));
        let best = stats.first().map(|s| s.mv);
        self.stats = stats;
        if !self.config.reuse_tree {
            self.clear();
        }
        best
    }

    /// Moves the trees' roots along the moves played since the last search,
    /// keeping the subtrees; starts afresh if the record is not a
    /// continuation or a move was never searched.
    fn reroot(&mut self, record: &GameRecord<P>) {
        let Some((hash, old)) = self.rooted.take() else {
            self.trees.clear();
            return;
        };
        let moves = record.moves();
        if !self.config.reuse_tree
            || hash != record.start().hash()
            || moves.len() < old.len()
            || moves[..old.len()] != old[..]
        {
            self.trees.clear();
            return;
        }
        let new = &moves[old.len()..];
        for tree in &mut self.trees {
            if !tree.descend(new) {
                self.trees.clear();
                return;
            }
        }
    }
}

impl<P: Position> Tree<P> {
    fn fresh(pos: &P, seed: u64, search: u64, thread: usize) -> Self {
        let seed = seed
            ^ search.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ (thread as u64).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        Tree {
            nodes: vec![Node::new(None, pos.to_act(), None)],
            rng: seeded_rng(seed),
        }
    }

    /// Re-roots at the node reached by `moves`; false if it does not exist.
    fn descend(&mut self, moves: &[P::Move]) -> bool {
        let mut at = 0u32;
        for &mv in moves {
            let node = &self.nodes[at as usize];
            match node
                .children
                .iter()
                .find(|&&c| self.nodes[c as usize].mv == Some(mv))
            {
                Some(&c) => at = c,
                None => return false,
            }
        }
        if at != 0 {
            // Copy the subtree into a fresh arena, parents before children.
            let mut nodes = Vec::new();
            let mut queue = vec![at];
            let mut head = 0;
            let mut index: HashMap<u32, u32> = HashMap::new();
            while head < queue.len() {
                let old = queue[head];
                head += 1;
                index.insert(old, nodes.len() as u32);
                let n = &self.nodes[old as usize];
                queue.extend(n.children.iter().copied());
                nodes.push(n.clone());
            }
            for n in &mut nodes {
                for c in &mut n.children {
                    *c = index[c];
                }
                for a in &mut n.arms {
                    if a.child != NONE {
                        a.child = index[&a.child];
                    }
                }
            }
            nodes[0].mv = None;
            self.nodes = nodes;
        }
        self.nodes[0].terminal.is_none()
    }

    /// Runs playouts until a limit; returns how many.
    #[allow(clippy::too_many_arguments)]
    fn run<Pol: Policy<P>>(
        &mut self,
        root: &P,
        past: &HashMap<u64, usize>,
        policy: &Pol,
        config: &Config,
        playouts: Option<u64>,
        nodes: Option<usize>,
        deadline: Option<Instant>,
    ) -> u64 {
        let mut done = 0u64;
        let mut buf = Vec::new();
        let mut path = Vec::new();
        let mut history = History {
            past,
            path: Vec::new(),
        };
        let mut amaf = Amaf::default();
        loop {
            if playouts.is_some_and(|n| done >= n) || nodes.is_some_and(|n| self.nodes.len() >= n) {
                break;
            }
            // Reading the clock costs little next to a playout, but not
            // nothing: look every 4.
            if done.is_multiple_of(4) && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            history.path.clear();
            self.playout(
                root,
                &mut history,
                policy,
                config,
                &mut buf,
                &mut path,
                &mut amaf,
            );
            if config.rave_equivalence > 0.0 {
                self.backup_amaf(&path, &mut amaf);
            }
            done += 1;
        }
        done
    }

    #[allow(clippy::too_many_arguments)]
    fn playout<Pol: Policy<P>>(
        &mut self,
        root: &P,
        history: &mut History<'_>,
        policy: &Pol,
        config: &Config,
        buf: &mut Vec<P::Move>,
        path: &mut Vec<u32>,
        amaf: &mut Amaf,
    ) {
        path.clear();
        path.push(0);
        let rave = config.rave_equivalence > 0.0;
        amaf.trace.clear();
        let mut pos = root.clone();
        let mut at = 0usize;
        let reward = loop {
            if let Some(r) = self.nodes[at].terminal {
                break r;
            }
            let step = match self.nodes[at].to_act {
                ToAct::Nobody => {
                    // Over by the rules (terminal is set when made; the root
                    // of a finished game never gets here).
                    break finish(&pos, config);
                }
                ToAct::Chance => {
                    let Some(mv) = sample_chance(&pos, &mut self.rng) else {
                        break finish(&pos, config);
                    };
                    let found = self.nodes[at]
                        .children
                        .iter()
                        .copied()
                        .find(|&c| self.nodes[c as usize].mv == Some(mv));
                    match found {
                        Some(c) => Step::Go(c, mv),
                        None => Step::New(mv, None),
                    }
                }
                ToAct::Player(p, _) if rave => {
                    if !self.nodes[at].listed {
                        self.list_arms(at, &pos, policy, config, buf);
                    }
                    match self.select_rave(at, p.index(), config) {
                        Some(j) => {
                            let a = &self.nodes[at].arms[j];
                            if a.child == NONE {
                                Step::New(a.mv, Some(j))
                            } else {
                                Step::Go(a.child, a.mv)
                            }
                        }
                        None => break finish(&pos, config),
                    }
                }
                ToAct::Player(p, _) => {
                    if !self.nodes[at].listed {
                        buf.clear();
                        pos.legal_moves(buf);
                        policy.order_moves(&pos, buf, &mut self.rng);
                        let node = &mut self.nodes[at];
                        node.untried = buf.clone();
                        node.listed = true;
                    }
                    let node = &self.nodes[at];
                    let next = if config.may_add_child(node.children.len(), node.visits) {
                        self.nodes[at].untried.pop()
                    } else {
                        None
                    };
                    if let Some(mv) = next {
                        Step::New(mv, None)
                    } else {
                        match self.select(at, p.index(), config.exploration) {
                            Some(c) => Step::Go(c, self.nodes[c as usize].mv.expect("a child")),
                            None => break finish(&pos, config),
                        }
                    }
                }
            };
            if rave {
                let (Step::Go(_, mv) | Step::New(mv, _)) = step;
                amaf.trace
                    .push(amaf_entry(self.nodes[at].to_act, policy, &mv));
            }
            match step {
                Step::Go(c, mv) => {
                    pos.play_unchecked(mv);
                    history.path.push(pos.repetition_key());
                    at = c as usize;
                    path.push(c);
                }
                Step::New(mv, slot) => {
                    pos.play_unchecked(mv);
                    let key = pos.repetition_key();
                    let repeated =
                        pos.outcome().is_none() && history.seen(key) + 1 >= REPETITION_LIMIT;
                    history.path.push(key);
                    let terminal = if let Some(o) = pos.outcome() {
                        Some(rewards(&o, config.margin_weight, config.margin_scale))
                    } else if repeated {
                        Some(rewards(
                            &pos.outcome_on_repetition(),
                            config.margin_weight,
                            config.margin_scale,
                        ))
                    } else {
                        None
                    };
                    let c = self.nodes.len() as u32;
                    self.nodes.push(Node::new(Some(mv), pos.to_act(), terminal));
                    self.nodes[at].children.push(c);
                    if let Some(j) = slot {
                        self.nodes[at].arms[j].child = c;
                    }
                    path.push(c);
                    break match terminal {
                        Some(r) => r,
                        None => {
                            let trace = rave.then_some(&mut amaf.trace);
                            rollout(&mut pos, policy, config, &mut self.rng, buf, trace)
                        }
                    };
                }
            }
        };
        for &n in path.iter() {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            for (s, r) in node.sums.iter_mut().zip(reward) {
                *s += r;
            }
        }
        amaf.reward = reward;
    }

    /// Gives a node under RAVE all its legal moves as arms, in the policy's
    /// order (best last).
    fn list_arms<Pol: Policy<P>>(
        &mut self,
        at: usize,
        pos: &P,
        policy: &Pol,
        config: &Config,
        buf: &mut Vec<P::Move>,
    ) {
        buf.clear();
        pos.legal_moves(buf);
        policy.order_moves(pos, buf, &mut self.rng);
        let mut priors = Vec::new();
        if config.rave_prior_visits > 0.0 {
            policy.prior(pos, buf, &mut priors);
        }
        let node = &mut self.nodes[at];
        node.arms = buf
            .iter()
            .enumerate()
            .map(|(j, &mv)| Arm {
                mv,
                key: policy.amaf_key(&mv).unwrap_or(NO_KEY),
                child: NONE,
                amaf_visits: 0,
                amaf_sum: 0.0,
                prior: priors.get(j).copied().unwrap_or(0.0).clamp(0.0, 1.0),
            })
            .collect();
        node.listed = true;
    }

    /// The arm best for player `p` under RAVE: the mean reward blended with
    /// the AMAF mean (all AMAF while a move is untried), plus the UCB1 term.
    /// Untried moves with no AMAF statistics count at the node's own mean;
    /// ties go to the policy's favourite (the later arm). With a prior, every
    /// move's AMAF statistics start with [`Config::rave_prior_visits`]
    /// virtual playouts at the node's own mean plus its policy bonus.
    fn select_rave(&self, at: usize, p: usize, config: &Config) -> Option<usize> {
        let node = &self.nodes[at];
        let ln = (node.visits.max(1) as f64).ln();
        let k = config.rave_equivalence;
        let m = config.rave_prior_visits;
        let own = if node.visits > 0 {
            node.sums[p] as f64 / node.visits as f64
        } else {
            0.5
        };
        let mut best = None;
        let mut best_v = f64::NEG_INFINITY;
        for (j, a) in node.arms.iter().enumerate() {
            let (n, q) = match self.nodes.get(a.child as usize) {
                Some(c) if c.visits > 0 => (c.visits as f64, c.sums[p] as f64 / c.visits as f64),
                _ => (0.0, own),
            };
            let amaf = if m > 0.0 {
                let virtual_mean = own + config.rave_prior_bonus * a.prior as f64;
                Some((a.amaf_sum as f64 + m * virtual_mean) / (a.amaf_visits as f64 + m))
            } else if a.amaf_visits > 0 {
                Some(a.amaf_sum as f64 / a.amaf_visits as f64)
            } else {
                None
            };
            let mixed = match amaf {
                Some(amaf) => {
                    let beta = (k / (3.0 * n + k)).sqrt();
                    (1.0 - beta) * q + beta * amaf
                }
                None => q,
            };
            let v = mixed + config.exploration * (ln / (n + 1.0)).sqrt();
            if v >= best_v {
                best_v = v;
                best = Some(j);
            }
        }
        best
    }

    /// Adds the last playout to the AMAF statistics of the nodes on its
    /// path: at each node, every arm whose move the acting player played
    /// there or later in the playout (tree or rollout) gets the playout's
    /// reward for that player.
    fn backup_amaf(&mut self, path: &[u32], amaf: &mut Amaf) {
        amaf.stamp = amaf.stamp.wrapping_add(1);
        if amaf.stamp == 0 {
            amaf.seen.fill(0);
            amaf.stamp = 1;
        }
        let stamp = amaf.stamp;
        // The move from path[i] to path[i + 1] is trace[i]; the rollout's
        // moves follow. Walk up, marking the moves played from each node on.
        let mut j = amaf.trace.len();
        for (i, &n) in path.iter().enumerate().rev() {
            while j > i {
                j -= 1;
                let (p, key) = amaf.trace[j];
                if p != NO_ACTOR && key != NO_KEY {
                    let ix = key as usize * MAX_PLAYERS + p as usize;
                    if ix >= amaf.seen.len() {
                        amaf.seen.resize(ix + 1, 0);
                    }
                    amaf.seen[ix] = stamp;
                }
            }
            let node = &mut self.nodes[n as usize];
            let ToAct::Player(p, _) = node.to_act else {
                continue;
            };
            let p = p.index();
            let r = amaf.reward[p];
            for a in &mut node.arms {
                let ix = a.key as usize * MAX_PLAYERS + p;
                if a.key != NO_KEY && amaf.seen.get(ix) == Some(&stamp) {
                    a.amaf_visits += 1;
                    a.amaf_sum += r;
                }
            }
        }
    }

    /// The child best for player `p` by UCB1.
    fn select(&self, at: usize, p: usize, c: f64) -> Option<u32> {
        let node = &self.nodes[at];
        let ln = (node.visits.max(1) as f64).ln();
        let mut best = NONE;
        let mut best_v = f64::NEG_INFINITY;
        for &ch in &node.children {
            let n = &self.nodes[ch as usize];
            let v = if n.visits == 0 {
                f64::INFINITY
            } else {
                let v = n.visits as f64;
                n.sums[p] as f64 / v + c * (ln / v).sqrt()
            };
            if v > best_v {
                best_v = v;
                best = ch;
            }
        }
        (best != NONE).then_some(best)
    }
}

enum Step<M> {
    Go(u32, M),
    /// A new child for the move (and, under RAVE, the arm it fills).
    New(M, Option<usize>),
}

/// Scratch space of RAVE: the moves of the last playout and its reward, and
/// which (key, player) pairs it played (marked with the playout's stamp).
#[derive(Default)]
struct Amaf {
    trace: Vec<(u8, u16)>,
    reward: [f32; MAX_PLAYERS],
    seen: Vec<u32>,
    stamp: u32,
}

/// The actor of a chance move in a trace.
const NO_ACTOR: u8 = u8::MAX;

/// A trace entry: who played `mv` (a player's index, or `NO_ACTOR`) and its key.
fn amaf_entry<P: Position, Pol: Policy<P>>(to_act: ToAct, policy: &Pol, mv: &P::Move) -> (u8, u16) {
    match to_act {
        ToAct::Player(p, _) => (p.index() as u8, policy.amaf_key(mv).unwrap_or(NO_KEY)),
        _ => (NO_ACTOR, NO_KEY),
    }
}

/// The rewards of a position where the search stops: its outcome if the
/// game is over, else the position scored as it stands.
fn finish<P: Position>(pos: &P, config: &Config) -> [f32; MAX_PLAYERS] {
    let o = pos.outcome().unwrap_or_else(|| pos.outcome_on_repetition());
    rewards(&o, config.margin_weight, config.margin_scale)
}

/// Plays `policy` from `pos` until the game ends or the ply cap, and scores
/// where it stopped (by [`Policy::cutoff_scores`] if the policy has an
/// estimate and the game is not over). Repetition is not tracked in playouts: a repeating
/// playout runs into the cap and is scored there, as repetition would score
/// it (Shiamgon counts the board either way).
fn rollout<P: Position, Pol: Policy<P>>(
    pos: &mut P,
    policy: &Pol,
    config: &Config,
    rng: &mut SeededRng,
    buf: &mut Vec<P::Move>,
    mut trace: Option<&mut Vec<(u8, u16)>>,
) -> [f32; MAX_PLAYERS] {
    for _ in 0..config.max_rollout_plies {
        let to_act = pos.to_act();
        let mv = match to_act {
            ToAct::Nobody => break,
            ToAct::Chance => sample_chance(pos, rng),
            ToAct::Player(..) => policy.rollout_move(pos, rng, buf),
        };
        match mv {
            Some(mv) => {
                if let Some(t) = trace.as_deref_mut() {
                    t.push(amaf_entry(to_act, policy, &mv));
                }
                pos.play_unchecked(mv)
            }
            None => break,
        }
    }
    let mut scores = [0.0; MAX_PLAYERS];
    if pos.outcome().is_none() && policy.cutoff_scores(pos, &mut scores) {
        let n = pos.num_players().min(MAX_PLAYERS);
        return score_rewards(&scores[..n], config.margin_weight, config.margin_scale);
    }
    finish(pos, config)
}

/// An [`kyoku_core::Agent`] that plays by MCTS, keeping its tree between moves.
pub struct MctsAgent<P: Position, Pol: Policy<P>> {
    spec: String,
    search: Mcts<P, Pol>,
    /// The level's own budget, which a clock only narrows.
    level: Budget,
    /// The clock for the next move, if the game has one.
    clock: Option<kyoku_core::TimeLeft>,
}

impl<P: Position, Pol: Policy<P>> MctsAgent<P, Pol> {
    /// An agent named `spec` (`ai:3`) that searches with `search`.
    pub fn new(spec: impl Into<String>, search: Mcts<P, Pol>) -> Self {
        MctsAgent {
            spec: spec.into(),
            level: search.config().budget,
            search,
            clock: None,
        }
    }

    /// The search, with its last numbers.
    pub fn search(&self) -> &Mcts<P, Pol> {
        &self.search
    }
}

impl<P: Position, Pol: Policy<P>> kyoku_core::Agent<P> for MctsAgent<P, Pol> {
    fn spec(&self) -> String {
        self.spec.clone()
    }
    fn choose(&mut self, record: &GameRecord<P>) -> Option<P::Move> {
        let time = crate::clock::capped(self.level.time, self.clock.take());
        self.search.set_budget(Budget { time, ..self.level });
        self.search.search(record)
    }

    /// Kept for the next move only: the session sets it before each one.
    fn set_time(&mut self, time: Option<kyoku_core::TimeLeft>) {
        self.clock = time;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shiamgon::ShiamgonPolicy;
    use kyoku_shiamgon::{BoardKind, Position as Shiamgon};

    /// Scores that are whole numbers give the rewards of the outcome they
    /// make, ties and all: a policy's cut-off estimate is on the same scale.
    #[test]
    fn score_rewards_match_outcome_rewards() {
        let mut rng = kyoku_core::seeded_rng(7);
        for _ in 0..2_000 {
            let n = rng.random_range(1..=MAX_PLAYERS);
            let scores: Vec<i32> = (0..n).map(|_| rng.random_range(-3..4)).collect();
            let as_f64: Vec<f64> = scores.iter().map(|&s| s as f64).collect();
            let o = Outcome::from_scores(&scores, "test");
            assert_eq!(
                rewards(&o, 0.25, 4.0),
                score_rewards(&as_f64, 0.25, 4.0),
                "{scores:?}"
            );
        }
        // Between whole scores, places follow the order of the estimates.
        let r = score_rewards(&[10.4, 10.6, 3.0], 0.0, 4.0);
        assert_eq!(&r[..3], &[0.5, 1.0, 0.0]);
    }

    fn rave_search(playouts: u64, seed: u64) -> Mcts<Shiamgon, ShiamgonPolicy> {
        let config = Config {
            budget: Budget::playouts(playouts),
            max_rollout_plies: 30,
            rave_equivalence: 500.0,
            exploration: 0.25,
            ..Config::default()
        };
        Mcts::new(config, ShiamgonPolicy::default(), seed)
    }

    /// A move's AMAF count includes every playout that played it at the
    /// node itself, so it is at least its child's visits, and at most the
    /// node's. Off by one in the trace, and either bound breaks.
    #[test]
    fn amaf_counts_bound_the_visits() {
        let rec = GameRecord::new(Shiamgon::start(BoardKind::Disc5, 3).unwrap());
        let mut s = rave_search(600, 4);
        s.search(&rec).unwrap();
        let tree = &s.trees[0];
        let mut checked = 0;
        for node in &tree.nodes {
            for a in &node.arms {
                assert!(a.amaf_visits <= node.visits);
                if a.child != NONE && a.key != NO_KEY {
                    assert!(a.amaf_visits >= tree.nodes[a.child as usize].visits);
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "{checked}");
        // Playouts place stones all over the board: moves get AMAF
        // statistics before they are tried.
        let seen_untried = tree
            .nodes
            .iter()
            .flat_map(|n| &n.arms)
            .filter(|a| a.child == NONE && a.amaf_visits > 0)
            .count();
        assert!(seen_untried > 100, "{seen_untried}");
    }

    /// Uniform playouts that like only the placement on the lowest field,
    /// whatever the tree's order puts last.
    #[derive(Clone)]
    struct LikesLowest;

    impl Policy<Shiamgon> for LikesLowest {
        fn rollout_move(
            &self,
            pos: &Shiamgon,
            rng: &mut SeededRng,
            buf: &mut Vec<kyoku_shiamgon::Move>,
        ) -> Option<kyoku_shiamgon::Move> {
            Uniform.rollout_move(pos, rng, buf)
        }
        fn amaf_key(&self, mv: &kyoku_shiamgon::Move) -> Option<u16> {
            ShiamgonPolicy::default().amaf_key(mv)
        }
        fn prior(&self, _: &Shiamgon, moves: &[kyoku_shiamgon::Move], out: &mut Vec<f32>) {
            let lowest = moves.iter().min();
            out.clear();
            out.extend(moves.iter().map(|m| f32::from(Some(m) == lowest)));
        }
    }

    /// With progressive widening a node has about `k·√n` children (`n` its
    /// visits); without it the root tries every move once (32 at the start
    /// of disc5).
    #[test]
    fn widening_bounds_the_children() {
        let rec = GameRecord::new(Shiamgon::start(BoardKind::Disc5, 3).unwrap());
        let config = |k: f64| Config {
            budget: Budget::playouts(400),
            max_rollout_plies: 20,
            widening: k,
            ..Config::default()
        };
        let mut wide = Mcts::new(config(0.0), ShiamgonPolicy::default(), 4);
        wide.search(&rec).unwrap();
        let all = wide.trees[0].nodes[0].children.len();
        let mut narrow = Mcts::new(config(0.25), ShiamgonPolicy::default(), 4);
        narrow.search(&rec).unwrap();
        let tree = &narrow.trees[0];
        // A child is made on a visit while the count is below k·n^α, so a
        // node ends with at most one more than that bound.
        for node in &tree.nodes {
            let bound = (0.25 * (node.visits.max(1) as f64).sqrt()).max(1.0);
            assert!(node.children.len() as f64 <= bound + 1.0);
        }
        let root = tree.nodes[0].children.len();
        assert!(
            all == 32 && root <= 6,
            "{all} children without widening, {root} with"
        );
    }

    /// A strong prior sends every playout of the root to the move the policy
    /// likes; without one (the same search otherwise) the playouts spread.
    #[test]
    fn the_prior_steers_the_search() {
        let rec = GameRecord::new(Shiamgon::start(BoardKind::Disc5, 3).unwrap());
        let mut moves = Vec::new();
        rec.legal_moves(&mut moves);
        let lowest = *moves.iter().min().unwrap();
        let config = |m: f64| Config {
            budget: Budget::playouts(300),
            max_rollout_plies: 20,
            rave_equivalence: 500.0,
            exploration: 0.25,
            rave_prior_visits: m,
            rave_prior_bonus: 10.0,
            ..Config::default()
        };
        let mut with = Mcts::new(config(1000.0), LikesLowest, 2);
        assert_eq!(with.search(&rec), Some(lowest));
        assert_eq!(with.root_stats()[0].visits, 300);
        let mut without = Mcts::new(config(0.0), LikesLowest, 2);
        without.search(&rec).unwrap();
        assert!(without.root_stats()[0].visits < 300);
        assert!(without.root_stats().iter().filter(|s| s.visits > 0).count() > 10);
    }

    /// RAVE moves the tree's roots like plain UCT: the kept arms point at
    /// the kept children.
    #[test]
    fn rave_tree_reuse_keeps_arms() {
        let mut rec = GameRecord::new(Shiamgon::start(BoardKind::Tri8, 3).unwrap());
        let mut s = rave_search(800, 9);
        for _ in 0..3 {
            let mv = s.search(&rec).unwrap();
            rec.play(mv).unwrap();
        }
        s.search(&rec).unwrap();
        assert!(s.info().reused_visits > 0);
        let tree = &s.trees[0];
        for node in &tree.nodes {
            for a in node.arms.iter().filter(|a| a.child != NONE) {
                assert_eq!(tree.nodes[a.child as usize].mv, Some(a.mv));
            }
        }
    }
}
