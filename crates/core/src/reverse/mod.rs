//! Reverse play: the boxes start on the goals and the player pulls them
//! back to where the level starts. A box can never be pulled into a
//! corner, which is why players use it as a way into hard levels; the
//! pulls, read backwards, are a forward solution.

mod ending;
mod rooms;

use crate::level::{Direction, Level, Pos, Tile};
use crate::line::{Line, line_getters};
use crate::lurd::{LogEntry, LogError, Step};
use crate::paths::reachable;
use crate::state::MoveError;

/// A level played in reverse. The line of play is kept as [`Step`]s whose
/// `push` means a pull: LURD letters in upper case pull.
#[derive(Clone, Debug)]
pub struct ReverseGame {
    level: Level,
    /// The level's floor: the cells the player reaches from the level's
    /// start through boxes. Reverse play never leaves it.
    inside: Vec<bool>,
    /// Where the line of play starts: every box on a goal and the player
    /// here, which is chosen freely before the first pull.
    start: Pos,
    position: Position,
    /// As in forward play; jumps throw games away as resets do.
    line: Line<(Pos, Position)>,
}

/// Where the boxes and the player are.
#[derive(Clone, Debug)]
struct Position {
    boxes: Vec<bool>,
    player: Pos,
    pulls: usize,
}

impl ReverseGame {
    /// Every box on a goal, the player at the level's start if that cell
    /// is free then, else on the first free cell of the floor.
    pub fn new(level: Level) -> Self {
        let inside = reachable(&level, level.player(), &|pos| level.tile(pos) == Tile::Wall);
        let boxes: Vec<bool> = level
            .positions()
            .map(|pos| level.tile(pos) == Tile::Goal)
            .collect();
        let free = |pos: Pos| level.index(pos).is_some_and(|i| inside[i] && !boxes[i]);
        let start = if free(level.player()) {
            level.player()
        } else {
            level
                .positions()
                .find(|&pos| free(pos))
                .unwrap_or(level.player())
        };
        Self {
            inside,
            start,
            position: Position {
                boxes,
                player: start,
                pulls: 0,
            },
            level,
            line: Line::new(),
        }
    }

    /// The game begun with the player at `start`, then `log` replayed
    /// (upper case pulls, `x` undoes): how a kept reverse game comes back.
    pub fn replay(level: Level, start: Pos, log: &[LogEntry]) -> Result<Self, ReplayError> {
        let mut game = Self::new(level);
        game.restore(start, log)?;
        // Nothing came before it to take back.
        game.line.forget_resets();
        Ok(game)
    }

    /// Plays log entries one by one, refusing any that does not fit.
    pub fn apply_log(&mut self, entries: &[LogEntry]) -> Result<(), LogError> {
        for &entry in entries {
            let position = self.score() + 1;
            match entry {
                LogEntry::Undo => {
                    self.undo().ok_or(LogError::NothingToUndo { position })?;
                }
                LogEntry::Step(step) => {
                    if step.push && !self.can_pull(step.direction) {
                        return Err(LogError::PushWithoutBox { position, step });
                    }
                    self.step(step.direction, step.push)
                        .map_err(|_| LogError::Blocked { position, step })?;
                }
            }
        }
        Ok(())
    }

    /// The level being played.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// Where the player stands.
    pub fn player(&self) -> Pos {
        self.position.player
    }

    /// Where the line of play started.
    pub fn start(&self) -> Pos {
        self.start
    }

    /// Whether a box stands on `pos`.
    pub fn has_box(&self, pos: Pos) -> bool {
        self.level
            .index(pos)
            .is_some_and(|i| self.position.boxes[i])
    }

    /// Whether the player could stand on `pos`: on the level's floor, no box.
    pub fn is_free(&self, pos: Pos) -> bool {
        self.level
            .index(pos)
            .is_some_and(|i| self.inside[i] && !self.position.boxes[i])
    }

    /// Pulls in the current line of play.
    pub fn pulls(&self) -> usize {
        self.position.pulls
    }

    line_getters!();

    /// Whether a move that way would pull a box: one stands on the other
    /// side of the player, and the way is free.
    pub fn can_pull(&self, direction: Direction) -> bool {
        self.would_move(direction).is_ok() && self.box_behind(direction).is_some()
    }

    /// Moves the player one cell; with `pull`, the box on the other side of
    /// the player, if any, comes along. Returns the step (its `push` says
    /// whether it pulled), or why nothing moved (and then counts nothing).
    pub fn step(&mut self, direction: Direction, pull: bool) -> Result<Step, MoveError> {
        let step = self.apply(direction, pull)?;
        self.line.took(step);
        Ok(step)
    }

