//! The language a page speaks: chosen from the `kyoku_lang` cookie (set by
//! the language picker, and from the account's setting at login), else the
//! browser's `Accept-Language`, else English. Addresses never carry it.
//!
//! The page gets its catalogue inside `index.html` (no second request
//! before it can draw), with `<html lang>` set and the header's words
//! filled in, so even the frame before the script runs is in its language.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use cookie::{Cookie, SameSite};
use kyoku_i18n::{Catalogue, Lang, Surface, messages_json};
use serde::Deserialize;
use serde_json::json;

use crate::app::App;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::players::Viewer;

/// The cookie that keeps the chosen language.
pub const COOKIE: &str = "kyoku_lang";

/// The language of a request for a page: the cookie's, else the best of
/// `Accept-Language`, else English.
pub fn of_request(headers: &HeaderMap) -> Lang {
    let cookie = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|c| c.name() == COOKIE)
        .and_then(|c| c.value().parse::<Lang>().ok());
    cookie
        .or_else(|| {
            headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .and_then(Lang::from_accept_language)
        })
        .unwrap_or(Lang::En)
}

/// The `Set-Cookie` value keeping `lang` for a year (`SameSite=Lax`,
/// `Path=/`, `Secure` behind HTTPS). Not a secret, but the page never
/// needs to read it: `<html lang>` tells the script.
pub fn set_cookie(lang: Lang, secure: bool) -> HeaderValue {
    let c = Cookie::build((COOKIE, lang.code()))
        .http_only(true)
        .same_site(SameSite::Lax)
        .path("/")
        .secure(secure)
        .max_age(cookie::time::Duration::days(365));
    HeaderValue::from_str(&c.build().to_string()).unwrap_or(HeaderValue::from_static(""))
}

/// The web catalogue of `lang` as the JSON the page reads, made once per
/// language (the catalogues are part of the build), or at every call when
/// `KYOKU_I18N_DIR` points at catalogues being edited.
fn messages(lang: Lang) -> Arc<str> {
    if std::env::var_os("KYOKU_I18N_DIR").is_some() {
        return messages_json(lang, Surface::Web).to_string().into();
    }
    static MADE: OnceLock<HashMap<Lang, Arc<str>>> = OnceLock::new();
    MADE.get_or_init(|| {
        Lang::ALL
            .into_iter()
            .map(|l| (l, Arc::from(messages_json(l, Surface::Web).to_string())))
            .collect()
    })[&lang]
        .clone()
}

/// `index.html` in `lang`: `<html lang>`, the catalogue as a JSON script
/// the page reads, and each `{{message-id}}` of the template replaced by
/// that message (HTML-escaped).
pub fn page(template: &str, lang: Lang) -> String {
    let catalogue = Catalogue::get(lang, Surface::Web);
    let mut out = String::with_capacity(template.len() + 64 * 1024);
    let mut rest = template.replacen("<html lang=\"en\">", &format!("<html lang=\"{lang}\">"), 1);
    // `</` would end the script element early; JSON allows `<\/`.
    let script = format!(
        "<script type=\"application/json\" id=\"kyoku-messages\">{}</script>\n</head>",
        messages(lang).replace("</", "<\\/")
    );
    rest = rest.replacen("</head>", &script, 1);
    let mut text = rest.as_str();
    while let Some(start) = text.find("{{") {
        let Some(len) = text[start + 2..].find("}}") else {
            break;
        };
        out.push_str(&text[..start]);
        let id = &text[start + 2..start + 2 + len];
        out.push_str(&escape_html(&catalogue.text(id)));
        text = &text[start + 2 + len + 2..];
    }
    out.push_str(text);
    out
}

fn escape_html(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A language code from a request; 400 `unknown_language` for one kyoku
/// does not speak.
pub fn parse(code: &str) -> Result<Lang, ApiError> {
    code.parse()
        .map_err(|e: kyoku_i18n::UnknownLang| ApiError::unknown_language(e.to_string()))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Choice {
    language: String,
}

/// `PUT /api/language {"language": "de"}`: keeps the choice in the cookie,
/// and with the account when one is signed in. 400 `unknown_language` for
/// a language kyoku does not speak.
pub(crate) async fn choose(
    State(app): State<Arc<App>>,
    viewer: Viewer,
    JsonBody(choice): JsonBody<Choice>,
) -> Result<Response, ApiError> {
    let lang = parse(&choice.language)?;
    if let Some(key) = viewer.key.clone() {
        let app2 = app.clone();
        // Runs to its end: a client gone mid-request still has its choice kept.
        app.to_the_end(async move {
            app2.store
                .set_language(&key, lang.code())
                .await
                .map_err(ApiError::from_store)
        })
        .await?;
    }
    let cookie = set_cookie(lang, app.players.secure_cookies);
    Ok((
        [(header::SET_COOKIE, cookie)],
        Json(json!({ "language": lang.code() })),
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn the_cookie_wins_over_the_browser_and_english_is_the_fallback() {
        let h = headers(&[("cookie", "a=b; kyoku_lang=ja"), ("accept-language", "de")]);
        assert_eq!(of_request(&h), Lang::Ja);
        assert_eq!(
            of_request(&headers(&[("accept-language", "de-CH,fr")])),
            Lang::De
        );
        let bad = headers(&[("cookie", "kyoku_lang=xx"), ("accept-language", "fr")]);
        assert_eq!(of_request(&bad), Lang::En);
    }

    #[test]
    fn the_page_speaks_its_language() {
        let template = "<html lang=\"en\"><head></head><body><a>{{nav-play}}</a></body></html>";
        let de = page(template, Lang::De);
        assert!(de.starts_with("<html lang=\"de\">"), "{de}");
        assert!(de.contains("id=\"kyoku-messages\""));
        assert!(!de.contains("{{"));
        assert!(de.contains(&format!(
            "<a>{}</a>",
            Catalogue::get(Lang::De, Surface::Web).text("nav-play")
        )));
    }
}
