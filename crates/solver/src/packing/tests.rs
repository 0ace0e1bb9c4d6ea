use std::sync::atomic::AtomicBool;
use std::time::Duration;

use super::*;
use crate::board::Mode;
use schokoban_core::{Level, Pos, parse_level};

/// The board of `level`, and the order `order` works out for it from
/// its start squares, with no time limit.
fn plan_with(
    level: &Level,
    order: impl FnOnce(&Board, &[Cell], &Budget) -> Option<PackingOrder>,
) -> (Board, PackingOrder) {
    let board = Board::new(level).expect("small board");
    let starts: Vec<Cell> = level
        .boxes()
        .iter()
        .map(|&p| board.cell(p).expect("boxes stand on floor"))
        .collect();
    let cancel = AtomicBool::new(false);
    let budget = Budget::new(Duration::MAX, &cancel);
    let order = order(&board, &starts, &budget).expect("no time limit");
    (board, order)
}

/// The board and the goals' packing order of `level`.
fn plan_level(level: &Level) -> (Board, PackingOrder) {
    plan_with(level, PackingOrder::new)
}

/// The board, and the fill order of the start squares by `mode`'s moves
/// (pushes for the backward search), of an XSB literal.
fn plan_starts(xsb: &str, mode: Mode) -> (Board, PackingOrder) {
    let level = parse_level(xsb).expect("test level parses");
    plan_with(&level, |board, starts, budget| {
        PackingOrder::of(board, (starts, board.goals()), mode, budget)
    })
}

fn plan(xsb: &str) -> (Board, PackingOrder) {
    plan_level(&parse_level(xsb).expect("test level parses"))
}

fn giant_room(side: usize, boxes: usize) -> String {
    crate::giant_room(side, boxes).expect("the boxes fit the room")
}

fn cell(board: &Board, x: usize, y: usize) -> Cell {
    board.cell(Pos::new(x, y)).expect("floor")
}

/// `packed` with boxes on exactly the cells at `boxes` (x, y).
fn packed(board: &Board, order: &PackingOrder, boxes: &[(usize, usize)]) -> u32 {
    let mut occupied = vec![false; board.cells()];
    for &(x, y) in boxes {
        occupied[usize::from(cell(board, x, y))] = true;
    }
    order.packed(&occupied)
}

/// The goal layers at `cells` (x, y).
fn layers(board: &Board, order: &PackingOrder, cells: &[(usize, usize)]) -> Vec<u32> {
    cells
        .iter()
        .map(|&(x, y)| order.layer(cell(board, x, y)))
        .collect()
}

/// A goal corridor with one entrance at (5, 4), running down to (5, 6).
const CORRIDOR: &str = "\
#########
#       #
# $ $ $ #
#@      #
#####.###
    #.#
    #.#
    ###
";

#[test]
fn a_corridor_fills_from_the_deep_end_to_the_door() {
    let (b, order) = plan(CORRIDOR);
    assert_eq!(layers(&b, &order, &[(5, 6), (5, 5), (5, 4)]), [0, 1, 2]);
    assert_eq!(packed(&b, &order, &[(5, 6)]), 1);
    assert_eq!(packed(&b, &order, &[(5, 4)]), 0, "the door goal alone");
    assert_eq!(packed(&b, &order, &[(5, 6), (5, 4)]), 1);
    assert_eq!(packed(&b, &order, &[(5, 6), (5, 5)]), 2);
    assert_eq!(packed(&b, &order, &[(5, 6), (5, 5), (5, 4)]), 3);
    assert_eq!(packed(&b, &order, &[(2, 2), (4, 2), (6, 2)]), 0);
}

