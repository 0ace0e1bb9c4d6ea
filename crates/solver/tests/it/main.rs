//! The solver's integration tests, in one binary: each module is one
//! subject. Levels come from XSB literals and the game's shipped collections.

mod known;
mod optimizer;
mod shipped;
mod solver;
mod solver_limits;
mod solver_soundness;
