use std::collections::{HashMap, VecDeque};

use super::*;
use crate::board::{Mode, dead_squares};
use crate::marks::flood;
use crate::path;
use random::{Lcg, random_board, random_dead};
use schokoban_core::{Game, Level, Pos, parse_level};

/// A position as the generator sees it, built from an XSB literal.
struct Position {
    level: Level,
    board: Board,
    occupied: Vec<bool>,
    boxes: Vec<Cell>,
    player: Cell,
}

impl Position {
    fn new(xsb: &str) -> Self {
        let level = parse_level(xsb).expect("test level parses");
        let board = Board::new(&level).expect("small board");
        let mut occupied = vec![false; board.cells()];
        let boxes: Vec<Cell> = level
            .boxes()
            .iter()
            .map(|&p| board.cell(p).expect("box on floor"))
            .collect();
        for &b in &boxes {
            occupied[usize::from(b)] = true;
        }
        let player = board.cell(level.player()).expect("player on floor");
        Self {
            level,
            board,
            occupied,
            boxes,
            player,
        }
    }

    fn cell(&self, x: usize, y: usize) -> Cell {
        self.board.cell(Pos::new(x, y)).expect("floor")
    }

    fn dead_for_goals(&self) -> Vec<bool> {
        dead_squares(&self.board, self.board.goals(), Mode::Push)
    }

    fn generate(&self, dead: &[bool], first: Option<&[(Cell, usize)]>) -> Vec<MacroMove> {
        let moves = &mut MacroMoves::new(self.board.cells());
        generate_with(
            moves,
            &self.board,
            (dead, &self.occupied),
            (self.player, first),
        )
    }

    /// Where the player can walk, and how many areas the free floor makes.
    fn reach_and_areas(&self) -> (Marks, u32) {
        reach_and_areas(&self.board, &self.occupied, self.player)
    }

    /// The smallest cell the player reaches from `from` with a box on `cell`
    /// instead of `lifted`.
    fn normalise(&self, lifted: Cell, cell: Cell, from: Cell) -> Cell {
        let mut occupied = self.occupied.clone();
        occupied[usize::from(lifted)] = false;
        occupied[usize::from(cell)] = true;
        let mut marks = Marks::new(self.board.cells());
        marks.next();
        flood(&self.board, &occupied, &mut marks, &mut Vec::new(), from)
    }

    /// Brute force: the areas of free floor once `mv` is made, by flooding.
    fn regions_after(&self, mv: &MacroMove) -> u32 {
        let mut occupied = self.occupied.clone();
        occupied[usize::from(mv.from)] = false;
        occupied[usize::from(mv.to)] = true;
        let mut marks = Marks::new(self.board.cells());
        regions(&self.board, &occupied, &mut marks, &mut Vec::new())
    }

    /// Brute force: every (destination, normalised player) of box `lifted`
    /// reached by single pushes (or pulls, by `mode`), flooding the
    /// player's reach in every position, with the fewest to get there.
    fn closure(
        &self,
        dead: &[bool],
        lifted: Cell,
        (mode, first): (Mode, Option<&[(Cell, usize)]>),
    ) -> HashMap<(Cell, Cell), u32> {
        let board = &self.board;
        let start = (lifted, self.normalise(lifted, lifted, self.player));
        let mut depth = HashMap::from([(start, 0)]);
        let mut queue = VecDeque::from([start]);
        let mut occupied = self.occupied.clone();
        let mut marks = Marks::new(board.cells());
        while let Some((cell, player)) = queue.pop_front() {
            occupied[usize::from(lifted)] = false;
            occupied[usize::from(cell)] = true;
            marks.next();
            flood(board, &occupied, &mut marks, &mut Vec::new(), player);
            occupied[usize::from(cell)] = false;
            for dir in 0..4 {
                let to = board.next(cell, dir);
                // Where the player stands, the cell that must be free, and
                // where the player ends.
                let (stands, free, after) = match mode {
                    Mode::Push => (board.next(cell, opposite(dir)), to, cell),
                    Mode::Pull if to == NONE => continue,
                    Mode::Pull => (to, board.next(to, dir), board.next(to, dir)),
                };
                if stands == NONE || !marks.has(stands) || to == NONE || free == NONE {
                    continue;
                }
                if occupied[usize::from(free)] || dead[usize::from(to)] {
                    continue;
                }
                let opening = (cell, player) == start;
                if opening && first.is_some_and(|allowed| !allowed.contains(&(to, dir))) {
                    continue;
                }
                let next = (to, self.normalise(lifted, to, after));
                if !depth.contains_key(&next) {
                    depth.insert(next, depth[&(cell, player)] + 1);
                    queue.push_back(next);
                }
            }
        }
        depth.remove(&start);
        depth
    }

    /// Checks `generate` against the brute-force closure of every box: the
    /// places, the pushes and the areas after each move.
    fn check_against_brute_force(&self, dead: &[bool], first: Option<&[(Cell, usize)]>) {
        let moves = self.generate(dead, first);
        self.check_moves(dead, &moves, (Mode::Push, first));
    }

