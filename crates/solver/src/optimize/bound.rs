//! The window search's lower bound on what is still to do. The tighter it
//! is, the fewer positions a window's A* expands before it proves the
//! solution's own line the cheapest, which on the larger levels is where
//! the optimizer spends its share of the time.

use std::collections::VecDeque;

use super::grid::{Grid, NONE};
use super::window::MAX_BOXES;

/// No box gets from the cell to the end cell.
const UNREACHABLE: u32 = u32::MAX;

/// Moves, then pushes.
pub type Cost = (usize, usize);

/// A window's bound, worked out once per window.
pub struct Bound {
    /// Per end cell (a cell a box must end on), per cell, the fewest
    /// pushes that take a lone box there, the still boxes standing as
    /// walls.
    pushes: Vec<Vec<u32>>,
    ends: Vec<u32>,
    player_end: Option<u32>,
    /// Cells from which some end is in reach.
    live: Vec<bool>,
}

impl Bound {
    /// The bound for boxes headed for `ends` past the `fixed` boxes, the
    /// player then walking to `player_end` (`None`: it may end anywhere).
    pub fn new(grid: &Grid, fixed: &[bool], ends: &[u32], player_end: Option<u32>) -> Self {
        let pushes: Vec<Vec<u32>> = ends
            .iter()
            .map(|&end| pushes_to(grid, fixed, end))
            .collect();
        let live = (0..grid.cells())
            .map(|cell| pushes.iter().any(|to_end| to_end[cell] != UNREACHABLE))
            .collect();
        Self {
            pushes,
            ends: ends.to_vec(),
            player_end,
            live,
        }
    }

    /// Whether a box on `cell` can still reach an end.
    pub fn is_live(&self, cell: u32) -> bool {
        self.live[cell as usize]
    }

    /// At least the moves and the pushes still needed from the position
    /// with boxes on `cells` and the player on `player`; `None` when the
    /// boxes cannot reach ends of their own. Pushes: the fewest that take
    /// each box, alone, to an end of its own. Moves: those pushes, plus the
    /// walk to the first box off the ends, at least its distance in rows
    /// and columns from the player less one (or, every box in place, the
    /// walk to the player's end).
    pub fn of(&self, grid: &Grid, cells: &[u32], player: u32) -> Option<Cost> {
        let pushes = self.cheapest_matching(cells)?;
        let walk = if pushes == 0 {
            self.player_end.map_or(0, |to| grid.manhattan(player, to))
        } else {
            cells
                .iter()
                .filter(|cell| !self.ends.contains(cell))
                .map(|&cell| grid.manhattan(player, cell).saturating_sub(1))
                .min()
                .unwrap_or(0)
        };
        Some((pushes + walk, pushes))
    }

    /// The fewest pushes that take each box on `cells` to an end of its
    /// own: the cheapest matching, by dynamic programming over the sets of
    /// ends taken (the boxes are matched in order, so a set's size says
    /// which box is next). For seven boxes that is 128 sets, where trying
    /// every matching would be 5,040.
    fn cheapest_matching(&self, cells: &[u32]) -> Option<usize> {
        let count = cells.len();
        debug_assert!(count <= MAX_BOXES, "a window's key holds {MAX_BOXES} boxes");
        let mut cheapest = [usize::MAX; 1 << MAX_BOXES];
        cheapest[0] = 0;
        for taken in 0..(1usize << count) {
            let so_far = cheapest[taken];
            let index = taken.count_ones() as usize;
            if so_far == usize::MAX || index == count {
                continue;
            }
            let cell = cells[index] as usize;
            for (end, to_end) in self.pushes.iter().enumerate() {
                let pushes = to_end[cell];
                if taken & (1 << end) != 0 || pushes == UNREACHABLE {
                    continue;
                }
                let with = &mut cheapest[taken | (1 << end)];
                *with = (*with).min(so_far + pushes as usize);
            }
        }
        let all = cheapest[(1 << count) - 1];
        (all != usize::MAX).then_some(all)
    }
}

/// Per cell, the fewest pushes that take a lone box from it to `end`, the
/// `fixed` boxes standing as walls.
fn pushes_to(grid: &Grid, fixed: &[bool], end: u32) -> Vec<u32> {
    let mut distance = vec![UNREACHABLE; grid.cells()];
    let mut queue = VecDeque::from([end]);
    distance[end as usize] = 0;
    let open = |cell: u32| cell != NONE && !fixed[cell as usize];
    while let Some(cell) = queue.pop_front() {
        let next = distance[cell as usize] + 1;
        // A box pushed from `before` onto `cell` has the player one cell
        // further back.
        for direction in 0..4 {
            let behind = grid.step(cell, direction);
            if !open(behind) || !open(grid.step(behind, direction)) {
                continue;
            }
            if distance[behind as usize] == UNREACHABLE {
                distance[behind as usize] = next;
                queue.push_back(behind);
            }
        }
    }
    distance
}

