//! The optimizer's shorter solution, waiting for the watch to reach a
//! position on it.

use std::collections::HashMap;

use schokoban_core::{Game, LogEntry, Pos, Step};

/// A shorter solution from the watch's start, with the first move at
/// which it reaches each position (boxes sorted, then the player).
#[derive(Debug)]
pub struct Shorter {
    pub moves: Vec<LogEntry>,
    reached: HashMap<(Vec<Pos>, Pos), usize>,
}

impl Shorter {
    /// `None` when the steps do not play from `start`.
    pub fn new(start: &Game, steps: Vec<Step>) -> Option<Self> {
        let mut game = start.clone();
        let mut reached = HashMap::new();
        reached.insert(position(&game), 0);
        for (index, step) in steps.iter().enumerate() {
            game.step(step.direction).ok()?;
            reached.entry(position(&game)).or_insert(index + 1);
        }
        Some(Self {
            moves: steps.into_iter().map(LogEntry::Step).collect(),
            reached,
        })
    }

    /// How many of its moves reach `game`'s position, if any do.
    pub fn index_of(&self, game: &Game) -> Option<usize> {
        self.reached.get(&position(game)).copied()
    }
}

fn position(game: &Game) -> (Vec<Pos>, Pos) {
    let mut boxes: Vec<Pos> = game.box_positions().collect();
    boxes.sort_unstable();
    (boxes, game.player())
}
