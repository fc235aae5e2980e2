//! The ASCII diagrams of the Shiamgon ruling's checks, laid on `disc10`
//! column by column (3° a column). One copy, so the text checks
//! (`text_checks.rs`) and the rules' pictures (`examples/shiamgon_pictures.rs`)
//! read the same diagrams.

/// The ruling's wall diagram (rings 10 … 6, from 15°).
pub const WALLS: [&str; 5] = [
    " | |#| | | | |#| | | | |#|#| | | | | | | | | | | |",
    "| |#| | | | |#| |y| | | | |#| | | | | | | | | | |",
    " | # |   | x | # |   |   | # | # |   |   |   |   | ",
    "   | # |   |   | # |   |   |   | # | # | # | # |  ",
    " |   #   |       |   #   |       |       |   #   |",
];

/// The ruling's cluster diagram (rings 10 … 6, from 15°).
pub const CLUSTERS: [&str; 5] = [
    " | |#| | | |X|X| | | | |#|#| |",
    "| |#|#| | | |X| | | | | | |#| ",
    " | # | # |   | Y |   |   | # |",
    "   | # | # |   | Y |   | # |  ",
    " |   #   |       |   Z   |    ",
];

/// The ruling's 15/6 diagram (rings 5 and 4, from 0°).
pub const FIFTEEN_SIX: [&str; 2] = [
    "  |   A   |       |   C   |       |       |       |       |       |   E   |       |",
    "|         B         |         D         |                   |         F         |",
];

/// The rings of the five-line diagrams, top line first.
pub const FIVE_RINGS: [usize; 5] = [10, 9, 8, 7, 6];
