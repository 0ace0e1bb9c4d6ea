//! The race: two threads, each running searches in turn, the first
//! answer winning. Which searches, in what order and for how long, is
//! measured, not derived; the comments say on which levels.

use std::sync::atomic::{AtomicBool, Ordering};

use super::{Outcome, Setup, Stats, Strategy, panic_message, run};
use crate::budget::Budget;

/// The searches each thread of the race runs one after another, each
/// until its percentage of the time is up. A search that gives up sooner
/// hands the rest of its turn to the next, so late-plan, which gives up
/// at once where it has nothing to add, ends where forward ends.
///
/// On levels of [`FORWARD_BOXES`] boxes or more, plan has the first thread
/// to itself; on levels of 13 to 24 boxes it hands over to plan-hot-cells
/// ([`PLANNED_FIRST`]), or to partial-plan and hotspots where there is no
/// plan ([`UNPLANNED_FIRST`]). On the second thread, push-pull's first
/// fifth of a second answers half the levels the race solves (72 of 141 in
/// the sweep below); features then has 0.3 s, which answers `XSokoban` 10
/// and Sasquatch III 10 (0.12 s of features each) before push-pull starts
/// again from scratch for its long turn. Swept by time on 178 shipped
/// levels of more than 12 boxes (docs/solver.md, "The race's first turns"):
/// without push-pull's opening 140 solved and 41 more took over a second;
/// features to 20% lost `XSokoban` 41, which push-pull solves at 8.8 s;
/// features to 12% (before), 8% and 5% solved the same 141, and 5% answered
/// every level push-pull or forward answered 0.7 s sooner than 12% did. The
/// long turn to 80% or to 100% solved the same 141, its last turn answering
/// first on none.
///
/// On levels of 13 to 24 boxes hot-cells has 1.5 s there instead of
/// features' 0.3 s: it answers `XSokoban` 23 and 40 within 1.2 s, which
/// nothing else solves in 30 s, and Sasquatch 17 in 0.4 s (plan's 9.5 s).
/// Swept by time on the 154 levels of 13 to 24 boxes among the 178 of
/// the first turns' sweep (docs/solver.md, "Hot cells on levels of 13 to
/// 24 boxes"): 126 solved before; 127 with hot-cells to 17% instead of
/// features or to 20% after it, which start push-pull's long turn too
/// late for `XSokoban` 41 (8.7 s before); hot-cells in the last 14%, after
/// push-pull to 86%, kept 41 at 8.58 s but answered 23 and 40 only at
/// 9.3-9.6 s, all three at the edge. Hot-cells answers Sasquatch III 10
/// as soon as features did (0.24 s). On levels of 25 boxes or more a
/// turn of hot-cells in features' place solved the same levels.
///
/// On levels of 13 to 24 boxes the imagine search (`fess::imagine`) has
/// the second thread's last 6.5 s, after push-pull's long turn, which it
/// cuts to 3.5 s: in the 10 s table push-pull answered no level of that
/// size after 2.9 s (Microban IV 96, which its long turn answers at 1.2
/// s). Imagine alone at 10 s solves Sasquatch 25, 30, 31, 36, 39 and 42
/// (13 to 20 boxes), which no other search here solved in 10 s. Backward
/// (4.1 s) and forward (the last 0.9 s) had this time before. In the 10 s
/// table the race then solved Sasquatch I 43 instead of 37 and `XSokoban`
/// 81 instead of 77, none lost; on the 147 levels of 13 to 24 boxes of
/// Sasquatch II-XI, 106 instead of 101, 9 gained and 4 lost (push-pull's
/// Sasquatch II 47 at 4.6 s, backward's X 42 and XI 30, forward's XI 12 at
/// 9.2 s; docs/solver.md, the log, "imagine").
///
/// On levels of [`FORWARD_BOXES`] boxes or more, backward takes a share
/// of forward's long turn as well: forward answered first in the 10 s table
/// only on Microban II 131, at 2.7-2.9 s. By positions (the race at 20,000
/// a search) on all 185 shipped levels of that size: 16 solved before, 20
/// now, none lost (Sasquatch III 30, IV 39 and 50 and VIII 41 gained).
///
/// On levels of [`FORWARD_BOXES`] boxes or more, the second thread ends
/// with 3.5 s of hotspots restarted in shuffled orders (`fess::restarts`),
/// where 0.9 s of hotspots taking the oldest first answered nothing: on
/// the dense levels the order among equals can decide a level. Forward
/// and backward give up the time. In a run by time of all 185 shipped
/// levels of that size (docs/solver.md, "Sweeps", restarts on levels of
/// 25 boxes or more), forward answered by 2.9 s and backward by 5.4 s
/// (Sasquatch VIII 41), and the race solved 29 against 28, none lost:
/// Sasquatch 35 gained, at 7.9-9.0 s.
///
/// On levels of [`FORWARD_BOXES`] boxes or more without a parking plan
/// within the usual work, late-plan opens forward's turn: the plan search
/// again with 20 times the work, and plan guided by what it finds. Of the
/// 129 shipped levels of that size without a plan, it finds one for 4,
/// and alone within 3 s solves Sasquatch 38 (25 boxes) at 1.8 s, which
/// nothing else solves in 10 s; its search for a plan took 1.6 s at the
/// median and used up the turn on a tenth of them, measured before the
/// search's memory cap (`parking::search`), which ends some searches that
/// find no plan sooner and none of those that find one. Forward alone within
/// 3 s solves 6 of the 129, all answered by push-pull within 0.2 s in the
/// race with or without the turn. In a run by time of the 15 among them
/// that the race solves at 20,000 positions a search, that forward solves
/// alone, that have a late plan or that are in the README's table
/// (docs/solver.md, the log, "late plans"), the race solved 10 before and
/// 11 now, Sasquatch 38 at 2.1 s. Where the usual search found a plan,
/// late-plan gives up at once.
///
/// On levels of [`FORWARD_BOXES`] boxes or more, the forward search takes
/// push-pull's long turn instead.
///
/// On smaller levels the homeward search has the second thread from the
/// start: it is the one search that solves every Microban level, 153 in
/// 2.0-3.0 s alone, and behind push-pull and features it started at 1.2 s
/// (153 then took 3.7-4.1 s in the race; now 1.9-2.4 s). Forward has the
/// last 22% there: forward alone solves Sasquatch 19 (9 boxes) in 1.1 s,
/// which no other search solves alone in 10 s. Swept by time on the 694
/// shipped levels of at most 12 boxes (docs/solver.md, "The race's last
/// turn on small levels"): hotspots last solved 683, and answered first in
/// that turn on none; forward from 91% solved 683, from 80% and 70% 685
/// (Sasquatch 19 and Sasquatch II 19 gained, which it solves in 0.8 s and
/// 1.2 s of its turn). From 50% it also solved Sasquatch II 4, at 9.97 s,
/// but it would stop homeward before 5.4 s, when homeward solved
/// Sasquatch XI 4; homeward answered nothing later.
///
/// Hotspots has the 1.3 s between homeward and forward: alone it solves `XSokoban` 44 (9
/// boxes) in 0.87 s, which nothing else solves in 10 s, and it had only
/// its 0.3 s opening there. Swept by time on the 12 of those 694 levels
/// the race had not solved by 5.3 s, the only ones a later turn can
/// change (docs/solver.md, "The race's middle turn on small levels"):
/// with homeward to 60%, 63% or 65% and hotspots for 1.2-1.3 s after it,
/// the race solved the 4 of them it solved before and `XSokoban` 44 too;
/// 65% keeps 1 s between homeward's last answer (Sasquatch XI 4, 5.4 s)
/// and the end of its turn. Since the feature searches give every 4th
/// turn to the best cell, plan answers `XSokoban` 44 itself (3.9 s), and
/// no longer solves Sasquatch IV 22 (9.3 s before), which hotspots'
/// middle turn answers at 6.9 s: on the same 12 levels, two runs each, 6
/// solved with the turn and 5 without.
///
/// Hotspots goes first on the plan's thread as well, for 0.3 s: it
/// answers Microban II 124 in 10 ms, Sasquatch 13 in 0.1 s and `XSokoban`
/// 87 in 0.15 s, which plan needs 3 s for. Swept by time on the same 694
/// levels (docs/solver.md, "The race's first turns"): features to 4% and
/// hotspots to 7% (before), plan alone, features to 4% alone, features to
/// 2% and hotspots to 4%, features to 8% and hotspots to 14%, and hotspots
/// to 3% or 5% all solved 686, except the longest opening (685). With
/// hotspots to 3%, none of the 54 levels features answered first took
/// over 0.04 s longer, and plan answered 0.4 s sooner.
fn schedules(boxes: usize) -> [&'static [(Strategy, u32)]; 2] {
    if boxes <= HOMEWARD_BOXES {
        return [
            &[(Strategy::Hotspots, 3), (Strategy::Plan, 100)],
            &[
                (Strategy::Homeward, 65),
                (Strategy::Hotspots, 78),
                (Strategy::Forward, 100),
            ],
        ];
    }
    if boxes >= FORWARD_BOXES {
        return [
            &[(Strategy::Plan, 100)],
            &[
                (Strategy::PushPull, 2),
                (Strategy::Features, 5),
                (Strategy::LatePlan, 35),
                (Strategy::Forward, 35),
                (Strategy::Backward, 65),
                (Strategy::HotspotsRestarts, 100),
            ],
        ];
    }
    [
        PLANNED_FIRST,
        &[
            (Strategy::PushPull, 2),
            (Strategy::HotCells, 17),
            (Strategy::PushPull, 35),
            (Strategy::Imagine, 100),
        ],
    ]
}

