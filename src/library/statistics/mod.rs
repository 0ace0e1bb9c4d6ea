//! The player's statistics: how much each level was played (attempts, time
//! and solves by day, in `statistics.txt`, see [`crate::storage::PlayCount`])
//! put together with what the records beside each level say (the best
//! solution kept, the leaderboard's best, the published solution), as
//! plain data for the statistics screen.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

mod key;
mod report;

use key::Group;
pub use key::LevelKey;
pub use report::{BestSolve, CollectionReport, Focus, LevelReport, Report};

use super::{AddedCollection, Collection, Library};
use crate::storage::{Finder, PlayCount, Records, SolutionsRead, read_statistics};
use schokoban_core::{Level, Metrics};

/// The statistics file, directly under the data folder.
pub const STATISTICS_FILE: &str = "statistics.txt";

/// Days the chart of solves covers, today the last.
pub const DAYS_SHOWN: u64 = 28;

/// The most levels the chart of bests reads the records of.
const MOST_CHARTED: usize = 40;

/// One level's counts, summed over the days.
#[derive(Clone, Debug, Default)]
struct Sum {
    attempts: u64,
    played: u64,
    solves: u64,
    first_solve: Option<u64>,
    /// The last day it was played.
    last_day: u64,
    /// The last day it was solved.
    last_solved: Option<u64>,
}

impl Sum {
    fn add(&mut self, count: &PlayCount) {
        self.attempts += count.attempts;
        self.played += count.played;
        self.solves += count.solves;
        self.first_solve = earliest(self.first_solve, count.first_solve);
        self.last_day = self.last_day.max(count.day);
        if count.solves > 0 {
            self.last_solved = self.last_solved.max(Some(count.day));
        }
    }

    /// What makes a level the one played last: solved last, else played.
    fn recency(&self) -> (Option<u64>, u64) {
        (self.last_solved, self.last_day)
    }
}

fn earliest(a: Option<u64>, b: Option<u64>) -> Option<u64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

impl Library {
    /// Where games add what they played; `None` when records are off.
    pub fn statistics_file(&self) -> Option<PathBuf> {
        Some(self.data_dir()?.join(STATISTICS_FILE))
    }

    /// The statistics as of `today` (days from 1970, UTC), with `focus`'s
    /// level in detail. Reads the statistics file and the records of the
    /// levels it shows; what cannot be read counts as nothing.
    pub fn statistics(&self, today: u64, focus: Option<Focus>) -> Report {
        let mut report = Report {
            today,
            solves_by_day: vec![0; DAYS_SHOWN as usize],
            ..Report::default()
        };
        let mut levels: BTreeMap<LevelKey, Sum> = BTreeMap::new();
        let path = self
            .readable_root
            .as_deref()
            .map(|r| r.join(STATISTICS_FILE));
        match path.as_deref().map(read_statistics) {
            Some(Ok(read)) => {
                if !read.problems.is_empty() {
                    let lines: Vec<String> =
                        read.problems.iter().map(ToString::to_string).collect();
                    report.problems.push(format!(
                        "{STATISTICS_FILE} is damaged ({}); it is moved aside at the next write",
                        lines.join("; ")
                    ));
                }
                for count in &read.counts {
                    report.attempts += count.attempts;
                    report.played += count.played;
                    report.solves += count.solves;
                    if let Some(back) = today.checked_sub(count.day).filter(|&b| b < DAYS_SHOWN)
                        && let Some(slot) = report
                            .solves_by_day
                            .get_mut((DAYS_SHOWN - 1 - back) as usize)
                    {
                        *slot += count.solves;
                    }
                    if let Some(key) = LevelKey::parse(&count.level) {
                        levels.entry(key).or_default().add(count);
                    }
                }
            }
            Some(Err(error)) => report.problems.push(error.to_string()),
            None => {}
        }
        self.sum_collections(&mut report, &levels);
        report.levels_solved = report.collections.iter().map(|c| c.solved).sum();
        let chart_group = focus.as_ref().map(|f| f.key.group()).or_else(|| {
            let last = levels.iter().max_by_key(|(_, sum)| sum.recency())?;
            Some(last.0.group())
        });
        if let Some(group) = chart_group {
            report.chart_name = self.group_name(&group);
            let (chart, at) = self.chart(&group, &levels, focus.as_ref());
            report.chart = chart;
            report.chart_at = at;
        }
        report.focus = focus.map(|focus| {
            let sum = levels.get(&focus.key).cloned().unwrap_or_default();
            let mut level = level_report(focus.name, focus.key.number(), &sum);
            level.published = focus.published;
            if let Some(records) = &focus.records {
                with_records(&mut level, records);
            }
            level
        });
        report
    }

