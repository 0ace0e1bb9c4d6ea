//! Makes `levels/` from the published collections, or checks that it
//! matches them (a maintainer's step; `.ci/run` runs the check when the
//! sources are at hand):
//!
//!     cargo run --example sync_levels -- DIR            # regenerate
//!     cargo run --example sync_levels -- --check DIR    # exit 1 on drift
//!
//! Reads `DIR/<id>.xsb` for each built-in collection. Regenerating writes
//! one file per level to `levels/<id>/` and removes level files the source
//! no longer has.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use schokoban::library::Collection;

const USAGE: &str = "usage: sync_levels [--check] DIR";

fn main() -> anyhow::Result<ExitCode> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let check = args.first().is_some_and(|a| a == "--check");
    if check {
        args.remove(0);
    }
    let [source] = args.as_slice() else {
        anyhow::bail!(USAGE);
    };
    let source = PathBuf::from(source);
    let target = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let mut drift = false;
    for collection in Collection::ALL {
        let path = source.join(format!("{}.xsb", collection.id()));
        let text = fs::read_to_string(&path).with_context(|| path.display().to_string())?;
        let files: BTreeMap<String, String> = collection
            .split_source(&text)
            .with_context(|| path.display().to_string())?
            .into_iter()
            .collect();
        let folder = target.join(collection.id());
        if check {
            let differences = compare(&folder, &files)?;
            for difference in &differences {
                println!("{}: {difference}", folder.display());
            }
            drift |= !differences.is_empty();
        } else {
            write(&folder, &files)?;
            println!("{}: {} levels", folder.display(), files.len());
        }
    }
    if drift {
        println!(
            "levels/ differs from {}: run `cargo run --example sync_levels -- {}`",
            source.display(),
            source.display()
        );
        return Ok(ExitCode::FAILURE);
    }
    if check {
        println!("levels/ matches {}", source.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// The files of `folder` as `(name, text)`.
fn read_folder(folder: &Path) -> anyhow::Result<BTreeMap<String, String>> {
    let mut files = BTreeMap::new();
    for entry in fs::read_dir(folder).with_context(|| folder.display().to_string())? {
        let path = entry?.path();
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let text = fs::read_to_string(&path).with_context(|| path.display().to_string())?;
        files.insert(name, text);
    }
    Ok(files)
}

/// What differs between `folder` and what the source makes, one line each.
fn compare(folder: &Path, wanted: &BTreeMap<String, String>) -> anyhow::Result<Vec<String>> {
    let have = read_folder(folder)?;
    let mut differences = Vec::new();
    for (name, text) in wanted {
        match have.get(name) {
            None => differences.push(format!("{name} is missing")),
            Some(found) if found != text => differences.push(format!("{name} differs")),
            Some(_) => {}
        }
    }
    for name in have.keys().filter(|name| !wanted.contains_key(*name)) {
        differences.push(format!("{name} is not in the source"));
    }
    Ok(differences)
}

/// Writes every file and removes those the source no longer has.
fn write(folder: &Path, files: &BTreeMap<String, String>) -> anyhow::Result<()> {
    fs::create_dir_all(folder)?;
    for entry in fs::read_dir(folder)? {
        let stale = entry?.path();
        let name = stale.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if !files.contains_key(name) {
            fs::remove_file(&stale).with_context(|| stale.display().to_string())?;
        }
    }
    for (name, text) in files {
        fs::write(folder.join(name), text)?;
    }
    Ok(())
}
