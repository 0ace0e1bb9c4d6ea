//! Writes a giant open room for testing the solver's and the game's limits:
//! `cargo run -p schokoban-solver --example giant_room -- 250 4000 > giant.xsb`,
//! then `/usr/bin/time -v target/release/schokoban solve giant.xsb --timeout 5`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let usage = "usage: giant_room SIDE BOXES";
    let numbers: Vec<usize> = std::env::args()
        .skip(1)
        .map_while(|arg| arg.parse().ok())
        .collect();
    let &[side, boxes] = numbers.as_slice() else {
        eprintln!("{usage}");
        return ExitCode::FAILURE;
    };
    let Some(room) = schokoban_solver::giant_room(side, boxes) else {
        eprintln!("{boxes} boxes do not fit a {side} room");
        return ExitCode::FAILURE;
    };
    print!("{room}");
    ExitCode::SUCCESS
}
