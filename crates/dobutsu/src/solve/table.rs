//! The tablebase file and reading values from it.
//!
//! Layout: a 64-byte header, then one byte per numbered position of the
//! table (see `compact.rs`: the positions whose side to move can take the
//! Lion have no number) in number order (0 = draw, `d + 1` = distance `d` plies, odd `d` a win for
//! the side to move, even a loss).
//!
//! Header (little-endian): magic `KYOKUDTB` (8), format version u32,
//! convention u8, material (3 bytes), entry count u64, checksum u64 (of the
//! header's first 24 bytes and the entries, see [`checksum`]), 32 bytes zero.
//!
//! A table is checked whole before its first answer: a damaged table would
//! otherwise answer wrongly without a sign. Checking reads every byte, so a
//! table that passed leaves a stamp beside it (`<file>.verified`: its size,
//! modification time and checksum); while the stamp matches, opening is
//! instant.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;
use thiserror::Error;

use super::board::{Convention, Pos, Status};
use super::bytes::AtomicBytes;
use super::compact::Compact;
use super::index::Indexer;
use crate::position::Position;

const MAGIC: &[u8; 8] = b"KYOKUDTB";
/// The file format's version.
pub const FORMAT_VERSION: u32 = 3;
/// Bytes before the entries.
pub const HEADER_LEN: usize = 64;

/// The value of a position for the side to move, with the distance in
/// plies to the end under perfect play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in this many plies (odd).
    Win(u32),
    /// The side to move loses in this many plies (even).
    Loss(u32),
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// From a table byte.
    pub fn from_byte(b: u8) -> Value {
        if b == 0 {
            Value::Draw
        } else {
            let d = b as u32 - 1;
            if d % 2 == 1 {
                Value::Win(d)
            } else {
                Value::Loss(d)
            }
        }
    }
    /// `win`, `loss` or `draw`.
    pub fn word(self) -> &'static str {
        match self {
            Value::Win(_) => "win",
            Value::Loss(_) => "loss",
            Value::Draw => "draw",
        }
    }
    /// The distance in plies (`None` for a draw).
    pub fn plies(self) -> Option<u32> {
        match self {
            Value::Win(d) | Value::Loss(d) => Some(d),
            Value::Draw => None,
        }
    }
    /// The value of the position before, for the side that moved into this one.
    pub fn parent(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(d + 1),
            Value::Loss(d) => Value::Win(d + 1),
            Value::Draw => Value::Draw,
        }
    }
    /// Higher is better for the side to move: fast wins, then draws, then slow losses.
    pub fn score(self) -> i64 {
        match self {
            Value::Win(d) => 100_000 - d as i64,
            Value::Draw => 0,
            Value::Loss(d) => -100_000 + d as i64,
        }
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Win(d) => write!(f, "win in {d}"),
            Value::Loss(d) => write!(f, "loss in {d}"),
            Value::Draw => f.write_str("draw"),
        }
    }
}

/// Why a table cannot be used.
#[derive(Debug, Error)]
pub enum TableError {
    /// No file where the table should be.
    #[error(
        "no Dōbutsu tablebase at {0} (build it with `kyoku solve dobutsu`: under a minute on two cores)"
    )]
    Missing(PathBuf),
    /// Reading or writing failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The file is not a table of this version, or its header is damaged.
    #[error(
        "{0}: not a kyoku Dōbutsu tablebase of format {FORMAT_VERSION}, or its header is damaged \
         (delete it and rebuild it with `kyoku solve dobutsu`)"
    )]
    BadHeader(PathBuf),
    /// The file is damaged: its contents do not match the checksum in its header.
    #[error(
        "{0}: the table is damaged (its checksum does not match its contents); \
         delete it and rebuild it with `kyoku solve dobutsu`"
    )]
    BadChecksum(PathBuf),
    /// The table was built for other rules.
    #[error("{path}: built for the {found} convention, not {wanted}")]
    WrongConvention {
        /// The file.
        path: PathBuf,
        /// In the file.
        found: &'static str,
        /// Asked for.
        wanted: &'static str,
    },
}

