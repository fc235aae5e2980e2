//! Rules pages: the Markdown of `docs/rules/*.md` (embedded with the UI
//! under `rules/`) rendered to an HTML fragment that the rules view shows.
//!
//! Rendering happens on the server so that the browser needs no Markdown
//! reader of its own; the pages are ours (embedded at build time), so their
//! few HTML blocks (figures) are passed through as written.

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, html};

/// The Markdown features the rules pages use.
fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_FOOTNOTES
}

/// Whether `url` points somewhere of its own (a scheme, the site root or
/// an anchor) rather than beside the page.
fn is_absolute(url: &str) -> bool {
    url.starts_with('/')
        || url.starts_with('#')
        || url.contains("://")
        || url.starts_with("mailto:")
}

/// `url` as seen from the rules view: relative links and pictures are
/// resolved against `base` (the folder the Markdown lives in); a link to
/// another rules page (`shogun.md`) becomes that page's view (`/rules/shogun`).
fn resolve<'a>(url: CowStr<'a>, base: &str) -> CowStr<'a> {
    if is_absolute(&url) {
        return url;
    }
    let (path, anchor) = match url.split_once('#') {
        Some((p, a)) => (p.to_string(), format!("#{a}")),
        None => (url.to_string(), String::new()),
    };
    if let Some(page) = path.strip_suffix(".md").filter(|p| !p.contains('/')) {
        return CowStr::from(format!("/rules/{page}{anchor}"));
    }
    CowStr::from(format!("{base}{path}{anchor}"))
}

/// Renders `markdown` to HTML; relative URLs are resolved against `base`
/// (which ends in `/`).
pub fn render(markdown: &str, base: &str) -> String {
    let events = Parser::new_ext(markdown, options()).map(|ev| match ev {
        Event::Start(Tag::Link {
            link_type,
            dest_url,
            title,
            id,
        }) => Event::Start(Tag::Link {
            link_type,
            dest_url: resolve(dest_url, base),
            title,
            id,
        }),
        Event::Start(Tag::Image {
            link_type,
            dest_url,
            title,
            id,
        }) => Event::Start(Tag::Image {
            link_type,
            dest_url: resolve(dest_url, base),
            title,
            id,
        }),
        other => other,
    });
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut out, events);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_tables_and_pictures() {
        let html = render(
            "# Goal\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n![start](dobutsu-start.svg)\n",
            "/rules/",
        );
        assert!(html.contains("<h1>Goal</h1>"), "{html}");
        assert!(html.contains("<table>"), "{html}");
        assert!(html.contains(r#"src="/rules/dobutsu-start.svg""#), "{html}");
    }

    #[test]
    fn links_between_pages_and_outside() {
        let html = render(
            "[Shogun](shogun.md#numbers), [site](https://example.org), [top](#goal)",
            "/rules/",
        );
        assert!(html.contains(r#"href="/rules/shogun#numbers""#), "{html}");
        assert!(html.contains(r#"href="https://example.org""#), "{html}");
        assert!(html.contains(r##"href="#goal""##), "{html}");
    }

    #[test]
    fn text_is_escaped() {
        let html = render("a < b & `<c>`", "/rules/");
        assert!(
            html.contains("a &lt; b &amp; <code>&lt;c&gt;</code>"),
            "{html}"
        );
    }
}
