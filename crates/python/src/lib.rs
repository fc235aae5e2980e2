//! kyoku for Python (module `kyoku`, built with maturin): every game as an
//! OpenSpiel-style `State` with a fixed action space and NumPy observations,
//! the product's programs as `Agent`s, and Dōbutsu's solved table. The
//! PettingZoo environments (`kyoku.envs`) are Python, on top of this.
//!
//! The Rust modules do the work and are tested by `cargo test`; this file
//! only converts between Python and them. Every error a user can cause is a
//! `ValueError` with the engine's message.

#![warn(missing_docs)]

pub mod dobutsu;
pub mod engine;
pub mod programs;
pub mod pyvector;
pub mod session;
pub mod shiamgon;
pub mod shogun;
pub mod start;
pub mod vector;

use std::sync::Mutex;

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyByteArray, PyTuple};

use engine::ObsOptions;
use session::DynSession;

/// `current_player()` when chance acts (as in OpenSpiel).
pub const CHANCE: i64 = -1;
/// `current_player()` once the game is over (as in OpenSpiel).
pub const TERMINAL: i64 = -4;

/// The deepest perft `State.perft` runs.
const MAX_PERFT_DEPTH: usize = 20;

fn value_error(msg: String) -> PyErr {
    PyValueError::new_err(msg)
}

/// A non-negative index from any Python integer (NumPy's included); a
/// negative, huge or non-integer value is a `ValueError` naming `what`.
fn index(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
    let v: i64 = obj.extract().map_err(|_| {
        value_error(format!(
            "{what} must be an integer that fits 64 bits, not {obj}"
        ))
    })?;
    usize::try_from(v).map_err(|_| value_error(format!("{what} {v} is negative")))
}

/// A game in progress: the position, its history (for the repetition
/// rule), and the observation options it was made with.
#[pyclass(module = "kyoku", name = "State")]
pub struct State {
    inner: Box<dyn DynSession>,
}

/// `numpy.frombuffer`, looked up once.
static FROMBUFFER: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A writable int8 NumPy array of `shape` holding `values` (a bytearray
/// underneath, so no NumPy C API and no copy after this one).
fn int8_array<'py>(
    py: Python<'py>,
    values: &[i8],
    shape: Vec<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = values.iter().map(|&v| v as u8).collect();
    let array = PyByteArray::new(py, &bytes);
    let frombuffer = FROMBUFFER.get_or_try_init(py, || {
        py.import("numpy")?.getattr("frombuffer").map(Bound::unbind)
    })?;
    let shape = PyTuple::new(py, shape)?;
    frombuffer
        .bind(py)
        .call1((array, "int8"))?
        .call_method1("reshape", (shape,))
}

