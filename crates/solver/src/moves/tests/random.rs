//! Random boards that are the same on every run.

/// A tiny deterministic generator (a linear congruential one), so the
/// random boards are the same on every run without a new crate.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// A walled board of `width` by `height` inner cells with random walls,
/// `boxes` boxes, as many goals and a player.
pub fn random_board(rng: &mut Lcg, (width, height): (usize, usize), boxes: usize) -> String {
    let mut grid = vec![vec!['#'; width + 2]; height + 2];
    let mut floor = Vec::new();
    for (y, row) in grid.iter_mut().enumerate().skip(1).take(height) {
        for (x, tile) in row.iter_mut().enumerate().skip(1).take(width) {
            if rng.below(100) >= 22 {
                *tile = ' ';
                floor.push((x, y));
            }
        }
    }
    let mut pick = |rng: &mut Lcg| floor.swap_remove(rng.below(floor.len()));
    for _ in 0..boxes {
        let (x, y) = pick(rng);
        grid[y][x] = '$';
    }
    for _ in 0..boxes {
        let (x, y) = pick(rng);
        grid[y][x] = '.';
    }
    let (x, y) = pick(rng);
    grid[y][x] = '@';
    grid.iter()
        .map(|row| row.iter().collect::<String>() + "\n")
        .collect()
}

pub fn random_dead(rng: &mut Lcg, cells: usize) -> Vec<bool> {
    (0..cells).map(|_| rng.below(100) < 12).collect()
}