/// The first thread's turns on levels of 13 to 24 boxes with a parking
/// plan within the usual work: plan, then plan-hot-cells. On the 144
/// shipped levels of that size with a plan, the race at 10 s a level
/// solved 117, plan answering 54 of them, all within 3.7 s. Alone at 6 s
/// a level, two at a time, plan-hot-cells solved 2 of the 27 the race
/// missed (`XSokoban` 85 at 5.0 s and Sasquatch VIII 31 at 5.5 s). With
/// these turns the race solved 119 of the 144, none lost (docs/solver.md,
/// the log, "plan with hot cells after plan").
const PLANNED_FIRST: &[(Strategy, u32)] = &[
    (Strategy::Plan, PLANNED_PLAN_END),
    (Strategy::PlanHotCells, 100),
];

/// Where plan's turn ends in [`PLANNED_FIRST`]. Swept by time on the 144
/// levels it is for (each value built in turn; docs/solver.md, the log,
/// "plan with hot cells after plan"): 35%, 40% and 45% solved 119, 50%
/// 118. Plan's slowest answer there came at 3.3-3.7 s (`XSokoban` 31),
/// and 45% is the least that leaves it a fifth more on a machine whose
/// speed drifts by a fifth; the two levels gained came at 9.5 and 10.0 s
/// with it, 9.2 and 9.6 s with 40%.
const PLANNED_PLAN_END: u32 = 45;

