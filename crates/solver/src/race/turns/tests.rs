//! A search carried on across turns, driven by steps rather than the
//! clock: each turn here ends when the search raises the turn's own flag.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use super::*;

/// Steps the search counts before it answers.
const STEPS: u64 = 3_000;

/// How many times the search asks for its turn while it waits for the
/// test to look: far more than the lending thread takes to see the turn
/// is over.
const SPINS: u64 = 50_000_000;

/// The end of one turn: the flag the search raises to end it, and the
/// one the test raises once it has looked at where the search paused.
type TurnEnd = (AtomicBool, AtomicBool);

fn turn_ends() -> [TurnEnd; 2] {
    std::array::from_fn(|_| (AtomicBool::new(false), AtomicBool::new(false)))
}

/// What the search counts: its steps, the steps it took while the test
/// lent it no turn, and how often it was started.
#[derive(Default)]
struct Counts {
    steps: AtomicU64,
    strays: AtomicU64,
    started: AtomicU64,
}

/// A search that counts its steps, waiting for its turn before each, and
/// at its `k`-th thousandth step ends turn `k` and waits there until the
/// test has looked; it answers at [`STEPS`]. `lending` is raised while
/// the test is lending it a turn.
fn counting(
    budget: &Budget,
    counts: &Counts,
    lending: &AtomicBool,
    ends: &[TurnEnd; 2],
) -> (Outcome, Stats) {
    counts.started.fetch_add(1, Ordering::SeqCst);
    loop {
        if let Some(stop) = budget.stop_between_turns(|| 4096) {
            return (stop.into(), Stats::default());
        }
        if !lending.load(Ordering::SeqCst) {
            counts.strays.fetch_add(1, Ordering::SeqCst);
        }
        let step = counts.steps.fetch_add(1, Ordering::SeqCst) + 1;
        if step == STEPS {
            let stats = Stats {
                expanded: step,
                peak_bytes: 0,
                winner: Some(Strategy::PushPull),
            };
            return (Outcome::Solved(Vec::new()), stats);
        }
        let turn = usize::try_from(step / 1_000).unwrap_or(usize::MAX);
        let end = ends
            .get(turn.wrapping_sub(1))
            .filter(|_| step.is_multiple_of(1_000));
        if let Some((ending, looked)) = end {
            ending.store(true, Ordering::SeqCst);
            // Bounded by calls, not time: a search that never pauses ends
            // here instead of holding the test up.
            for _ in 0..SPINS {
                if looked.load(Ordering::SeqCst) {
                    break;
                }
                if let Some(stop) = budget.stop_between_turns(|| 4096) {
                    return (stop.into(), Stats::default());
                }
            }
            if !looked.load(Ordering::SeqCst) {
                return (Outcome::GaveUp, Stats::default());
            }
        }
    }
}

/// Retires the search when dropped: a failed assertion then ends the
/// test instead of leaving the scope waiting on a search that waits for a
/// turn.
struct RetireOnDrop<'a>(&'a Turns);

impl Drop for RetireOnDrop<'_> {
    fn drop(&mut self) {
        self.0.retire();
    }
}

#[test]
fn each_turn_goes_on_from_where_the_last_paused_and_nothing_runs_between() {
    let cancel = AtomicBool::new(false);
    let budget = Budget::new(Duration::from_secs(3_600), &cancel);
    let turns = Turns::new();
    let counts = Counts::default();
    let lending = AtomicBool::new(false);
    let ends = turn_ends();
    let search_budget = budget.taking_turns(&turns);
    let lend = |turn: &Budget| {
        lending.store(true, Ordering::SeqCst);
        let answer = turns.lend(turn).expect("a turn");
        lending.store(false, Ordering::SeqCst);
        answer
    };
    let (third, carried) = std::thread::scope(|scope| {
        let search =
            scope.spawn(|| turns.serve(|| counting(&search_budget, &counts, &lending, &ends)));
        let retire = RetireOnDrop(&turns);
        assert_eq!(turns.held(), 0);
        for (turn, (ending, looked)) in ends.iter().enumerate() {
            let (outcome, _) = lend(&budget.racing(ending));
            // The turn's own flag stands for the race's: the turn reports
            // what stopped it, while the search only paused.
            assert_eq!(outcome, Outcome::Cancelled);
            // Paused where the turn ended, not started over.
            let paused_at = counts.steps.load(Ordering::SeqCst);
            assert_eq!(paused_at, 1_000 * (turn as u64 + 1));
            assert_eq!(turns.held(), 4096);
            looked.store(true, Ordering::SeqCst);
            std::thread::yield_now();
        }
        let third = lend(&budget);
        drop(retire);
        (third, search.join().expect("the search returns"))
    });
    assert_eq!(third.0, Outcome::Solved(Vec::new()));
    assert_eq!(third.1.winner, Some(Strategy::PushPull));
    assert_eq!(counts.steps.load(Ordering::SeqCst), STEPS);
    assert_eq!(
        counts.strays.load(Ordering::SeqCst),
        0,
        "steps between turns"
    );
    assert_eq!(counts.started.load(Ordering::SeqCst), 1);
    assert_eq!(carried.1.expanded, STEPS);
    // A turn lent after the answer gives it again at once.
    let again = turns.lend(&budget).map(|turn| turn.0);
    assert_eq!(again, Some(Outcome::Solved(Vec::new())));
}

#[test]
fn a_search_waiting_for_a_turn_ends_when_the_race_retires_it() {
    let cancel = AtomicBool::new(false);
    let budget = Budget::new(Duration::from_secs(3_600), &cancel);
    let turns = Turns::new();
    let counts = Counts::default();
    let lending = AtomicBool::new(true);
    let ends = turn_ends();
    let search_budget = budget.taking_turns(&turns);
    let (outcome, _) = std::thread::scope(|scope| {
        let search =
            scope.spawn(|| turns.serve(|| counting(&search_budget, &counts, &lending, &ends)));
        turns.lend(&budget.racing(&ends[0].0));
        turns.retire();
        search.join().expect("the search returns")
    });
    assert_eq!(outcome, Outcome::Cancelled);
    assert_eq!(counts.steps.load(Ordering::SeqCst), 1_000);
}

#[test]
fn a_search_retired_before_its_first_turn_never_starts() {
    let turns = Turns::new();
    let started = AtomicU64::new(0);
    let outcome = std::thread::scope(|scope| {
        let search = scope.spawn(|| {
            turns.serve(|| {
                started.fetch_add(1, Ordering::SeqCst);
                (Outcome::GaveUp, Stats::default())
            })
        });
        turns.retire();
        search.join().expect("the search returns").0
    });
    assert_eq!(outcome, Outcome::Cancelled);
    assert_eq!(started.load(Ordering::SeqCst), 0);
}
