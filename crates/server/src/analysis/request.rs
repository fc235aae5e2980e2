//! An analysis request as the API reads it (`POST /api/analyze`, and each
//! message of the analysis WebSocket), checked against the cap on work per
//! request before it takes a place in the queue, and the engine's refusals
//! as the API's errors.

use axum::http::StatusCode;
use kyoku_games::GameKind;
use kyoku_games::analyse::{
    AnalyseError, AnalyseRequest, Budget, MAX_DEPTH, MAX_LINES, MAX_MILLIS, Start, default_budget,
};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::error::ApiError;

/// The body: `{"game", "options"?, "position" | "moves", "lines"?,
/// "depth"? | "ms"?}`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub(crate) struct Body {
    game: String,
    #[serde(default)]
    options: Value,
    #[serde(default)]
    position: Option<String>,
    #[serde(default)]
    moves: Option<Vec<String>>,
    #[serde(default)]
    lines: Option<usize>,
    #[serde(default)]
    depth: Option<u32>,
    #[serde(default)]
    ms: Option<u64>,
}

/// An error of this API with its own code.
pub(crate) fn error(
    status: StatusCode,
    code: &'static str,
    message: impl Into<String>,
) -> ApiError {
    ApiError {
        status,
        code,
        message: message.into(),
        retry_after: None,
    }
}

/// A request read and within the cap: what the engine is asked.
pub(crate) fn read(b: Body) -> Result<AnalyseRequest, ApiError> {
    let names = || GameKind::ALL.map(GameKind::name).join(", ");
    let game: GameKind = b.game.parse().map_err(|_| {
        ApiError::bad_request(format!("unknown game {:?}: one of {}", b.game, names()))
    })?;
    let start = match (b.position, b.moves) {
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_request(
                "give either \"position\" or \"moves\", not both",
            ));
        }
        (Some(p), None) => Start::Position(p),
        (None, m) => Start::Moves(m.unwrap_or_default()),
    };
    let lines = b.lines.unwrap_or(1);
    if !(1..=MAX_LINES).contains(&lines) {
        return Err(ApiError::bad_request(format!(
            "lines must be 1 to {MAX_LINES}, not {lines}"
        )));
    }
    let budget = match (b.depth, b.ms) {
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_request(
                "give either \"depth\" or \"ms\", not both",
            ));
        }
        (Some(d), None) if (1..=MAX_DEPTH).contains(&d) => Budget::Depth(d),
        (Some(d), None) => {
            return Err(ApiError::bad_request(format!(
                "depth must be 1 to {MAX_DEPTH} (the most one request may ask for), not {d}"
            )));
        }
        (None, Some(ms)) if (1..=MAX_MILLIS).contains(&ms) => Budget::Millis(ms),
        (None, Some(ms)) => {
            return Err(ApiError::bad_request(format!(
                "ms must be 1 to {MAX_MILLIS} (the most one request may ask for), not {ms}"
            )));
        }
        (None, None) => default_budget(game),
    };
    Ok(AnalyseRequest {
        game,
        options: b.options,
        start,
        lines,
        budget,
    })
}

/// What the cache knows a request by: everything that shapes its answer.
pub(crate) fn key(r: &AnalyseRequest) -> String {
    json!([r.game.name(), r.options, r.start, r.lines, r.budget]).to_string()
}

/// The budget of the next, deeper step of a stream after `budget`; `None`
/// at the cap. Alpha-beta goes one ply deeper; the tree search (whose
/// depth counts playouts) and time budgets double.
pub(crate) fn deeper(game: GameKind, budget: Budget) -> Option<Budget> {
    let next = match budget {
        Budget::Depth(d) if game == GameKind::Shiamgon => Budget::Depth((d * 2).min(MAX_DEPTH)),
        Budget::Depth(d) => Budget::Depth((d + 1).min(MAX_DEPTH)),
        Budget::Millis(ms) => Budget::Millis((ms * 2).min(MAX_MILLIS)),
    };
    (next != budget).then_some(next)
}

/// The engine's refusal as the API's error.
pub(crate) fn refusal(e: AnalyseError) -> ApiError {
    let bad = |code, m: String| error(StatusCode::BAD_REQUEST, code, m);
    match e {
        AnalyseError::BadOptions(m) => ApiError::bad_options(m),
        AnalyseError::BadPosition(m) => bad("bad_position", m),
        e @ AnalyseError::IllegalMove { .. } => ApiError::illegal_move(e.to_string()),
        AnalyseError::BadRequest(m) => ApiError::bad_request(m),
        e @ AnalyseError::GameOver => bad("game_over", e.to_string()),
        AnalyseError::NoTable => ApiError::no_tablebase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(v: Value) -> Body {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn the_defaults_and_the_cap() {
        let r = read(body(json!({"game": "shogun"}))).unwrap();
        assert_eq!(r.lines, 1);
        assert_eq!(r.start, Start::Moves(vec![]));
        assert_eq!(r.budget, default_budget(GameKind::Shogun));
        for over in [
            json!({"game": "shogun", "depth": MAX_DEPTH + 1}),
            json!({"game": "shogun", "ms": MAX_MILLIS + 1}),
            json!({"game": "shogun", "lines": MAX_LINES + 1}),
            json!({"game": "shogun", "lines": 0}),
            json!({"game": "shogun", "depth": 2, "ms": 5}),
            json!({"game": "shogun", "position": "x", "moves": []}),
            json!({"game": "chess"}),
        ] {
            let e = read(body(over.clone())).expect_err(&over.to_string());
            assert_eq!(e.code, "bad_request", "{over}");
        }
    }

    #[test]
    fn streams_grow_to_the_cap_and_stop() {
        let g = GameKind::Shogun;
        assert_eq!(deeper(g, Budget::Depth(3)), Some(Budget::Depth(4)));
        assert_eq!(deeper(g, Budget::Depth(MAX_DEPTH)), None);
        assert_eq!(deeper(g, Budget::Millis(100)), Some(Budget::Millis(200)));
        assert_eq!(deeper(g, Budget::Millis(MAX_MILLIS)), None);
        let s = GameKind::Shiamgon;
        assert_eq!(deeper(s, Budget::Depth(4)), Some(Budget::Depth(8)));
    }

    #[test]
    fn requests_differing_in_anything_have_different_keys() {
        let a = read(body(json!({"game": "dobutsu", "moves": ["b3b2"]}))).unwrap();
        let b = read(body(
            json!({"game": "dobutsu", "moves": ["b3b2"], "lines": 2}),
        ))
        .unwrap();
        let c = read(body(
            json!({"game": "dobutsu", "moves": ["b3b2"], "depth": 3}),
        ))
        .unwrap();
        assert_ne!(key(&a), key(&b));
        assert_ne!(key(&a), key(&c));
        assert_eq!(key(&a), key(&a.clone()));
    }
}
