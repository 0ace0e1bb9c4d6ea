//! The `levels/` folder: every file loads, the counts are right, and the
//! binary carries exactly these files. Whether they match the published
//! sources is a maintainer's check, `cargo run --example sync_levels --
//! --check DIR`, which `.ci/run` runs when the sources are at hand.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use schokoban::library::Collection;
use schokoban::storage::load_levels;

use crate::common::COLLECTIONS;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The `.xsb` files of one collection folder, by name.
fn files_on_disk(collection: Collection) -> BTreeMap<String, String> {
    let folder = repo().join("levels").join(collection.id());
    let mut files = BTreeMap::new();
    for entry in fs::read_dir(&folder).expect("levels/ folder") {
        let path = entry.expect("entry").path();
        let name = path
            .file_name()
            .expect("name")
            .to_string_lossy()
            .into_owned();
        // Exactly what build.rs embeds: a differently named file would be left out.
        let is_xsb = path.extension().is_some_and(|e| e == "xsb");
        assert!(is_xsb, "stray file {}", path.display());
        files.insert(name, fs::read_to_string(&path).expect("text"));
    }
    files
}

#[test]
fn every_level_file_loads_and_the_counts_are_as_published() {
    for (collection, count) in COLLECTIONS {
        let digits = count.to_string().len();
        let files = files_on_disk(collection);
        assert_eq!(files.len(), count, "{collection}");
        for (index, name) in files.keys().enumerate() {
            let number = index + 1;
            assert_eq!(*name, format!("{number:0digits$}.xsb"));
            let path = repo().join("levels").join(collection.id()).join(name);
            let levels = load_levels(&path).expect("loads");
            assert_eq!(levels.len(), 1, "{}", path.display());
            let title = levels[0].title().expect("a title");
            let plain = format!("{} {number}", collection.name());
            assert!(
                title == plain || title.starts_with(&format!("{plain}: ")),
                "{}: {title}",
                path.display()
            );
            assert_eq!(levels[0].author(), Some(collection.author()));
        }
    }
}

#[test]
fn free_text_names_stay_in_the_title() {
    let files = files_on_disk(Collection::Microban);
    assert!(files["044.xsb"].contains("Title: Microban 44: Duh!\n"));
    assert!(files["101.xsb"].contains("Title: Microban 101: Lockdown\n"));
}

#[test]
fn the_binary_carries_exactly_the_files_in_levels() {
    // Microban I to IV first for beginners, then XSokoban, then Sasquatch I to XI.
    assert_eq!(
        Collection::ALL,
        COLLECTIONS.map(|(collection, _)| collection)
    );
    let total: usize = Collection::ALL.map(Collection::level_count).iter().sum();
    assert_eq!(total, 1133);
    for collection in Collection::ALL {
        let embedded: BTreeMap<String, String> = collection
            .files()
            .iter()
            .map(|(name, text)| ((*name).to_owned(), (*text).to_owned()))
            .collect();
        assert_eq!(embedded, files_on_disk(collection), "{collection}");
        assert_eq!(collection.level_count(), embedded.len());
        assert_eq!(Collection::from_id(collection.id()), Some(collection));
    }
}

#[test]
fn the_generator_names_numbers_and_credits_each_level() {
    let source = "; 1\n\n#####\n#@$.#\n#####\n\n; 2\n'Second'\n#####\n#.$@#\n#####\n";
    let files = Collection::XSokoban.split_source(source).expect("parses");
    let names: Vec<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(names, ["1.xsb", "2.xsb"]);
    assert_eq!(
        files[1].1,
        "#####\n#.$@#\n#####\nTitle: XSokoban 2: Second\nAuthor: Thinking Rabbit / XSokoban\n"
    );
    assert!(files[0].1.contains("Title: XSokoban 1\n"));
}
