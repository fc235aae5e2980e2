//! Shiamgon in the catalogue.

use kyoku_core::{AgentRegistry, GameRecord, Player};
use kyoku_shiamgon::{BoardKind, Position};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::catalogue::{ChoicesBy, Descriptor, GameKind, OnlyIf, OptionKind, OptionSpec};
use crate::{AnyGame, GameError, Table, read_options};

/// Shiamgon in the catalogue.
pub(crate) fn descriptor() -> Descriptor {
    let boards: Vec<(Value, String)> = BoardKind::ALL
        .iter()
        .map(|b| {
            let shape = if b.is_triangle() { "triangle" } else { "rings" };
            (json!(b.name()), format!("{} ({shape})", b.name()))
        })
        .collect();
    let by_board = BoardKind::ALL
        .iter()
        .map(|b| {
            (
                b.name().to_string(),
                json!(b.player_counts().collect::<Vec<_>>()),
            )
        })
        .collect();
    let counts: Vec<(Value, String)> = (3..=5).map(|n| (json!(n), n.to_string())).collect();
    let player_count = OptionSpec {
        seats: true,
        choices_by: Some(ChoicesBy {
            option: "board",
            values: by_board,
        }),
        ..OptionSpec::choice(
            "players",
            "Players",
            "The number of players: 3 on the triangles, 3–5 on the discs",
            json!(3),
            counts,
        )
    };
    let discs = BoardKind::ALL
        .iter()
        .filter(|b| !b.is_triangle())
        .map(|b| json!(b.name()))
        .collect();
    let handicap = OptionSpec {
        kind: OptionKind::Counts,
        default: json!([]),
        min: Some(0),
        max: Some(5),
        only_if: Some(OnlyIf {
            option: "board",
            values: discs,
        }),
        ..OptionSpec::choice(
            "handicap",
            "Handicap",
            "Extra start stones per player, in seat order (disc boards; on the third ring from the outside)",
            json!([]),
            Vec::new(),
        )
    };
    Descriptor {
        kind: GameKind::Shiamgon,
        title: "Shiamgon",
        about: "3–5 players place stones on ring or triangle boards, push neighbours away \
                and encircle them.",
        players: vec![3, 4, 5],
        seat_names: vec!["Player 1", "Player 2", "Player 3", "Player 4", "Player 5"],
        options: vec![
            OptionSpec::choice(
                "board",
                "Board",
                "The board: tri8, tri16 (triangles), disc5, disc10 (rings)",
                json!("disc5"),
                boards,
            ),
            player_count,
            handicap,
        ],
        default_seats: vec!["human", "ai:2", "ai:2"],
        programs: crate::program_infos(&players()),
    }
}

/// The options of a Shiamgon game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// The board: `tri8`, `tri16`, `disc5` or `disc10`.
    #[serde(default = "default_board")]
    pub board: String,
    /// The number of players: 3 on triangles, 3–5 on discs.
    #[serde(default = "default_players")]
    pub players: usize,
    /// Handicap stones per player, in seat order (disc boards only); missing
    /// entries mean none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub handicap: Vec<usize>,
}

fn default_board() -> String {
    "disc5".into()
}

fn default_players() -> usize {
    3
}

impl Default for Options {
    fn default() -> Self {
        Options {
            board: default_board(),
            players: default_players(),
            handicap: Vec::new(),
        }
    }
}

fn bad(reason: impl Into<String>) -> GameError {
    GameError::BadOptions {
        game: "shiamgon",
        reason: reason.into(),
    }
}

pub(crate) fn new(options: &Value) -> Result<Box<dyn AnyGame>, GameError> {
    let opts: Options = read_options("shiamgon", options)?;
    let kind = BoardKind::parse(&opts.board).ok_or_else(|| {
        let names: Vec<&str> = BoardKind::ALL.iter().map(|b| b.name()).collect();
        bad(format!(
            "unknown board {:?}; boards are {}",
            opts.board,
            names.join(", ")
        ))
    })?;
    if opts.handicap.len() > opts.players {
        return Err(bad(format!(
            "{} handicap counts for {} players",
            opts.handicap.len(),
            opts.players
        )));
    }
    let start = if opts.handicap.iter().all(|&c| c == 0) {
        Position::start(kind, opts.players)
    } else {
        Position::with_default_handicap(kind, opts.players, &opts.handicap)
    }
    .map_err(|e| bad(e.to_string()))?;
    Ok(Table::boxed(
        start,
        GameKind::Shiamgon,
        &opts,
        players,
        extras,
    ))
}

/// The programs that play Shiamgon.
pub fn players() -> AgentRegistry<Position> {
    AgentRegistry::with(
        "ai",
        "Monte-Carlo tree search, levels 1–5 (ai:3)",
        Box::new(kyoku_ai::shiamgon::agent),
    )
}

/// Scores, prisoners (`prisoners[h][o]`: stones of seat `o` held by seat
/// `h`), placements against the cap, and the push waiting for its answer
/// with the fields its answer may choose (`fields`, so every viewer, not
/// only the pushed player, can see them lit).
fn extras(record: &GameRecord<Position>) -> Value {
    let pos = record.position();
    let n = pos.players();
    let board = pos.board();
    let prisoners: Vec<Vec<u32>> = (0..n)
        .map(|h| {
            (0..n)
                .map(|o| pos.prisoners(Player::new(h), Player::new(o)))
                .collect()
        })
        .collect();
    let push = pos.pending_push().map(|(p, stone, placed)| {
        let mut answers = Vec::new();
        record.legal_moves(&mut answers);
        let fields: Vec<String> = answers.into_iter().map(|m| pos.move_text(m)).collect();
        json!({
            "seat": p.index() + 1,
            "stone": board.name(stone),
            "placed": board.name(placed),
            "fields": fields,
        })
    });
    json!({
        "scores": pos.scores(),
        "prisoners": prisoners,
        "placements": pos.placements(),
        "placement_limit": pos.placement_limit(),
        "push": push,
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    /// While a push waits, `push.fields` are exactly the legal answers; the
    /// other fields of the extras stay.
    #[test]
    fn a_pending_push_lists_the_fields_of_its_answer() {
        let opts = json!({"board": "disc5", "players": 3});
        let mut pushes = 0;
        for seed in 0..40u64 {
            let mut g = crate::new_game("shiamgon", &opts).unwrap();
            let mut rng = kyoku_core::seeded_rng(seed);
            for _ in 0..200 {
                let legal = g.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let extras = g.extras();
                for key in ["scores", "prisoners", "placements", "placement_limit"] {
                    assert!(extras.get(key).is_some(), "{key} missing");
                }
                if extras["push"].is_object() {
                    pushes += 1;
                    assert_eq!(extras["push"]["fields"], json!(legal));
                }
                let k = kyoku_core::rand::Rng::random_range(&mut rng, 0..legal.len());
                g.play(&legal[k]).unwrap();
            }
        }
        assert!(
            pushes > 0,
            "no push in the playouts: the test proves nothing"
        );
    }
}
