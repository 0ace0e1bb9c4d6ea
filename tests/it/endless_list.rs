//! Issue 70: the Endless levels a player made, as a level list: newest
//! first, each rated as the generator measured it (from its file's
//! comment), played again from the list with its own records, and back.

use std::fs::{File, FileTimes};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, SystemTime};

use crossterm::event::KeyCode;
use schokoban::app::App;
use schokoban::storage::{Finder, Records, Solution};
use schokoban_generate::{Day, Difficulty, Generated, Request, Size, generate, generate_daily};
use tempfile::TempDir;

use crate::endless::{arrow, ask_for_small_easy, endless_menu, small_easy, wait_for_level};
use crate::ui::{choose, key, level, menu_app, messages, press, screen, start_menu, type_text};

/// The Endless menu's line for the levels made: below the three sizes and
/// the daily level.
const MADE_LINE: usize = 4;

/// The levels the tests keep: small easy 7, small hard 3 and the daily
/// level of 2026-12-24, made once for every test that asks.
fn made() -> &'static [Generated; 3] {
    static MADE: OnceLock<[Generated; 3]> = OnceLock::new();
    MADE.get_or_init(|| {
        let hard = Request {
            seed: 3,
            size: Size::Small,
            difficulty: Difficulty::Hard,
        };
        let day: Day = "2026-12-24".parse().expect("a date");
        let cancel = AtomicBool::new(false);
        [
            small_easy(7),
            generate(&hard, &cancel, &mut |_| {}).expect("a level"),
            generate_daily(day, &cancel, &mut |_| {}).expect("the daily level"),
        ]
    })
}

/// The Endless folder of the data folder in `dir`, made.
fn endless_folder(dir: &Path) -> PathBuf {
    let folder = dir.join("data/endless");
    std::fs::create_dir_all(&folder).expect("folder");
    folder
}

/// Writes `text` as `name` in `folder`, written `seconds` after the epoch:
/// the list's order is the files', whatever the clock says.
fn keep(folder: &Path, name: &str, text: &str, seconds: u64) -> PathBuf {
    let path = folder.join(name);
    std::fs::write(&path, text).expect("a level file");
    let time = SystemTime::UNIX_EPOCH + Duration::from_secs(seconds);
    File::options()
        .write(true)
        .open(&path)
        .and_then(|file| file.set_times(FileTimes::new().set_modified(time)))
        .expect("its time");
    path
}

/// The three levels kept, the daily one newest and small easy 7 solved in
/// its solver's moves and on its leaderboard.
fn three_kept(dir: &Path) {
    let folder = endless_folder(dir);
    let [easy, hard, daily] = made();
    let solved = keep(&folder, "small-easy-7.xsb", &easy.to_xsb(), 1_000);
    keep(&folder, "small-hard-3.xsb", &hard.to_xsb(), 2_000);
    keep(&folder, "daily-2026-12-24.xsb", &daily.to_xsb(), 3_000);
    let records = Records::beside(&solved);
    let solution = Solution::new(easy.solution.clone(), Finder::Player, Some(0), Some(60));
    records.keep_solution(solution).expect("kept");
    let moves = easy.solution.len();
    std::fs::write(
        solved.with_extension("xsb.dat"),
        format!("{moves} tester\n"),
    )
    .expect("board");
}

/// From the main menu to the list of the levels made.
fn open_list(app: &mut App) {
    endless_menu(app);
    press(app, &[key(KeyCode::Down); MADE_LINE]);
    press(app, &[key(KeyCode::Enter)]);
}

/// The tour's stop: three levels made, one solved, listed.
pub(crate) fn levels_made() -> (TempDir, App) {
    let dir = tempfile::tempdir().expect("temp dir");
    three_kept(dir.path());
    let mut app = menu_app(dir.path());
    open_list(&mut app);
    (dir, app)
}

/// The row of `numbered` (`1  Small easy 7`, so a preview's heading
/// beside the list is not taken for it) at `width` x `height`.
fn row(app: &mut App, width: u16, height: u16, numbered: &str) -> String {
    let lines = screen(app, width, height);
    lines
        .iter()
        .find(|line| line.contains(numbered))
        .unwrap_or_else(|| panic!("no row {numbered:?} in\n{}", lines.join("\n")))
        .clone()
}

