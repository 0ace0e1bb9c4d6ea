//! Fuzz-style property tests, bounded to a few seconds: random and mutated
//! bytes (real collections, real logs, leaderboards) must never panic the
//! level parser, the LURD parser, the replay or the leaderboard reader.
//! Cases found are kept in `tests/corpus/` and replayed by `corpus.rs`.
//!
//! Each property runs 300 cases by default; for a longer campaign set
//! `SCHOKOBAN_FUZZ_CASES`, e.g. `SCHOKOBAN_FUZZ_CASES=20000 cargo test --test fuzz`.

use std::sync::LazyLock;

use crate::common::{COLLECTIONS, collection_text};
use proptest::prelude::*;
use schokoban::storage::{LEADERBOARD_SIZE, Leaderboard};
use schokoban_core::{Direction, Game, Level, format_log, parse_levels, parse_log};

static TEXTS: LazyLock<Vec<Vec<u8>>> = LazyLock::new(|| {
    COLLECTIONS
        .iter()
        .map(|&(collection, _)| collection_text(collection).into_bytes())
        .collect()
});

static LEVELS: LazyLock<Vec<Level>> = LazyLock::new(|| {
    TEXTS
        .iter()
        .flat_map(|t| parse_levels(&String::from_utf8_lossy(t)).expect("parses"))
        .collect()
});

/// Replaces, inserts or deletes bytes; `pick` chooses what goes in.
fn mutate(mut bytes: Vec<u8>, edits: &[(usize, u8, u8)], alphabet: &[u8]) -> Vec<u8> {
    for &(at, op, pick) in edits {
        let byte = alphabet[pick as usize % alphabet.len()];
        match op % 3 {
            0 if !bytes.is_empty() => {
                let i = at % bytes.len();
                bytes[i] = byte;
            }
            1 => bytes.insert(at % (bytes.len() + 1), byte),
            _ if !bytes.is_empty() => {
                bytes.remove(at % bytes.len());
            }
            _ => {}
        }
    }
    bytes
}

/// A few of our levels in the pusher.exe listings and R3forth, for mutating.
static PUSHER_TEXTS: LazyLock<Vec<Vec<u8>>> = LazyLock::new(|| {
    let levels: Vec<Level> = crate::common::pusher::our_levels()
        .into_iter()
        .step_by(37)
        .map(|(_, level)| level)
        .collect();
    let plain = crate::common::pusher::plain(&levels);
    let r3forth = crate::common::pusher::r3forth(&levels);
    let compressed = crate::common::pusher::compressed(&levels);
    vec![
        plain.into_bytes(),
        compressed.into_bytes(),
        r3forth.into_bytes(),
    ]
});

const PUSHER_BYTES: &[u8] = b"X*.&@+ \n\r:*MazeSizeXY0123456789abcdefhABCDEF,; db#()|$\xff";
const XSB_BYTES: &[u8] = b"#@+$*.-_ 0123456789|;:'\n\r\tTitleAuthor\xff\xc3";
const LURD_BYTES: &[u8] = b"lurdLURDx \n?X\xff";
const DAT_BYTES: &[u8] = b"0123456789 -+\n\rabc\x00\x07\xff\xe9";

/// Plays every level a parse produced for a few moves, printing it back.
fn exercise(levels: Vec<Level>, moves: &[u8]) {
    for level in levels.into_iter().take(20) {
        let mut game = Game::new(level);
        for &m in moves {
            if m % 5 == 4 {
                game.undo();
            } else {
                // A blocked step is part of random play.
                let _ = game.step(Direction::ALL[m as usize % 5]);
            }
        }
        let _ = game.to_xsb();
        let _ = game.level().to_xsb();
        let _ = game.is_solved();
    }
}

fn edits() -> impl Strategy<Value = Vec<(usize, u8, u8)>> {
    prop::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 0..40)
}

