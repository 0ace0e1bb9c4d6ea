//! Macro pulls against a brute force of single pulls, flooding the
//! player's reach in every position.

use super::random::{Lcg, random_board, random_dead};
use super::{BOARDS, Position};
use crate::board::{Cell, Mode};
use crate::moves::{MacroMove, MacroMoves};

impl Position {
    fn pulls(&self, dead: &[bool]) -> Vec<MacroMove> {
        let mut out = Vec::new();
        let moves = &mut MacroMoves::new(self.board.cells());
        moves.pulls(&self.board, dead, &self.occupied, self.player, &mut out);
        out
    }

    /// Checks `pulls` against the brute-force closure of every box.
    fn check_pulls_against_brute_force(&self, dead: &[bool]) {
        self.check_moves(dead, &self.pulls(dead), (Mode::Pull, None));
    }
}

#[test]
fn pulls_match_the_closure_of_single_pulls_on_hand_written_boards() {
    for xsb in BOARDS {
        let position = Position::new(xsb);
        position.check_pulls_against_brute_force(&vec![false; position.board.cells()]);
    }
}

#[test]
fn pulls_match_the_closure_of_single_pulls_on_random_boards() {
    let mut rng = Lcg(0x9011);
    let mut pulled = 0;
    for round in 0..140 {
        let boxes = 2 + rng.below(5);
        let xsb = random_board(&mut rng, (6 + round % 3, 5 + round % 3), boxes);
        let position = Position::new(&xsb);
        let cells = position.board.cells();
        position.check_pulls_against_brute_force(&vec![false; cells]);
        position.check_pulls_against_brute_force(&random_dead(&mut rng, cells));
        pulled += position.pulls(&vec![false; cells]).len();
    }
    assert!(pulled > 1_000, "only {pulled} pulls made");
}

#[test]
fn a_pull_needs_room_for_the_player_behind_the_box() {
    let position = Position::new("#######\n#.  $@#\n#######\n");
    assert!(
        position
            .pulls(&vec![false; position.board.cells()])
            .is_empty()
    );
    let position = Position::new("#######\n#. $@ #\n#######\n");
    let to: Vec<(Cell, u32)> = position
        .pulls(&vec![false; position.board.cells()])
        .iter()
        .map(|mv| (mv.to, mv.pushes))
        .collect();
    assert_eq!(to, [(position.cell(4, 1), 1)]);
}