/// The first thread's turns on levels of 13 to 24 boxes without a parking
/// plan within the usual work: plan, guided by the fill layers there,
/// then hotspots. On the 110 shipped levels of that size without a plan,
/// the race at 10 s a level solved 62, plan answering 15 of them, all
/// within 2.6 s. Alone at 6 s a level, two at a time, hotspots solved 2
/// of the 48 the race missed (Sasquatch IV 28 at 3.4 s, V 38 at 1.9 s),
/// and features, hot-cells, hotspots-restarts and backward none. With
/// these turns the race solved 64 of the 110, none lost (docs/solver.md,
/// the log, "hotspots where there is no plan").
///
/// Partial-plan has half a second between them: plan guided by the
/// relaxed search's line to the fewest boxes left, where it clears no
/// board. Alone at 6 s a level, two at a time, it solved 26 of the 110,
/// among them Microban IV 57 in 0.16 s, the one the race missed. Plan
/// guided so instead of by the fill layers, at 20,000 positions a level
/// on the 230 shipped levels without a plan, solved 13 others and lost
/// 13, so it takes a turn of its own (docs/solver.md, the log, "partial
/// plans").
///
/// Partial-plan-hot-cells, hot-cells guided so, has the last 3.2 s: alone
/// at 6 s a level, two at a time, it solved one of the 45 levels the race
/// still missed, Sasquatch VII 26, at 2.6 s.
const UNPLANNED_FIRST: &[(Strategy, u32)] = &[
    (Strategy::Plan, UNPLANNED_PLAN_END),
    (Strategy::PartialPlan, PARTIAL_PLAN_END),
    (Strategy::Hotspots, UNPLANNED_HOTSPOTS_END),
    (Strategy::PartialPlanHotCells, 100),
];

