//! The generator's integration tests, in one binary: each module is one
//! subject. Levels come from seeds and XSB literals.

mod generate;
mod golden;
mod rules;
