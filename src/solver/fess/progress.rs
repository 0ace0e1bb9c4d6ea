//! What FESS counts as boxes packed.

use crate::solver::board::{Board, Cell};
use crate::solver::budget::Budget;
use crate::solver::packing::PackingOrder;
use crate::solver::parking::ParkingPlan;

/// How the search counts boxes packed: by the parking plan on levels
/// whose plan parks a box on the way, where fill layers cannot tell a
/// park from a blunder, else by the fill layers (rkirov/sokoban-ai
/// measured 52 to 59 of `XSokoban`'s 90 so, and lost one with the plan
/// used everywhere).
pub enum Packing {
    Layers(PackingOrder),
    Plan(ParkingPlan),
}

impl Packing {
    /// `None` when `budget` stops it.
    pub fn new(board: &Board, starts: &[Cell], budget: &Budget) -> Option<Self> {
        match ParkingPlan::new(board, starts, budget) {
            Ok(Some(plan)) => Some(Self::Plan(plan)),
            Ok(None) => PackingOrder::new(board, starts, budget).map(Self::Layers),
            Err(_) => None,
        }
    }

    pub fn packed(&self, occupied: &[bool]) -> u32 {
        match self {
            Self::Layers(order) => order.packed(occupied),
            Self::Plan(plan) => plan.progress(occupied),
        }
    }
}
