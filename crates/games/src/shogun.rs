//! Shogun in the catalogue.

use kyoku_core::{AgentRegistry, GameRecord, Position as _};
use kyoku_shogun::{
    Color, Move, Options, Position, PositionError, Setup, Square, Variant, magnets, start,
};
use serde_json::{Value, json};

use crate::catalogue::{Descriptor, GameKind, OptionSpec};
use crate::{AnyGame, GameError, Table, read_options};

/// Shogun in the catalogue.
/// The rating pool of a Shogun game: `shogun-random` for the random
/// variant (numbers drawn by chance), `shogun` for the magnetic board.
pub(crate) fn rating_pool(options: &Value) -> &'static str {
    match options.get("variant").and_then(Value::as_str) {
        Some("random") => "shogun-random",
        _ => "shogun",
    }
}

pub(crate) fn descriptor() -> Descriptor {
    let rotations = (0..4u8)
        .map(|r| (json!(r), format!("{}°", u32::from(r) * 90)))
        .collect();
    let variants = vec![
        (json!("magnetic"), "magnets (the board decides)".to_string()),
        (json!("random"), "random after every move".to_string()),
    ];
    let first = vec![
        (json!("white"), "White".to_string()),
        (json!("red"), "Red".to_string()),
    ];
    Descriptor {
        kind: GameKind::Shogun,
        title: "Shogun",
        about: "8 × 8; magnets under the board set how far each piece must move. \
                Protect your Shogun.",
        players: vec![2],
        seat_names: vec!["White", "Red"],
        options: vec![
            OptionSpec::choice(
                "rotation",
                "Board turned",
                "Quarter turns of the board, 0–3: which magnet sits under which square",
                json!(0),
                rotations,
            ),
            OptionSpec::choice(
                "variant",
                "Numbers",
                "Where the numbers come from: magnetic (the board, the real game) or random (drawn after every move)",
                json!("magnetic"),
                variants,
            ),
            OptionSpec::choice(
                "first",
                "First to move",
                "Who moves first: white or red (the players agree)",
                json!("white"),
                first,
            ),
            OptionSpec::choice(
                SHOW_LANDING,
                "Landing numbers",
                "Whether the board shows the number a piece will have where it lands \
                 (a seasoned player knows the board; newcomers may want the help). \
                 The same for every seat; on unless given",
                json!(true),
                vec![
                    (json!(true), "shown".to_string()),
                    (json!(false), "hidden, as on the physical board".to_string()),
                ],
            ),
            OptionSpec::text(
                "setup",
                "Soldiers' order",
                "The soldiers' order on the home ranks, WHITE/RED or one order for both (e.g. GFEDCBA/ABCDEFG)",
            ),
            OptionSpec::text(
                POSITION,
                "Start position",
                "Start from this position (Shogun's text form, e.g. \
                 gfesdcba/8/8/8/8/8/8/ABCDSEFG w 0 - 0 1) instead of the start. \
                 The text holds the rotation, the numbers' variant and who moves: \
                 rotation, variant and first must then be left out or agree with it, \
                 and setup left out",
            ),
        ],
        default_seats: vec!["human", "ai:2"],
        programs: crate::program_infos(&players()),
    }
}

/// The option that shows or hides the landing numbers. It is the
/// catalogue's, not the rules': it changes what a board shows, never a move.
pub const SHOW_LANDING: &str = "show_landing";

/// The option that starts a game from a position text instead of the
/// start. The text carries rotation, variant and side to move, so it wins:
/// those options may only repeat what it says, and `setup` (which places
/// the home ranks) may not be given beside it.
pub const POSITION: &str = "position";

/// Splits `show_landing` off the options (true when absent) and returns the
/// rest as the rules read them.
fn split_show_landing(options: &Value) -> Result<(bool, Value), GameError> {
    let Value::Object(map) = options else {
        return Ok((true, options.clone()));
    };
    let mut rest = map.clone();
    let show = match rest.remove(SHOW_LANDING) {
        None | Some(Value::Null) => true,
        Some(Value::Bool(b)) => b,
        Some(other) => {
            return Err(GameError::BadOptions {
                game: "shogun",
                reason: format!("{SHOW_LANDING} is true or false, not {other}"),
            });
        }
    };
    Ok((show, Value::Object(rest)))
}

