//! The LURD log (`l u r d` walk, `L U R D` push, `x` undo), replaying it,
//! and `.sav` files: round trip and damaged saves as typed errors.

use crate::common::{game, lvl, play, position};
use schokoban_core::{Direction, Game, LogEntry, LogError, Step, format_log, parse_log};

const ROOM: &str = "#######\n#     #\n# $ $.#\n#@  . #\n#######\n";

#[test]
fn the_log_writes_walks_lower_pushes_upper_and_undos_as_x() {
    let mut g = game(ROOM);
    play(&mut g, "uurrrdxlrdll");
    assert_eq!(format_log(g.log()), "uurrrDxlrDlL");
}

#[test]
fn parsing_reads_each_letter() {
    let entries = parse_log("lUrDx").expect("valid");
    assert_eq!(
        entries,
        [
            LogEntry::Step(Step::walk(Direction::Left)),
            LogEntry::Step(Step::push(Direction::Up)),
            LogEntry::Step(Step::walk(Direction::Right)),
            LogEntry::Step(Step::push(Direction::Down)),
            LogEntry::Undo,
        ]
    );
    assert_eq!(format_log(&entries), "lUrDx");
}

#[test]
fn white_space_is_skipped_and_not_counted() {
    assert_eq!(parse_log("l u\r\nr\td\n"), parse_log("lurd"));
    assert_eq!(
        parse_log("lu\n rX"),
        Err(LogError::UnknownChar {
            position: 4,
            found: 'X'
        }),
        "positions count moves, not characters"
    );
    assert_eq!(parse_log(""), Ok(Vec::new()));
}

#[test]
fn replay_refusals_name_the_move() {
    let level = lvl(ROOM);
    let cases = [
        (
            "uur?",
            LogError::UnknownChar {
                position: 4,
                found: '?',
            },
        ),
        (
            "ul",
            LogError::Blocked {
                position: 2,
                step: Step::walk(Direction::Left),
            },
        ),
        ("rx x", LogError::NothingToUndo { position: 3 }),
        ("x", LogError::NothingToUndo { position: 1 }),
        (
            "ur",
            LogError::WalkIntoBox {
                position: 2,
                step: Step::walk(Direction::Right),
            },
        ),
        (
            "uU",
            LogError::PushWithoutBox {
                position: 2,
                step: Step::push(Direction::Up),
            },
        ),
        (
            "uRR",
            LogError::Blocked {
                position: 3,
                step: Step::push(Direction::Right),
            },
        ),
    ];
    for (log, expected) in cases {
        let error = Game::replay(level.clone(), log).expect_err(log);
        assert_eq!(error, expected, "{log}");
        assert_eq!(error.position(), expected.position());
        let shown = error.to_string();
        assert!(
            shown.contains(&format!("move {}", expected.position())),
            "{shown}"
        );
    }
}

#[test]
fn replay_reproduces_position_score_and_pushes() {
    let mut g = game(ROOM);
    play(&mut g, "uurrrdxdllxxru");
    let replayed = Game::replay(lvl(ROOM), &format_log(g.log())).expect("replays");
    assert_eq!(position(&replayed), position(&g));
    assert_eq!(replayed.score(), g.score());
    assert_eq!(replayed.pushes(), g.pushes());
    assert_eq!(replayed.log(), g.log());
    assert_eq!(replayed.history(), g.history());
    assert_eq!(replayed.can_redo(), g.can_redo());
}
