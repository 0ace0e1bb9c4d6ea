//! What `bench` adds up over a file's levels and over all of them, and
//! how it prints times.

use std::time::Duration;

use super::Run;
use super::hints::HintTimes;

/// The results of some levels, summed up.
#[derive(Default)]
pub(super) struct Totals {
    times: Vec<Duration>,
    solved: usize,
    nodes: u64,
    /// Moves and pushes of the solutions as found and as optimized.
    found: (usize, usize),
    optimized: (usize, usize),
    /// Each solution's moves optimized over its moves found.
    ratios: Vec<f64>,
    /// The levels the solver failed on, as `FILE level N: why`.
    pub failures: Vec<String>,
    hints: HintTimes,
}

impl Totals {
    pub fn add(&mut self, run: &Run) {
        self.times.push(run.took);
        self.nodes += run.nodes;
        if let Some([found, optimized]) = run.solution {
            self.solved += 1;
            self.found = (self.found.0 + found.0, self.found.1 + found.1);
            self.optimized = (
                self.optimized.0 + optimized.0,
                self.optimized.1 + optimized.1,
            );
            self.ratios.push(ratio(optimized.0, found.0));
        }
        self.hints.extend(&run.hints);
    }

    pub fn extend(&mut self, other: Totals) {
        self.times.extend(other.times);
        self.solved += other.solved;
        self.nodes += other.nodes;
        self.found = (self.found.0 + other.found.0, self.found.1 + other.found.1);
        self.optimized = (
            self.optimized.0 + other.optimized.0,
            self.optimized.1 + other.optimized.1,
        );
        self.ratios.extend(other.ratios);
        self.failures.extend(other.failures);
        self.hints.extend(&other.hints);
    }

    /// One line: solved count, nodes, the solutions' moves and pushes (as
    /// optimized, then as found with the median of the optimized moves
    /// over those found), the median and worst time, and the hints' times
    /// when they were measured.
    pub fn line(&self) -> String {
        let mut times = self.times.clone();
        times.sort_unstable();
        let (median, worst) = times
            .last()
            .map_or((Duration::ZERO, Duration::ZERO), |&worst| {
                (median(&times), worst)
            });
        let mut ratios = self.ratios.clone();
        ratios.sort_unstable_by(f64::total_cmp);
        let middle = ratios.len() / 2;
        let ratio = match ratios.len() {
            0 => 1.0,
            n if n % 2 == 0 => f64::midpoint(ratios[middle - 1], ratios[middle]),
            _ => ratios[middle],
        };
        format!(
            "solved {} of {}, {} nodes, {} moves, {} pushes \
             (found: {} moves, {} pushes; moves x{ratio:.3} at the median), \
             median {} ms, worst {} ms{}",
            self.solved,
            self.times.len(),
            self.nodes,
            self.optimized.0,
            self.optimized.1,
            self.found.0,
            self.found.1,
            millis(median),
            millis(worst),
            self.hints.summary()
        )
    }
}

/// `part` over `whole`, 1 for nothing over nothing.
pub(super) fn ratio(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        1.0
    } else {
        part as f64 / whole as f64
    }
}

/// The middle of sorted, non-empty times; for an even count, the mean of
/// the middle two.
pub(super) fn median(sorted: &[Duration]) -> Duration {
    let middle = sorted.len() / 2;
    if sorted.len().is_multiple_of(2) {
        (sorted[middle - 1] + sorted[middle]) / 2
    } else {
        sorted[middle]
    }
}

pub(super) fn millis(time: Duration) -> String {
    format!("{:.1}", time.as_secs_f64() * 1000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(values: &[u64]) -> Vec<Duration> {
        values.iter().map(|&v| Duration::from_millis(v)).collect()
    }

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        assert_eq!(median(&ms(&[75, 2005])), Duration::from_millis(1040));
        assert_eq!(median(&ms(&[1, 2, 4, 100])), Duration::from_millis(3));
    }

    #[test]
    fn the_median_of_an_odd_count_is_the_middle_one() {
        assert_eq!(median(&ms(&[7])), Duration::from_millis(7));
        assert_eq!(median(&ms(&[1, 5, 900])), Duration::from_millis(5));
    }
}
