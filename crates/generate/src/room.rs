//! Rooms from templates, after Taylor and Parberry (2011): the inside of
//! the room is tiled with 3x3 pieces, each turned and mirrored at random,
//! then kept only if its floor is one connected, not too open area; and
//! the level a room with goals, boxes and a player draws.

use schokoban_core::{Level, parse_level};

use crate::rng::Rng;

/// The 3x3 pieces rooms are tiled with (`#` wall, space floor). Mostly
/// floor with a wall or two, so rooms have corners and corridors without
/// becoming mazes.
const TEMPLATES: [[&str; 3]; 12] = [
    ["   ", "   ", "   "],
    ["#  ", "   ", "   "],
    ["## ", "   ", "   "],
    ["###", "   ", "   "],
    ["###", "#  ", "#  "],
    ["#  ", "#  ", "   "],
    ["   ", " # ", "   "],
    ["#  ", "   ", "  #"],
    ["# #", "   ", "   "],
    ["   ", "## ", "   "],
    ["#  ", "## ", "   "],
    ["## ", "#  ", "   "],
];

/// A floor plan being built: walls and goals by cell, row by row, with a
/// wall ring all round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Plan {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) wall: Vec<bool>,
}

impl Plan {
    /// The four neighbours of `cell` (every cell has them: the ring is wall).
    pub(crate) fn neighbours(&self, cell: usize) -> [usize; 4] {
        [cell - 1, cell - self.width, cell + 1, cell + self.width]
    }

