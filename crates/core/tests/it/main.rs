//! The core's integration tests, in one binary: each module is one subject,
//! and every level is an XSB literal.

mod common;
mod game_rules;
mod lurd_log;
mod parse_refusals;
mod parse_sok;
mod parse_xsb;
mod properties;
mod reverse_play;
mod solutions;
