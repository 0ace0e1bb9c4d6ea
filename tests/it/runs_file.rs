//! `NAME.xsb.runs`: the winning moves of every leaderboard entry, kept in
//! step with the board, moved aside when damaged, and never in the way of
//! adding a score.

use std::fs;

use crate::common::setup;
use schokoban::storage::{LoadErrorKind, Records, RunsError, RunsProblem};
use schokoban_core::{LogEntry, parse_log};

fn moves(text: &str) -> Vec<LogEntry> {
    parse_log(text).expect("a LURD log")
}

fn runs(records: &Records) -> Vec<(usize, String, Option<String>)> {
    let read = records.read_runs().expect("readable");
    assert_eq!(read.problems, [], "the runs file is clean");
    read.board
        .entries()
        .iter()
        .zip(read.runs)
        .map(|(entry, run)| {
            let run = run.map(|m| schokoban_core::format_log(&m));
            (entry.score, entry.name.clone(), run)
        })
        .collect()
}

const HEADER: &str = "# Schokoban runs: score, winning moves (LURD, x = undo), nickname\n";

#[test]
fn each_entry_keeps_its_winning_moves_beside_the_board() {
    let (dir, records) = setup();
    assert_eq!(records.runs_path(), dir.path().join("room.xsb.runs"));
    let added = records
        .add_score_with_run(3, "Ann Lee", &moves("rRxR"))
        .expect("added");
    assert_eq!((added.place, added.runs_problems), (Some(0), vec![]));
    records
        .add_score_with_run(1, "Bob", &moves("R"))
        .expect("added");
    records
        .add_score(2, "Old Game")
        .expect("added without moves");
    assert_eq!(
        fs::read_to_string(records.runs_path()).expect("runs file"),
        format!("{HEADER}1 R Bob\n3 rRxR Ann Lee\n")
    );
    assert_eq!(
        runs(&records),
        [
            (1, "Bob".to_owned(), Some("R".to_owned())),
            (2, "Old Game".to_owned(), None),
            (3, "Ann Lee".to_owned(), Some("rRxR".to_owned())),
        ]
    );
    assert_eq!(records.read_run(2).expect("read"), Some(moves("rRxR")));
    assert_eq!(records.read_run(1).expect("read"), None);
    assert_eq!(records.read_run(10).expect("read"), None);
}

#[test]
fn equal_scores_by_the_same_player_keep_their_own_moves() {
    let (_dir, records) = setup();
    records
        .add_score_with_run(5, "Ann", &moves("rrrrR"))
        .expect("1st");
    records
        .add_score_with_run(5, "Ann", &moves("llrrR"))
        .expect("2nd");
    records
        .add_score_with_run(4, "Ann", &moves("rrrR"))
        .expect("3rd");
    let runs: Vec<_> = runs(&records).into_iter().map(|(_, _, r)| r).collect();
    let expected = ["rrrR", "rrrrR", "llrrR"].map(|m| Some(m.to_owned()));
    assert_eq!(runs, expected);
}

#[test]
fn a_run_whose_entry_left_the_board_is_dropped() {
    let (_dir, records) = setup();
    for score in 11..=20 {
        records
            .add_score_with_run(score, &format!("p{score}"), &moves("R"))
            .expect("added");
    }
    let added = records
        .add_score_with_run(1, "best", &moves("lR"))
        .expect("added");
    assert_eq!(added.place, Some(0));
    // The runs are written before the board: until the board is written,
    // the board on disk still has p20, so its run stays one write more.
    let text = fs::read_to_string(records.runs_path()).expect("runs file");
    assert!(text.contains("p20"), "{text}");
    records
        .add_score_with_run(2, "second", &moves("lR"))
        .expect("added");
    let text = fs::read_to_string(records.runs_path()).expect("runs file");
    assert!(!text.contains("p20"), "{text}");
    assert_eq!(
        text.lines().count(),
        12,
        "the header, ten runs and the one just pushed off: {text}"
    );
    let not_placed = records
        .add_score_with_run(99, "slow", &moves("R"))
        .expect("ok");
    assert_eq!(not_placed.place, None);
    assert!(
        !fs::read_to_string(records.runs_path())
            .expect("runs")
            .contains("slow")
    );
}

