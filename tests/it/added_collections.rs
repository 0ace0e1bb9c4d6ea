//! Collections a player adds from a file of levels in any format the game
//! reads: copied into the data folder, listed with their progress, played
//! with records beside each level, and removed again.

use std::fs;
use std::path::{Path, PathBuf};

use crate::common::pusher::{compressed, our_levels};
use schokoban::library::{AddedCollection, Library, LibraryError};
use schokoban::storage::LoadErrorKind;
use schokoban_core::{Level, ParseError};

fn microban(count: usize) -> Vec<Level> {
    our_levels()
        .into_iter()
        .filter(|(path, _)| path.parent().is_some_and(|p| p.ends_with("microban")))
        .take(count)
        .map(|(_, level)| level)
        .collect()
}

fn board(level: &Level) -> Level {
    level.clone().with_title(None).with_author(None)
}

/// A data folder, and a scratch folder with `name` holding `text`.
fn setup(name: &str, text: &str) -> (tempfile::TempDir, Library, PathBuf) {
    let dir = tempfile::tempdir().expect("tempdir");
    let library = Library::open(Some(dir.path().join("data")));
    assert!(library.records_on(), "{:?}", library.notices());
    let source = dir.path().join(name);
    fs::write(&source, text).expect("source file");
    (dir, library, source)
}

fn xsb_collection(levels: &[Level]) -> String {
    let texts: Vec<String> = levels.iter().map(Level::to_xsb).collect();
    texts.join("\n")
}

