//! Many games of one configuration stepped together: the engine of
//! `kyoku.vector`. One call plays an action in every game, lets chance and
//! the programs that hold seats move, restarts finished games at once
//! (Gymnasium's same-step autoreset) and writes every observation, mask and
//! reward into arrays the caller owns — spread over threads, without Python.
//!
//! The games are split into a fixed number of chunks ([`CHUNKS`]), whatever
//! the number of threads: a chunk is always stepped by one thread in order,
//! and the programs of a chunk are its own, so results depend on the seed
//! alone, not on how many threads ran them.

use kyoku_core::{
    Agent, AgentRegistry, GameRecord, Outcome, Player, SeatSpec, SeededRng, ToAct, derive_seed,
    sample_chance, seeded_rng,
};
use rayon::prelude::*;

use crate::engine::{Engine, ObsOptions};
use crate::session::{DynSession, Session};

/// The games are cut into at most this many chunks, each stepped by one
/// thread with its own programs. Fixed so that results do not depend on the
/// thread count; 64 keeps dozens of cores busy and costs little per call.
pub const CHUNKS: usize = 64;

/// Seed streams (the `stream` of [`derive_seed`]): chance of a game, and the
/// programs of a seat (`PROGRAM_STREAM + seat`).
const CHANCE_STREAM: u64 = 1;
const PROGRAM_STREAM: u64 = 2;

/// The sizes of one game's arrays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Dims {
    /// Seats.
    pub seats: usize,
    /// Player actions.
    pub actions: usize,
    /// Elements of one observation.
    pub obs: usize,
}

/// The arrays one call writes, for a run of games (row `i` is game `i` of
/// the run). Made from the caller's buffers; see [`Outputs::split_at`].
pub struct Outputs<'a> {
    /// Observations of the seat that acts now, `(n, obs)`.
    pub obs: &'a mut [i8],
    /// Legal actions of the seat that acts now, `(n, actions)`, 0 or 1.
    pub mask: &'a mut [u8],
    /// Each seat's reward from this call, `(n, seats)`.
    pub rewards: &'a mut [f32],
    /// 1 where a game ended by its rules (or repetition) in this call.
    pub terminated: &'a mut [u8],
    /// 1 where a game reached the ply limit in this call.
    pub truncated: &'a mut [u8],
    /// The seat that acts now, `(n,)`.
    pub player: &'a mut [i64],
    /// 1 where a game ended (either way) and was started anew.
    pub finished: &'a mut [u8],
    /// The final observation of a finished game, seen from the seat that
    /// acted in this call, `(n, obs)`; untouched elsewhere.
    pub final_obs: &'a mut [i8],
    /// The final action mask of that seat, `(n, actions)`.
    pub final_mask: &'a mut [u8],
    /// The finished game's returns (zeros when truncated), `(n, seats)`.
    pub final_returns: &'a mut [f32],
}

impl<'a> Outputs<'a> {
    /// Zeroes row `i`'s rewards and flags: nothing has happened to that
    /// game yet in this call.
    fn clear_row(&mut self, i: usize, dims: Dims) {
        self.rewards[i * dims.seats..(i + 1) * dims.seats].fill(0.0);
        self.terminated[i] = 0;
        self.truncated[i] = 0;
        self.finished[i] = 0;
    }

    /// Checks that every array holds `n` rows of `dims`.
    pub fn check(&self, n: usize, dims: Dims) -> Result<(), String> {
        let sizes = [
            ("observation", self.obs.len(), n * dims.obs),
            ("action_mask", self.mask.len(), n * dims.actions),
            ("rewards", self.rewards.len(), n * dims.seats),
            ("terminations", self.terminated.len(), n),
            ("truncations", self.truncated.len(), n),
            ("current_player", self.player.len(), n),
            ("finished", self.finished.len(), n),
            ("final observation", self.final_obs.len(), n * dims.obs),
            ("final action_mask", self.final_mask.len(), n * dims.actions),
            ("final returns", self.final_returns.len(), n * dims.seats),
        ];
        for (name, got, want) in sizes {
            if got != want {
                return Err(format!("{name} holds {got} elements, not {want}"));
            }
        }
        Ok(())
    }

