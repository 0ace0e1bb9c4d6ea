//! `schokoban solve` and `schokoban bench` as a user runs them.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use schokoban_core::{Game, parse_level};
use schokoban_solver::Strategy;

fn schokoban(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_schokoban"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs from `dir`, as a player would from any folder.
fn schokoban_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_schokoban"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn map(dir: &Path, xsb: &str) -> PathBuf {
    let path = dir.join("level.xsb");
    std::fs::write(&path, xsb).expect("temp file");
    path
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

const TWO_BOXES: &str = "#######\n#  .  #\n#  $  #\n#.$ @ #\n#######\n";

/// `text` prints a solution of `xsb` that replays in `moves` and `pushes`.
/// Two searches race, so which of the shortest lines comes first may vary.
fn assert_solution(text: &str, xsb: &str, (moves, pushes): (usize, usize)) {
    let lurd = text
        .strip_prefix("solution: ")
        .and_then(|rest| rest.lines().next())
        .unwrap_or_else(|| panic!("no solution line: {text}"));
    let counts = format!("\nmoves: {moves}\npushes: {pushes}\n");
    assert!(text.ends_with(&counts), "{text}");
    let level = parse_level(xsb).expect("test level parses");
    let game = Game::replay(level, lurd).expect("the solution replays");
    assert!(game.is_solved(), "{text}");
}

#[test]
fn a_solution_is_printed_with_its_moves_and_pushes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = map(dir.path(), TWO_BOXES);
    let output = schokoban(&["solve", path.to_str().expect("utf-8 path")]);
    assert_solution(&stdout(&output), TWO_BOXES, (4, 2));
    assert!(output.status.success());
}

#[test]
fn a_level_without_solution_says_so_and_fails() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = map(dir.path(), "########\n#@$ $..#\n########\n");
    let output = schokoban(&["solve", path.to_str().expect("utf-8 path")]);
    assert_eq!(stdout(&output), "no solution exists\n");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn running_out_of_time_says_so_and_fails() {
    let output = schokoban(&["solve", "xsokoban", "--level", "50", "--timeout", "0.3"]);
    assert_eq!(stdout(&output), "no solution found in 0.3 s\n");
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn a_bad_map_is_an_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = map(dir.path(), "#####\n#@$ #\n#####\n");
    let output = schokoban(&["solve", path.to_str().expect("utf-8 path")]);
    assert!(String::from_utf8_lossy(&output.stderr).starts_with("error: "));
    assert!(output.stdout.is_empty());
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn bench_reports_each_level_and_the_totals() {
    let dir = tempfile::tempdir().expect("temp dir");
    let two = "#######\n#  .  #\n#  $  #\n#.$ @ #\n#######\n\n########\n#@$ $..#\n########\n";
    let path = map(dir.path(), two);
    let output = schokoban(&[
        "bench",
        path.to_str().expect("utf-8 path"),
        "--timeout",
        "5",
        "--strategy",
        "push-pull",
    ]);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(
        lines[0].starts_with("level 1: ")
            && lines[0]
                .contains("solved by push-pull, 4 moves, 2 pushes (found: 4 moves, 2 pushes; ")
    );
    assert!(lines[1].starts_with("level 2: ") && lines[1].ends_with("no solution exists"));
    let totals = ": solved 1 of 2, ";
    assert!(
        lines[2].starts_with(&format!("{}{totals}", path.display())),
        "{text}"
    );
    assert!(lines[3].starts_with(&format!("total{totals}")), "{text}");
    assert!(
        lines[3].contains(" nodes, 4 moves, 2 pushes (found: 4 moves, 2 pushes; moves x1.000 at the median), median ")
            && lines[3].contains(" ms, worst "),
        "{text}"
    );
    assert!(output.status.success());
}

#[test]
fn bench_times_hints_along_each_solution() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = map(dir.path(), "#########\n#@$    .#\n#########\n");
    let path = path.to_str().expect("utf-8 path");
    let output = schokoban(&["bench", path, "--hints", "2"]);
    let text = stdout(&output);
    // The start, then after pushes 2 and 4 of 5.
    for line in text.lines() {
        assert!(
            line.contains("; hints from 3 positions: median ") && line.contains(" ms, slowest "),
            "{text}"
        );
    }
    assert!(output.status.success());
    let output = schokoban(&["bench", path, "--hints", "0"]);
    assert!(stderr(&output).contains("invalid value '0' for '--hints <PUSHES>'"));
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn bench_can_leave_the_optimizer_out() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = map(dir.path(), "#########\n#@$    .#\n#########\n");
    let path = path.to_str().expect("utf-8 path");
    let optimized = stdout(&schokoban(&["bench", path]));
    assert!(optimized.contains("; optimized in "), "{optimized}");
    let output = schokoban(&["bench", path, "--no-optimize"]);
    let text = stdout(&output);
    let level = text.lines().next().unwrap_or_default();
    assert!(
        level.ends_with(", 5 moves, 5 pushes (not optimized)"),
        "{text}"
    );
    assert!(!text.contains("optimized in"), "{text}");
    assert!(output.status.success());
}