#[test]
fn a_level_made_and_solved_is_listed_with_its_rating_and_played_again() {
    let (_dir, mut app) = start_menu();
    ask_for_small_easy(&mut app, 7);
    wait_for_level(&mut app);
    let made = small_easy(7);
    let keys: Vec<_> = made.solution.iter().copied().map(arrow).collect();
    press(&mut app, &keys);
    press(&mut app, &[key(KeyCode::Enter), key(KeyCode::Enter)]);
    type_text(&mut app, "tester");
    press(&mut app, &[key(KeyCode::Enter)]);
    // From its end, to the list of the levels made, on it.
    choose(&mut app, "Level list");
    assert_eq!(app.screen_name(), "level list");
    assert_eq!(app.selected(), Some(0));
    let moves = made.solution.len();
    let score = made.rating.score;
    let line = row(&mut app, 80, 24, "1  Small easy 7");
    assert!(
        line.trim_start().starts_with("▶ ✓   1  Small easy 7"),
        "{line}"
    );
    assert!(line.contains(&format!(" {score}  ")), "{line}");
    assert!(line.contains(&format!("  {moves}  you {moves}")), "{line}");
    let text = screen(&mut app, 80, 24).join("\n");
    assert!(text.contains(&format!("{score}, about easy")), "{text}");
    // The preview is headed with the row's name, not the file's title.
    assert_eq!(text.matches("Small easy 7").count(), 2, "{text}");
    assert!(!text.contains("Endless S-E 7"), "{text}");
    // Played again from the list: its records are there.
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(level(&app).title, "Endless S-E 7");
    assert_eq!(level(&app).record, Some(moves));
    assert!(messages(&app).contains("Rating"), "{}", messages(&app));
    // Left, and back to the list, then to the menu it came from.
    press(&mut app, &[key(KeyCode::Esc)]);
    choose(&mut app, "Level list");
    assert_eq!(app.screen_name(), "level list");
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "endless menu");
}

#[test]
fn the_list_is_newest_first_and_rates_each_level_as_its_file_says() {
    let dir = tempfile::tempdir().expect("temp dir");
    three_kept(dir.path());
    // The daily level's file rated otherwise by hand: the list shows the
    // file's word, not a rating of its own.
    let [_, hard, daily] = made();
    let daily_file = dir.path().join("data/endless/daily-2026-12-24.xsb");
    let rating = format!("Rating: {} (", daily.rating.score);
    let edited = daily.to_xsb().replace(&rating, "Rating: 123 (");
    keep(
        &endless_folder(dir.path()),
        "daily-2026-12-24.xsb",
        &edited,
        3_000,
    );
    let mut app = menu_app(dir.path());
    open_list(&mut app);
    let lines = screen(&mut app, 80, 24);
    let order: Vec<usize> = ["Daily 2026-12-24", "Small hard 3", "Small easy 7"]
        .iter()
        .map(|title| {
            (lines.iter().position(|line| line.contains(title)))
                .unwrap_or_else(|| panic!("no {title} in {lines:#?}"))
        })
        .collect();
    assert!(order.is_sorted(), "{lines:#?}");
    assert!(row(&mut app, 80, 24, "1  Daily 2026-12-24").contains("◆◆◇◇ 123"));
    let hard_score = format!(" {} ", hard.rating.score);
    assert!(row(&mut app, 80, 24, "2  Small hard 3").contains(&hard_score));
    // At 200x60 the preview says it in words beside the list.
    let wide = screen(&mut app, 200, 60).join("\n");
    assert!(wide.contains("123, about medium"), "{wide}");
    // The daily level plays with its own records, beside its file.
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(level(&app).title, "Daily 2026-12-24");
    press(&mut app, &[arrow(daily.solution[0]), key(KeyCode::Esc)]);
    assert!(daily_file.with_extension("xsb.sav").is_file());
    // Played from its file, the file is kept as it was.
    assert_eq!(std::fs::read_to_string(&daily_file).ok(), Some(edited));
}

#[test]
fn an_empty_folder_says_so_and_esc_goes_back() {
    let (_dir, mut app) = start_menu();
    open_list(&mut app);
    assert_eq!(app.screen_name(), "level list");
    let text = screen(&mut app, 40, 12).join(" ");
    assert!(text.contains("No levels made yet"), "{text}");
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "level list");
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(app.screen_name(), "endless menu");
}

#[test]
fn files_that_are_no_made_level_say_why_and_cannot_be_played() {
    let dir = tempfile::tempdir().expect("temp dir");
    let folder = endless_folder(dir.path());
    let [easy, ..] = made();
    keep(&folder, "small-easy-1.xsb", &easy.to_xsb(), 4_000);
    keep(&folder, "plain.xsb", "#####\n#@$.#\n#####\n", 3_000);
    keep(
        &folder,
        "bad\u{1b}]0;pwn\u{7}.xsb",
        "no board here\n",
        2_000,
    );
    keep(&folder, "small-easy-7.xsb", &easy.to_xsb(), 1_000);
    let mut app = menu_app(dir.path());
    open_list(&mut app);
    let misnamed = row(&mut app, 120, 30, "1  small-easy-1.xsb");
    assert!(misnamed.contains("it holds the level of small-easy-7.xsb"));
    let plain = row(&mut app, 120, 30, "2  plain.xsb");
    assert!(plain.contains("no Seed: line: not a made level"), "{plain}");
    let hostile = row(&mut app, 120, 30, "3  bad\\x1B]0;pwn\\x07.xsb");
    assert!(hostile.contains("no level board found"), "{hostile}");
    // At 40 columns a reason is cut where it ends, and says so.
    let narrow = row(&mut app, 40, 12, "2  plain.xsb");
    assert!(narrow.ends_with('…'), "{narrow}");
    // Chosen, a bad file says why and the list stays.
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!(app.screen_name(), "level list");
    assert!(messages(&app).contains("cannot be played"));
    // The good one still plays.
    press(&mut app, &[key(KeyCode::End), key(KeyCode::Enter)]);
    assert_eq!(level(&app).title, "Endless S-E 7");
}
