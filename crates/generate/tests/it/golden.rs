//! Golden levels: the daily level of 2026-12-24 and seed 1's large expert
//! level, pinned to their exact text (rating and positions searched
//! included), so that every machine that runs the tests, a player's clone
//! or CI, checks that it makes the very levels the machine that wrote
//! them made. The generator and the solver's push-pull search hang on no
//! clock, thread, float or per-process hasher (docs/endless.md, "The same
//! level everywhere"); these tests hold them to it.
//!
//! A change to the generator or the push-pull search may change these
//! levels on purpose. Then read the difference, rewrite the file with
//! `cargo run --release -- generate --daily 2026-12-24` or `generate
//! --seed 1 --size large --difficulty expert`, and say in docs/endless.md
//! which levels changed: players' Endless files and leaderboards are kept
//! by seed.

use std::sync::atomic::AtomicBool;

use schokoban_generate::{Day, Difficulty, Request, Size, generate, generate_daily};

#[test]
fn the_daily_level_of_2026_12_24_is_the_golden_one() {
    let day: Day = "2026-12-24".parse().expect("a date");
    let made = generate_daily(day, &AtomicBool::new(false), &mut |_| {}).expect("a daily level");
    assert_eq!(made.to_xsb(), include_str!("golden/daily-2026-12-24.xsb"));
}

#[test]
fn seed_1_large_expert_is_the_golden_level() {
    let request = Request {
        seed: 1,
        size: Size::Large,
        difficulty: Difficulty::Expert,
    };
    let made = generate(&request, &AtomicBool::new(false), &mut |_| {}).expect("a level");
    assert_eq!(made.to_xsb(), include_str!("golden/large-expert-1.xsb"));
}
