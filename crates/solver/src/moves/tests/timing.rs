//! How long generating takes, for the record.

use super::Position;
use crate::moves::MacroMoves;

/// Run with `cargo test --release --lib moves::tests::timing -- --ignored
/// --nocapture`: prints how long generating takes on every start position.
#[test]
#[ignore = "a timing to read, not a check; run in release"]
fn xsokoban_start_positions_generate_timing() {
    const ROUNDS: u32 = 100;
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/levels/xsokoban");
    let mut positions = Vec::new();
    for number in 1..=90 {
        let path = folder.join(format!("{number:02}.xsb"));
        let xsb = std::fs::read_to_string(&path).expect("built-in level reads");
        let position = Position::new(&xsb);
        let dead = position.dead_for_goals();
        let known = position.reach_and_areas();
        positions.push((position, dead, known));
    }
    let mut moves = MacroMoves::new(
        positions
            .iter()
            .map(|(p, _, _)| p.board.cells())
            .max()
            .unwrap_or(0),
    );
    let mut out = Vec::new();
    let (mut total, mut pushes) = (0, 0);
    let started = std::time::Instant::now();
    for _ in 0..ROUNDS {
        total = 0;
        pushes = 0;
        for (p, dead, (reach, areas)) in &positions {
            let position = (p.player, reach, *areas);
            moves.generate(&p.board, dead, &p.occupied, position, None, &mut out);
            total += out.len();
            pushes += out.iter().map(|mv| u64::from(mv.pushes)).sum::<u64>();
        }
    }
    let elapsed = started.elapsed() / ROUNDS;
    let boxes: usize = positions.iter().map(|(p, _, _)| p.boxes.len()).sum();
    let cells: usize = positions.iter().map(|(p, _, _)| p.board.cells()).sum();
    println!(
        "XSokoban 1-90 start positions: {total} moves ({pushes} pushes in all), \
         {boxes} boxes, {cells} cells; {elapsed:?} per pass over all 90 (mean of {ROUNDS})"
    );
}