#[pymethods]
impl State {
    /// The game's name: `dobutsu`, `shogun` or `shiamgon`.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.game_name()
    }

    /// Number of seats.
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }

    /// Size of the players' action space (chance outcomes lie above it).
    fn num_actions(&self) -> usize {
        self.inner.num_actions()
    }

    /// The seat that acts (a push answer is the answering seat), `CHANCE`
    /// or `TERMINAL`.
    fn current_player(&self) -> i64 {
        match self.inner.to_act() {
            kyoku_core::ToAct::Player(p, _) => p.index() as i64,
            kyoku_core::ToAct::Chance => CHANCE,
            kyoku_core::ToAct::Nobody => TERMINAL,
        }
    }

    /// True while a seat answers out of turn (Shiamgon's pushes).
    fn is_answer(&self) -> bool {
        matches!(
            self.inner.to_act(),
            kyoku_core::ToAct::Player(_, kyoku_core::Decision::Answer)
        )
    }

    /// True when chance acts (Shogun's random variant).
    fn is_chance_node(&self) -> bool {
        self.inner.to_act() == kyoku_core::ToAct::Chance
    }

    /// True once the game is over (by its rules or by repetition).
    fn is_terminal(&self) -> bool {
        self.inner.to_act() == kyoku_core::ToAct::Nobody
    }

    /// Legal action indices of whoever acts, ascending (chance: its outcomes).
    fn legal_actions(&self) -> Vec<usize> {
        self.inner.legal_actions()
    }

    /// Legal moves as text, in the order of `legal_actions()`.
    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// Plays an action; `ValueError` (and no change) when it is not legal.
    fn apply_action(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let a = index(action, "action")?;
        self.inner.apply_action(a).map_err(value_error)
    }

    /// Plays a move given as text (`b2b3`, `e1e3`, `4.12`, `pass`).
    fn apply_move(&mut self, text: &str) -> PyResult<()> {
        self.inner.apply_move(text).map_err(value_error)
    }

    /// At a chance node, `[(action, probability), …]`; else empty.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        self.inner.chance_outcomes()
    }

    /// Lets chance act until a seat (or nobody) does, drawing from `seed`.
    fn resolve_chance(&mut self, seed: u64) {
        self.inner.resolve_chance(seed)
    }

    /// Per seat, in [-1, 1], from places: +1 win, −1 loss, 0 draw for two
    /// players; Shiamgon: 2 × (share of other seats beaten, ties half) − 1.
    /// Zeros while the game goes on.
    fn returns(&self) -> Vec<f64> {
        session::returns(self.inner.outcome().as_ref(), self.inner.num_players())
    }

    /// The game's own scores once over (Dōbutsu/Shogun: 1 for the winner,
    /// 0 otherwise; Shiamgon: stones + prisoners taken − stones lost), else
    /// `None`.
    fn scores(&self) -> Option<Vec<i32>> {
        self.inner.outcome().map(|o| o.scores().to_vec())
    }

    /// Why the game ended (`lion captured`, `threefold repetition`, …), else `None`.
    fn end_reason(&self) -> Option<&'static str> {
        self.inner.outcome().map(|o| o.reason)
    }

    /// An independent copy (history included).
    fn clone(&self) -> State {
        State {
            inner: self.inner.box_clone(),
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// The position in the game's text form (`from_text` reads it back; the
    /// history, and so repetition counts, are not part of it).
    fn text(&self) -> String {
        self.inner.text()
    }

    /// A state from a position text of `game`.
    #[staticmethod]
    #[pyo3(signature = (game, text, *, landing_numbers = false))]
    fn from_text(game: &str, text: &str, landing_numbers: bool) -> PyResult<State> {
        let obs = ObsOptions { landing_numbers };
        start::from_text(game, text, obs)
            .map(|inner| State { inner })
            .map_err(value_error)
    }

    /// The moves played since this state's start, as text.
    fn history(&self) -> Vec<String> {
        self.inner.history()
    }

    /// The observation of `seat` as an int8 NumPy array (layout in the README).
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = index(seat, "seat")?;
        if seat >= self.inner.num_players() {
            return Err(value_error(format!(
                "seat {seat} does not exist; seats are 0..{}",
                self.inner.num_players()
            )));
        }
        let mut buf = Vec::new();
        self.inner.observe(seat, &mut buf);
        int8_array(py, &buf, self.inner.observation_shape())
    }

    /// An int8 NumPy array of `num_actions()` entries, 1 for each legal
    /// action when `seat` acts now, all zeros otherwise.
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        seat: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = index(seat, "seat")?;
        let n = self.inner.num_actions();
        let mut mask = vec![0i8; n];
        if self.inner.to_act().player().map(|p| p.index()) == Some(seat) {
            for a in self.inner.legal_actions() {
                if let Some(m) = mask.get_mut(a) {
                    *m = 1;
                }
            }
        }
        int8_array(py, &mask, vec![n])
    }

    /// The shape of `observation()`.
    fn observation_shape(&self) -> Vec<usize> {
        self.inner.observation_shape()
    }

    /// The move text of an action index (legal here or not).
    fn action_to_move(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        let a = index(action, "action")?;
        self.inner.action_to_move(a).map_err(value_error)
    }

    /// The action index of a move text.
    fn move_to_action(&self, text: &str) -> PyResult<usize> {
        self.inner.move_to_action(text).map_err(value_error)
    }

    /// The terminal drawing (plain text).
    fn render_text(&self) -> String {
        self.inner.drawing()
    }

    /// An SVG drawing (Shiamgon), else `None`.
    fn render_svg(&self) -> Option<String> {
        self.inner.svg()
    }

    /// Perft from this position by the engine itself (depth at most 20:
    /// deeper would run for ages).
    fn perft(&self, py: Python<'_>, depth: &Bound<'_, PyAny>) -> PyResult<u64> {
        let depth = index(depth, "depth")?;
        if depth > MAX_PERFT_DEPTH {
            return Err(value_error(format!(
                "perft depth {depth} is more than {MAX_PERFT_DEPTH}"
            )));
        }
        let s = &self.inner;
        Ok(py.detach(|| s.perft(depth as u32)))
    }

    fn __str__(&self) -> String {
        self.inner.drawing()
    }

    fn __repr__(&self) -> String {
        format!(
            "kyoku.State({:?}, {:?})",
            self.inner.game_name(),
            self.inner.text()
        )
    }
}

/// A Python option value as JSON: whole numbers, text, true/false and
/// lists of those.
fn option_json(v: &Bound<'_, PyAny>, name: &str) -> PyResult<serde_json::Value> {
    use pyo3::types::{PyBool, PyString};
    if v.is_instance_of::<PyBool>() {
        return Ok(serde_json::Value::Bool(v.extract()?));
    }
    if v.is_instance_of::<PyString>() {
        return Ok(serde_json::Value::String(v.extract()?));
    }
    if let Ok(n) = v.extract::<i64>() {
        return Ok(n.into());
    }
    if let Ok(items) = v.extract::<Vec<Bound<'_, PyAny>>>() {
        return items.iter().map(|i| option_json(i, name)).collect();
    }
    Err(value_error(format!(
        "option {name}: expected a whole number, text or a list of them"
    )))
}

