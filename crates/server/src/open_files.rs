//! The process's limit of open files, raised to fit the connections the
//! server may hold. Every connection is a file; past the limit `accept`
//! fails with "too many open files" and clients see connections dropped
//! with nothing telling the operator why. Many systems start a process
//! with a soft limit of 1,024 and a hard one far above: the soft one may
//! be raised by the process itself, as Go's runtime and nginx
//! (`worker_rlimit_nofile`) do.

use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};

/// Files kept for what is not a client's connection: the database's pool
/// and files, the listener, the runtime's own, logs and the table.
pub const RESERVED_FILES: u64 = 256;

/// The connections asked for need more open files than the process may
/// have.
#[derive(Debug, thiserror::Error)]
#[error(
    "{connections} connections need {needed} open files, but this process may open at most \
     {hard} (`ulimit -Hn`): lower --max-connections to {fits} or below, or raise the hard \
     limit (LimitNOFILE= in a systemd unit, `ulimit -Hn` in the shell that starts it)"
)]
pub struct OpenFilesError {
    /// Connections asked for.
    pub connections: usize,
    /// Files they need, with [`RESERVED_FILES`].
    pub needed: u64,
    /// The hard limit.
    pub hard: u64,
    /// The most connections that fit.
    pub fits: u64,
}

/// Raises the soft limit of open files to fit `connections` and what the
/// server needs besides; returns the limit in force after.
pub fn make_room(connections: usize) -> Result<u64, OpenFilesError> {
    let needed = connections as u64 + RESERVED_FILES;
    let now = getrlimit(Resource::Nofile);
    // `None` is "unlimited".
    let soft = now.current.unwrap_or(u64::MAX);
    let hard = now.maximum.unwrap_or(u64::MAX);
    if needed <= soft {
        return Ok(soft);
    }
    if needed > hard {
        return Err(OpenFilesError {
            connections,
            needed,
            hard,
            fits: hard.saturating_sub(RESERVED_FILES),
        });
    }
    let raised = Rlimit {
        current: Some(needed),
        maximum: now.maximum,
    };
    match setrlimit(Resource::Nofile, raised) {
        Ok(()) => Ok(needed),
        // Not allowed after all (a sandbox): say so as if the hard limit
        // were the soft one.
        Err(_) => Err(OpenFilesError {
            connections,
            needed,
            hard: soft,
            fits: soft.saturating_sub(RESERVED_FILES),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_that_fits_is_left_alone_and_one_past_the_hard_limit_is_refused() {
        let before = getrlimit(Resource::Nofile);
        let soft = before.current.unwrap_or(u64::MAX);
        if soft > RESERVED_FILES {
            let fits = (soft - RESERVED_FILES) as usize;
            assert_eq!(make_room(fits).ok(), Some(soft));
        }
        if let Some(hard) = before.maximum {
            let e = make_room(hard as usize).expect_err("past the hard limit");
            assert_eq!(e.needed, hard + RESERVED_FILES);
            assert!(e.to_string().contains("--max-connections"), "{e}");
        }
        assert_eq!(getrlimit(Resource::Nofile).current, before.current);
        // One file past the soft limit raises it by one (a harmless change
        // to this test process).
        if let (Some(soft), Some(hard)) = (before.current, before.maximum)
            && soft < hard
            && soft > RESERVED_FILES
        {
            let one_more = (soft + 1 - RESERVED_FILES) as usize;
            assert_eq!(make_room(one_more).ok(), Some(soft + 1));
            assert_eq!(getrlimit(Resource::Nofile).current, Some(soft + 1));
        }
    }
}
