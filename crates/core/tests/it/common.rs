//! Helpers for the core's tests: levels from XSB literals, and moves
//! played from a string.

use schokoban_core::{Direction, Game, Level, Pos, Tile, parse_level};

pub fn lvl(text: &str) -> Level {
    parse_level(text).unwrap_or_else(|e| panic!("test level does not parse: {e}\n{text}"))
}

pub fn game(text: &str) -> Game {
    Game::new(lvl(text))
}

pub fn dir(c: char) -> Direction {
    match c {
        'l' => Direction::Left,
        'u' => Direction::Up,
        'r' => Direction::Right,
        'd' => Direction::Down,
        _ => panic!("not a direction: {c}"),
    }
}

/// Plays `moves` (l u r d, x for undo), insisting that every one succeeds.
pub fn play(game: &mut Game, moves: &str) {
    for (i, c) in moves.chars().enumerate() {
        let done = if c == 'x' {
            game.undo().is_some()
        } else {
            game.step(dir(c)).is_ok()
        };
        assert!(done, "move {} ({c}) of {moves:?} was refused", i + 1);
    }
}

/// The tiles of a level drawn as a string, one char per cell: `#`, `.` or ` `.
pub fn floor_plan(level: &Level) -> String {
    let mut text = String::new();
    for y in 0..level.height() {
        for x in 0..level.width() {
            text.push(match level.tile(Pos::new(x, y)) {
                Tile::Wall => '#',
                Tile::Goal => '.',
                Tile::Floor => ' ',
            });
        }
        text.push('\n');
    }
    text
}

/// The position of a game as comparable data.
pub fn position(game: &Game) -> (Pos, Vec<Pos>) {
    (game.player(), game.box_positions().collect())
}
