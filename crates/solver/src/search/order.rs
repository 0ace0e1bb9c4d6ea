//! The order of the open list: how far the bound counts against the moves
//! made, and what a pulling position heading home pays for being away.

/// How much the distance bound counts against moves made, pushing and
/// pulling; above 1 the search is greedy, trading short solutions for
/// finding one at all. Swept on the 1,133 shipped levels (`scripts/sweep`,
/// push-pull alone, `--nodes 20000`; docs/solver-log.md, "Sweeps"): 1, 2
/// and 3 solved 664, 666 and 666.
pub const PUSH_WEIGHT: u64 = 2;
/// The pulling side, which finishes most goal-room levels, does best far
/// greedier. Swept on the 1,133 shipped levels (`scripts/sweep`, push-pull
/// alone, `--nodes 20000`; docs/solver-log.md, "Sweeps"): 10, 30 and 60
/// solved 668, 666 and 666, 10 losing Sasquatch I, VIII and XI to win
/// `XSokoban` and Sasquatch III.
pub const PULL_WEIGHT: u64 = 30;

/// What a pulling position from which the player cannot walk back to its
/// start square adds to its bound when heading home: enough to put it
/// behind its open siblings without burying it. Swept on the 1,133
/// shipped levels (`scripts/sweep`, homeward alone, `--nodes 20000`;
/// docs/solver-log.md, "Sweeps"): 1, 2, 3, 5 and 10 solved 672, 672, 677,
/// 657 and 625, and 3 solved no fewer than 5 on any of the 16 sets.
pub const HOME_PENALTY: u32 = 3;

/// Open-list key: lowest score first, then the smaller bound (the nearer
/// to done), then the earlier node, so the order is fully determined.
/// Scores and bounds past their fields' range are clamped, which only
/// blurs the order among such far-off positions.
pub fn priority(
    (bound_weight, moves_weight): (u64, u64),
    moves: u32,
    bound: u32,
    index: u32,
) -> u64 {
    let score = moves_weight * u64::from(moves) + bound_weight * u64::from(bound);
    let score = score.min((1 << 20) - 1);
    let bound = u64::from(bound).min((1 << 12) - 1);
    (score << 44) | (bound << 32) | u64::from(index)
}
