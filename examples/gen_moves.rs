//! Writes a long, legal LURD log for the `verify` benchmark: a seeded random
//! walk on a real level, biased towards pushes, with undos that keep the line of play
//! short: about half the log is undos, as a bounded line of play implies.
//!
//! `cargo run --release --example gen_moves -- MAP LEVEL COUNT > moves.sav`,
//! where MAP is an XSB file or a built-in collection (`xsokoban`).

use std::io::Write;
use std::path::PathBuf;

use schokoban::commands::load_level;
use schokoban_core::{Direction, Game, format_log};

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: gen_moves MAP LEVEL COUNT";
    let map = PathBuf::from(args.next().ok_or_else(|| anyhow::anyhow!(usage))?);
    let level: usize = args.next().ok_or_else(|| anyhow::anyhow!(usage))?.parse()?;
    let count: usize = args.next().ok_or_else(|| anyhow::anyhow!(usage))?.parse()?;

    let mut game = Game::new(load_level(&map, level)?);
    // xorshift64: reproducible without a dependency.
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    while game.score() < count {
        let roll = next();
        // Undo now and then, and often once the line of play is long, so the
        // boxes keep coming back instead of ending up stuck in corners.
        let undo = roll % 8 == 0 || (game.history().len() > 64 && roll % 2 == 0);
        if undo && game.undo().is_some() {
            continue;
        }
        // Half the time, push a box if one can be pushed.
        let pushing: Vec<Direction> = Direction::ALL
            .into_iter()
            .filter(|&d| game.would_push(d) == Ok(true))
            .collect();
        let direction = if roll & 0x10 == 0 && !pushing.is_empty() {
            pushing[(roll >> 8) as usize % pushing.len()]
        } else {
            Direction::ALL[(roll >> 8) as usize % 4]
        };
        if game.step(direction).is_err()
            && Direction::ALL.iter().all(|&d| game.would_push(d).is_err())
        {
            game.undo();
        }
    }
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", format_log(game.log()))?;
    eprintln!(
        "{} moves, {} pushes in the line of play",
        game.score(),
        game.pushes()
    );
    Ok(())
}
