//! Seat tokens (a human seat's secret) and game ids. The server keeps only
//! a token's SHA-256 (in memory and in the database): a copy of the
//! database lets nobody play anybody's seat.

use rand::Rng;
use sha2::{Digest, Sha256};

/// A human seat's secret: 128 random bits.
pub type Token = [u8; 16];

/// What the server keeps of a token: its SHA-256.
pub type TokenHash = [u8; 32];

/// The hash of a token.
pub fn hash_token(t: &Token) -> TokenHash {
    Sha256::digest(t).into()
}

/// Reads a stored token: a hash (64 hex digits), or — in a database from
/// before tokens were hashed — the token itself (32 hex digits), hashed now.
pub fn parse_stored(text: &str) -> Option<TokenHash> {
    match text.len() {
        32 => parse_token(text).map(|t| hash_token(&t)),
        _ => from_hex(text),
    }
}

/// The token as 32 lowercase hex digits, as clients hold it.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Reads `2 × N` hex digits into `N` bytes; `None` for anything else.
fn from_hex<const N: usize>(text: &str) -> Option<[u8; N]> {
    if text.len() != 2 * N || !text.is_ascii() {
        return None;
    }
    let mut out = [0u8; N];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

/// Reads 32 hex digits; `None` for anything else.
pub fn parse_token(text: &str) -> Option<Token> {
    from_hex(text)
}

/// Compares two hashes in time independent of where they differ.
fn same_hash(a: &TokenHash, b: &TokenHash) -> bool {
    let diff = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(diff) == 0
}

/// Whether `given` (as the client sent it) is the token hashed to `hash`.
pub fn token_matches(hash: &TokenHash, given: Option<&str>) -> bool {
    given
        .and_then(parse_token)
        .is_some_and(|g| same_hash(hash, &hash_token(&g)))
}

/// The token of `token`'s seat in the rematch of game `game`: derived, so
/// that the seat's holder (who alone knows `token`) can be given it again
/// whenever it asks, while the server keeps only its hash.
pub fn rematch_token(game: &str, token: &Token) -> Token {
    let digest = Sha256::new()
        .chain_update(b"kyoku rematch token\0")
        .chain_update(game.as_bytes())
        .chain_update(b"\0")
        .chain_update(token)
        .finalize();
    let mut t = [0u8; 16];
    t.copy_from_slice(&digest[..16]);
    t
}

/// A new token.
pub fn new_token() -> Token {
    // ThreadRng is a CSPRNG seeded from the operating system: secrets must
    // not come from a fixed seed.
    let mut t = [0u8; 16];
    rand::rng().fill(&mut t);
    t
}

/// A new game id: ten lowercase letters and digits.
pub fn new_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::rng();
    (0..10)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_read_back_and_compare() {
        let t = new_token();
        let h = hex(&t);
        assert_eq!(h.len(), 32);
        assert_eq!(parse_token(&h), Some(t));
        let stored = hash_token(&t);
        assert!(token_matches(&stored, Some(&h)));
        assert!(!token_matches(&stored, None));
        let mut other = t;
        other[15] ^= 1;
        assert!(!token_matches(&stored, Some(&hex(&other))));
        // Stored as its hash, read back; an old plain token reads as its hash.
        assert_eq!(parse_stored(&hex(&stored)), Some(stored));
        assert_eq!(parse_stored(&h), Some(stored));
        assert_eq!(parse_stored("abc"), None);
        assert_eq!(parse_token("zz"), None);
        assert_eq!(parse_token(&"é".repeat(16)), None);
        assert_eq!(parse_token(&"g".repeat(32)), None);
    }

    #[test]
    fn ids_are_ten_letters_or_digits() {
        let id = new_id();
        assert_eq!(id.len(), 10);
        assert!(
            id.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        );
    }
}
