//! `schokoban generate`: levels made from a seed, printed as an XSB
//! collection ready for "Add a collection".

use std::io::Write;
use std::sync::atomic::AtomicBool;

use anyhow::Context;
use schokoban_core::Level;
use schokoban_generate::{Day, Difficulty, Request, Size, generate_after, generate_daily};

/// What to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The first level's seed; each next level takes the next seed (or
    /// the one after, when a level would be a near-copy of the one before).
    pub seed: u64,
    /// How big.
    pub size: Size,
    /// How hard.
    pub difficulty: Difficulty,
    /// How many levels.
    pub count: usize,
}

/// Makes the levels and writes each to `out` as soon as it is made.
pub fn run(options: Options, out: &mut impl Write) -> anyhow::Result<()> {
    let cancel = AtomicBool::new(false);
    let mut previous: Option<Level> = None;
    let mut seed = options.seed;
    for index in 0..options.count {
        let request = Request {
            seed,
            size: options.size,
            difficulty: options.difficulty,
        };
        let made = generate_after(&request, previous.as_ref(), &cancel, &mut |_| {})
            .with_context(|| format!("generating level {} of {}", index + 1, options.count))?;
        if index > 0 {
            writeln!(out)?;
        }
        write!(out, "{}", made.to_xsb())?;
        out.flush()?;
        seed = made.request.seed.wrapping_add(1);
        previous = Some(made.level);
    }
    Ok(())
}

/// Makes the daily level of `day` and writes it to `out`.
pub fn run_daily(day: Day, out: &mut impl Write) -> anyhow::Result<()> {
    let made = generate_daily(day, &AtomicBool::new(false), &mut |_| {})
        .with_context(|| format!("generating the daily level of {day}"))?;
    write!(out, "{}", made.to_xsb())?;
    out.flush()?;
    Ok(())
}
