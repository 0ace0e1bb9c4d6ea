//! Odd inputs kept as regular tests: files in `tests/corpus/` that once
//! broke something, or sit on an edge the fuzz tests probe.

use std::fs;
use std::path::{Path, PathBuf};

use schokoban::storage::{LeaderboardError, LoadErrorKind, Records, load_levels};
use schokoban_core::{Direction, LogEntry, ParseError, Step, parse_levels};

fn corpus(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/corpus")
        .join(name)
}

fn parse_error(name: &str) -> ParseError {
    match load_levels(&corpus(name)).map_err(|e| e.kind) {
        Err(LoadErrorKind::Parse(error)) => error,
        other => panic!("{name}: expected a parse error, got {other:?}"),
    }
}

/// Copies a corpus file next to a map as its record file, for `Records`.
fn as_record(name: &str, suffix: &str) -> (tempfile::TempDir, Records) {
    let dir = tempfile::tempdir().expect("tempdir");
    let map = dir.path().join("m.xsb");
    fs::write(&map, "#@$.#\n").expect("map");
    fs::copy(corpus(name), dir.path().join(format!("m.xsb{suffix}"))).expect("copy");
    let records = Records::beside(Path::new(&map));
    (dir, records)
}

#[test]
fn a_windows_file_with_bom_crlf_tabs_and_lower_case_title() {
    let levels = load_levels(&corpus("bom-crlf-tabs.xsb")).expect("loads");
    assert_eq!(levels.len(), 1);
    assert_eq!(levels[0].title(), Some("Tabs"));
    assert_eq!((levels[0].width(), levels[0].height()), (5, 3));
}

#[test]
fn a_run_length_count_that_would_overflow() {
    assert_eq!(
        parse_error("huge-count.xsb"),
        ParseError::BadRunLength { line: 1, column: 5 }
    );
}

#[test]
fn lines_of_only_bars_are_not_a_board() {
    assert_eq!(parse_error("only-bars.xsb"), ParseError::NoBoard);
}

#[test]
fn nul_bytes_are_not_a_board() {
    assert_eq!(parse_error("nul-bytes.xsb"), ParseError::NoBoard);
}

#[test]
fn empty_run_length_rows_are_rows_of_floor() {
    // The rows of floor above and below the player open the outer wall;
    // the walk to an open edge names the first it reaches, above.
    let text = std::fs::read_to_string(corpus("empty-rows.xsb")).expect("read");
    let levels = parse_levels(&text).expect("parses");
    assert_eq!((levels[0].width(), levels[0].height()), (5, 5));
    assert_eq!(
        parse_error("empty-rows.xsb"),
        ParseError::Open { row: 2, column: 5 }
    );
}

#[test]
fn empty_metadata_values_are_no_metadata() {
    let levels = load_levels(&corpus("empty-metadata.xsb")).expect("loads");
    assert_eq!(levels.len(), 1);
    assert_eq!((levels[0].title(), levels[0].author()), (None, None));
}

#[test]
fn a_leaderboard_with_binary_junk_between_entries() {
    let (_dir, records) = as_record("binary-junk.dat", ".dat");
    let read = records.read_leaderboard().expect("reads");
    assert_eq!(read.board.to_text(), "10 A\n11 B\n");
    assert_eq!(
        read.problems,
        [
            LeaderboardError::NotText { line: 2 },
            LeaderboardError::BadScore { line: 4 },
            LeaderboardError::NotText { line: 5 },
        ]
    );
}

#[test]
fn saves_with_a_bom_or_unicode_spaces_read() {
    let expected = vec![
        LogEntry::Step(Step::walk(Direction::Right)),
        LogEntry::Step(Step::push(Direction::Right)),
        LogEntry::Undo,
    ];
    for name in ["bom.sav", "unicode-space.sav"] {
        let (_dir, records) = as_record(name, ".sav");
        let log = records.read_save().expect(name).expect("present");
        assert_eq!(log, expected, "{name}");
    }
}
