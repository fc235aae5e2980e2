//! The Python class behind `kyoku.vector`: a [`vector::DynBatch`] and the
//! NumPy arrays it writes. The arrays are made by the Python side (NumPy
//! allocates them aligned) and handed over once with `attach`; every call
//! then writes into them with the GIL released, and allocates nothing in
//! Python.

use std::sync::Mutex;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use kyoku_core::SeatSpec;
use kyoku_games::GameKind;

use crate::engine::{Engine, ObsOptions};
use crate::session::Session;
use crate::vector::{Batch, BatchConfig, DynBatch, Outputs};
use crate::{State, option_json, start, value_error};

/// The arrays in the order `attach` takes them: name, NumPy type string.
const ARRAYS: [(&str, &str); 11] = [
    ("observation", "|i1"),
    ("action_mask", "|b1"),
    ("rewards", "<f4"),
    ("terminations", "|b1"),
    ("truncations", "|b1"),
    ("current_player", "<i8"),
    ("finished", "|b1"),
    ("final_observation", "|i1"),
    ("final_action_mask", "|b1"),
    ("final_returns", "<f4"),
    ("actions", "<i8"),
];

/// Where an attached array's elements are: address and element count.
#[derive(Copy, Clone, Default)]
struct Raw {
    addr: usize,
    len: usize,
}

/// Many games stepped together in Rust (see `kyoku.vector`).
#[pyclass(module = "kyoku", name = "VectorGames")]
pub struct VectorGames {
    /// In a mutex because programs are `Send` but not `Sync`; only the
    /// calling thread ever locks it, so it is never contended.
    batch: Mutex<Box<dyn DynBatch>>,
    game: &'static str,
    /// The attached arrays, held so that their memory outlives every call
    /// (NumPy refuses to resize an array others hold).
    arrays: Vec<Py<PyAny>>,
    raw: [Raw; 11],
}

/// The start position of `P` from a catalogue session.
fn start_of<P: Engine>(s: &dyn crate::session::DynSession) -> PyResult<P> {
    s.as_any()
        .downcast_ref::<Session<P>>()
        .map(|s| s.record.start().clone())
        .ok_or_else(|| PyRuntimeError::new_err("the catalogue made another game"))
}

/// What the Python constructor asks of a batch, whatever the game.
struct Asked {
    obs: ObsOptions,
    num_envs: usize,
    seed: u64,
    threads: usize,
    max_plies: Option<u32>,
    opponents: Vec<Option<SeatSpec>>,
}

/// The batch of a game kind, its start from the catalogue's session.
fn batch_of<P: Engine>(
    s: &dyn crate::session::DynSession,
    asked: Asked,
    registry: fn() -> kyoku_core::AgentRegistry<P>,
) -> PyResult<Box<dyn DynBatch>> {
    Batch::new(BatchConfig {
        start: start_of::<P>(s)?,
        obs: asked.obs,
        num_envs: asked.num_envs,
        seed: asked.seed,
        threads: asked.threads,
        max_plies: asked.max_plies,
        opponents: asked.opponents,
        registry,
    })
    .map(|b| Box::new(b) as Box<dyn DynBatch>)
    .map_err(value_error)
}

fn slice_mut<'a, T>(r: Raw) -> &'a mut [T] {
    // SAFETY: `attach` checked that `addr` is the start of a C-contiguous,
    // aligned, writeable NumPy array of `len` elements of `T`, and the
    // class holds that array for as long as it lives, so the memory stays
    // valid; the arrays are distinct (checked there too), so no two slices
    // overlap. Python code reading the arrays from another thread during a
    // call could see them half-written, which the documentation forbids.
    unsafe { std::slice::from_raw_parts_mut(r.addr as *mut T, r.len) }
}

