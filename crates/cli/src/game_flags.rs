//! The game options as command-line flags, one shared group built from the
//! catalogue: `kyoku play` and `kyoku match` take the same flags, and a
//! flag's value is checked by the catalogue, so a mistake reads the same
//! as from the API.

use clap::{Arg, ArgMatches, Args, Command, FromArgMatches};
use kyoku_games::GameKind;
use kyoku_games::catalogue::{flag_options, options_from_flags};
use serde_json::Value;

/// The flags given, by option name.
#[derive(Clone, Debug, Default)]
pub struct GameFlags {
    given: Vec<(&'static str, String)>,
}

impl GameFlags {
    /// Whether any game option was given.
    pub fn any(&self) -> bool {
        !self.given.is_empty()
    }

    /// The options object of `kind` for `seats` seats.
    pub fn options(&self, kind: GameKind, seats: usize) -> anyhow::Result<Value> {
        let pairs: Vec<(&str, &str)> = self.given.iter().map(|(n, v)| (*n, v.as_str())).collect();
        Ok(options_from_flags(kind, &pairs, seats)?)
    }
}

impl FromArgMatches for GameFlags {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        let mut flags = GameFlags::default();
        flags.update_from_arg_matches(m)?;
        Ok(flags)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        for (name, _, _) in flag_options() {
            if let Ok(Some(v)) = m.try_get_one::<String>(name) {
                self.given.retain(|(n, _)| *n != name);
                self.given.push((name, v.clone()));
            }
        }
        Ok(())
    }
}

impl Args for GameFlags {
    fn augment_args(cmd: Command) -> Command {
        flag_options()
            .into_iter()
            .fold(cmd, |cmd, (name, about, games)| {
                let titles: Vec<&str> = games.iter().map(|g| g.descriptor().title).collect();
                cmd.arg(
                    Arg::new(name)
                        .long(name)
                        .help(format!("{about} [{}]", titles.join(", ")))
                        .help_heading("Game options"),
                )
            })
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}
