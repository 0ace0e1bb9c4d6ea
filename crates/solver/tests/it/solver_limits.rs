//! The solver's limits on giant levels: it declines what its tables cannot
//! hold, and reads its clock and cancel flag in setup as well as in search.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use schokoban_core::{Level, parse_level};
use schokoban_solver::{Deadlocks, Limits, Outcome, Stats, Strategy, TooLarge, giant_room, solve};

fn room(side: usize, boxes: usize) -> Level {
    let text = giant_room(side, boxes).expect("the boxes fit the room");
    parse_level(&text).expect("generated room parses")
}

/// Solves `level` with `limits`, uncancelled, and says how much work it did.
fn solve_counting(level: &Level, limits: &Limits) -> (Outcome, Stats) {
    schokoban_solver::solve_with_stats(level, limits, &AtomicBool::new(false))
}

#[test]
fn a_giant_room_is_declined_at_once_with_the_reason() {
    // Before the limits, this took 57 s and 4.4 GB. Declined at once: no
    // clock to stop it and not one position expanded.
    let (outcome, stats) = solve_counting(&room(250, 4000), &Limits::with_time(Duration::MAX));
    let expected = TooLarge {
        cells: 250 * 250,
        goals: 4000,
    };
    assert_eq!(outcome, Outcome::TooLarge(expected));
    assert_eq!(
        expected.to_string(),
        "too large to solve: 62500 cells x 4000 goals"
    );
    assert_eq!(stats, Stats::default());
}

#[test]
fn a_smaller_memory_cap_declines_sooner() {
    // 40 x 40 cells by 100 goals, pushing and pulling: 2.5 MiB of tables.
    let level = room(40, 100);
    let limits = Limits::with_time(Duration::MAX).with_memory(4 << 20);
    let outcome = solve(&level, &limits, &AtomicBool::new(false));
    assert!(matches!(outcome, Outcome::TooLarge(_)), "{outcome:?}");
}

#[test]
fn setup_stops_at_the_time_limit() {
    // The tables fit, but building them and the first matching takes
    // seconds in a debug build; the clock is read per goal and per row, so
    // a limit already past stops it before any position is expanded.
    let limits = Limits::with_time(Duration::from_nanos(1));
    let (outcome, stats) = solve_counting(&room(150, 400), &limits);
    assert_eq!(outcome, Outcome::GaveUp);
    assert_eq!(stats.expanded, 0);
}

#[test]
fn a_cancelled_search_stops_before_building_its_tables() {
    let outcome = solve(
        &room(150, 400),
        &Limits::with_time(Duration::MAX),
        &AtomicBool::new(true),
    );
    assert_eq!(outcome, Outcome::Cancelled);
}

#[test]
fn pushing_and_pulling_share_one_memory_allowance() {
    // XSokoban 2: the pulling side makes most of the 3,929 positions. With
    // a fixed half of 1 MiB each, it filled its half and the search gave
    // up (it needed 1.5 MiB); sharing, it fits in 768 KiB.
    let level = crate::shipped::level("xsokoban", 2);
    let limits = Limits {
        strategy: Strategy::PushPull,
        ..Limits::with_time(Duration::MAX).with_memory(1 << 20)
    };
    let outcome = solve(&level, &limits, &AtomicBool::new(false));
    assert!(matches!(outcome, Outcome::Solved(_)), "{outcome:?}");
}

#[test]
fn a_time_limit_past_the_end_of_time_still_solves() {
    let level = parse_level("#######\n#  .  #\n#  $  #\n#.$ @ #\n#######\n").expect("parses");
    let outcome = solve(
        &level,
        &Limits::with_time(Duration::MAX),
        &AtomicBool::new(false),
    );
    assert!(matches!(outcome, Outcome::Solved(_)), "{outcome:?}");
}

#[test]
fn deadlock_warnings_for_a_giant_room_are_ready_at_once() {
    // Dead squares come from one search over all goals: a table per goal
    // would take 15 GB here, so this test would run out of memory.
    let level = room(250, 30_000);
    let deadlocks = Deadlocks::new(&level);
    // The room's walls are dead, the middle is not.
    assert!(deadlocks.is_dead_square(schokoban_core::Pos::new(1, 1)));
    assert!(!deadlocks.is_dead_square(schokoban_core::Pos::new(100, 100)));
}

#[test]
fn the_position_cap_holds_on_a_giant_room_the_tables_fit() {
    // Every box of this room can go almost anywhere: one position has
    // millions of macro moves, which the feature searches decline to make
    // (making them, one expansion overran a 2 s limit to 12 s). With no
    // clock, only the cap on positions ends each search here.
    let limits = Limits {
        max_expansions: Some(20),
        ..Limits::with_time(Duration::MAX)
    };
    let (outcome, stats) = solve_counting(&room(250, 250), &limits);
    assert_eq!(outcome, Outcome::GaveUp);
    assert!(stats.expanded > 0, "{stats:?}");
}

#[test]
fn the_searches_that_pull_give_up_within_their_memory_cap() {
    // Backward stores every child of a position at once; with 256 KiB it
    // fills its table on Sasquatch VI 39 (17 MiB to solve) and must stop
    // there, not store past the cap. Imagine's spread does the same, and
    // keeps its table while its forward search runs.
    let level = crate::shipped::level("sasquatch-vi", 39);
    let cap = 256 << 10;
    for strategy in [Strategy::Backward, Strategy::Imagine] {
        let limits = Limits {
            strategy,
            ..Limits::with_time(Duration::MAX).with_memory(cap)
        };
        let (outcome, stats) = solve_counting(&level, &limits);
        assert_eq!(outcome, Outcome::GaveUp, "{strategy:?}");
        assert!(
            stats.peak_bytes <= cap,
            "{strategy:?}: {} bytes",
            stats.peak_bytes
        );
    }
}
