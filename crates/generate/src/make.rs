//! From a request to a level worth showing: candidates drawn from the
//! seed's stream until one is proven, passes the rules and rates in band.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use schokoban_core::{Level, Pos, Step};
use schokoban_solver::{Limits, Outcome, Strategy, solve_with_stats};

use crate::daily::Day;
use crate::entry::entry_xsb;
use crate::options::{Difficulty, Request, Size};
use crate::rating::{Band, RATE_POSITIONS, Rated, Rating, rate};
use crate::reverse::{Farthest, can_pull, farthest};
use crate::rng::Rng;
use crate::room::{draw, room};
use crate::rules::{Rejection, Walk, is_near_copy, rejection};

/// Candidates tried before settling for the one rated nearest the band.
const MAX_CANDIDATES: usize = 60;

/// Room draws per candidate before the candidate counts as failed.
const MAX_ROOM_DRAWS: usize = 200;

/// Candidates in band an expert level is the highest rated of: on 20
/// large expert seeds (`sweep -- 20 large expert`), one, three and five
/// gave a median of 225, 249 and 275 with twelve boxes, at 0.7, 1.9 and
/// 2.9 s of CPU a level (docs/endless.md, "Expert").
const EXPERT_COMPARED: usize = 5;

/// Seeds tried after the asked one when each gives a near-copy.
const MAX_SEED_SKIPS: u64 = 50;

/// A level made from a request, with its proof and rating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The request it answers (its seed may be past the one asked for,
    /// see [`generate_after`]).
    pub request: Request,
    /// The level, titled `Endless S-E 7`.
    pub level: Level,
    /// The solver's solution, from the level's start.
    pub solution: Vec<Step>,
    /// How hard it measured.
    pub rating: Rating,
    /// Whether its rating lies in the difficulty's band (otherwise it is
    /// the nearest of all the candidates tried).
    pub in_band: bool,
    /// Candidates drawn to find it.
    pub candidates: usize,
    /// Positions searched in all, the reverse searches and the solver's.
    pub positions: u64,
    /// Why each candidate before it that was proven was thrown away.
    pub rejected: Vec<Rejection>,
    /// The date, when it is that day's daily level.
    pub day: Option<Day>,
}

impl Generated {
    /// The level as an XSB entry for a collection: the board, its `Title:`
    /// and a `Comment:` block with the seed, the solution's length and the
    /// rating.
    pub fn to_xsb(&self) -> String {
        entry_xsb(&self.level, &self.request, &self.rating)
    }
}

/// How far a generation has got, for a progress line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The candidate being tried, from 1.
    pub candidate: usize,
    /// The most candidates that will be tried.
    pub of: usize,
    /// Positions searched so far.
    pub positions: u64,
}

/// Why no level came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenerateError {
    /// The cancel flag was raised.
    Cancelled,
    /// No candidate could be proven solvable and worth playing.
    NoLevel {
        /// The seed asked for.
        seed: u64,
    },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Cancelled => f.write_str("generation cancelled"),
            GenerateError::NoLevel { seed } => write!(f, "seed {seed} gave no level worth playing"),
        }
    }
}

impl std::error::Error for GenerateError {}

/// The level `request` names: the same request gives the same level on
/// every machine. Checks `cancel` between candidates and inside the
/// solver; calls `progress` before each candidate.
pub fn generate(
    request: &Request,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(Progress),
) -> Result<Generated, GenerateError> {
    let band = Band::of(request.size, request.difficulty);
    generate_in_band(request, band, cancel, progress)
}

