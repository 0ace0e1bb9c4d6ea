//! Helpers shared by the integration tests. Each test crate uses a subset.

pub mod pusher;
mod real_time;

pub use real_time::ends_in_real_time;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use schokoban::library::Collection;
use schokoban::storage::Records;
use schokoban_core::{Direction, Game, Level, Pos, parse_level};

/// The repository's own copy of a collection, one file per level: all a
/// fresh clone has.
pub fn collection_dir(collection: Collection) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("levels")
        .join(collection.id())
}

/// The built-in collections, in the menus' order, and how many levels each
/// must hold.
pub const COLLECTIONS: [(Collection, usize); 16] = [
    (Collection::Microban, 155),
    (Collection::MicrobanII, 135),
    (Collection::MicrobanIII, 101),
    (Collection::MicrobanIV, 102),
    (Collection::XSokoban, 90),
    (Collection::Sasquatch, 50),
    (Collection::SasquatchII, 50),
    (Collection::SasquatchIII, 50),
    (Collection::SasquatchIV, 50),
    (Collection::SasquatchV, 50),
    (Collection::SasquatchVI, 50),
    (Collection::SasquatchVII, 50),
    (Collection::SasquatchVIII, 50),
    (Collection::SasquatchIX, 50),
    (Collection::SasquatchX, 50),
    (Collection::SasquatchXI, 50),
];

/// A built-in collection as one multi-level XSB text, levels apart by a
/// blank line, as the published files are.
pub fn collection_text(collection: Collection) -> String {
    let texts: Vec<&str> = collection.files().iter().map(|(_, text)| *text).collect();
    texts.join("\n")
}

/// Runs the game's binary from `dir`, as a player would from any folder,
/// with `input` on its standard input.
pub fn run_with_input(dir: &Path, args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_schokoban"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    child.wait_with_output().expect("the binary ends")
}

/// Says that a test could not check anything here. Written to the real
/// stderr, past the test harness's capture, so a skip never passes silently.
pub fn skip(test: &str, why: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "SKIPPED {test}: {why}");
}

pub fn lvl(text: &str) -> Level {
    parse_level(text).unwrap_or_else(|e| panic!("test level does not parse: {e}\n{text}"))
}

pub fn game(text: &str) -> Game {
    Game::new(lvl(text))
}

pub fn dir(c: char) -> Direction {
    match c {
        'l' => Direction::Left,
        'u' => Direction::Up,
        'r' => Direction::Right,
        'd' => Direction::Down,
        _ => panic!("not a direction: {c}"),
    }
}

/// Plays `moves` (l u r d, x for undo), insisting that every one succeeds.
pub fn play(game: &mut Game, moves: &str) {
    for (i, c) in moves.chars().enumerate() {
        let done = if c == 'x' {
            game.undo().is_some()
        } else {
            game.step(dir(c)).is_ok()
        };
        assert!(done, "move {} ({c}) of {moves:?} was refused", i + 1);
    }
}

/// The position of a game as comparable data.
pub fn position(game: &Game) -> (Pos, Vec<Pos>) {
    (game.player(), game.box_positions().collect())
}

/// A one-level map in a fresh temporary folder, and its records beside it.
pub fn setup() -> (tempfile::TempDir, Records) {
    let dir = tempfile::tempdir().expect("tempdir");
    let map = dir.path().join("room.xsb");
    std::fs::write(&map, "#####\n#@$.#\n#####\n").expect("write map");
    let records = Records::beside(&map);
    (dir, records)
}