fn cases() -> u32 {
    std::env::var("SCHOKOBAN_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn random_bytes_never_panic_the_level_parser(
        bytes in prop::collection::vec(any::<u8>(), 0..2000),
        moves in prop::collection::vec(0u8..5, 0..40),
    ) {
        if let Ok(levels) = parse_levels(&String::from_utf8_lossy(&bytes)) {
            exercise(levels, &moves);
        }
    }

    #[test]
    fn xsb_like_text_never_panics_the_level_parser(
        text in "[#@+$*.\\-_ 0-9|;:'\n\r\tTAx]{0,600}",
        moves in prop::collection::vec(0u8..5, 0..40),
    ) {
        if let Ok(levels) = parse_levels(&text) {
            for level in &levels {
                prop_assert_eq!(level.goals().count(), level.boxes().len());
                prop_assert!(!level.boxes().is_empty());
            }
            exercise(levels, &moves);
        }
    }

    #[test]
    fn mutated_collections_never_panic_the_level_parser(
        which in 0usize..3,
        start in any::<usize>(),
        len in 0usize..4000,
        edits in edits(),
        moves in prop::collection::vec(0u8..5, 0..40),
    ) {
        let text = &TEXTS[which];
        let start = start % text.len();
        let slice = text[start..(start + len).min(text.len())].to_vec();
        let bytes = mutate(slice, &edits, XSB_BYTES);
        if let Ok(levels) = parse_levels(&String::from_utf8_lossy(&bytes)) {
            exercise(levels, &moves);
        }
    }

    #[test]
    fn mutated_pusher_listings_never_panic_the_level_parser(
        which in 0usize..3,
        start in any::<usize>(),
        len in 0usize..4000,
        edits in edits(),
        moves in prop::collection::vec(0u8..5, 0..40),
    ) {
        let text = &PUSHER_TEXTS[which];
        // Half the cases keep the headers or the first label, so that the
        // pusher readers themselves get the mutations.
        let start = if start % 2 == 0 { 0 } else { start % text.len() };
        let slice = text[start..(start + len).min(text.len())].to_vec();
        let bytes = mutate(slice, &edits, PUSHER_BYTES);
        if let Ok(levels) = parse_levels(&String::from_utf8_lossy(&bytes)) {
            for level in &levels {
                prop_assert_eq!(level.goals().count(), level.boxes().len());
            }
            exercise(levels, &moves);
        }
    }

    #[test]
    fn random_text_never_panics_the_log_parser(text in any::<String>()) {
        match parse_log(&text) {
            Ok(entries) => prop_assert_eq!(format_log(&entries).len(), entries.len()),
            Err(error) => {
                let counted = text.chars().filter(|c| !c.is_whitespace()).count();
                prop_assert!((1..=counted).contains(&error.position()));
            }
        }
    }

    #[test]
    fn mutated_logs_never_panic_the_replay(
        level in 0usize..380,
        moves in prop::collection::vec(0u8..5, 0..200),
        edits in edits(),
    ) {
        let level = LEVELS[level % LEVELS.len()].clone();
        let mut game = Game::new(level.clone());
        for &m in &moves {
            if m == 4 { game.undo(); } else { let _ = game.step(Direction::ALL[m as usize]); }
        }
        let bytes = mutate(format_log(game.log()).into_bytes(), &edits, LURD_BYTES);
        let text = String::from_utf8_lossy(&bytes);
        match Game::replay(level, &text) {
            Ok(replayed) => prop_assert_eq!(replayed.score(), replayed.log().len()),
            Err(error) => {
                let counted = text.chars().filter(|c| !c.is_whitespace()).count();
                prop_assert!((1..=counted).contains(&error.position()), "{error}");
            }
        }
    }

    #[test]
    fn damaged_leaderboards_read_and_write_back_clean(
        base in prop::collection::vec((0usize..200, "[a-zA-Z ]{1,12}"), 0..14),
        edits in edits(),
        junk in prop::collection::vec(any::<u8>(), 0..200),
        score in 0usize..300,
        name in any::<String>(),
    ) {
        let mut text: Vec<u8> = base
            .iter()
            .flat_map(|(s, n)| format!("{s} {n}\n").into_bytes())
            .collect();
        text = mutate(text, &edits, DAT_BYTES);
        for bytes in [&text, &junk] {
            let (mut board, _) = Leaderboard::parse_lenient_bytes(bytes);
            let (from_text, _) = Leaderboard::parse_lenient(&String::from_utf8_lossy(bytes));
            prop_assert!(from_text.entries().len() <= LEADERBOARD_SIZE);
            board.insert(score, &name);
            prop_assert!(board.entries().len() <= LEADERBOARD_SIZE);
            prop_assert!(board.entries().windows(2).all(|w| w[0].score <= w[1].score));
            prop_assert_eq!(Leaderboard::parse(&board.to_text()), Ok(board.clone()));
        }
    }
}
