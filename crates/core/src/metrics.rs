//! What players compare solutions by: moves and pushes first, then box
//! changes and pushing sessions, as YASC and the score boards count them.
//! All four come from the LURD alone, without the level: a push moves the
//! box in front of the player, so where the last pushed box went is known
//! from the steps.

use super::level::Direction;
use super::lurd::Step;

/// The counts of a line of play with no undos in it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Metrics {
    /// Every step, pushes included.
    pub moves: usize,
    /// Steps that push a box.
    pub pushes: usize,
    /// How often the box pushed is another than the one pushed before (the
    /// first push counts one).
    pub box_changes: usize,
    /// Runs of pushes with no walk between them.
    pub pushing_sessions: usize,
}

impl Metrics {
    /// Counts `steps`.
    pub fn of(steps: &[Step]) -> Self {
        let mut metrics = Self {
            moves: steps.len(),
            ..Self::default()
        };
        // Player and last pushed box, relative to where the player started.
        let mut player = (0_i64, 0_i64);
        let mut last_box: Option<(i64, i64)> = None;
        let mut pushing = false;
        for step in steps {
            let (dx, dy) = match step.direction {
                Direction::Left => (-1, 0),
                Direction::Up => (0, -1),
                Direction::Right => (1, 0),
                Direction::Down => (0, 1),
            };
            player = (player.0 + dx, player.1 + dy);
            if step.push {
                metrics.pushes += 1;
                if !pushing {
                    metrics.pushing_sessions += 1;
                }
                if last_box != Some(player) {
                    metrics.box_changes += 1;
                }
                last_box = Some((player.0 + dx, player.1 + dy));
            }
            pushing = step.push;
        }
        metrics
    }

    /// Whether `self` is at least as good as `other` on both moves and
    /// pushes and better on one: then `other` need not be kept.
    pub fn beats(&self, other: &Metrics) -> bool {
        self.moves <= other.moves
            && self.pushes <= other.pushes
            && (self.moves < other.moves || self.pushes < other.pushes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(lurd: &str) -> Vec<Step> {
        lurd.chars()
            .map(|c| Step::from_char(c).expect("a LURD letter"))
            .collect()
    }

    #[test]
    fn counts_moves_pushes_sessions_and_box_changes() {
        let m = Metrics::of(&steps("rRRdLLuRR"));
        assert_eq!((m.moves, m.pushes), (9, 6));
        // RR, then LL after a walk, then RR after a walk.
        assert_eq!(m.pushing_sessions, 3);
        // `LL` pushes another box than `RR` did, and `uRR` another than `LL`.
        assert_eq!(m.box_changes, 3);
    }

    #[test]
    fn one_box_pushed_around_a_corner_is_one_box() {
        // Push right, walk round above the box, push it down.
        let m = Metrics::of(&steps("RurD"));
        assert_eq!(m.box_changes, 1);
        assert_eq!(m.pushing_sessions, 2);
    }

    #[test]
    fn beats_needs_one_count_strictly_better() {
        let a = Metrics {
            moves: 10,
            pushes: 4,
            ..Metrics::default()
        };
        let fewer_pushes = Metrics { pushes: 3, ..a };
        let fewer_moves_more_pushes = Metrics {
            moves: 8,
            pushes: 5,
            ..a
        };
        assert!(fewer_pushes.beats(&a));
        assert!(!a.beats(&a));
        assert!(!fewer_moves_more_pushes.beats(&a));
        assert!(!a.beats(&fewer_moves_more_pushes));
    }
}
