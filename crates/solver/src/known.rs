//! Solutions the caller already knows for a level: the solver's own, the
//! optimizer's, a player's kept one, a published one. A position along
//! any of them has its answer at once, the rest of that solution; a
//! position a few pushes off them is led back onto one by a small search
//! over pushes, before any of the searches of the race starts afresh.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};

use schokoban_core::{Game, Level, Step, Tile};

use crate::board::{Board, Cell, DIRECTIONS, Mode, NONE, dead_squares, opposite};
use crate::budget::TooLarge;
use crate::{Limits, Outcome, Stats, path, solve_with_stats};

/// The most positions the search back onto a known solution expands
/// before the race takes over: a player's detour of a few pushes is found
/// within it, and it costs a few milliseconds where it finds none.
pub const NEAR_POSITIONS: u64 = 2_000;

/// A position as the lookup sees it: the boxes' cells, sorted, and the
/// least cell of the player's area, since any square the player can walk
/// to serves.
type Key = (Vec<Cell>, Cell);

/// A position of the search back onto a known solution: its boxes, the
/// player, and the push that made it from its parent (parent, box cell
/// after the push, direction).
type Node = (Vec<Cell>, Cell, Option<(usize, Cell, usize)>);

/// Where a known solution passes a position: which solution, how many of
/// its steps are played there, and the player's cell.
#[derive(Clone, Copy, Debug)]
struct Along {
    solution: usize,
    played: usize,
    player: Cell,
}

/// Solutions known for one level, and every position along them.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use std::time::Duration;
///
/// use schokoban_core::{Direction, Game, Step, parse_level};
/// use schokoban_solver::{Known, Limits, Outcome, solve_knowing};
///
/// let level = parse_level("#######\n#@$  .#\n#######\n")?;
/// let right = Step::push(Direction::Right);
/// let mut known = Known::new(&level)?;
/// assert!(known.add(&level, &[right; 3]));
/// // One push along the known solution: answered without a search.
/// let mut game = Game::new(level);
/// game.step(Direction::Right)?;
/// let limits = Limits::with_time(Duration::from_secs(10));
/// let cancel = AtomicBool::new(false);
/// let (outcome, stats) = solve_knowing(&game.current_position(), &limits, &cancel, &known);
/// assert_eq!(outcome, Outcome::Solved(vec![right; 2]));
/// assert_eq!(stats.expanded, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Known {
    /// The level's walls and goals, row by row, so that a position of
    /// another level is never taken for one of this level.
    map: (usize, Vec<Tile>),
    board: Board,
    /// Cells from which a box can reach no goal.
    dead: Vec<bool>,
    solutions: Vec<Vec<Step>>,
    /// The nearest end of a known solution from each position along one.
    along: HashMap<Key, Along>,
}

impl Known {
    /// No solution known yet for the level `level` is a position of.
    ///
    /// # Errors
    ///
    /// When the level is too large for the solver.
    pub fn new(level: &Level) -> Result<Self, TooLarge> {
        let board = Board::new(level)?;
        let dead = dead_squares(&board, board.goals(), Mode::Push);
        Ok(Self {
            map: Self::map_of(level),
            board,
            dead,
            solutions: Vec::new(),
            along: HashMap::new(),
        })
    }

    /// Adds `steps`, a solution from `from`, a position of the same level.
    /// Steps that do not play, or do not end solved, are not added: the
    /// answer is `false` then. Only their directions count: which are
    /// pushes is what the game says as it plays them, so a solution
    /// written without its capitals is kept with them.
    pub fn add(&mut self, from: &Level, steps: &[Step]) -> bool {
        let mut game = Game::new(from.clone());
        let played: Option<Vec<Step>> = steps
            .iter()
            .map(|step| game.step(step.direction).ok())
            .collect();
        match played {
            Some(played) if game.is_solved() => self.record(from, &played),
            _ => false,
        }
    }

    /// How many distinct positions lie along the known solutions.
    #[must_use]
    pub fn positions(&self) -> usize {
        self.along.len()
    }

