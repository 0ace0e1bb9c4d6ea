//! Why a generated level is thrown away: each rule is a question about a
//! level and the solver's solution of it, so tests ask them of XSB literals.
//! Sets are ordered, not hashed: std's hasher is seeded anew in every
//! process, and no rule may hang on it.

use std::collections::BTreeSet;
use std::fmt;

use schokoban_core::{Direction, Level, Pos, Step, Tile};

/// Why a candidate level was not worth showing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rejection {
    /// Every box can be pushed in a straight line onto a goal.
    Straight,
    /// Some floor inside is touched by no box and no step of the player.
    UnusedFloor,
    /// A box stands still through the whole solution.
    IdleBox,
    /// Almost cell for cell the level shown before it.
    NearCopy,
    /// Walls and goals almost the same mirrored or turned half round:
    /// filler, not a design.
    NearSymmetric,
    /// A corridor of [`LONG_CORRIDOR`] cells or more that no box goes
    /// through: walking, not puzzling.
    EmptyCorridor,
    /// More boxes than a third of one more than there are (both of two,
    /// two of three, four of nine) never meet another: each pushed in one
    /// go along cells no other box touches.
    LoneBoxes,
}

/// The shortest corridor [`Rejection::EmptyCorridor`] counts.
pub const LONG_CORRIDOR: usize = 6;

/// The share of cells, in percent, that must match for
/// [`Rejection::NearSymmetric`].
pub const SYMMETRIC_PERCENT: usize = 90;

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rejection::Straight => "every box goes straight to a goal",
            Rejection::UnusedFloor => "some floor is never used",
            Rejection::IdleBox => "a box never moves",
            Rejection::NearCopy => "a near-copy of the level before",
            Rejection::NearSymmetric => "walls and goals almost symmetric",
            Rejection::EmptyCorridor => "a long corridor no box goes through",
            Rejection::LoneBoxes => "boxes that never meet another",
        })
    }
}

/// The first rule `level` breaks, given a `solution` that solves it, or
/// `None` when it is worth playing (near-copies are [`is_near_copy`]'s).
pub fn rejection(level: &Level, solution: &[Step]) -> Option<Rejection> {
    if is_straight(level) {
        return Some(Rejection::Straight);
    }
    let walk = Walk::replay(level, solution);
    if walk.idle_boxes > 0 {
        return Some(Rejection::IdleBox);
    }
    let inside = inside(level);
    if inside.iter().any(|pos| !walk.visited.contains(pos)) {
        return Some(Rejection::UnusedFloor);
    }
    if is_near_symmetric(level) {
        return Some(Rejection::NearSymmetric);
    }
    if has_empty_corridor(level, &walk) {
        return Some(Rejection::EmptyCorridor);
    }
    let boxes = level.boxes().len();
    (boxes > 1 && walk.lone_boxes() > (boxes + 1) / 3).then_some(Rejection::LoneBoxes)
}

/// How many boxes `solution` pushes in one run along cells no other box
/// ever stands on: boxes that never meet another.
pub fn lone_boxes(level: &Level, solution: &[Step]) -> usize {
    Walk::replay(level, solution).lone_boxes()
}

/// Whether the walls and goals match, cell for cell in at least
/// [`SYMMETRIC_PERCENT`] of the board, the board mirrored left to right,
/// top to bottom, or turned half round.
pub fn is_near_symmetric(level: &Level) -> bool {
    let (w, h) = (level.width(), level.height());
    let kind = |pos: Pos| match level.tile(pos) {
        Tile::Wall => 0,
        Tile::Goal => 1,
        Tile::Floor => 2,
    };
    let maps: [&dyn Fn(Pos) -> Pos; 3] = [
        &|p: Pos| Pos::new(w - 1 - p.x, p.y),
        &|p: Pos| Pos::new(p.x, h - 1 - p.y),
        &|p: Pos| Pos::new(w - 1 - p.x, h - 1 - p.y),
    ];
    maps.iter().any(|map| {
        let same = level
            .positions()
            .filter(|&p| kind(p) == kind(map(p)))
            .count();
        100 * same >= SYMMETRIC_PERCENT * w * h
    })
}

/// Whether a straight run of at least [`LONG_CORRIDOR`] floor cells, each
/// walled on both sides across the run, has no box pass through it.
fn has_empty_corridor(level: &Level, walk: &Walk) -> bool {
    let is_wall = |pos: Option<Pos>| pos.is_none_or(|p| level.tile(p) == Tile::Wall);
    let walled_across = |pos: Pos, across: Direction| {
        is_wall(level.neighbour(pos, across)) && is_wall(level.neighbour(pos, across.opposite()))
    };
    [
        (Direction::Right, Direction::Up),
        (Direction::Down, Direction::Left),
    ]
    .into_iter()
    .any(|(along, across)| {
        level.positions().any(|start| {
            // Only runs that start here: the cell before is no part.
            let before = level.neighbour(start, along.opposite());
            let starts = before.is_none_or(|b| is_wall(Some(b)) || !walled_across(b, across));
            let mut run = 0;
            let mut pos = Some(start);
            while let Some(p) = pos.filter(|&p| !is_wall(Some(p)) && walled_across(p, across)) {
                if walk.box_cells.contains(&p) {
                    return false;
                }
                run += 1;
                pos = level.neighbour(p, along);
            }
            starts && run >= LONG_CORRIDOR
        })
    })
}

/// What a solution touches: every cell a box or the player stood on, how
/// many boxes it never pushed, how often it switched box, and each box's
/// path and runs of pushes.
pub(crate) struct Walk {
    pub(crate) visited: BTreeSet<Pos>,
    pub(crate) idle_boxes: usize,
    pub(crate) box_changes: usize,
    /// Every cell any box stood on.
    pub(crate) box_cells: BTreeSet<Pos>,
    /// Each box's cells, from its start, in order.
    pub(crate) paths: Vec<Vec<Pos>>,
    /// Each box's runs of pushes unbroken by another box's push.
    pub(crate) runs: Vec<usize>,
}

