//! Asking for memory before it is needed. The searches read positions at
//! random across tables of tens of megabytes, so most of those reads miss
//! the cache; asked for early, several misses overlap instead of each
//! waiting its turn.

/// Starts loading the cache line holding `value` and returns at once: a
/// hint only, which does nothing where the processor has none.
#[inline]
pub fn prefetch<T>(value: &T) {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
    safe_arch::prefetch_t0(value);
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse")))]
    let _ = value;
}
