//! Corral proofs against a brute-force search of whole small levels, and
//! against positions along known solutions.

use std::collections::{HashSet, VecDeque};

use super::*;
use crate::board::{Mode, NONE, Targets};
use crate::marks::{Marks, flood_anew};
use crate::pairs::tests::known_solutions;
use schokoban_core::{Game, Level, Step, parse_level};

/// A level's board, its push dead squares, its boxes and its player.
fn position(level: &Level) -> (Board, Vec<bool>, Vec<Cell>, Cell) {
    let board = Board::new(level).expect("small");
    let dead = Targets::unlimited(&board, board.goals(), Mode::Push)
        .dead()
        .to_vec();
    let mut boxes: Vec<Cell> = level
        .boxes()
        .iter()
        .map(|&p| board.cell(p).expect("box on floor"))
        .collect();
    boxes.sort_unstable();
    let player = board.cell(level.player()).expect("player on floor");
    (board, dead, boxes, player)
}

/// What `deadlocks` says of `boxes` with the player on `player`.
fn check(
    deadlocks: &mut CorralDeadlocks,
    (board, dead): (&Board, &[bool]),
    boxes: &[Cell],
    player: Cell,
) -> bool {
    let mut occupied = vec![false; board.cells()];
    for &b in boxes {
        occupied[usize::from(b)] = true;
    }
    let mut reach = Marks::new(board.cells());
    let least = flood_anew(board, &occupied, &mut reach, &mut Vec::new(), player);
    let mut areas = CorralAreas::new(board.cells());
    areas.scan(board, &occupied, &reach);
    deadlocks.is_dead(board, dead, (boxes, least), &areas)
}

/// Whether the whole position can be solved, by a breadth-first search
/// over single steps and pushes that shares nothing with the proofs.
pub(crate) fn solvable(board: &Board, boxes: &[Cell], player: Cell) -> bool {
    let start = (boxes.to_vec(), player);
    let mut seen = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([start]);
    while let Some((boxes, p)) = queue.pop_front() {
        if boxes.iter().all(|&b| board.is_goal(b)) {
            return true;
        }
        for dir in 0..4 {
            let next = board.next(p, dir);
            if next == NONE {
                continue;
            }
            let mut moved = boxes.clone();
            if let Some(i) = boxes.iter().position(|&b| b == next) {
                let to = board.next(next, dir);
                if to == NONE || boxes.contains(&to) {
                    continue;
                }
                moved[i] = to;
                moved.sort_unstable();
            }
            let state = (moved, next);
            if seen.insert(state.clone()) {
                queue.push_back(state);
            }
        }
    }
    false
}

/// The box below the gap between the two stored boxes fences it in:
/// pushed up it freezes there, pushed right it lands on a dead square,
/// and the player can get neither to its right nor into the gap. Every
/// box but it is on a goal, and no two of the three are dead on their own.
const FENCED: &str = "#######\n\
                      #. * *#\n\
                      #   $ #\n\
                      ##   ##\n\
                      #     #\n\
                      #  @  #\n\
                      #######";

/// `fences` on the dead example `xsb`: its verdict and its (proofs,
/// searches).
fn on_dead_example(xsb: &str, fences: Fences) -> (bool, (u64, u64)) {
    let level = parse_level(xsb).expect("valid level");
    let (board, dead, boxes, player) = position(&level);
    assert!(
        !solvable(&board, &boxes, player),
        "the example must be dead"
    );
    let mut deadlocks = CorralDeadlocks::new(&board, fences);
    let verdict = check(&mut deadlocks, (&board, &dead), &boxes, player);
    (verdict, deadlocks.counts())
}

#[test]
fn a_fence_that_cannot_open_or_finish_is_dead() {
    assert_eq!(on_dead_example(FENCED, Fences::Touching), (true, (1, 1)));
}

#[test]
fn a_dead_fence_once_learned_prunes_without_a_search() {
    let level = parse_level(FENCED).expect("valid level");
    let (board, dead, boxes, player) = position(&level);
    let mut deadlocks = CorralDeadlocks::new(&board, Fences::Widened);
    assert!(check(&mut deadlocks, (&board, &dead), &boxes, player));
    // The player elsewhere on the same floor: the fence is found in the
    // patterns, with no search.
    let player = board.cell(schokoban_core::Pos::new(1, 4)).expect("floor");
    assert!(check(&mut deadlocks, (&board, &dead), &boxes, player));
    assert_eq!(deadlocks.counts(), (1, 1));
}

