//! Growing the search's lists within its memory cap.

/// Whether `v` must grow to take `additional` more entries.
pub fn needs_room<T>(v: &Vec<T>, additional: usize) -> bool {
    v.capacity() - v.len() < additional
}

/// Grows `v` to take `additional` more entries, doubling as a `Vec` would
/// but by no more than `spare` bytes: one doubling of a large list could
/// otherwise pass the memory cap between two of the search's memory checks.
/// `false` when even `additional` does not fit.
pub fn grow_within<T>(v: &mut Vec<T>, additional: usize, spare: usize) -> bool {
    let affordable = spare / size_of::<T>().max(1);
    if affordable < additional {
        return false;
    }
    v.reserve_exact(additional.max(v.len()).max(64).min(affordable));
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_list_doubles_only_as_far_as_the_bytes_left() {
        let mut v: Vec<u64> = vec![0; 1_000];
        assert!(needs_room(&v, 1));
        // Room for 300 more u64s: it grows by 300, not by 1,000.
        assert!(grow_within(&mut v, 1, 2_400));
        assert!(v.capacity() >= 1_001 && v.capacity() <= 1_300);
        // Not even one more fits.
        v.resize(v.capacity(), 0);
        assert!(!grow_within(&mut v, 1, 7));
    }
}
