//! Reverse play: the boxes start on the goals and the player pulls them
//! back to where the level starts. A box can never be pulled into a
//! corner, which is why players use it as a way into hard levels; the
//! pulls, read backwards, are a forward solution.

use super::level::{Direction, Level, Pos, Tile};
use super::lurd::{LogEntry, LogError, Step};
use super::paths::{reachable, walk, walk_path};
use super::state::{Game, MoveError};

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
    /// The current line of play: what undo walks back through.
    history: Vec<Step>,
    /// Steps undone since the last new move, most recent last.
    redo: Vec<Step>,
    /// Everything since the last reset, undos included: its length is the
    /// score, as in forward play.
    log: Vec<LogEntry>,
    /// The games that resets (and jumps) threw away, latest last.
    before_resets: Vec<Played>,
}

/// Where the boxes and the player are.
#[derive(Clone, Debug)]
struct Position {
    boxes: Vec<bool>,
    player: Pos,
    pulls: usize,
}

/// A game's line of play as a reset found it.
#[derive(Clone, Debug)]
struct Played {
    start: Pos,
    position: Position,
    history: Vec<Step>,
    redo: Vec<Step>,
    log: Vec<LogEntry>,
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
            history: Vec::new(),
            redo: Vec::new(),
            log: Vec::new(),
            before_resets: Vec::new(),
        }
    }

    /// The game begun with the player at `start`, then `log` replayed
    /// (upper case pulls, `x` undoes): how a kept reverse game comes back.
    pub fn replay(level: Level, start: Pos, log: &[LogEntry]) -> Result<Self, ReplayError> {
        let mut game = Self::new(level);
        game.restore(start, log)?;
        // Nothing came before it to take back.
        game.before_resets.clear();
        Ok(game)
    }

    /// Plays log entries one by one, refusing any that does not fit.
    pub fn apply_log(&mut self, entries: &[LogEntry]) -> Result<(), LogError> {
        for &entry in entries {
            let position = self.log.len() + 1;
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

    /// The spec's score: every move, pull and undo since the last reset.
    pub fn score(&self) -> usize {
        self.log.len()
    }

    /// Pulls in the current line of play.
    pub fn pulls(&self) -> usize {
        self.position.pulls
    }

    /// Every move and undo since the last reset, upper case for a pull.
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// The current line of play, without the undone steps.
    pub fn history(&self) -> &[Step] {
        &self.history
    }

    /// Whether there is a move to undo.
    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }

    /// Whether an undo now would take back a reset (or a jump).
    pub fn can_undo_reset(&self) -> bool {
        self.history.is_empty() && !self.before_resets.is_empty()
    }

    /// Whether there is an undone move to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Whether the player may still jump to another cell: nothing has been
    /// pulled yet in this line of play.
    pub fn can_jump(&self) -> bool {
        !self.history.iter().any(|step| step.push)
    }

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
        self.redo.clear();
        self.log.push(LogEntry::Step(step));
        Ok(step)
    }

    /// Takes back the last step. Counts as a move; with nothing to undo it
    /// does nothing and counts nothing.
    pub fn undo(&mut self) -> Option<Step> {
        let step = self.history.pop()?;
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
        self.redo.push(step);
        self.log.push(LogEntry::Undo);
        Some(step)
    }

    /// Plays the most recently undone step again. It counts as a move.
    pub fn redo(&mut self) -> Option<Step> {
        let step = *self.redo.last()?;
        let taken = self.apply(step.direction, step.push);
        debug_assert_eq!(taken, Ok(step), "a redo replays what was undone");
        self.redo.pop();
        self.log.push(LogEntry::Step(step));
        Some(step)
    }

    /// Back to every box on its goal and the player where the line of play
    /// started, the count at 0; the game thrown away is kept for
    /// [`Self::undo_reset`] when it had moves.
    pub fn reset(&mut self) {
        if !self.log.is_empty() || !self.history.is_empty() {
            self.before_resets.push(Played {
                start: self.start,
                position: self.position.clone(),
                history: std::mem::take(&mut self.history),
                redo: std::mem::take(&mut self.redo),
                log: std::mem::take(&mut self.log),
            });
        }
        self.position.boxes = self
            .level
            .positions()
            .map(|pos| self.level.tile(pos) == Tile::Goal)
            .collect();
        self.position.player = self.start;
        self.position.pulls = 0;
        self.history.clear();
        self.redo.clear();
        self.log.clear();
    }

    /// Takes back the last reset or jump when there is no step left to
    /// undo; returns whether it did.
    pub fn undo_reset(&mut self) -> bool {
        if !self.can_undo_reset() {
            return false;
        }
        let Some(played) = self.before_resets.pop() else {
            return false;
        };
        self.start = played.start;
        self.position = played.position;
        self.history = played.history;
        self.redo = played.redo;
        self.log = played.log;
        true
    }

    /// Before the first pull, puts the player on `to`, any free cell of the
    /// floor, as the start of the line of play: the walks made so far are
    /// thrown away as a reset throws them (an undo brings them back).
    /// Returns whether the player moved.
    pub fn jump(&mut self, to: Pos) -> bool {
        if !self.can_jump() || !self.is_free(to) || to == self.position.player {
            return false;
        }
        self.reset();
        self.start = to;
        self.position.player = to;
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

    /// The rooms of the floor the player could stand in now: the free
    /// cells apart, each room as its cells row by row, the rooms ordered
    /// by their first cell.
    pub fn rooms(&self) -> Vec<Vec<Pos>> {
        let mut room_of: Vec<Option<usize>> = vec![None; self.position.boxes.len()];
        let mut rooms: Vec<Vec<Pos>> = Vec::new();
        for pos in self.level.positions() {
            let Some(index) = self.level.index(pos) else {
                continue;
            };
            if room_of[index].is_some() || !self.is_free(pos) {
                continue;
            }
            let reached = reachable(&self.level, pos, &|p| !self.is_free(p));
            let cells: Vec<Pos> = self
                .level
                .positions()
                .filter(|&p| self.level.index(p).is_some_and(|i| reached[i]))
                .collect();
            for &cell in &cells {
                if let Some(i) = self.level.index(cell) {
                    room_of[i] = Some(rooms.len());
                }
            }
            rooms.push(cells);
        }
        rooms
    }

    /// The first cell of the room after the player's (the first room after
    /// the last), if there is another room to jump to.
    pub fn next_room(&self) -> Option<Pos> {
        let rooms = self.rooms();
        let here = rooms
            .iter()
            .position(|room| room.contains(&self.position.player))?;
        (rooms.len() > 1).then(|| rooms[(here + 1) % rooms.len()][0])
    }

    /// The shortest walk (no pulls) from the player to `target`.
    pub fn walk_path(&self, target: Pos) -> Option<Vec<Direction>> {
        walk(&self.level, self.position.player, target, &|pos| {
            !self.is_free(pos)
        })
    }

    /// Whether the reverse game has reached the level's start: every box
    /// where the level starts them, and the player able to walk to the
    /// level's start cell.
    pub fn is_done(&self) -> bool {
        let boxes_home = self
            .level
            .positions()
            .all(|pos| self.has_box(pos) == self.level.boxes().contains(&pos));
        boxes_home
            && (self.position.player == self.level.player()
                || self.walk_path(self.level.player()).is_some())
    }

    /// The line of play as a forward solution, once [`Self::is_done`]: a
    /// walk from the level's start to where the reverse game ended, then
    /// the reverse steps read backwards, each pull a push; cut where the
    /// level is solved, and checked by replaying it. `None` before the end.
    pub fn forward_solution(&self) -> Option<Vec<Step>> {
        if !self.is_done() {
            return None;
        }
        let mut forward = Game::new(self.level.clone());
        let walk_there = walk_path(&forward, self.position.player)?;
        let backwards = self.history.iter().rev().map(|step| Step {
            direction: step.direction.opposite(),
            push: step.push,
        });
        let mut steps = Vec::new();
        for step in walk_there.into_iter().map(Step::walk).chain(backwards) {
            if forward.is_solved() {
                break;
            }
            if forward.step(step.direction) != Ok(step) {
                return None;
            }
            steps.push(step);
        }
        forward.is_solved().then_some(steps)
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
        let step = Step {
            direction,
            push: pulled,
        };
        self.history.push(step);
        Ok(step)
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
