//! Whether the terminal's background is light: asked with OSC 11 before the
//! game takes the screen, for the `auto` and `colorblind` themes.

use std::time::Duration;

use terminal_colorsaurus::{QueryOptions, background_color};

use super::theme::Palette;

/// Long enough for a local terminal's answer, short enough not to be seen
/// at start. Terminals that do not answer are told apart at once (the
/// question is followed by one every terminal answers), so this is the
/// wait only over a slow link.
const ANSWER_TIME: Duration = Duration::from_millis(100);

/// The light palette if the terminal says its background is light; the
/// dark one if it says it is dark, or says nothing in time. Only the
/// background is asked for: tmux, for one, does not tell its text colour.
pub fn detect_palette() -> Palette {
    let mut options = QueryOptions::default();
    options.timeout = ANSWER_TIME;
    match background_color(options) {
        Ok(color) => palette_for(color.perceived_lightness()),
        Err(_) => Palette::Dark,
    }
}

/// `lightness` from 0 (black) to 1 (white), as perceived.
fn palette_for(lightness: f32) -> Palette {
    if lightness > 0.5 {
        Palette::Light
    } else {
        Palette::Dark
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use terminal_colorsaurus::Color;

    #[test]
    fn light_backgrounds_get_the_light_palette() {
        let lightness = |r, g, b| Color::rgb(r, g, b).perceived_lightness();
        // tmux's `bg=white` answers as #c0c0c0.
        assert_eq!(
            palette_for(lightness(0xc0c0, 0xc0c0, 0xc0c0)),
            Palette::Light
        );
        assert_eq!(
            palette_for(lightness(0xffff, 0xffff, 0xffff)),
            Palette::Light
        );
        assert_eq!(palette_for(lightness(0, 0, 0)), Palette::Dark);
        // Solarized dark's base03.
        assert_eq!(
            palette_for(lightness(0x0000, 0x2b2b, 0x3636)),
            Palette::Dark
        );
    }
}
