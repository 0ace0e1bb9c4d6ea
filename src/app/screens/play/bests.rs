//! The header's comparison: the player's best solution by moves and by
//! pushes, and the shortest published one, in words where they fit.

use crate::app::message::plural;
use schokoban_core::Metrics;

/// What the header shows beside the record: the player's best solution
/// by moves and by pushes, and the shortest published one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bests {
    pub by_moves: Option<Metrics>,
    pub by_pushes: Option<Metrics>,
    pub published: Option<Metrics>,
}

impl Bests {
    /// Beside the record, with room: `Yours: 240 moves, 80 pushes
    /// Published: 198 moves, 60 pushes`. When the best by pushes is another
    /// solution, both are named, each with its other count, so that they do
    /// not read as one: `Yours: 25 moves (8 pushes), 6 pushes (27 moves)`.
    pub(crate) fn line(&self) -> String {
        let counts = |best: Metrics| {
            format!(
                "{}, {}",
                plural(best.moves, "move"),
                plural(best.pushes, "push")
            )
        };
        let mut parts = Vec::new();
        match self.yours() {
            Some((moves, None)) => parts.push(format!("Yours: {}", counts(moves))),
            Some((moves, Some(pushes))) => parts.push(format!(
                "Yours: {} ({}), {} ({})",
                plural(moves.moves, "move"),
                plural(moves.pushes, "push"),
                plural(pushes.pushes, "push"),
                plural(pushes.moves, "move"),
            )),
            None => {}
        }
        if let Some(published) = self.published {
            parts.push(format!("Published: {}", counts(published)));
        }
        parts.join("  ")
    }

    /// The same as moves/pushes, for a narrow screen: `yours 240/80,
    /// published 198/60`, or `yours 25/8 and 27/6` for two bests.
    pub(crate) fn short(&self) -> String {
        let pair = |best: Metrics| format!("{}/{}", best.moves, best.pushes);
        let yours = self.yours().map(|(moves, pushes)| match pushes {
            None => format!("yours {}", pair(moves)),
            Some(pushes) => format!("yours {} and {}", pair(moves), pair(pushes)),
        });
        let published = self
            .published
            .map(|best| format!("published {}", pair(best)));
        let parts: Vec<String> = yours.into_iter().chain(published).collect();
        parts.join(", ")
    }

    /// The best by moves and, when it is another solution's counts, the
    /// best by pushes.
    fn yours(&self) -> Option<(Metrics, Option<Metrics>)> {
        let (moves, pushes) = self.by_moves.zip(self.by_pushes)?;
        let same = (moves.moves, moves.pushes) == (pushes.moves, pushes.pushes);
        Some((moves, (!same).then_some(pushes)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn metrics(moves: usize, pushes: usize) -> Metrics {
        Metrics {
            moves,
            pushes,
            ..Metrics::default()
        }
    }

    #[test]
    fn one_best_reads_as_one_solution() {
        let bests = Bests {
            by_moves: Some(metrics(240, 80)),
            // Another solution with the same counts is the same best.
            by_pushes: Some(Metrics {
                box_changes: 9,
                ..metrics(240, 80)
            }),
            published: Some(metrics(198, 60)),
        };
        assert_eq!(
            bests.line(),
            "Yours: 240 moves, 80 pushes  Published: 198 moves, 60 pushes"
        );
        assert_eq!(bests.short(), "yours 240/80, published 198/60");
    }

    #[test]
    fn two_bests_are_named_apart_and_never_mixed_into_one() {
        let bests = Bests {
            by_moves: Some(metrics(25, 8)),
            by_pushes: Some(metrics(27, 6)),
            published: None,
        };
        assert_eq!(
            bests.line(),
            "Yours: 25 moves (8 pushes), 6 pushes (27 moves)"
        );
        assert_eq!(bests.short(), "yours 25/8 and 27/6");
    }
}