    /// Checks `moves`, pushes or pulls by `mode`, against the brute-force
    /// closure of every box: the places, the moves each takes, the
    /// player's area and the areas after each move.
    fn check_moves(
        &self,
        dead: &[bool],
        moves: &[MacroMove],
        (mode, first): (Mode, Option<&[(Cell, usize)]>),
    ) {
        for &b in &self.boxes {
            let mut found = HashMap::new();
            for mv in moves.iter().filter(|mv| mv.from == b) {
                let stands = self
                    .board
                    .next(mv.to, player_side(mode, usize::from(mv.last)));
                let key = (mv.to, self.normalise(b, mv.to, stands));
                assert!(mv.player == NONE || mv.player == key.1, "{mv:?}");
                assert!(found.insert(key, mv.pushes).is_none(), "twice: {mv:?}");
                assert_eq!(mv.regions, self.regions_after(mv), "{mv:?}");
            }
            let expected = self.closure(dead, b, (mode, first));
            assert_eq!(found, expected, "box {b} of\n{}", self.level.to_xsb());
        }
    }

    /// Plays `mv` through `path::steps` and the game, and checks that the
    /// game ends with the box on `mv.to` and the player in `mv`'s area.
    fn replay(&self, dead: &[bool], mv: MacroMove) {
        let board = &self.board;
        let mut moves = MacroMoves::new(board.cells());
        let line = moves
            .pushes(board, dead, &self.occupied, self.player, mv)
            .expect("a generated move has pushes");
        assert_eq!(line.len() as u32, mv.pushes, "{mv:?}");
        let mut game = Game::new(self.level.clone());
        for step in path::steps(board, &self.boxes, self.player, &line) {
            assert_eq!(game.step(step.direction), Ok(step), "{mv:?}");
        }
        let mut boxes: Vec<Cell> = game
            .box_positions()
            .map(|p| board.cell(p).expect("box on floor"))
            .collect();
        boxes.sort_unstable();
        let mut expected: Vec<Cell> = self
            .boxes
            .iter()
            .filter(|&&b| b != mv.from)
            .copied()
            .collect();
        expected.push(mv.to);
        expected.sort_unstable();
        assert_eq!(boxes, expected, "{mv:?}");
        let player = board.cell(game.player()).expect("player on floor");
        let behind = board.next(mv.to, opposite(usize::from(mv.last)));
        assert_eq!(
            self.normalise(mv.from, mv.to, player),
            self.normalise(mv.from, mv.to, behind),
            "{mv:?}"
        );
    }
}

/// The moves `moves` generates from `occupied` with the player on `player`,
/// opening only with `first` when given.
fn generate_with(
    moves: &mut MacroMoves,
    board: &Board,
    (dead, occupied): (&[bool], &[bool]),
    (player, first): (Cell, Option<&[(Cell, usize)]>),
) -> Vec<MacroMove> {
    let (reach, areas) = reach_and_areas(board, occupied, player);
    let mut out = Vec::new();
    moves.generate(
        board,
        dead,
        occupied,
        (player, &reach, areas),
        first,
        &mut out,
    );
    out
}

/// Where the player on `player` can walk, and how many areas the free
/// floor makes.
fn reach_and_areas(board: &Board, occupied: &[bool], player: Cell) -> (Marks, u32) {
    let cells = board.cells();
    let mut reach = Marks::new(cells);
    reach.next();
    flood(board, occupied, &mut reach, &mut Vec::new(), player);
    let areas = regions(board, occupied, &mut Marks::new(cells), &mut Vec::new());
    (reach, areas)
}

/// Hand-written boards: rooms joined by doors, a box that can cut the floor
/// in two, boxes that block each other, and a tunnel.
const BOARDS: [&str; 4] = [
    "########\n#  #   #\n# $  $ #\n#  #@  #\n## # ###\n#  $ . #\n#  . . #\n########\n",
    "#######\n#     #\n# #$# #\n#  @  #\n# #$# #\n#. .  #\n#######\n",
    "#########\n#   #   #\n# $   $ #\n#   #   #\n## ### ##\n#  .@.  #\n#########\n",
    "##########\n#@ $     #\n#### ### #\n#.       #\n##########\n",
];

#[test]
fn moves_match_the_closure_of_single_pushes_on_hand_written_boards() {
    for xsb in BOARDS {
        let position = Position::new(xsb);
        position.check_against_brute_force(&vec![false; position.board.cells()], None);
        position.check_against_brute_force(&position.dead_for_goals(), None);
    }
}

#[test]
fn moves_match_the_closure_of_single_pushes_on_random_boards() {
    let mut rng = Lcg(0x5eed);
    for round in 0..60 {
        let boxes = 2 + rng.below(2);
        let xsb = random_board(&mut rng, (5 + round % 3, 4 + round % 4), boxes);
        let position = Position::new(&xsb);
        let dead = random_dead(&mut rng, position.board.cells());
        position.check_against_brute_force(&dead, None);
        // Every other opening push allowed, as a PI-corral would.
        let openings: Vec<(Cell, usize)> = position
            .generate(&dead, None)
            .iter()
            .filter(|mv| mv.pushes == 1)
            .map(|mv| (mv.to, usize::from(mv.last)))
            .step_by(2)
            .collect();
        position.check_against_brute_force(&dead, Some(&openings));
    }
}

