//! The catalogues: Fluent sources built into the binary, one per language
//! and surface, and formatting their messages.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

use crate::Lang;

/// A part of kyoku that speaks to players, with a catalogue of its own in
/// every language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Surface {
    /// The browser UI (`web/`), sent to the page by the server.
    Web,
    /// The terminal: `kyoku play` and `kyoku replay`.
    Cli,
}

impl Surface {
    /// Every surface.
    pub const ALL: [Surface; 2] = [Surface::Web, Surface::Cli];

    /// The catalogue's main file name under `locales/<lang>/`.
    pub fn file_name(self) -> &'static str {
        self.files()[0]
    }

    /// Every file of the catalogue under `locales/<lang>/`, read as one
    /// source in this order. The browser's catalogue is split by page so
    /// that a page's words sit together (ids stay unique across files).
    pub fn files(self) -> &'static [&'static str] {
        match self {
            Surface::Web => &["web.ftl", "learn.ftl", "puzzles.ftl", "analysis.ftl"],
            Surface::Cli => &["cli.ftl"],
        }
    }
}

macro_rules! built_in {
    ($($lang:ident => $dir:literal),*) => {
        fn built_in(lang: Lang, surface: Surface) -> &'static [&'static str] {
            match (lang, surface) {
                $(
                    (Lang::$lang, Surface::Web) => &[
                        include_str!(concat!("../locales/", $dir, "/web.ftl")),
                        include_str!(concat!("../locales/", $dir, "/learn.ftl")),
                        include_str!(concat!("../locales/", $dir, "/puzzles.ftl")),
                        include_str!(concat!("../locales/", $dir, "/analysis.ftl")),
                    ],
                    (Lang::$lang, Surface::Cli) => &[
                        include_str!(concat!("../locales/", $dir, "/cli.ftl")),
                    ],
                )*
            }
        }
    };
}

built_in!(En => "en", De => "de", Ja => "ja");

/// The Fluent source of a surface's catalogue in a language (its files
/// joined): built in, or read from `$KYOKU_I18N_DIR/<lang>/<file>` when that
/// is set (for work on the catalogues without rebuilding; a file missing
/// there is empty).
pub fn source(lang: Lang, surface: Surface) -> Cow<'static, str> {
    let parts: Vec<Cow<'static, str>> = match std::env::var_os("KYOKU_I18N_DIR") {
        Some(dir) => surface
            .files()
            .iter()
            .map(|file| {
                let path = std::path::Path::new(&dir).join(lang.code()).join(file);
                Cow::Owned(std::fs::read_to_string(path).unwrap_or_default())
            })
            .collect(),
        None => built_in(lang, surface)
            .iter()
            .map(|s| Cow::Borrowed(*s))
            .collect(),
    };
    match <[_; 1]>::try_from(parts) {
        Ok([only]) => only,
        // A newline between files: one that lacks a final newline must not
        // run into the next file's first message.
        Err(parts) => Cow::Owned(parts.join("\n")),
    }
}

/// A surface's messages in one language, ready to format. Build one with
/// [`Catalogue::get`]; it is shared and cheap to use from any thread.
pub struct Catalogue {
    lang: Lang,
    bundle: FluentBundle<FluentResource>,
}

impl Catalogue {
    /// The catalogue of `surface` in `lang`, parsed once per process.
    ///
    /// The catalogues are part of the build and tested whole, so a syntax
    /// error cannot reach a user: the parser's recovery keeps every good
    /// message should one slip through.
    pub fn get(lang: Lang, surface: Surface) -> &'static Catalogue {
        static ALL: OnceLock<HashMap<(Lang, Surface), Catalogue>> = OnceLock::new();
        let all = ALL.get_or_init(|| {
            let mut all = HashMap::new();
            for lang in Lang::ALL {
                for surface in Surface::ALL {
                    all.insert((lang, surface), Catalogue::build(lang, surface));
                }
            }
            all
        });
        &all[&(lang, surface)]
    }

    fn build(lang: Lang, surface: Surface) -> Catalogue {
        let resource = match FluentResource::try_new(source(lang, surface).into_owned()) {
            Ok(resource) => resource,
            Err((resource, _errors)) => resource,
        };
        let id: LanguageIdentifier = lang.code().parse().expect("our codes are valid tags");
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // Unicode isolation marks protect right-to-left text; none of our
        // languages needs them, and a terminal prints them as garbage.
        bundle.set_use_isolating(false);
        // Only duplicate ids can fail here, and the catalogue tests refuse them.
        let _ = bundle.add_resource(resource);
        Catalogue { lang, bundle }
    }

    /// The catalogue's language.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Whether the catalogue has a message `id`.
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }

    /// The message `id` with the arguments `args` (name, value) filled in:
    /// plurals and numbers as the language has them. A message the
    /// catalogue lacks comes back as its id, so a gap shows without
    /// breaking anything (the tests keep the catalogues whole).
    pub fn format(&self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        let Some(pattern) = self.bundle.get_message(id).and_then(|m| m.value()) else {
            return id.to_owned();
        };
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            let value = match value {
                Arg::Str(s) => FluentValue::from(*s),
                Arg::Num(n) => FluentValue::from(*n),
            };
            fluent_args.set(*name, value);
        }
        let mut errors = Vec::new();
        self.bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors)
            .into_owned()
    }

    /// The message `id` without arguments.
    pub fn text(&self, id: &str) -> String {
        self.format(id, &[])
    }
}

/// A value for a message's variable.
#[derive(Clone, Copy, Debug)]
pub enum Arg<'a> {
    /// Text, shown as it is.
    Str(&'a str),
    /// A number: picks plural forms and is formatted for the language.
    Num(f64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Arg<'a> {
        Arg::Str(s)
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Arg<'a> {
        Arg::Str(s)
    }
}

impl<'a> From<&&'a str> for Arg<'a> {
    fn from(s: &&'a str) -> Arg<'a> {
        Arg::Str(s)
    }
}

macro_rules! num_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Arg::Num(n as f64)
            }
        }
        impl From<&$t> for Arg<'_> {
            fn from(n: &$t) -> Self {
                Arg::Num(*n as f64)
            }
        }
    )*};
}

num_arg!(u8, u16, u32, u64, usize, i32, i64, f64);
