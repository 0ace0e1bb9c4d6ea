//! A game in progress: where the boxes and player are, the line of play, and
//! the spec's score.

use std::fmt;

use super::level::{Direction, Level, Pos, Tile, xsb_board};
use super::line::{Line, line_getters};
use super::lurd::{LogEntry, LogError, Step, parse_log};

/// Why a move did nothing. A refused move counts nothing toward the score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// A wall, or the edge of the grid, is where the player would step.
    Blocked,
    /// A box is where the player would step, and it cannot move: a wall,
    /// another box or the edge of the grid is behind it.
    PushBlocked,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveError::Blocked => "a wall is in the way",
            MoveError::PushBlocked => "the box is blocked by a wall or another box",
        })
    }
}

impl std::error::Error for MoveError {}

/// A level being played. Every operation is O(1); the board is never scanned.
#[derive(Clone, Debug)]
pub struct Game {
    level: Level,
    /// Box occupancy by grid index.
    boxes: Vec<bool>,
    player: Pos,
    boxes_on_goals: usize,
    pushes: usize,
    line: Line<Pieces>,
}

/// Where the pieces were when a reset threw a game away.
#[derive(Clone, Debug)]
struct Pieces {
    player: Pos,
    boxes: Vec<bool>,
    boxes_on_goals: usize,
    pushes: usize,
}

impl Game {
    /// A game at the level's start, with no moves made.
    pub fn new(level: Level) -> Self {
        let mut game = Self {
            boxes: vec![false; level.width() * level.height()],
            player: level.player(),
            level,
            boxes_on_goals: 0,
            pushes: 0,
            line: Line::new(),
        };
        game.place_start();
        game
    }

    /// Starts `level` and replays a saved log through it, so the position and
    /// the score come back exactly as they were.
    pub fn replay(level: Level, log: &str) -> Result<Self, LogError> {
        let entries = parse_log(log)?;
        let mut game = Self::new(level);
        game.apply_log(&entries)?;
        Ok(game)
    }

    /// Plays log entries one by one, refusing any that does not fit the position.
    pub fn apply_log(&mut self, entries: &[LogEntry]) -> Result<(), LogError> {
        self.line.reserve(entries.len());
        for &entry in entries {
            let position = self.score() + 1;
            match entry {
                LogEntry::Undo => {
                    self.undo().ok_or(LogError::NothingToUndo { position })?;
                }
                LogEntry::Step(step) => match self.would_push(step.direction) {
                    Err(_) => return Err(LogError::Blocked { position, step }),
                    Ok(true) if !step.push => {
                        return Err(LogError::WalkIntoBox { position, step });
                    }
                    Ok(false) if step.push => {
                        return Err(LogError::PushWithoutBox { position, step });
                    }
                    Ok(_) => {
                        self.step(step.direction)
                            .expect("would_push has just allowed this step");
                    }
                },
            }
        }
        Ok(())
    }

    fn place_start(&mut self) {
        self.boxes.fill(false);
        self.boxes_on_goals = 0;
        for index in 0..self.level.boxes().len() {
            self.set_box(self.level.boxes()[index], true);
        }
        self.player = self.level.player();
    }

    /// The level being played.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// Where the player stands.
    pub fn player(&self) -> Pos {
        self.player
    }

    /// Whether a box stands on `pos`.
    pub fn has_box(&self, pos: Pos) -> bool {
        self.level.index(pos).is_some_and(|i| self.boxes[i])
    }

