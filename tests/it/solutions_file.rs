//! `NAME.xsb.solutions` and `NAME.xsb.snapshots`: every solution no other
//! by the same finder beats on both moves and pushes, kept with its
//! counts; snapshots that outlive the game; both merged under the map's
//! lock and moved aside when damaged, their readable lines kept.

use std::fs;

use crate::common::setup;
use schokoban::storage::{EntryError, Finder, Records, Snapshot, Solution};
use schokoban_core::parse_moves;

fn solution(lurd: &str, by: Finder) -> Solution {
    Solution::new(
        parse_moves(lurd).expect("moves"),
        by,
        Some(1_796_161_207),
        Some(12),
    )
}

fn kept(records: &Records) -> Vec<(String, Finder)> {
    let read = records.read_solutions().expect("readable");
    assert_eq!(read.problems, [], "the file is clean");
    read.solutions
        .into_iter()
        .map(|s| (s.lurd(), s.by))
        .collect()
}

#[test]
fn fewer_moves_and_fewer_pushes_are_both_kept_and_beaten_ones_dropped() {
    let (_dir, records) = setup();
    // 6 moves 4 pushes, then 5 moves 5 pushes: neither beats the other.
    assert!(
        records
            .keep_solution(solution("rRRRRl", Finder::Player))
            .expect("kept")
            .kept
    );
    assert!(
        records
            .keep_solution(solution("RRRRR", Finder::Player))
            .expect("kept")
            .kept
    );
    // 7 moves 5 pushes: beaten by both.
    let beaten = records
        .keep_solution(solution("rRRRRRl", Finder::Player))
        .expect("read");
    assert!(!beaten.kept);
    // The same counts as one kept: the first found stays.
    assert!(
        !records
            .keep_solution(solution("LLLLL", Finder::Player))
            .expect("read")
            .kept
    );
    assert_eq!(
        kept(&records),
        [
            ("RRRRR".to_owned(), Finder::Player),
            ("rRRRRl".to_owned(), Finder::Player)
        ]
    );
    // 5 moves 4 pushes beats both.
    records
        .keep_solution(solution("rRRRR", Finder::Player))
        .expect("kept");
    assert_eq!(kept(&records), [("rRRRR".to_owned(), Finder::Player)]);
    let read = records.read_solutions().expect("readable");
    let best = read.best_by_moves(&Finder::Player).expect("one");
    assert_eq!(best, read.best_by_pushes(&Finder::Player).expect("one"));
}

#[test]
fn the_optimizers_solution_never_costs_the_player_theirs() {
    let (_dir, records) = setup();
    records
        .keep_solution(solution("rrRRRl", Finder::Player))
        .expect("kept");
    records
        .keep_solution(solution("RRR", Finder::Optimizer))
        .expect("kept");
    assert_eq!(
        kept(&records),
        [
            ("RRR".to_owned(), Finder::Optimizer),
            ("rrRRRl".to_owned(), Finder::Player)
        ]
    );
}

#[test]
fn the_file_is_one_readable_line_per_solution() {
    let (dir, records) = setup();
    assert_eq!(
        records.solutions_path(),
        dir.path().join("room.xsb.solutions")
    );
    records
        .keep_solution(solution("rRdLLuR", Finder::Player))
        .expect("kept");
    let text = fs::read_to_string(records.solutions_path()).expect("written");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(
        lines,
        [
            "moves=7 pushes=4 box-changes=3 sessions=3 found=2026-12-01T21:40:07Z took=12s \
          by=player lurd=rRdLLuR"
        ]
    );
}

#[test]
fn keys_a_later_version_writes_are_kept_as_written() {
    let (_dir, records) = setup();
    fs::write(
        records.solutions_path(),
        "moves=2 pushes=2 box-changes=1 sessions=1 by=player reverse=yes attempts=3 lurd=RR\n",
    )
    .expect("written");
    records
        .keep_solution(solution("R", Finder::Optimizer))
        .expect("kept");
    let text = fs::read_to_string(records.solutions_path()).expect("written");
    assert!(
        text.contains("by=player reverse=yes attempts=3 lurd=RR\n"),
        "{text}"
    );
}

#[test]
fn a_damaged_file_is_moved_aside_and_its_readable_lines_kept() {
    let (_dir, records) = setup();
    fs::write(
        records.solutions_path(),
        "moves=2 pushes=2 box-changes=1 sessions=1 by=player lurd=RR\n\
         moves=9 pushes=2 by=player lurd=RR\n\
         junk\n",
    )
    .expect("written");
    let read = records.read_solutions().expect("readable");
    assert_eq!(
        read.problems,
        [
            EntryError::BadField { line: 3 },
            EntryError::BadValue {
                line: 2,
                key: "moves"
            }
        ]
    );
    let added = records
        .keep_solution(solution("rrR", Finder::Player))
        .expect("kept");
    let aside = added.moved_aside.expect("moved aside");
    assert!(
        fs::read_to_string(&aside)
            .expect("kept aside")
            .contains("junk")
    );
    assert_eq!(
        kept(&records),
        [
            ("RR".to_owned(), Finder::Player),
            ("rrR".to_owned(), Finder::Player)
        ]
    );
}

#[test]
fn games_solving_at_once_all_keep_their_solutions() {
    let (_dir, records) = setup();
    // Solutions of 20 - n moves and n pushes: none beats another.
    std::thread::scope(|scope| {
        for n in 1..=8 {
            let records = records.clone();
            scope.spawn(move || {
                let lurd = format!("{}{}", "r".repeat(20 - 2 * n), "R".repeat(n));
                records
                    .keep_solution(solution(&lurd, Finder::Player))
                    .expect("kept");
            });
        }
    });
    assert_eq!(kept(&records).len(), 8);
}

#[test]
fn snapshots_outlive_the_game_and_the_oldest_makes_room() {
    let (dir, records) = setup();
    assert_eq!(
        records.snapshots_path(),
        dir.path().join("room.xsb.snapshots")
    );
    let first = Snapshot::new(parse_moves("rrU").expect("moves"), Some(0));
    records.take_snapshot(first.clone()).expect("taken");
    records
        .take_snapshot(Snapshot::new(Vec::new(), None))
        .expect("taken");
    let again = Records::beside(&dir.path().join("room.xsb"));
    let read = again.read_snapshots().expect("readable");
    assert_eq!(read.problems, []);
    assert_eq!(
        read.snapshots,
        [first.clone(), Snapshot::new(Vec::new(), None)]
    );
    for _ in 2..schokoban::storage::MAX_SNAPSHOTS {
        records
            .take_snapshot(Snapshot::new(Vec::new(), None))
            .expect("taken");
    }
    let full = records
        .take_snapshot(Snapshot::new(Vec::new(), None))
        .expect("taken");
    assert_eq!(full.dropped, Some(first));
    assert_eq!(full.snapshots.len(), schokoban::storage::MAX_SNAPSHOTS);
}
