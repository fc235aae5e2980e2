//! The catalogue: which games exist and, for each, one [`Descriptor`] —
//! title, player counts, typed options with their defaults, the default
//! seats and the programs it offers. Front ends build their forms and flags
//! from it (`GET /api/catalogue`, the command line's game options) instead
//! of knowing any game; options are validated here once, so the command
//! line and the API give the same message for the same mistake.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::{AnyGame, GameError};

/// The games of kyoku.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// Dōbutsu Shōgi.
    Dobutsu,
    /// Shiamgon.
    Shiamgon,
    /// Shogun.
    Shogun,
}

impl GameKind {
    /// Every game, in the catalogue's order.
    pub const ALL: [GameKind; 3] = [GameKind::Dobutsu, GameKind::Shiamgon, GameKind::Shogun];

    /// The name as spelled everywhere (`dobutsu`).
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Dobutsu => "dobutsu",
            GameKind::Shiamgon => "shiamgon",
            GameKind::Shogun => "shogun",
        }
    }

    /// The game's descriptor.
    pub fn descriptor(self) -> Descriptor {
        match self {
            GameKind::Dobutsu => crate::dobutsu::descriptor(),
            GameKind::Shiamgon => crate::shiamgon::descriptor(),
            GameKind::Shogun => crate::shogun::descriptor(),
        }
    }

    /// The rating pool a game with these (complete) `options` counts in:
    /// one rating per pool, since a rating earned in one game says nothing
    /// of another. Shogun's random variant is a different game to play
    /// from the magnetic board, so it has a pool of its own.
    pub fn rating_pool(self, options: &Value) -> &'static str {
        match self {
            GameKind::Dobutsu => "dobutsu",
            GameKind::Shiamgon => "shiamgon",
            GameKind::Shogun => crate::shogun::rating_pool(options),
        }
    }

    /// Every rating pool, in the order pages list them.
    pub const POOLS: [&'static str; 4] = ["dobutsu", "shogun", "shogun-random", "shiamgon"];

    /// A new game with validated `options` (`{}` or `null`: every default).
    pub fn new_game(self, options: &Value) -> Result<Box<dyn AnyGame>, GameError> {
        check_option_names(self, options)?;
        match self {
            GameKind::Dobutsu => crate::dobutsu::new(options),
            GameKind::Shiamgon => crate::shiamgon::new(options),
            GameKind::Shogun => crate::shogun::new(options),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = GameError;
    fn from_str(s: &str) -> Result<GameKind, GameError> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| GameError::UnknownGame(s.to_string()))
    }
}

/// What a game is, for a front end: everything a form or a help text needs.
#[derive(Clone, Debug, Serialize)]
pub struct Descriptor {
    /// The game.
    #[serde(rename = "game")]
    pub kind: GameKind,
    /// Its title (`Dōbutsu Shōgi`).
    pub title: &'static str,
    /// One line for a person choosing a game.
    pub about: &'static str,
    /// The numbers of players it can be played by.
    pub players: Vec<usize>,
    /// What the seats are called, seat 1 first (as many as the most players).
    pub seat_names: Vec<&'static str>,
    /// Its options.
    pub options: Vec<OptionSpec>,
    /// The seats a new game gets unless told otherwise (for the fewest
    /// players; a seat beyond them is a program like the last).
    pub default_seats: Vec<&'static str>,
    /// The programs that can take a seat (`human` always can and is not
    /// listed).
    pub programs: Vec<ProgramInfo>,
}

impl Descriptor {
    /// The option whose value is the number of seats, if any (Shiamgon's
    /// `players`).
    pub fn seats_option(&self) -> Option<&OptionSpec> {
        self.options.iter().find(|o| o.seats)
    }

    /// The default seats for `n` players.
    pub fn default_seats_for(&self, n: usize) -> Vec<String> {
        let last = self.default_seats.last().copied().unwrap_or("random");
        (0..n)
            .map(|i| {
                self.default_seats
                    .get(i)
                    .copied()
                    .unwrap_or(last)
                    .to_string()
            })
            .collect()
    }

    /// The option named `name`.
    pub fn option(&self, name: &str) -> Option<&OptionSpec> {
        self.options.iter().find(|o| o.name == name)
    }
}

/// A program a game offers.
#[derive(Clone, Debug, Serialize)]
pub struct ProgramInfo {
    /// Its name in a seat spec (`ai`).
    pub name: String,
    /// One line about it.
    pub about: String,
    /// The arguments it takes (`["1", …, "5"]` for `ai:1` … `ai:5`); empty
    /// when it takes none.
    pub args: Vec<String>,
}

/// How an option's value is given.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OptionKind {
    /// One of [`OptionSpec::choices`].
    Choice,
    /// One count per seat, between `min` and `max` (an array).
    Counts,
    /// Free text.
    Text,
}

/// One value of a choice.
#[derive(Clone, Debug, Serialize)]
pub struct Choice {
    /// The value as sent (a number or a string).
    pub value: Value,
    /// How a person reads it.
    pub label: String,
}

