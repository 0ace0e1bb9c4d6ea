//! `NAME.xsb.dat` on disk: adding scores, atomic writes leaving no temporary
//! files, and damaged boards kept readable and moved aside, never overwritten.

use std::fs;
use std::path::{Path, PathBuf};

use crate::common::setup;
use schokoban::storage::{LeaderboardError, Records};

fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("read_dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn scores(records: &Records) -> Vec<(usize, String)> {
    let read = records.read_leaderboard().expect("readable");
    assert_eq!(read.problems, [], "the board on disk is clean");
    read.board
        .entries()
        .iter()
        .map(|e| (e.score, e.name.clone()))
        .collect()
}

#[test]
fn the_leaderboard_lives_beside_the_map() {
    let (dir, records) = setup();
    assert_eq!(records.leaderboard_path(), dir.path().join("room.xsb.dat"));
    let elsewhere = Records::in_folder(&dir.path().join("room.xsb"), Path::new("/data"));
    assert_eq!(
        elsewhere.leaderboard_path(),
        Path::new("/data/room.xsb.dat")
    );
    assert_eq!(elsewhere.save_path(), Path::new("/data/room.xsb.sav"));
}

#[test]
fn a_missing_board_is_empty() {
    let (_dir, records) = setup();
    let read = records.read_leaderboard().expect("missing is fine");
    assert!(read.board.is_empty());
    assert_eq!(read.problems, []);
}

#[test]
fn deleting_a_save_that_is_not_there_is_no_error_even_with_its_folder_gone() {
    let dir = tempfile::tempdir().expect("temp dir");
    let gone = Records::beside(&dir.path().join("gone").join("map.xsb"));
    assert!(gone.delete_save().is_ok(), "no save, nothing to delete");
    let (_dir, records) = setup();
    assert!(records.delete_save().is_ok());
}

#[test]
fn adding_scores_writes_the_file_in_order() {
    let (dir, records) = setup();
    let added = records.add_score(30, "Carol").expect("added");
    assert_eq!((added.place, added.moved_aside), (Some(0), None));
    records.add_score(10, "Ann Lee").expect("added");
    let tie = records.add_score(10, "Bob").expect("added");
    assert_eq!(tie.place, Some(1), "after the earlier 10");
    assert_eq!(
        fs::read_to_string(records.leaderboard_path()).expect("read"),
        "10 Ann Lee\n10 Bob\n30 Carol\n"
    );
    assert_eq!(
        listing(dir.path()),
        ["room.xsb", "room.xsb.dat"],
        "no temporary files are left behind"
    );
}

#[test]
fn a_score_that_does_not_qualify_is_not_added() {
    let (_dir, records) = setup();
    for i in 1..=10 {
        records.add_score(i, &format!("p{i}")).expect("added");
    }
    let late = records.add_score(11, "late").expect("written");
    assert_eq!(late.place, None);
    assert_eq!(scores(&records).len(), 10);
    assert!(scores(&records).iter().all(|(_, name)| name != "late"));
    let early = records.add_score(0, "first").expect("written");
    assert_eq!(early.place, Some(0));
    let now = scores(&records);
    assert_eq!(now.len(), 10);
    assert_eq!(now[0], (0, "first".to_owned()));
    assert_eq!(now[9].0, 9, "the worst entry fell off");
}

#[test]
fn saves_and_boards_leave_no_temporary_files() {
    let (dir, records) = setup();
    for _ in 0..5 {
        records.write_save(&[]).expect("save");
        records.add_score(5, "x").expect("score");
    }
    records.delete_save().expect("delete");
    assert_eq!(listing(dir.path()), ["room.xsb", "room.xsb.dat"]);
}

/// Writes a damaged board, checks what reading it keeps and reports, then
/// adds a score and checks the damaged file was moved aside untouched.
fn damaged_case(
    contents: &[u8],
    kept: &[(usize, &str)],
    problems: &[LeaderboardError],
) -> (tempfile::TempDir, Records) {
    let (dir, records) = setup();
    fs::write(records.leaderboard_path(), contents).expect("write damaged");
    let read = records
        .read_leaderboard()
        .expect("a damaged board still reads");
    let got: Vec<(usize, &str)> = read
        .board
        .entries()
        .iter()
        .map(|e| (e.score, e.name.as_str()))
        .collect();
    assert_eq!(got, kept);
    assert_eq!(read.problems, problems);

    let added = records.add_score(1_000, "new").expect("added");
    let aside = dir.path().join("room.xsb.dat.damaged");
    assert_eq!(added.moved_aside, Some(aside.clone()));
    assert_eq!(
        fs::read(&aside).expect("moved aside"),
        contents,
        "kept byte for byte"
    );
    let now = scores(&records);
    let mut expected: Vec<(usize, String)> = kept.iter().map(|&(s, n)| (s, n.to_owned())).collect();
    if expected.len() < 10 {
        expected.push((1_000, "new".to_owned()));
    }
    assert_eq!(now, expected, "the new board holds the readable entries");
    (dir, records)
}

