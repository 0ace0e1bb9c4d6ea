//! The moves no advisor nominated, kept until their turn comes rather than
//! generated again: generating is most of the cost of a position. They are
//! most of the search's memory (on `XSokoban` 89, 13 million moves in 300
//! of the plan search's 390 MiB), so they are packed into 12 bytes instead
//! of a `MacroMove`'s 16, and stored in chunks that are never copied or
//! doubled.

use crate::board::Cell;
use crate::moves::MacroMove;

/// Moves per chunk: 48 KiB each, small beside any memory cap.
const CHUNK: usize = 1 << 12;

/// A [`MacroMove`], losslessly: a board has at most 65,535 cells, so its
/// areas fit 16 bits, and one move's pushes, fewer than four times the
/// cells (one per state of its search), fit the 30 bits beside the last
/// push's direction.
#[derive(Clone, Copy)]
struct Packed {
    from: Cell,
    to: Cell,
    player: Cell,
    regions: u16,
    pushes_and_last: u32,
}

impl Packed {
    fn new(mv: MacroMove) -> Self {
        Self {
            from: mv.from,
            to: mv.to,
            player: mv.player,
            regions: mv.regions as u16,
            pushes_and_last: mv.pushes << 2 | u32::from(mv.last),
        }
    }

    fn unpack(self) -> MacroMove {
        MacroMove {
            from: self.from,
            to: self.to,
            last: (self.pushes_and_last & 3) as u8,
            pushes: self.pushes_and_last >> 2,
            regions: u32::from(self.regions),
            player: self.player,
        }
    }
}

/// The kept moves in the order kept, each found again by its index.
#[derive(Default)]
pub struct Kept {
    chunks: Vec<Vec<Packed>>,
    len: usize,
}

impl Kept {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn bytes(&self) -> usize {
        self.chunks.len() * CHUNK * size_of::<Packed>()
            + self.chunks.capacity() * size_of::<Vec<Packed>>()
    }

    /// Keeps `moves`, unless the chunks they need take more than `spare`
    /// bytes: then it keeps none and says `false`.
    pub fn extend(&mut self, moves: impl Iterator<Item = MacroMove> + Clone, spare: usize) -> bool {
        let room = self.chunks.len() * CHUNK - self.len;
        let chunks = moves.clone().count().saturating_sub(room).div_ceil(CHUNK);
        let list = (self.chunks.len() + chunks).saturating_sub(self.chunks.capacity());
        if chunks * CHUNK * size_of::<Packed>() + list * size_of::<Vec<Packed>>() > spare {
            return false;
        }
        for mv in moves {
            if self.len == self.chunks.len() * CHUNK {
                self.chunks.push(Vec::with_capacity(CHUNK));
            }
            self.chunks[self.len / CHUNK].push(Packed::new(mv));
            self.len += 1;
        }
        true
    }

    pub fn get(&self, index: usize) -> MacroMove {
        self.chunks[index / CHUNK][index % CHUNK].unpack()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::NONE;

    fn mv(i: usize) -> MacroMove {
        MacroMove {
            from: (i % 65_000) as Cell,
            to: (i * 7 % 65_535) as Cell,
            last: (i % 4) as u8,
            pushes: (i * 13 % 262_140) as u32,
            regions: (i % 65_535) as u32,
            player: if i.is_multiple_of(3) {
                NONE
            } else {
                (i % 1_000) as Cell
            },
        }
    }

    #[test]
    fn moves_come_back_as_kept_across_chunks() {
        let mut kept = Kept::default();
        let moves: Vec<MacroMove> = (0..CHUNK * 2 + 5).map(mv).collect();
        for batch in moves.chunks(1_000) {
            assert!(kept.extend(batch.iter().copied(), usize::MAX));
        }
        assert_eq!(kept.len(), moves.len());
        for (i, &expected) in moves.iter().enumerate() {
            assert_eq!(kept.get(i), expected);
        }
        let extremes = MacroMove {
            from: 65_534,
            to: 0,
            last: 3,
            pushes: 65_535 * 4,
            regions: 65_535,
            player: NONE,
        };
        assert!(kept.extend([extremes].into_iter(), usize::MAX));
        assert_eq!(kept.get(moves.len()), extremes);
    }

    #[test]
    fn a_chunk_that_does_not_fit_keeps_nothing() {
        let mut kept = Kept::default();
        let moves: Vec<MacroMove> = (0..10).map(mv).collect();
        let all = || moves.iter().copied();
        assert!(!kept.extend(all(), CHUNK * size_of::<Packed>() - 1));
        assert_eq!((kept.len(), kept.bytes()), (0, 0));
        assert!(kept.extend(all(), usize::MAX));
        let full = kept.bytes();
        // Room left in the chunk: no more bytes needed.
        assert!(kept.extend(all(), 0));
        assert_eq!(kept.bytes(), full);
    }
}