/// A fast 64-bit checksum of the entries: a multiply-rotate hash of each
/// 1 MiB block, the blocks' hashes combined in order. (The file's header
/// holds `seal` of this and the header's fields.)
pub fn checksum(data: &[u8]) -> u64 {
    let blocks: Vec<u64> = data.par_chunks(1 << 20).map(checksum_block).collect();
    combine(&blocks)
}

/// The checksum a header records: the entries' [`checksum`] mixed with the
/// header's first 24 bytes (magic, version, convention, material, count),
/// so that a flipped bit there is caught even where it still reads as a
/// valid header (another convention, say).
fn seal(head: &[u8], data_sum: u64) -> u64 {
    combine(&[checksum_block(&head[..24]), data_sum])
}

fn header(conv: Convention, material: [u8; 3], count: u64, sum: u64) -> [u8; HEADER_LEN] {
    let mut h = [0u8; HEADER_LEN];
    h[..8].copy_from_slice(MAGIC);
    h[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    h[12] = conv.code();
    h[13..16].copy_from_slice(&material);
    h[16..24].copy_from_slice(&count.to_le_bytes());
    let sum = seal(&h, sum);
    h[24..32].copy_from_slice(&sum.to_le_bytes());
    h
}

/// Writes solved entries (in the file's form) to `path`; returns the checksum.
pub(crate) fn write_table(
    path: &Path,
    conv: Convention,
    material: [u8; 3],
    entries: &AtomicBytes,
) -> Result<u64, TableError> {
    let io = |source| TableError::Io {
        path: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    // Checksum block by block, copying out of the atomics.
    let mut buf = vec![0u8; 1 << 20];
    let tmp = path.with_extension("partial");
    let file = File::create(&tmp).map_err(io)?;
    let mut w = BufWriter::with_capacity(1 << 20, file);
    w.write_all(&[0u8; HEADER_LEN]).map_err(io)?;
    let mut blocks = Vec::new();
    for lo in (0..entries.len()).step_by(1 << 20) {
        let b = &mut buf[..(entries.len() - lo).min(1 << 20)];
        entries.copy_out(lo, b);
        blocks.push(checksum_block(b));
        w.write_all(b).map_err(io)?;
    }
    let mut file = w.into_inner().map_err(|e| io(e.into_error()))?;
    use std::io::Seek;
    file.seek(std::io::SeekFrom::Start(0)).map_err(io)?;
    let h = header(conv, material, entries.len() as u64, combine(&blocks));
    file.write_all(&h).map_err(io)?;
    file.sync_all().map_err(io)?;
    drop(file);
    std::fs::rename(&tmp, path).map_err(io)?;
    let sum = u64::from_le_bytes(h[24..32].try_into().expect("8 bytes"));
    // Just written from memory: no need to read it back before its first use.
    stamp(path, sum);
    Ok(sum)
}

/// The stamp file of a table: `<table>.verified`.
fn stamp_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".verified");
    PathBuf::from(s)
}

/// What a stamp records of a table file: size, modification time (ns since
/// the epoch) and the checksum in its header. `None` if the file system
/// does not say.
fn stamp_line(path: &Path, sum: u64) -> Option<String> {
    let meta = std::fs::metadata(path).ok()?;
    let mtime = meta
        .modified()
        .ok()?
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?
        .as_nanos();
    Some(format!("{} {mtime} {sum:016x}\n", meta.len()))
}

/// Records that the table at `path` passed its check. Best effort: without
/// the stamp (a read-only directory, say) the table is checked at every open.
fn stamp(path: &Path, sum: u64) {
    if let Some(line) = stamp_line(path, sum) {
        let _ = std::fs::write(stamp_path(path), line);
    }
}

/// Whether the table at `path` passed its check as it stands now.
fn stamped(path: &Path, sum: u64) -> bool {
    match (
        stamp_line(path, sum),
        std::fs::read_to_string(stamp_path(path)),
    ) {
        (Some(now), Ok(then)) => now == then,
        _ => false,
    }
}

