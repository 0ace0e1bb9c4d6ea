//! Embeds every `levels/<collection>/*.xsb` file in the binary, so that an
//! installed game needs no files beside it. Writes a table of
//! `include_str!`s that `src/library/collection.rs` includes.

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

fn main() -> io::Result<()> {
    let levels = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    // A folder here makes Cargo rerun us when anything under it changes.
    println!("cargo:rerun-if-changed={}", levels.display());
    let mut table = String::from("&[\n");
    for folder in sorted_entries(&levels, Path::is_dir)? {
        let name = file_name(&folder)?;
        writeln!(table, "    ({name:?}, &[").map_err(io::Error::other)?;
        let is_xsb = |path: &Path| path.extension().is_some_and(|e| e == "xsb");
        for file in sorted_entries(&folder, is_xsb)? {
            let (file_name, path) = (file_name(&file)?, file.display().to_string());
            writeln!(table, "        ({file_name:?}, include_str!({path:?})),")
                .map_err(io::Error::other)?;
        }
        table.push_str("    ]),\n");
    }
    table.push(']');
    let out =
        PathBuf::from(std::env::var_os("OUT_DIR").ok_or_else(|| io::Error::other("no OUT_DIR"))?);
    fs::write(out.join("embedded_levels.rs"), table)
}

/// The entries of `folder` that pass `keep`, sorted by name so the table,
/// and so the level numbers, never depend on the file system's order.
fn sorted_entries(folder: &Path, keep: impl Fn(&Path) -> bool) -> io::Result<Vec<PathBuf>> {
    let mut paths = Vec::new();
    for entry in fs::read_dir(folder)? {
        let path = entry?.path();
        if keep(&path) {
            paths.push(path);
        }
    }
    paths.sort();
    Ok(paths)
}

fn file_name(path: &Path) -> io::Result<String> {
    path.file_name()
        .and_then(|name| name.to_str())
        .map(str::to_owned)
        .ok_or_else(|| io::Error::other(format!("{}: not a UTF-8 name", path.display())))
}