    /// Each collection's line: the built-in ones the player solved in or
    /// played, then the added ones, then maps and endless levels.
    fn sum_collections(&self, report: &mut Report, levels: &BTreeMap<LevelKey, Sum>) {
        let mut groups: BTreeMap<Group, (u64, u64, BTreeSet<usize>, usize)> = BTreeMap::new();
        for (key, sum) in levels {
            let entry = groups.entry(key.group()).or_default();
            entry.0 += sum.attempts;
            entry.1 += sum.played;
            if sum.solves > 0 {
                entry.3 += 1;
            }
            entry.2.extend(key.number());
        }
        for collection in Collection::ALL {
            let progress = self.progress(collection);
            let played = groups.remove(&Group::Builtin(collection));
            if progress.solved_count() == 0 && played.is_none() {
                continue;
            }
            let (attempts, seconds, mut numbers, _) = played.unwrap_or_default();
            numbers.extend(progress.solved());
            let records = self.collection_records(collection).unwrap_or_default();
            let saved = numbers
                .iter()
                .filter_map(|&n| records.get(n - 1))
                .map(saved_moves)
                .sum();
            report.collections.push(CollectionReport {
                name: collection.name().to_owned(),
                solved: progress.solved_count(),
                levels: Some(collection.level_count()),
                attempts,
                played: seconds,
                saved,
            });
        }
        for collection in self.added_collections().unwrap_or_default() {
            let progress = self.added_progress(&collection);
            let played = groups.remove(&Group::Added(collection.id.clone()));
            if progress.solved_count() == 0 && played.is_none() {
                continue;
            }
            let (attempts, seconds, mut numbers, _) = played.unwrap_or_default();
            numbers.extend(progress.solved());
            let saved = numbers
                .iter()
                .filter_map(|&n| self.added_level(&collection, n).ok())
                .map(|level| saved_moves(&level.records))
                .sum();
            report.collections.push(CollectionReport {
                name: collection.name.clone(),
                solved: progress.solved_count(),
                levels: Some(collection.level_count),
                attempts,
                played: seconds,
                saved,
            });
        }
        for group in [Group::Maps, Group::Endless] {
            if let Some((attempts, seconds, _, solved)) = groups.remove(&group) {
                report.collections.push(CollectionReport {
                    name: self.group_name(&group),
                    solved,
                    levels: None,
                    attempts,
                    played: seconds,
                    saved: 0,
                });
            }
        }
    }

    fn group_name(&self, group: &Group) -> String {
        match group {
            Group::Builtin(collection) => collection.name().to_owned(),
            Group::Added(id) => self
                .added_collection(id)
                .map_or_else(|_| id.clone(), |collection| collection.name),
            Group::Maps => "Other maps".to_owned(),
            Group::Endless => "Endless".to_owned(),
        }
    }

