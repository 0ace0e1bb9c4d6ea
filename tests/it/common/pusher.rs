//! An encoder for begoon's pusher.exe map formats, written for the tests so
//! that they can build pusher files from levels of ours and no unlicensed
//! map ships in the repository.

use std::fmt::Write as _;
use std::path::PathBuf;

use schokoban_core::{Level, Pos, Tile};

/// Every level file under the repository's own `levels/`, parsed, in order.
pub fn our_levels() -> Vec<(PathBuf, Level)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("levels");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("levels/ is readable")
        .map(|entry| entry.expect("entry").path())
        // Beside the collection folders are collections.txt and ratings.txt.
        .filter(|path| path.is_dir())
        .flat_map(|folder| std::fs::read_dir(folder).expect("a folder"))
        .map(|entry| entry.expect("entry").path())
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("a level file");
            let level = super::lvl(&text);
            (path, level)
        })
        .collect()
}

/// The starting position's cell at `pos` as pusher.exe's extractor prints it.
fn plain_char(level: &Level, pos: Pos) -> char {
    let goal = level.tile(pos) == Tile::Goal;
    match (
        level.tile(pos),
        pos == level.player(),
        level.boxes().contains(&pos),
    ) {
        (Tile::Wall, ..) => 'X',
        (_, true, _) if goal => '+',
        (_, true, _) => '@',
        (_, _, true) if goal => '&',
        (_, _, true) => '*',
        (Tile::Goal, ..) => '.',
        (Tile::Floor, ..) => ' ',
    }
}

/// The plain listing, headers and padding as the extractor prints them.
pub fn plain(levels: &[Level]) -> String {
    let mut text = String::new();
    for (index, level) in levels.iter().enumerate() {
        let _ = write!(
            text,
            "*************************************\nMaze: {}\n\
             File offset: 148C, DS:00FC, table offset: 0000\n\
             Size X: {}\nSize Y: {}\nEnd: 14BD\nLength: 50\n\n",
            index + 1,
            level.width(),
            level.height()
        );
        for y in 0..level.height() {
            let row: String = (0..level.width())
                .map(|x| plain_char(level, Pos::new(x, y)))
                .collect();
            text.push_str(&row);
            text.push('\n');
        }
        text.push('\n');
    }
    text.push_str("*************************************\n");
    text
}

/// Appends bits, most significant first.
#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    used: usize,
}

impl BitWriter {
    fn push(&mut self, value: usize, count: usize) {
        for shift in (0..count).rev() {
            if self.used.is_multiple_of(8) {
                self.bytes.push(0);
            }
            let bit = u8::from(value >> shift & 1 == 1);
            let last = self.bytes.last_mut().expect("a byte was pushed");
            *last |= bit << (7 - self.used % 8);
            self.used += 1;
        }
    }
}

/// One level's bytes: width, height, (counter, code) runs, player x and y.
/// The player's cell is written as the floor or goal under it.
pub fn compress(level: &Level) -> Vec<u8> {
    let code = |pos: Pos| -> (usize, usize) {
        match plain_char(level, pos) {
            'X' => (0b01, 2),
            '*' => (0b10, 2),
            '.' | '+' => (0b110, 3),
            '&' => (0b111, 3),
            _ => (0b00, 2),
        }
    };
    let cells: Vec<(usize, usize)> = level.positions().map(code).collect();
    let mut bits = BitWriter::default();
    bits.push(level.width(), 8);
    bits.push(level.height(), 8);
    let mut start = 0;
    while start < cells.len() {
        let run = cells[start..]
            .iter()
            .take(9)
            .take_while(|&&cell| cell == cells[start])
            .count();
        if run == 1 {
            bits.push(0, 1);
        } else {
            bits.push(0b1000 | (run - 2), 4);
        }
        bits.push(cells[start].0, cells[start].1);
        start += run;
    }
    let mut bytes = bits.bytes;
    bytes.push(level.player().x as u8);
    bytes.push(level.player().y as u8);
    bytes
}

/// The assembler listing: `level_NN db ...` lines, as in pusher.lst.
pub fn compressed(levels: &[Level]) -> String {
    let mut text = String::new();
    for (index, level) in levels.iter().enumerate() {
        for (chunk_index, chunk) in compress(level).chunks(11).enumerate() {
            let label = if chunk_index == 0 {
                format!("level_{:02}", index + 1)
            } else {
                String::new()
            };
            let bytes: Vec<String> = chunk.iter().map(|&b| assembler_byte(b)).collect();
            let _ = writeln!(text, "{label:<16}db {}", bytes.join(", "));
        }
    }
    text
}

/// The R3forth source form: `#lvlNz ( decimal bytes )`, the table after.
pub fn r3forth(levels: &[Level]) -> String {
    let mut text = String::from("| made by the tests from levels of ours\n\n");
    for (index, level) in levels.iter().enumerate() {
        let bytes: Vec<String> = compress(level).iter().map(u8::to_string).collect();
        let _ = writeln!(text, "#lvl{}z ( {} )", index + 1, bytes.join(" "));
    }
    let names: Vec<String> = (1..=levels.len()).map(|n| format!("'lvl{n}z")).collect();
    let _ = writeln!(text, "\n#levels {}", names.join(" "));
    text
}

/// `3`, `12h` or `0A2h`: how the disassembly writes bytes.
fn assembler_byte(byte: u8) -> String {
    match byte {
        0..=9 => byte.to_string(),
        _ if format!("{byte:X}").starts_with(char::is_alphabetic) => format!("0{byte:X}h"),
        _ => format!("{byte:X}h"),
    }
}