/// Crowded boards, where boxes wall off areas of floor that lifting one
/// of them joins to the player's, and where a box can be pushed into them.
#[test]
fn moves_match_the_closure_of_single_pushes_where_boxes_wall_off_areas() {
    let mut rng = Lcg(0xb0c5);
    let mut walled_off = 0;
    for round in 0..80 {
        let boxes = 5 + rng.below(4);
        let xsb = random_board(&mut rng, (6 + round % 3, 5 + round % 3), boxes);
        let position = Position::new(&xsb);
        let (reach, _) = position.reach_and_areas();
        let floor = 0..position.board.cells() as Cell;
        let free = |c: &Cell| !position.occupied[usize::from(*c)];
        walled_off += usize::from(floor.filter(free).any(|c| !reach.has(c)));
        position.check_against_brute_force(&vec![false; position.board.cells()], None);
        position.check_against_brute_force(&random_dead(&mut rng, position.board.cells()), None);
    }
    assert!(walled_off > 20, "only {walled_off} boards wall off floor");
}

#[test]
fn the_pushes_of_every_move_replay_through_the_game() {
    let mut rng = Lcg(7);
    let random: Vec<String> = (0..10)
        .map(|_| {
            let boxes = 2 + rng.below(2);
            random_board(&mut rng, (6, 5), boxes)
        })
        .collect();
    for xsb in BOARDS
        .iter()
        .copied()
        .chain(random.iter().map(String::as_str))
    {
        let position = Position::new(xsb);
        let dead = position.dead_for_goals();
        let moves = position.generate(&dead, None);
        for &mv in &moves {
            position.replay(&dead, mv);
        }
    }
}

#[test]
fn a_box_goes_round_a_pillar_and_the_player_changes_sides() {
    let position = Position::new("#######\n#     #\n# $#  #\n#@    #\n#  .  #\n#######\n");
    let moves = position.generate(&vec![false; position.board.cells()], None);
    let from = position.cell(2, 2);
    // Up into the top row, then right along it: the player walks round.
    let mv = moves
        .iter()
        .find(|mv| mv.to == position.cell(4, 1))
        .expect("the box reaches the far side of the pillar");
    assert_eq!((mv.from, mv.pushes), (from, 3));
    assert!(moves.iter().all(|mv| mv.from == from));
}

#[test]
fn only_the_allowed_first_pushes_start_a_move() {
    const RIGHT: usize = 2;
    let position = Position::new("#######\n#     #\n# $   #\n#@  $ #\n#  .. #\n#######\n");
    let dead = vec![false; position.board.cells()];
    let from = position.cell(2, 2);
    let right = [(position.cell(3, 2), RIGHT)];
    let moves = position.generate(&dead, Some(&right));
    assert!(!moves.is_empty());
    // The other box's pushes all open differently.
    assert!(moves.iter().all(|mv| mv.from == from));
    // One push left is not allowed. Right, back and on left passes the
    // starting position again, from where it is that same push.
    let left = |moves: &[MacroMove]| {
        let to = position.cell(1, 2);
        moves.iter().find(|mv| mv.to == to).map(|mv| mv.pushes)
    };
    assert_eq!(left(&position.generate(&dead, None)), Some(1));
    assert_eq!(left(&moves), None);
}

#[test]
fn a_box_never_crosses_a_dead_cell() {
    let position = Position::new("#########\n#@$    .#\n#########\n");
    let mut dead = vec![false; position.board.cells()];
    dead[usize::from(position.cell(5, 1))] = true;
    let mut reached: Vec<Pos> = position
        .generate(&dead, None)
        .iter()
        .map(|mv| position.board.pos(mv.to))
        .collect();
    reached.sort_unstable_by_key(|p| p.x);
    assert_eq!(reached, [Pos::new(3, 1), Pos::new(4, 1)]);
}

#[test]
fn a_box_that_cannot_move_gives_no_moves() {
    let position = Position::new("#######\n#@ $ *#\n#  .  #\n#######\n");
    let moves = position.generate(&vec![false; position.board.cells()], None);
    let stuck = position.cell(5, 1);
    assert!(moves.iter().all(|mv| mv.from != stuck));
    assert!(moves.iter().any(|mv| mv.from == position.cell(3, 1)));
}

#[test]
fn regions_count_the_separate_areas_of_free_floor() {
    let count = |xsb: &str| {
        let position = Position::new(xsb);
        let cells = position.board.cells();
        regions(
            &position.board,
            &position.occupied,
            &mut Marks::new(cells),
            &mut Vec::new(),
        )
    };
    assert_eq!(count("#######\n#@ $ .#\n#     #\n#######\n"), 1);
    assert_eq!(count("#######\n#@ $ .#\n###   #\n#######\n"), 2);
    assert_eq!(count("#########\n#@.$ $.*#\n#########\n"), 3);
}

mod pulls;
mod random;
mod reuse;
mod timing;