/// [`generate`] with another band than the difficulty's: how the sweep
/// that sets the bands sees ratings unfiltered ([`Band::ANY`]).
pub fn generate_in_band(
    request: &Request,
    band: Band,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(Progress),
) -> Result<Generated, GenerateError> {
    let compared = effort(request.size, request.difficulty).compared;
    let mut rng = Rng::new(request.seed, request.stream());
    let mut nearest: Option<Generated> = None;
    let mut best: Option<Generated> = None;
    let mut in_band = 0;
    let mut positions = 0;
    let mut rejected = Vec::new();
    for candidate in 1..=MAX_CANDIDATES {
        if cancel.load(Ordering::Relaxed) {
            return Err(GenerateError::Cancelled);
        }
        progress(Progress {
            candidate,
            of: MAX_CANDIDATES,
            positions,
        });
        // Once there is a level to fall back on, candidates whose reverse
        // path promises too little for the band, or than the best in band
        // so far, are not proven.
        let hopeless_below = match (&best, &nearest) {
            (Some(best), _) => Some(best.rating.score + 1),
            (None, Some(_)) => Some(band.low),
            (None, None) => None,
        };
        let made = candidate_level(
            request,
            &mut rng,
            cancel,
            &mut positions,
            &mut rejected,
            hopeless_below,
        )?;
        let Some(made) = made else {
            continue;
        };
        let distance = band.distance(made.rating.score);
        let made = Generated {
            candidates: candidate,
            positions,
            in_band: distance == 0,
            rejected: rejected.clone(),
            ..made
        };
        if made.in_band {
            in_band += 1;
            if best
                .as_ref()
                .is_none_or(|b| made.rating.score > b.rating.score)
            {
                best = Some(made);
            }
            if in_band == compared {
                break;
            }
        } else if nearest
            .as_ref()
            .is_none_or(|n| distance < band.distance(n.rating.score))
        {
            nearest = Some(made);
        }
    }
    best.or(nearest)
        .map(|n| Generated {
            positions,
            rejected,
            ..n
        })
        .ok_or(GenerateError::NoLevel { seed: request.seed })
}

/// The level of `request`, or, when it is a near-copy of `previous`, of
/// the next seed that is not: how a run of levels stays varied while each
/// level stays the one its seed names.
pub fn generate_after(
    request: &Request,
    previous: Option<&Level>,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(Progress),
) -> Result<Generated, GenerateError> {
    let mut last = Err(GenerateError::NoLevel { seed: request.seed });
    for skip in 0..=MAX_SEED_SKIPS {
        let asked = Request {
            seed: request.seed.wrapping_add(skip),
            ..*request
        };
        let made = generate(&asked, cancel, progress)?;
        if previous.is_some_and(|p| is_near_copy(p, &made.level)) {
            last = Ok(made);
            continue;
        }
        return Ok(made);
    }
    last
}

/// The daily level of `day`: the same for every player on that date,
/// titled `Daily 2026-12-24`.
pub fn generate_daily(
    day: Day,
    cancel: &AtomicBool,
    progress: &mut dyn FnMut(Progress),
) -> Result<Generated, GenerateError> {
    let made = generate(&day.request(), cancel, progress)?;
    Ok(Generated {
        level: made.level.clone().with_title(Some(day.title())),
        day: Some(day),
        ..made
    })
}

/// What each candidate of a size and difficulty gets, and how many are
/// compared.
#[derive(Clone, Copy, Debug)]
struct Effort {
    /// Boxes on the board.
    boxes: usize,
    /// The most positions the reverse search reaches.
    reverse: usize,
    /// The most positions the solver's proof expands.
    solver: u64,
    /// How far towards the farthest position the start is drawn, in
    /// percent of its score: nearer starts for easier levels.
    reach: i64,
    /// Candidates in band compared before the highest rated is kept:
    /// one, the first, for the bands closed above; more for expert, whose
    /// band is open above.
    compared: usize,
}

/// The [`Effort`] of `size` and `difficulty`.
fn effort(size: Size, difficulty: Difficulty) -> Effort {
    let step = match difficulty {
        Difficulty::Easy => 0,
        Difficulty::Medium => 1,
        Difficulty::Hard => 2,
        Difficulty::Expert => 3,
    };
    let boxes = match size {
        Size::Small => [2, 2, 3, 4][step],
        Size::Medium => [3, 4, 5, 6][step],
        Size::Large => [3, 6, 7, 12][step],
    };
    let (reverse, solver) = match size {
        Size::Small => (20_000, 50_000),
        Size::Medium => (15_000, 100_000),
        Size::Large => (20_000, 200_000),
    };
    Effort {
        boxes,
        reverse,
        solver,
        reach: [50, 80, 100, 100][step],
        compared: [1, 1, 1, EXPERT_COMPARED][step],
    }
}

/// The most score a reverse path is taken to promise: its pulls and
/// changes as the rating weighs pushes and changes, and the most the
/// rating's search could add. A guess, not a bound (the solver can find
/// a line with more changes), so it only turns away candidates once
/// another is in hand.
fn promise(far: &Farthest) -> u32 {
    let effort = 4 * (u64::BITS - RATE_POSITIONS.leading_zeros());
    (far.pulls + 3 * far.changes) as u32 + effort
}