#[test]
fn runs_do_not_stick_to_a_board_edited_behind_their_back() {
    let (_dir, records) = setup();
    records
        .add_score_with_run(5, "Ann", &moves("rR"))
        .expect("added");
    records
        .add_score_with_run(7, "Bob", &moves("lrR"))
        .expect("added");
    // An older game, or a hand edit, rewrites the board: Ann's entry goes.
    fs::write(records.leaderboard_path(), "6 Cy\n7 Bob\n").expect("edit");
    assert_eq!(
        runs(&records),
        [
            (6, "Cy".to_owned(), None),
            (7, "Bob".to_owned(), Some("lrR".to_owned()))
        ]
    );
}

#[test]
fn a_damaged_runs_file_is_moved_aside_and_its_good_lines_kept() {
    let (dir, records) = setup();
    records
        .add_score_with_run(5, "Ann", &moves("rR"))
        .expect("added");
    let damaged = format!("{HEADER}5 rR Ann\nfive rR Bob\n6 rQ Cy\n7 rR\n\u{1}\n");
    fs::write(records.runs_path(), &damaged).expect("damage");
    let read = records.read_runs().expect("readable");
    assert_eq!(read.runs, [Some(moves("rR"))]);
    assert_eq!(
        read.problems,
        [
            RunsError::BadScore { line: 3 },
            RunsError::BadMoves { line: 4 },
            RunsError::BadName { line: 5 },
            RunsError::BadScore { line: 6 },
        ]
    );
    let added = records
        .add_score_with_run(4, "Dee", &moves("R"))
        .expect("added");
    let aside = dir.path().join("room.xsb.runs.damaged");
    assert_eq!(
        added.runs_problems,
        [RunsProblem::MovedAside {
            path: records.runs_path().to_path_buf(),
            moved_to: aside.clone()
        }]
    );
    assert_eq!(fs::read_to_string(&aside).expect("kept"), damaged);
    assert_eq!(
        fs::read_to_string(records.runs_path()).expect("rewritten"),
        format!("{HEADER}4 R Dee\n5 rR Ann\n")
    );
}

#[test]
fn binary_junk_in_the_runs_file_never_blocks_a_score() {
    let (_dir, records) = setup();
    fs::write(records.runs_path(), b"\xff\xfe\x00junk\n").expect("junk");
    let read = records.read_runs().expect("readable");
    assert_eq!(read.problems, [RunsError::NotText { line: 1 }]);
    let added = records
        .add_score_with_run(4, "Dee", &moves("R"))
        .expect("added");
    assert_eq!(added.place, Some(0));
    assert_eq!(added.runs_problems.len(), 1, "{:?}", added.runs_problems);
    assert_eq!(
        runs(&records),
        [(4, "Dee".to_owned(), Some("R".to_owned()))]
    );
}

#[test]
fn a_runs_file_that_cannot_be_written_costs_the_moves_not_the_score() {
    let (_dir, records) = setup();
    fs::create_dir(records.runs_path()).expect("a folder where the file goes");
    let added = records
        .add_score_with_run(4, "Dee", &moves("R"))
        .expect("added");
    assert_eq!(added.place, Some(0));
    assert_eq!(
        added.runs_problems,
        [RunsProblem::Unreadable {
            path: records.runs_path().to_path_buf(),
            kind: LoadErrorKind::IsDirectory,
        }]
    );
    let text = fs::read_to_string(records.leaderboard_path()).expect("board");
    assert_eq!(text, "4 Dee\n");
}

#[test]
fn each_level_of_a_collection_has_its_own_runs() {
    let (dir, records) = setup();
    let third = records.clone().for_level(3);
    assert_eq!(third.runs_path(), dir.path().join("room.xsb.3.runs"));
    third
        .add_score_with_run(2, "Ann", &moves("rR"))
        .expect("added");
    assert!(!records.runs_path().exists());
    assert_eq!(third.read_run(0).expect("read"), Some(moves("rR")));
}

#[test]
fn a_level_solved_from_the_start_keeps_an_empty_run() {
    let (_dir, records) = setup();
    records.add_score_with_run(0, "Zed", &[]).expect("added");
    assert_eq!(
        fs::read_to_string(records.runs_path()).expect("runs"),
        format!("{HEADER}0 - Zed\n")
    );
    assert_eq!(records.read_run(0).expect("read"), Some(vec![]));
}