fn checksum_block(b: &[u8]) -> u64 {
    let mut h = 0x9E37_79B9_7F4A_7C15u64 ^ b.len() as u64;
    let mut words = b.chunks_exact(8);
    for w in &mut words {
        let x = u64::from_le_bytes(w.try_into().expect("8 bytes"));
        h = (h ^ x).wrapping_mul(0xFF51_AFD7_ED55_8CCD).rotate_left(29);
    }
    for &x in words.remainder() {
        h = (h ^ x as u64)
            .wrapping_mul(0xC4CE_B9FE_1A85_EC53)
            .rotate_left(17);
    }
    h
}

fn combine(blocks: &[u64]) -> u64 {
    blocks.iter().fold(0xCBF2_9CE4_8422_2325u64, |acc, &h| {
        (acc ^ h)
            .wrapping_mul(0x0000_0100_0000_01B3)
            .rotate_left(31)
    })
}

/// The checksum recorded in a table file's header.
pub fn checksum_of(path: &Path) -> Result<u64, TableError> {
    let mut h = [0u8; HEADER_LEN];
    File::open(path)
        .and_then(|mut f| f.read_exact(&mut h))
        .map_err(|source| TableError::Io {
            path: path.to_path_buf(),
            source,
        })?;
    Ok(u64::from_le_bytes(h[24..32].try_into().expect("8 bytes")))
}

/// Where tables live: `$KYOKU_DATA_DIR`, else `$XDG_DATA_HOME/kyoku`, else
/// `~/.local/share/kyoku`, else `./kyoku-data`.
pub fn data_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("KYOKU_DATA_DIR").filter(|d| !d.is_empty()) {
        return PathBuf::from(d);
    }
    if let Some(d) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(d).join("kyoku");
    }
    if let Some(h) = std::env::var_os("HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(h).join(".local/share/kyoku");
    }
    PathBuf::from("kyoku-data")
}

/// The default file of a convention's table.
pub fn default_path(conv: Convention) -> PathBuf {
    data_dir().join(format!("dobutsu-{}.kdtb", conv.name()))
}

/// Where a table's bytes are.
pub(crate) enum Bytes {
    Mapped(memmap2::Mmap),
    Owned(AtomicBytes),
}

/// A solved table: the value of every position, by the table's convention.
pub struct Tablebase {
    conv: Convention,
    bytes: Bytes,
    cx: Arc<Compact>,
}

impl Tablebase {
    pub(crate) fn from_entries(
        conv: Convention,
        cx: Arc<Compact>,
        entries: AtomicBytes,
    ) -> Tablebase {
        Tablebase {
            conv,
            bytes: Bytes::Owned(entries),
            cx,
        }
    }

    /// The plain numbering (all Lion classes), for the forward search.
    pub(crate) fn indexer(&self) -> &Indexer {
        self.cx.indexer()
    }

    /// The table's numbering.
    pub(crate) fn compact(&self) -> &Compact {
        &self.cx
    }

