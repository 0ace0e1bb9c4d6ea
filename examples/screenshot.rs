//! Draws the game as a player sees it into an SVG picture, for the README:
//! `cargo run --example screenshot > docs/screenshot.svg`.
//!
//! The picture is made by the game itself (`schokoban::app::picture`), so
//! it stays true when the screen changes; a test checks that the committed
//! one is what the game draws today.

use schokoban::app::picture::{readme_screen, svg};

fn main() -> anyhow::Result<()> {
    let data = tempfile::tempdir()?;
    print!("{}", svg(&readme_screen(data.path())));
    Ok(())
}
