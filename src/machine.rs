//! What this machine can give the solver.

use std::sync::OnceLock;
use std::time::Duration;

use schokoban_solver::Limits;

/// The solver's limits for `time` here: the solver's default memory cap,
/// or a quarter of the machine's memory where that is less, so that a
/// hint on a small machine leaves the rest of it what it needs.
#[must_use]
pub fn solver_limits(time: Duration) -> Limits {
    Limits::with_time(time).with_memory(memory_cap())
}

/// Reads the machine's memory now, so that no screen is the first to ask
/// and none reads a file; the game calls it before its first screen.
pub fn read_memory() {
    memory_cap();
}

fn memory_cap() -> usize {
    static CAP: OnceLock<usize> = OnceLock::new();
    *CAP.get_or_init(|| {
        let meminfo = std::fs::read_to_string("/proc/meminfo").ok();
        cap_for(meminfo.as_deref())
    })
}

/// The cap on a machine whose `/proc/meminfo` reads `meminfo`; the
/// solver's default where there is none to read (not Linux) or it does
/// not say.
fn cap_for(meminfo: Option<&str>) -> usize {
    meminfo
        .and_then(total_bytes)
        .map_or(Limits::DEFAULT_MEMORY_BYTES, |total| {
            (total / 4).min(Limits::DEFAULT_MEMORY_BYTES)
        })
}

fn total_bytes(meminfo: &str) -> Option<usize> {
    let total = meminfo
        .lines()
        .find_map(|line| line.strip_prefix("MemTotal:"))?;
    let kib: usize = total.trim().strip_suffix("kB")?.trim_end().parse().ok()?;
    kib.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GIB: usize = 1 << 30;

    fn meminfo(total_kib: usize) -> String {
        format!("MemTotal:       {total_kib} kB\nMemFree:         1024 kB\n")
    }

    #[test]
    fn a_small_machine_gives_the_solver_a_quarter_of_its_memory() {
        assert_eq!(cap_for(Some(&meminfo(4 << 20))), GIB);
        assert_eq!(cap_for(Some(&meminfo(1 << 20))), GIB / 4);
    }

    #[test]
    fn a_large_machine_gives_the_solver_its_default() {
        let large = meminfo(24 << 20);
        assert_eq!(cap_for(Some(&large)), Limits::DEFAULT_MEMORY_BYTES);
    }

    #[test]
    fn without_a_reading_the_solver_keeps_its_default() {
        assert_eq!(cap_for(None), Limits::DEFAULT_MEMORY_BYTES);
        assert_eq!(
            cap_for(Some("MemFree: 10 kB\n")),
            Limits::DEFAULT_MEMORY_BYTES
        );
        assert_eq!(
            cap_for(Some("MemTotal: lots\n")),
            Limits::DEFAULT_MEMORY_BYTES
        );
    }
}
