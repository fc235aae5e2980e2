//! A catalogue for the browser: Fluent parsed here, on the server, into a
//! small JSON tree that `web/js/i18n.js` evaluates with the browser's own
//! `Intl.PluralRules` and `Intl.NumberFormat`. The page so needs no Fluent
//! parser of its own and no build step.
//!
//! The tree of a message (a *pattern*) is a string when the message is
//! plain text, else an array of parts:
//! - a string: text;
//! - `{"$": "name"}`: the variable `name`;
//! - `{"sel": "name", "v": {"one": pattern, "other": pattern, "0": …},
//!   "d": "other"}`: a select on the variable `name`: a number picks the
//!   variant of its exact value, else of its plural category; a string the
//!   variant of its name; else the default `d`.
//!
//! References to other messages and to terms (`-brand`) are resolved here,
//! by inlining them.

use std::collections::HashMap;

use fluent_syntax::ast::{
    Entry, Expression, InlineExpression, Pattern, PatternElement, VariantKey,
};
use serde_json::{Map, Value, json};

use crate::{Lang, Surface, catalogue::source};

/// The messages of `surface` in `lang` as one JSON object, id → pattern.
pub fn messages_json(lang: Lang, surface: Surface) -> Value {
    messages_json_of(&source(lang, surface))
}

/// The messages of a Fluent source as one JSON object, id → pattern.
pub(crate) fn messages_json_of(source: &str) -> Value {
    let resource = match fluent_syntax::parser::parse(source) {
        Ok(resource) => resource,
        Err((resource, _)) => resource,
    };
    let mut messages = HashMap::new();
    let mut terms = HashMap::new();
    for entry in &resource.body {
        match entry {
            Entry::Message(m) => {
                if let Some(value) = &m.value {
                    messages.insert(m.id.name, value);
                }
            }
            Entry::Term(t) => {
                terms.insert(t.id.name, &t.value);
            }
            _ => {}
        }
    }
    let refs = Refs {
        messages: &messages,
        terms: &terms,
    };
    let mut out = Map::new();
    for (id, pattern) in &messages {
        out.insert((*id).to_owned(), refs.pattern(pattern, 0));
    }
    Value::Object(out)
}

struct Refs<'a> {
    messages: &'a HashMap<&'a str, &'a Pattern<&'a str>>,
    terms: &'a HashMap<&'a str, &'a Pattern<&'a str>>,
}

/// References nest no deeper than this: a loop of references in a
/// catalogue ends here instead of overflowing the stack.
const MAX_DEPTH: usize = 8;

impl Refs<'_> {
    fn pattern(&self, pattern: &Pattern<&str>, depth: usize) -> Value {
        let mut parts: Vec<Value> = Vec::new();
        for element in &pattern.elements {
            match element {
                PatternElement::TextElement { value } => push_text(&mut parts, value),
                PatternElement::Placeable { expression } => {
                    self.expression(expression, depth, &mut parts)
                }
            }
        }
        match parts.as_slice() {
            [] => Value::String(String::new()),
            [Value::String(s)] => Value::String(s.clone()),
            _ => Value::Array(parts),
        }
    }

    fn expression(&self, expression: &Expression<&str>, depth: usize, parts: &mut Vec<Value>) {
        match expression {
            Expression::Inline(inline) => self.inline(inline, depth, parts),
            Expression::Select { selector, variants } => {
                let name = match selector {
                    InlineExpression::VariableReference { id } => id.name,
                    // NUMBER($n) and the like select on their first argument.
                    InlineExpression::FunctionReference { arguments, .. } => {
                        match arguments.positional.first() {
                            Some(InlineExpression::VariableReference { id }) => id.name,
                            _ => "",
                        }
                    }
                    _ => "",
                };
                let mut by_key = Map::new();
                let mut default = String::new();
                for variant in variants {
                    let key = match &variant.key {
                        VariantKey::Identifier { name } => (*name).to_owned(),
                        VariantKey::NumberLiteral { value } => (*value).to_owned(),
                    };
                    if variant.default {
                        default = key.clone();
                    }
                    by_key.insert(key, self.pattern(&variant.value, depth));
                }
                parts.push(json!({ "sel": name, "v": by_key, "d": default }));
            }
        }
    }

    fn inline(&self, inline: &InlineExpression<&str>, depth: usize, parts: &mut Vec<Value>) {
        match inline {
            InlineExpression::StringLiteral { value } => push_text(parts, &unescape(value)),
            InlineExpression::NumberLiteral { value } => push_text(parts, value),
            InlineExpression::VariableReference { id } => parts.push(json!({ "$": id.name })),
            InlineExpression::FunctionReference { arguments, .. } => {
                if let Some(first) = arguments.positional.first() {
                    self.inline(first, depth, parts);
                }
            }
            InlineExpression::MessageReference { id, .. } => {
                self.reference(self.messages.get(id.name), depth, parts)
            }
            InlineExpression::TermReference { id, .. } => {
                self.reference(self.terms.get(id.name), depth, parts)
            }
            InlineExpression::Placeable { expression } => self.expression(expression, depth, parts),
        }
    }

    fn reference(&self, target: Option<&&Pattern<&str>>, depth: usize, parts: &mut Vec<Value>) {
        let Some(pattern) = target.filter(|_| depth < MAX_DEPTH) else {
            return;
        };
        match self.pattern(pattern, depth + 1) {
            Value::String(s) => push_text(parts, &s),
            Value::Array(inner) => {
                for part in inner {
                    match part {
                        Value::String(s) => push_text(parts, &s),
                        other => parts.push(other),
                    }
                }
            }
            _ => {}
        }
    }
}

/// Appends text, joined to the text before it.
fn push_text(parts: &mut Vec<Value>, text: &str) {
    if let Some(Value::String(last)) = parts.last_mut() {
        last.push_str(text);
    } else {
        parts.push(Value::String(text.to_owned()));
    }
}

/// A Fluent string literal's escapes: `\"`, `\\`, `\uXXXX`, `\UXXXXXX`.
fn unescape(literal: &str) -> String {
    let mut out = String::new();
    let mut chars = literal.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(u @ ('u' | 'U')) => {
                let len = if u == 'u' { 4 } else { 6 };
                let hex: String = chars.by_ref().take(len).collect();
                if let Some(ch) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    out.push(ch);
                }
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}
