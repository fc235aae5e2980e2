//! Passwords: hashed with Argon2id on a small bounded pool of blocking
//! threads, so that a flood of logins waits its turn instead of taking
//! every core from the games.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::Semaphore;

use crate::error::ApiError;

/// Argon2id's cost, in one place: 19 MiB of memory, 2 passes, one lane —
/// OWASP's recommended minimum for Argon2id (about 20–40 ms a hash on one
/// core of a small server). Stored hashes carry their parameters, so a
/// change here applies to new passwords and old ones still verify.
pub const ARGON2_MEMORY_KIB: u32 = 19 * 1024;
/// Argon2id's passes over the memory.
pub const ARGON2_PASSES: u32 = 2;
/// Argon2id's lanes.
pub const ARGON2_LANES: u32 = 1;

/// Hashes waiting for the pool beyond which a login is refused with 503
/// `busy` at once rather than queued.
const MAX_WAITING: usize = 256;

fn argon2() -> Argon2<'static> {
    let params =
        Params::new(ARGON2_MEMORY_KIB, ARGON2_PASSES, ARGON2_LANES, None).unwrap_or_default();
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes `password` with a new random salt (a PHC string).
fn hash_now(password: &str) -> Result<String, ApiError> {
    let salt = SaltString::generate(&mut argon2::password_hash::rand_core::OsRng);
    argon2()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| ApiError::internal(format!("the password could not be hashed: {e}")))
}

/// A hash no password matches, verified for an unknown name so that it
/// costs what a known one does.
fn dummy() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| hash_now("kyoku: no such account").unwrap_or_default())
}

/// Whether `password` matches the stored hash `phc` (`None`: an unknown
/// or deleted account, never matched, checked against a dummy all the
/// same).
fn verify_now(password: &str, phc: Option<&str>) -> bool {
    let stored = phc.map_or_else(|| dummy().to_string(), str::to_string);
    let Ok(parsed) = PasswordHash::new(&stored) else {
        return false;
    };
    let ok = argon2()
        .verify_password(password.as_bytes(), &parsed)
        .is_ok();
    ok && phc.is_some()
}

/// The pool passwords are hashed and verified on.
pub struct Passwords {
    permits: Arc<Semaphore>,
    waiting: AtomicUsize,
}

impl Passwords {
    /// A pool of `threads` (at least one).
    pub fn new(threads: usize) -> Passwords {
        Passwords {
            permits: Arc::new(Semaphore::new(threads.max(1))),
            waiting: AtomicUsize::new(0),
        }
    }

    /// Runs `f` on the pool once a thread is free; 503 `busy` when too
    /// many wait already.
    async fn on_pool<R: Send + 'static>(
        &self,
        f: impl FnOnce() -> R + Send + 'static,
    ) -> Result<R, ApiError> {
        if self.waiting.fetch_add(1, Ordering::Relaxed) >= MAX_WAITING {
            self.waiting.fetch_sub(1, Ordering::Relaxed);
            return Err(ApiError::busy(
                "too many logins at once; try again in a few seconds",
            ));
        }
        let permit = self.permits.clone().acquire_owned().await;
        self.waiting.fetch_sub(1, Ordering::Relaxed);
        let permit = permit.map_err(|_| ApiError::internal("the password pool has stopped"))?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            f()
        })
        .await
        .map_err(|e| ApiError::internal(format!("password check failed: {e}")))
    }

    /// The Argon2id hash of `password` (a PHC string with its salt and
    /// parameters).
    pub async fn hash(&self, password: String) -> Result<String, ApiError> {
        self.on_pool(move || hash_now(&password)).await?
    }

    /// Whether `password` matches `phc`; `None` (no such account) is
    /// checked as long as a real one and never matches.
    pub async fn verify(&self, password: String, phc: Option<String>) -> Result<bool, ApiError> {
        self.on_pool(move || verify_now(&password, phc.as_deref()))
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let pool = Passwords::new(1);
        let h = pool.hash("correct horse".into()).await.unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(!h.contains("correct horse"));
        assert!(
            pool.verify("correct horse".into(), Some(h.clone()))
                .await
                .unwrap()
        );
        assert!(!pool.verify("correct horsE".into(), Some(h)).await.unwrap());
        assert!(
            !pool
                .verify("kyoku: no such account".into(), None)
                .await
                .unwrap()
        );
        assert!(
            !pool
                .verify("x".into(), Some("not a hash".into()))
                .await
                .unwrap()
        );
    }
}
