//! Writes that fail or are cut short: a writer killed mid-save, temporary
//! files left by a crash, a full disk, a removed folder. The previous file
//! must always stay whole, and the game must be able to write again.
//!
//! Some cases need a process of their own; this test binary runs itself
//! as that process (the `child` test, ignored in normal runs).

use std::fs;
use std::io::{BufRead as _, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::common::setup;
use schokoban::storage::{RecordError, Records};
use schokoban_core::{Direction, LogEntry, Step, format_log};

/// A long walk back and forth, `pairs` times `lr`.
fn long_log(pairs: usize, first: Direction) -> Vec<LogEntry> {
    let steps = [
        LogEntry::Step(Step::walk(first)),
        LogEntry::Step(Step::walk(first.opposite())),
    ];
    steps.iter().copied().cycle().take(2 * pairs).collect()
}

fn spawn_child(role: &str, map: &Path) -> Command {
    let mut command = Command::new(std::env::current_exe().expect("test binary"));
    command
        .args([
            "--exact",
            "records_crash::child",
            "--ignored",
            "--test-threads=1",
        ])
        .env("SCHOKOBAN_CHILD_ROLE", role)
        .env("SCHOKOBAN_CHILD_MAP", map);
    command
}

#[test]
#[ignore = "the child process of the other tests; runs only when they start it"]
fn child() {
    // Run on its own (say with --include-ignored) it has nothing to do.
    let Ok(role) = std::env::var("SCHOKOBAN_CHILD_ROLE") else {
        return;
    };
    let map = PathBuf::from(std::env::var("SCHOKOBAN_CHILD_MAP").expect("map"));
    let records = Records::beside(&map);
    match role.as_str() {
        "leftovers" => {
            // A crashed predecessor with this very process id left its
            // temporary files behind, under the names we are about to pick.
            let folder = map.parent().expect("folder");
            for n in 0..8 {
                let name = format!(".room.xsb.dat.{}.{n}.tmp", std::process::id());
                fs::write(folder.join(name), "10 half writ").expect("leftover");
            }
            records
                .add_score(5, "after crash")
                .expect("writes despite leftovers");
        }
        "hammer" => {
            records
                .write_save(&long_log(100_000, Direction::Left))
                .expect("save");
            // The first save is there: the test may kill from now on.
            println!("saved");
            loop {
                records
                    .write_save(&long_log(100_000, Direction::Right))
                    .expect("save");
                records
                    .write_save(&long_log(100_000, Direction::Left))
                    .expect("save");
            }
        }
        "big save" => {
            let error = records
                .write_save(&long_log(50_000, Direction::Left))
                .expect_err("the file size limit stops the write");
            assert!(matches!(error, RecordError::Io { .. }), "{error:?}");
        }
        "scorer" => {
            // Each score better than the last, so each makes the board and
            // keeps its run, and past ten pushes the worst off the board; a
            // line after each tells the test it is in.
            let run = long_log(3, Direction::Left);
            for i in 0.. {
                records
                    .add_score_with_run(1_000_000 - i, &format!("k{i}"), &run)
                    .expect("score added");
                println!("added {i}");
            }
        }
        other => panic!("unknown role {other}"),
    }
}

#[test]
fn temporary_files_left_by_a_crash_do_not_block_later_writes() {
    let (dir, records) = setup();
    fs::write(records.leaderboard_path(), "3 old\n").expect("old board");
    let output = spawn_child("leftovers", &dir.path().join("room.xsb"))
        .output()
        .expect("child runs");
    assert!(
        output.status.success(),
        "the child could not write: {}",
        String::from_utf8_lossy(&output.stdout)
    );
    assert_eq!(
        fs::read_to_string(records.leaderboard_path()).expect("board"),
        "3 old\n5 after crash\n"
    );
}

#[test]
fn a_leftover_temporary_file_does_not_touch_the_old_board() {
    let (dir, records) = setup();
    fs::write(records.leaderboard_path(), "3 old\n4 older\n").expect("old board");
    // What a writer killed before its rename leaves: a half-written temporary.
    fs::write(dir.path().join(".room.xsb.dat.999999.0.tmp"), "1 che").expect("temp");
    let read = records.read_leaderboard().expect("reads");
    assert_eq!(read.problems, []);
    assert_eq!(read.board.to_text(), "3 old\n4 older\n");
    records.add_score(5, "new").expect("writes");
    assert_eq!(
        fs::read_to_string(records.leaderboard_path()).expect("board"),
        "3 old\n4 older\n5 new\n"
    );
}

/// Kills a writer after a delay in real time, to land at different moments
/// of its writes: only the clock can spread the kills.
#[test]
fn a_writer_killed_mid_save_in_real_time_leaves_a_whole_file() {
    let (dir, records) = setup();
    let left = format!("{}\n", format_log(&long_log(100_000, Direction::Left)));
    let right = format!("{}\n", format_log(&long_log(100_000, Direction::Right)));
    for delay_ms in [0, 3, 7, 15, 31] {
        let mut writer = spawn_child("hammer", &dir.path().join("room.xsb"))
            .arg("--nocapture")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("child runs");
        // The test harness's own words come first, on the same line too.
        let said = writer.stdout.take().expect("the writer's output");
        let saved = BufReader::new(said)
            .lines()
            .map(|line| line.expect("the writer's output"))
            .any(|line| line.ends_with("saved"));
        assert!(saved, "the writer ended before its first save");
        std::thread::sleep(Duration::from_millis(delay_ms));
        writer.kill().expect("killed");
        writer.wait().expect("reaped");
        let text = fs::read_to_string(records.save_path()).expect("a save is there");
        assert!(
            text == left || text == right,
            "a torn save after {delay_ms} ms: {} bytes",
            text.len()
        );
    }
    records
        .write_save(&[])
        .expect("writing works after the kills");
    assert_eq!(fs::read_to_string(records.save_path()).expect("read"), "\n");
}

/// Rounds of `a_scorer_killed_in_real_time_leaves_no_entry_without_its_run`.
const KILL_ROUNDS: usize = 40;

/// Kills the scorer while it writes: where the kill lands depends on how
/// far the other process got in real time, which the idle turns spread.
#[test]
fn a_scorer_killed_in_real_time_leaves_no_entry_without_its_run() {
    use std::io::BufRead;
    for round in 0..KILL_ROUNDS {
        let (dir, records) = setup();
        let mut scorer = spawn_child("scorer", &dir.path().join("room.xsb"))
            // Its lines come as they are printed, not when it ends.
            .arg("--nocapture")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("child runs");
        let out = scorer.stdout.take().expect("piped");
        let wanted = 1 + round % 3;
        // The pipe stays open until the kill: closed, the scorer's next
        // line would end it at a clean point instead.
        let mut lines = std::io::BufReader::new(out).lines();
        let added = lines
            .by_ref()
            .map_while(Result::ok)
            .filter(|line| line.starts_with("added"))
            .take(wanted)
            .count();
        assert_eq!(added, wanted, "the scorer stopped early");
        // Then a count of idle turns, different each round, so the kill
        // falls at a different point of the score being written.
        for turn in 0..(round * 7919 % KILL_ROUNDS) * 40_000 {
            std::hint::black_box(turn);
        }
        scorer.kill().expect("killed");
        scorer.wait().expect("reaped");
        drop(lines);
        let read = records.read_runs().expect("readable");
        for (entry, run) in read.board.entries().iter().zip(&read.runs) {
            assert!(
                run.is_some(),
                "round {round}: {entry:?} is on the board without its run: {:?} {:?}",
                fs::read_to_string(records.leaderboard_path()),
                fs::read_to_string(records.runs_path()),
            );
        }
    }
}

#[cfg(unix)]
#[test]
fn a_full_disk_leaves_the_old_save_whole() {
    let (dir, records) = setup();
    records
        .write_save(&long_log(2, Direction::Left))
        .expect("old save");
    // `ulimit -f` makes any write past 1 block fail as a full disk would.
    let output = Command::new("sh")
        .args(["-c", "trap '' XFSZ; ulimit -f 1; exec \"$0\" \"$@\""])
        .arg(std::env::current_exe().expect("test binary"))
        .args([
            "--exact",
            "records_crash::child",
            "--ignored",
            "--test-threads=1",
        ])
        .env("SCHOKOBAN_CHILD_ROLE", "big save")
        .env("SCHOKOBAN_CHILD_MAP", dir.path().join("room.xsb"))
        .output()
        .expect("child runs");
    assert!(
        output.status.success(),
        "the write did not fail cleanly: {}",
        String::from_utf8_lossy(&output.stdout)
    );
    assert_eq!(
        fs::read_to_string(records.save_path()).expect("read"),
        "lrlr\n"
    );
    let names: Vec<_> = fs::read_dir(dir.path())
        .expect("list")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(
        names.len(),
        2,
        "the failed temporary file is removed: {names:?}"
    );
}

#[test]
fn a_removed_folder_is_an_error_not_a_crash() {
    let (dir, _) = setup();
    let folder = dir.path().join("records");
    fs::create_dir(&folder).expect("mkdir");
    let records = Records::in_folder(&dir.path().join("room.xsb"), &folder);
    records.add_score(1, "first").expect("added");
    fs::remove_dir_all(&folder).expect("folder removed");
    match records.add_score(2, "second") {
        Err(RecordError::Io { path, .. }) => assert_eq!(path, records.leaderboard_path()),
        other => panic!("expected an IO error, got {other:?}"),
    }
    assert!(matches!(
        records.write_save(&[]),
        Err(RecordError::Io { .. })
    ));
}

#[test]
fn a_failed_rename_cleans_up_and_keeps_what_was_there() {
    let (dir, records) = setup();
    // The save's name is taken by a folder with something in it.
    fs::create_dir(records.save_path()).expect("mkdir");
    fs::write(records.save_path().join("keep"), "precious").expect("write");
    assert!(matches!(
        records.write_save(&[]),
        Err(RecordError::Io { .. })
    ));
    assert_eq!(
        fs::read_to_string(records.save_path().join("keep")).expect("kept"),
        "precious"
    );
    let mut names: Vec<_> = fs::read_dir(dir.path())
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["room.xsb", "room.xsb.sav"]);
}

#[cfg(unix)]
#[test]
fn a_read_only_folder_is_an_error_and_the_old_board_stays() {
    use std::os::unix::fs::PermissionsExt;
    let (dir, records) = setup();
    records.add_score(1, "kept").expect("added");
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o555)).expect("chmod");
    let privileged = fs::write(dir.path().join("probe"), "").is_ok();
    let result = records.add_score(2, "lost");
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).expect("chmod back");
    if privileged {
        crate::common::skip(
            "a_read_only_folder_is_an_error_and_the_old_board_stays",
            "running with privileges that ignore folder modes (root?)",
        );
        return;
    }
    assert!(matches!(result, Err(RecordError::Io { .. })), "{result:?}");
    assert_eq!(
        fs::read_to_string(records.leaderboard_path()).expect("read"),
        "1 kept\n"
    );
}