#[test]
fn clusters_are_layered_on_their_own() {
    // A: a corridor of three goals at x = 5; B: two goals at x = 7;
    // C: a lone goal at (6, 3).
    let (b, order) = plan(
        "\
###########
#         #
# $ $ $ $ #
#@  $ . $ #
#####.#.###
    #.#.#
    #.###
    ###
",
    );
    assert_eq!(layers(&b, &order, &[(5, 6), (5, 5), (5, 4)]), [0, 1, 2]);
    assert_eq!(layers(&b, &order, &[(7, 5), (7, 4), (6, 3)]), [0, 1, 0]);
    // One order for the whole level would put B's deep goal beside A's
    // middle one, and the lone goal last.
    assert_eq!(packed(&b, &order, &[(7, 5)]), 1);
    assert_eq!(packed(&b, &order, &[(6, 3)]), 1);
    assert_eq!(packed(&b, &order, &[(7, 4)]), 0);
    assert_eq!(packed(&b, &order, &[(5, 6), (7, 5), (7, 4), (6, 3)]), 4);
    let all = [(5, 6), (5, 5), (5, 4), (7, 5), (7, 4), (6, 3)];
    assert_eq!(packed(&b, &order, &all), 6);
}

#[test]
fn a_goal_no_box_can_be_pulled_from_stays_in_layer_0() {
    // The box on (1, 1) can only be pulled right, into the wall at (3, 1).
    let (b, order) = plan(
        "\
#####
#*.##
##  #
# $ #
#@  #
#####
",
    );
    assert_eq!(layers(&b, &order, &[(1, 1), (2, 1)]), [0, 1]);
    assert_eq!(packed(&b, &order, &[(1, 1), (2, 3)]), 1);
    assert_eq!(packed(&b, &order, &[(2, 1)]), 0);
}

#[test]
fn a_box_pulled_only_into_a_niche_has_not_left() {
    // The box on (3, 5) can be pulled right into (4, 5), off the goals, but
    // on to no start square until the door goal (3, 4) is empty.
    let (b, order) = plan(
        "\
#######
#@    #
#  $  #
#  $  #
###.###
  #.  #
  #####
",
    );
    assert_eq!(layers(&b, &order, &[(3, 5), (3, 4)]), [0, 1]);
    assert_eq!(packed(&b, &order, &[(3, 4)]), 0);
}

/// `XSokoban` 1 and its goal cells: two columns of three, the entrance on
/// the left.
fn xsokoban_1() -> (Board, PackingOrder, [(usize, usize); 6]) {
    let level = crate::shipped::level("xsokoban", 1);
    let (b, order) = plan_level(&level);
    let goals = [(16, 6), (16, 7), (16, 8), (17, 6), (17, 7), (17, 8)];
    (b, order, goals)
}

/// Two boxes start side by side below a door to the goals' row, which
/// the player can also reach round the right. Only the box in front of
/// the door (4, 4) can be pushed through it, and the other (3, 4) only
/// after it; neither can be pulled up to a goal, as the row above is wall.
const BESIDE_A_DOOR: &str = "\
#########
#########
#.  .   #
#### ## #
#  $$   #
#      @#
#########
";

#[test]
fn backwards_the_start_square_before_a_door_fills_last() {
    let (b, order) = plan_starts(BESIDE_A_DOOR, Mode::Push);
    assert_eq!(layers(&b, &order, &[(3, 4), (4, 4)]), [0, 1]);
    assert_eq!(packed(&b, &order, &[(4, 4)]), 0);
    assert_eq!(packed(&b, &order, &[(3, 4)]), 1);
    assert_eq!(packed(&b, &order, &[(3, 4), (4, 4)]), 2);
    // Pulls would take neither box to a goal: one layer, any order.
    let (b, by_pulls) = plan_starts(BESIDE_A_DOOR, Mode::Pull);
    assert_eq!(layers(&b, &by_pulls, &[(3, 4), (4, 4)]), [0, 0]);
    assert_eq!(packed(&b, &by_pulls, &[(4, 4)]), 1);
}

#[test]
fn xsokoban_1_fills_its_room_from_the_back_wall() {
    let (b, order, goals) = xsokoban_1();
    assert_eq!(layers(&b, &order, &goals), [1, 1, 1, 0, 0, 0]);
    assert_eq!(packed(&b, &order, &goals[3..]), 3);
    assert_eq!(packed(&b, &order, &goals), 6);
}