    /// The first `k` games' rows and the rest.
    fn split_at(self, k: usize, d: Dims) -> (Outputs<'a>, Outputs<'a>) {
        let (obs, obs2) = self.obs.split_at_mut(k * d.obs);
        let (mask, mask2) = self.mask.split_at_mut(k * d.actions);
        let (rewards, rewards2) = self.rewards.split_at_mut(k * d.seats);
        let (terminated, terminated2) = self.terminated.split_at_mut(k);
        let (truncated, truncated2) = self.truncated.split_at_mut(k);
        let (player, player2) = self.player.split_at_mut(k);
        let (finished, finished2) = self.finished.split_at_mut(k);
        let (final_obs, final_obs2) = self.final_obs.split_at_mut(k * d.obs);
        let (final_mask, final_mask2) = self.final_mask.split_at_mut(k * d.actions);
        let (final_returns, final_returns2) = self.final_returns.split_at_mut(k * d.seats);
        (
            Outputs {
                obs,
                mask,
                rewards,
                terminated,
                truncated,
                player,
                finished,
                final_obs,
                final_mask,
                final_returns,
            },
            Outputs {
                obs: obs2,
                mask: mask2,
                rewards: rewards2,
                terminated: terminated2,
                truncated: truncated2,
                player: player2,
                finished: finished2,
                final_obs: final_obs2,
                final_mask: final_mask2,
                final_returns: final_returns2,
            },
        )
    }
}

/// What stays the same for every game of a batch.
struct Rules<P: Engine> {
    start: P,
    obs: ObsOptions,
    dims: Dims,
    max_plies: Option<u32>,
}

/// One game: its record (for repetition), the random source of its chance
/// draws, its plies (player decisions, for the limit) and the legal actions
/// of the seat that acts now, with their moves.
struct Slot<P: Engine> {
    record: GameRecord<P>,
    /// Who acts now, kept because asking the position looks for the game's
    /// end each time (the dearest part of a Dōbutsu step).
    to_act: ToAct,
    rng: SeededRng,
    plies: u32,
    legal: Vec<(usize, P::Move)>,
}

/// A run of games stepped by one thread, with the programs that play its
/// opponent seats (one per seat, shared by the chunk's games) and scratch
/// space reused by every call.
struct Chunk<P: Engine> {
    slots: Vec<Slot<P>>,
    programs: Vec<Option<Box<dyn Agent<P>>>>,
    moves: Vec<P::Move>,
    scratch: Vec<i8>,
}

/// Many games of one configuration (see the module's documentation).
pub struct Batch<P: Engine> {
    rules: Rules<P>,
    chunks: Vec<Chunk<P>>,
    opponents: Vec<Option<SeatSpec>>,
    registry: fn() -> AgentRegistry<P>,
    pool: Option<rayon::ThreadPool>,
    picks: Vec<usize>,
}

