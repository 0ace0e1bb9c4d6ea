//! Shortest paths for the mouse: walking to a cell, and pushing one box to
//! a cell while the others stay put.

use std::collections::VecDeque;

use super::level::{Direction, Level, Pos, Tile};
use super::state::Game;

/// The shortest walk from the player to `target` that pushes nothing.
pub fn walk_path(game: &Game, target: Pos) -> Option<Vec<Direction>> {
    walk(game.level(), game.player(), target, &|pos| {
        blocked(game, pos, None)
    })
}

/// The steps (walks and pushes) that bring the box at `from` to `to` with
/// the fewest pushes, moving no other box.
pub fn push_path(game: &Game, from: Pos, to: Pos) -> Option<Vec<Direction>> {
    if !game.has_box(from) {
        return None;
    }
    let pushes = fewest_pushes(game, from, to)?;
    let mut steps = Vec::new();
    let mut player = game.player();
    for (box_at, push) in pushes {
        let stand = game.level().neighbour(box_at, push.opposite())?;
        let moving = Some(Moving {
            origin: from,
            at: box_at,
        });
        steps.extend(walk(game.level(), player, stand, &|pos| {
            blocked(game, pos, moving)
        })?);
        steps.push(push);
        player = box_at;
    }
    Some(steps)
}

/// The pushes, `(box cell before, direction)`, that bring the box at
/// `from` to `to`: a breadth-first search over pushes just made, where
/// the player must be able to walk to each push.
fn fewest_pushes(game: &Game, from: Pos, to: Pos) -> Option<Vec<(Pos, Direction)>> {
    if from == to {
        return Some(Vec::new());
    }
    let level = game.level();
    // A state is a push just made: the box's new cell and the push direction.
    let state = |pos: Pos, push: Direction| level.index(pos).map(|i| i * 4 + push as usize);
    // For each state: `Some(None)` if reached from the start, `Some(Some(s))` from state s.
    let mut parent: Vec<Option<Option<usize>>> = vec![None; level.width() * level.height() * 4];
    let mut queue = VecDeque::new();
    let mut expand = |box_at: Pos,
                      player: Pos,
                      from_state: Option<usize>,
                      queue: &mut VecDeque<(Pos, Direction)>| {
        let moving = Some(Moving {
            origin: from,
            at: box_at,
        });
        for push in Direction::ALL {
            let (Some(stand), Some(next)) = (
                level.neighbour(box_at, push.opposite()),
                level.neighbour(box_at, push),
            ) else {
                continue;
            };
            let Some(index) = state(next, push) else {
                continue;
            };
            if parent[index].is_some() || blocked(game, next, moving) {
                continue;
            }
            if walk(level, player, stand, &|pos| blocked(game, pos, moving)).is_some() {
                parent[index] = Some(from_state);
                queue.push_back((next, push));
            }
        }
    };
    expand(from, game.player(), None, &mut queue);
    let mut found = None;
    while let Some((box_at, push)) = queue.pop_front() {
        let index = state(box_at, push)?;
        if box_at == to {
            found = Some(index);
            break;
        }
        let player = level.neighbour(box_at, push.opposite())?;
        expand(box_at, player, Some(index), &mut queue);
    }
    // Walk the parents back to the start to list the pushes in order; no
    // state at `to` means there is no way there.
    let mut pushes = Vec::new();
    let mut current = Some(found?);
    while let Some(index) = current {
        let push = Direction::ALL[index % 4];
        let after = Pos::new((index / 4) % level.width(), (index / 4) / level.width());
        pushes.push((level.neighbour(after, push.opposite())?, push));
        current = parent[index]?;
    }
    pushes.reverse();
    Some(pushes)
}

/// The one box a push path moves: it started at `origin` and stands at `at`.
#[derive(Clone, Copy)]
struct Moving {
    origin: Pos,
    at: Pos,
}

fn blocked(game: &Game, pos: Pos, moving: Option<Moving>) -> bool {
    if game.level().tile(pos) == Tile::Wall {
        return true;
    }
    match moving {
        Some(m) => pos == m.at || pos != m.origin && game.has_box(pos),
        None => game.has_box(pos),
    }
}

/// A shortest walk between two cells by breadth-first search, through
/// the cells `blocked` leaves free.
pub(crate) fn walk(
    level: &Level,
    start: Pos,
    target: Pos,
    blocked: &dyn Fn(Pos) -> bool,
) -> Option<Vec<Direction>> {
    if start == target {
        return Some(Vec::new());
    }
    if blocked(target) {
        return None;
    }
    let came_by = flood(level, start, blocked, Some(target));
    came_by[level.index(target)?].map(|_| trace_back(level, start, target, &came_by))
}

/// The cells the player can reach from `start` through the cells
/// `blocked` leaves free, `start` included.
pub(crate) fn reachable(level: &Level, start: Pos, blocked: &dyn Fn(Pos) -> bool) -> Vec<bool> {
    let came_by = flood(level, start, blocked, None);
    let mut reached: Vec<bool> = came_by.iter().map(Option::is_some).collect();
    if let Some(index) = level.index(start) {
        reached[index] = true;
    }
    reached
}

/// For each cell reached from `start` (not `start` itself), the step that
/// reached it first; stops early once `target` is reached.
fn flood(
    level: &Level,
    start: Pos,
    blocked: &dyn Fn(Pos) -> bool,
    target: Option<Pos>,
) -> Vec<Option<Direction>> {
    let mut came_by: Vec<Option<Direction>> = vec![None; level.width() * level.height()];
    let Some(start_index) = level.index(start) else {
        return came_by;
    };
    let mut queue = VecDeque::from([start]);
    while let Some(pos) = queue.pop_front() {
        for direction in Direction::ALL {
            let Some((next, index)) = level
                .neighbour(pos, direction)
                .and_then(|next| Some((next, level.index(next)?)))
            else {
                continue;
            };
            if index == start_index || came_by[index].is_some() || blocked(next) {
                continue;
            }
            came_by[index] = Some(direction);
            if Some(next) == target {
                return came_by;
            }
            queue.push_back(next);
        }
    }
    came_by
}

fn trace_back(
    level: &Level,
    start: Pos,
    target: Pos,
    came_by: &[Option<Direction>],
) -> Vec<Direction> {
    let mut path = Vec::new();
    let mut at = target;
    while at != start {
        let Some(step) = level.index(at).and_then(|i| came_by[i]) else {
            break;
        };
        path.push(step);
        let Some(back) = level.neighbour(at, step.opposite()) else {
            break;
        };
        at = back;
    }
    path.reverse();
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_level;

    fn game(text: &str) -> Game {
        Game::new(parse_level(text).expect("test level"))
    }

    #[test]
    fn a_push_path_walks_round_and_pushes_or_says_there_is_no_way() {
        let game = game("#######\n#     #\n# .$@ #\n#     #\n#######\n");
        let left = Direction::Left;
        assert_eq!(
            push_path(&game, Pos::new(3, 2), Pos::new(2, 2)),
            Some(vec![left])
        );
        // Up needs the player below the box: walk down and left first.
        let steps = push_path(&game, Pos::new(3, 2), Pos::new(3, 1)).expect("a way");
        assert_eq!(steps, [Direction::Down, left, Direction::Up]);
        // Against the top wall the box can never come back down.
        let stuck = game_after(&game, &steps);
        assert_eq!(push_path(&stuck, Pos::new(3, 1), Pos::new(3, 3)), None);
    }

    fn game_after(game: &Game, steps: &[Direction]) -> Game {
        let mut game = game.clone();
        for &step in steps {
            game.step(step).expect("a legal step");
        }
        game
    }
}