#[test]
fn a_small_cluster_counts_the_largest_consistent_set_in_a_filling() {
    let (b, order, goals) = xsokoban_1();
    let [
        front_top,
        front_middle,
        front_bottom,
        back_top,
        back_middle,
        back_bottom,
    ] = goals;
    // Empty the top row, front first: the back layer is not complete, but
    // the four boxes left can all stay.
    let four = [front_middle, front_bottom, back_middle, back_bottom];
    assert_eq!(packed(&b, &order, &four), 4);
    // With the front full the back boxes can only slide up and down: the
    // back can never empty. Of the front alone, one box can stay while the
    // back is emptied through the other rows, not two.
    assert_eq!(
        packed(&b, &order, &[front_top, front_middle, front_bottom]),
        1
    );
    assert_eq!(packed(&b, &order, &[front_top, back_top]), 2);
}

#[test]
fn fillings_never_count_less_than_the_layers() {
    let (b, order, goals) = xsokoban_1();
    let cluster = &order.clusters[0];
    assert!(cluster.fillings.is_some());
    for set in 0_usize..1 << goals.len() {
        let mut occupied = vec![false; b.cells()];
        for (bit, &(x, y)) in goals.iter().enumerate() {
            occupied[usize::from(cell(&b, x, y))] = set & 1 << bit != 0;
        }
        let layered = layer_packed(&cluster.layers, &occupied);
        assert!(order.packed(&occupied) >= layered, "set {set:06b}");
    }
}

#[test]
fn a_giant_room_falls_back_to_one_layer_per_cluster() {
    // 4,000 goals in one block at the bottom of the room, 16 rows and a
    // part row on top whose right end, (249, 233), would fill last.
    let (b, order) = plan(&giant_room(250, 4_000));
    assert!(b.goals().len() * b.cells() > MAX_GOAL_CELLS);
    let (top, bottom) = (cell(&b, 249, 233), cell(&b, 249, 249));
    assert!(b.is_goal(top) && b.is_goal(bottom));
    assert_eq!(order.layer(top), 0);
    assert_eq!(packed(&b, &order, &[(249, 233), (249, 249)]), 2);
}

#[test]
fn fillings_too_costly_to_list_leave_the_layers_in_charge() {
    // Twelve goals along the bottom wall of a 30 x 30 room: 4,096 sets x
    // 12 goals x 900 squares is over the allowance.
    let (b, order) = plan(&giant_room(30, 12));
    let [cluster] = order.clusters.as_slice() else {
        panic!("one row of goals is one cluster");
    };
    assert!(cluster.fillings.is_none());
    assert_eq!(cluster.layers.len(), 1, "every box can leave at once");
    assert_eq!(packed(&b, &order, &[(29, 29), (2, 2)]), 1);
}

#[test]
fn a_cancelled_budget_stops_the_plan() {
    let level = parse_level(CORRIDOR).expect("test level parses");
    let board = Board::new(&level).expect("small board");
    let cancel = AtomicBool::new(true);
    let budget = Budget::new(Duration::MAX, &cancel);
    assert!(PackingOrder::new(&board, &[], &budget).is_none());
}

/// `cargo test --release --lib packing_time -- --ignored --nocapture`
#[test]
#[ignore = "prints timings for the record; run in release with --ignored --nocapture"]
fn packing_time_on_the_built_in_collections() {
    use std::time::Instant;
    for collection in crate::shipped::COLLECTIONS {
        let mut total = Duration::ZERO;
        let mut worst = (Duration::ZERO, 0);
        let mut largest = 0;
        let (mut clusters, mut listed) = (0, 0);
        for (index, level) in crate::shipped::levels(collection).iter().enumerate() {
            let start = Instant::now();
            let (board, order) = plan_level(level);
            let took = start.elapsed();
            largest = largest.max(board.goals().len() * board.cells());
            clusters += order.clusters.len();
            listed += order
                .clusters
                .iter()
                .filter(|c| c.fillings.is_some())
                .count();
            total += took;
            worst = worst.max((took, index + 1));
        }
        println!(
            "{}: total {total:?}, worst {:?} (level {}), most goals x cells {largest}, \
             fillings listed for {listed} of {clusters} clusters",
            collection, worst.0, worst.1
        );
    }
    // Open rooms near the cut-off: the worst case for the pull searches.
    for (side, boxes) in [(22, 12), (60, 300)] {
        let start = Instant::now();
        let (board, _) = plan(&giant_room(side, boxes));
        let pairs = board.goals().len() * board.cells();
        println!(
            "room {side} with {boxes} boxes ({pairs} goals x cells): {:?}",
            start.elapsed()
        );
    }
}
