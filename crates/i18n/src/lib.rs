//! kyoku in its players' languages: English (the source), German and
//! Japanese.
//!
//! Every surface that speaks to players has one catalogue per language, in
//! [Project Fluent](https://projectfluent.org/)'s format, under
//! `locales/<lang>/<surface>.ftl`: `web.ftl` for the browser UI, `cli.ftl`
//! for the terminal. Plurals and placeables are Fluent's, never string
//! concatenation:
//!
//! ```
//! use kyoku_i18n::{Catalogue, Lang, Surface};
//!
//! let de = Catalogue::get(Lang::De, Surface::Cli);
//! assert_eq!(de.format("plies", &[("count", 1.into())]), "1 Halbzug");
//! assert_eq!(de.format("plies", &[("count", 3.into())]), "3 Halbzüge");
//! ```
//!
//! The browser gets its catalogue from the server as JSON
//! ([`messages_json`]); [`check`] holds each translation to the English
//! catalogue (the tests run it).

mod browser;
mod catalogue;
mod check;
mod lang;

pub use browser::messages_json;
pub use catalogue::{Arg, Catalogue, Surface, source};
pub use check::{Problem, check};
pub use lang::{Lang, UnknownLang};

#[cfg(test)]
mod tests;