/// The batch, whatever a panic elsewhere left in the lock.
fn lock(m: &Mutex<Box<dyn DynBatch>>) -> std::sync::MutexGuard<'_, Box<dyn DynBatch>> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl VectorGames {
    fn batch(&self) -> std::sync::MutexGuard<'_, Box<dyn DynBatch>> {
        lock(&self.batch)
    }

    fn outputs<'a>(&self) -> PyResult<(Outputs<'a>, &'a [i64])> {
        if self.arrays.is_empty() {
            return Err(PyRuntimeError::new_err("no arrays attached"));
        }
        let r = self.raw;
        let out = Outputs {
            obs: slice_mut(r[0]),
            mask: slice_mut(r[1]),
            rewards: slice_mut(r[2]),
            terminated: slice_mut(r[3]),
            truncated: slice_mut(r[4]),
            player: slice_mut(r[5]),
            finished: slice_mut(r[6]),
            final_obs: slice_mut(r[7]),
            final_mask: slice_mut(r[8]),
            final_returns: slice_mut(r[9]),
        };
        let actions: &[i64] = slice_mut(r[10]);
        Ok((out, actions))
    }
}

#[pymethods]
impl VectorGames {
    /// `num_envs` games of `game` with the options of `new_game`; `seed`
    /// seeds chance and the programs; `threads` workers; `max_plies`
    /// player decisions before truncation (`None`: never); `opponents`
    /// maps seats to the programs that play them (`{1: "ai:1"}`).
    #[new]
    #[pyo3(signature = (game, num_envs, seed, threads, max_plies, opponents, landing_numbers, options))]
    #[allow(clippy::too_many_arguments)] // the Python constructor's parameters
    fn new(
        py: Python<'_>,
        game: &str,
        num_envs: usize,
        seed: u64,
        threads: usize,
        max_plies: Option<u32>,
        opponents: &Bound<'_, PyDict>,
        landing_numbers: bool,
        options: &Bound<'_, PyDict>,
    ) -> PyResult<VectorGames> {
        let mut map = serde_json::Map::new();
        for (k, v) in options.iter() {
            let name: String = k.extract()?;
            if !v.is_none() {
                map.insert(name.clone(), option_json(&v, &name)?);
            }
        }
        let obs = ObsOptions { landing_numbers };
        let session =
            start::new_game(game, &serde_json::Value::Object(map), obs).map_err(value_error)?;
        let mut seats: Vec<Option<SeatSpec>> = Vec::new();
        for (k, v) in opponents.iter() {
            let seat: usize = k
                .extract()
                .map_err(|_| value_error(format!("opponents: seat {k} is not a seat number")))?;
            if seat >= kyoku_core::MAX_PLAYERS {
                return Err(value_error(format!(
                    "opponents: {} has no seat {seat}",
                    session.game_name()
                )));
            }
            let spec: String = v.extract().map_err(|_| {
                value_error(format!("opponents: seat {seat}: {v} is not a program"))
            })?;
            let spec = SeatSpec::parse(&spec)
                .map_err(|e| value_error(format!("opponents: seat {seat}: {e}")))?;
            if seats.len() <= seat {
                seats.resize(seat + 1, None);
            }
            seats[seat] = Some(spec);
        }
        let threads = threads.max(1);
        let s = session.as_ref();
        let kind: GameKind = game
            .parse()
            .map_err(|e: kyoku_games::GameError| value_error(e.to_string()))?;
        let asked = Asked {
            obs,
            num_envs,
            seed,
            threads,
            max_plies,
            opponents: seats,
        };
        // Programs such as `perfect` open files: no need to hold the GIL.
        let batch = py.detach(|| match kind {
            GameKind::Dobutsu => {
                batch_of::<kyoku_dobutsu::Position>(s, asked, kyoku_games::dobutsu::players)
            }
            GameKind::Shogun => {
                batch_of::<kyoku_shogun::Position>(s, asked, kyoku_games::shogun::players)
            }
            GameKind::Shiamgon => {
                batch_of::<kyoku_shiamgon::Position>(s, asked, kyoku_games::shiamgon::players)
            }
        })?;
        Ok(VectorGames {
            batch: Mutex::new(batch),
            game: s.game_name(),
            arrays: Vec::new(),
            raw: [Raw::default(); 11],
        })
    }

    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.game
    }

    /// Number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.batch().num_envs()
    }

    /// Number of seats.
    #[getter]
    fn num_players(&self) -> usize {
        self.batch().dims().seats
    }

    /// Size of the action space.
    #[getter]
    fn num_actions(&self) -> usize {
        self.batch().dims().actions
    }

    /// One game's observation shape.
    #[getter]
    fn observation_shape(&self) -> Vec<usize> {
        self.batch().observation_shape()
    }

    /// Hands over the arrays every call writes (and the actions array it
    /// reads), in the order observation, action_mask, rewards,
    /// terminations, truncations, current_player, finished,
    /// final_observation, final_action_mask, final_returns, actions: each
    /// C-contiguous, writeable, of its NumPy type and size.
    #[pyo3(signature = (*arrays))]
    fn attach(&mut self, arrays: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        if arrays.len() != ARRAYS.len() {
            return Err(value_error(format!(
                "attach takes {} arrays, not {}",
                ARRAYS.len(),
                arrays.len()
            )));
        }
        let n = self.batch().num_envs();
        let d = self.batch().dims();
        let sizes = [
            n * d.obs,
            n * d.actions,
            n * d.seats,
            n,
            n,
            n,
            n,
            n * d.obs,
            n * d.actions,
            n * d.seats,
            n,
        ];
        let mut raw = [Raw::default(); 11];
        for (k, arr) in arrays.iter().enumerate() {
            let (name, typestr) = ARRAYS[k];
            let iface = arr.getattr("__array_interface__")?;
            let got: String = iface.get_item("typestr")?.extract()?;
            if got != typestr {
                return Err(value_error(format!("{name}: type {got}, not {typestr}")));
            }
            let flags = arr.getattr("flags")?;
            let ok: bool = flags.getattr("c_contiguous")?.extract::<bool>()?
                && flags.getattr("writeable")?.extract::<bool>()?
                && flags.getattr("aligned")?.extract::<bool>()?;
            if !ok {
                return Err(value_error(format!(
                    "{name}: must be C-contiguous, aligned and writeable"
                )));
            }
            let size: usize = arr.getattr("size")?.extract()?;
            if size != sizes[k] {
                return Err(value_error(format!(
                    "{name}: {size} elements, not {}",
                    sizes[k]
                )));
            }
            let (addr, _readonly): (usize, bool) = iface.get_item("data")?.extract()?;
            raw[k] = Raw { addr, len: size };
        }
        // Distinct memory: no two arrays may overlap.
        let item = [1usize, 1, 4, 1, 1, 8, 1, 1, 1, 4, 8];
        for a in 0..raw.len() {
            for b in a + 1..raw.len() {
                let (ra, rb) = (raw[a], raw[b]);
                let (ea, eb) = (ra.addr + ra.len * item[a], rb.addr + rb.len * item[b]);
                if ra.len > 0 && rb.len > 0 && ra.addr < eb && rb.addr < ea {
                    return Err(value_error(format!(
                        "{} and {} share memory",
                        ARRAYS[a].0, ARRAYS[b].0
                    )));
                }
            }
        }
        self.arrays = arrays.into_iter().map(Bound::unbind).collect();
        self.raw = raw;
        Ok(())
    }

    /// Starts every game anew (reseeding chance and the programs when a
    /// seed is given) and writes the arrays.
    #[pyo3(signature = (seed = None))]
    fn reset(&mut self, py: Python<'_>, seed: Option<u64>) -> PyResult<()> {
        let (out, _) = self.outputs()?;
        let batch = &self.batch;
        py.detach(|| lock(batch).reset(seed, out))
            .map_err(value_error)
    }

    /// Plays the attached actions array (one action per game) and writes
    /// the arrays; `ValueError` naming the games when an action is out of
    /// range or illegal, and then no game changes.
    fn step(&mut self, py: Python<'_>) -> PyResult<()> {
        let (out, actions) = self.outputs()?;
        let batch = &self.batch;
        py.detach(|| lock(batch).step(actions, out))
            .map_err(value_error)
    }

    /// Game `i` as a `State` (a copy, history included).
    fn state(&self, i: usize) -> PyResult<State> {
        let batch = self.batch();
        batch
            .session(i)
            .map(|inner| State { inner })
            .ok_or_else(|| value_error(format!("no game {i}: there are {}", batch.num_envs())))
    }

    /// Player decisions made in game `i` since it started.
    fn plies(&self, i: usize) -> PyResult<u32> {
        let batch = self.batch();
        batch
            .plies(i)
            .ok_or_else(|| value_error(format!("no game {i}: there are {}", batch.num_envs())))
    }
}
