//! The built-in level collections.

mod collection;

pub use collection::Collection;
