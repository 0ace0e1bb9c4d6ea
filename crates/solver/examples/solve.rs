//! Solves the level read from standard input (XSB or any format the core
//! reads) and prints the solution as LURD:
//! `cargo run --release -p schokoban-solver --example solve < level.xsb`.

use std::io::Read;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use schokoban_core::{format_steps, parse_level};
use schokoban_solver::{Limits, Outcome, solve};

fn main() -> ExitCode {
    let mut text = String::new();
    if let Err(error) = std::io::stdin().read_to_string(&mut text) {
        eprintln!("error: standard input: {error}");
        return ExitCode::FAILURE;
    }
    let level = match parse_level(&text) {
        Ok(level) => level,
        Err(error) => {
            eprintln!("error: standard input: {error}");
            return ExitCode::FAILURE;
        }
    };
    let limits = Limits::with_time(Duration::from_secs(10));
    match solve(&level, &limits, &AtomicBool::new(false)) {
        Outcome::Solved(steps) => {
            println!("{}", format_steps(&steps));
            ExitCode::SUCCESS
        }
        Outcome::Unsolvable => {
            eprintln!("no solution exists");
            ExitCode::FAILURE
        }
        Outcome::TooLarge(too_large) => {
            eprintln!("too large to solve: {too_large}");
            ExitCode::FAILURE
        }
        Outcome::GaveUp | Outcome::Cancelled => {
            eprintln!("no solution found in 10 s");
            ExitCode::FAILURE
        }
        Outcome::Failed(why) => {
            eprintln!("error: the solver failed: {why}");
            ExitCode::FAILURE
        }
    }
}
