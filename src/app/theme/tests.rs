//! The theme: ASCII chrome, when the background is asked for, the light
//! and colour-blind palettes, and text turned to ASCII.

use super::*;

const EVERY_CHROME: [Chrome; 10] = [
    Chrome::Pointer,
    Chrome::Best,
    Chrome::Solved,
    Chrome::You,
    Chrome::Rule,
    Chrome::Ellipsis,
    Chrome::Separator,
    Chrome::RatingOn,
    Chrome::RatingOff,
    Chrome::Beyond,
];

fn ascii() -> Theme {
    Theme {
        ascii: true,
        ..Theme::default()
    }
}

#[test]
fn ascii_chrome_is_ascii_and_unicode_chrome_is_not() {
    for glyph in EVERY_CHROME {
        assert!(ascii().chrome(glyph).is_ascii(), "{glyph:?}");
        assert!(!Theme::default().chrome(glyph).is_ascii(), "{glyph:?}");
    }
    for tick in 0..20 {
        assert!(ascii().spinner(tick).is_ascii());
    }
    let border = ascii().border();
    assert!(
        [border.top_left, border.horizontal_top, border.vertical_left]
            .iter()
            .all(|s| s.is_ascii())
    );
}

fn never_asked() -> Palette {
    panic!("the background was asked for")
}

#[test]
fn the_background_is_asked_for_only_when_the_choice_needs_it() {
    let light = Theme::chosen(false, false, ThemeChoice::Light, never_asked);
    assert_eq!(light.palette, Palette::Light);
    let dark = Theme::chosen(false, false, ThemeChoice::Dark, never_asked);
    assert_eq!(dark.palette, Palette::Dark);
    let auto = Theme::chosen(false, false, ThemeChoice::Auto, || Palette::Light);
    assert_eq!((auto.palette, auto.goal_shapes), (Palette::Light, false));
    let colorblind = Theme::chosen(false, false, ThemeChoice::Colorblind, || Palette::Light);
    assert_eq!(
        (colorblind.palette, colorblind.goal_shapes),
        (Palette::Light, true)
    );
    // Without colours there is nothing to choose: no question is sent.
    let plain = Theme::chosen(false, true, ThemeChoice::Auto, never_asked);
    assert!(!plain.color);
}

#[test]
fn the_light_palette_darkens_yellow_and_green_and_keeps_their_roles() {
    let light = Theme {
        palette: Palette::Light,
        ..Theme::default()
    };
    let dark = Theme::default();
    assert_eq!(dark.style(Cell::Box).fg, Some(Color::Yellow));
    assert_eq!(dark.style(Cell::BoxOnGoal).fg, Some(Color::Green));
    assert_eq!(light.style(Cell::Box).fg, Some(Color::Indexed(136)));
    assert_eq!(light.style(Cell::BoxOnGoal).fg, Some(Color::Indexed(28)));
    assert_eq!(light.good().fg, Some(Color::Indexed(28)), "hint text");
    assert_eq!(light.accent().fg, Some(Color::Indexed(136)));
    assert_eq!(light.style(Cell::Goal), dark.style(Cell::Goal));
}

#[test]
fn on_a_light_background_the_hint_is_a_block_of_colour_and_its_walk_is_blue() {
    let light = Theme {
        palette: Palette::Light,
        ..Theme::default()
    };
    let dark = Theme::default();
    assert_eq!(dark.hinted().bg, Some(Color::DarkGray));
    assert_eq!(light.hinted().bg, None, "no grey ground on white");
    assert!(light.hinted().add_modifier.contains(Modifier::REVERSED));
    assert_eq!(light.walk().fg, Some(Color::Indexed(25)));
    assert_eq!(dark.walk(), dark.dim());
}

#[test]
fn colorblind_shapes_tell_what_is_on_a_goal_and_keep_the_colours() {
    let colorblind = Theme {
        goal_shapes: true,
        ..Theme::default()
    };
    assert_eq!(colorblind.glyph(Cell::BoxOnGoal), '▣');
    assert_eq!(colorblind.glyph(Cell::PlayerOnGoal), '☺');
    assert_eq!(colorblind.glyph(Cell::Box), '◼');
    assert_eq!(colorblind.glyph(Cell::Player), '☻');
    assert_eq!(colorblind.style(Cell::BoxOnGoal).fg, Some(Color::Green));
    assert_eq!(Theme::default().glyph(Cell::BoxOnGoal), '◼');
}

#[test]
fn text_turns_chrome_to_ascii_and_keeps_the_rest() {
    assert_eq!(
        ascii().text("↑↓ choose · Enter accept · ←→ · Thinking…"),
        "Up/Down choose | Enter accept | Left/Right | Thinking..."
    );
    assert_eq!(ascii().text("▶ 日本語 ✓ ★ ◀ you"), "> 日本語 + * < you");
    assert_eq!(Theme::default().text("↑↓ · ✓"), "↑↓ · ✓");
}
