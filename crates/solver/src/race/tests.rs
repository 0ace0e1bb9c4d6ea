//! The race's schedules, on levels built to each size.

use super::*;
use crate::{Limits, prepare};
use schokoban_core::parse_level;
use std::sync::atomic::AtomicBool;

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

/// The solver's setup of the level `xsb`.
fn setup_of(xsb: &str) -> Setup {
    let level = parse_level(xsb).expect("a valid level");
    let cancel = AtomicBool::new(false);
    let limits = Limits::with_time(Duration::from_secs(60));
    let Ok((setup, _)) = prepare(&level, &limits, &Budget::new(limits.time, &cancel)) else {
        panic!("a level the solver takes: {xsb}");
    };
    setup
}

/// The turns of the first and second thread on the level `xsb`.
fn turns_of(xsb: &str) -> [&'static [(Strategy, u32)]; 2] {
    let setup = setup_of(xsb);
    let cancel = AtomicBool::new(false);
    let budget = Budget::new(Duration::from_secs(60), &cancel);
    [first_turns(&setup, &budget), second_turns(&setup, &budget)]
}

fn first_turns_of(xsb: &str) -> &'static [(Strategy, u32)] {
    turns_of(xsb)[0]
}

#[test]
fn the_first_thread_follows_the_plan_up_to_24_boxes_and_the_density_from_25() {
    // Past the plan search's 1,000 squares there is no plan at once.
    let large = (45, 30);
    assert_eq!(
        first_turns_of(&row_of_boxes(1, large)),
        SMALL_UNPLANNED_FIRST
    );
    assert_eq!(
        first_turns_of(&row_of_boxes(12, large)),
        SMALL_UNPLANNED_FIRST
    );
    assert_eq!(first_turns_of(&row_of_boxes(13, large)), UNPLANNED_FIRST);
    assert_eq!(first_turns_of(&row_of_boxes(24, large)), UNPLANNED_FIRST);
    assert_eq!(first_turns_of(&row_of_boxes(25, large)), schedules(25)[0]);
    assert_eq!(first_turns_of(&row_of_boxes(12, (16, 5))), schedules(12)[0]);
    // 25 boxes on 104 cells are dense; on 1,350 they are not.
    assert_eq!(first_turns_of(&row_of_boxes(25, (26, 4))), DENSE_FIRST);
    // A small room has its plan: every box pulled straight up.
    assert_eq!(first_turns_of(&row_of_boxes(13, (16, 5))), PLANNED_FIRST);
    assert_eq!(first_turns_of(&row_of_boxes(24, (27, 5))), PLANNED_FIRST);
}

#[test]
fn the_second_thread_drops_hot_cells_on_13_to_24_boxes_without_a_plan() {
    let large = (45, 30);
    for boxes in [13, 24] {
        assert_eq!(turns_of(&row_of_boxes(boxes, large))[1], UNPLANNED_SECOND);
    }
    for (boxes, room) in [(13, (16, 5)), (24, (27, 5))] {
        let second = turns_of(&row_of_boxes(boxes, room))[1];
        assert_eq!(second, schedules(boxes)[1]);
        assert!(second.contains(&(Strategy::HotCells, 17)), "{second:?}");
    }
    // Outside 13 to 24 boxes the plan changes the first thread only.
    for (boxes, room) in [(12, large), (25, large), (12, (16, 5))] {
        assert_eq!(turns_of(&row_of_boxes(boxes, room))[1], schedules(boxes)[1]);
    }
    // Push-pull keeps its ends on 13 to 24 boxes: it carries one search
    // on, and the first thread's turn for it starts after this one ends.
    let push_pull_end = |turns: &[(Strategy, u32)]| {
        turns
            .iter()
            .rev()
            .find(|&&(strategy, _)| strategy == Strategy::PushPull)
            .map(|&(_, end)| end)
    };
    assert_eq!(
        push_pull_end(UNPLANNED_SECOND),
        push_pull_end(schedules(13)[1])
    );
    let first_push_pull_start = UNPLANNED_FIRST[UNPLANNED_FIRST.len() - 2].1;
    assert!(push_pull_end(UNPLANNED_SECOND) < Some(first_push_pull_start));
}

#[test]
fn every_thread_runs_to_the_end_of_the_time_and_one_search_can_prove_none() {
    let sizes = [1, HOMEWARD_BOXES, HOMEWARD_BOXES + 1, FORWARD_BOXES, 1_000];
    for boxes in sizes {
        let threads = schedules(boxes);
        for schedule in threads.iter().chain([
            &SMALL_UNPLANNED_FIRST,
            &UNPLANNED_FIRST,
            &UNPLANNED_SECOND,
            &DENSE_FIRST,
        ]) {
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
        let proving = threads
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

/// A race stopped before its threads start their turns says it was
/// cancelled, whichever schedules it picks: on 13 to 24 boxes the
/// threads first wait for the plan search, and a flag raised meanwhile
/// must not pass for a race that gave up.
#[test]
fn a_race_cancelled_before_its_turns_says_it_was_cancelled() {
    let raised = AtomicBool::new(true);
    let large = (45, 30);
    for (boxes, room) in [(4, (8, 6)), (13, large), (13, (14, 6)), (25, large)] {
        let setup = setup_of(&row_of_boxes(boxes, room));
        let cancelled = Budget::new(Duration::MAX, &raised);
        let (outcome, _) = race(&setup, (Limits::DEFAULT_MEMORY_BYTES, u64::MAX), &cancelled);
        assert_eq!(outcome, Outcome::Cancelled, "{boxes} boxes in {room:?}");
    }
}
