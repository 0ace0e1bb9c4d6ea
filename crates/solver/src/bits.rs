//! Rows of bits over cells or states, as the dead-set and hotspot tables
//! keep them.

pub fn has_bit(words: &[u64], bit: usize) -> bool {
    words[bit / 64] & (1 << (bit % 64)) != 0
}

pub fn set_bit(words: &mut [u64], bit: usize) {
    words[bit / 64] |= 1 << (bit % 64);
}

/// How many bits two rows share.
pub fn overlap(row: &[u64], other: &[u64]) -> u32 {
    row.iter()
        .zip(other)
        .map(|(r, o)| (r & o).count_ones())
        .sum()
}
