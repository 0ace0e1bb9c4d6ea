//! Macro pulls against a brute force of single pulls, flooding the
//! player's reach in every position.

use std::collections::HashMap;

use super::random::{Lcg, random_board, random_dead};
use super::{BOARDS, Position};
use crate::board::{Cell, Mode, NONE};
use crate::moves::{MacroMove, MacroMoves};

impl Position {
    fn pulls(&self, dead: &[bool]) -> Vec<MacroMove> {
        let mut out = Vec::new();
        let moves = &mut MacroMoves::new(self.board.cells());
        moves.pulls(&self.board, dead, &self.occupied, self.player, &mut out);
        out
    }

    /// Checks `pulls` against the brute-force closure of every box: the
    /// places, the pulls, the player's area and the areas after each pull.
    fn check_pulls_against_brute_force(&self, dead: &[bool]) {
        let pulls = self.pulls(dead);
        for &b in &self.boxes {
            let mut found = HashMap::new();
            for mv in pulls.iter().filter(|mv| mv.from == b) {
                let behind = self.board.next(mv.to, usize::from(mv.last));
                let key = (mv.to, self.normalise(b, mv.to, behind));
                assert!(mv.player == NONE || mv.player == key.1, "{mv:?}");
                assert!(found.insert(key, mv.pushes).is_none(), "twice: {mv:?}");
                assert_eq!(mv.regions, self.regions_after(mv), "{mv:?}");
            }
            let expected = self.closure(dead, b, (Mode::Pull, None));
            assert_eq!(found, expected, "box {b} of\n{}", self.level.to_xsb());
        }
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
