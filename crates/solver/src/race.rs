//! The race: two threads, each running searches in turn, the first
//! answer winning. Which searches, in what order and for how long, is
//! measured, not derived; the comments say on which levels.

use std::time::Duration;

use super::{Outcome, Setup, Stats, Strategy};
use crate::budget::Budget;

mod once;
mod turns;
use once::race_once;
pub(crate) use turns::Turns;

/// The searches each thread of the race runs one after another, each
/// until its percentage of the time is up. A search that gives up sooner
/// hands the rest of its turn to the next, so late-plan, which gives up
/// at once where it has nothing to add, ends where forward ends. On 13 to
/// 24 boxes push-pull's turns carry one search on ([`race_once`]), which
/// so has 5.2 s in all, and 7.4 s where there is no parking plan. Every
/// turn is there for levels that it answers first and that the race
/// missed without it; each end was swept by time on the shipped levels of
/// its size (docs/solver-log.md has every run; docs/solver.md, "The
/// race", says which search each turn is for).
///
/// At most [`HOMEWARD_BOXES`] boxes: hotspots opens the first thread for
/// 0.3 s (`XSokoban` 87 in 0.15 s, which plan needs 3 s for), then plan.
/// On the second, push-pull's first 0.4 s answers Sasquatch VII 27 (alone
/// in 0.16 s, in the race in 0.2 s), which homeward does not solve in 10
/// s; 0.2 s missed it in one run of two. Then homeward, the one search
/// that solves every Microban level. Hotspots' middle turn answers
/// `XSokoban` 44 and Sasquatch IV 22, and forward's last 22% Sasquatch 19
/// and Sasquatch II 19, which no other search solves alone in 10 s. Where
/// there is no parking plan, push-pull takes over from plan on the first
/// thread ([`SMALL_UNPLANNED_FIRST`]).
///
/// 13 to 24 boxes: the first thread is [`first_turns`]', which ends with
/// a push-pull turn of 3 s (4 s where there is no parking plan). On the
/// second, push-pull's first fifth of a second answers about half the
/// levels the race solves; hot-cells' 1.5 s answers `XSokoban` 23 and
/// 40, which nothing else solves in 30 s; push-pull's second turn ends at
/// 3.5 s, since in the 10 s table it answered no level of that size
/// later; and imagine (`fess::imagine`) has the last 6.5 s, in which it
/// solves levels no other search here solves in 10 s (Sasquatch 25, 30,
/// 31, 36, 39 and 42). Where there is no parking plan, push-pull keeps
/// the second thread to 3.5 s ([`second_turns`]).
///
/// [`FORWARD_BOXES`] boxes or more: plan has the first thread, for its
/// first second only on dense levels ([`DENSE_FIRST`]). The second
/// opens with 1.8 s of push-pull: on the dense Sasquatch levels it
/// answers nine within 0.3 to 1.5 s that the race missed in 10 s when
/// push-pull had 0.2 s (Sasquatch II 16 and 36, III 28, V 35, VI 31 and
/// 41, VII 37, VIII 34, X 37). Features' 0.3 s follows (`XSokoban` 10,
/// which plan answers too); late-plan searches 20 times as long for a
/// parking plan (Sasquatch 38 has one only then) and then forward, which
/// alone solves Microban II 131 and answers Sasquatch IV 45 2.2 s into
/// its turn; backward (its answers 0.3 to 2.6 s into its turn) and
/// hotspots restarted in shuffled orders (`fess::restarts`, Sasquatch 35)
/// end it, since on these dense levels the order among equals can decide
/// a level. Each turn leaves its slowest answer a sixth or more to spare.
fn schedules(boxes: usize) -> [&'static [(Strategy, u32)]; 2] {
    if boxes <= HOMEWARD_BOXES {
        return [
            &[(Strategy::Hotspots, 3), (Strategy::Plan, 100)],
            &[
                (Strategy::PushPull, 4),
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
                (Strategy::PushPull, 18),
                (Strategy::Features, 21),
                (Strategy::LatePlan, 47),
                (Strategy::Forward, 47),
                (Strategy::Backward, 77),
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
/// plan within the usual work: plan, plan-hot-cells, then push-pull. On
/// the 144 shipped levels of that size with a plan, the race at 10 s a
/// level solved 117, plan answering 54 of them, all within 3.7 s. Alone
/// at 6 s a level, two at a time, plan-hot-cells solved 2 of the 27 the
/// race missed (`XSokoban` 85 at 5.0 s and Sasquatch VIII 31 at 5.5 s).
/// With plan and plan-hot-cells the race solved 119 of the 144, none lost
/// (docs/solver-log.md, "plan with hot cells after plan").
///
/// Push-pull's last 3 s: in two runs over the 254 shipped levels of this
/// size, the first thread answered nothing after 6.1 s (plan-hot-cells,
/// `XSokoban` 23, 1.6 s into its turn), and there push-pull solves
/// Sasquatch VI 35, which it takes 2.1 to 2.8 s for alone and missed in
/// its 1.8 s on the second thread (docs/solver-log.md, "Push-pull's last
/// turn after plan"). Where plan-hot-cells hands over was swept by time on
/// the 86 levels of this size answered after 4.5 s or not at all: 60%
/// lost `XSokoban` 23, 80% lost VI 35, 70% kept both ("Where
/// plan-hot-cells hands over").
const PLANNED_FIRST: &[(Strategy, u32)] = &[
    (Strategy::Plan, PLANNED_PLAN_END),
    (Strategy::PlanHotCells, 70),
    (Strategy::PushPull, 100),
];

/// Where plan's turn ends in [`PLANNED_FIRST`]. Swept by time on the 144
/// levels it is for (each value built in turn; docs/solver-log.md,
/// "plan with hot cells after plan"): 35%, 40% and 45% solved 119, 50%
/// 118. Plan's slowest answer there came at 3.3-3.7 s (`XSokoban` 31),
/// and 45% is the least that leaves it a fifth more on a machine whose
/// speed drifts by a fifth; the two levels gained came at 9.5 and 10.0 s
/// with it, 9.2 and 9.6 s with 40%.
const PLANNED_PLAN_END: u32 = 45;

/// The first thread's turns on levels of 13 to 24 boxes without a parking
/// plan within the usual work: plan, guided by the fill layers there,
/// partial-plan, hotspots, then push-pull. Of the 87 shipped levels of
/// that size without a plan, the race at 10 s a level answers about 49
/// (docs/solver-log.md, "Push-pull through both threads where there is
/// no plan"). Plan answers 13, all within 2.9 s, and is the one search
/// that answers Sasquatch 12 and X 32 and 33; partial-plan answers
/// Microban IV 57 and Sasquatch IV 28, and hotspots Sasquatch V 38,
/// which no other search here solves in 10 s. Features, hot-cells,
/// hotspots-restarts and backward solved none of these levels that the
/// race missed, alone at 6 s a level (docs/solver-log.md, "hotspots
/// where there is no plan").
///
/// Partial-plan is plan guided by the relaxed search's line to the
/// fewest boxes left, where it clears no board. Guided so instead of by
/// the fill layers, plan at 20,000 positions a level on 230 shipped
/// levels of every size without a plan solved 13 others and lost 13, so
/// it takes a turn of its own (docs/solver-log.md, "partial plans").
///
/// Push-pull has the last 4 s, and with its turn on the second thread
/// ([`UNPLANNED_SECOND`]) 7.4 s in all: alone it solves Sasquatch XI 25
/// in 6.8 to 7.2 s and XI 33 in 6.0 to 6.2 s, and the race answers them
/// at about 9 and 8.4 s. There partial-plan-hot-cells, which alone
/// solves Sasquatch VII 26 in 2.6 s, answered no level in two runs of the
/// race (docs/solver-log.md, "Push-pull's last turn after plan").
const UNPLANNED_FIRST: &[(Strategy, u32)] = &[
    (Strategy::Plan, UNPLANNED_PLAN_END),
    (Strategy::PartialPlan, PARTIAL_PLAN_END),
    (Strategy::Hotspots, UNPLANNED_HOTSPOTS_END),
    (Strategy::PushPull, 100),
];

/// Where hotspots' turn ends in [`UNPLANNED_FIRST`], and push-pull's
/// last turn begins. The turns of that thread add up to more than its
/// 10 s once each has a fifth to spare, so each of the three edge levels
/// has about the same share, a fourteenth: on the 87 shipped levels of 13
/// to 24 boxes without a plan, hotspots answers Sasquatch V 38 2.3 s into
/// its turn (2.4 to 2.5 s alone), and push-pull needs 6.6 to 6.9 s in
/// all for XI 25 in the race, 3.4 s of it on the second thread. On the
/// 50 of the 87 answered after 5 s or not at all, 58% left V 38's answer
/// within 0.03 s of the end in two runs; 60% answered the same 13, V 38
/// at 5.8 s and XI 25 at 9.1 s (docs/solver-log.md, "Push-pull through
/// both threads where there is no plan").
const UNPLANNED_HOTSPOTS_END: u32 = 60;

/// Where partial-plan's turn ends in [`UNPLANNED_FIRST`]: half a second.
/// Partial-plan answers Microban IV 57 and Sasquatch IV 28 0.08 and 0.37
/// s into its turn, which leaves IV 28 a quarter to spare; push-pull
/// alone solves neither in 10 s, nor hotspots IV 57 in 6 s.
const PARTIAL_PLAN_END: u32 = 35;

/// Where plan's turn ends in [`UNPLANNED_FIRST`]. Plan's slowest answer
/// that no other search gives came at 2.6 to 2.8 s, on Sasquatch 12, in
/// four runs; Sasquatch V 41 and VII 3, which plan answers at 2.8 to 2.9
/// s, push-pull answers too (alone in 3.9 and 3.0 s). 30% leaves 12 the
/// same share as [`UNPLANNED_HOTSPOTS_END`] leaves V 38 and XI 25.
const UNPLANNED_PLAN_END: u32 = 30;

/// The first thread's turns: [`SMALL_UNPLANNED_FIRST`] or
/// [`UNPLANNED_FIRST`] on a level of at most [`HOMEWARD_BOXES`] or of 13
/// to 24 boxes whose parking plan search finds none, [`DENSE_FIRST`] on a dense
/// level of [`FORWARD_BOXES`] or more, else those of [`schedules`]. Plan
/// asks for the plan first thing as well, so asking here costs plan
/// nothing; on small levels hotspots' opening turn waits for it, under 2
/// ms where there is a plan and up to 0.1 s where the search runs out.
fn first_turns(setup: &Setup, budget: &Budget) -> &'static [(Strategy, u32)] {
    let boxes = setup.boxes.len();
    if boxes <= HOMEWARD_BOXES && unplanned(setup, budget) {
        SMALL_UNPLANNED_FIRST
    } else if MIDDLE_BOXES.contains(&boxes) && unplanned(setup, budget) {
        UNPLANNED_FIRST
    } else if boxes >= FORWARD_BOXES && boxes * 100 >= DENSE_PERCENT * setup.board.cells() {
        DENSE_FIRST
    } else {
        schedules(boxes)[0]
    }
}

/// The second thread's turns: [`UNPLANNED_SECOND`] on a level of 13 to 24
/// boxes whose parking plan search finds none, else those of
/// [`schedules`]. Waiting for the plan search, which the first thread
/// starts at the same time, holds push-pull back by 0.05 to 0.17 s on the
/// 87 shipped levels of that size without a plan, and by under 2 ms where
/// there is one.
fn second_turns(setup: &Setup, budget: &Budget) -> &'static [(Strategy, u32)] {
    if MIDDLE_BOXES.contains(&setup.boxes.len()) && unplanned(setup, budget) {
        UNPLANNED_SECOND
    } else {
        schedules(setup.boxes.len())[1]
    }
}

/// Whether the parking plan search finds no plan within its usual work.
fn unplanned(setup: &Setup, budget: &Budget) -> bool {
    matches!(setup.plan.any(&setup.board, &setup.boxes, budget), Ok(None))
}

/// The second thread's turns on levels of 13 to 24 boxes without a parking
/// plan within the usual work: push-pull to the end of its second turn
/// with a plan, without hot-cells' turn between, then imagine. Hot-cells
/// answered none of the 87 shipped levels of that size without a plan in
/// the race (all 13 it answered have one), and push-pull alone solves
/// Sasquatch XI 25 in 6.8 to 7.2 s and XI 33 in 6.0 to 6.2 s, past the
/// 5.2 s its turns have in all where there is a plan. With these turns
/// and [`UNPLANNED_FIRST`] it has 7.4 s.
const UNPLANNED_SECOND: &[(Strategy, u32)] = &[(Strategy::PushPull, 35), (Strategy::Imagine, 100)];

/// The first thread's turns on a level of at most [`HOMEWARD_BOXES`] boxes
/// without a parking plan within the usual work: as with a plan, but
/// push-pull takes over from plan. Push-pull alone solves Sasquatch X 41
/// (12 boxes, no plan) in 4.6 s, far past its 0.4 s on the second
/// thread. Of the 207 shipped levels of this size that the race does not
/// answer before the plan search ends, 13 have no plan; plan answers one
/// of them (Microban IV 59, 3.3 s into the race), hotspots' opening turn
/// two, the second thread seven, and none answers Sasquatch II 45 or III
/// 2 (docs/solver-log.md, "Push-pull after plan on small levels without
/// a plan").
const SMALL_UNPLANNED_FIRST: &[(Strategy, u32)] = &[
    (Strategy::Hotspots, 3),
    (Strategy::Plan, SMALL_UNPLANNED_PLAN_END),
    (Strategy::PushPull, 100),
];

/// Where plan's turn ends in [`SMALL_UNPLANNED_FIRST`]. At 45% push-pull
/// answered Sasquatch X 41 at 9.3 s, 4.8 s into its turn; at 42% at 8.6
/// and 8.7 s, leaving it a fifth to spare, and plan's Microban IV 59 (3.3
/// s) a fifth as well.
const SMALL_UNPLANNED_PLAN_END: u32 = 42;

/// The first thread's turns on a dense level of [`FORWARD_BOXES`] or
/// more: plan for 1 s, then push-pull to the end. Push-pull alone solves
/// dense levels of that size in 3 to 8 s that no turn of the second
/// thread is long enough for; plan answered every dense level it solves
/// in the race within 0.8 s but Sasquatch IV 16 (6.5 to 7.5 s), which
/// hotspots-restarts answers at 9.4 to 9.5 s. On the 185 shipped levels
/// of 25 boxes or more the race solved 50 with these turns against 43
/// with plan alone there, none lost; over every shipped set, 931 against
/// 926. Three dense levels sit at a turn's edge and are answered in some
/// runs only: Sasquatch 38 and II 42, and XI 5, which plan answers at 0.8
/// s of its 1 s (docs/solver-log.md, "Push-pull on plan's thread on dense
/// levels").
const DENSE_FIRST: &[(Strategy, u32)] =
    &[(Strategy::Plan, DENSE_PLAN_END), (Strategy::PushPull, 100)];

/// Where plan's turn ends in [`DENSE_FIRST`]. 10% and 20% solved the same
/// 39 of the 148 dense shipped levels. The two slowest answers pull
/// either way: plan's (Sasquatch XI 5) takes 0.8 s, push-pull's (VIII 22)
/// 8.7 to 8.8 s with 10% and 9.0 to 9.4 s with 15% (docs/solver-log.md,
/// "Edges, run again"). 10% leaves plan's a fifth to spare and
/// push-pull's an eighth; 15% would leave push-pull's a sixteenth.
const DENSE_PLAN_END: u32 = 10;

/// A level is dense when its boxes are at least this share of its floor
/// (percent). Plan keeps the whole first thread on sparser levels, where
/// it answers Sasquatch 38 and 46 (a box for every seven cells) at 4.5
/// and 6.7 s. On the 185 shipped levels of 25 boxes or more (a run at
/// 20% and one with plan alone there, composed), 20% to 25% solve 50,
/// 28% 47, 30% 45: the seven gained hold a box for every three or four
/// cells, so 20% lies between them and the levels plan needs its time for.
const DENSE_PERCENT: usize = 20;

/// Levels between [`HOMEWARD_BOXES`] and [`FORWARD_BOXES`], whose turns
/// push-pull carries on across ([`race_once`]).
const MIDDLE_BOXES: std::ops::Range<usize> = HOMEWARD_BOXES + 1..FORWARD_BOXES;

/// Levels with at least this many boxes get the forward search in the race
/// where others get push-pull's long turn. Forward alone solves Microban II
/// 131 (44 boxes) in 2.7 s, which nothing else solves in 30 s; on
/// `XSokoban` (10 s a level, two side by side) it solved 20 levels, none
/// of the five with 25 boxes or more. Push-pull answered first in the
/// race on none of those, or of any level that large: plan or features
/// solve 10, 22 and 48, and nothing solves 39 or 90. Swept on the broad
/// set (docs/solver-log.md, "Sweeps"), the race at 20,000 positions a search:
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
/// docs/solver-log.md, "The race's line for homeward"): 10, 12, 14 and 16
/// solved 130, 132, 130 and 128, so 12 stays.
const HOMEWARD_BOXES: usize = 12;

/// The time the race's turns were swept for. A longer budget runs the
/// race for this long first, turn for turn as at this time, and then
/// again over the time left, with every turn stretched to its share of
/// it. Stretched over the whole time instead, each turn begins later by
/// as much: at 60 s imagine's turn on 13 to 24 boxes begins at 21 s, and
/// the race gave up on `XSokoban` 52, which imagine answers at 5.8 s in
/// 10 s; with 10 s first, 60 s solves 83 of `XSokoban`'s 90 against 82
/// (docs/solver-log.md, "The race past 10 s").
const SWEPT_TIME: Duration = Duration::from_secs(10);

/// Runs the two [`schedules`] on two threads, each with half of `memory`,
/// until one has an answer (a solution, or a bidirectional search's proof
/// that there is none) or the budget runs out: for [`SWEPT_TIME`] first
/// where the budget is longer and positions are not capped, then over the
/// time left. A feature search running out of moves proves nothing: it
/// only ends.
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
pub fn race(setup: &Setup, limits: (usize, u64), budget: &Budget) -> (Outcome, Stats) {
    // Under a cap on positions the turns end by positions, and a second
    // pass would only repeat the first.
    let capped = limits.1 != u64::MAX;
    let first = budget.first(SWEPT_TIME).filter(|_| !capped);
    let Some(first) = first else {
        return race_once(setup, limits, budget, true);
    };
    let (outcome, stats) = race_once(setup, limits, &first, true);
    if outcome.is_decisive() || budget.stop().is_some() {
        return (outcome, stats);
    }
    // Carried on over the time left, push-pull would hold its memory
    // through turns five times as long, and imagine, started beside it
    // with the rest of the half, gave up on `XSokoban` 88 at 60 s, which
    // it answers at 37 to 40 s with the whole half.
    let (outcome, again) = race_once(setup, limits, &budget.counted_from_now(), false);
    let stats = Stats {
        expanded: stats.expanded + again.expanded,
        peak_bytes: stats.peak_bytes.max(again.peak_bytes),
        winner: again.winner,
    };
    (outcome, stats)
}

#[cfg(test)]
mod tests;