#[cfg(test)]
mod tests {
    use super::*;
    use schokoban_core::{Pos, parse_level};

    fn grid(xsb: &str) -> Grid {
        Grid::new(&parse_level(xsb).expect("test level parses")).expect("small grid")
    }

    fn cell(grid: &Grid, x: usize, y: usize) -> u32 {
        grid.cell(Pos::new(x, y)).expect("floor")
    }

    #[test]
    fn a_box_s_pushes_go_round_still_boxes() {
        let grid = grid("#######\n#     #\n# $  .#\n#@    #\n#######\n");
        let (start, end) = (cell(&grid, 2, 2), cell(&grid, 5, 2));
        let mut fixed = vec![false; grid.cells()];
        assert_eq!(pushes_to(&grid, &fixed, end)[start as usize], 3);
        // A still box right of the box leaves no way onto the end.
        fixed[cell(&grid, 4, 2) as usize] = true;
        let blocked = pushes_to(&grid, &fixed, end);
        assert_eq!(blocked[start as usize], UNREACHABLE);
        assert_eq!(blocked[cell(&grid, 2, 3) as usize], UNREACHABLE);
        // One off the way costs nothing.
        fixed[cell(&grid, 4, 2) as usize] = false;
        fixed[cell(&grid, 3, 1) as usize] = true;
        assert_eq!(pushes_to(&grid, &fixed, end)[start as usize], 3);
    }

    #[test]
    fn two_boxes_cannot_share_the_nearer_end() {
        // Both boxes are nearer the right end; one of them must go left.
        let grid = grid("#########\n#       #\n# .  $$.#\n#@      #\n#########\n");
        let mut ends = [cell(&grid, 2, 2), cell(&grid, 7, 2)];
        ends.sort_unstable();
        let bound = Bound::new(&grid, &vec![false; grid.cells()], &ends, None);
        let boxes = [cell(&grid, 5, 2), cell(&grid, 6, 2)];
        // Each box to its nearest end would be 2 + 1.
        assert_eq!(bound.cheapest_matching(&boxes), Some(4));
    }

    #[test]
    fn three_boxes_are_matched_to_ends_of_their_own() {
        let grid = grid("##########\n#        #\n#. $$$ ..#\n#@       #\n##########\n");
        let ends = [cell(&grid, 1, 2), cell(&grid, 7, 2), cell(&grid, 8, 2)];
        let bound = Bound::new(&grid, &vec![false; grid.cells()], &ends, None);
        let boxes = [cell(&grid, 3, 2), cell(&grid, 4, 2), cell(&grid, 5, 2)];
        // Two pushes left for the first box; three and three (or four and
        // two) right for the others. Each to its nearest end would be 7.
        assert_eq!(bound.cheapest_matching(&boxes), Some(8));
    }

    #[test]
    fn the_walk_to_the_first_box_to_move_is_part_of_the_moves() {
        let grid = grid("########\n#@     #\n# $   .#\n#      #\n########\n");
        let (box_cell, end) = (cell(&grid, 2, 2), cell(&grid, 6, 2));
        let player_end = cell(&grid, 1, 1);
        let bound = Bound::new(&grid, &vec![false; grid.cells()], &[end], Some(player_end));
        // Four pushes; from (6, 3) the walk to beside the box is at least
        // its distance, five, less one.
        assert_eq!(
            bound.of(&grid, &[box_cell], cell(&grid, 6, 3)),
            Some((8, 4))
        );
        assert_eq!(
            bound.of(&grid, &[box_cell], cell(&grid, 1, 2)),
            Some((4, 4))
        );
        // The box in place: the walk to the player's end is what is left.
        assert_eq!(bound.of(&grid, &[end], cell(&grid, 6, 3)), Some((7, 0)));
    }

    #[test]
    fn a_box_that_can_reach_no_end_has_no_bound() {
        let grid = grid("#######\n#     #\n#  $ .#\n#@    #\n#######\n");
        let end = cell(&grid, 5, 2);
        let bound = Bound::new(&grid, &vec![false; grid.cells()], &[end], None);
        let corner = cell(&grid, 1, 1);
        assert!(!bound.is_live(corner));
        assert_eq!(bound.of(&grid, &[corner], cell(&grid, 2, 2)), None);
        assert!(bound.is_live(cell(&grid, 3, 2)));
        assert!(
            bound
                .of(&grid, &[cell(&grid, 3, 2)], cell(&grid, 2, 2))
                .is_some()
        );
    }
}