/// A choice narrowed by another option's value: `values[v]` are the
/// choices allowed while `option` is `v`.
#[derive(Clone, Debug, Serialize)]
pub struct ChoicesBy {
    /// The option it depends on.
    pub option: &'static str,
    /// The allowed values for each of its values.
    pub values: Map<String, Value>,
}

/// An option that applies only while another has one of some values.
#[derive(Clone, Debug, Serialize)]
pub struct OnlyIf {
    /// The option it depends on.
    pub option: &'static str,
    /// The values under which it applies.
    pub values: Vec<Value>,
}

/// One option of a game.
#[derive(Clone, Debug, Serialize)]
pub struct OptionSpec {
    /// Its key in the options object and its command-line flag (`--name`).
    pub name: &'static str,
    /// A short label for a form.
    pub label: &'static str,
    /// What it does, for help texts.
    pub about: &'static str,
    /// How its value is given.
    pub kind: OptionKind,
    /// Its value when not given (`null`: none).
    pub default: Value,
    /// The values of a choice.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<Choice>,
    /// Choices narrowed by another option.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub choices_by: Option<ChoicesBy>,
    /// When it applies at all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub only_if: Option<OnlyIf>,
    /// Its value is the number of seats (the command line sets it from the
    /// seats given instead of a flag).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub seats: bool,
    /// Rarely wanted: a form may keep it behind a "more options" switch.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub advanced: bool,
    /// Smallest count (counts only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<u32>,
    /// Largest count (counts only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<u32>,
}

impl OptionSpec {
    /// A choice option.
    pub(crate) fn choice(
        name: &'static str,
        label: &'static str,
        about: &'static str,
        default: Value,
        choices: Vec<(Value, String)>,
    ) -> OptionSpec {
        OptionSpec {
            name,
            label,
            about,
            kind: OptionKind::Choice,
            default,
            choices: choices
                .into_iter()
                .map(|(value, label)| Choice { value, label })
                .collect(),
            choices_by: None,
            only_if: None,
            seats: false,
            advanced: false,
            min: None,
            max: None,
        }
    }

    /// A free-text option (no value by default).
    pub(crate) fn text(name: &'static str, label: &'static str, about: &'static str) -> OptionSpec {
        OptionSpec {
            kind: OptionKind::Text,
            default: Value::Null,
            advanced: true,
            ..OptionSpec::choice(name, label, about, Value::Null, Vec::new())
        }
    }

    /// Reads a command-line value of this option into its JSON form:
    /// numbers where the choices are numbers, comma-separated counts.
    pub fn value_from_text(&self, text: &str) -> Result<Value, OptionValueError> {
        match self.kind {
            OptionKind::Text => Ok(json!(text)),
            OptionKind::Choice if self.choices.iter().any(|c| c.value.is_boolean()) => {
                match text.trim().to_ascii_lowercase().as_str() {
                    "true" | "yes" | "on" => Ok(json!(true)),
                    "false" | "no" | "off" => Ok(json!(false)),
                    _ => Err(OptionValueError::NotYesNo {
                        option: self.name,
                        text: text.to_string(),
                    }),
                }
            }
            OptionKind::Choice => {
                let numeric = self.choices.iter().any(|c| c.value.is_number());
                Ok(match text.trim().parse::<i64>() {
                    Ok(n) if numeric => json!(n),
                    _ => json!(text.trim()),
                })
            }
            OptionKind::Counts => text
                .split(',')
                .map(|c| c.trim().parse::<u32>().map(Value::from))
                .collect::<Result<Vec<_>, _>>()
                .map(Value::Array)
                .map_err(|_| OptionValueError::NotCounts {
                    option: self.name,
                    text: text.to_string(),
                }),
        }
    }
}

/// Why a command-line value does not fit its option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionValueError {
    /// A yes/no option given something else.
    #[error("{option} is true or false (yes/no, on/off), not {text:?}")]
    NotYesNo {
        /// The option's name.
        option: &'static str,
        /// The value as given.
        text: String,
    },
    /// A list of counts with something that is not a count in it.
    #[error("{option} takes counts separated by commas, e.g. 0,2,1, not {text:?}")]
    NotCounts {
        /// The option's name.
        option: &'static str,
        /// The value as given.
        text: String,
    },
}

/// Every game's descriptor, in the catalogue's order.
pub fn catalogue() -> Vec<Descriptor> {
    GameKind::ALL.iter().map(|k| k.descriptor()).collect()
}

