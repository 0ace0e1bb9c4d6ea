//! `schokoban verify MAP MOVES [--level N]`, run as the real binary: the
//! exact report, exit codes, and errors on stderr.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

const ROOM: &str = "#######\n#@ $ .#\n#######\nTitle: Room\n";

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn verify(args: &[&std::ffi::OsStr]) -> Run {
    let Output {
        status,
        stdout,
        stderr,
    } = Command::new(env!("CARGO_BIN_EXE_schokoban"))
        .arg("verify")
        .args(args)
        .output()
        .expect("the binary runs");
    Run {
        code: status.code(),
        stdout: String::from_utf8(stdout).expect("stdout is text"),
        stderr: String::from_utf8(stderr).expect("stderr is text"),
    }
}

fn verify_str(map: &Path, rest: &[&str]) -> Run {
    let mut args = vec![map.as_os_str()];
    args.extend(rest.iter().map(std::ffi::OsStr::new));
    verify(&args)
}

fn room() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let map = dir.path().join("room.xsb");
    fs::write(&map, ROOM).expect("map");
    (dir, map)
}

fn assert_fails(run: &Run, needles: &[&str]) {
    assert_eq!(run.code, Some(1), "stderr: {}", run.stderr);
    assert_eq!(run.stdout, "", "nothing on stdout after an error");
    assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "one line: {}", run.stderr);
    for needle in needles {
        assert!(
            run.stderr.contains(needle),
            "{needle:?} not in {}",
            run.stderr
        );
    }
}