    /// The floor cells reachable from `start` without crossing a wall or a
    /// cell for which `blocked` holds, as a mask.
    pub(crate) fn flood(&self, start: usize, blocked: impl Fn(usize) -> bool) -> Vec<bool> {
        let mut seen = vec![false; self.wall.len()];
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(cell) = stack.pop() {
            for next in self.neighbours(cell) {
                if !seen[next] && !self.wall[next] && !blocked(next) {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        seen
    }

    /// How many floor cells the plan has.
    pub(crate) fn floor_count(&self) -> usize {
        self.wall.iter().filter(|&&w| !w).count()
    }
}

/// A room `width` x `height` cells, ring included, or `None` when this
/// draw of templates gives a room not worth a puzzle (split in parts, too
/// small, or with an open 3x4 hall where boxes never get stuck).
pub(crate) fn room(width: usize, height: usize, rng: &mut Rng) -> Option<Plan> {
    let mut wall = vec![true; width * height];
    for top in (1..height - 1).step_by(3) {
        for left in (1..width - 1).step_by(3) {
            let template = TEMPLATES[rng.below(TEMPLATES.len())];
            let turns = rng.below(4);
            let mirror = rng.below(2) == 1;
            for dy in 0..3 {
                for dx in 0..3 {
                    let (x, y) = (left + dx, top + dy);
                    if x >= width - 1 || y >= height - 1 {
                        continue;
                    }
                    let (sx, sy) = turned(dx, dy, turns, mirror);
                    wall[y * width + x] = template[sy].as_bytes()[sx] == b'#';
                }
            }
        }
    }
    let plan = Plan {
        width,
        height,
        wall,
    };
    let first = plan.wall.iter().position(|&w| !w)?;
    let reach = plan.flood(first, |_| false);
    let connected = (0..plan.wall.len()).all(|cell| plan.wall[cell] || reach[cell]);
    let inside = (width - 2) * (height - 2);
    let roomy = plan.floor_count() * 2 >= inside;
    (connected && roomy && !has_open_hall(&plan)).then_some(plan)
}

/// Where the cell at (`dx`, `dy`) of a piece turned `turns` quarter turns
/// and maybe mirrored comes from in the template.
fn turned(dx: usize, dy: usize, turns: usize, mirror: bool) -> (usize, usize) {
    let (mut x, mut y) = if mirror { (2 - dx, dy) } else { (dx, dy) };
    for _ in 0..turns {
        (x, y) = (y, 2 - x);
    }
    (x, y)
}

/// Whether the floor holds an open 3x4 or 4x3 block: Taylor and Parberry
/// reject those, as open halls make puzzles with no tension.
fn has_open_hall(plan: &Plan) -> bool {
    let open = |left: usize, top: usize, w: usize, h: usize| {
        (top..top + h).all(|y| (left..left + w).all(|x| !plan.wall[y * plan.width + x]))
    };
    [(3, 4), (4, 3)].into_iter().any(|(w, h)| {
        plan.height >= h
            && plan.width >= w
            && (0..=plan.height - h)
                .any(|top| (0..=plan.width - w).any(|left| open(left, top, w, h)))
    })
}

/// The level a plan makes with `goals`, `boxes` and the player. With
/// `used`, floor outside it becomes wall and the board is cropped to the
/// walls that touch floor; without, every cell is drawn as it is, so
/// positions match the plan's cells.
pub(crate) fn draw(
    plan: &Plan,
    goals: &[usize],
    boxes: &[usize],
    player: usize,
    used: Option<&[bool]>,
) -> Option<Level> {
    let floor = |c: usize| !plan.wall[c] && used.is_none_or(|u| u[c]);
    let w = plan.width;
    let mut rows: Vec<String> = Vec::with_capacity(plan.height);
    for y in 0..plan.height {
        let row: String = (0..w)
            .map(|x| {
                let c = y * w + x;
                if floor(c) {
                    match (goals.contains(&c), boxes.contains(&c), c == player) {
                        (true, true, _) => '*',
                        (false, true, _) => '$',
                        (true, false, true) => '+',
                        (false, false, true) => '@',
                        (true, false, false) => '.',
                        (false, false, false) => ' ',
                    }
                } else if used.is_none() || touches_floor(plan, x, y, &floor) {
                    '#'
                } else {
                    ' '
                }
            })
            .collect();
        rows.push(row);
    }
    // Drawn from a plan with a wall ring and one player, the text always
    // parses; the tests generate many levels to hold that.
    parse_level(&crop(&rows)).ok()
}

/// Whether a cell has kept floor among its eight neighbours.
fn touches_floor(plan: &Plan, x: usize, y: usize, floor: &impl Fn(usize) -> bool) -> bool {
    (y.saturating_sub(1)..=(y + 1).min(plan.height - 1)).any(|ny| {
        (x.saturating_sub(1)..=(x + 1).min(plan.width - 1)).any(|nx| floor(ny * plan.width + nx))
    })
}

/// The rows without blank rows and columns round them, one per line.
fn crop(rows: &[String]) -> String {
    let blank = |row: &String| row.trim().is_empty();
    let rows: Vec<&String> = rows.iter().skip_while(|r| blank(r)).collect();
    let last = rows.iter().rposition(|r| !blank(r)).map_or(0, |l| l + 1);
    let rows = &rows[..last];
    let indent = rows
        .iter()
        .filter_map(|r| r.find(|c| c != ' '))
        .min()
        .unwrap_or(0);
    let mut text = String::new();
    for row in rows {
        text.push_str(row[indent..].trim_end());
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::{Plan, has_open_hall, room, turned};
    use crate::rng::Rng;

    #[test]
    fn four_turns_come_back() {
        for (dx, dy) in [(0, 0), (2, 0), (1, 2)] {
            let (mut x, mut y) = (dx, dy);
            for _ in 0..4 {
                (x, y) = turned(x, y, 1, false);
            }
            assert_eq!((x, y), (dx, dy));
        }
    }

    #[test]
    fn rooms_are_connected_and_ringed() {
        let mut rng = Rng::new(1, 0);
        let plans: Vec<Plan> = (0..200).filter_map(|_| room(9, 9, &mut rng)).collect();
        assert!(!plans.is_empty());
        for plan in plans {
            assert!((0..9).all(|i| plan.wall[i] && plan.wall[72 + i]));
            assert!((0..9).all(|i| plan.wall[i * 9] && plan.wall[i * 9 + 8]));
            assert!(!has_open_hall(&plan));
        }
    }
}
