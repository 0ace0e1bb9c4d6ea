//! What FESS counts as boxes packed.

use crate::board::{Board, Cell};
use crate::budget::{Budget, Stop};
use crate::packing::PackingOrder;
use crate::parking::{Near, ParkingPlan, SharedPlan};

/// What a search counts as progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guide {
    /// Fill layers, or the parking plan on levels where it parks.
    Layers,
    /// The backward plan on every level it is found for. Alone it solves
    /// 64 of `XSokoban`'s 90 at 20 s, two more than [`Guide::Layers`]
    /// (rkirov/sokoban-ai found it one fewer): three of them (71, 74, 89)
    /// no other search here solves, and 36 in 5 s against 13 s.
    Plan,
    /// The plan found with more work where the shared search found none
    /// (`SharedPlan::late`), else fill layers.
    LatePlan,
    /// The plan of the line to the fewest boxes left where the plan search
    /// clears no board (`SharedPlan::partial`), else fill layers.
    PartialPlan,
}

impl Guide {
    /// The plan this guide counts progress along, from `shared`, which
    /// works it out once for all the searches on the level: `Ok(None)`
    /// where it counts fill layers instead.
    pub fn plan(
        self,
        (board, starts): (&Board, &[Cell]),
        shared: &SharedPlan,
        budget: &Budget,
    ) -> Result<Option<ParkingPlan>, Stop> {
        match self {
            Guide::Layers => shared.parking(board, starts, budget),
            Guide::Plan => shared.any(board, starts, budget),
            Guide::LatePlan => shared.late(board, starts, budget),
            Guide::PartialPlan => shared.partial(board, starts, budget),
        }
    }
}

/// How the search counts boxes packed: by the parking plan on levels
/// whose plan parks a box on the way, where fill layers cannot tell a
/// park from a blunder, else by the fill layers (rkirov/sokoban-ai
/// measured 52 to 59 of `XSokoban`'s 90 so, and lost one with the plan
/// used everywhere), or by the plan wherever there is one.
pub enum Packing {
    Layers(PackingOrder),
    Plan(ParkingPlan),
    /// Boxes on the squares of a position known to be solvable, which the
    /// search heads for (see `fess::imagine`).
    Imagined(Vec<Cell>),
}

impl Packing {
    /// `None` when `budget` stops it. The plan is [`Guide::plan`].
    pub fn new(
        (board, starts): (&Board, &[Cell]),
        guide: Guide,
        shared: &SharedPlan,
        budget: &Budget,
    ) -> Option<Self> {
        match guide.plan((board, starts), shared, budget) {
            Ok(Some(plan)) => Some(Self::Plan(plan)),
            Ok(None) => PackingOrder::new(board, starts, budget).map(Self::Layers),
            Err(_) => None,
        }
    }

    /// Readies `near` for the moves from the position with boxes where
    /// `occupied` is true.
    pub fn prepare(&self, occupied: &[bool], near: &mut Near) {
        if let Self::Plan(plan) = self {
            plan.prepare(occupied, near);
        }
    }

    /// The boxes packed once the box on `from` moves to `to` (`NONE` for no
    /// move) from the position `near` was prepared for; `occupied` shows
    /// the position after the move.
    pub fn packed(&self, occupied: &[bool], near: &Near, moved: (Cell, Cell)) -> u32 {
        match self {
            Self::Layers(order) => order.packed(occupied),
            Self::Plan(plan) => plan.progress_after(near, moved),
            Self::Imagined(cells) => {
                cells.iter().filter(|&&c| occupied[usize::from(c)]).count() as u32
            }
        }
    }
}
