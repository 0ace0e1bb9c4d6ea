//! The seeded random stream: SplitMix64 (Steele, Lea and Flood, 2014),
//! written out here so that a seed gives the same numbers on every machine
//! and with every version of every dependency.

/// A SplitMix64 generator: a 64-bit state advanced by a fixed odd constant,
/// each output a mix of the state.
#[derive(Clone, Debug)]
pub(crate) struct Rng {
    state: u64,
}

impl Rng {
    /// The stream for `seed`, kept apart from other streams by `stream`
    /// (so a seed's small level and large level differ).
    pub(crate) fn new(seed: u64, stream: u64) -> Self {
        let mut rng = Self {
            state: seed ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03),
        };
        // Mix once so nearby seeds start far apart.
        rng.next_u64();
        rng
    }

    /// The next 64 bits of the stream.
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound` > 0), by Lemire's multiply-shift;
    /// its tiny bias does not matter for levels.
    pub(crate) fn below(&mut self, bound: usize) -> usize {
        debug_assert!(bound > 0);
        ((u128::from(self.next_u64()) * bound as u128) >> 64) as usize
    }

    /// A number in `low..=high`.
    pub(crate) fn between(&mut self, low: usize, high: usize) -> usize {
        low + self.below(high - low + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn the_stream_is_splitmix64() {
        // SplitMix64 from state 0 gives 0xE220A8397B1DCDAF first: the
        // published reference value. Our constructor mixes once, so build
        // the state by hand.
        let mut rng = Rng { state: 0 };
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn below_stays_in_range() {
        let mut rng = Rng::new(7, 1);
        assert!((0..1000).all(|_| rng.below(9) < 9));
    }
}