#[test]
fn a_board_with_unparsable_lines() {
    damaged_case(
        b"10 A\nnot a score\n20 B\n30\n",
        &[(10, "A"), (20, "B")],
        &[
            LeaderboardError::BadScore { line: 2 },
            LeaderboardError::MissingName { line: 4 },
        ],
    );
}

#[test]
fn a_board_with_binary_junk() {
    damaged_case(
        b"\x00\x9f\x92\x96\xff\n10 A\n\xc3\x28 zz\n12 B\n",
        &[(10, "A"), (12, "B")],
        &[
            LeaderboardError::NotText { line: 1 },
            LeaderboardError::NotText { line: 3 },
        ],
    );
}

#[test]
fn a_board_with_too_many_entries() {
    let text = (1..=12)
        .map(|i| format!("{i} p{i}\n"))
        .collect::<Vec<_>>()
        .concat();
    let kept: Vec<(usize, String)> = (1..=10).map(|i| (i, format!("p{i}"))).collect();
    let kept: Vec<(usize, &str)> = kept.iter().map(|(s, n)| (*s, n.as_str())).collect();
    damaged_case(
        text.as_bytes(),
        &kept,
        &[LeaderboardError::TooManyEntries { line: 11 }],
    );
}

#[test]
fn a_board_in_the_wrong_order() {
    damaged_case(
        b"30 C\n10 A\n20 B\n",
        &[(10, "A"), (20, "B"), (30, "C")],
        &[LeaderboardError::OutOfOrder { line: 2 }],
    );
}

#[test]
fn a_board_far_too_large_is_moved_aside_whole() {
    let (dir, records) = setup();
    let file = fs::File::create(records.leaderboard_path()).expect("create");
    file.set_len(64 << 20).expect("sparse");
    let read = records.read_leaderboard().expect("reads as damaged");
    assert!(read.board.is_empty());
    assert_eq!(
        read.problems,
        [LeaderboardError::FileTooLarge { bytes: 64 << 20 }]
    );
    let added = records.add_score(5, "new").expect("added");
    let aside: PathBuf = dir.path().join("room.xsb.dat.damaged");
    assert_eq!(added.moved_aside, Some(aside.clone()));
    assert_eq!(fs::metadata(&aside).expect("kept").len(), 64 << 20);
    assert_eq!(scores(&records), [(5, "new".to_owned())]);
}

#[test]
fn a_second_damaged_file_gets_a_number() {
    let (dir, records) = damaged_case(b"oops\n", &[], &[LeaderboardError::BadScore { line: 1 }]);
    fs::write(records.leaderboard_path(), "again\n").expect("damage again");
    let second = records.add_score(7, "b").expect("added");
    assert_eq!(
        second.moved_aside,
        Some(dir.path().join("room.xsb.dat.damaged.2"))
    );
    fs::write(records.leaderboard_path(), "and again\n").expect("damage again");
    let third = records.add_score(7, "c").expect("added");
    assert_eq!(
        third.moved_aside,
        Some(dir.path().join("room.xsb.dat.damaged.3"))
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("room.xsb.dat.damaged")).expect("first"),
        "oops\n"
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("room.xsb.dat.damaged.2")).expect("second"),
        "again\n"
    );
    assert_eq!(scores(&records), [(7, "c".to_owned())]);
}

#[test]
fn a_clean_board_is_never_moved_aside() {
    let (dir, records) = setup();
    fs::write(records.leaderboard_path(), "10 A\n").expect("write");
    let added = records.add_score(11, "B").expect("added");
    assert_eq!(added.moved_aside, None);
    assert_eq!(listing(dir.path()), ["room.xsb", "room.xsb.dat"]);
}
