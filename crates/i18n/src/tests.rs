//! The catalogues are whole, and what the browser gets means what Fluent
//! means.

use serde_json::json;

use crate::browser::messages_json_of;
use crate::check::compare;
use crate::{Catalogue, Lang, Problem, Surface, check};

#[test]
fn every_translation_has_exactly_the_english_messages_and_variables() {
    let problems: Vec<Problem> = Surface::ALL.into_iter().flat_map(check).collect();
    assert!(
        problems.is_empty(),
        "{} catalogue problems:\n{}",
        problems.len(),
        problems
            .iter()
            .map(|p| format!("  {p}\n"))
            .collect::<String>()
    );
}

#[test]
fn the_check_finds_missing_extra_and_foreign_variables() {
    let english = "a = A\nb = B { $n }\nc = C\n";
    let german = "a = A\nb = B { $m }\nd = D\nbroken = {\n";
    let problems = compare("web.ftl", english, &[(Lang::De, german)]);
    let file = "web.ftl";
    let lang = Lang::De;
    assert!(problems.contains(&Problem::Missing {
        lang,
        file,
        id: "c".into()
    }));
    assert!(problems.contains(&Problem::Extra {
        lang,
        file,
        id: "d".into()
    }));
    assert!(problems.contains(&Problem::Variable {
        lang,
        file,
        id: "b".into(),
        variable: "m".into()
    }));
    assert!(problems.iter().any(|p| matches!(p, Problem::Syntax { .. })));
    let twice = compare("web.ftl", "a = A\na = B\n", &[]);
    assert_eq!(
        twice,
        vec![Problem::Duplicate {
            lang: Lang::En,
            file,
            id: "a".into()
        }]
    );
}

#[test]
fn the_browser_gets_text_variables_selects_and_inlined_terms() {
    let source = r#"
-brand = kyoku
plain = Hello
with-var = Hello, { $name }!
with-term = Welcome to { -brand }.
with-message = { plain } again
braces = Type {"{"} to open
plural = { $count ->
    [0] no games
    [one] one game
   *[other] { $count } games
}
multi =
    First line
    second line
"#;
    let json = messages_json_of(source);
    assert_eq!(json["plain"], json!("Hello"));
    assert_eq!(json["with-var"], json!(["Hello, ", {"$": "name"}, "!"]));
    assert_eq!(json["with-term"], json!("Welcome to kyoku."));
    assert_eq!(json["with-message"], json!("Hello again"));
    assert_eq!(json["braces"], json!("Type { to open"));
    assert_eq!(
        json["plural"],
        json!([{ "sel": "count", "d": "other", "v": {
            "0": "no games",
            "one": "one game",
            "other": [{"$": "count"}, " games"],
        }}])
    );
    assert_eq!(json["multi"], json!("First line\nsecond line"));
    assert!(
        json.get("-brand").is_none(),
        "terms are private to the catalogue"
    );
}

#[test]
fn rust_formats_plurals_and_numbers_per_language() {
    let en = Catalogue::get(Lang::En, Surface::Cli);
    let ja = Catalogue::get(Lang::Ja, Surface::Cli);
    assert_eq!(en.format("plies", &[("count", 1.into())]), "1 ply");
    assert_eq!(en.format("plies", &[("count", 2.into())]), "2 plies");
    assert_eq!(ja.format("plies", &[("count", 2.into())]), "2手");
    assert_eq!(en.format("no-such-message", &[]), "no-such-message");
}

#[test]
fn every_message_formats_without_error_in_every_language() {
    for surface in Surface::ALL {
        for lang in Lang::ALL {
            let json = crate::messages_json(lang, surface);
            let object = json.as_object().expect("an object");
            assert!(
                !object.is_empty(),
                "{lang}/{} is empty",
                surface.file_name()
            );
            for (id, pattern) in object {
                assert!(
                    pattern.is_string() || pattern.is_array(),
                    "{lang}/{id}: an empty message"
                );
            }
        }
    }
}
