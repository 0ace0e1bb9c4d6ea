//! A level at two rows a line, in coloured half blocks: what a preview
//! shows of a board too tall for one row a line, as the desktop programs
//! show a thumbnail. Colour is what tells the halves apart, so without
//! it (`NO_COLOR`, `--ascii`) there is no miniature.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style};
use ratatui::widgets::Widget;

use crate::app::theme::{Cell, Palette, Theme};
use crate::app::widgets::board::cell_of;
use schokoban_core::{Game, Level, Pos};

/// A level as it starts, two rows to a line, in the middle of its area.
pub struct Miniature<'a> {
    pub game: &'a Game,
    pub theme: Theme,
}

/// How half a line shows one cell.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Half {
    /// The terminal's own text colour: a wall, drawn as the board draws it.
    Text,
    /// The terminal's own background: floor, inside or out.
    Background,
    Colour(Color),
}

impl Miniature<'_> {
    /// Whether `level` fits `area` at two rows a line, in a theme that
    /// can draw it.
    pub fn fits(level: &Level, area: Rect, theme: Theme) -> bool {
        theme.color
            && !theme.ascii
            && level.width() <= usize::from(area.width)
            && level.height().div_ceil(2) <= usize::from(area.height)
    }

    fn cell(&self, pos: Pos) -> Cell {
        // The lower half of an odd level's last line is below the level.
        if pos.y >= self.game.level().height() {
            return Cell::Floor;
        }
        cell_of(self.game, pos)
    }

    /// The colour of `cell`: the board's own, and for the player, whose
    /// glyph is uncoloured on the board, one no other cell has.
    fn half(&self, cell: Cell) -> Half {
        match cell {
            Cell::Wall => Half::Text,
            Cell::Floor => Half::Background,
            Cell::Player | Cell::PlayerOnGoal => Half::Colour(match self.theme.palette {
                Palette::Dark => Color::Cyan,
                Palette::Light => Color::Blue,
            }),
            Cell::Goal | Cell::Box | Cell::BoxOnGoal => {
                self.theme.style(cell).fg.map_or(Half::Text, Half::Colour)
            }
        }
    }
}

/// One line's cell showing `top` over `bottom`: the text colour can only
/// be a glyph's and the background only behind it, so the glyph is the
/// upper or the lower half block as they fall.
fn drawn(top: Half, bottom: Half) -> (char, Style) {
    let colour = |half: Half| match half {
        Half::Colour(colour) => colour,
        Half::Text | Half::Background => Color::Reset,
    };
    match (top, bottom) {
        (Half::Background, Half::Background) => (' ', Style::new()),
        _ if top == bottom => ('█', Style::new().fg(colour(top))),
        (Half::Background, _) => ('▄', Style::new().fg(colour(bottom))),
        (_, Half::Background) => ('▀', Style::new().fg(colour(top))),
        (_, Half::Text) => ('▄', Style::new().fg(Color::Reset).bg(colour(top))),
        _ => ('▀', Style::new().fg(colour(top)).bg(colour(bottom))),
    }
}

impl Widget for Miniature<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let fit = |size: usize, room: u16| u16::try_from(size).unwrap_or(u16::MAX).min(room);
        let width = fit(self.game.level().width(), area.width);
        let lines = fit(self.game.level().height().div_ceil(2), area.height);
        let left = area.x + (area.width - width) / 2;
        let top = area.y + (area.height - lines) / 2;
        for line in 0..lines {
            for column in 0..width {
                let (x, y) = (usize::from(column), 2 * usize::from(line));
                let upper = self.half(self.cell(Pos::new(x, y)));
                let lower = self.half(self.cell(Pos::new(x, y + 1)));
                let (glyph, style) = drawn(upper, lower);
                buf[(left + column, top + line)]
                    .set_char(glyph)
                    .set_style(style);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use schokoban_core::parse_level;

    /// A cell as drawn: its glyph, its text colour and its background.
    type Drawn = (char, Option<Color>, Option<Color>);

    /// Each cell of `xsb`'s miniature on a `width` by `height` area.
    fn drawn_cells(xsb: &str, (width, height): (u16, u16)) -> Vec<Vec<Drawn>> {
        let level = parse_level(xsb).expect("a valid level");
        let area = Rect::new(0, 0, width, height);
        let theme = Theme::default();
        assert!(Miniature::fits(&level, area, theme));
        let mut buf = Buffer::empty(area);
        let game = Game::new(level);
        Miniature { game: &game, theme }.render(area, &mut buf);
        (0..height)
            .map(|y| {
                (0..width)
                    .map(|x| {
                        let cell = &buf[(x, y)];
                        let glyph = cell.symbol().chars().next().unwrap_or(' ');
                        let style = cell.style();
                        (glyph, style.fg, style.bg)
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn each_line_shows_two_rows_in_the_boards_colours() {
        // The terminal's own colour, text or background.
        let own = Some(Color::Reset);
        let (yellow, green, red, cyan) = (
            Some(Color::Yellow),
            Some(Color::Green),
            Some(Color::Red),
            Some(Color::Cyan),
        );
        let cells = drawn_cells("#####\n#@$.#\n# * #\n#####", (5, 2));
        // A wall over the player, a box and a goal: the wall is the glyph,
        // the other half the background's colour.
        assert_eq!(
            cells[0],
            [
                ('█', own, own),
                ('▀', own, cyan),
                ('▀', own, yellow),
                ('▀', own, red),
                ('█', own, own),
            ]
        );
        // Floor and a box on a goal over a wall: the wall is the lower glyph.
        assert_eq!(
            cells[1],
            [
                ('█', own, own),
                ('▄', own, own),
                ('▄', own, green),
                ('▄', own, own),
                ('█', own, own),
            ]
        );
    }

    #[test]
    fn an_odd_levels_last_line_has_nothing_below_it_and_the_whole_is_centred() {
        let cells = drawn_cells("#####\n#@$.#\n#####", (7, 4));
        let glyphs: Vec<String> = cells
            .iter()
            .map(|line| line.iter().map(|&(glyph, ..)| glyph).collect())
            .collect();
        assert_eq!(glyphs, ["       ", " █▀▀▀█ ", " ▀▀▀▀▀ ", "       "]);
    }

    #[test]
    fn without_colour_or_in_ascii_there_is_no_miniature() {
        let level = parse_level("#####\n#@$.#\n#####").expect("a valid level");
        let area = Rect::new(0, 0, 5, 2);
        let plain = Theme {
            color: false,
            ..Theme::default()
        };
        let ascii = Theme {
            ascii: true,
            ..Theme::default()
        };
        assert!(Miniature::fits(&level, area, Theme::default()));
        assert!(!Miniature::fits(&level, area, plain));
        assert!(!Miniature::fits(&level, area, ascii));
        assert!(!Miniature::fits(
            &level,
            Rect::new(0, 0, 4, 2),
            Theme::default()
        ));
        assert!(!Miniature::fits(
            &level,
            Rect::new(0, 0, 5, 1),
            Theme::default()
        ));
    }
}