/// One candidate: a room, goals, the farthest position, proven, trimmed,
/// checked and rated; `None` when any step fails.
fn candidate_level(
    request: &Request,
    rng: &mut Rng,
    cancel: &AtomicBool,
    positions: &mut u64,
    rejected: &mut Vec<Rejection>,
    hopeless_below: Option<u32>,
) -> Result<Option<Generated>, GenerateError> {
    let ((min_w, max_w), (min_h, max_h)) = request.size.bounds();
    let Effort {
        boxes: box_count,
        reverse: reverse_positions,
        solver: solver_positions,
        reach,
        ..
    } = effort(request.size, request.difficulty);
    let width = rng.between(min_w, max_w);
    let height = rng.between(min_h, max_h);
    let Some(plan) = (0..MAX_ROOM_DRAWS).find_map(|_| room(width, height, rng)) else {
        return Ok(None);
    };
    let floor: Vec<usize> = (0..plan.wall.len())
        .filter(|&c| !plan.wall[c] && can_pull(&plan, c))
        .collect();
    if floor.len() < box_count + 4 {
        return Ok(None);
    }
    let mut goals = Vec::with_capacity(box_count);
    while goals.len() < box_count {
        let cell = floor[rng.below(floor.len())];
        if !goals.contains(&cell) {
            goals.push(cell);
        }
    }
    let Some(far) = farthest(&plan, &goals, reverse_positions, reach) else {
        return Ok(None);
    };
    *positions += far.searched as u64;
    if hopeless_below.is_some_and(|low| promise(&far) < low) {
        return Ok(None);
    }
    let Some(whole) = draw(&plan, &goals, &far.boxes, far.player, None) else {
        return Ok(None);
    };
    let Some((solution, searched)) = prove(&whole, solver_positions, cancel)? else {
        return Ok(None);
    };
    *positions += searched;
    // Floor the solution never touches goes: walls are what the puzzle
    // needs, nothing more.
    let walk = Walk::replay(&whole, &solution);
    let used: Vec<bool> = (0..plan.wall.len())
        .map(|c| {
            walk.visited
                .contains(&Pos::new(c % plan.width, c / plan.width))
        })
        .collect();
    let Some(level) = draw(&plan, &goals, &far.boxes, far.player, Some(&used)) else {
        return Ok(None);
    };
    // The first solution plays on the trimmed board too: the rules ask
    // it before the solver measures the trimmed board again.
    if let Some(why) = rejection(&level, &solution) {
        rejected.push(why);
        return Ok(None);
    }
    // Rated as every level is, shipped or a player's: one scale.
    let (rated, solution) = rate(&level, cancel).map_err(|_| GenerateError::Cancelled)?;
    let Rated::Measured(rating) = rated else {
        return Ok(None);
    };
    *positions += rating.positions;
    // The solution shown must pass the rules too: it can take another
    // route than the first. Floor it leaves is floor the first needed.
    if let Some(why) = rejection(&level, &solution).filter(|&r| r != Rejection::UnusedFloor) {
        rejected.push(why);
        return Ok(None);
    }
    Ok(Some(Generated {
        request: *request,
        level: level.with_title(Some(request.title())),
        solution,
        rating,
        in_band: false,
        candidates: 0,
        positions: 0,
        rejected: Vec::new(),
        day: None,
    }))
}

/// The solver's solution of `level` within `max_positions`, and the
/// positions it expanded; `None` when it found none.
fn prove(
    level: &Level,
    max_positions: u64,
    cancel: &AtomicBool,
) -> Result<Option<(Vec<Step>, u64)>, GenerateError> {
    // One strategy alone, bounded by positions only: deterministic,
    // unlike the race, whose winner depends on the machine's load.
    let limits = Limits {
        time: Duration::from_secs(24 * 3600),
        max_memory_bytes: 256 << 20,
        max_expansions: Some(max_positions),
        strategy: Strategy::PushPull,
    };
    match solve_with_stats(level, &limits, cancel) {
        (Outcome::Solved(steps), stats) => Ok(Some((steps, stats.expanded))),
        (Outcome::Cancelled, _) => Err(GenerateError::Cancelled),
        _ => Ok(None),
    }
}
