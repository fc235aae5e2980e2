//! The browser UI, embedded at build time from the repository's `web/`
//! folder: files by path, `index.html` for `/` and for client routes, and
//! the rules pages rendered from Markdown (`rules/{game}.html`).
//!
//! For work on the UI, `KYOKU_WEB_DIR=path/to/web` makes the server read
//! the files from that folder at each request instead, so a change shows
//! on reload without rebuilding the binary.

use std::borrow::Cow;
use std::path::Path;

use axum::http::{HeaderMap, StatusCode, Uri, header};
use kyoku_i18n::Lang;

use crate::language;
use axum::response::{IntoResponse, Response};

mod rules;

mod files {
    include!(concat!(env!("OUT_DIR"), "/web_files.rs"));
}

const PLACEHOLDER: &str = "<!doctype html><title>kyoku</title><p>The kyoku server is running; the API is under <code>/api/</code>.";

fn content_type(path: &str) -> &'static str {
    let ext = path.rsplit_once('.').map(|(_, e)| e).unwrap_or("");
    match ext {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "ico" => "image/x-icon",
        "md" => "text/markdown; charset=utf-8",
        "txt" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        "webmanifest" => "application/manifest+json",
        _ => "application/octet-stream",
    }
}

/// The file at `path` under `web/`: from `KYOKU_WEB_DIR` when set (see the
/// module's doc), else from the copy built into the binary.
fn file(path: &str) -> Option<Cow<'static, [u8]>> {
    if let Some(dir) = std::env::var_os("KYOKU_WEB_DIR") {
        // Only plain relative paths: never `..` out of the folder.
        if path.split('/').any(|part| part.is_empty() || part == "..") {
            return None;
        }
        return std::fs::read(Path::new(&dir).join(path))
            .ok()
            .map(Cow::Owned);
    }
    files::FILES
        .iter()
        .find(|(p, _)| *p == path)
        .map(|(_, bytes)| Cow::Borrowed(*bytes))
}

/// `rules/{page}.html`: the page's Markdown in `lang`
/// (`rules/{page}.{lang}.md`), or in English (`rules/{page}.md`) when it
/// has no translation, as HTML.
fn rules_page(path: &str, lang: Lang) -> Option<String> {
    let page = path.strip_prefix("rules/")?.strip_suffix(".html")?;
    if page.is_empty() || page.contains(['/', '.']) {
        return None;
    }
    let markdown = file(&format!("rules/{page}.{lang}.md"))
        .filter(|_| lang != Lang::En)
        .or_else(|| file(&format!("rules/{page}.md")))?;
    let text = String::from_utf8_lossy(&markdown);
    Some(rules::render(&text, "/rules/"))
}

/// Serves a UI file; paths without an extension are client routes and get
/// `index.html`.
pub async fn serve(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    let lang = language::of_request(&headers);
    // The same address answers in each language: caches must key on what
    // chooses it.
    let vary = (header::VARY, "Cookie, Accept-Language");
    if let Some(html) = rules_page(path, lang) {
        let content = (header::CONTENT_TYPE, "text/html; charset=utf-8");
        return ([content, vary], html).into_response();
    }
    if let Some(bytes) = file(path).filter(|_| !path.is_empty()) {
        return ([(header::CONTENT_TYPE, content_type(path))], bytes).into_response();
    }
    let last = path.rsplit('/').next().unwrap_or("");
    if last.contains('.') {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    }
    match file("index.html") {
        Some(bytes) => {
            let html = language::page(&String::from_utf8_lossy(&bytes), lang);
            let content = (header::CONTENT_TYPE, "text/html; charset=utf-8");
            ([content, vary, (header::CACHE_CONTROL, "no-cache")], html).into_response()
        }
        None => (
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            PLACEHOLDER,
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_types() {
        assert_eq!(content_type("index.html"), "text/html; charset=utf-8");
        assert_eq!(content_type("js/main.js"), "text/javascript; charset=utf-8");
        assert_eq!(content_type("board.svg"), "image/svg+xml");
    }

    #[test]
    fn rules_pages_are_rendered_from_markdown() {
        let html =
            rules_page("rules/dobutsu.html", Lang::En).expect("the Dōbutsu page is embedded");
        assert!(html.contains("<h1"), "{html}");
        assert!(rules_page("rules/nosuchgame.html", Lang::En).is_none());
        assert!(rules_page("rules/../index.html", Lang::En).is_none());
        assert!(rules_page("js/main.js", Lang::En).is_none());
    }

    #[test]
    fn rules_pages_come_in_the_readers_language() {
        let de = rules_page("rules/dobutsu.html", Lang::De).expect("German");
        assert!(de.contains("Löwe"), "{de}");
        let ja = rules_page("rules/dobutsu.html", Lang::Ja).expect("Japanese");
        assert!(ja.contains("ライオン"), "{ja}");
        assert!(rules_page("rules/dobutsu.de.html", Lang::En).is_none());
    }
}
