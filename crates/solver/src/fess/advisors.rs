//! Advisors: each looks at every move of a position and nominates at most
//! one that makes a kind of progress. Nominated moves cost nothing and the
//! rest cost one, so the search tries lines with fewer unadvised moves
//! first (Shoham and Schaeffer's FESS; packing, connectivity and hotspots
//! are the advisors rkirov/sokoban-ai found paid).

use std::cmp::Reverse;

use super::space::Features;
use crate::moves::MacroMove;

/// Which advisors nominate moves. Hotspots always break ties; as an
/// advisor too they win some levels and lose others (at 20,000 positions
/// per level, 50 of `XSokoban`'s 90 with it, 53 without, 56 between them),
/// so the race runs both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Advice {
    /// Packing and connectivity.
    Plain,
    /// Packing, connectivity and hotspots.
    Hotspots,
}

/// A move with what the position after it achieves.
#[derive(Clone, Copy, Debug)]
pub struct Scored {
    pub mv: MacroMove,
    pub features: Features,
}

/// How many advisors there are.
pub const ADVISORS: usize = 3;

/// The moves the advisors nominate for a position with `features`, at most
/// one each and no move twice. None of them lowers the packing.
pub fn advise(
    features: Features,
    children: &[Scored],
    advice: Advice,
) -> [Option<MacroMove>; ADVISORS] {
    let packer = best(
        children,
        |f| f.packed > features.packed,
        |f| (f.packed, Reverse(f.areas), Reverse(f.hotspots)),
    );
    let keeps_packing = |f: Features| f.packed >= features.packed;
    let connector = best(
        children,
        |f| keeps_packing(f) && f.areas < features.areas,
        |f| (Reverse(f.areas), f.packed, Reverse(f.hotspots)),
    );
    let cooler = (advice == Advice::Hotspots).then(|| {
        best(
            children,
            |f| keeps_packing(f) && f.hotspots < features.hotspots,
            |f| (Reverse(f.hotspots), f.packed, Reverse(f.areas)),
        )
    });
    let cooler = cooler.flatten();
    distinct([packer, connector, cooler])
}

/// The nominations with any move named twice kept only the first time.
pub fn distinct(mut advised: [Option<MacroMove>; ADVISORS]) -> [Option<MacroMove>; ADVISORS] {
    for i in 1..ADVISORS {
        if advised[..i].contains(&advised[i]) {
            advised[i] = None;
        }
    }
    advised
}

/// The move of the highest ranked child that `wants`.
fn best<K: Ord>(
    children: &[Scored],
    wants: impl Fn(Features) -> bool,
    rank: impl Fn(Features) -> K,
) -> Option<MacroMove> {
    let wanted = children.iter().filter(|c| wants(c.features));
    strongest(wanted.map(|c| (c.mv, rank(c.features))))
}

/// The move of the highest ranked of `moves`, fewer pushes first among
/// equals, then the first, so runs repeat.
pub fn strongest<K: Ord>(moves: impl Iterator<Item = (MacroMove, K)>) -> Option<MacroMove> {
    let mut best: Option<((K, Reverse<u32>), MacroMove)> = None;
    for (mv, rank) in moves {
        let key = (rank, Reverse(mv.pushes));
        if best.as_ref().is_none_or(|(b, _)| key > *b) {
            best = Some((key, mv));
        }
    }
    best.map(|(_, mv)| mv)
}