#[test]
fn a_solution_prints_three_lines_a_blank_and_the_board() {
    let (_dir, map) = room();
    let run = verify_str(&map, &["rRR"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "moves: 3\npushes: 2\nsolved: yes\n\n#######\n#   @*#\n#######\n"
    );
    assert_eq!(run.stderr, "");
}

#[test]
fn undos_count_as_moves_but_not_as_pushes() {
    let (_dir, map) = room();
    let run = verify_str(&map, &["rRx R"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "moves: 4\npushes: 1\nsolved: no\n\n#######\n#  @$.#\n#######\n"
    );
}

#[test]
fn no_moves_prints_the_start() {
    let (_dir, map) = room();
    let run = verify_str(&map, &[""]);
    assert_eq!(run.code, Some(0));
    assert_eq!(
        run.stdout,
        "moves: 0\npushes: 0\nsolved: no\n\n#######\n#@ $ .#\n#######\n"
    );
}

#[test]
fn level_picks_a_level_of_a_collection() {
    let map = Path::new("microban");
    let run = verify_str(map, &["rr", "--level", "1"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "moves: 2\npushes: 0\nsolved: no\n\n####\n# .#\n#  ###\n#*  @#\n#  $ #\n#  ###\n####\n"
    );
    let third = verify_str(map, &["", "--level", "3"]);
    assert_eq!(
        third.stdout,
        "moves: 0\npushes: 0\nsolved: no\n\n  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########\n"
    );
    assert_eq!(
        verify_str(map, &["rr"]).stdout,
        run.stdout,
        "level 1 is the default"
    );
}

#[test]
fn a_save_file_can_stand_for_the_moves() {
    let (dir, map) = room();
    let save = dir.path().join("room.xsb.sav");
    fs::write(&save, "rR\nxR\n").expect("save");
    let run = verify(&[map.as_os_str(), save.as_os_str()]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "moves: 4\npushes: 1\nsolved: no\n\n#######\n#  @$.#\n#######\n"
    );
}

#[test]
fn an_illegal_move_names_its_number() {
    let (_dir, map) = room();
    assert_fails(&verify_str(&map, &["rRRR"]), &["move 4"]);
    assert_fails(&verify_str(&map, &["u"]), &["move 1"]);
    assert_fails(&verify_str(&map, &["rr"]), &["move 2", "push"]);
    assert_fails(&verify_str(&map, &["x"]), &["move 1", "undo"]);
}

#[test]
fn a_typo_in_the_moves_is_a_bad_move_not_a_missing_file() {
    let (_dir, map) = room();
    assert_fails(&verify_str(&map, &["rRX"]), &["move 3", "'X'"]);
    assert_fails(&verify_str(&map, &["r-R"]), &["move 2", "'-'"]);
    let run = verify_str(&map, &["gone.sav"]);
    assert_fails(&run, &["gone.sav", "no such file"]);
}

#[test]
fn a_damaged_save_names_the_file_and_the_move() {
    let (dir, map) = room();
    let save = dir.path().join("room.xsb.sav");
    fs::write(&save, "rRz").expect("save");
    let run = verify(&[map.as_os_str(), save.as_os_str()]);
    assert_fails(&run, &["room.xsb.sav", "move 3"]);
    let missing = dir.path().join("gone.sav");
    assert_fails(
        &verify(&[map.as_os_str(), missing.as_os_str()]),
        &["gone.sav"],
    );
}

#[test]
fn a_bad_level_number() {
    let (_dir, map) = room();
    assert_fails(
        &verify_str(&map, &["", "--level", "2"]),
        &["no level 2", "1 level"],
    );
    assert_fails(&verify_str(&map, &["", "--level", "0"]), &["no level 0"]);
}

#[test]
fn a_damaged_or_missing_map() {
    let (dir, _) = room();
    let broken = dir.path().join("broken.xsb");
    fs::write(&broken, "#####\n#@$.#\n#@  #\n#####\n").expect("map");
    assert_fails(&verify_str(&broken, &["r"]), &["broken.xsb", "line 3"]);
    let missing = dir.path().join("missing.xsb");
    assert_fails(&verify_str(&missing, &["r"]), &["missing.xsb"]);
    // A folder is read as its .xsb files, so one broken file is named.
    assert_fails(&verify_str(dir.path(), &["r"]), &["broken.xsb", "line 3"]);
    let empty = tempfile::tempdir().expect("tempdir");
    assert_fails(&verify_str(empty.path(), &["r"]), &["no .xsb files"]);
}

#[test]
fn a_dash_reads_the_moves_from_standard_input() {
    let (dir, map) = room();
    let map = map.to_str().expect("a UTF-8 path");
    let output = crate::common::run_with_input(dir.path(), &["verify", map, "-"], "rRR\n");
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "moves: 3\npushes: 2\nsolved: yes\n\n#######\n#   @*#\n#######\n"
    );
}

#[test]
fn pusher_listings_of_a_level_verify_to_the_same_board_as_its_xsb_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let ours = crate::common::pusher::our_levels();
    let microban: Vec<_> = ours
        .iter()
        .filter(|(path, _)| path.parent().is_some_and(|p| p.ends_with("microban")))
        .take(5)
        .collect();
    let levels: Vec<_> = microban.iter().map(|(_, level)| level.clone()).collect();
    let plain = dir.path().join("maps.txt");
    fs::write(&plain, crate::common::pusher::plain(&levels)).expect("plain listing");
    let packed = dir.path().join("maps.asm");
    fs::write(&packed, crate::common::pusher::compressed(&levels)).expect("compressed listing");
    for (number, moves) in [("1", ""), ("1", "dlU"), ("1", "dlUxr"), ("3", "")] {
        let index: usize = number.parse().expect("a number");
        let xsb = &microban[index - 1].0;
        let expected = verify_str(xsb, &[moves]);
        assert_eq!(expected.code, Some(0), "{}", expected.stderr);
        for listing in [&plain, &packed] {
            let run = verify_str(listing, &[moves, "--level", number]);
            assert_eq!(run.code, Some(0), "{}", run.stderr);
            assert_eq!(
                run.stdout,
                expected.stdout,
                "{} level {number}",
                listing.display()
            );
        }
    }
}

#[test]
fn a_solutions_file_has_each_entry_replayed() {
    let (dir, map) = room();
    let records = schokoban::storage::Records::beside(&map);
    let steps = schokoban_core::parse_moves("rRlrR").expect("moves");
    let solution =
        schokoban::storage::Solution::new(steps, schokoban::storage::Finder::Player, None, None);
    records.keep_solution(solution).expect("kept");
    // A second entry as a person might add it, by a finder of their own.
    let mut text = fs::read_to_string(records.solutions_path()).expect("written");
    text.push_str("by=friend lurd=rRR\n");
    fs::write(records.solutions_path(), text).expect("written");
    let path = records.solutions_path().to_str().expect("utf-8").to_owned();
    let run = verify_str(&map, &[&path]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "line 3: 5 moves, 2 pushes, by player: solved\n\
         line 4: 3 moves, 2 pushes, by friend: solved\n\
         solved: 2 of 2\n"
    );
    // An entry that does not solve fails the run and says which.
    let wrong = dir.path().join("wrong.solutions");
    fs::write(&wrong, "by=player lurd=rR\n").expect("written");
    let run = verify_str(&map, &[wrong.to_str().expect("utf-8")]);
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stdout,
        "line 1: 2 moves, 1 push, by player: NOT solved\nsolved: 0 of 1\n"
    );
}
