//! The session cookie and the origin rule: a browser sends the cookie
//! with any request to the server, also one a foreign page makes it send,
//! so a request that changes something and carries the cookie must come
//! from the server's own pages.

use axum::http::{HeaderMap, HeaderValue, Method, header};
use cookie::{Cookie, SameSite};
use rand::Rng;
use sha2::{Digest, Sha256};

use crate::tokens::hex;

/// The cookie's name.
pub const COOKIE: &str = "kyoku_session";

/// A new session id: 256 random bits, as 64 hex digits (told once, in the
/// cookie; the store keeps its hash).
pub fn new_session_id() -> String {
    // ThreadRng is a CSPRNG seeded from the operating system.
    let bytes: [u8; 32] = rand::rng().random();
    hex(&bytes)
}

/// What the store keeps of a session id: its SHA-256, as hex.
pub fn hash_session(id: &str) -> String {
    hex(&Sha256::digest(id.as_bytes()))
}

/// The `Set-Cookie` value giving `id` (or, with `None`, removing the
/// cookie): `HttpOnly`, `SameSite=Lax`, `Path=/`, and `Secure` when the
/// server is behind HTTPS.
pub fn set_cookie(id: Option<&str>, secure: bool) -> HeaderValue {
    let mut c = Cookie::build((COOKIE, id.unwrap_or("").to_string()))
        .http_only(true)
        .same_site(SameSite::Lax)
        .path("/")
        .secure(secure);
    c = match id {
        Some(_) => c.max_age(cookie::time::Duration::seconds(
            crate::store::SESSION_LIFETIME,
        )),
        None => c.max_age(cookie::time::Duration::ZERO),
    };
    HeaderValue::from_str(&c.build().to_string()).unwrap_or(HeaderValue::from_static(""))
}

/// The session id a request's cookies carry, if any.
pub fn session_id(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|c| c.name() == COOKIE && !c.value().is_empty())
        .map(|c| c.value().to_string())
}

/// Whether a request must come from the server's own pages: it carries
/// the session cookie and changes something (any method but GET, HEAD
/// and OPTIONS, and the WebSocket upgrade, which a foreign page may open).
pub fn needs_same_origin(method: &Method, headers: &HeaderMap) -> bool {
    let safe = matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    let upgrade = headers
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"));
    (!safe || upgrade) && session_id(headers).is_some()
}

/// Whether the request's `Origin` is the server's own: its host and port
/// are the `Host` the request was sent to (a proxy in front must pass the
/// `Host` on, as nginx's `proxy_set_header Host $host` does). A request
/// without `Origin` is not the server's page: browsers send it with every
/// request that changes something.
pub fn same_origin(headers: &HeaderMap) -> bool {
    let text = |h| headers.get(h).and_then(|v: &HeaderValue| v.to_str().ok());
    let (Some(origin), Some(host)) = (text(header::ORIGIN), text(header::HOST)) else {
        return false;
    };
    let authority = origin
        .strip_prefix("https://")
        .or_else(|| origin.strip_prefix("http://"));
    authority.is_some_and(|a| a.eq_ignore_ascii_case(host))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(k.clone(), HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn the_cookie_has_its_flags() {
        let v = set_cookie(Some("abc"), false);
        let v = v.to_str().unwrap();
        for part in [
            "kyoku_session=abc",
            "HttpOnly",
            "SameSite=Lax",
            "Path=/",
            "Max-Age=",
        ] {
            assert!(v.contains(part), "{v}");
        }
        assert!(!v.contains("Secure"), "{v}");
        assert!(
            set_cookie(Some("abc"), true)
                .to_str()
                .unwrap()
                .contains("Secure")
        );
        assert!(
            set_cookie(None, false)
                .to_str()
                .unwrap()
                .contains("Max-Age=0")
        );
    }

    #[test]
    fn the_session_id_is_read_among_other_cookies() {
        let h = headers(&[(header::COOKIE, "a=1; kyoku_session=xyz; b=2")]);
        assert_eq!(session_id(&h).as_deref(), Some("xyz"));
        let h = headers(&[(header::COOKIE, "a=1"), (header::COOKIE, "kyoku_session=q")]);
        assert_eq!(session_id(&h).as_deref(), Some("q"));
        assert_eq!(
            session_id(&headers(&[(header::COOKIE, "kyoku_session=")])),
            None
        );
        assert_eq!(session_id(&HeaderMap::new()), None);
    }

    #[test]
    fn only_the_servers_own_origin_passes() {
        let host = (header::HOST, "127.0.0.1:8080");
        assert!(same_origin(&headers(&[
            host.clone(),
            (header::ORIGIN, "http://127.0.0.1:8080")
        ])));
        assert!(same_origin(&headers(&[
            (header::HOST, "play.example"),
            (header::ORIGIN, "https://play.example")
        ])));
        assert!(!same_origin(&headers(&[
            host.clone(),
            (header::ORIGIN, "http://evil.example")
        ])));
        assert!(!same_origin(&headers(&[
            host.clone(),
            (header::ORIGIN, "http://127.0.0.1:8081")
        ])));
        assert!(!same_origin(&headers(&[
            host.clone(),
            (header::ORIGIN, "null")
        ])));
        assert!(!same_origin(&headers(&[host])));
    }

    #[test]
    fn session_ids_are_new_and_stored_hashed() {
        let a = new_session_id();
        assert_eq!(a.len(), 64);
        assert_ne!(a, new_session_id());
        assert_ne!(hash_session(&a), a);
        assert_eq!(hash_session(&a), hash_session(&a));
    }

    proptest! {
        #[test]
        fn any_cookie_header_is_read_without_panic(s in "[ -~]{0,80}") {
            if let Ok(v) = HeaderValue::from_str(&s) {
                let mut h = HeaderMap::new();
                h.insert(header::COOKIE, v.clone());
                h.insert(header::ORIGIN, v);
                let _ = session_id(&h);
                let _ = same_origin(&h);
            }
        }
    }
}
