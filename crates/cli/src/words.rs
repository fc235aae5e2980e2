//! What the terminal tells a player, in their language: German or Japanese
//! when `LC_ALL`, `LC_MESSAGES` or `LANG` (in that order) asks for it, else
//! English. The messages are `crates/i18n/locales/<lang>/cli.ftl`.
//!
//! `kyoku play` and `kyoku replay` speak through [`tr!`]; `--help`, errors
//! and the other commands stay English (they are for operators and
//! scripts).

use std::sync::OnceLock;

use kyoku_i18n::{Catalogue, Lang, Surface};

/// The language of this process's terminal, read once.
pub fn lang() -> Lang {
    static LANG: OnceLock<Lang> = OnceLock::new();
    *LANG.get_or_init(|| Lang::from_locale_env(|name| std::env::var(name).ok()))
}

/// The terminal's catalogue.
pub fn catalogue() -> &'static Catalogue {
    Catalogue::get(lang(), Surface::Cli)
}

/// A message of the terminal's catalogue: `tr!("game-over")`, or with
/// arguments `tr!("resigns", who = name)` (text or numbers; numbers pick
/// plural forms).
macro_rules! tr {
    ($id:literal) => {
        $crate::words::catalogue().text($id)
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::words::catalogue().format(
            $id,
            &[$((stringify!($name), kyoku_i18n::Arg::from(&$value))),+],
        )
    };
}