/// A batch of any game, as the Python class holds it.
pub trait DynBatch: Send {
    /// The sizes of one game's arrays.
    fn dims(&self) -> Dims;
    /// Number of games.
    fn num_envs(&self) -> usize;
    /// The observation's shape.
    fn observation_shape(&self) -> Vec<usize>;
    /// Starts every game anew; with a seed, reseeds chance and the programs
    /// first.
    fn reset(&mut self, seed: Option<u64>, out: Outputs<'_>) -> Result<(), String>;
    /// Plays `actions[i]` in game `i`, then lets chance and the programs
    /// move, and restarts finished games. An action that is out of range or
    /// illegal anywhere is an error naming the games, and changes nothing.
    fn step(&mut self, actions: &[i64], out: Outputs<'_>) -> Result<(), String>;
    /// A copy of game `i` as a single-game session (history included).
    fn session(&self, i: usize) -> Option<Box<dyn DynSession>>;
    /// Player decisions made in game `i` since it started.
    fn plies(&self, i: usize) -> Option<u32>;
}

/// How a batch is made: the game's start, options and programs.
pub struct BatchConfig<P: Engine> {
    /// Every game's start position.
    pub start: P,
    /// Observation options.
    pub obs: ObsOptions,
    /// Number of games.
    pub num_envs: usize,
    /// Seed of chance and of the programs.
    pub seed: u64,
    /// Worker threads (1: the caller's thread alone).
    pub threads: usize,
    /// Player decisions after which a game is truncated.
    pub max_plies: Option<u32>,
    /// The program of each seat the batch plays itself (`None`: the caller's).
    pub opponents: Vec<Option<SeatSpec>>,
    /// The game's programs.
    pub registry: fn() -> AgentRegistry<P>,
}

impl<P: Engine> Batch<P> {
    /// A batch from its configuration; every game is at its start (call
    /// [`DynBatch::reset`] before stepping). Errors: no games, a seat that
    /// does not exist, every seat taken by programs, a program the game
    /// does not have.
    pub fn new(config: BatchConfig<P>) -> Result<Self, String> {
        let BatchConfig {
            start,
            obs,
            num_envs,
            seed,
            threads,
            max_plies,
            opponents,
            registry,
        } = config;
        if num_envs == 0 {
            return Err("num_envs must be at least 1".into());
        }
        let seats = start.num_players();
        if opponents.len() > seats {
            return Err(format!(
                "opponents name seat {}, but {} has seats 0..{seats}",
                opponents.len() - 1,
                start.game_name()
            ));
        }
        let mut opponents = opponents;
        opponents.resize(seats, None);
        if opponents.iter().all(Option::is_some) {
            return Err("opponents take every seat: leave at least one to the learner".into());
        }
        if max_plies == Some(0) {
            return Err("max_plies must be at least 1".into());
        }
        let dims = Dims {
            seats,
            actions: start.num_actions(),
            obs: start.observation_shape(obs).iter().product(),
        };
        let pool = if threads > 1 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .map_err(|e| format!("cannot start {threads} threads: {e}"))?,
            )
        } else {
            None
        };
        let n_chunks = num_envs.min(CHUNKS);
        let chunks = (0..n_chunks)
            .map(|c| {
                let (lo, hi) = (c * num_envs / n_chunks, (c + 1) * num_envs / n_chunks);
                Chunk {
                    slots: (lo..hi)
                        .map(|i| Slot {
                            record: GameRecord::new(start.clone()),
                            to_act: ToAct::Nobody,
                            rng: seeded_rng(derive_seed(seed, CHANCE_STREAM, i as u64)),
                            plies: 0,
                            legal: Vec::new(),
                        })
                        .collect(),
                    programs: Vec::new(),
                    moves: Vec::new(),
                    scratch: Vec::new(),
                }
            })
            .collect();
        let mut batch = Batch {
            rules: Rules {
                start,
                obs,
                dims,
                max_plies,
            },
            chunks,
            opponents,
            registry,
            pool,
            picks: vec![0; num_envs],
        };
        batch.make_programs(seed)?;
        Ok(batch)
    }

    /// (Re)makes the programs of every chunk, seeded from `seed`.
    fn make_programs(&mut self, seed: u64) -> Result<(), String> {
        let registry = (self.registry)();
        for (c, chunk) in self.chunks.iter_mut().enumerate() {
            chunk.programs = self
                .opponents
                .iter()
                .enumerate()
                .map(|(seat, spec)| {
                    spec.as_ref()
                        .map(|spec| {
                            let s = derive_seed(seed, PROGRAM_STREAM + seat as u64, c as u64);
                            registry
                                .make(spec, s)
                                .map_err(|e| format!("opponent of seat {seat}: {e}"))
                        })
                        .transpose()
                })
                .collect::<Result<_, _>>()?;
        }
        Ok(())
    }

