//! The dead-pair tables against a brute-force search on small levels, and
//! against positions along known solutions (found by the solver, checked
//! here by replaying them through the game).

use std::collections::{HashSet, VecDeque};

use super::*;
use schokoban_core::{Game, Level, Step, parse_level};

fn budget_free<T>(run: impl FnOnce(&Budget) -> T) -> T {
    let cancel = std::sync::atomic::AtomicBool::new(false);
    run(&Budget::new(std::time::Duration::MAX, &cancel))
}

/// Where a table's boxes must go, and where its player must end up.
fn homes(level: &Level, board: &Board, mode: Mode) -> (Vec<Cell>, Option<Cell>) {
    match mode {
        Mode::Push => (board.goals().to_vec(), None),
        Mode::Pull => (
            level
                .boxes()
                .iter()
                .filter_map(|&p| board.cell(p))
                .collect(),
            board.cell(level.player()),
        ),
    }
}

/// The table of every set of `K` cells, none left out as known.
fn table<const K: usize>(xsb: &str, mode: Mode) -> (Board, DeadSets<K>) {
    let level = parse_level(xsb).expect("valid level");
    let board = Board::new(&level).expect("small");
    let (targets, player) = homes(&level, &board, mode);
    let table = budget_free(|budget| DeadSets::<K>::new(&board, &targets, (mode, player), budget));
    (board, table.expect("fits"))
}

/// Whether boxes on `set` with the player on `player` can all be brought
/// home, by a plain breadth-first search over single steps and single box
/// moves: no areas, nothing shared with the table.
fn brute_force<const K: usize>(
    board: &Board,
    (targets, home): (&[Cell], Option<Cell>),
    mode: Mode,
    start: ([Cell; K], Cell),
) -> bool {
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some((set, p)) = queue.pop_front() {
        if set.iter().all(|c| targets.contains(c)) && home.is_none_or(|h| h == p) {
            return true;
        }
        let free = |c: Cell| c != NONE && !set.contains(&c);
        for dir in 0..4 {
            let next = board.next(p, dir);
            if next == NONE {
                continue;
            }
            let mut states = Vec::new();
            if free(next) {
                states.push((set, next));
            }
            for moving in 0..K {
                let mut moved = set;
                match mode {
                    Mode::Push if next == set[moving] => {
                        moved[moving] = board.next(next, dir);
                        if free(moved[moving]) {
                            states.push((moved, next));
                        }
                    }
                    Mode::Pull if board.next(p, opposite(dir)) == set[moving] && free(next) => {
                        moved[moving] = p;
                        states.push((moved, next));
                    }
                    _ => {}
                }
            }
            for (mut set, q) in states {
                set.sort_unstable();
                if seen.insert((set, q)) {
                    queue.push_back((set, q));
                }
            }
        }
    }
    false
}

/// Every state of `K` boxes on `xsb` against the brute-force answer;
/// returns how many were dead and how many sets depended on the player.
fn check_against_brute_force<const K: usize>(xsb: &str, mode: Mode) -> (usize, usize) {
    let level = parse_level(xsb).expect("valid level");
    let (board, sets) = table::<K>(xsb, mode);
    let (targets, home) = homes(&level, &board, mode);
    let cells = board.cells();
    let mut dead = 0;
    let mut set = [0; K];
    while next_set(&mut set, cells) {
        for p in (0..cells as Cell).filter(|p| !set.contains(p)) {
            let alive = brute_force(&board, (&targets, home), mode, (set, p));
            assert_eq!(sets.is_dead(set, p), !alive, "boxes {set:?}, player {p}");
            dead += usize::from(!alive);
        }
    }
    let by_player = sets.verdicts.iter().filter(|&&v| v >= FIRST_ROW).count();
    (dead, by_player)
}

const ROOMS: &str = "########\n\
                     #  .   #\n\
                     # $#$  #\n\
                     #. @ $.#\n\
                     ##  #  #\n\
                     ########";

