//! The README's picture is what the game draws today.

use schokoban::app::picture::{readme_screen, svg};

#[test]
fn the_readme_picture_is_what_the_game_draws_today() {
    let data = tempfile::tempdir().expect("temp dir");
    let drawn = svg(&readme_screen(data.path()));
    assert!(
        drawn == include_str!("../../docs/screenshot.svg"),
        "docs/screenshot.svg is out of date: run \
         `cargo run --example screenshot > docs/screenshot.svg`"
    );
}
