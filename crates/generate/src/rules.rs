//! Why a generated level is thrown away: each rule is a question about a
//! level and the solver's solution of it, so tests ask them of XSB literals.

use std::collections::HashSet;
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
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rejection::Straight => "every box goes straight to a goal",
            Rejection::UnusedFloor => "some floor is never used",
            Rejection::IdleBox => "a box never moves",
            Rejection::NearCopy => "a near-copy of the level before",
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
    inside
        .iter()
        .any(|pos| !walk.visited.contains(pos))
        .then_some(Rejection::UnusedFloor)
}

/// What a solution touches: every cell a box or the player stood on, how
/// many boxes it never pushed, and how often it switched box.
pub(crate) struct Walk {
    pub(crate) visited: HashSet<Pos>,
    pub(crate) idle_boxes: usize,
    pub(crate) box_changes: usize,
}

impl Walk {
    /// Plays `solution` on `level` by its own rules (steps that cannot be
    /// played are skipped; the generator only passes the solver's).
    pub(crate) fn replay(level: &Level, solution: &[Step]) -> Self {
        let mut boxes: Vec<Pos> = level.boxes().to_vec();
        let mut moved = vec![false; boxes.len()];
        let mut player = level.player();
        let mut visited: HashSet<Pos> = boxes.iter().copied().collect();
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
                moved[index] = true;
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
            idle_boxes: moved.iter().filter(|&&m| !m).count(),
            box_changes,
        }
    }
}

/// The floor the player could reach with every box lifted off: the inside
/// of the level.
pub(crate) fn inside(level: &Level) -> Vec<Pos> {
    reach(level, level.player(), &[])
}

/// The cells reachable from `start` through floor, around `boxes`.
fn reach(level: &Level, start: Pos, boxes: &[Pos]) -> Vec<Pos> {
    let mut seen = HashSet::from([start]);
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
    let mut tried = HashSet::new();
    straight_from(level, &goals, level.boxes(), level.player(), &mut tried)
}

/// [`is_straight`] from boxes on `boxes` and the player on `player`;
/// `tried` holds the positions already found to lead nowhere.
fn straight_from(
    level: &Level,
    goals: &[Pos],
    boxes: &[Pos],
    player: Pos,
    tried: &mut HashSet<(Vec<Pos>, Pos)>,
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