impl Walk {
    /// Plays `solution` on `level` by its own rules (steps that cannot be
    /// played are skipped; the generator only passes the solver's).
    pub(crate) fn replay(level: &Level, solution: &[Step]) -> Self {
        let mut boxes: Vec<Pos> = level.boxes().to_vec();
        let mut paths: Vec<Vec<Pos>> = boxes.iter().map(|&b| vec![b]).collect();
        let mut runs = vec![0; boxes.len()];
        let mut player = level.player();
        let mut visited: BTreeSet<Pos> = boxes.iter().copied().collect();
        let mut last_pushed = None;
        let mut box_changes = 0;
        visited.insert(player);
        for step in solution {
            let Some(next) = level.neighbour(player, step.direction) else {
                continue;
            };
            if let Some(index) = boxes.iter().position(|&b| b == next) {
                let Some(beyond) = level.neighbour(next, step.direction) else {
                    continue;
                };
                boxes[index] = beyond;
                paths[index].push(beyond);
                if last_pushed != Some(index) {
                    runs[index] += 1;
                }
                if last_pushed.is_some_and(|last| last != index) {
                    box_changes += 1;
                }
                last_pushed = Some(index);
                visited.insert(beyond);
            }
            player = next;
            visited.insert(player);
        }
        Self {
            visited,
            idle_boxes: runs.iter().filter(|&&r| r == 0).count(),
            box_changes,
            box_cells: paths.iter().flatten().copied().collect(),
            paths,
            runs,
        }
    }

    /// Boxes pushed in one run along cells no other box ever stands on.
    pub(crate) fn lone_boxes(&self) -> usize {
        (0..self.paths.len())
            .filter(|&i| {
                self.runs[i] == 1
                    && self.paths[i].iter().all(|cell| {
                        (0..self.paths.len()).all(|j| j == i || !self.paths[j].contains(cell))
                    })
            })
            .count()
    }
}

/// The floor the player could reach with every box lifted off: the inside
/// of the level.
pub(crate) fn inside(level: &Level) -> Vec<Pos> {
    reach(level, level.player(), &[])
}

/// The cells reachable from `start` through floor, around `boxes`.
fn reach(level: &Level, start: Pos, boxes: &[Pos]) -> Vec<Pos> {
    let mut seen = BTreeSet::from([start]);
    let mut stack = vec![start];
    let mut cells = vec![start];
    while let Some(pos) = stack.pop() {
        for direction in Direction::ALL {
            let Some(next) = level.neighbour(pos, direction) else {
                continue;
            };
            if level.tile(next) != Tile::Wall && !boxes.contains(&next) && seen.insert(next) {
                stack.push(next);
                cells.push(next);
            }
        }
    }
    cells
}

/// Whether pushing boxes one at a time, each in one straight line onto a
/// free goal, solves the level, in some order: every order is tried (the
/// boxes that moved, and where the player stands, are what differ).
pub fn is_straight(level: &Level) -> bool {
    let goals: Vec<Pos> = level.goals().collect();
    let mut tried = BTreeSet::new();
    straight_from(level, &goals, level.boxes(), level.player(), &mut tried)
}

/// [`is_straight`] from boxes on `boxes` and the player on `player`;
/// `tried` holds the positions already found to lead nowhere.
fn straight_from(
    level: &Level,
    goals: &[Pos],
    boxes: &[Pos],
    player: Pos,
    tried: &mut BTreeSet<(Vec<Pos>, Pos)>,
) -> bool {
    if boxes.iter().all(|b| goals.contains(b)) {
        return true;
    }
    if !tried.insert((boxes.to_vec(), player)) {
        return false;
    }
    let reachable = reach(level, player, boxes);
    for (index, &pos) in boxes.iter().enumerate() {
        if goals.contains(&pos) {
            continue;
        }
        for direction in Direction::ALL {
            let Some(behind) = level.neighbour(pos, direction.opposite()) else {
                continue;
            };
            if !reachable.contains(&behind) {
                continue;
            }
            if let Some((goal, stand)) = straight_goal(level, boxes, goals, pos, direction) {
                let mut moved = boxes.to_vec();
                moved[index] = goal;
                if straight_from(level, goals, &moved, stand, tried) {
                    return true;
                }
            }
        }
    }
    false
}

/// Pushing the box on `from` towards `direction`: the first free goal it
/// meets before a wall or a box, and where the player then stands.
fn straight_goal(
    level: &Level,
    boxes: &[Pos],
    goals: &[Pos],
    from: Pos,
    direction: Direction,
) -> Option<(Pos, Pos)> {
    let mut stand = from;
    let mut pos = level.neighbour(from, direction)?;
    loop {
        if level.tile(pos) == Tile::Wall || boxes.contains(&pos) {
            return None;
        }
        if goals.contains(&pos) {
            return Some((pos, stand));
        }
        stand = pos;
        pos = level.neighbour(pos, direction)?;
    }
}

/// Whether two levels are all but the same: the same size and at most one
/// cell in twenty (and at least two) differing in wall, goal or box.
pub fn is_near_copy(a: &Level, b: &Level) -> bool {
    if a.width() != b.width() || a.height() != b.height() {
        return false;
    }
    let cell = |level: &Level, pos: Pos| (level.tile(pos), level.boxes().contains(&pos));
    let differing = a.positions().filter(|&p| cell(a, p) != cell(b, p)).count();
    let cells = a.width() * a.height();
    differing <= (cells / 20).max(2)
}
