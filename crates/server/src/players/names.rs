//! What a username and a password may be.

use crate::error::ApiError;

/// The fewest and most characters of a username.
pub const USERNAME_LEN: (usize, usize) = (3, 20);
/// The fewest and most characters of a password.
pub const PASSWORD_LEN: (usize, usize) = (8, 256);

/// Names nobody may take: they would pass for the site, a program or
/// nobody (compared without regard to case). Program levels cannot be
/// taken anyway: their names (`ai:3`) hold a colon.
const RESERVED: &[&str] = &[
    "admin",
    "administrator",
    "ai",
    "anonymous",
    "api",
    "bot",
    "computer",
    "deleted",
    "engine",
    "guest",
    "human",
    "kyoku",
    "moderator",
    "null",
    "official",
    "perfect",
    "random",
    "root",
    "server",
    "staff",
    "support",
    "system",
    "undefined",
];

/// Checks a username; answers it with its key (the name in lower case,
/// unique among accounts), or 400 `bad_username` saying why.
pub fn check_username(text: &str) -> Result<(String, String), ApiError> {
    let n = text.chars().count();
    let (lo, hi) = USERNAME_LEN;
    if n < lo || n > hi {
        return Err(ApiError::bad_username(format!(
            "a username has {lo} to {hi} characters, not {n}"
        )));
    }
    if let Some(c) = text
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
    {
        return Err(ApiError::bad_username(format!(
            "a username has only the letters A–Z and a–z, digits, _ and -, not {c:?}"
        )));
    }
    let key = text.to_ascii_lowercase();
    let program_like = key.starts_with("ai")
        && key[2..]
            .chars()
            .all(|c| c.is_ascii_digit() || c == '-' || c == '_');
    if RESERVED.contains(&key.as_str()) || program_like {
        return Err(ApiError::bad_username(format!(
            "{text:?} is reserved: choose another name"
        )));
    }
    Ok((text.to_string(), key))
}

/// The key of a name as given to log in (no checks: an unknown name is
/// answered like a wrong password).
pub fn key_of(text: &str) -> String {
    text.to_ascii_lowercase()
}

/// Checks a new password: 400 `weak_password` unless it has 8 to 256
/// characters.
pub fn check_password(text: &str) -> Result<(), ApiError> {
    let n = text.chars().count();
    let (lo, hi) = PASSWORD_LEN;
    if n < lo || n > hi {
        return Err(ApiError::weak_password(format!(
            "a password has {lo} to {hi} characters, not {n}"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn usernames_are_checked() {
        assert_eq!(
            check_username("Ada_Lovelace-1").unwrap(),
            ("Ada_Lovelace-1".to_string(), "ada_lovelace-1".to_string())
        );
        for bad in [
            "ab",
            "a23456789012345678901",
            "ai:3",
            "Ad a",
            "Ådä",
            "admin",
            "ANONYMOUS",
            "Ai3",
            "random",
            "deleted",
            "",
        ] {
            assert_eq!(
                check_username(bad).map_err(|e| e.code),
                Err("bad_username"),
                "{bad:?}"
            );
        }
        assert!(check_username("aim").is_ok(), "a name starting with ai");
    }

    #[test]
    fn passwords_are_checked() {
        assert!(check_password("12345678").is_ok());
        assert!(check_password(&"é".repeat(256)).is_ok());
        for bad in ["1234567", "", &"x".repeat(257)] {
            assert_eq!(
                check_password(bad).map_err(|e| e.code),
                Err("weak_password")
            );
        }
    }

    proptest! {
        #[test]
        fn any_text_is_answered_without_panic(s in "\\PC{0,40}") {
            let _ = check_username(&s);
            let _ = check_password(&s);
            if let Ok((name, key)) = check_username(&s) {
                prop_assert_eq!(key, name.to_ascii_lowercase());
            }
        }
    }
}
