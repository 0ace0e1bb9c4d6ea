//! Loading XSB files from disk: the real collections, and every file that
//! must be refused (named, with a line where one applies) without hanging.

use std::fs;
use std::path::Path;

use crate::common::{COLLECTIONS, collection_dir};
use schokoban::commands::load_level;
use schokoban::library::{Collection, LevelSource};
use schokoban::storage::{LoadError, LoadErrorKind, MAX_FILE_BYTES, load_levels};
use schokoban_core::{Game, ParseError, Pos};

fn kind(path: &Path) -> LoadErrorKind {
    let error: LoadError = load_levels(path).expect_err("the file must be refused");
    assert_eq!(error.path, path, "the error names the file");
    assert!(
        error.to_string().contains(&path.display().to_string()),
        "the message names the file: {error}"
    );
    error.kind
}

#[test]
fn every_collection_folder_loads_whole_and_as_the_binary_carries_it() {
    for (collection, count) in COLLECTIONS {
        let folder = LevelSource::resolve(&collection_dir(collection)).expect("a folder");
        assert_eq!(folder, LevelSource::Folder(collection_dir(collection)));
        let levels: Vec<_> = folder
            .levels()
            .unwrap_or_else(|e| panic!("{e}"))
            .into_iter()
            .map(|board| board.unwrap_or_else(|bad| panic!("{collection}: {}", bad.error)))
            .collect();
        assert_eq!(levels.len(), count, "{collection}");
        assert_eq!(
            levels,
            collection.levels().expect("built in"),
            "{collection}"
        );
        for (i, level) in levels.into_iter().enumerate() {
            let boxes = level.boxes().len();
            assert!(boxes > 0, "{collection} level {}", i + 1);
            assert_eq!(level.goals().count(), boxes, "{collection} level {}", i + 1);
            let game = Game::new(level);
            assert!(
                !game.is_solved(),
                "{collection} level {} starts solved",
                i + 1
            );
        }
    }
}

#[test]
fn collection_levels_are_addressable_from_one() {
    let folder = collection_dir(Collection::Microban);
    for source in [folder.as_path(), Path::new("microban")] {
        let first = load_level(source, 1).expect("level 1");
        // Microban 1: "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####"
        assert_eq!(first.player(), Pos::new(2, 3));
        assert_eq!((first.width(), first.height()), (6, 7));
        let lockdown = load_level(source, 101).expect("level 101");
        assert_eq!(lockdown.title(), Some("Microban 101: Lockdown"));
        assert!(load_level(source, 155).is_ok());
        for bad in [0, 156] {
            let message = load_level(source, bad)
                .expect_err("no such level")
                .to_string();
            let (name, holder) = if source == folder {
                (folder.display().to_string(), "folder")
            } else {
                ("microban".to_owned(), "collection")
            };
            assert_eq!(
                message,
                format!("{name}: there is no level {bad}; the {holder} holds 155 levels")
            );
        }
    }
}

#[test]
fn a_collection_name_resolves_unless_a_path_has_that_name() {
    assert_eq!(
        LevelSource::resolve(Path::new("xsokoban")).expect("a name"),
        LevelSource::Builtin(Collection::XSokoban)
    );
    assert_eq!(
        LevelSource::resolve(Path::new("sasquatch-xi")).expect("a name"),
        LevelSource::Builtin(Collection::SasquatchXI)
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("microban");
    fs::write(&file, "#####\n#@$.#\n#####\n").expect("write");
    assert_eq!(
        LevelSource::resolve(&file).expect("the file"),
        LevelSource::File(file.clone())
    );
    let nope = dir.path().join("nope");
    let message = LevelSource::resolve(&nope)
        .expect_err("neither")
        .to_string();
    assert_eq!(
        message,
        format!(
            "{}: no such file or folder, nor a built-in collection ({})",
            nope.display(),
            Collection::id_list()
        )
    );
    let empty = tempfile::tempdir().expect("tempdir");
    let message = load_level(empty.path(), 1)
        .expect_err("no levels")
        .to_string();
    assert_eq!(
        message,
        format!("{}: no .xsb files", empty.path().display())
    );
}

#[test]
fn a_single_level_file_with_crlf_loads() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("one.xsb");
    fs::write(&path, "\u{feff}#####\r\n#@$.#\r\n#####\r\nTitle: One\r\n").expect("write");
    let levels = load_levels(&path).expect("loads");
    assert_eq!(levels.len(), 1);
    assert_eq!(levels[0].title(), Some("One"));
}

#[test]
fn a_missing_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    assert_eq!(kind(&dir.path().join("nope.xsb")), LoadErrorKind::Missing);
}