/// The options and start position that `options` (JSON) give, checked
/// as for a new game (`show_landing` is accepted and left out: it is no
/// rule). With [`POSITION`] the position is read from its text and the
/// options returned are the ones it implies.
pub fn start_position(options: &Value) -> Result<(Options, Position), GameError> {
    let (_, mut rules) = split_show_landing(options)?;
    let text = match &mut rules {
        Value::Object(map) => map.remove(POSITION),
        _ => None,
    };
    let opts: Options = read_options("shogun", &rules)?;
    match text {
        None | Some(Value::Null) => {
            let pos = start(&opts).map_err(|e| bad(e.to_string()))?;
            Ok((opts, pos))
        }
        Some(Value::String(text)) => from_position_text(&text, &rules),
        Some(other) => Err(bad(format!("{POSITION} is a position text, not {other}"))),
    }
}

fn bad(reason: String) -> GameError {
    GameError::BadOptions {
        game: "shogun",
        reason,
    }
}

/// The position `text` gives, and the options it implies; `given` (the
/// other rule options, already read once) may only agree with it.
fn from_position_text(text: &str, given: &Value) -> Result<(Options, Position), GameError> {
    let pos = Position::from_text(text).map_err(|e| bad(format!("bad {POSITION}: {e}")))?;
    let implied = Options {
        rotation: pos.rotation(),
        variant: pos.variant(),
        setup: None,
        first: pos.turn(),
    };
    let implied_json = json!({
        "rotation": implied.rotation,
        "variant": implied.variant,
        "first": implied.first,
    });
    if let Value::Object(map) = given {
        for (name, value) in map {
            if value.is_null() {
                continue;
            }
            if name == "setup" {
                return Err(bad(format!(
                    "setup cannot be given with {POSITION}: the position places every piece"
                )));
            }
            // `read_options` has checked the names and types: what is left
            // is a rotation, variant or first that must say what the text says.
            if implied_json.get(name) != Some(value) {
                return Err(bad(format!(
                    "{name} {value} disagrees with the {POSITION}, which has {name} {}",
                    implied_json[name.as_str()]
                )));
            }
        }
    }
    Ok((implied, pos))
}

pub(crate) fn new(options: &Value) -> Result<Box<dyn AnyGame>, GameError> {
    let (show, _) = split_show_landing(options)?;
    let (opts, pos) = start_position(options)?;
    let from_text = options.get(POSITION).is_some_and(|v| !v.is_null());
    // The stored options carry the choice, so the game reads back the same.
    let mut stored = serde_json::to_value(&opts).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut stored {
        map.insert(SHOW_LANDING.to_string(), json!(show));
        if from_text {
            map.insert(POSITION.to_string(), json!(pos.to_text()));
        }
    }
    let extras = if show { extras } else { extras_hidden };
    Ok(Box::new(Table::new(
        pos,
        GameKind::Shogun,
        stored,
        players,
        extras,
    )))
}

/// The programs that play Shogun.
pub fn players() -> AgentRegistry<Position> {
    AgentRegistry::with(
        "ai",
        "alpha-beta search (expectimax in the random variant), levels 1–5 (ai:3)",
        Box::new(kyoku_ai::shogun::agent),
    )
}

/// The number each piece shows (by square); for each legal move the number
/// the piece will show where it lands (magnetic variant only: in the random
/// variant chance draws it after the move); whose Shogun is threatened; the
/// squares of the side to move's pieces the other side attacks (`threats`,
/// its Shogun included), so a board can mark them without knowing the rules.
fn extras(record: &GameRecord<Position>) -> Value {
    extras_with(record, true)
}

/// [`extras`] without the landing numbers (`move_numbers` is empty): the
/// game was made with `show_landing: false`.
fn extras_hidden(record: &GameRecord<Position>) -> Value {
    extras_with(record, false)
}

fn extras_with(record: &GameRecord<Position>, show_landing: bool) -> Value {
    let pos = record.position();
    let numbers: serde_json::Map<String, Value> = (0..64u8)
        .map(Square::new)
        .filter_map(|sq| pos.number_at(sq).map(|n| (sq.to_string(), json!(n))))
        .collect();
    let mut move_numbers = serde_json::Map::new();
    if show_landing && pos.variant() == Variant::Magnetic {
        let mut moves = Vec::new();
        record.legal_moves(&mut moves);
        for mv in moves {
            if let Move::Step { from, to } = mv
                && let Some(piece) = pos.piece_at(from)
            {
                let n = magnets::number(piece, to, pos.rotation());
                move_numbers.insert(mv.to_string(), json!(n));
            }
        }
    }
    json!({
        "numbers": numbers,
        "move_numbers": move_numbers,
        "threatened": {
            "white": pos.shogun_threatened(Color::White),
            "red": pos.shogun_threatened(Color::Red),
        },
        "threats": attacked_pieces(pos, pos.turn()),
        "pending": pos.pending_square().map(|s| s.to_string()),
        "clock": pos.clock(),
    })
}

