//! Property tests: undo rolls back any game to its start, redo replays it,
//! the O(1) win counter agrees with a scan, and the LURD log round-trips.

use crate::common::{lvl, position};
use proptest::prelude::*;
use schokoban_core::{
    Direction, Game, Level, LogEntry, Step, Tile, format_log, parse_level, parse_log,
};

/// Levels with rooms and corridors, boxes and a player starting on goals,
/// where random play pushes boxes far: random levels are small and mostly
/// blocked.
const SHAPED: [&str; 4] = [
    "########\n#  .   #\n# $$ # #\n#. @ $.#\n########\n",
    " ######\n##  . #\n# *$  #\n#  +$ #\n#   ###\n#####\n",
    "#########\n#@ $  . #\n# ### # #\n# $  .  #\n#########\n",
    "##########\n#        #\n# $ .  $ #\n#  ##  . #\n# .  $   #\n#   @    #\n##########\n",
];

/// A random valid level: walls and floor, then counts of boxes and goals
/// evened out by turning boxes or goals into boxes on goals.
fn random_level() -> impl Strategy<Value = Level> {
    (1usize..8, 1usize..8)
        .prop_flat_map(|(w, h)| {
            (
                Just(w),
                prop::collection::vec(
                    prop::sample::select(vec!['#', ' ', ' ', ' ', '$', '.']),
                    w * h,
                ),
                0..w * h,
            )
        })
        .prop_map(|(w, mut cells, player)| {
            cells[player] = '@';
            let count = |cells: &[char], c: char| cells.iter().filter(|&&x| x == c).count();
            while count(&cells, '$') > count(&cells, '.') {
                let i = cells.iter().position(|&c| c == '$').expect("a box");
                cells[i] = '*';
            }
            while count(&cells, '.') > count(&cells, '$') {
                let i = cells.iter().position(|&c| c == '.').expect("a goal");
                cells[i] = '*';
            }
            if !cells.contains(&'*') && !cells.contains(&'$') {
                let i = (player + 1) % cells.len();
                cells[i] = if i == player { '+' } else { '*' };
            }
            let text: String = cells
                .chunks(w)
                .map(|row| row.iter().collect::<String>() + "\n")
                .collect();
            text
        })
        .prop_filter_map("a one-cell grid holds no box beside the player", |text| {
            parse_level(&text).ok()
        })
}

fn any_level() -> impl Strategy<Value = Level> {
    prop_oneof![
        random_level(),
        prop::sample::select(SHAPED.to_vec()).prop_map(lvl),
    ]
}

/// 0 to 3 are the four directions, 4 is an undo.
fn ops() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(0u8..5, 0..300)
}

fn play_ops(game: &mut Game, ops: &[u8]) {
    for &op in ops {
        if op == 4 {
            game.undo();
        } else {
            // A blocked step is part of random play.
            let _ = game.step(Direction::ALL[op as usize]);
        }
        let scanned = game
            .box_positions()
            .all(|p| game.level().tile(p) == Tile::Goal);
        assert_eq!(game.is_solved(), scanned, "the win counter drifted");
        let pushes = game.history().iter().filter(|s| s.push).count();
        assert_eq!(game.pushes(), pushes);
        assert_eq!(game.score(), game.log().len());
    }
}

fn entry() -> impl Strategy<Value = LogEntry> {
    prop_oneof![
        Just(LogEntry::Undo),
        (0usize..4, any::<bool>()).prop_map(|(d, push)| LogEntry::Step(Step {
            direction: Direction::ALL[d],
            push,
        })),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn undoing_everything_gives_back_the_start(level in any_level(), ops in ops()) {
        let mut game = Game::new(level);
        let start = position(&game);
        play_ops(&mut game, &ops);
        let score = game.score();
        let undos = game.history().len();
        while game.undo().is_some() {}
        prop_assert_eq!(position(&game), start);
        prop_assert_eq!(game.pushes(), 0);
        prop_assert_eq!(game.score(), score + undos, "each undo counts one");
        prop_assert!(!game.can_undo());
    }

    #[test]
    fn redo_after_undo_gives_back_the_position(level in any_level(), ops in ops(), back in 0usize..50) {
        let mut game = Game::new(level);
        play_ops(&mut game, &ops);
        let before = (position(&game), game.pushes(), game.history().to_vec());
        let undone = (0..back).take_while(|_| game.undo().is_some()).count();
        for _ in 0..undone {
            prop_assert!(game.redo().is_some());
        }
        prop_assert_eq!((position(&game), game.pushes(), game.history().to_vec()), before);
    }

    #[test]
    fn reset_is_the_start(level in any_level(), ops in ops()) {
        let mut fresh = Game::new(level);
        let mut game = fresh.clone();
        play_ops(&mut game, &ops);
        game.reset();
        prop_assert_eq!(position(&game), position(&fresh));
        prop_assert_eq!((game.score(), game.pushes()), (0, 0));
        play_ops(&mut fresh, &ops);
        play_ops(&mut game, &ops);
        prop_assert_eq!(position(&game), position(&fresh), "a reset game plays like a new one");
    }

    #[test]
    fn replaying_the_log_reproduces_the_game(level in any_level(), ops in ops()) {
        let mut game = Game::new(level.clone());
        play_ops(&mut game, &ops);
        let text = format_log(game.log());
        let replayed = Game::replay(level, &text).expect("a game's own log replays");
        prop_assert_eq!(position(&replayed), position(&game));
        prop_assert_eq!(replayed.score(), game.score());
        prop_assert_eq!(replayed.pushes(), game.pushes());
        prop_assert_eq!(replayed.is_solved(), game.is_solved());
        prop_assert_eq!(replayed.log(), game.log());
        prop_assert_eq!(replayed.to_xsb(), game.to_xsb());
    }

    #[test]
    fn the_log_round_trips(entries in prop::collection::vec(entry(), 0..500)) {
        let text = format_log(&entries);
        prop_assert_eq!(text.chars().count(), entries.len());
        prop_assert_eq!(parse_log(&text), Ok(entries));
    }

    #[test]
    fn lurd_text_round_trips(text in "[lurdLURDx]{0,500}") {
        let entries = parse_log(&text).expect("only LURD letters");
        prop_assert_eq!(format_log(&entries), text);
    }

    #[test]
    fn a_level_prints_and_parses_back(level in any_level()) {
        let again = parse_level(&level.to_xsb()).expect("printed XSB parses");
        prop_assert_eq!(again.boxes(), level.boxes());
        prop_assert_eq!(again.player(), level.player());
        prop_assert_eq!(again.title(), level.title());
        let goals: Vec<_> = level.goals().collect();
        prop_assert_eq!(again.goals().collect::<Vec<_>>(), goals);
    }
}
