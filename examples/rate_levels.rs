//! Rates every shipped level on Endless's difficulty scale and writes
//! `levels/ratings.txt`, which the game compiles in (a maintainer's step,
//! after `levels/` changes; a test fails while a level has no line):
//!
//!     nice -n 10 cargo run --release --example rate_levels -- --jobs 2
//!     cargo run --release --example rate_levels -- microban   # one set
//!
//! Ratings are bounded by positions searched, so every machine writes the
//! same file. The collections named (all without names) are rated afresh;
//! the lines of the others are kept. The file is written after each
//! collection, so a run cut short keeps what it finished.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use anyhow::Context;
use schokoban::commands::rate::rate_all;
use schokoban::library::{Collection, LevelRating, level_key, rating_line};
use schokoban::storage::write_atomic;

const USAGE: &str = "usage: rate_levels [--jobs N] [COLLECTION...]";

const HEADER: &str = "\
# The rating of every shipped level on Endless's difficulty scale
# (docs/endless.md): board key, score or \"beyond\", level file. Made by
# `cargo run --release --example rate_levels`; the game compiles it in.
";

fn main() -> anyhow::Result<()> {
    let mut jobs = 1;
    let mut chosen = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--jobs" {
            let count = args.next().context(USAGE)?;
            jobs = count.parse().context(USAGE)?;
        } else {
            let collection = Collection::from_id(&arg)
                .with_context(|| format!("{arg}: not one of {}", Collection::id_list()))?;
            chosen.push(collection);
        }
    }
    if chosen.is_empty() {
        chosen = Collection::ALL.to_vec();
    }
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/ratings.txt");
    let mut lines = read_lines(&path);
    for collection in chosen {
        let started = Instant::now();
        let levels = collection.levels()?;
        let rated = rate_all(&levels.iter().cloned().map(Some).collect::<Vec<_>>(), jobs)?;
        for ((name, _), (level, rated)) in collection.files().iter().zip(levels.iter().zip(rated)) {
            let rated = rated.with_context(|| format!("{} {name}: not rated", collection.id()))?;
            let rating = LevelRating::from(rated);
            let file = format!("{}/{name}", collection.id());
            lines.insert(
                file.clone(),
                format!("{} {file}", rating_line(level_key(level), rating)),
            );
        }
        let mut text = HEADER.to_owned();
        for line in lines.values() {
            writeln!(text, "{line}")?;
        }
        write_atomic(&path, text.as_bytes()).with_context(|| path.display().to_string())?;
        eprintln!(
            "{}: {} levels rated in {:.1} s",
            collection.id(),
            levels.len(),
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// The file's lines by level file (`microban/001.xsb`); none when it is
/// not there yet.
fn read_lines(path: &Path) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| {
            let file = line.split_whitespace().nth(2)?;
            Some((file.to_owned(), line.to_owned()))
        })
        .collect()
}
