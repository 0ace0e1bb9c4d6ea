//! What a player keeps of a level: solutions published in `.sok` files
//! (YASC's and Festival's), their counts, resets that can be undone, and
//! the one-line RLE a level is copied as.

use crate::common::{game, lvl, play, position};
use schokoban_core::{
    Game, LogEntry, Metrics, format_log, format_steps, parse_level, parse_level_file, parse_moves,
};

const ROOM: &str = "#######\n#@ $ .#\n#######\n";

#[test]
fn reset_then_undo_brings_the_moves_back() {
    let mut g = game(ROOM);
    play(&mut g, "rrxr");
    let (before, log) = (position(&g), format_log(g.log()));
    g.reset();
    assert!(g.can_undo_reset());
    assert_eq!(
        g.undo(),
        None,
        "no step is left: the reset is what goes back"
    );
    assert!(g.undo_reset());
    assert_eq!(position(&g), before);
    assert_eq!(format_log(g.log()), log);
    assert_eq!((g.score(), g.pushes()), (4, 1));
    // A second undo takes back the step, as before the reset.
    assert!(g.undo().is_some());
}

#[test]
fn a_reset_with_no_moves_keeps_nothing_to_undo() {
    let mut g = game(ROOM);
    g.reset();
    assert!(!g.can_undo_reset());
    assert!(!g.undo_reset());
}

#[test]
fn playing_from_the_start_can_be_undone_and_refuses_what_does_not_fit() {
    let mut g = game(ROOM);
    play(&mut g, "r");
    let steps = parse_moves("rRR").expect("moves");
    g.play_from_start(&steps).expect("they fit");
    assert!(g.is_solved());
    assert_eq!(g.score(), 3);
    let solved = position(&g);
    assert!(
        g.play_from_start(&parse_moves("l").expect("moves"))
            .is_err()
    );
    assert_eq!(
        position(&g),
        solved,
        "a line that does not fit changes nothing"
    );
    play(&mut g, "xxx");
    assert!(g.undo_reset());
    assert_eq!(format_log(g.log()), "r");
}

#[test]
fn moves_read_with_run_lengths_and_without_undos() {
    assert_eq!(
        format_steps(&parse_moves("3l2U d").expect("reads")),
        "lllUUd"
    );
    assert!(parse_moves("rrx").is_err());
    assert!(parse_moves("rr3").is_err(), "a count with nothing after it");
    assert!(parse_moves("99999999999l").is_err(), "a run no level needs");
}

#[test]
fn metrics_of_a_solution_count_moves_and_pushes() {
    let steps = parse_moves("rRR").expect("moves");
    let m = Metrics::of(&steps);
    assert_eq!(
        (m.moves, m.pushes, m.box_changes, m.pushing_sessions),
        (3, 2, 1, 1)
    );
}

#[test]
fn yasc_solution_sections_are_attached_to_their_level() {
    let text = format!(
        "Collection: Two rooms\n\n{ROOM}Title: One\nSolution (moves 3, pushes 2)\nrR\nR\n\
         Solution/Pushes\n3R\n\n{ROOM}Title: Two\nComment: no solution here\n"
    );
    let file = parse_level_file(&text).expect("reads");
    let one = file.get(1).expect("level 1").expect("plays");
    let titles: Vec<&str> = one.solutions().iter().map(|s| s.title.as_str()).collect();
    assert_eq!(titles, ["Solution (moves 3, pushes 2)", "Solution/Pushes"]);
    assert_eq!(format_steps(&one.solutions()[0].steps), "rRR");
    assert_eq!(format_steps(&one.solutions()[1].steps), "RRR");
    let two = file.get(2).expect("level 2").expect("plays");
    assert_eq!(two.title(), Some("Two"));
    assert!(two.solutions().is_empty());
}

#[test]
fn festivals_solution_file_reads_with_titles_and_solutions() {
    let text = format!(
        "Festival solution file\n===========================\nCollection: mine\n\n\
         Level 1\n\n{ROOM}\nSolution\nrRR\n\nSolver: Festival\nSolver time: 00:00:01\n\n\
         Second\n\n{ROOM}\nSolution\nrRR\n"
    );
    let file = parse_level_file(&text).expect("reads");
    assert_eq!(file.len(), 2);
    for (number, title) in [(1, "Level 1"), (2, "Second")] {
        let level = file.get(number).expect("there").expect("plays");
        assert_eq!(level.title(), Some(title));
        let solution = &level.solutions()[0];
        let mut g = Game::new(level.clone());
        let entries: Vec<LogEntry> = solution.steps.iter().copied().map(LogEntry::Step).collect();
        g.apply_log(&entries).expect("replays");
        assert!(g.is_solved(), "{title}'s published solution solves it");
    }
}

#[test]
fn a_solution_on_the_title_line_reads_and_a_bad_one_is_left_out() {
    let text = format!("{ROOM}Solution: rRR\nSolution\nrRq\n");
    let level = parse_level(&text).expect("reads");
    assert_eq!(level.solutions().len(), 1);
    assert_eq!(format_steps(&level.solutions()[0].steps), "rRR");
}

#[test]
fn a_level_copied_as_rle_reads_back_the_same() {
    let level = lvl("  ####\n###  #\n#@$ .#\n#    #\n######\nTitle: x\n");
    let rle = level.to_rle();
    assert_eq!(rle, "2-4#|3#2-#|#@$-.#|#4-#|6#");
    let back = parse_level(&rle).expect("reads");
    assert_eq!(back.to_string(), level.to_string());
}

#[test]
fn a_level_written_back_keeps_its_published_solutions() {
    let level =
        parse_level(&format!("{ROOM}Title: One\nSolution (3 moves)\nrRR\n")).expect("reads");
    let back = parse_level(&level.to_xsb()).expect("reads back");
    assert_eq!(back, level);
}
