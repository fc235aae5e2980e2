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
            OptionSpec::text(
                "position",
                "Start position",
                "Start from this position (Shiamgon's position text) instead of the start; \
                 the text decides the board and the number of players, so `board` and \
                 `players` must be left out or agree with it, and `handicap` must be left out",
            ),
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
    /// Start from this position text instead of the start. It decides the
    /// board and the player count: `board` and `players`, when given, must
    /// agree with it, and `handicap` must be empty. The stored options name
    /// the text's board and player count, so they read back the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
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
            position: None,
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
    let mut opts: Options = read_options("shiamgon", options)?;
    if let Some(text) = opts.position.clone() {
        let start = from_position(&text, options, &mut opts)?;
        return Ok(Table::boxed(
            start,
            GameKind::Shiamgon,
            &opts,
            players,
            extras,
        ));
    }
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

/// Reads the `position` option: the text, checked by the rules, decides
/// the board and the player count; `board` and `players` written in the
/// options (`given`) must agree with it and no handicap may be asked for.
/// Fills `opts` with the text's board and count so that the stored options
/// read back the same.
fn from_position(text: &str, given: &Value, opts: &mut Options) -> Result<Position, GameError> {
    let pos = <Position as kyoku_core::Position>::from_text(text)
        .map_err(|e| bad(format!("position: {e}")))?;
    let board = pos.board().kind().name();
    if given.get("board").is_some() && opts.board != board {
        return Err(bad(format!(
            "board {:?} disagrees with the position, which is on {board}",
            opts.board
        )));
    }
    if given.get("players").is_some() && opts.players != pos.players() {
        return Err(bad(format!(
            "players {} disagrees with the position, which has {} players",
            opts.players,
            pos.players()
        )));
    }
    if !opts.handicap.is_empty() {
        return Err(bad(
            "handicap cannot be combined with a position: the position already holds every stone",
        ));
    }
    opts.board = board.to_string();
    opts.players = pos.players();
    Ok(pos)
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

    /// A text from a game a few moves in, with a push waiting for its
    /// answer when `push` (so the text carries every part of the form).
    fn played_text(board: &str, players: usize, push: bool) -> String {
        let opts = json!({"board": board, "players": players});
        for seed in 0..50u64 {
            let mut g = crate::new_game("shiamgon", &opts).unwrap();
            let mut rng = kyoku_core::seeded_rng(seed);
            for _ in 0..60 {
                let legal = g.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let text = g.position_text();
                if !push || text.contains(" push ") {
                    return text;
                }
                let k = kyoku_core::rand::Rng::random_range(&mut rng, 0..legal.len());
                g.play(&legal[k]).unwrap();
            }
        }
        panic!("no position with a push in 50 playouts");
    }

    /// A game started from a position text plays on from exactly it, and
    /// its stored options start the same game again.
    #[test]
    fn a_game_starts_from_a_position_text() {
        for (board, players) in [("disc5", 4), ("tri8", 3), ("disc10", 5)] {
            let text = played_text(board, players, true);
            let g = crate::new_game("shiamgon", &json!({"position": text})).unwrap();
            assert_eq!(g.position_text(), text);
            assert_eq!(g.num_players(), players);
            let stored = g.options();
            assert_eq!(stored["board"], json!(board));
            assert_eq!(stored["players"], json!(players));
            let again = crate::new_game("shiamgon", &stored).unwrap();
            assert_eq!(again.position_text(), text);
            assert_eq!(again.options(), stored);
            assert_eq!(again.legal_moves(), g.legal_moves());
        }
    }

    /// Board and players may be written when they agree with the text.
    #[test]
    fn agreeing_board_and_players_are_accepted() {
        let text = played_text("disc5", 3, false);
        let opts = json!({"position": text, "board": "disc5", "players": 3});
        let g = crate::new_game("shiamgon", &opts).unwrap();
        assert_eq!(g.position_text(), text);
    }

    /// A text the rules refuse, or options that contradict it, are
    /// `BadOptions` with a reason a person can act on.
    #[test]
    fn bad_positions_and_contradictions_are_refused() {
        let text = played_text("disc5", 3, false);
        let cases = [
            (json!({"position": "shiamgon disc7 3"}), "unknown board"),
            (
                json!({"position": text.replace("turn 1 ", "turn 9 ")}),
                "position: turn must be a player",
            ),
            (json!({"position": text, "board": "tri8"}), "disagrees"),
            (json!({"position": text, "players": 4}), "disagrees"),
            (json!({"position": text, "handicap": [1, 0, 0]}), "handicap"),
            (json!({"position": 7}), "invalid type"),
        ];
        for (opts, want) in cases {
            match crate::new_game("shiamgon", &opts) {
                Err(crate::GameError::BadOptions { reason, .. }) => {
                    assert!(reason.contains(want), "{opts}: {reason:?} lacks {want:?}")
                }
                Err(e) => panic!("{opts}: wrong error {e}"),
                Ok(_) => panic!("{opts}: accepted"),
            }
        }
    }
}