    /// The rest of a known solution from `position`: the walk to where
    /// the solution passes it, then the solution's own steps. `None` when
    /// no known solution passes it.
    #[must_use]
    pub fn rest(&self, position: &Level) -> Option<Vec<Step>> {
        let (boxes, player) = self.cells(position)?;
        let key = self.key_of(&boxes, player);
        let along = self.along.get(&key)?;
        let mut steps = Vec::new();
        path::walk(
            &self.board,
            &self.occupied(&boxes),
            player,
            along.player,
            &mut steps,
        );
        steps.extend_from_slice(&self.solutions[along.solution][along.played..]);
        Self::solves(position, &steps).then_some(steps)
    }

    /// A way back onto a known solution within [`NEAR_POSITIONS`]
    /// positions, pushing, then its rest; and the positions expanded.
    /// Stops when `cancel` is raised, as every search does.
    fn back_onto(&self, position: &Level, cancel: &AtomicBool) -> (Option<Vec<Step>>, u64) {
        let Some((boxes, player)) = self.cells(position) else {
            return (None, 0);
        };
        if self.along.is_empty() {
            return (None, 0);
        }
        let mut nodes: Vec<Node> = vec![(boxes.clone(), player, None)];
        let mut seen = HashSet::from([self.key_of(&boxes, player)]);
        let mut queue = VecDeque::from([0]);
        let mut expanded = 0;
        while let Some(index) = queue.pop_front() {
            if expanded >= NEAR_POSITIONS || cancel.load(Ordering::Relaxed) {
                break;
            }
            expanded += 1;
            let (boxes, player) = (nodes[index].0.clone(), nodes[index].1);
            let occupied = self.occupied(&boxes);
            let reach = self.reach(&occupied, player);
            for (k, &from) in boxes.iter().enumerate() {
                for dir in 0..4 {
                    let to = self.board.next(from, dir);
                    let behind = self.board.next(from, opposite(dir));
                    if to == NONE
                        || behind == NONE
                        || occupied[usize::from(to)]
                        || self.dead[usize::from(to)]
                        || !reach[usize::from(behind)]
                    {
                        continue;
                    }
                    let mut next = boxes.clone();
                    next[k] = to;
                    next.sort_unstable();
                    let key = self.key_of(&next, from);
                    if !seen.insert(key.clone()) {
                        continue;
                    }
                    nodes.push((next, from, Some((index, to, dir))));
                    if self.along.contains_key(&key)
                        && let Some(rest) = self.steps_to(&nodes, nodes.len() - 1, position)
                    {
                        return (Some(rest), expanded);
                    }
                    queue.push_back(nodes.len() - 1);
                }
            }
        }
        (None, expanded)
    }

    /// The steps from `position` along the pushes that made node `last`,
    /// then the rest of the known solution from there.
    fn steps_to(&self, nodes: &[Node], last: usize, position: &Level) -> Option<Vec<Step>> {
        let mut pushes = Vec::new();
        let mut at = last;
        while let Some((parent, to, dir)) = nodes[at].2 {
            pushes.push((to, dir));
            at = parent;
        }
        pushes.reverse();
        let (boxes, player) = (&nodes[0].0, nodes[0].1);
        let mut steps = path::steps(&self.board, boxes, player, &pushes);
        let mut game = Game::new(position.clone());
        for step in &steps {
            game.step(step.direction).ok()?;
        }
        steps.extend(self.rest(&game.current_position())?);
        Some(steps)
    }

    /// Records each position along `steps` from `from`, keeping for each
    /// the solution that ends soonest from it.
    fn record(&mut self, from: &Level, steps: &[Step]) -> bool {
        let solution = self.solutions.len();
        let mut game = Game::new(from.clone());
        let mut entries = Vec::new();
        for played in 0..=steps.len() {
            let after_push = played == 0 || steps[played - 1].push;
            if after_push {
                let position = game.current_position();
                let Some((boxes, player)) = self.cells(&position) else {
                    return false;
                };
                entries.push((self.key_of(&boxes, player), played, player));
            }
            if let Some(step) = steps.get(played)
                && game.step(step.direction).is_err()
            {
                return false;
            }
        }
        self.solutions.push(steps.to_vec());
        for (key, played, player) in entries {
            let left = steps.len() - played;
            let shorter = self
                .along
                .get(&key)
                .is_none_or(|known| left < self.solutions[known.solution].len() - known.played);
            if shorter {
                let along = Along {
                    solution,
                    played,
                    player,
                };
                self.along.insert(key, along);
            }
        }
        true
    }

