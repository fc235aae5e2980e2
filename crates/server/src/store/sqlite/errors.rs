//! What a SQLite failure means for whoever asked: the file locked by
//! another process is [`StoreError::Busy`] (503 `busy`, as a PostgreSQL
//! pool run dry); a full disk, an I/O error, a file that cannot be written
//! or opened is [`StoreError::Unavailable`] (503 `unavailable`: nothing was
//! stored, and the same request succeeds once the operator has freed space
//! or fixed the disk); a damaged file is a 500 that says to restore a
//! backup, since retrying cannot help. Anything else stays
//! [`StoreError::Failed`] with SQLite's own words.

use rusqlite::ErrorCode;

use crate::store::StoreError;

/// How long a statement waits for a lock another process holds on the
/// file before it gives up with `SQLITE_BUSY` (then 503 `busy`).
pub(crate) const BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// The [`StoreError`] of a failure of any statement.
pub(crate) fn classify(e: rusqlite::Error) -> StoreError {
    let rusqlite::Error::SqliteFailure(f, _) = &e else {
        return StoreError::Failed(e.to_string());
    };
    match f.code {
        ErrorCode::DatabaseBusy => StoreError::Busy(format!(
            "the database file is locked by another process (a backup, or another program \
             writing to it) for longer than {} s: nothing was stored; try again shortly",
            BUSY_TIMEOUT.as_secs()
        )),
        ErrorCode::DiskFull => StoreError::Unavailable(
            "the disk holding the database is full: nothing was stored; changes are accepted \
             again once space is freed"
                .into(),
        ),
        ErrorCode::SystemIoFailure => StoreError::Unavailable(format!(
            "the disk failed to read or write the database ({e}): nothing was stored; \
             changes are accepted again once the disk answers"
        )),
        ErrorCode::ReadOnly | ErrorCode::PermissionDenied => StoreError::Unavailable(format!(
            "the database file cannot be written ({e}; made read-only, or its disk mounted \
             read-only): nothing was stored; changes are accepted again once it is writable"
        )),
        ErrorCode::CannotOpen => StoreError::Unavailable(format!(
            "the database file cannot be opened ({e}; removed, or its folder no longer \
             readable): nothing was stored"
        )),
        ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase => StoreError::Failed(format!(
            "the database file is damaged ({e}): stop the server and restore the file from a \
             backup"
        )),
        _ => StoreError::Failed(e.to_string()),
    }
}

/// The [`StoreError`] of a failed `COMMIT`: an I/O error there may come
/// after the transaction reached the write-ahead log (a failed flush), so
/// it may or may not be stored; other failures leave nothing stored.
pub(crate) fn classify_commit(e: rusqlite::Error) -> StoreError {
    match &e {
        rusqlite::Error::SqliteFailure(f, _) if f.code == ErrorCode::SystemIoFailure => {
            StoreError::InDoubt(format!(
                "the disk failed while the change was committed ({e}): it may or may not be \
                 stored; read it again once the disk answers"
            ))
        }
        _ => classify(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failure(code: std::os::raw::c_int) -> rusqlite::Error {
        rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(code), None)
    }

    #[test]
    fn each_failure_gets_its_kind() {
        use rusqlite::ffi;
        let kind = |code| match classify(failure(code)) {
            StoreError::Busy(_) => "busy",
            StoreError::Unavailable(_) => "unavailable",
            StoreError::Failed(_) => "failed",
            other => panic!("{other:?}"),
        };
        assert_eq!(kind(ffi::SQLITE_BUSY), "busy");
        // Extended codes keep their primary code's kind.
        assert_eq!(kind(ffi::SQLITE_BUSY | (3 << 8)), "busy");
        assert_eq!(kind(ffi::SQLITE_FULL), "unavailable");
        assert_eq!(kind(ffi::SQLITE_IOERR_FSYNC), "unavailable");
        assert_eq!(kind(ffi::SQLITE_READONLY), "unavailable");
        assert_eq!(kind(ffi::SQLITE_CANTOPEN), "unavailable");
        assert_eq!(kind(ffi::SQLITE_CORRUPT), "failed");
        assert_eq!(kind(ffi::SQLITE_CONSTRAINT), "failed");
        let damaged = classify(failure(ffi::SQLITE_NOTADB)).to_string();
        assert!(damaged.contains("restore"), "{damaged}");
    }

    #[test]
    fn a_commit_that_failed_to_flush_is_in_doubt() {
        use rusqlite::ffi;
        let e = classify_commit(failure(ffi::SQLITE_IOERR_FSYNC));
        assert!(matches!(e, StoreError::InDoubt(_)), "{e:?}");
        let e = classify_commit(failure(ffi::SQLITE_FULL));
        assert!(matches!(e, StoreError::Unavailable(_)), "{e:?}");
    }
}