    /// Each chunk with its rows of `out`.
    fn with_outputs<'a>(
        chunks: &'a mut [Chunk<P>],
        out: Outputs<'a>,
        dims: Dims,
    ) -> Vec<(&'a mut Chunk<P>, Outputs<'a>)> {
        let mut rest = out;
        let mut v = Vec::with_capacity(chunks.len());
        for chunk in chunks.iter_mut() {
            let (mine, others) = rest.split_at(chunk.slots.len(), dims);
            v.push((chunk, mine));
            rest = others;
        }
        v
    }

    /// Runs `f` on every chunk, on the pool's threads when there is a pool.
    fn run<F>(&mut self, out: Outputs<'_>, picks: &[usize], f: F)
    where
        F: Fn(&Rules<P>, &mut Chunk<P>, Outputs<'_>, &[usize]) + Sync,
    {
        let rules = &self.rules;
        let work = Self::with_outputs(&mut self.chunks, out, rules.dims);
        let mut offsets = Vec::with_capacity(work.len());
        let mut at = 0;
        for (chunk, _) in &work {
            offsets.push(at);
            at += chunk.slots.len();
        }
        let go = |((chunk, out), lo): ((&mut Chunk<P>, Outputs<'_>), usize)| {
            let n = chunk.slots.len();
            let picks = picks.get(lo..lo + n).unwrap_or(&[]);
            f(rules, chunk, out, picks)
        };
        match &self.pool {
            Some(pool) => pool.install(|| work.into_par_iter().zip(offsets).for_each(go)),
            None => work.into_iter().zip(offsets).for_each(go),
        }
    }
}

impl<P: Engine> Rules<P> {
    /// Lets chance and the programs act until a seat of the caller's acts,
    /// the game ends or reaches the ply limit.
    fn settle(&self, slot: &mut Slot<P>, programs: &mut [Option<Box<dyn Agent<P>>>]) {
        loop {
            slot.to_act = slot.record.to_act();
            match slot.to_act {
                ToAct::Nobody => return,
                ToAct::Chance => match sample_chance(slot.record.position(), &mut slot.rng) {
                    Some(m) => slot.record.play_unchecked(m),
                    None => return,
                },
                ToAct::Player(p, _) => {
                    let Some(Some(program)) = programs.get_mut(p.index()) else {
                        return;
                    };
                    if self.max_plies.is_some_and(|m| slot.plies >= m) {
                        return;
                    }
                    let mv = match program.choose(&slot.record) {
                        Some(m) => m,
                        // A program that finds no move although it must
                        // (none of the product's do): play the first legal
                        // move rather than hand its seat to the caller.
                        None => {
                            let mut moves = Vec::new();
                            slot.record.legal_moves(&mut moves);
                            match moves.first() {
                                Some(&m) => m,
                                None => return,
                            }
                        }
                    };
                    slot.record.play_unchecked(mv);
                    slot.plies += 1;
                }
            }
        }
    }

    /// Lists the legal actions of the seat that acts now.
    fn refresh_legal(&self, slot: &mut Slot<P>, moves: &mut Vec<P::Move>) {
        moves.clear();
        slot.legal.clear();
        if matches!(slot.to_act, ToAct::Player(..)) {
            slot.record.legal_moves(moves);
            let pos = slot.record.position();
            slot.legal.extend(moves.iter().map(|&m| (pos.encode(m), m)));
        }
    }

    /// The seat that acts now, or −4 (`TERMINAL`) when nobody does.
    fn actor(slot: &Slot<P>) -> i64 {
        match slot.to_act {
            ToAct::Player(p, _) => p.index() as i64,
            ToAct::Chance => crate::CHANCE,
            ToAct::Nobody => crate::TERMINAL,
        }
    }

    /// Writes the observation and mask of `seat` (the mask all zeros unless
    /// `seat` acts now) into row `row` of `obs` and `mask`, as
    /// `State.observation`/`action_mask` would.
    fn write_view(
        &self,
        slot: &Slot<P>,
        seat: usize,
        scratch: &mut Vec<i8>,
        obs: &mut [i8],
        mask: &mut [u8],
        row: usize,
    ) {
        let d = self.dims;
        let obs = &mut obs[row * d.obs..(row + 1) * d.obs];
        let mask = &mut mask[row * d.actions..(row + 1) * d.actions];
        let acting = slot.to_act.player().map(Player::index) == Some(seat);
        slot.record
            .position()
            .observe_acting(seat, acting, self.obs, scratch);
        obs.copy_from_slice(scratch);
        mask.fill(0);
        if acting {
            for &(a, _) in &slot.legal {
                if let Some(m) = mask.get_mut(a) {
                    *m = 1;
                }
            }
        }
    }

    /// Starts a game anew (the record's memory is kept).
    fn restart(
        &self,
        slot: &mut Slot<P>,
        programs: &mut [Option<Box<dyn Agent<P>>>],
        moves: &mut Vec<P::Move>,
    ) {
        while slot.record.undo().is_some() {}
        slot.plies = 0;
        self.settle(slot, programs);
        self.refresh_legal(slot, moves);
    }

    /// Writes row `i` of the current observation, mask and player.
    fn write_current(
        &self,
        slot: &Slot<P>,
        scratch: &mut Vec<i8>,
        out: &mut Outputs<'_>,
        i: usize,
    ) {
        let actor = Self::actor(slot);
        out.player[i] = actor;
        let seat = usize::try_from(actor).unwrap_or(0);
        self.write_view(slot, seat, scratch, out.obs, out.mask, i);
    }

    /// One game's step: `pick` indexes its legal list.
    fn step_slot(&self, chunk_i: usize, chunk: &mut Chunk<P>, out: &mut Outputs<'_>, pick: usize) {
        let d = self.dims;
        let Chunk {
            slots,
            programs,
            moves,
            scratch,
        } = chunk;
        let slot = &mut slots[chunk_i];
        let i = chunk_i;
        out.clear_row(i, d);
        let seat = usize::try_from(Self::actor(slot)).unwrap_or(0);
        let Some(&(_, mv)) = slot.legal.get(pick) else {
            return;
        };
        slot.record.play_unchecked(mv);
        slot.plies += 1;
        self.settle(slot, programs);
        let outcome: Option<Outcome> = match slot.to_act {
            ToAct::Nobody => slot.record.outcome(),
            _ => None,
        };
        let truncated = outcome.is_none() && self.max_plies.is_some_and(|m| slot.plies >= m);
        self.refresh_legal(slot, moves);
        if outcome.is_some() || truncated {
            self.write_view(slot, seat, scratch, out.final_obs, out.final_mask, i);
            let returns = &mut out.final_returns[i * d.seats..(i + 1) * d.seats];
            returns.fill(0.0);
            if let Some(o) = &outcome {
                for (s, r) in returns.iter_mut().enumerate() {
                    *r = (2.0 * o.reward(Player::new(s)) - 1.0) as f32;
                }
                out.rewards[i * d.seats..(i + 1) * d.seats].copy_from_slice(returns);
                out.terminated[i] = 1;
            } else {
                out.truncated[i] = 1;
            }
            out.finished[i] = 1;
            self.restart(slot, programs, moves);
        }
        self.write_current(slot, scratch, out, i);
    }
}

impl<P: Engine> DynBatch for Batch<P> {
    fn dims(&self) -> Dims {
        self.rules.dims
    }

    fn num_envs(&self) -> usize {
        self.picks.len()
    }

    fn observation_shape(&self) -> Vec<usize> {
        self.rules.start.observation_shape(self.rules.obs)
    }

    fn reset(&mut self, seed: Option<u64>, out: Outputs<'_>) -> Result<(), String> {
        let n = self.num_envs();
        out.check(n, self.rules.dims)?;
        if let Some(seed) = seed {
            self.make_programs(seed)?;
            let mut i = 0u64;
            for chunk in &mut self.chunks {
                for slot in &mut chunk.slots {
                    slot.rng = seeded_rng(derive_seed(seed, CHANCE_STREAM, i));
                    i += 1;
                }
            }
        }
        let picks = std::mem::take(&mut self.picks);
        self.run(out, &picks, |rules, chunk, mut out, _| {
            let Chunk {
                slots,
                programs,
                moves,
                scratch,
            } = chunk;
            for (i, slot) in slots.iter_mut().enumerate() {
                rules.restart(slot, programs, moves);
                out.clear_row(i, rules.dims);
                rules.write_current(slot, scratch, &mut out, i);
            }
        });
        self.picks = picks;
        Ok(())
    }

    fn step(&mut self, actions: &[i64], out: Outputs<'_>) -> Result<(), String> {
        let n = self.num_envs();
        if actions.len() != n {
            return Err(format!(
                "actions hold {} entries for {n} games",
                actions.len()
            ));
        }
        out.check(n, self.rules.dims)?;
        // Check every action first, so that a bad one changes no game.
        let mut bad: Vec<(usize, String)> = Vec::new();
        let mut i = 0;
        for chunk in &self.chunks {
            for slot in &chunk.slots {
                let a = actions[i];
                match slot.legal.iter().position(|&(x, _)| x as i64 == a) {
                    Some(k) => self.picks[i] = k,
                    None => bad.push((i, self.why_bad(slot, a))),
                }
                i += 1;
            }
        }
        if !bad.is_empty() {
            // Name every game up to a screenful; then say how many in all.
            let mut games: Vec<String> = bad.iter().take(32).map(|(i, _)| i.to_string()).collect();
            if bad.len() > 32 {
                games.push(format!("… {} games in all", bad.len()));
            }
            let shown: Vec<String> = bad
                .iter()
                .take(3)
                .map(|(i, why)| format!("game {i}: {why}"))
                .collect();
            return Err(format!(
                "bad actions in games [{}] ({}{}); no game was changed",
                games.join(", "),
                shown.join("; "),
                if bad.len() > 3 { "; …" } else { "" }
            ));
        }
        let picks = std::mem::take(&mut self.picks);
        self.run(out, &picks, |rules, chunk, mut out, picks| {
            for (i, &pick) in picks.iter().enumerate() {
                rules.step_slot(i, chunk, &mut out, pick);
            }
        });
        self.picks = picks;
        Ok(())
    }

    fn session(&self, i: usize) -> Option<Box<dyn DynSession>> {
        let slot = self.chunks.iter().flat_map(|c| &c.slots).nth(i)?;
        Some(Box::new(Session {
            record: slot.record.clone(),
            obs: self.rules.obs,
        }))
    }

    fn plies(&self, i: usize) -> Option<u32> {
        self.chunks
            .iter()
            .flat_map(|c| &c.slots)
            .nth(i)
            .map(|s| s.plies)
    }
}

impl<P: Engine> Batch<P> {
    /// Why action `a` cannot be played in `slot`.
    fn why_bad(&self, slot: &Slot<P>, a: i64) -> String {
        let n = self.rules.dims.actions;
        match usize::try_from(a) {
            Ok(a) if a < n => {
                let text = slot
                    .record
                    .position()
                    .action_text(a)
                    .unwrap_or_else(|| a.to_string());
                format!("action {a} ({text}) is not legal here")
            }
            _ => format!("action {a} is outside 0..{n}"),
        }
    }
}

#[cfg(test)]
mod tests;
