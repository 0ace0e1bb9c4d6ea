//! Ratings on the one difficulty scale: shipped with the levels (made by
//! `cargo run --release --example rate_levels`), measured in the
//! background for a player's file and kept in the data folder.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use schokoban::library::{Collection, LevelRating, RATINGS_FILE, level_key, shipped_ratings};
use schokoban_core::parse_level;

use crate::ui::{open_map, run_until_idle, screen, write_map};

/// `levels/ratings.txt`'s key of each level file it names.
fn shipped_keys() -> BTreeMap<String, u64> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/ratings.txt");
    let text = std::fs::read_to_string(path).expect("levels/ratings.txt");
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let &[key, _, file] = fields.as_slice() else {
                panic!("not `KEY RATING FILE`: {line}");
            };
            let key = u64::from_str_radix(key, 16).expect("a hex key");
            (file.to_owned(), key)
        })
        .collect()
}

#[test]
fn every_shipped_level_has_its_rating_under_its_own_board() {
    let keys = shipped_keys();
    let mut count = 0;
    for collection in Collection::ALL {
        for (name, text) in collection.files() {
            let level = parse_level(text).expect("a shipped level");
            let file = format!("{}/{name}", collection.id());
            // A level changed since it was rated has another key: run
            // `cargo run --release --example rate_levels -- COLLECTION`.
            assert_eq!(keys.get(&file), Some(&level_key(&level)), "{file}");
            assert!(shipped_ratings().get(level_key(&level)).is_some(), "{file}");
            count += 1;
        }
    }
    assert_eq!(keys.len(), count, "a line for a level that is not shipped");
}

#[test]
fn a_shipped_rating_is_what_rate_measures() {
    // Small levels, each rated within a few thousand positions.
    for number in 1..=4 {
        let (_, text) = Collection::Microban.files()[number - 1];
        let level = parse_level(text).expect("a shipped level");
        let (rated, _) =
            schokoban_generate::rate(&level, &AtomicBool::new(false)).expect("not cancelled");
        assert_eq!(
            shipped_ratings().get(level_key(&level)),
            Some(LevelRating::from(rated)),
            "Microban {number}"
        );
    }
}

/// Two levels on one board, a third, and Microban 44's board under
/// another title.
const PLAYERS: &str = "######\n#@$ .#\n######\nTitle: One\n\n\
    ######\n#@$ .#\n######\nTitle: Two\n\n\
    #######\n#@$  .#\n#######\n\n\
    #####\n#@$.#\n#####\nTitle: Duh\n";

/// Each level row of the list at 40x12 (no preview beside it), without
/// its pointer and number: `One ◆◇◇◇ 10 N/A`.
fn rating_cells(app: &mut schokoban::app::App) -> Vec<String> {
    screen(app, 40, 12)
        .into_iter()
        .filter(|line| ["One", "Two", "#3", "Duh"].iter().any(|t| line.contains(t)))
        .map(|line| {
            let words = line.split_whitespace().filter(|&word| word != "▶");
            words.skip(1).collect::<Vec<_>>().join(" ")
        })
        .collect()
}

#[test]
fn a_players_file_is_rated_in_the_background_kept_and_rated_again_when_changed() {
    let dir = tempfile::tempdir().expect("temp dir");
    let map = write_map(dir.path(), "four.xsb", PLAYERS);
    let mut app = open_map(dir.path(), &map);
    app.tick();
    // Until the list has been up a moment, nothing runs: it waits. A
    // shipped board has its rating at once.
    let duh = {
        let level = parse_level(Collection::Microban.files()[43].1).expect("Microban 44");
        let rating = shipped_ratings().get(level_key(&level)).expect("shipped");
        format!("Duh ◆◇◇◇ {rating} N/A")
    };
    assert_eq!(
        rating_cells(&mut app),
        ["One … N/A", "Two … N/A", "four.xsb #3 … N/A", duh.as_str()]
    );
    assert!(matches!(app.wake(), schokoban::app::Wake::At(_)));
    app.set_time(Duration::from_secs(1));
    run_until_idle(&mut app);
    let rated = rating_cells(&mut app);
    assert!(rated.iter().all(|cell| cell.contains("◆◇◇◇")), "{rated:?}");
    let kept = std::fs::read_to_string(dir.path().join("data").join(RATINGS_FILE))
        .expect("the ratings kept");
    // Levels One and Two share a board, so a key; Duh's is shipped.
    assert_eq!(
        kept.lines().filter(|l| !l.starts_with('#')).count(),
        2,
        "{kept}"
    );

    // Opened again, the list knows them at once and has nothing to do.
    let mut again = open_map(dir.path(), &map);
    again.tick();
    assert_eq!(rating_cells(&mut again), rated);
    assert!(!again.is_busy());

    // A changed third level is rated afresh; the others keep theirs.
    std::fs::write(&map, PLAYERS.replace("#@$  .#", "# @$ .#")).expect("map");
    let mut changed = open_map(dir.path(), &map);
    changed.tick();
    let cells = rating_cells(&mut changed);
    assert_eq!(cells[..2], rated[..2]);
    assert_eq!(cells[2], "four.xsb #3 … N/A");
    assert_eq!(cells[3], rated[3]);
}
