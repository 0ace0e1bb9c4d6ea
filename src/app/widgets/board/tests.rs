//! The board drawn: the hint's and the marked box's colours, and cells
//! zoomed to fill.

use ratatui::style::{Color, Modifier};

use super::*;
use schokoban_core::parse_level;

/// `#@$.*#`: the hint pushes the box onto the goal beside it, and the
/// box on the far goal is picked with the mouse.
fn drawn(zoom: Zoom) -> Buffer {
    let level = parse_level("######\n#@$.*#\n######\n").expect("level");
    let game = Game::new(level);
    let area = Rect::new(0, 0, 12, 3);
    let marks = Marks {
        hint: Some((Pos::new(2, 1), Direction::Right)),
        selected: Some(Pos::new(4, 1)),
        ..Marks::default()
    };
    let mut buf = Buffer::empty(area);
    BoardView {
        game: &game,
        layout: BoardLayout::new(area, &game, zoom),
        theme: Theme::default(),
        marks: &marks,
    }
    .render(area, &mut buf);
    buf
}

/// The colour and the mark a cell carries, as drawn.
fn marked(colour: Color) -> (Color, Color, Modifier) {
    (colour, Color::DarkGray, Modifier::BOLD)
}

fn look(buf: &Buffer, x: u16, y: u16) -> (Color, Color, Modifier) {
    let cell = &buf[(x, y)];
    (cell.fg, cell.bg, cell.modifier)
}

#[test]
fn a_hint_keeps_the_goal_it_points_at_and_a_marked_box_keeps_its_green() {
    let buf = drawn(Zoom::Off);
    assert_eq!(buf[(3, 1)].symbol(), "⨯", "the goal shows under the mark");
    assert_eq!(look(&buf, 3, 1), marked(Color::Red));
    assert_eq!(look(&buf, 4, 1), marked(Color::Green));
    assert_eq!(look(&buf, 2, 1), marked(Color::Yellow));
}

#[test]
fn zoomed_to_fill_a_cell_grows_square_and_keeps_its_glyph() {
    let level = parse_level("######\n#@$.*#\n######\n").expect("level");
    let game = Game::new(level);
    let area = Rect::new(0, 0, 24, 6);
    let layout = BoardLayout::new(area, &game, Zoom::Fill);
    assert_eq!((layout.cell_width, layout.cell_height), (4, 2));
    let mut buf = Buffer::empty(area);
    BoardView {
        game: &game,
        layout,
        theme: Theme::default(),
        marks: &Marks::default(),
    }
    .render(area, &mut buf);
    let row = |y: u16| -> String { (0..24).map(|x| buf[(x, y)].symbol().to_owned()).collect() };
    assert_eq!(row(2), "████ ☻  ◼◼◼◼ ⨯  ◼◼◼◼████");
    assert_eq!(row(3), "████    ◼◼◼◼    ◼◼◼◼████");
    assert_eq!(layout.cell_at(9, 3), Some(Pos::new(2, 1)));
    assert_eq!(layout.screen_of(Pos::new(2, 1)), Some((8, 2)));
}

#[test]
fn zoomed_the_arrow_and_the_marked_box_both_cover_two_columns() {
    let buf = drawn(Zoom::Square);
    let row: String = (4..10).map(|x| buf[(x, 1)].symbol().to_owned()).collect();
    assert_eq!(row, "◼ ⨯→◼ ");
    for x in 4..10 {
        assert_eq!(buf[(x, 1)].bg, Color::DarkGray, "column {x} is marked");
    }
    assert_eq!(look(&buf, 9, 1), marked(Color::Green));
}
