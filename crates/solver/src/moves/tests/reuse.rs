//! One generator across positions, as a search uses it.

use super::random::{Lcg, random_board};
use super::{Position, generate_with};
use crate::board::opposite;
use crate::moves::MacroMoves;

/// One generator serves a search position after position: what it keeps
/// from one position (each cell's split of the floor) must not leak into
/// the next.
#[test]
fn a_generator_reused_from_position_to_position_gives_what_a_new_one_gives() {
    let mut rng = Lcg(0xcafe);
    for _ in 0..40 {
        let boxes = 3 + rng.below(4);
        let position = Position::new(&random_board(&mut rng, (6, 6), boxes));
        let board = &position.board;
        let dead = vec![false; board.cells()];
        let mut reused = MacroMoves::new(board.cells());
        let occupied = &position.occupied;
        let parents = generate_with(
            &mut reused,
            board,
            (&dead, occupied),
            (position.player, None),
        );
        for mv in parents {
            let mut child = occupied.clone();
            child[usize::from(mv.from)] = false;
            child[usize::from(mv.to)] = true;
            let player = board.next(mv.to, opposite(usize::from(mv.last)));
            let fresh = &mut MacroMoves::new(board.cells());
            assert_eq!(
                generate_with(&mut reused, board, (&dead, &child), (player, None)),
                generate_with(fresh, board, (&dead, &child), (player, None)),
                "{mv:?}"
            );
        }
    }
}
