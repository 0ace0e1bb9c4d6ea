//! Before the first pull the player may stand anywhere on the floor: the
//! rooms the boxes leave apart, and the jump between them.

use super::ReverseGame;
use crate::level::{Direction, Pos};
use crate::paths::{reachable, walk};

impl ReverseGame {
    /// Whether the player may still jump to another cell: nothing has been
    /// pulled yet in this line of play.
    pub fn can_jump(&self) -> bool {
        !self.history().iter().any(|step| step.push)
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
}
