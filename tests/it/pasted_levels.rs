//! Pasted levels kept in the data folder under a name from a hash of the
//! levels, so pasting the same levels again finds the same file and the
//! same records; bad pastes are refused like bad files.

use std::fs;

use crate::common::{lvl, pusher};
use schokoban::library::{Library, LibraryError};
use schokoban::storage::Records;
use schokoban_core::{ParseError, parse_levels};

const ROOM: &str = "#######\n#@ $ .#\n#######\nTitle: Room\nAuthor: Ann\n";

fn library() -> (tempfile::TempDir, Library) {
    let dir = tempfile::tempdir().expect("tempdir");
    let library = Library::open(Some(dir.path().join("data")));
    assert!(library.records_on(), "{:?}", library.notices());
    (dir, library)
}

#[test]
fn a_paste_is_kept_in_the_data_folder_and_reads_back_whole() {
    let (dir, library) = library();
    let pasted = library.store_pasted(ROOM).expect("stored");
    assert_eq!(
        pasted.path.parent(),
        Some(dir.path().join("data/pasted").as_path())
    );
    assert_eq!(pasted.levels, [lvl(ROOM)]);
    assert_eq!(pasted.levels[0].title(), Some("Room"));
    let kept = fs::read_to_string(&pasted.path).expect("kept");
    assert_eq!(kept, ROOM);
    assert_eq!(parse_levels(&kept).expect("parses"), pasted.levels);
}

#[test]
fn the_file_name_is_a_stable_hash_of_the_levels() {
    let (_dir, library) = library();
    let pasted = library.store_pasted(ROOM).expect("stored");
    // FNV-1a 64 of the text as written (ROOM is already canonical), which
    // is the same in every release: a new hash would lose every pasted
    // level's records on upgrade.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in ROOM.bytes() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    let name = pasted
        .path
        .file_name()
        .expect("a file")
        .to_string_lossy()
        .into_owned();
    assert_eq!(name, format!("{hash:016x}.xsb"));
}

#[test]
fn the_same_levels_pasted_again_find_the_same_file_and_records() {
    let (_dir, library) = library();
    let first = library.store_pasted(ROOM).expect("stored");
    Records::beside(&first.path)
        .add_score(7, "Ann")
        .expect("score");
    let respelled = [
        ROOM.replace('\n', "\r\n"),
        ROOM.replace('\n', "\r"),
        format!("\n\n   {}  \n\n", ROOM.replace('\n', "  \n   ")),
        "7#|#@-$-.#|7#\nTitle: Room\nAuthor: Ann\n".to_owned(),
        format!("\u{feff}{ROOM}"),
    ];
    for text in respelled {
        let again = library.store_pasted(&text).expect("stored");
        assert_eq!(again.path, first.path, "{text:?}");
        let board = Records::beside(&again.path)
            .read_leaderboard()
            .expect("board");
        assert_eq!(board.board.best(), Some(7), "the records are found again");
    }
    let other = library
        .store_pasted(&ROOM.replace("Room", "Hall"))
        .expect("stored");
    assert_ne!(other.path, first.path, "another title is another level");
    let entries = fs::read_dir(first.path.parent().expect("folder")).expect("list");
    let files: Vec<_> = entries.map(|e| e.expect("entry").file_name()).collect();
    assert_eq!(files.len(), 3, "two pastes and one leaderboard: {files:?}");
}

#[test]
fn several_levels_and_pusher_listings_can_be_pasted() {
    let (_dir, library) = library();
    let second = "#####\n#+$ #\n#####\n";
    let both = library
        .store_pasted(&format!("{ROOM}\n{second}"))
        .expect("stored");
    assert_eq!(both.levels.len(), 2);
    assert_eq!(both.levels[1], lvl(second));
    let listing = pusher::compressed(&both.levels);
    let from_listing = library.store_pasted(&listing).expect("stored");
    assert_eq!(from_listing.levels.len(), 2);
    assert_eq!(from_listing.levels[1].to_string(), lvl(second).to_string());
    let records = Records::beside(&both.path).for_level(2);
    assert!(
        records
            .leaderboard_path()
            .to_string_lossy()
            .ends_with(".xsb.2.dat")
    );
}

#[test]
fn a_bad_paste_is_refused_with_its_line_and_nothing_is_kept() {
    let (dir, library) = library();
    let cases = [
        ("hello\n", ParseError::NoBoard),
        (
            "#####\n#@$$.#\n######\n",
            ParseError::BoxGoalMismatch {
                line: 1,
                boxes: 2,
                goals: 1,
            },
        ),
        (
            "#####\n#@$.#\n#%###\n",
            ParseError::UnknownChar {
                line: 3,
                column: 2,
                found: '%',
            },
        ),
    ];
    for (text, expected) in cases {
        match library.store_pasted(text) {
            Err(LibraryError::Pasted(error)) => {
                assert_eq!(error, expected);
                let message = LibraryError::Pasted(error).to_string();
                assert!(message.starts_with("the pasted text: "), "{message}");
            }
            other => panic!("{text:?}: expected a refusal, got {other:?}"),
        }
    }
    assert!(!dir.path().join("data/pasted").exists());
}

#[test]
fn with_records_off_a_paste_is_not_kept() {
    let dir = tempfile::tempdir().expect("tempdir");
    let not_a_folder = dir.path().join("file");
    fs::write(&not_a_folder, "").expect("file");
    let library = Library::open(Some(not_a_folder));
    let result = library.store_pasted(ROOM);
    assert!(
        matches!(result, Err(LibraryError::DataFolderOff)),
        "{result:?}"
    );
}