    /// Where the boxes stand now, row by row.
    pub fn box_positions(&self) -> impl Iterator<Item = Pos> + '_ {
        self.level.positions().filter(|&p| self.has_box(p))
    }

    /// Whether the player could stand on `pos`: inside the grid, not a wall, no box.
    pub fn is_free(&self, pos: Pos) -> bool {
        self.level.tile(pos) != Tile::Wall && !self.has_box(pos)
    }

    /// Pushes in the current line of play.
    pub fn pushes(&self) -> usize {
        self.pushes
    }

    /// Whether every goal has a box.
    pub fn is_solved(&self) -> bool {
        self.boxes_on_goals == self.level.boxes().len()
    }

    line_getters!();

    /// Whether a move that way would push a box, or why it cannot be made.
    pub fn would_push(&self, direction: Direction) -> Result<bool, MoveError> {
        let target = self
            .level
            .neighbour(self.player, direction)
            .filter(|&target| self.level.tile(target) != Tile::Wall)
            .ok_or(MoveError::Blocked)?;
        if !self.has_box(target) {
            return Ok(false);
        }
        self.level
            .neighbour(target, direction)
            .is_some_and(|beyond| self.is_free(beyond))
            .then_some(true)
            .ok_or(MoveError::PushBlocked)
    }

    /// Moves the player one cell, pushing a box if one is in the way. Returns
    /// the step taken, or why nothing moved (and then counts nothing).
    pub fn step(&mut self, direction: Direction) -> Result<Step, MoveError> {
        let step = self.apply(direction)?;
        self.line.took(step);
        Ok(step)
    }

    /// Takes back the last step of the line of play. Counts as a move; with
    /// nothing to undo it does nothing and counts nothing.
    pub fn undo(&mut self) -> Option<Step> {
        let step = self.line.undo()?;
        let back = step.direction.opposite();
        let from = self.player;
        self.player = self.neighbour_unchecked(from, back);
        if step.push {
            let box_at = self.neighbour_unchecked(from, step.direction);
            self.set_box(box_at, false);
            self.set_box(from, true);
            self.pushes -= 1;
        }
        Some(step)
    }

    /// The fewest undos after which `wanted` holds (none when it holds
    /// now), or `None` when no position back to the start has it: how far
    /// back a player must go to reach a known line or free a box. The game
    /// itself is not changed.
    #[must_use]
    pub fn undos_until(&self, mut wanted: impl FnMut(&Game) -> bool) -> Option<usize> {
        let mut back = self.clone();
        for undos in 0..=self.history().len() {
            if wanted(&back) {
                return Some(undos);
            }
            back.undo()?;
        }
        None
    }

    /// Plays the most recently undone step again. It counts as a move.
    pub fn redo(&mut self) -> Option<Step> {
        let step = self.line.next_redo()?;
        let taken = self.apply(step.direction);
        debug_assert_eq!(taken, Ok(step), "a redo replays what was undone");
        self.line.redone(step);
        Some(step)
    }

    /// Back to the start: history, redo list and score are cleared. The
    /// game thrown away is kept for [`Self::undo_reset`] when it had moves.
    pub fn reset(&mut self) {
        self.line.reset(|| Pieces {
            player: self.player,
            boxes: self.boxes.clone(),
            boxes_on_goals: self.boxes_on_goals,
            pushes: self.pushes,
        });
        self.place_start();
        self.pushes = 0;
    }

    /// Takes back the last reset when there is no step left to undo: the
    /// position, line of play and score are as they were before it (the
    /// log, which a save holds, cannot tell a reset, so this counts nothing).
    /// Moves made since the reset are dropped; returns whether it did it.
    pub fn undo_reset(&mut self) -> bool {
        let Some(pieces) = self.line.undo_reset() else {
            return false;
        };
        self.player = pieces.player;
        self.boxes = pieces.boxes;
        self.boxes_on_goals = pieces.boxes_on_goals;
        self.pushes = pieces.pushes;
        true
    }

    /// Plays `steps` from the level's start, as a snapshot or a solution
    /// is brought back; the game before is kept as a reset keeps it, so an
    /// undo brings it back. Steps that do not fit leave the game as it was.
    pub fn play_from_start(&mut self, steps: &[Step]) -> Result<(), LogError> {
        let before = self.clone();
        self.reset();
        let entries: Vec<LogEntry> = steps.iter().copied().map(LogEntry::Step).collect();
        self.apply_log(&entries).inspect_err(|_| *self = before)
    }

    /// The current position as a level of its own, for the solver.
    pub fn current_position(&self) -> Level {
        self.level
            .with_position(self.box_positions().collect(), self.player)
    }

    /// The current position as XSB text.
    pub fn to_xsb(&self) -> String {
        xsb_board(&self.level, |p| self.has_box(p), self.player)
    }

    fn apply(&mut self, direction: Direction) -> Result<Step, MoveError> {
        let push = self.would_push(direction)?;
        let target = self.neighbour_unchecked(self.player, direction);
        if push {
            let beyond = self.neighbour_unchecked(target, direction);
            self.set_box(target, false);
            self.set_box(beyond, true);
            self.pushes += 1;
        }
        self.player = target;
        Ok(Step { direction, push })
    }

    /// A neighbour already known to be on the grid.
    fn neighbour_unchecked(&self, pos: Pos, direction: Direction) -> Pos {
        self.level
            .neighbour(pos, direction)
            .expect("the line of play only visits cells on the grid")
    }

    fn set_box(&mut self, pos: Pos, present: bool) {
        let index = self.level.index(pos).expect("boxes stay on the grid");
        if self.boxes[index] == present {
            return;
        }
        self.boxes[index] = present;
        if self.level.tile(pos) == Tile::Goal {
            if present {
                self.boxes_on_goals += 1;
            } else {
                self.boxes_on_goals -= 1;
            }
        }
    }
}
