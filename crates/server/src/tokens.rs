//! Seat tokens (a human seat's secret) and game ids.

use rand::Rng;

/// A human seat's secret: 128 random bits.
pub type Token = [u8; 16];

/// The token as 32 lowercase hex digits, as clients hold it.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Reads 32 hex digits; `None` for anything else.
pub fn parse_token(text: &str) -> Option<Token> {
    if text.len() != 32 || !text.is_ascii() {
        return None;
    }
    let mut t = [0u8; 16];
    for (i, b) in t.iter_mut().enumerate() {
        *b = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(t)
}

/// Compares two tokens in time independent of where they differ.
pub fn same_token(a: &Token, b: &Token) -> bool {
    let diff = a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y));
    std::hint::black_box(diff) == 0
}

/// Whether `given` (as the client sent it) is `token`.
pub fn token_matches(token: &Token, given: Option<&str>) -> bool {
    given
        .and_then(parse_token)
        .is_some_and(|g| same_token(token, &g))
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
        assert!(same_token(&t, &parse_token(&h).unwrap()));
        assert!(token_matches(&t, Some(&h)));
        assert!(!token_matches(&t, None));
        let mut other = t;
        other[15] ^= 1;
        assert!(!same_token(&t, &other));
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