    /// Takes back the last step. Counts as a move; with nothing to undo it
    /// does nothing and counts nothing.
    pub fn undo(&mut self) -> Option<Step> {
        let step = self.line.undo()?;
        let from = self.position.player;
        let back = self.neighbour(from, step.direction.opposite());
        if step.push {
            // The pulled box stands where the player came from.
            let behind = self.neighbour(back, step.direction.opposite());
            self.set_box(back, false);
            self.set_box(behind, true);
            self.position.pulls -= 1;
        }
        self.position.player = back;
        Some(step)
    }

    /// Plays the most recently undone step again. It counts as a move.
    pub fn redo(&mut self) -> Option<Step> {
        let step = self.line.next_redo()?;
        let taken = self.apply(step.direction, step.push);
        debug_assert_eq!(taken, Ok(step), "a redo replays what was undone");
        self.line.redone(step);
        Some(step)
    }

    /// Back to every box on its goal and the player where the line of play
    /// started, the count at 0; the game thrown away is kept for
    /// [`Self::undo_reset`] when it had moves.
    pub fn reset(&mut self) {
        self.line.reset(|| (self.start, self.position.clone()));
        self.position.boxes = self
            .level
            .positions()
            .map(|pos| self.level.tile(pos) == Tile::Goal)
            .collect();
        self.position.player = self.start;
        self.position.pulls = 0;
    }

    /// Takes back the last reset or jump when there is no step left to
    /// undo; returns whether it did.
    pub fn undo_reset(&mut self) -> bool {
        let Some((start, position)) = self.line.undo_reset() else {
            return false;
        };
        self.start = start;
        self.position = position;
        true
    }

    /// Plays `log` from the solved board with the player at `start`, as a
    /// snapshot is brought back; the game before is kept as a reset keeps
    /// it, so an undo brings it back. A log that does not fit leaves the
    /// game as it was.
    pub fn restore(&mut self, start: Pos, log: &[LogEntry]) -> Result<(), ReplayError> {
        let before = self.clone();
        self.reset();
        if !self.is_free(start) {
            *self = before;
            return Err(ReplayError::Start(start));
        }
        self.start = start;
        self.position.player = start;
        self.apply_log(log).map_err(|error| {
            *self = before;
            ReplayError::Log(error)
        })
    }

    /// Whether a move that way is possible: the cell is floor with no box.
    fn would_move(&self, direction: Direction) -> Result<Pos, MoveError> {
        let target = self
            .level
            .neighbour(self.position.player, direction)
            .filter(|&target| self.level.tile(target) != Tile::Wall)
            .ok_or(MoveError::Blocked)?;
        if self.has_box(target) {
            return Err(MoveError::PushBlocked);
        }
        Ok(target)
    }

    /// The box on the other side of the player from `direction`, if any.
    fn box_behind(&self, direction: Direction) -> Option<Pos> {
        self.level
            .neighbour(self.position.player, direction.opposite())
            .filter(|&behind| self.has_box(behind))
    }

    fn apply(&mut self, direction: Direction, pull: bool) -> Result<Step, MoveError> {
        let target = self.would_move(direction)?;
        let from = self.position.player;
        let pulled = pull && self.box_behind(direction).is_some();
        if let Some(behind) = self.box_behind(direction).filter(|_| pulled) {
            self.set_box(behind, false);
            self.set_box(from, true);
            self.position.pulls += 1;
        }
        self.position.player = target;
        Ok(Step {
            direction,
            push: pulled,
        })
    }

    /// A neighbour already known to be on the grid.
    fn neighbour(&self, pos: Pos, direction: Direction) -> Pos {
        self.level
            .neighbour(pos, direction)
            .expect("the line of play only visits cells on the grid")
    }

    fn set_box(&mut self, pos: Pos, present: bool) {
        let index = self.level.index(pos).expect("boxes stay on the grid");
        self.position.boxes[index] = present;
    }
}

/// Why a kept reverse game cannot be brought back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The start is no free cell of the level's floor.
    Start(Pos),
    /// A move of the log does not fit.
    Log(LogError),
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Start(pos) => write!(
                f,
                "the start at column {}, row {} is no free floor",
                pos.x + 1,
                pos.y + 1
            ),
            ReplayError::Log(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for ReplayError {}