#[test]
fn a_giant_level_is_declined_with_the_reason() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = map(
        dir.path(),
        &schokoban_solver::giant_room(250, 4000).expect("fits"),
    );
    let output = schokoban(&[
        "solve",
        path.to_str().expect("utf-8 path"),
        "--timeout",
        "5",
    ]);
    assert_eq!(
        stdout(&output),
        "too large to solve: 62500 cells x 4000 goals\n"
    );
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn bench_explains_each_level_and_runs_side_by_side_in_order() {
    let dir = tempfile::tempdir().expect("temp dir");
    let three = "#######\n#  .  #\n#  $  #\n#.$ @ #\n#######\n\n\
                 ########\n#@$ $..#\n########\n\n#####\n#@$.#\n#####\n";
    let path = map(dir.path(), three);
    let path = path.to_str().expect("utf-8 path");
    let output = schokoban(&["bench", path, "--jobs", "3"]);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    for (line, number) in lines.iter().zip(1..=3) {
        assert!(line.starts_with(&format!("level {number}: ")), "{text}");
        assert!(
            line.contains(" nodes, ") && line.contains(" nodes/s, ") && line.contains(" MiB, "),
            "{text}"
        );
    }
    assert!(lines[2].contains(", solved by "), "{text}");
    assert!(lines[2].contains(", 1 moves, 1 pushes (found: "), "{text}");
    assert!(lines[4].starts_with("total: solved 2 of 3, "), "{text}");
}

#[test]
fn bench_runs_one_strategy_alone_and_caps_the_positions() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = map(dir.path(), TWO_BOXES);
    let path = path.to_str().expect("utf-8 path");
    let output = schokoban(&["bench", path, "--strategy", "features"]);
    let text = stdout(&output);
    assert!(text.contains(", solved by features, "), "{text}");
    let output = schokoban(&["bench", path, "--strategy", "plan"]);
    let text = stdout(&output);
    assert!(text.contains(", solved by plan, "), "{text}");
    let output = schokoban(&["bench", path, "--strategy", "push-pull", "--nodes", "0"]);
    let text = stdout(&output);
    assert!(
        text.starts_with("level 1: ") && text.contains(", gave up\n"),
        "{text}"
    );
    let output = schokoban(&["bench", path, "--strategy", "fastest"]);
    let error = stderr(&output);
    for strategy in Strategy::ALL {
        assert!(error.contains(strategy.name()), "{strategy}: {error}");
    }
    assert_eq!(output.status.code(), Some(2));
}

/// The help comes from the solver's table of strategies: a strategy it
/// leaves out, or whose name bench does not take, fails here.
#[test]
fn bench_help_names_every_strategy_with_its_help_and_takes_each_name() {
    let output = schokoban(&["bench", "--help"]);
    let help = stdout(&output);
    for strategy in Strategy::ALL {
        let line = format!("{}: {}", strategy.name(), strategy.help());
        // Clap wraps long lines; compare with the spaces squeezed.
        let squeezed = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(squeezed(&help).contains(&squeezed(&line)), "{line}\n{help}");
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let path = map(dir.path(), TWO_BOXES);
    let path = path.to_str().expect("utf-8 path");
    for strategy in Strategy::ALL {
        let output = schokoban(&["bench", path, "--strategy", strategy.name(), "--nodes", "0"]);
        assert!(output.status.success(), "{strategy}: {}", stderr(&output));
    }
}

#[test]
fn a_collection_is_named_from_any_folder() {
    let dir = tempfile::tempdir().expect("temp dir");
    let output = schokoban_in(dir.path(), &["solve", "microban", "--level", "1"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("solution: "), "{text}");
    assert!(text.ends_with("pushes: 8\n"), "{text}");
}

#[test]
fn an_existing_file_wins_over_a_collection_name() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("microban"), TWO_BOXES).expect("write");
    let output = schokoban_in(dir.path(), &["solve", "microban"]);
    assert_solution(&stdout(&output), TWO_BOXES, (4, 2));
}

#[test]
fn an_unknown_name_lists_the_collections() {
    let dir = tempfile::tempdir().expect("temp dir");
    for command in ["solve", "bench", "verify"] {
        let mut args = vec![command, "microbanana"];
        if command == "verify" {
            args.push("r");
        }
        let output = schokoban_in(dir.path(), &args);
        assert_eq!(output.status.code(), Some(1), "{command}");
        let text = stderr(&output);
        assert!(
            text.starts_with("error: microbanana: ")
                && text.contains("microban, microban-ii, microban-iii, microban-iv, xsokoban, sasquatch, sasquatch-ii,")
                && text.contains("sasquatch-x, sasquatch-xi"),
            "{command}: {text}"
        );
    }
}