/// A new game with the catalogue's options as keywords: Dōbutsu takes
/// `fen`; Shogun `rotation`, `variant` (`magnetic`/`random`), `first`
/// (`white`/`red`) and `setup`; Shiamgon `board`, `players` and `handicap`.
/// `landing_numbers` adds Shogun's landing-number planes to observations.
#[pyfunction]
#[pyo3(signature = (game, *, landing_numbers=false, **options))]
fn new_game(
    game: &str,
    landing_numbers: bool,
    options: Option<&Bound<'_, pyo3::types::PyDict>>,
) -> PyResult<State> {
    let mut map = serde_json::Map::new();
    if let Some(options) = options {
        for (k, v) in options.iter() {
            let name: String = k.extract()?;
            if v.is_none() {
                continue;
            }
            let value = option_json(&v, &name)?;
            map.insert(name, value);
        }
    }
    let obs = ObsOptions { landing_numbers };
    start::new_game(game, &serde_json::Value::Object(map), obs)
        .map(|inner| State { inner })
        .map_err(value_error)
}

/// The programs that can play `game`: `[(name, description), …]`.
#[pyfunction]
#[pyo3(name = "programs")]
fn list_programs(game: &str) -> PyResult<Vec<(String, String)>> {
    programs::programs(game).map_err(value_error)
}

/// A program of the product (`random`, `ai:1` … `ai:5`, `perfect` for
/// Dōbutsu), seeded, choosing actions for states.
#[pyclass(module = "kyoku", name = "Agent")]
pub struct Agent {
    program: Mutex<programs::Program>,
}

#[pymethods]
impl Agent {
    /// A program from its spec; `game` makes it at once, so that a spec the
    /// game does not know fails here rather than at the first move.
    #[new]
    #[pyo3(signature = (spec, seed = 0, game = None))]
    fn new(spec: &str, seed: u64, game: Option<&str>) -> PyResult<Agent> {
        let mut program = programs::Program::new(spec, seed).map_err(value_error)?;
        if let Some(g) = game {
            program.check(g).map_err(value_error)?;
        }
        Ok(Agent {
            program: Mutex::new(program),
        })
    }

    /// The spec (`ai:3`).
    #[getter]
    fn spec(&self) -> String {
        self.program
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .spec()
    }

    /// The action the program plays in `state` (`None` once it is over).
    /// Searches without holding the GIL.
    fn choose(&self, py: Python<'_>, state: &State) -> PyResult<Option<usize>> {
        let session = &state.inner;
        let program = &self.program;
        py.detach(|| {
            let mut p = program.lock().unwrap_or_else(|e| e.into_inner());
            p.choose(session.as_ref())
        })
        .map_err(value_error)
    }

    fn __repr__(&self) -> String {
        format!("kyoku.Agent({:?})", self.spec())
    }
}

/// Dōbutsu Shōgi's solved table: perfect values of positions and moves.
#[pyclass(module = "kyoku", name = "Tablebase")]
pub struct Tablebase {
    table: programs::Table,
}

fn dobutsu_position(obj: &Bound<'_, PyAny>) -> PyResult<kyoku_dobutsu::Position> {
    use kyoku_core::Position as _;
    if let Ok(text) = obj.extract::<String>() {
        return kyoku_dobutsu::Position::from_text(&text).map_err(|e| value_error(e.to_string()));
    }
    let state = obj.cast::<State>()?.borrow();
    state
        .inner
        .as_any()
        .downcast_ref::<session::Session<kyoku_dobutsu::Position>>()
        .map(|s| *s.record.position())
        .ok_or_else(|| {
            value_error(format!(
                "the table is Dōbutsu's, not {}'s",
                state.inner.game_name()
            ))
        })
}

#[pymethods]
impl Tablebase {
    /// Opens the table (`kyoku solve dobutsu` builds it; `KYOKU_DATA_DIR`
    /// says where it lives). `OSError` with the reason when it is missing.
    #[staticmethod]
    fn open(py: Python<'_>) -> PyResult<Tablebase> {
        py.detach(programs::Table::open)
            .map(|table| Tablebase { table })
            .map_err(PyOSError::new_err)
    }

    /// The value of a Dōbutsu state (or FEN) for the side to move:
    /// `("win" | "loss" | "draw", plies or None)`; `None` once the game is over.
    fn value(&self, position: &Bound<'_, PyAny>) -> PyResult<Option<(&'static str, Option<u32>)>> {
        Ok(self.table.value(&dobutsu_position(position)?))
    }

    /// Every legal move with its value for the mover, best first:
    /// `[(action, move, (result, plies)), …]`.
    #[allow(clippy::type_complexity)] // the tuple is the Python-side shape
    fn analyze(
        &self,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<(usize, String, (&'static str, Option<u32>))>> {
        Ok(self.table.analyze(&dobutsu_position(position)?))
    }
}

/// The native module; `kyoku/__init__.py` re-exports it.
#[pymodule]
fn _kyoku(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<State>()?;
    m.add_class::<Agent>()?;
    m.add_class::<Tablebase>()?;
    m.add_class::<pyvector::VectorGames>()?;
    m.add_function(wrap_pyfunction!(new_game, m)?)?;
    m.add_function(wrap_pyfunction!(list_programs, m)?)?;
    m.add("CHANCE", CHANCE)?;
    m.add("TERMINAL", TERMINAL)?;
    m.add("GAMES", vec!["dobutsu", "shogun", "shiamgon"])?;
    Ok(())
}