    /// The levels of `group` for the chart of bests: those played or solved,
    /// by number, at most [`MOST_CHARTED`] of them around the focus (or the
    /// one solved last), and where that one is among them. Maps and endless
    /// levels chart the focus alone.
    fn chart(
        &self,
        group: &Group,
        levels: &BTreeMap<LevelKey, Sum>,
        focus: Option<&Focus>,
    ) -> (Vec<LevelReport>, usize) {
        let in_group = |key: &&LevelKey| &key.group() == group;
        let mut numbers: BTreeSet<usize> = levels
            .keys()
            .filter(in_group)
            .filter_map(LevelKey::number)
            .collect();
        let anchor = focus.and_then(|f| f.key.number()).or_else(|| {
            let last = levels.iter().filter(|(k, _)| in_group(k));
            last.max_by_key(|(_, sum)| sum.recency())?.0.number()
        });
        let sum_of = |key: &LevelKey| levels.get(key).cloned().unwrap_or_default();
        let chart: Vec<LevelReport> = match group {
            Group::Builtin(collection) => {
                numbers.extend(self.progress(*collection).solved());
                numbers.extend(anchor);
                let records = self.collection_records(*collection).unwrap_or_default();
                around(&numbers, anchor)
                    .filter_map(|number| {
                        let level = collection.level(number - 1)?.ok()?;
                        let key = LevelKey::Builtin {
                            collection: *collection,
                            number,
                        };
                        let name = format!("{} {number}", collection.name());
                        let mut report = level_report(name, Some(number), &sum_of(&key));
                        report.published = published(&level);
                        if let Some(records) = records.get(number - 1) {
                            with_records(&mut report, records);
                        }
                        Some(report)
                    })
                    .collect()
            }
            Group::Added(id) => {
                let Ok(collection) = self.added_collection(id) else {
                    return (Vec::new(), 0);
                };
                numbers.extend(self.added_progress(&collection).solved());
                numbers.extend(anchor);
                around(&numbers, anchor)
                    .filter_map(|number| self.added_report(&collection, number, &sum_of))
                    .collect()
            }
            Group::Maps | Group::Endless => focus
                .map(|focus| {
                    let mut report =
                        level_report(focus.name.clone(), focus.key.number(), &sum_of(&focus.key));
                    report.published = focus.published;
                    if let Some(records) = &focus.records {
                        with_records(&mut report, records);
                    }
                    report
                })
                .into_iter()
                .collect(),
        };
        let at = anchor
            .and_then(|anchor| chart.iter().position(|l| l.number == Some(anchor)))
            .unwrap_or(chart.len().saturating_sub(1));
        (chart, at)
    }

    fn added_report(
        &self,
        collection: &AddedCollection,
        number: usize,
        sum_of: &impl Fn(&LevelKey) -> Sum,
    ) -> Option<LevelReport> {
        let level = self.added_level(collection, number).ok()?;
        let key = LevelKey::Added {
            id: collection.id.clone(),
            number,
        };
        let name = format!("{} {number}", collection.name);
        let mut report = level_report(name, Some(number), &sum_of(&key));
        report.published = published(&level.level);
        with_records(&mut report, &level.records);
        Some(report)
    }
}

/// At most [`MOST_CHARTED`] of `numbers`, in order, the anchor among them.
fn around(numbers: &BTreeSet<usize>, anchor: Option<usize>) -> impl Iterator<Item = usize> + '_ {
    let at = anchor
        .and_then(|a| numbers.iter().position(|&n| n == a))
        .unwrap_or(numbers.len().saturating_sub(1));
    let skip = (at + 1).saturating_sub(MOST_CHARTED);
    numbers.iter().copied().skip(skip).take(MOST_CHARTED)
}

fn level_report(name: String, number: Option<usize>, sum: &Sum) -> LevelReport {
    LevelReport {
        name,
        number,
        attempts: sum.attempts,
        played: sum.played,
        solves: sum.solves,
        first_solve: sum.first_solve,
        ..LevelReport::default()
    }
}

/// The bests the records beside the level hold: its kept solutions (the
/// first solve too, for folders older than the statistics) and the
/// leaderboard's best.
fn with_records(report: &mut LevelReport, records: &Records) {
    let solutions = records.read_solutions().unwrap_or_default();
    report.best = solutions
        .best_by_moves(&Finder::Player)
        .map(|best| BestSolve {
            moves: best.metrics.moves,
            pushes: best.metrics.pushes,
            found: best.found,
        });
    let found = solutions
        .solutions
        .iter()
        .filter(|s| s.by == Finder::Player)
        .filter_map(|s| s.found)
        .min();
    report.first_solve = earliest(report.first_solve, found);
    report.record = records
        .read_leaderboard()
        .ok()
        .and_then(|read| read.board.best());
}

/// Moves the optimizer's best line saves on the player's best solution.
fn saved_moves(records: &Records) -> usize {
    let read: SolutionsRead = records.read_solutions().unwrap_or_default();
    match (
        read.best_by_moves(&Finder::Player),
        read.best_by_moves(&Finder::Optimizer),
    ) {
        (Some(player), Some(optimizer)) => {
            player.metrics.moves.saturating_sub(optimizer.metrics.moves)
        }
        _ => 0,
    }
}

/// The moves of a level's shortest published solution.
pub fn published(level: &Level) -> Option<usize> {
    level
        .solutions()
        .iter()
        .map(|s| Metrics::of(&s.steps).moves)
        .min()
}