#[test]
fn the_pushing_pair_table_agrees_with_a_brute_force_search() {
    let (dead, by_player) = check_against_brute_force::<2>(ROOMS, Mode::Push);
    assert!(
        dead > 0 && by_player > 0,
        "{dead} dead, {by_player} by player"
    );
}

#[test]
fn the_pulling_pair_table_agrees_with_a_brute_force_search() {
    let (dead, by_player) = check_against_brute_force::<2>(ROOMS, Mode::Pull);
    assert!(
        dead > 0 && by_player > 0,
        "{dead} dead, {by_player} by player"
    );
}

#[test]
fn a_moved_box_makes_a_dead_pair_exactly_where_the_table_says_so() {
    for mode in [Mode::Push, Mode::Pull] {
        let (board, pairs) = table::<2>(ROOMS, mode);
        let cells = board.cells() as Cell;
        let mut dead = 0;
        for (to, other) in (0..cells).flat_map(|a| (0..cells).map(move |b| (a, b))) {
            for side in 0..4 {
                let player = board.next(to, side);
                if to == other || player == NONE || player == other {
                    continue;
                }
                let expected = pairs.is_dead([to, other], player);
                let mut boxes = Vec::new();
                box_row(&mut boxes, board.cells(), &[other]);
                let found = pairs.any_beside((NONE, to), &boxes, side);
                assert_eq!(
                    found, expected,
                    "{mode:?}: {to} with {other}, player {player}"
                );
                dead += usize::from(expected);
                assert!(
                    !pairs.any_beside((other, to), &boxes, side),
                    "{mode:?}: the box that moved from {other} is not its own partner"
                );
            }
        }
        assert!(dead > 0, "{mode:?}: no dead pair to tell apart");
    }
}

/// Every position along a known solution, replayed through the game:
/// neither table may call any of its pairs dead.
fn check_along_solution(xsb: &str, solution: &str) -> usize {
    let level = parse_level(xsb).expect("valid level");
    let board = Board::new(&level).expect("small");
    let tables = [Mode::Push, Mode::Pull].map(|mode| {
        let (targets, player) = homes(&level, &board, mode);
        budget_free(|budget| DeadPairs::new(&board, &targets, (mode, player), budget))
    });
    let mut game = Game::new(level);
    let mut checked = 0;
    for letter in solution.chars() {
        let direction = Step::from_char(letter).expect("a LURD letter").direction;
        game.step(direction).expect("legal step");
        let position = game.current_position();
        let boxes: Vec<Cell> = position
            .boxes()
            .iter()
            .filter_map(|&p| board.cell(p))
            .collect();
        let player = board.cell(position.player()).expect("floor");
        for pairs in &tables {
            let pairs = pairs.as_ref().expect("pairs fit");
            for (i, &a) in boxes.iter().enumerate() {
                for &b in &boxes[i + 1..] {
                    assert!(!pairs.is_dead([a, b], player), "step {checked}");
                }
            }
        }
        checked += 1;
    }
    assert!(game.is_solved(), "the solution does not solve\n{xsb}");
    checked
}

#[test]
fn no_pair_along_known_solutions_is_called_dead() {
    let mut steps = 0;
    for (xsb, solution) in known_solutions() {
        steps += check_along_solution(xsb, solution);
    }
    assert!(steps > 3000, "{steps} steps");
}

/// Levels with a solution the solver found, checked by replaying it
/// through the game: (XSB, LURD). Every position along them is alive.
pub(crate) fn known_solutions() -> impl Iterator<Item = (&'static str, &'static str)> {
    include_str!("solutions.txt").lines().map(|line| {
        let (name, solution) = line.split_once(' ').expect("name and solution");
        let xsb = match name {
            "xsokoban/44" => include_str!("../../tests/levels/xsokoban/44.xsb"),
            "microban/153" => include_str!("../../tests/levels/microban/153.xsb"),
            "microban/143" => include_str!("../../tests/levels/microban/143.xsb"),
            "microban-ii/110" => include_str!("../../tests/levels/microban-ii/110.xsb"),
            _ => panic!("no level {name}"),
        };
        (xsb, solution)
    })
}
