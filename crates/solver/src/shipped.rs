//! The game's shipped collections, read from `tests/levels/`, for the
//! solver's own tests and measurements. Its folders are links to the
//! repository's `levels/`, which `cargo package` copies in, so the packaged
//! crate tests on its own.

use std::path::PathBuf;

use schokoban_core::{Level, parse_level};

/// The folder names under `levels/`, in the menus' order.
pub const COLLECTIONS: [&str; 3] = ["microban", "microban-ii", "xsokoban"];

/// Every level of the collection in `levels/<folder>/`, level 1 first.
pub fn levels(folder: &str) -> Vec<Level> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/levels")
        .join(folder);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a readable folder").path())
        .filter(|path| path.extension().is_some_and(|e| e == "xsb"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("a readable level");
            parse_level(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        })
        .collect()
}

/// Level `number` (from 1) of the collection in `levels/<folder>/`.
pub fn level(folder: &str, number: usize) -> Level {
    levels(folder).swap_remove(number - 1)
}