/// A row of boxes on goals shuts the player off from the room, whose box
/// is off its goal. Only the row's last box touches the corral: alone, it
/// can be pushed into the room and the player walks in after it.
const SHUT_BY_A_ROW: &str = "############\n\
                             #    #######\n\
                             #    #######\n\
                             # $  .***@ #\n\
                             #    #######\n\
                             ############";

#[test]
fn a_row_of_boxes_that_holds_the_fence_shut_makes_it_dead() {
    // The fence alone is searched first and proves nothing; the fence
    // with the row behind it is dead.
    let widened = on_dead_example(SHUT_BY_A_ROW, Fences::Widened);
    assert_eq!(widened, (true, (1, 2)));
    let touching = on_dead_example(SHUT_BY_A_ROW, Fences::Touching);
    assert_eq!(touching, (false, (0, 1)));
}

#[test]
fn the_same_row_with_the_player_in_the_room_is_not_dead() {
    let xsb = SHUT_BY_A_ROW.replace("# $  .***@ #", "#@$  .***  #");
    let level = parse_level(&xsb).expect("valid level");
    let (board, dead, boxes, player) = position(&level);
    assert!(
        solvable(&board, &boxes, player),
        "the example must be alive"
    );
    let mut deadlocks = CorralDeadlocks::new(&board, Fences::Widened);
    assert!(!check(&mut deadlocks, (&board, &dead), &boxes, player));
}

#[test]
fn a_fence_the_player_can_open_is_not_dead() {
    // The right box can go up and then left, and the player walks in.
    let xsb = "#######\n\
               ##. .##\n\
               ##    #\n\
               ###$$ #\n\
               # $ @ #\n\
               #  .  #\n\
               #######";
    let level = parse_level(xsb).expect("valid level");
    let (board, dead, boxes, player) = position(&level);
    let mut deadlocks = CorralDeadlocks::new(&board, Fences::Widened);
    assert!(!check(&mut deadlocks, (&board, &dead), &boxes, player));
    assert_eq!(deadlocks.counts(), (0, 0));
}

/// Every position along a known solution, replayed through the game: none
/// may be called dead, with the patterns learned along the way kept.
fn check_along_solution(xsb: &str, solution: &str) -> u64 {
    let level = parse_level(xsb).expect("valid level");
    let (board, dead, ..) = position(&level);
    let mut deadlocks = CorralDeadlocks::new(&board, Fences::Widened);
    let mut game = Game::new(level);
    for (step, letter) in solution.chars().enumerate() {
        let direction = Step::from_char(letter).expect("a LURD letter").direction;
        game.step(direction).expect("legal step");
        let now = game.current_position();
        let mut boxes: Vec<Cell> = now.boxes().iter().filter_map(|&p| board.cell(p)).collect();
        boxes.sort_unstable();
        let player = board.cell(now.player()).expect("floor");
        assert!(
            !check(&mut deadlocks, (&board, &dead), &boxes, player),
            "step {step}"
        );
    }
    assert!(game.is_solved(), "the solution does not solve\n{xsb}");
    deadlocks.counts().1
}

#[test]
fn no_position_along_known_solutions_is_called_dead() {
    let mut searched = 0;
    for (xsb, solution) in known_solutions() {
        searched += check_along_solution(xsb, solution);
    }
    assert!(searched > 100, "only {searched} fences searched");
}

/// Random positions of three boxes in two small rooms: every one called
/// dead must be unsolvable, and some must be called dead.
#[test]
fn every_position_called_dead_is_unsolvable() {
    let rooms = [
        "########\n#..  . #\n#      #\n# $$$  #\n#   @  #\n########",
        "#######\n#. . .#\n#     #\n##   ##\n# $$$ #\n#  @  #\n#######",
    ];
    let mut called_dead = 0;
    for xsb in rooms {
        let level = parse_level(xsb).expect("valid level");
        let (board, dead, _, player) = position(&level);
        let cells = board.cells() as u64;
        let mut seed = 12345_u64;
        let mut deadlocks = CorralDeadlocks::new(&board, Fences::Widened);
        for _ in 0..4000 {
            let mut boxes = Vec::new();
            while boxes.len() < 3 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let cell = Cell::try_from(seed % cells).expect("a cell");
                if cell != player && !boxes.contains(&cell) && !dead[usize::from(cell)] {
                    boxes.push(cell);
                }
            }
            boxes.sort_unstable();
            if check(&mut deadlocks, (&board, &dead), &boxes, player) {
                assert!(!solvable(&board, &boxes, player), "{boxes:?} in\n{xsb}");
                called_dead += 1;
            }
        }
    }
    assert!(called_dead > 10, "only {called_dead} called dead");
}