#[test]
fn a_directory() {
    let dir = tempfile::tempdir().expect("tempdir");
    assert_eq!(kind(dir.path()), LoadErrorKind::IsDirectory);
}

#[test]
fn text_that_is_not_utf8_is_read_as_windows_1252() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("latin1.xsb");
    fs::write(&path, b"#####\n#@$.#\n#####\nTitle: Caf\xe9 \xa9\x80\n").expect("write");
    let levels = load_levels(&path).expect("loads");
    assert_eq!(levels[0].title(), Some("Café ©€"));
}

#[test]
fn an_empty_file_has_no_board() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("empty.xsb");
    fs::write(&path, "").expect("write");
    assert_eq!(kind(&path), LoadErrorKind::Parse(ParseError::NoBoard));
}

#[test]
fn a_parse_error_keeps_its_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("two.xsb");
    fs::write(&path, "#####\n#@$.#\n#@  #\n#####\n").expect("write");
    assert_eq!(
        kind(&path),
        LoadErrorKind::Parse(ParseError::TwoPlayers { line: 3, column: 2 })
    );
}

#[test]
fn a_huge_file_is_refused_before_it_is_read() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("huge.xsb");
    // Sparse: 64 GiB of nothing. Reading it whole would never finish.
    let size = 64 << 30;
    fs::File::create(&path)
        .expect("create")
        .set_len(size)
        .expect("set_len");
    assert_eq!(
        kind(&path),
        LoadErrorKind::TooLarge {
            bytes: size,
            most: MAX_FILE_BYTES
        }
    );
    fs::File::create(&path)
        .expect("create")
        .set_len(MAX_FILE_BYTES + 1)
        .expect("set_len");
    assert_eq!(
        kind(&path),
        LoadErrorKind::TooLarge {
            bytes: MAX_FILE_BYTES + 1,
            most: MAX_FILE_BYTES
        },
        "one byte over the cap"
    );
}

#[test]
fn a_file_at_the_cap_is_read() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("full.xsb");
    let mut text = "#####\n#@$.#\n#####\n".to_owned().into_bytes();
    text.resize(MAX_FILE_BYTES as usize, b' ');
    fs::write(&path, &text).expect("write");
    assert_eq!(load_levels(&path).expect("at the cap").len(), 1);
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_without_hanging_in_real_time() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("pipe.xsb");
    let made = std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    // Nobody writes to the pipe: opening it for reading would block forever.
    let probe = path.clone();
    let result = crate::common::ends_in_real_time("loading a FIFO", move || {
        load_levels(&probe).map_err(|e| e.kind)
    });
    assert_eq!(result.expect_err("refused"), LoadErrorKind::NotAFile);
}

#[cfg(unix)]
#[test]
fn a_device_is_refused() {
    assert_eq!(kind(Path::new("/dev/zero")), LoadErrorKind::NotAFile);
}

#[cfg(unix)]
#[test]
fn an_unreadable_file_is_permission_denied() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("secret.xsb");
    fs::write(&path, "#@$.#\n").expect("write");
    fs::set_permissions(&path, fs::Permissions::from_mode(0o000)).expect("chmod");
    if fs::read(&path).is_ok() {
        crate::common::skip(
            "an_unreadable_file_is_permission_denied",
            "running with privileges that ignore file modes (root?)",
        );
        return;
    }
    assert_eq!(kind(&path), LoadErrorKind::PermissionDenied);
}

#[test]
fn a_map_with_a_gap_in_its_outer_wall_is_refused_as_the_editor_refuses_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("gap.xsb");
    // The right wall has a gap beside the goal: a box could leave the board.
    fs::write(&path, "#####\n#@$. \n#####\n").expect("written");
    assert_eq!(
        kind(&path),
        LoadErrorKind::Parse(ParseError::Open { row: 2, column: 5 })
    );
    let grid = schokoban_core::Grid::from_level(
        &schokoban_core::parse_level("#####\n#@$. \n#####\n").expect("parses loosely"),
    );
    assert!(grid.problems().contains(&schokoban_core::GridProblem::Open));
    // Beside a good level it costs that level only, with the reason.
    fs::write(&path, "#####\n#@$. \n#####\n\n#####\n#@$.#\n#####\n").expect("written");
    let file = schokoban::storage::load_level_file(&path).expect("one level plays");
    assert_eq!(file.playable().count(), 1);
    let (number, bad) = file.bad().next().expect("one bad");
    assert_eq!(number, 1);
    assert_eq!(
        bad.error.to_string(),
        "a gap in the outer wall: the player can walk off the board at row 2, column 5"
    );
}
