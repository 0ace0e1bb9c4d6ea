//! PROVISIONAL stand-in for the levels branch's library, with the same API,
//! so the screens can be built in parallel. Replaced when that branch lands.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::game::{Level, parse_levels};
use crate::storage::Records;

pub struct Collection {
    pub id: &'static str,
    pub name: &'static str,
    levels: Vec<Level>,
}

impl Collection {
    pub fn len(&self) -> usize {
        self.levels.len()
    }
    pub fn is_empty(&self) -> bool {
        self.levels.is_empty()
    }
}

pub struct PlayableLevel {
    pub level: Level,
    pub path: Option<PathBuf>,
    pub records: Option<Records>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub furthest: usize,
    pub solved: BTreeSet<usize>,
}

pub struct Library {
    collections: Vec<Collection>,
    progress: Vec<Progress>,
}

impl Library {
    pub fn open(_data_dir: Option<PathBuf>) -> Self {
        let load = |text: &str| parse_levels(text).unwrap_or_default();
        let collections = vec![
            Collection {
                id: "microban",
                name: "Microban",
                levels: load(include_str!("../../../shared/levels/microban.xsb")),
            },
            Collection {
                id: "microban-ii",
                name: "Microban II",
                levels: load(include_str!("../../../shared/levels/microban-ii.xsb")),
            },
            Collection {
                id: "xsokoban",
                name: "XSokoban",
                levels: load(include_str!("../../../shared/levels/xsokoban.xsb")),
            },
        ];
        let progress = vec![Progress::default(); collections.len()];
        Self {
            collections,
            progress,
        }
    }

    pub fn notice(&self) -> Option<&str> {
        None
    }

    pub fn collections(&self) -> &[Collection] {
        &self.collections
    }

    pub fn level(&self, collection: usize, number: usize) -> Option<PlayableLevel> {
        let c = self.collections.get(collection)?;
        let level = c.levels.get(number.checked_sub(1)?)?.clone();
        let level = level.with_title(Some(format!("{} {number}", c.name)));
        Some(PlayableLevel {
            level,
            path: None,
            records: None,
        })
    }

    pub fn records_for_custom(&self, map: &Path) -> (Option<Records>, Option<String>) {
        (Some(Records::beside(map)), None)
    }

    pub fn progress(&self, collection: usize) -> Progress {
        self.progress.get(collection).cloned().unwrap_or_default()
    }

    pub fn mark_reached(&mut self, collection: usize, number: usize) -> Result<(), String> {
        if let Some(p) = self.progress.get_mut(collection) {
            p.furthest = p.furthest.max(number);
        }
        Ok(())
    }

    pub fn mark_solved(&mut self, collection: usize, number: usize) -> Result<(), String> {
        if let Some(p) = self.progress.get_mut(collection) {
            p.solved.insert(number);
        }
        Ok(())
    }
}
