//! The game's shipped collections, read from `tests/levels/`: links to the
//! repository's `levels/` that `cargo package` copies in.

use std::path::PathBuf;

use schokoban_core::{Level, parse_level};

/// Level `number` (from 1) of the collection in `levels/<folder>/`, whose
/// files are numbered with as many digits as its largest number.
pub fn level(folder: &str, number: usize) -> Level {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/levels")
        .join(folder);
    let path = (1..=4)
        .map(|digits| dir.join(format!("{number:0digits$}.xsb")))
        .find(|path| path.exists())
        .unwrap_or_else(|| panic!("no level {number} in {}", dir.display()));
    let text = std::fs::read_to_string(&path).expect("a readable level");
    parse_level(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}