/// Where hotspots' turn ends in [`UNPLANNED_FIRST`], and
/// partial-plan-hot-cells' begins. Swept by time on the 8 of the 110
/// levels whose answer it can change: those of [`PARTIAL_PLAN_END`]'s
/// sweep and Sasquatch VII 26 (each value built in turn; docs/solver.md,
/// the log, "partial plans"). Without the turn 7 were solved; 62% solved
/// 7, losing Sasquatch V 38, which hotspots answers 1.7 s into its turn;
/// 68% and 75% solved all 8, VII 26 at 9.2 and 10.0 s. 68% leaves each
/// of the two turns about a third more than its answer took.
const UNPLANNED_HOTSPOTS_END: u32 = 68;

/// Where partial-plan's turn ends in [`UNPLANNED_FIRST`]. Swept by time on
/// the 7 of the 110 levels whose answer the turn can change: the 6 the
/// race answered after plan's turn, and Microban IV 57 (each value
/// built in turn; docs/solver.md, the log, "partial plans"): 42%, 45% and
/// 50% all solved the 7. With 45% and 50% partial-plan answers Microban IV
/// 57 and Sasquatch IV 28 0.07 and 0.3 s into its turn; 42% leaves IV 28 to
/// hotspots, at 7.3 s. 45% is the least that gives IV 28's answer more than
/// a fifth to spare, and takes the least from hotspots, which answers
/// Sasquatch V 38 at 6.3 s in the race with it (5.8 s before).
const PARTIAL_PLAN_END: u32 = 45;

/// Where plan's turn ends in [`UNPLANNED_FIRST`]. Swept by time on the
/// 110 levels it is for (each value built in turn; docs/solver.md, the
/// log, "hotspots where there is no plan"): 30%, 40% and 50% solved the
/// same 64. Plan's slowest answer there came at 2.6 s, which 30% would
/// cut close on a machine whose speed drifts by a fifth.
const UNPLANNED_PLAN_END: u32 = 40;

/// The first thread's turns: [`UNPLANNED_FIRST`] on a level of 13 to 24
/// boxes whose parking plan search finds none, else those of
/// [`schedules`]. Plan asks for the plan first thing as well, so asking
/// here costs nothing.
fn first_turns(setup: &Setup, budget: &Budget) -> &'static [(Strategy, u32)] {
    let boxes = setup.boxes.len();
    let unplanned = (HOMEWARD_BOXES + 1..FORWARD_BOXES).contains(&boxes)
        && matches!(setup.plan.any(&setup.board, &setup.boxes, budget), Ok(None));
    if unplanned {
        UNPLANNED_FIRST
    } else {
        schedules(boxes)[0]
    }
}

/// Levels with at least this many boxes get the forward search in the race
/// where others get push-pull's long turn. Forward alone solves Microban II
/// 131 (44 boxes) in 2.7 s, which nothing else solves in 30 s; on
/// `XSokoban` (10 s a level, two side by side) it solved 20 levels, none
/// of the five with 25 boxes or more. Push-pull answered first in the
/// race on none of those, or of any level that large: plan or features
/// solve 10, 22 and 48, and nothing solves 39 or 90. Swept on the broad
/// set (docs/solver.md, "Sweeps"), the race at 20,000 positions a search:
/// 20, 25 and 30 solve the same levels (25 of the 76 with 20-24 boxes, 6
/// of the 29 with 25-29, the only ones where they differ), so 25 stays.
const FORWARD_BOXES: usize = 25;

