use std::sync::atomic::AtomicBool;
use std::time::Duration;

use schokoban_core::{Game, LogEntry, parse_level, parse_log};

use super::*;

fn parse_steps(lurd: &str) -> Option<Vec<Step>> {
    parse_log(lurd)
        .ok()?
        .into_iter()
        .map(|entry| match entry {
            LogEntry::Step(step) => Some(step),
            LogEntry::Undo => None,
        })
        .collect()
}

fn optimized(xsb: &str, lurd: &str, positions: u64) -> (String, Optimized) {
    let level = parse_level(xsb).expect("level");
    let steps = parse_steps(lurd).expect("lurd");
    let limits = Limits {
        max_expansions: Some(positions),
        ..Limits::with_time(Duration::MAX)
    };
    let result = optimize(&level, &steps, &limits, &AtomicBool::new(false));
    let lurd = schokoban_core::format_steps(&result.steps);
    let game = Game::replay(level, &lurd).expect("replays");
    assert!(game.is_solved(), "{lurd} does not solve");
    (lurd, result)
}

#[test]
fn a_detour_in_one_box_s_walk_is_cut() {
    // Walks up and back before pushing, then pushes twice.
    let room = "######\n#    #\n#@$ .#\n#    #\n######\n";
    let (lurd, result) = optimized(room, "udRR", 1_000);
    assert_eq!(lurd, "RR");
    assert!(result.expanded > 0);
}

#[test]
fn two_boxes_pushed_in_a_roundabout_order_are_re_solved_together() {
    // Pushing the lower box first leaves a walk round it; the upper box
    // first leaves a straight walk back, which only a window over both
    // boxes finds.
    let room = "#######\n#@$  .#\n# $  .#\n#     #\n#######\n";
    let wasteful = "dRRRdllluuRRR";
    let level = parse_level(room).expect("level");
    let before = Game::replay(level, wasteful).expect("replays");
    assert!(before.is_solved());
    let (lurd, _) = optimized(room, wasteful, 10_000);
    assert_eq!(lurd, "RRRllldRRR");
}

/// Microban IV 34 (David W. Skinner): seven boxes.
const MICROBAN_IV_34: &str =
    " ####\n##  #####\n#  * .  #\n#  $.$# #\n#  * *@ #\n## $.$. #\n###  #  #\n#########\n";

#[test]
fn a_level_of_few_boxes_gets_the_fewest_moves_there_are() {
    // The homeward search's 186 moves. Windows of at most five boxes and
    // 40 pushes took them to 102; the fewest are 48.
    let found = "ruulllLulDrrdddRluuulllddrdRRlluUluRdddrruuurrrddlLrruullldLDlluururDrrrrddllLuulllddrURurrrrddlllLulluRdrdrrrrddlUruLruulllLddrdRluluurrrrddlLdldlUlUluuRlddrdrrruUddllluluurDrDRlulldRdR";
    assert_eq!(found.len(), 186);
    let (lurd, _) = optimized(MICROBAN_IV_34, found, 200_000);
    assert_eq!(lurd.len(), 48, "{lurd}");
}

#[test]
fn a_level_solved_from_the_start_loses_its_walk() {
    // Every box on a goal already: only the walk is left, and it is waste.
    let (lurd, result) = optimized("#####\n#@ *#\n#####\n", "rl", 1_000);
    assert_eq!((lurd.as_str(), result.expanded), ("", 0));
}

#[test]
fn steps_that_do_not_solve_come_back_as_given() {
    let room = "######\n#@$ .#\n######\n";
    let level = parse_level(room).expect("level");
    let steps = parse_steps("R").expect("lurd");
    let limits = Limits::with_time(Duration::MAX);
    let result = optimize(&level, &steps, &limits, &AtomicBool::new(false));
    assert_eq!(result.steps, steps);
    assert_eq!(result.expanded, 0);
}

#[test]
fn no_positions_no_change() {
    let room = "######\n#    #\n#@$ .#\n#    #\n######\n";
    let (lurd, result) = optimized(room, "udRR", 0);
    assert_eq!(lurd, "udRR");
    assert_eq!(result.expanded, 0);
}

/// How far the solutions in `$GAP_SOLUTIONS` (one `N.lurd` per level N of
/// the collection `$GAP_COLLECTION`, what `schokoban solve` prints) are
/// from the fewest moves: each is re-solved as one window over every box,
/// which is a move-optimal search, on the levels of at most
/// [`WHOLE_BOXES`] and within `$GAP_CAP` positions (default 5,000,000).
#[test]
#[ignore = "a measurement: run in release with --nocapture"]
fn measure_gap_to_the_fewest_moves() {
    let folder = std::env::var("GAP_SOLUTIONS").expect("GAP_SOLUTIONS");
    let collection = std::env::var("GAP_COLLECTION").expect("GAP_COLLECTION");
    let cap = std::env::var("GAP_CAP").map_or(5_000_000, |c| c.parse().expect("a number"));
    let cancel = AtomicBool::new(false);
    let budget = Budget::new(Duration::MAX, &cancel);
    let mut ratios = Vec::new();
    let (mut ours, mut fewest) = (0, 0);
    for (index, level) in crate::shipped::levels(&collection).into_iter().enumerate() {
        let number = index + 1;
        let Ok(lurd) = std::fs::read_to_string(format!("{folder}/{number}.lurd")) else {
            continue;
        };
        let lurd = lurd
            .lines()
            .find_map(|line| line.strip_prefix("solution: "))
            .unwrap_or(&lurd);
        // A level the search missed has its message there instead.
        let Some(steps) = parse_steps(lurd.trim()) else {
            println!("level {number}: no solution in the file");
            continue;
        };
        let grid = Grid::new(&level).expect("grid");
        let Some(trace) = Trace::new(&grid, &level, &steps) else {
            println!("level {number}: does not solve");
            continue;
        };
        let boxes = trace.boxes[0].len();
        if boxes > WHOLE_BOXES || trace.pushes.is_empty() {
            continue;
        }
        // From the first push to the last, every box: the whole solution.
        let whole = trace.window(&grid, 0, (boxes, usize::MAX));
        let (shorter, expanded) = whole.solve(&grid, cap, &budget);
        let best = match shorter {
            Some(line) => line.len(),
            None if expanded < cap => trace.steps.len(),
            None => {
                println!(
                    "level {number}: {} moves, not proved within the cap",
                    trace.steps.len()
                );
                continue;
            }
        };
        // A move-optimal search never answers with more moves.
        assert!(best <= trace.steps.len(), "level {number}: {best} moves");
        ours += trace.steps.len();
        fewest += best;
        #[allow(clippy::cast_precision_loss)]
        let ratio = trace.steps.len() as f64 / best as f64;
        ratios.push((ratio, number));
        println!(
            "level {number}: {} moves, fewest {best}, x{ratio:.3}, {expanded} positions",
            trace.steps.len()
        );
    }
    ratios.sort_by(|a, b| a.0.total_cmp(&b.0));
    let median = ratios.get(ratios.len() / 2).map_or(1.0, |r| r.0);
    let optimal = ratios.iter().filter(|r| r.0 <= 1.0).count();
    let (worst, worst_level) = ratios.last().copied().unwrap_or((1.0, 0));
    println!(
        "{} levels: {ours} moves against the fewest {fewest}; median x{median:.3}, worst x{worst:.3} ({worst_level}); {optimal} already fewest",
        ratios.len()
    );
}
