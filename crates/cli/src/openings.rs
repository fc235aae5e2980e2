//! Opening lines for `kyoku match --openings FILE`: each game starts with
//! the moves of one line, so that a match between deterministic programs
//! still covers many positions, and each line is played from every seat.
//!
//! The file has one line of moves per opening, in the game's own move text,
//! separated by spaces or commas; `#` starts a comment, blank lines are
//! skipped:
//!
//! ```text
//! # Dōbutsu: four plies each
//! c1c2 b3b2 b1c1 a4a3
//! b2b3, c4b3, C@c3, C@a2   # commas work too
//! ```

use std::path::Path;

use kyoku_games::{Session, SessionError};
use thiserror::Error;

/// One opening: its moves and the file line it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// 1-based line in the file (for messages).
    pub line: usize,
    /// The moves, as written.
    pub moves: Vec<String>,
}

/// Why an openings file cannot be used.
#[derive(Debug, Error)]
pub enum OpeningsError {
    /// The file could not be read.
    #[error("cannot read the openings file {path}: {source}")]
    Read {
        /// The file as given.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file has no opening at all.
    #[error("the openings file {0} has no opening (one line of moves per opening; # comments)")]
    Empty(String),
    /// A move of a line is not legal where it is played.
    #[error("opening on line {line}: move {index} ({text:?}) cannot be played: {reason}")]
    Illegal {
        /// The file line.
        line: usize,
        /// 1-based move number in the line.
        index: usize,
        /// The move as written.
        text: String,
        /// The rules' reason.
        reason: String,
    },
    /// The line ends the game: nothing would be left to play.
    #[error("opening on line {0} ends the game; an opening must leave a game to play")]
    Finished(usize),
}

/// The openings of `text` (the file's contents): every line with moves.
pub fn parse(text: &str) -> Vec<Opening> {
    text.lines()
        .enumerate()
        .filter_map(|(i, raw)| {
            let body = raw.split('#').next().unwrap_or_default();
            let moves: Vec<String> = body
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|m| !m.is_empty())
                .map(str::to_string)
                .collect();
            (!moves.is_empty()).then_some(Opening { line: i + 1, moves })
        })
        .collect()
}

/// Reads and parses the openings file at `path` (at least one opening).
pub fn read(path: &Path) -> Result<Vec<Opening>, OpeningsError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| OpeningsError::Read {
        path: shown.clone(),
        source,
    })?;
    let openings = parse(&text);
    if openings.is_empty() {
        return Err(OpeningsError::Empty(shown));
    }
    Ok(openings)
}

/// Plays `opening` in `session` for whoever acts; chance, where the game
/// has it and the line does not give it, is drawn by the session's seed.
/// The game must still be on afterwards.
pub fn play(session: &mut Session, opening: &Opening) -> Result<(), OpeningsError> {
    for (i, text) in opening.moves.iter().enumerate() {
        let illegal = |reason: String| OpeningsError::Illegal {
            line: opening.line,
            index: i + 1,
            text: text.clone(),
            reason,
        };
        if session.outcome().is_some() {
            return Err(illegal("the game is already over".into()));
        }
        // A chance outcome written in the line is played as written.
        if session.replay_move(text).is_ok() {
            continue;
        }
        while session
            .draw_chance()
            .map_err(|e| illegal(e.to_string()))?
            .is_some()
        {}
        session
            .replay_move(text)
            .map_err(|e: SessionError| illegal(e.to_string()))?;
    }
    if session.outcome().is_some() {
        return Err(OpeningsError::Finished(opening.line));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn lines_comments_and_separators() {
        let got = parse("# header\n\nb2b3 c4b3,C@c3  # note\n  \n,\nc1c2\n");
        assert_eq!(
            got,
            vec![
                Opening {
                    line: 3,
                    moves: vec!["b2b3".into(), "c4b3".into(), "C@c3".into()]
                },
                Opening {
                    line: 6,
                    moves: vec!["c1c2".into()]
                },
            ]
        );
    }

    proptest! {
        #[test]
        fn parsing_never_panics_and_keeps_no_empty_move(text in "\\PC*") {
            for o in parse(&text) {
                prop_assert!(!o.moves.is_empty());
                prop_assert!(o.moves.iter().all(|m| !m.is_empty() && !m.contains('#')));
            }
        }
    }
}
