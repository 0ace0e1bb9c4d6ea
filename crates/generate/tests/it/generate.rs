//! Seeds give levels: the same every time, each proven and in its band.

use std::sync::atomic::AtomicBool;

use schokoban_core::Game;
use schokoban_generate::{
    Band, Difficulty, Generated, Request, Size, generate, generate_after, rules,
};

fn made(seed: u64, size: Size, difficulty: Difficulty) -> Generated {
    let request = Request {
        seed,
        size,
        difficulty,
    };
    generate(&request, &AtomicBool::new(false), &mut |_| {}).expect("a level for every seed")
}

#[test]
fn the_same_seed_gives_the_same_level() {
    for size in Size::ALL {
        let first = made(7, size, Difficulty::Easy);
        let second = made(7, size, Difficulty::Easy);
        assert_eq!(first, second);
        assert_eq!(first.to_xsb(), second.to_xsb());
    }
}

#[test]
fn other_seeds_and_difficulties_give_other_levels() {
    let seven = made(7, Size::Small, Difficulty::Easy);
    assert_ne!(seven.level, made(8, Size::Small, Difficulty::Easy).level);
    assert_ne!(seven.level, made(7, Size::Small, Difficulty::Hard).level);
}

#[test]
fn every_sampled_level_is_solved_by_its_replay_in_band_and_passes_the_rules() {
    for size in [Size::Small, Size::Medium] {
        for difficulty in Difficulty::ALL {
            for seed in 1..=6 {
                let level = made(seed, size, difficulty);
                let mut game = Game::new(level.level.clone());
                for step in &level.solution {
                    game.step(step.direction)
                        .expect("the solution's steps play");
                }
                assert!(game.is_solved(), "seed {seed} {size:?} {difficulty:?}");
                assert_eq!(game.pushes(), level.rating.pushes);
                assert!(level.in_band, "seed {seed} {size:?} {difficulty:?}");
                assert!(Band::of(size, difficulty).contains(level.rating.score));
                // Floor the shown line leaves, the line the trim was cut
                // by needed.
                let broken = rules::rejection(&level.level, &level.solution)
                    .filter(|&r| r != rules::Rejection::UnusedFloor);
                assert_eq!(broken, None);
            }
        }
    }
}

#[test]
fn a_large_level_is_made_and_solved() {
    let level = made(3, Size::Large, Difficulty::Hard);
    assert!(level.level.width() <= 16 && level.level.height() <= 14);
    let mut game = Game::new(level.level.clone());
    for step in &level.solution {
        game.step(step.direction)
            .expect("the solution's steps play");
    }
    assert!(game.is_solved());
}

#[test]
fn the_output_parses_back_with_title_and_comment() {
    let level = made(7, Size::Small, Difficulty::Easy);
    let text = level.to_xsb();
    assert!(
        text.contains("Title: Endless S-E 7\nComment:\nSeed: 7 (size small, difficulty easy)\n")
    );
    assert!(text.ends_with("Comment-End:\n"));
    let twice = format!("{text}\n{text}");
    let parsed = schokoban_core::parse_levels(&twice).expect("generated XSB parses");
    assert_eq!(parsed.len(), 2);
    assert_eq!(parsed[0], level.level);
}

#[test]
fn a_near_copy_of_the_previous_level_moves_on_to_the_next_seed() {
    let request = Request {
        seed: 7,
        size: Size::Small,
        difficulty: Difficulty::Easy,
    };
    let seven = made(7, Size::Small, Difficulty::Easy);
    let cancel = AtomicBool::new(false);
    let after =
        generate_after(&request, Some(&seven.level), &cancel, &mut |_| {}).expect("a level after");
    // Seed 7 would repeat the level before, so seed 8's comes instead.
    assert_eq!(after.request.seed, 8);
    assert_eq!(after.level, made(8, Size::Small, Difficulty::Easy).level);
    let fresh = generate_after(&request, None, &cancel, &mut |_| {}).expect("a level");
    assert_eq!(fresh.request.seed, 7);
}

#[test]
fn a_raised_cancel_flag_stops_generation() {
    let request = Request::default();
    let result = generate(&request, &AtomicBool::new(true), &mut |_| {});
    assert_eq!(result, Err(schokoban_generate::GenerateError::Cancelled));
}

#[test]
fn a_large_expert_level_holds_eight_boxes_or_more() {
    let level = made(1, Size::Large, Difficulty::Expert);
    assert!(level.level.boxes().len() >= 8);
    let mut game = Game::new(level.level.clone());
    for step in &level.solution {
        game.step(step.direction)
            .expect("the solution's steps play");
    }
    assert!(game.is_solved());
}
