//! Regenerates `levels/` from the published collections:
//!
//!     cargo run --example sync_levels -- ../shared/levels
//!
//! Reads `<id>.xsb` for each built-in collection, writes one file per level
//! to `levels/<id>/`, and removes level files the source no longer has.
//! `tests/library.rs` fails when levels/ and the sources disagree.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::Context;
use schokoban::library::Collection;

fn main() -> anyhow::Result<()> {
    let source = std::env::args_os()
        .nth(1)
        .map_or_else(|| PathBuf::from("../shared/levels"), PathBuf::from);
    let target = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    for collection in Collection::ALL {
        let path = source.join(format!("{}.xsb", collection.id()));
        let text = fs::read_to_string(&path).with_context(|| path.display().to_string())?;
        let files = collection
            .split_source(&text)
            .with_context(|| path.display().to_string())?;
        let folder = target.join(collection.id());
        fs::create_dir_all(&folder)?;
        for entry in fs::read_dir(&folder)? {
            let stale = entry?.path();
            let name = stale.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if !files.iter().any(|(file, _)| file == name) {
                fs::remove_file(&stale).with_context(|| stale.display().to_string())?;
            }
        }
        for (name, text) in &files {
            fs::write(folder.join(name), text)?;
        }
        println!("{}: {} levels", folder.display(), files.len());
    }
    Ok(())
}
