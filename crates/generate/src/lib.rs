#![deny(missing_docs)]
#![doc = include_str!("../README.md")]
//!
//! ## Inside
//!
//! `room` tiles a room with 3x3 templates; `reverse` pulls boxes from the
//! goals breadth-first and keeps the farthest position; `make` has the
//! solver prove the candidate, trims floor the solution never uses, applies
//! the [`rules`] and rates it; `rng` is the seeded stream everything draws
//! from. No clock and no system randomness: work is bounded by positions
//! searched, so a seed gives the same level everywhere.

mod daily;
mod entry;
mod make;
mod options;
mod rating;
mod reverse;
mod rng;
mod room;
pub mod rules;

pub use daily::{BadDate, Day};
pub use entry::{Entry, EntryError};
pub use make::{
    GenerateError, Generated, Progress, generate, generate_after, generate_daily, generate_in_band,
};
pub use options::{Difficulty, Request, Size, UnknownName};
pub use rating::{
    Band, OPTIMIZE_POSITIONS, RATE_POSITIONS, RateError, Rated, Rating, percentiles, rate,
};