    /// Opens a table file (memory-mapped: pages load as they are read).
    ///
    /// The header is always checked, and the checksum over the whole file
    /// before the first answer: once per file (a stamp beside it records the
    /// check, see the module notes), or every time with `verify`. A damaged
    /// table is [`TableError::BadHeader`] or [`TableError::BadChecksum`].
    pub fn open(path: &Path, verify: bool) -> Result<Tablebase, TableError> {
        let io = |source| TableError::Io {
            path: path.to_path_buf(),
            source,
        };
        let mut file = match File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(TableError::Missing(path.to_path_buf()));
            }
            Err(e) => return Err(io(e)),
        };
        let mut h = [0u8; HEADER_LEN];
        file.read_exact(&mut h)
            .map_err(|_| TableError::BadHeader(path.to_path_buf()))?;
        let material = [h[13], h[14], h[15]];
        if material.iter().any(|&m| m > 2) {
            return Err(TableError::BadHeader(path.to_path_buf()));
        }
        let cx = if material == [2, 2, 2] {
            Compact::full()
        } else {
            Arc::new(Compact::new(Arc::new(Indexer::new(material))))
        };
        let version = u32::from_le_bytes(h[8..12].try_into().expect("4 bytes"));
        let count = u64::from_le_bytes(h[16..24].try_into().expect("8 bytes"));
        let sum = u64::from_le_bytes(h[24..32].try_into().expect("8 bytes"));
        let conv = Convention::from_code(h[12]);
        let len = file.metadata().map_err(io)?.len();
        let (true, Some(conv)) = (
            &h[..8] == MAGIC
                && version == FORMAT_VERSION
                && count == cx.size()
                && len == HEADER_LEN as u64 + count
                && h[32..].iter().all(|&b| b == 0),
            conv,
        ) else {
            return Err(TableError::BadHeader(path.to_path_buf()));
        };
        let map = map_file(&file).map_err(io)?;
        if verify || !stamped(path, sum) {
            if seal(&h, checksum(&map[HEADER_LEN..])) != sum {
                return Err(TableError::BadChecksum(path.to_path_buf()));
            }
            stamp(path, sum);
        }
        Ok(Tablebase {
            conv,
            bytes: Bytes::Mapped(map),
            cx,
        })
    }

    /// Opens the default table of a convention (checked once per file, as
    /// [`Tablebase::open`] says).
    pub fn open_default(conv: Convention) -> Result<Tablebase, TableError> {
        let path = default_path(conv);
        let tb = Tablebase::open(&path, false)?;
        if tb.conv != conv {
            return Err(TableError::WrongConvention {
                path,
                found: tb.conv.name(),
                wanted: conv.name(),
            });
        }
        Ok(tb)
    }

    /// The rules the table was solved under.
    pub fn convention(&self) -> Convention {
        self.conv
    }

    /// Number of entries (stored positions).
    pub fn len(&self) -> u64 {
        self.cx.size()
    }

    /// Whether the table is empty (never: kept for the lint).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The byte of an entry.
    #[inline]
    pub(crate) fn entry(&self, idx: u64) -> u8 {
        match &self.bytes {
            Bytes::Mapped(m) => m[HEADER_LEN + idx as usize],
            Bytes::Owned(v) => v.load(idx as usize),
        }
    }

    pub(crate) fn owned(&self) -> Option<&AtomicBytes> {
        match &self.bytes {
            Bytes::Owned(v) => Some(v),
            Bytes::Mapped(_) => None,
        }
    }

    /// The value of a solver position (side to move's view).
    pub(crate) fn value_of(&self, p: &Pos) -> Value {
        match p.status(self.conv) {
            Status::Capture => Value::Win(1),
            Status::Arrived => Value::Loss(0),
            Status::AlreadyWon => Value::Win(0),
            // Open positions are numbered (a numbering that disagreed would
            // be a bug; the win it would answer is then the safer guess).
            Status::Open => match self.cx.table_index(p) {
                Some(idx) => Value::from_byte(self.entry(idx)),
                None => {
                    debug_assert!(false, "an open position without a number");
                    Value::Win(1)
                }
            },
        }
    }

    /// Giraffes, Elephants and Chicks in the table's game (2 each for the real game).
    pub fn material(&self) -> [u8; 3] {
        self.cx.indexer().material
    }

    /// Whether the table holds positions with `pos`'s pieces (always, for
    /// the real game's table).
    pub fn covers(&self, pos: &Position) -> bool {
        use crate::types::{Color, Kind};
        let count = |k: Kind, h: Kind| {
            (pos.pieces_of_kind(k) | pos.pieces_of_kind(h)).count_ones() as u8
                + pos.hand(Color::Sente, k)
                + pos.hand(Color::Gote, k)
        };
        [
            count(Kind::Giraffe, Kind::Giraffe),
            count(Kind::Elephant, Kind::Elephant),
            count(Kind::Chick, Kind::Hen),
        ] == self.cx.indexer().material
    }

    /// The value of a position for its side to move (`None` when the game
    /// is over, or the table does not cover its pieces). Only meaningful for
    /// a table of the product's rules (`seed`).
    pub fn value(&self, pos: &Position) -> Option<Value> {
        if pos.result().is_some() || !self.covers(pos) {
            return None;
        }
        Pos::from_position(pos).map(|p| self.value_of(&p))
    }
}

#[allow(unsafe_code)]
fn map_file(file: &File) -> std::io::Result<memmap2::Mmap> {
    // SAFETY: the table file is only ever written whole, to a temporary
    // name renamed into place; nothing writes to a file once it is mapped.
    unsafe { memmap2::Mmap::map(file) }
}
