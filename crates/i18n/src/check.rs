//! Holding the translations to the English catalogues: same messages, no
//! more, no variables English does not give, no syntax errors.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

use crate::{Lang, Surface, catalogue::source};

/// What is wrong with one catalogue, measured against English.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// Text the Fluent parser could not read.
    #[error("{lang}/{file}: cannot parse: {junk:?}")]
    Syntax {
        /// The catalogue's language.
        lang: Lang,
        /// The catalogue's file.
        file: &'static str,
        /// The unreadable text.
        junk: String,
    },
    /// A message defined twice.
    #[error("{lang}/{file}: message `{id}` is defined twice")]
    Duplicate {
        /// The catalogue's language.
        lang: Lang,
        /// The catalogue's file.
        file: &'static str,
        /// The message.
        id: String,
    },
    /// An English message missing from a translation.
    #[error("{lang}/{file}: message `{id}` is missing (English has it)")]
    Missing {
        /// The catalogue's language.
        lang: Lang,
        /// The catalogue's file.
        file: &'static str,
        /// The message.
        id: String,
    },
    /// A message English does not have.
    #[error("{lang}/{file}: message `{id}` is not in the English catalogue")]
    Extra {
        /// The catalogue's language.
        lang: Lang,
        /// The catalogue's file.
        file: &'static str,
        /// The message.
        id: String,
    },
    /// A variable the English message does not give.
    #[error("{lang}/{file}: message `{id}` uses ${variable}, which English does not give it")]
    Variable {
        /// The catalogue's language.
        lang: Lang,
        /// The catalogue's file.
        file: &'static str,
        /// The message.
        id: String,
        /// The variable.
        variable: String,
    },
}

/// Every message of a catalogue with the variables it uses.
type Shape = BTreeMap<String, BTreeSet<String>>;

fn shape(lang: Lang, file: &'static str, source: &str, problems: &mut Vec<Problem>) -> Shape {
    let resource = match fluent_syntax::parser::parse(source) {
        Ok(resource) => resource,
        Err((resource, _)) => resource,
    };
    let mut out = Shape::new();
    for entry in &resource.body {
        match entry {
            Entry::Message(m) => {
                let mut vars = BTreeSet::new();
                if let Some(value) = &m.value {
                    pattern_vars(value, &mut vars);
                }
                for attribute in &m.attributes {
                    pattern_vars(&attribute.value, &mut vars);
                }
                if out.insert(m.id.name.to_owned(), vars).is_some() {
                    problems.push(Problem::Duplicate {
                        lang,
                        file,
                        id: m.id.name.to_owned(),
                    });
                }
            }
            Entry::Junk { content } => problems.push(Problem::Syntax {
                lang,
                file,
                junk: content.chars().take(120).collect(),
            }),
            _ => {}
        }
    }
    out
}

fn pattern_vars(pattern: &Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(expression: &Expression<&str>, vars: &mut BTreeSet<String>) {
    match expression {
        Expression::Inline(inline) => inline_vars(inline, vars),
        Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for variant in variants {
                pattern_vars(&variant.value, vars);
            }
        }
    }
}

fn inline_vars(inline: &InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_owned());
        }
        InlineExpression::FunctionReference { arguments, .. }
        | InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => {
            for arg in &arguments.positional {
                inline_vars(arg, vars);
            }
            for arg in &arguments.named {
                inline_vars(&arg.value, vars);
            }
        }
        InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        _ => {}
    }
}

/// Every problem of every catalogue of `surface`, the English one included
/// (its syntax and duplicates). Empty when the translations are whole.
pub fn check(surface: Surface) -> Vec<Problem> {
    let sources: Vec<(Lang, _)> = Lang::ALL
        .into_iter()
        .filter(|l| *l != Lang::En)
        .map(|lang| (lang, source(lang, surface)))
        .collect();
    let translations: Vec<(Lang, &str)> = sources.iter().map(|(l, s)| (*l, s.as_ref())).collect();
    compare(
        surface.file_name(),
        &source(Lang::En, surface),
        &translations,
    )
}

/// The problems of the English source `english` and its `translations`.
pub(crate) fn compare(
    file: &'static str,
    english: &str,
    translations: &[(Lang, &str)],
) -> Vec<Problem> {
    let mut problems = Vec::new();
    let english = shape(Lang::En, file, english, &mut problems);
    for &(lang, text) in translations {
        let other = shape(lang, file, text, &mut problems);
        for id in english.keys().filter(|id| !other.contains_key(*id)) {
            problems.push(Problem::Missing {
                lang,
                file,
                id: id.clone(),
            });
        }
        for (id, vars) in &other {
            let Some(given) = english.get(id) else {
                problems.push(Problem::Extra {
                    lang,
                    file,
                    id: id.clone(),
                });
                continue;
            };
            for variable in vars.difference(given) {
                problems.push(Problem::Variable {
                    lang,
                    file,
                    id: id.clone(),
                    variable: variable.clone(),
                });
            }
        }
    }
    problems
}
