//! The languages kyoku speaks, and choosing one from what a browser or a
//! terminal says it prefers.

use std::fmt;
use std::str::FromStr;

/// A language kyoku has catalogues for. English is the source; the others
/// are complete translations of it (a test holds them to that).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    /// English, the source language.
    En,
    /// German.
    De,
    /// Japanese.
    Ja,
}

/// A language tag kyoku does not speak (or cannot read).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no language `{0}`: kyoku speaks en (English), de (Deutsch) and ja (日本語)")]
pub struct UnknownLang(pub String);

impl Lang {
    /// Every language, in the order the language picker lists them.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::De, Lang::Ja];

    /// The language's primary subtag as in `<html lang>`: `en`, `de`, `ja`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Ja => "ja",
        }
    }

    /// The language's own name for itself, as the picker shows it.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Ja => "日本語",
        }
    }

    /// The language of a BCP 47 tag (`de`, `de-AT`, `ja-JP`) or a POSIX
    /// locale (`de_DE.UTF-8`, `ja_JP.eucJP@x`), by its primary subtag; `None`
    /// for a language kyoku does not speak.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_', '.', '@']).next().unwrap_or("");
        Lang::ALL
            .into_iter()
            .find(|lang| primary.eq_ignore_ascii_case(lang.code()))
    }

    /// The best language for an HTTP `Accept-Language` header: the
    /// highest-weighted tag kyoku speaks (the earlier on a tie), else
    /// `None` (the caller falls back to English). A malformed entry is
    /// skipped, never an error: browsers send what they send.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut best: Option<(f32, Lang)> = None;
        for entry in header.split(',') {
            let mut parts = entry.split(';');
            let tag = parts.next().unwrap_or("").trim();
            let mut weight = 1.0f32;
            for param in parts {
                if let Some(q) = param.trim().strip_prefix("q=") {
                    weight = q.trim().parse().unwrap_or(0.0);
                }
            }
            let Some(lang) = Lang::from_tag(tag) else {
                continue;
            };
            if weight > 0.0 && best.is_none_or(|(w, _)| weight > w) {
                best = Some((weight, lang));
            }
        }
        best.map(|(_, lang)| lang)
    }

    /// The language a terminal asks for, as POSIX orders it: the first of
    /// `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not empty decides
    /// (`C` and `POSIX` mean English). `get` reads a variable, so that tests
    /// need not change the process's environment.
    pub fn from_locale_env(get: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(get)
            .find(|value| !value.is_empty())
            .and_then(|value| Lang::from_tag(&value))
            .unwrap_or(Lang::En)
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        Lang::ALL
            .into_iter()
            .find(|lang| lang.code() == s)
            .ok_or_else(|| UnknownLang(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_and_posix_locales_name_their_language() {
        assert_eq!(Lang::from_tag("de-AT"), Some(Lang::De));
        assert_eq!(Lang::from_tag("ja_JP.UTF-8"), Some(Lang::Ja));
        assert_eq!(Lang::from_tag("EN"), Some(Lang::En));
        assert_eq!(Lang::from_tag("fr-FR"), None);
        assert_eq!(Lang::from_tag(""), None);
        assert_eq!("de".parse::<Lang>(), Ok(Lang::De));
        assert!("deu".parse::<Lang>().is_err());
    }

    #[test]
    fn accept_language_takes_the_best_weighted_language_spoken() {
        let best = Lang::from_accept_language;
        assert_eq!(best("de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7"), Some(Lang::De));
        assert_eq!(best("fr-CH, fr;q=0.9, ja;q=0.8, en;q=0.7"), Some(Lang::Ja));
        assert_eq!(best("en;q=0.5, de;q=0.6"), Some(Lang::De));
        assert_eq!(best("fr, it"), None);
        assert_eq!(best("de;q=0, ja"), Some(Lang::Ja));
        assert_eq!(best(";;,q=,,de;q=abc,ja;q=0.1"), Some(Lang::Ja));
        assert_eq!(best(""), None);
    }

    #[test]
    fn the_terminal_follows_lc_all_then_lc_messages_then_lang() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(
            Lang::from_locale_env(env(&[("LANG", "de_DE.UTF-8")])),
            Lang::De
        );
        assert_eq!(
            Lang::from_locale_env(env(&[
                ("LANG", "de_DE.UTF-8"),
                ("LC_MESSAGES", "ja_JP.UTF-8")
            ])),
            Lang::Ja
        );
        assert_eq!(
            Lang::from_locale_env(env(&[("LC_ALL", "C"), ("LANG", "de_DE.UTF-8")])),
            Lang::En
        );
        assert_eq!(
            Lang::from_locale_env(env(&[("LC_ALL", ""), ("LANG", "ja_JP.UTF-8")])),
            Lang::Ja
        );
        assert_eq!(Lang::from_locale_env(env(&[])), Lang::En);
    }
}