    /// Whether `steps` solve `position`.
    fn solves(position: &Level, steps: &[Step]) -> bool {
        let mut game = Game::new(position.clone());
        steps.iter().all(|step| game.step(step.direction).is_ok()) && game.is_solved()
    }

    fn map_of(level: &Level) -> (usize, Vec<Tile>) {
        (
            level.width(),
            level.positions().map(|p| level.tile(p)).collect(),
        )
    }

    /// The boxes' cells, sorted, and the player's, on this level's board;
    /// `None` for a position of another level.
    fn cells(&self, position: &Level) -> Option<(Vec<Cell>, Cell)> {
        if Self::map_of(position) != self.map {
            return None;
        }
        let mut boxes = position
            .boxes()
            .iter()
            .map(|&p| self.board.cell(p))
            .collect::<Option<Vec<_>>>()?;
        boxes.sort_unstable();
        let player = self.board.cell(position.player())?;
        Some((boxes, player))
    }

    fn key_of(&self, boxes: &[Cell], player: Cell) -> Key {
        let occupied = self.occupied(boxes);
        let reach = self.reach(&occupied, player);
        let least = (0..self.board.cells()).find(|&c| reach[c]).unwrap_or(0);
        (boxes.to_vec(), Cell::try_from(least).unwrap_or(NONE))
    }

    fn occupied(&self, boxes: &[Cell]) -> Vec<bool> {
        let mut occupied = vec![false; self.board.cells()];
        for &b in boxes {
            occupied[usize::from(b)] = true;
        }
        occupied
    }

    /// The cells the player on `player` can walk to.
    fn reach(&self, occupied: &[bool], player: Cell) -> Vec<bool> {
        let mut reach = vec![false; self.board.cells()];
        let mut stack = vec![player];
        reach[usize::from(player)] = true;
        while let Some(c) = stack.pop() {
            for dir in 0..DIRECTIONS.len() {
                let n = self.board.next(c, dir);
                if n != NONE && !occupied[usize::from(n)] && !reach[usize::from(n)] {
                    reach[usize::from(n)] = true;
                    stack.push(n);
                }
            }
        }
        reach
    }
}

/// [`solve_with_stats`](crate::solve_with_stats) knowing the solutions in
/// `known`: a position along one is answered at once with its rest,
/// without a search (no position expanded); a position a few pushes off
/// them is led back onto one (within [`NEAR_POSITIONS`]); elsewhere the
/// race searches as [`solve`](crate::solve) does.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use std::time::Duration;
///
/// use schokoban_core::parse_level;
/// use schokoban_solver::{Known, Limits, Outcome, solve_knowing};
///
/// let level = parse_level("######\n#@$ .#\n######\n")?;
/// let limits = Limits::with_time(Duration::from_secs(10));
/// let cancel = AtomicBool::new(false);
/// // Nothing known yet: the race searches.
/// let mut known = Known::new(&level)?;
/// let (Outcome::Solved(steps), searched) = solve_knowing(&level, &limits, &cancel, &known) else {
///     panic!("a corridor has a solution");
/// };
/// assert!(searched.expanded > 0);
/// // Known now: answered without a search.
/// assert!(known.add(&level, &steps));
/// let (again, stats) = solve_knowing(&level, &limits, &cancel, &known);
/// assert_eq!((again, stats.expanded), (Outcome::Solved(steps), 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_knowing(
    level: &Level,
    limits: &Limits,
    cancel: &AtomicBool,
    known: &Known,
) -> (Outcome, Stats) {
    if let Some(rest) = known.rest(level) {
        return (Outcome::Solved(rest), Stats::default());
    }
    let (back, expanded) = known.back_onto(level, cancel);
    if let Some(steps) = back {
        let stats = Stats {
            expanded,
            ..Stats::default()
        };
        return (Outcome::Solved(steps), stats);
    }
    let (outcome, stats) = solve_with_stats(level, limits, cancel);
    let stats = Stats {
        expanded: stats.expanded + expanded,
        ..stats
    };
    (outcome, stats)
}
