//! Where a custom map's leaderboard and save go: beside the map, as the spec
//! wants, or under the data folder when the map's folder cannot be written.
//! The player is told by the screen that opens the map, from [`Placement`].

use std::io;
use std::path::{Path, PathBuf};

use super::Library;
use crate::storage::{Records, ensure_folder, full_path, probe_writable, remove_stale_temps};

/// Where a custom map's records go, and why there.
#[derive(Debug)]
pub struct CustomRecords {
    /// `None` when records and saves are off for this map.
    pub records: Option<Records>,
    pub placement: Placement,
}

/// Where a custom map's records are kept, as the spec wants or not.
#[derive(Debug)]
pub enum Placement {
    /// Beside the map.
    Beside,
    /// The map's `folder` cannot be written, so they are under `fallback`.
    Fallback {
        folder: PathBuf,
        error: io::Error,
        fallback: PathBuf,
    },
    /// Nowhere: the map's `folder` cannot be written, nor a fallback when
    /// there is a data folder.
    Off {
        folder: PathBuf,
        error: io::Error,
        fallback: Option<(PathBuf, io::Error)>,
    },
}

/// The longest readable part of a fallback folder's name.
const MAX_READABLE: usize = 48;

impl Library {
    /// Records for a map the player chose. A map in a folder we cannot write
    /// gets its own folder under `DATA/custom/`, named after its full path.
    pub fn records_for_custom(&self, map: &Path) -> CustomRecords {
        let map = full_path(map);
        let folder = map.parent().unwrap_or(Path::new("/")).to_path_buf();
        let Err(error) = probe_writable(&folder) else {
            remove_stale_temps(&folder);
            return CustomRecords {
                records: Some(Records::beside(&map)),
                placement: Placement::Beside,
            };
        };
        let Some(root) = self.data_dir() else {
            return CustomRecords {
                records: None,
                placement: Placement::Off {
                    folder,
                    error,
                    fallback: None,
                },
            };
        };
        let fallback = root.join("custom").join(folder_name(&map));
        match ensure_folder(&fallback).and_then(|()| probe_writable(&fallback)) {
            Ok(()) => CustomRecords {
                records: Some(Records::in_folder(&map, &fallback)),
                placement: Placement::Fallback {
                    folder,
                    error,
                    fallback,
                },
            },
            Err(fallback_error) => CustomRecords {
                records: None,
                placement: Placement::Off {
                    folder,
                    error,
                    fallback: Some((fallback, fallback_error)),
                },
            },
        }
    }
}

/// One folder per map path: the end of the path, readable, plus a hash of
/// the whole path so that `/a_b/c` and `/a/b_c` never share a folder.
fn folder_name(map: &Path) -> String {
    let text = map.to_string_lossy();
    let readable: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let start = readable.len().saturating_sub(MAX_READABLE);
    let readable = readable[start..].trim_start_matches(['_', '.']);
    format!(
        "{readable}-{:016x}",
        fnv1a(map.as_os_str().as_encoded_bytes())
    )
}

/// FNV-1a: tiny and, unlike std's hasher, the same in every Rust release,
/// so a map keeps its folder across upgrades.
pub(super) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folder_names_are_safe_distinct_and_stable() {
        let one = folder_name(Path::new("/a_b/c.xsb"));
        let two = folder_name(Path::new("/a/b_c.xsb"));
        assert_ne!(one, two);
        assert!(one.starts_with("a_b_c.xsb-"), "{one}");
        // FNV-1a of the empty input is its offset basis, a published constant.
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        let long = folder_name(Path::new(&format!("/{}/ä ö/map.xsb", "x".repeat(200))));
        assert!(long.len() <= MAX_READABLE + 17, "{long}");
        assert!(long.contains("__map.xsb-"), "{long}");
        let safe = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_');
        assert!(long.chars().all(safe), "{long}");
    }
}
