//! One search tree: its nodes in an arena, the root first; how it is made,
//! moved along the moves played, and run playout after playout.

use std::collections::HashMap;
use std::time::Instant;

use kyoku_core::{MAX_PLAYERS, Position, SeededRng, ToAct, seeded_rng};

use super::rave::Amaf;
use super::{Config, Policy};

pub(super) const NONE: u32 = u32::MAX;

/// A node of the tree: the move that led to it, who acts there, and the
/// rewards of the playouts through it.
#[derive(Clone, Debug)]
pub(super) struct Node<M> {
    /// The move that led here (`None` at the root).
    pub(super) mv: Option<M>,
    /// Who acts here.
    pub(super) to_act: ToAct,
    /// Rewards if the game is over here (by the rules or by repetition).
    pub(super) terminal: Option<[f32; MAX_PLAYERS]>,
    pub(super) children: Vec<u32>,
    /// Moves not yet given a child, the next to try last.
    pub(super) untried: Vec<M>,
    /// Whether `untried` has been filled.
    pub(super) listed: bool,
    pub(super) visits: u32,
    pub(super) sums: [f32; MAX_PLAYERS],
    /// With RAVE only: every legal move, the policy's best last.
    pub(super) arms: Vec<Arm<M>>,
}

/// A legal move of a node under RAVE: its child (if made) and its AMAF
/// statistics for the player acting at the node.
#[derive(Clone, Debug)]
pub(super) struct Arm<M> {
    pub(super) mv: M,
    /// [`Policy::amaf_key`], or `NO_KEY`.
    pub(super) key: u16,
    /// The child, or `NONE` while the move is untried.
    pub(super) child: u32,
    /// Playouts through the node in which the acting player played this
    /// move at some point.
    pub(super) amaf_visits: u32,
    /// The acting player's rewards over those playouts.
    pub(super) amaf_sum: f32,
    /// The policy's liking of the move in `[0, 1]` ([`Policy::prior`]; 0
    /// without a prior).
    pub(super) prior: f32,
}

pub(super) const NO_KEY: u16 = u16::MAX;

impl<M> Node<M> {
    pub(super) fn new(mv: Option<M>, to_act: ToAct, terminal: Option<[f32; MAX_PLAYERS]>) -> Self {
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
pub(super) struct Tree<P: Position> {
    pub(super) nodes: Vec<Node<P::Move>>,
    pub(super) rng: SeededRng,
}

/// The repetition count of positions before the current one of a search
/// path: the game's past, and the path from the tree's root.
pub(super) struct History<'a> {
    pub(super) past: &'a HashMap<u64, usize>,
    pub(super) path: Vec<u64>,
}

impl History<'_> {
    pub(super) fn seen(&self, key: u64) -> usize {
        self.past.get(&key).copied().unwrap_or(0) + self.path.iter().filter(|&&k| k == key).count()
    }
}

impl<P: Position> Tree<P> {
    pub(super) fn fresh(pos: &P, seed: u64, search: u64, thread: usize) -> Self {
        let seed = seed
            ^ search.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ (thread as u64).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        Tree {
            nodes: vec![Node::new(None, pos.to_act(), None)],
            rng: seeded_rng(seed),
        }
    }

    /// Re-roots at the node reached by `moves`; false if it does not exist.
    pub(super) fn descend(&mut self, moves: &[P::Move]) -> bool {
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
    pub(super) fn run<Pol: Policy<P>>(
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
}
