//! A damaged table is refused before its first answer, whatever the damage:
//! every bit of the header and bytes spread over the entries; a table that
//! passed its check once opens without reading it whole again.

use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::Path;
use std::time::{Duration, SystemTime};

use kyoku_dobutsu::solve::{Convention, HEADER_LEN, TableError, Tablebase, solve_material};

/// Flips `mask` in the byte at `at`, and moves the modification time on so
/// that a stamp from before cannot match by the clock's coarseness.
fn flip(path: &Path, at: u64, mask: u8, mtime: SystemTime) {
    let mut bytes = std::fs::read(path).expect("read");
    bytes[at as usize] ^= mask;
    let mut f = OpenOptions::new().write(true).open(path).expect("open");
    f.seek(SeekFrom::Start(0)).expect("seek");
    f.write_all(&bytes).expect("write");
    f.set_modified(mtime).expect("mtime");
}

fn stamp_of(path: &Path) -> std::path::PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".verified");
    s.into()
}

#[test]
fn every_flipped_bit_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("t.kdtb");
    let tb = solve_material([1, 0, 1], Convention::Seed).expect("solve");
    tb.write(&path).expect("write");
    let len = std::fs::metadata(&path).expect("meta").len();
    let entries = len - HEADER_LEN as u64;
    // Every header bit, and one bit in each of 200 entries spread over the table.
    let mut places: Vec<(u64, u8)> = (0..HEADER_LEN as u64)
        .flat_map(|b| (0..8).map(move |i| (b, 1u8 << i)))
        .collect();
    places.extend((0..200).map(|k| (HEADER_LEN as u64 + k * entries / 200, 1u8 << (k % 8))));
    let base = SystemTime::now() - Duration::from_secs(3600);
    for (n, &(at, mask)) in places.iter().enumerate() {
        // Open (and stamp) the good table, then damage it.
        Tablebase::open(&path, false).expect("the good table opens");
        flip(&path, at, mask, base + Duration::from_secs(2 * n as u64));
        match Tablebase::open(&path, false) {
            Err(e @ (TableError::BadHeader(_) | TableError::BadChecksum(_))) => {
                let msg = e.to_string();
                assert!(msg.contains("t.kdtb"), "{msg}");
                assert!(msg.contains("kyoku solve dobutsu"), "{msg}");
            }
            Err(e) => panic!("byte {at} mask {mask:#x}: unexpected error {e}"),
            Ok(_) => panic!("byte {at} mask {mask:#x}: a damaged table was accepted"),
        }
        flip(
            &path,
            at,
            mask,
            base + Duration::from_secs(2 * n as u64 + 1),
        );
    }
}

#[test]
fn all_zero_and_all_fe_entries_are_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("t.kdtb");
    solve_material([0, 1, 1], Convention::Seed)
        .expect("solve")
        .write(&path)
        .expect("write");
    let good = std::fs::read(&path).expect("read");
    for fill in [0u8, 0xfe] {
        let mut bad = good.clone();
        bad[HEADER_LEN..].fill(fill);
        std::fs::write(&path, &bad).expect("write");
        File::options()
            .write(true)
            .open(&path)
            .and_then(|f| f.set_modified(SystemTime::now() + Duration::from_secs(10)))
            .expect("mtime");
        assert!(
            matches!(
                Tablebase::open(&path, false),
                Err(TableError::BadChecksum(_))
            ),
            "entries all {fill:#x} accepted"
        );
    }
}

#[test]
fn a_verified_table_is_not_read_again() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("t.kdtb");
    solve_material([1, 1, 0], Convention::Seed)
        .expect("solve")
        .write(&path)
        .expect("write");
    // Writing stamps the table: it is known good without a read.
    assert!(stamp_of(&path).exists());
    Tablebase::open(&path, false).expect("opens");
    // Damage the entries but keep size and time: the stamp still matches, so
    // the open does not read the file (which is the point of the stamp)...
    let meta = std::fs::metadata(&path).expect("meta");
    let mtime = meta.modified().expect("mtime");
    flip(&path, HEADER_LEN as u64 + 5, 0x10, mtime);
    Tablebase::open(&path, false).expect("trusted by its stamp");
    // ... while a forced check, or a stamp removed, finds the damage.
    assert!(matches!(
        Tablebase::open(&path, true),
        Err(TableError::BadChecksum(_))
    ));
    std::fs::remove_file(stamp_of(&path)).expect("remove stamp");
    assert!(matches!(
        Tablebase::open(&path, false),
        Err(TableError::BadChecksum(_))
    ));
}
