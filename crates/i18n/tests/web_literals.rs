//! The browser's modules say nothing to a player in English of their own:
//! every player-facing text goes through the message function `t()`.
//!
//! A literal counts as player-facing when it reads like words: it has a
//! space between words, or starts with a capitalised word, or ends like a
//! sentence, and it is not made only of the style sheet's class names.
//! A line that must keep a literal (a console message, a language's own
//! name) says so with the comment `i18n-ok`.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

fn web() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web")
}

fn modules(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir).expect("web/js").flatten().collect();
    entries.sort_by_key(|e| e.path());
    for e in entries {
        let path = e.path();
        if path.is_dir() {
            modules(&path, out);
        } else if path.extension().is_some_and(|x| x == "js") {
            out.push(path);
        }
    }
}

/// The class names of the style sheet, and words that are code, not text.
fn code_words() -> BTreeSet<String> {
    let css = fs::read_to_string(web().join("css/style.css")).expect("style.css");
    let mut words: BTreeSet<String> = BTreeSet::new();
    let bytes = css.as_bytes();
    for (i, _) in css.match_indices('.') {
        let name: String = css[i + 1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect();
        if !name.is_empty() && (i == 0 || !bytes[i - 1].is_ascii_digit()) {
            words.insert(name);
        }
    }
    // Class names made from a game's id (`board dobutsu`).
    words.extend(["dobutsu", "shogun", "shiamgon", "board"].map(String::from));
    words
}

/// The string literals of a module with their line numbers: quoted strings
/// and the text parts of template strings. Comments are skipped.
fn literals(src: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                line += usize::from(chars[i] == '\n');
                i += 1;
            }
            i += 2;
        } else if c == '\'' || c == '"' || c == '`' {
            let start = line;
            let mut text = String::new();
            i += 1;
            while i < chars.len() {
                let d = chars[i];
                if d == '\\' {
                    text.push(chars.get(i + 1).copied().unwrap_or(' '));
                    i += 2;
                    continue;
                }
                if d == '\n' {
                    line += 1;
                }
                if c == '`' && d == '$' && chars.get(i + 1) == Some(&'{') {
                    // A placeable: skip its code (nested braces counted).
                    let mut depth = 1;
                    i += 2;
                    while i < chars.len() && depth > 0 {
                        match chars[i] {
                            '{' => depth += 1,
                            '}' => depth -= 1,
                            '\n' => line += 1,
                            _ => {}
                        }
                        i += 1;
                    }
                    text.push(' ');
                    continue;
                }
                if d == c {
                    break;
                }
                text.push(d);
                i += 1;
            }
            i += 1;
            out.push((start, text));
        } else {
            i += 1;
        }
    }
    out
}

fn player_facing(text: &str, code: &BTreeSet<String>) -> bool {
    let t = text.trim();
    if !t.chars().any(|c| c.is_alphabetic()) || t.starts_with('/') || t.contains("=>") {
        return false;
    }
    let tokens: Vec<&str> = t.split_whitespace().collect();
    if tokens
        .iter()
        .all(|w| code.contains(*w) || w.starts_with("mark"))
    {
        return false;
    }
    let word = |w: &str| w.chars().filter(|c| c.is_alphabetic()).count() >= 2;
    let words = tokens.iter().filter(|w| word(w)).count();
    let capital = {
        let mut cs = t.chars();
        matches!((cs.next(), cs.next()), (Some(a), Some(b)) if a.is_uppercase() && b.is_lowercase())
    };
    let sentence = t.ends_with(['.', '…', '?', '!']) && words >= 1 && !t.contains('/');
    let bytes = t.as_bytes();
    let selector = bytes
        .windows(3)
        .any(|w| w[0].is_ascii_alphanumeric() && w[1] == b'.' && w[2].is_ascii_alphabetic());
    let css = t
        .trim_start_matches('(')
        .split_once(':')
        .is_some_and(|(prop, _)| {
            prop.contains('-') && prop.chars().all(|c| c.is_ascii_lowercase() || c == '-')
        });
    let code_like = selector
        || css
        || t.contains(['[', '=', '{'])
        || (tokens.len() == 1 && t.contains(['-', '_', '#', '(', ':', '/']));
    !code_like && (words >= 2 || capital || sentence)
}

#[test]
fn the_browser_modules_have_no_english_of_their_own() {
    let code = code_words();
    let mut files = Vec::new();
    modules(&web().join("js"), &mut files);
    assert!(files.len() > 10, "the browser's modules are found");
    let mut found = Vec::new();
    for path in files {
        let src = fs::read_to_string(&path).expect("a module");
        let lines: Vec<&str> = src.lines().collect();
        for (line, text) in literals(&src) {
            let marked = lines.get(line - 1).is_some_and(|l| l.contains("i18n-ok"));
            if !marked && player_facing(&text, &code) {
                let name = path
                    .strip_prefix(web())
                    .unwrap_or(&path)
                    .display()
                    .to_string();
                found.push(format!("  {name}:{line}: {text:?}"));
            }
        }
    }
    assert!(
        found.is_empty(),
        "{} player-facing literals outside the catalogue (use t() and crates/i18n/locales/*/web.ftl):\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_check_sees_english_and_lets_code_pass() {
    let code: BTreeSet<String> = ["btn".to_string(), "primary".to_string()].into();
    assert!(player_facing("Resign", &code));
    assert!(player_facing("draw offered", &code));
    assert!(player_facing("Waiting…", &code));
    assert!(!player_facing("btn primary", &code));
    assert!(!player_facing("game-over", &code));
    assert!(!player_facing("/api/games", &code));
    assert!(!player_facing("application/json", &code));
    assert!(!player_facing("nav-play", &code));
    let src = "h('p', null, 'Hello there'); // note\nconst x = `a ${b} Take it`;";
    let found: Vec<_> = literals(src)
        .into_iter()
        .map(|(l, t)| (l, t.trim().to_string()))
        .collect();
    assert!(found.contains(&(1, "Hello there".into())));
    assert!(found.contains(&(2, "a   Take it".into())));
}