#[test]
fn bench_takes_a_collection_name_or_a_folder() {
    let dir = tempfile::tempdir().expect("temp dir");
    let output = schokoban_in(dir.path(), &["bench", "microban", "--to", "3"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("level 3: ") && text.contains("\nmicroban: solved 3 of 3, "),
        "{text}"
    );

    let folder = dir.path().join("mine");
    std::fs::create_dir(&folder).expect("folder");
    std::fs::write(folder.join("b.xsb"), "########\n#@$ $..#\n########\n").expect("write");
    std::fs::write(folder.join("a.xsb"), "#####\n#@$.#\n#####\n").expect("write");
    std::fs::write(folder.join("notes.txt"), "not a level").expect("write");
    let output = schokoban_in(dir.path(), &["bench", "mine"]);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains(", 1 moves, 1 pushes (found: "), "{text}");
    assert!(lines[1].ends_with("no solution exists"), "{text}");
    assert!(lines[2].starts_with("mine: solved 1 of 2, "), "{text}");
}

#[test]
fn bench_runs_several_files_with_a_total_for_each_and_one_for_all() {
    let dir = tempfile::tempdir().expect("temp dir");
    let one = map(dir.path(), "#####\n#@$.#\n#####\n");
    let folder = dir.path().join("more");
    std::fs::create_dir(&folder).expect("folder");
    std::fs::write(folder.join("a.xsb"), "########\n#@$ $..#\n########\n").expect("write");
    std::fs::write(folder.join("b.xsb"), "######\n#@$ .#\n######\n").expect("write");
    let one = one.to_str().expect("utf-8 path");
    let folder = folder.to_str().expect("utf-8 path");
    let output = schokoban(&["bench", one, folder, "--nodes", "1000"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{text}");
    assert!(
        lines[1].starts_with(&format!("{one}: solved 1 of 1, ")),
        "{text}"
    );
    assert!(lines[2].ends_with("no solution exists"), "{text}");
    assert!(lines[3].contains(", 2 moves, 2 pushes (found: "), "{text}");
    assert!(
        lines[4].starts_with(&format!("{folder}: solved 1 of 2, ")),
        "{text}"
    );
    assert!(lines[5].starts_with("total: solved 2 of 3, "), "{text}");
    assert!(
        lines[5].contains(" nodes, 3 moves, 3 pushes (found: "),
        "{text}"
    );
}

#[test]
fn a_timeout_the_clock_cannot_hold_is_refused() {
    for (command, value, reason) in [
        ("solve", "1e19", "too long"),
        ("solve", "inf", "too long"),
        ("bench", "1e300", "too long"),
        ("solve", "NaN", "positive"),
        ("bench", "0", "positive"),
        ("bench", "-1", "positive"),
        ("solve", "1e-320", "too short"),
        ("bench", "1e308", "too long"),
    ] {
        let timeout = format!("--timeout={value}");
        let output = schokoban(&[command, "microban", &timeout]);
        assert_eq!(output.status.code(), Some(1), "{command} {value}");
        let text = stderr(&output);
        assert!(
            text.starts_with("error: --timeout ") && text.contains(reason),
            "{command} {value}: {text}"
        );
        assert!(!text.contains("panicked"), "{text}");
        assert!(text.len() < 100, "the value is quoted short: {text}");
    }
}

#[test]
fn help_shows_an_example_of_every_subcommand() {
    let help = stdout(&schokoban(&["--help"]));
    for example in [
        "schokoban verify xsokoban",
        "schokoban solve sasquatch-xi --level 1",
        "schokoban bench microban-iv --to 10",
    ] {
        assert!(help.contains(example), "{example} missing from\n{help}");
    }
    for command in ["verify", "solve", "bench"] {
        let help = stdout(&schokoban(&[command, "--help"]));
        assert!(
            help.contains(&format!("Example:\n  schokoban {command} ")),
            "{help}"
        );
    }
}

#[test]
fn a_pusher_listing_solves_like_the_xsb_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let listing = "Maze: 1\nSize X: 7\nSize Y: 5\n\nXXXXXXX\nX  .  X\nX  *  X\nX.* @ X\nXXXXXXX\n";
    let path = dir.path().join("maze.txt");
    std::fs::write(&path, listing).expect("temp file");
    let output = schokoban(&["solve", path.to_str().expect("utf-8 path")]);
    assert_solution(&stdout(&output), TWO_BOXES, (4, 2));
    assert!(output.status.success());
}