/// The squares of `victim`'s pieces that the other side attacks (a clear
/// path of its exact number ending there), in square order.
///
/// The rules crate answers this only for a Shogun, so each piece is asked
/// about by trading places with its own Shogun: occupancy and the attackers'
/// numbers stay as they are, and a set-up with the other side to move is
/// refused exactly when `victim`'s Shogun (now on that square) is attacked.
fn attacked_pieces(pos: &Position, victim: Color) -> Vec<String> {
    let home = pos.shogun_square(victim);
    let mut out = Vec::new();
    for sq in (0..64u8).map(Square::new) {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        if piece.color() != victim {
            continue;
        }
        let attacked = if sq == home {
            pos.shogun_threatened(victim)
        } else {
            let mut setup: Setup = pos.to_setup();
            setup.board.swap(sq.index(), home.index());
            setup.turn = victim.other();
            matches!(
                Position::from_setup(&setup),
                Err(PositionError::OpponentShogunAttacked(_))
            )
        };
        if attacked {
            out.push(sq.to_string());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::GameKind;

    #[test]
    fn each_variant_has_its_rating_pool() {
        for (variant, pool) in [("magnetic", "shogun"), ("random", "shogun-random")] {
            let g = crate::new_game("shogun", &json!({ "variant": variant })).unwrap();
            assert_eq!(GameKind::Shogun.rating_pool(&g.options()), pool);
        }
        let d = crate::new_game("shogun", &json!({})).unwrap();
        assert_eq!(GameKind::Shogun.rating_pool(&d.options()), "shogun");
    }

    #[test]
    fn every_legal_move_has_the_number_the_piece_will_show() {
        let mut g = crate::new_game("shogun", &json!({})).unwrap();
        for _ in 0..6 {
            let extras = g.extras();
            let legal = g.legal_moves();
            let numbers = extras["move_numbers"].as_object().unwrap();
            assert_eq!(numbers.len(), legal.len());
            let mv = legal[legal.len() / 2].clone();
            let promised = numbers[&mv].as_u64().unwrap();
            let to = &mv[mv.len() - 2..];
            g.play(&mv).unwrap();
            assert_eq!(g.extras()["numbers"][to].as_u64(), Some(promised), "{mv}");
        }
        let random = crate::new_game("shogun", &json!({"variant": "random"})).unwrap();
        assert_eq!(random.extras()["move_numbers"], json!({}));
    }

    #[test]
    fn landing_numbers_shown_by_default_hidden_when_asked() {
        let shown = crate::new_game("shogun", &json!({})).unwrap();
        assert_eq!(shown.options()["show_landing"], json!(true));
        assert!(
            !shown.extras()["move_numbers"]
                .as_object()
                .unwrap()
                .is_empty()
        );
        let mut hidden = crate::new_game("shogun", &json!({"show_landing": false})).unwrap();
        assert_eq!(hidden.options()["show_landing"], json!(false));
        assert_eq!(hidden.extras()["move_numbers"], json!({}));
        // The pieces' own numbers stay; the moves are the same either way.
        assert_eq!(hidden.extras()["numbers"], shown.extras()["numbers"]);
        assert_eq!(hidden.legal_moves(), shown.legal_moves());
        let mv = hidden.legal_moves()[0].clone();
        hidden.play(&mv).unwrap();
        assert_eq!(hidden.extras()["move_numbers"], json!({}));
        // A stored game's options make the same game again.
        let again = crate::new_game("shogun", &hidden.options()).unwrap();
        assert_eq!(again.options(), hidden.options());
    }

    #[test]
    fn show_landing_takes_only_true_or_false() {
        let err = crate::new_game("shogun", &json!({"show_landing": "maybe"}))
            .err()
            .expect("refused");
        assert!(err.to_string().contains("true, false"), "{err}");
        let err = super::start_position(&json!({"show_landing": 1})).expect_err("refused");
        assert!(err.to_string().contains("true or false"), "{err}");
        assert!(super::start_position(&json!({"show_landing": false})).is_ok());
        // The command line's `--show_landing off` reads as false.
        let d = super::descriptor();
        let spec = d.option(super::SHOW_LANDING).unwrap();
        assert_eq!(spec.value_from_text("off"), Ok(json!(false)));
        assert_eq!(spec.value_from_text("Yes"), Ok(json!(true)));
        assert!(spec.value_from_text("maybe").is_err());
    }

    /// A game starts from a position text, keeps `show_landing`, and its
    /// stored options make the same game again.
    #[test]
    fn a_game_starts_from_a_position_text() {
        let text = "3s4/1b6/8/2a5/8/8/2BC4/4S3 r 2 - 7 30";
        let g =
            crate::new_game("shogun", &json!({"position": text, "show_landing": false})).unwrap();
        assert_eq!(g.position_text(), text);
        assert_eq!(g.options()["position"], json!(text));
        assert_eq!(g.options()["rotation"], json!(2));
        assert_eq!(g.options()["first"], json!("red"));
        assert_eq!(g.extras()["move_numbers"], json!({}));
        let again = crate::new_game("shogun", &g.options()).unwrap();
        assert_eq!(again.position_text(), text);
        assert_eq!(again.options(), g.options());
        assert_eq!(again.legal_moves(), g.legal_moves());
        // Landing numbers still shown by default.
        let shown = crate::new_game("shogun", &json!({ "position": text })).unwrap();
        assert!(
            !shown.extras()["move_numbers"]
                .as_object()
                .unwrap()
                .is_empty()
        );
        // The random variant's numbers come with the text.
        let random = "3s4/1b6/8/2a5/8/8/2BC4/4S3 w 0 241231 0 1";
        let r = crate::new_game("shogun", &json!({ "position": random })).unwrap();
        assert_eq!(r.position_text(), random);
        assert_eq!(GameKind::Shogun.rating_pool(&r.options()), "shogun-random");
    }

    /// Other options may repeat what the text says, never contradict it.
    #[test]
    fn position_wins_and_the_others_must_agree() {
        let text = "3s4/1b6/8/2a5/8/8/2BC4/4S3 r 2 - 7 30";
        let agree = json!({"position": text, "rotation": 2, "first": "red", "variant": "magnetic"});
        assert!(super::start_position(&agree).is_ok());
        for (name, value) in [
            ("rotation", json!(1)),
            ("first", json!("white")),
            ("variant", json!("random")),
        ] {
            let err = super::start_position(&json!({"position": text, name: value}))
                .expect_err("refused");
            assert!(err.to_string().contains("disagrees"), "{name}: {err}");
        }
        let err = super::start_position(&json!({"position": text, "setup": "GFEDCBA"}))
            .expect_err("refused");
        assert!(err.to_string().contains("setup"), "{err}");
    }

    /// A bad text is refused with the parser's reason, never a panic.
    #[test]
    fn a_bad_position_text_says_why() {
        for (text, why) in [
            (json!("3s4/8/8 w 0 - 0 1"), "placement"),
            (json!("3s4/8/8/8/8/8/8/4S3 x 0 - 0 1"), "side to move"),
            (json!("8/8/8/8/8/8/8/4S3 w 0 - 0 1"), ""),
            (json!("3s4/8/8/8/8/8/8/4S3 w 0 -"), "6 fields"),
            (json!(7), "position text"),
        ] {
            let err = crate::new_game("shogun", &json!({ "position": text }))
                .err()
                .expect("refused");
            assert!(matches!(err, crate::GameError::BadOptions { .. }), "{err}");
            assert!(err.to_string().contains(why), "{text}: {err}");
        }
    }

    /// Every piece the side to move can capture is among the pieces of the
    /// other side `attacked_pieces` lists; the Shogun's entry agrees with
    /// the rules crate; `threats` lists the side to move's attacked pieces.
    #[test]
    fn threats_cover_every_capture_and_the_shogun() {
        use kyoku_shogun::{Move, parse_text};
        for (variant, seed) in [("magnetic", 1u64), ("magnetic", 2), ("random", 3)] {
            let mut g = crate::new_game("shogun", &json!({"variant": variant})).unwrap();
            let mut rng = kyoku_core::seeded_rng(seed);
            let mut seen_threat = false;
            for _ in 0..120 {
                let legal = g.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let pos = parse_text(&g.position_text()).unwrap();
                let me = pos.turn();
                let theirs = super::attacked_pieces(&pos, me.other());
                for text in &legal {
                    if let Ok(Move::Step { to, .. }) = pos.parse_move(text)
                        && pos.piece_at(to).is_some()
                    {
                        assert!(
                            theirs.contains(&to.to_string()),
                            "{text} in {}",
                            g.position_text()
                        );
                    }
                }
                let mine = super::attacked_pieces(&pos, me);
                let home = pos.shogun_square(me).to_string();
                assert_eq!(mine.contains(&home), pos.shogun_threatened(me));
                assert_eq!(g.extras()["threats"], json!(mine));
                seen_threat |= !mine.is_empty();
                let k = kyoku_core::rand::Rng::random_range(&mut rng, 0..legal.len());
                g.play(&legal[k]).unwrap();
            }
            assert!(
                seen_threat,
                "no threat in the {variant} playout: the test proves nothing"
            );
        }
    }
}