/// The one check of option names, for every front end: an object whose
/// keys are options of the game.
fn check_option_names(kind: GameKind, options: &Value) -> Result<(), GameError> {
    let bad = |reason: String| GameError::BadOptions {
        game: kind.name(),
        reason,
    };
    let map = match options {
        Value::Null => return Ok(()),
        Value::Object(m) => m,
        other => return Err(bad(format!("options must be a JSON object, not {other}"))),
    };
    let d = kind.descriptor();
    for (key, value) in map {
        let Some(spec) = d.option(key) else {
            let names: Vec<&str> = d.options.iter().map(|o| o.name).collect();
            return Err(bad(format!(
                "{key:?} is not an option of {}; its options are {}",
                d.title,
                names.join(", ")
            )));
        };
        let listed = spec.choices.iter().any(|c| c.value == *value);
        if spec.kind == OptionKind::Choice && !listed {
            let values: Vec<String> = spec
                .choices
                .iter()
                .map(|c| match &c.value {
                    Value::String(t) => t.clone(),
                    v => v.to_string(),
                })
                .collect();
            return Err(bad(format!(
                "{key} must be one of {}, not {value}",
                values.join(", ")
            )));
        }
    }
    Ok(())
}

/// Options from command-line flags (`(name, text)` pairs, names as in
/// [`OptionSpec::name`]) and the number of seats, as the JSON object the
/// API takes: the command line checks nothing itself, so a mistake gets
/// the same message as from the API.
pub fn options_from_flags(
    kind: GameKind,
    flags: &[(&str, &str)],
    seats: usize,
) -> Result<Value, GameError> {
    let d = kind.descriptor();
    let mut out = Map::new();
    for &(name, text) in flags {
        let value = match d.option(name) {
            Some(spec) => spec
                .value_from_text(text)
                .map_err(|e| GameError::BadOptions {
                    game: kind.name(),
                    reason: e.to_string(),
                })?,
            // Unknown here: passed on so the one check names it.
            None => json!(text),
        };
        out.insert(name.to_string(), value);
    }
    if let Some(spec) = d.seats_option() {
        out.insert(spec.name.to_string(), json!(seats));
    }
    let options = Value::Object(out);
    check_option_names(kind, &options)?;
    Ok(options)
}

/// Every option name of every game with its help and the games it belongs
/// to, for building one set of command-line flags (an option several games
/// share appears once). Options set from the seats are left out.
pub fn flag_options() -> Vec<(&'static str, String, Vec<GameKind>)> {
    let mut out: Vec<(&'static str, String, Vec<GameKind>)> = Vec::new();
    for d in catalogue() {
        for o in d.options.iter().filter(|o| !o.seats) {
            match out.iter_mut().find(|(n, _, _)| *n == o.name) {
                Some((_, _, games)) => games.push(d.kind),
                None => out.push((o.name, o.about.to_string(), vec![d.kind])),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for k in GameKind::ALL {
            assert_eq!(k.name().parse::<GameKind>().unwrap(), k);
            assert_eq!(k.descriptor().kind, k);
            assert_eq!(serde_json::to_value(k).unwrap(), json!(k.name()));
        }
        assert!(matches!(
            "chess".parse::<GameKind>(),
            Err(GameError::UnknownGame(_))
        ));
    }

    #[test]
    fn every_default_makes_a_game_with_the_default_seats() {
        for d in catalogue() {
            let g = d.kind.new_game(&json!({})).unwrap();
            assert!(d.players.contains(&g.num_players()), "{}", d.title);
            assert_eq!(d.default_seats_for(g.num_players()).len(), g.num_players());
            assert!(d.seat_names.len() >= *d.players.iter().max().unwrap());
            for o in &d.options {
                if !o.default.is_null() && o.kind != OptionKind::Counts {
                    let one = json!({ o.name: o.default.clone() });
                    d.kind
                        .new_game(&one)
                        .unwrap_or_else(|e| panic!("{}: {e}", o.name));
                }
            }
        }
    }

    #[test]
    fn flags_and_json_fail_alike() {
        let from_flags = options_from_flags(GameKind::Shogun, &[("board", "disc5")], 2)
            .unwrap_err()
            .to_string();
        let from_json = GameKind::Shogun
            .new_game(&json!({"board": "disc5"}))
            .err()
            .unwrap()
            .to_string();
        assert_eq!(from_flags, from_json);
        assert!(
            from_json.contains("\"board\" is not an option of Shogun"),
            "{from_json}"
        );
        let o = options_from_flags(GameKind::Shiamgon, &[("handicap", "0,2")], 3).unwrap();
        assert_eq!(o, json!({"handicap": [0, 2], "players": 3}));
        assert!(options_from_flags(GameKind::Shiamgon, &[("handicap", "x")], 3).is_err());
        let o = options_from_flags(GameKind::Shogun, &[("rotation", "2")], 2).unwrap();
        assert_eq!(o, json!({"rotation": 2}));
        let e = GameKind::Shogun
            .new_game(&json!({"rotation": 1000}))
            .err()
            .unwrap();
        assert_eq!(
            e.to_string(),
            "bad options for shogun: rotation must be one of 0, 1, 2, 3, not 1000"
        );
        let e = options_from_flags(GameKind::Shogun, &[("variant", "loaded")], 2).unwrap_err();
        assert!(
            e.to_string()
                .contains("variant must be one of magnetic, random, not \"loaded\""),
            "{e}"
        );
    }
}