/// Levels with at most this many boxes get the homeward push-pull search
/// in the race, larger ones plain push-pull. Alone, 10 s a level, homeward
/// solves all 155 Microban levels, which push-pull does not (153 took it
/// 11 to 12 s); at 5 s it solves Microban II 124 besides. On `XSokoban`,
/// with 300,000 positions each, it solved 15 levels to push-pull's 24, and
/// not level 11 (14 boxes), which only push-pull solves within 10 s. The
/// line between 10 and 14 was first drawn from those two levels. Swept on
/// the 195 shipped levels of 11 to 16 boxes, the only ones where these
/// values differ (`scripts/sweep`, the race at 20,000 positions a search;
/// docs/solver.md, "The race's line for homeward"): 10, 12, 14 and 16
/// solved 130, 132, 130 and 128, so 12 stays.
const HOMEWARD_BOXES: usize = 12;

/// Runs the two [`schedules`] on two threads, each with half of `memory`,
/// until one has an answer (a solution, or a bidirectional search's proof
/// that there is none) or the budget runs out. A feature search running
/// out of moves proves nothing: it only ends.
///
/// Alone, with 20 s per level and two levels side by side (`bench xsokoban
/// --strategy NAME --timeout 20 --jobs 2`), plan solves 64 of `XSokoban`'s
/// 90 (all within 10 s), features 62, hotspots 63 and push-pull 36 (at 10
/// s). Plan, the strongest, has a core of its own: it alone solves 71, 74
/// and 89 (in 7.9 s). Push-pull solves two levels no feature search solves
/// (11 and 13) within 5.7 s, and finishes almost every Microban level
/// within milliseconds; features solves one plan misses (10) in 0.4 s;
/// hotspots solves 45 in 4.4 s and 87 in 0.2 s, which plan needs 6.6 s
/// for. Hotspots also solves 31 in 9.5 s and 28 in 15.6 s, which would
/// cost push-pull's 11 or 13.
pub fn race(
    setup: &Setup,
    (memory, expansions): (usize, u64),
    budget: &Budget,
) -> (Outcome, Stats) {
    let over = AtomicBool::new(false);
    let budget = budget.racing(&over);
    let half = (memory / 2, expansions);
    let in_turn = |schedule: &[(Strategy, u32)]| {
        let mut tried = (Outcome::GaveUp, Stats::default());
        for &(strategy, percent) in schedule {
            if tried.0.is_decisive() || budget.stop().is_some() {
                break;
            }
            let (outcome, stats) = run(strategy, setup, half, &budget.until(percent));
            if outcome.is_decisive() {
                over.store(true, Ordering::Relaxed);
            }
            let stats = Stats {
                expanded: tried.1.expanded + stats.expanded,
                peak_bytes: tried.1.peak_bytes.max(stats.peak_bytes),
                winner: stats.winner,
            };
            tried = (outcome, stats);
        }
        tried
    };
    let second = schedules(setup.boxes.len())[1];
    let (other, here) = std::thread::scope(|scope| {
        // The second thread takes the caller's name, so that a panic
        // message or a debugger names the work it belongs to. Each search
        // is guarded, so a panic here is the race's own.
        let name = std::thread::current().name().map(str::to_owned);
        let mut builder = std::thread::Builder::new();
        if let Some(name) = name {
            builder = builder.name(name);
        }
        let first_thread = builder.spawn_scoped(scope, || in_turn(first_turns(setup, &budget)));
        let here = in_turn(second);
        let other = match first_thread.map(std::thread::ScopedJoinHandle::join) {
            Ok(Ok(answer)) => answer,
            Ok(Err(panic)) => (Outcome::Failed(panic_message(&*panic)), Stats::default()),
            Err(error) => (
                Outcome::Failed(format!("cannot start a search thread: {error}")),
                Stats::default(),
            ),
        };
        (other, here)
    });
    let stats = Stats {
        expanded: here.1.expanded + other.1.expanded,
        peak_bytes: here.1.peak_bytes + other.1.peak_bytes,
        winner: None,
    };
    // Both may finish at once; this thread's answer then goes first, unless
    // the other failed: a bug is reported even when the race was won.
    let other_failed = matches!(other.0, Outcome::Failed(_));
    let (outcome, winner) = if !other_failed && (here.0.is_decisive() || !other.0.is_decisive()) {
        (here.0, here.1.winner)
    } else {
        (other.0, other.1.winner)
    };
    (outcome, Stats { winner, ..stats })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Limits, prepare};
    use schokoban_core::parse_level;
    use std::time::Duration;

    /// A room `width` squares wide and `height` high, with `boxes` boxes
    /// in a row straight above as many goals.
    fn row_of_boxes(boxes: usize, (width, height): (usize, usize)) -> String {
        let wall = "#".repeat(width + 2);
        let row = |cells: &str| format!("#{cells:<width$}#");
        let mut lines = vec![wall.clone(), row("@")];
        lines.push(row(&format!(" {}", "$".repeat(boxes))));
        lines.push(row(&format!(" {}", ".".repeat(boxes))));
        lines.extend((4..=height).map(|_| row("")));
        lines.push(wall);
        lines.join("\n")
    }

    fn first_turns_of(xsb: &str) -> &'static [(Strategy, u32)] {
        let level = parse_level(xsb).expect("a valid level");
        let cancel = AtomicBool::new(false);
        let budget = Budget::new(Duration::from_secs(60), &cancel);
        let limits = Limits::with_time(Duration::from_secs(60));
        let Ok((setup, _)) = prepare(&level, &limits, &budget) else {
            panic!("a level the solver takes: {xsb}");
        };
        first_turns(&setup, &budget)
    }

    #[test]
    fn the_first_thread_follows_plan_by_whether_a_level_of_13_to_24_boxes_has_a_plan() {
        // Past the plan search's 1,000 squares there is no plan at once.
        let large = (45, 30);
        assert_eq!(first_turns_of(&row_of_boxes(13, large)), UNPLANNED_FIRST);
        assert_eq!(first_turns_of(&row_of_boxes(24, large)), UNPLANNED_FIRST);
        assert_eq!(first_turns_of(&row_of_boxes(12, large)), schedules(12)[0]);
        assert_eq!(first_turns_of(&row_of_boxes(25, large)), schedules(25)[0]);
        // A small room has its plan: every box pulled straight up.
        assert_eq!(first_turns_of(&row_of_boxes(13, (16, 5))), PLANNED_FIRST);
        assert_eq!(first_turns_of(&row_of_boxes(24, (27, 5))), PLANNED_FIRST);
    }

    #[test]
    fn every_thread_runs_to_the_end_of_the_time_and_one_search_can_prove_none() {
        let sizes = [1, HOMEWARD_BOXES, HOMEWARD_BOXES + 1, FORWARD_BOXES, 1_000];
        for boxes in sizes {
            let threads = schedules(boxes);
            for schedule in threads.iter().chain([&UNPLANNED_FIRST]) {
                let ends: Vec<u32> = schedule.iter().map(|&(_, end)| end).collect();
                assert!(ends.windows(2).all(|w| w[0] <= w[1]), "{boxes}: {ends:?}");
                assert_eq!(ends.last(), Some(&100), "{boxes}: {ends:?}");
                // A turn shared with the next search is one that gives up
                // at once where it has nothing to add.
                for pair in schedule.windows(2) {
                    if pair[0].1 == pair[1].1 {
                        assert_eq!(pair[0].0, Strategy::LatePlan, "{boxes}: {ends:?}");
                    }
                }
            }
            let proving =
                threads
                    .iter()
                    .flat_map(|schedule| schedule.iter())
                    .any(|&(strategy, _)| {
                        matches!(
                            strategy,
                            Strategy::PushPull | Strategy::Homeward | Strategy::Forward
                        )
                    });
            assert!(proving, "{boxes} boxes: nothing proves a level unsolvable");
        }
    }
}
