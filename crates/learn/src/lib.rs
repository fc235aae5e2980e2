//! Lessons: short guided steps that teach each game by playing. (Being
//! written.)

#![forbid(unsafe_code)]
#![warn(missing_docs)]
