//! Embeds the built-in collections in the binary, so that an installed
//! game needs no files beside it. `levels/collections.txt` lists them;
//! every `levels/<folder>/*.xsb` file of a listed folder is embedded. The
//! `Collection` enum and its table are generated from that list, so the
//! code and the folders cannot disagree: a listed folder that is missing
//! or empty, or a folder that is not listed, stops the build.

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// One line of the manifest.
struct Entry {
    folder: String,
    variant: String,
    name: String,
    author: String,
}

fn main() -> io::Result<()> {
    let levels = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    // A folder here makes Cargo rerun us when anything under it changes.
    println!("cargo:rerun-if-changed={}", levels.display());
    let manifest = levels.join("collections.txt");
    let entries = read_manifest(&manifest)?;
    check_folders(&levels, &entries)?;
    let mut code = String::new();
    write_enum(&mut code, &entries).map_err(io::Error::other)?;
    write_table(&mut code, &levels, &entries)?;
    let out =
        PathBuf::from(std::env::var_os("OUT_DIR").ok_or_else(|| io::Error::other("no OUT_DIR"))?);
    fs::write(out.join("collections.rs"), code)
}

fn read_manifest(path: &Path) -> io::Result<Vec<Entry>> {
    let text = fs::read_to_string(path)?;
    let mut entries = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let &[folder, variant, name, author] = fields.as_slice() else {
            return Err(io::Error::other(format!(
                "{}: line {}: expected `folder | variant | name | author`",
                path.display(),
                index + 1
            )));
        };
        let is_ident = |s: &str| {
            s.starts_with(|c: char| c.is_ascii_uppercase())
                && s.chars().all(|c| c.is_ascii_alphanumeric())
        };
        if !is_ident(variant) {
            return Err(io::Error::other(format!(
                "{}: line {}: {variant:?} is not a variant name",
                path.display(),
                index + 1
            )));
        }
        entries.push(Entry {
            folder: folder.to_owned(),
            variant: variant.to_owned(),
            name: name.to_owned(),
            author: author.to_owned(),
        });
    }
    Ok(entries)
}

/// Every listed folder exists and holds levels; every folder is listed.
fn check_folders(levels: &Path, entries: &[Entry]) -> io::Result<()> {
    for entry in entries {
        let folder = levels.join(&entry.folder);
        if sorted_entries(&folder, is_xsb)?.is_empty() {
            return Err(io::Error::other(format!(
                "{}: no .xsb levels for collection {}",
                folder.display(),
                entry.variant
            )));
        }
    }
    for folder in sorted_entries(levels, Path::is_dir)? {
        let name = file_name(&folder)?;
        if !entries.iter().any(|e| e.folder == name) {
            return Err(io::Error::other(format!(
                "{}: not listed in levels/collections.txt",
                folder.display()
            )));
        }
    }
    Ok(())
}

fn write_enum(code: &mut String, entries: &[Entry]) -> std::fmt::Result {
    writeln!(code, "/// A built-in level collection.")?;
    writeln!(
        code,
        "#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]"
    )?;
    writeln!(code, "pub enum Collection {{")?;
    for entry in entries {
        writeln!(code, "    {},", entry.variant)?;
    }
    writeln!(code, "}}\n")?;
    writeln!(code, "impl Collection {{")?;
    writeln!(
        code,
        "    /// In the order the menus offer them, as `levels/collections.txt` lists them."
    )?;
    writeln!(
        code,
        "    pub const ALL: [Collection; {}] = [",
        entries.len()
    )?;
    for entry in entries {
        writeln!(code, "        Collection::{},", entry.variant)?;
    }
    writeln!(code, "    ];\n")?;
    let accessors = [
        (
            "id",
            0,
            "The folder name under `levels/`, also used in the progress file.",
        ),
        (
            "name",
            1,
            "The name shown to the player, and the start of every level's title.",
        ),
        (
            "author",
            2,
            "Who to credit, written as each level's `Author:` line.",
        ),
    ];
    for (accessor, field, doc) in accessors {
        writeln!(code, "    /// {doc}")?;
        writeln!(code, "    pub const fn {accessor}(self) -> &'static str {{")?;
        writeln!(code, "        COLLECTIONS[self as usize].{field}")?;
        writeln!(code, "    }}\n")?;
    }
    writeln!(code, "}}\n")?;
    writeln!(
        code,
        "/// `(id, name, author)` of each collection, by variant."
    )?;
    writeln!(
        code,
        "const COLLECTIONS: [(&str, &str, &str); {}] = [",
        entries.len()
    )?;
    for entry in entries {
        writeln!(
            code,
            "    ({:?}, {:?}, {:?}),",
            entry.folder, entry.name, entry.author
        )?;
    }
    writeln!(code, "];\n")
}

/// `EMBEDDED`: every collection's `(file name, text)` pairs, by variant.
fn write_table(code: &mut String, levels: &Path, entries: &[Entry]) -> io::Result<()> {
    let fmt = io::Error::other;
    writeln!(
        code,
        "/// Every level file of each collection, `(file name, text)` sorted by name."
    )
    .map_err(fmt)?;
    writeln!(
        code,
        "static EMBEDDED: [&[(&str, &str)]; {}] = [",
        entries.len()
    )
    .map_err(fmt)?;
    for entry in entries {
        writeln!(code, "    &[").map_err(fmt)?;
        for file in sorted_entries(&levels.join(&entry.folder), is_xsb)? {
            let (name, path) = (file_name(&file)?, file.display().to_string());
            writeln!(code, "        ({name:?}, include_str!({path:?})),").map_err(fmt)?;
        }
        writeln!(code, "    ],").map_err(fmt)?;
    }
    writeln!(code, "];").map_err(fmt)
}

fn is_xsb(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "xsb")
}

/// The entries of `folder` that pass `keep`, sorted by name so the table,
/// and so the level numbers, never depend on the file system's order.
fn sorted_entries(folder: &Path, keep: impl Fn(&Path) -> bool) -> io::Result<Vec<PathBuf>> {
    let mut paths = Vec::new();
    for entry in fs::read_dir(folder)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", folder.display())))?
    {
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