fn entries(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(folder)
        .map(|dir| {
            dir.map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn an_xsb_file_becomes_a_collection_of_its_levels() {
    let levels = microban(5);
    let (_dir, library, source) = setup("My Picks.xsb", &xsb_collection(&levels));
    let added = library.add_collection(&source, None).expect("added");
    assert_eq!(
        (added.id.as_str(), added.name.as_str()),
        ("my-picks", "My Picks")
    );
    assert_eq!(added.level_count, 5);
    let data = library.data_dir().expect("records on");
    assert_eq!(added.folder, data.join("collections/my-picks"));
    assert_eq!(
        entries(&added.folder),
        [
            "001.xsb",
            "002.xsb",
            "003.xsb",
            "004.xsb",
            "005.xsb",
            "collection.txt"
        ]
    );
    assert_eq!(
        library.added_collections().expect("listed"),
        std::slice::from_ref(&added)
    );
    for (index, original) in levels.iter().enumerate() {
        let level = library.added_level(&added, index + 1).expect("playable");
        assert_eq!(board(&level.level), board(original));
        let title = original.title().expect("microban levels have titles");
        assert_eq!(
            level.level.title(),
            Some(format!("My Picks {}: {title}", index + 1).as_str())
        );
        assert_eq!(level.level.author(), original.author());
    }
}

#[test]
fn a_pusher_listing_is_added_under_the_name_given() {
    let levels = microban(3);
    let (dir, library, source) = setup("maps.asm", &compressed(&levels));
    let added = library
        .add_collection(&source, Some("Pusher"))
        .expect("added");
    assert_eq!((added.id.as_str(), added.level_count), ("pusher", 3));
    let second = library.added_level(&added, 2).expect("playable");
    assert_eq!(board(&second.level), board(&levels[1]));
    assert_eq!(second.level.title(), Some("Pusher 2: level_02"));
    match library.add_collection(&source, Some("Pusher")) {
        Err(LibraryError::AlreadyAdded { id, name }) => {
            assert_eq!((id.as_str(), name.as_str()), ("pusher", "Pusher"));
        }
        other => panic!("the same levels again are already there, got {other:?}"),
    }
    let other = dir.path().join("other.asm");
    fs::write(&other, compressed(&levels[..2])).expect("source file");
    let again = library
        .add_collection(&other, Some("Pusher"))
        .expect("added");
    assert_eq!(
        again.id, "pusher-2",
        "other levels of the same name get their own folder"
    );
    assert_eq!(library.added_collections().expect("listed").len(), 2);
}

#[test]
fn a_file_with_no_playable_level_adds_nothing_and_says_where() {
    let (_dir, library, source) = setup("broken.xsb", "#####\n#@$$.#\n######\n");
    match library.add_collection(&source, None) {
        Err(LibraryError::Load(error)) => {
            assert_eq!(error.path, source);
            assert!(matches!(
                error.kind,
                LoadErrorKind::Parse(ParseError::BoxGoalMismatch { line: 1, .. })
            ));
        }
        other => panic!("expected a load error, got {other:?}"),
    }
    let data = library.data_dir().expect("records on");
    assert_eq!(entries(&data.join("collections")), Vec::<String>::new());
    let missing = library.add_collection(&source.with_extension("nope"), None);
    assert!(matches!(missing, Err(LibraryError::Load(_))), "{missing:?}");
}

#[test]
fn a_bad_level_is_left_out_and_the_header_names_the_collection() {
    let (_dir, library, source) = setup(
        "set.sok",
        "Set: Two Rooms\nAuthor: Some One\n\n#####\n#@$.#\n#####\n\n\
         #####\n#@$$.#\n######\n\n######\n#@$ .#\n######\nTitle: Wide\n",
    );
    let added = library.add_collection(&source, None).expect("added");
    assert_eq!(
        (added.name.as_str(), added.level_count, added.left_out),
        ("Two Rooms", 2, 1)
    );
    let second = library.added_level(&added, 2).expect("level 2");
    assert_eq!(second.level.title(), Some("Two Rooms 2: Wide"));
    assert_eq!(
        second.level.author(),
        Some("Some One"),
        "the header's author"
    );
    assert_eq!(
        second.level.width(),
        6,
        "the third board, after the bad one"
    );
}

#[test]
fn progress_and_records_are_kept_per_collection_and_survive_a_restart() {
    let (dir, library, source) = setup("picks.xsb", &xsb_collection(&microban(4)));
    let added = library.add_collection(&source, None).expect("added");
    library.mark_added_reached(&added, 3).expect("reached");
    library.mark_added_solved(&added, 1).expect("solved");
    library.mark_added_solved(&added, 2).expect("solved");
    let level = library.added_level(&added, 2).expect("playable");
    level.records.add_score(42, "Ann").expect("score");
    assert_eq!(
        level.records.leaderboard_path(),
        added.folder.join("002.xsb.dat")
    );

    let reopened = Library::open(Some(dir.path().join("data")));
    let listed = reopened.added_collections().expect("listed");
    let progress = reopened.added_progress(&listed[0]);
    assert_eq!((progress.reached(), progress.solved_count()), (3, 2));
    assert!(progress.is_solved(2) && !progress.is_solved(3));
    let again = reopened.added_level(&listed[0], 2).expect("playable");
    let best = again
        .records
        .read_leaderboard()
        .expect("board")
        .board
        .best();
    assert_eq!(best, Some(42));
    let builtin = reopened.progress(schokoban::library::Collection::Microban);
    assert_eq!(builtin.solved_count(), 0, "built-in progress is apart");
}

#[test]
fn a_damaged_progress_file_is_moved_aside() {
    let (_dir, library, source) = setup("picks.xsb", &xsb_collection(&microban(2)));
    let added = library.add_collection(&source, None).expect("added");
    let progress = added.folder.join("progress.txt");
    fs::write(&progress, "twelve\n").expect("damage");
    assert_eq!(library.added_progress(&added).reached(), 0);
    library.mark_added_solved(&added, 2).expect("solved");
    assert_eq!(
        fs::read_to_string(added.folder.join("progress.txt.damaged")).expect("kept"),
        "twelve\n"
    );
    assert!(library.added_progress(&added).is_solved(2));
}

#[test]
fn removing_a_collection_takes_its_levels_and_records_with_it() {
    let (_dir, library, source) = setup("picks.xsb", &xsb_collection(&microban(2)));
    let added = library.add_collection(&source, None).expect("added");
    let kept = library
        .add_collection(&source, Some("Kept"))
        .expect("added");
    library.mark_added_solved(&added, 1).expect("solved");
    library.remove_collection(&added.id).expect("removed");
    assert!(!added.folder.exists());
    assert_eq!(library.added_collections().expect("listed"), [kept]);
    let data = library.data_dir().expect("records on");
    assert_eq!(
        entries(&data.join("collections")),
        ["kept"],
        "no scratch left"
    );
    for id in ["picks", "../levels", "", "kept/001.xsb"] {
        let result = library.remove_collection(id);
        assert!(
            matches!(result, Err(LibraryError::NoSuchCollection { .. })),
            "{id}: {result:?}"
        );
    }
    assert!(source.is_file(), "the player's own file is never touched");
}

#[test]
fn levels_outside_a_collection_are_refused() {
    let (_dir, library, source) = setup("picks.xsb", &xsb_collection(&microban(2)));
    let added: AddedCollection = library.add_collection(&source, None).expect("added");
    for number in [0, 3] {
        let error = library
            .added_level(&added, number)
            .expect_err("no such level");
        assert_eq!(
            error.to_string(),
            format!("picks has no level {number}; it has 2")
        );
        assert!(library.mark_added_solved(&added, number).is_err());
    }
}

#[test]
fn with_records_off_nothing_can_be_added() {
    let dir = tempfile::tempdir().expect("tempdir");
    let not_a_folder = dir.path().join("file");
    fs::write(&not_a_folder, "").expect("file");
    let library = Library::open(Some(not_a_folder));
    assert!(!library.records_on());
    let source = dir.path().join("picks.xsb");
    fs::write(&source, xsb_collection(&microban(1))).expect("source");
    let result = library.add_collection(&source, None);
    assert!(
        matches!(result, Err(LibraryError::DataFolderOff)),
        "{result:?}"
    );
    assert_eq!(library.added_collections().expect("none"), []);
}
