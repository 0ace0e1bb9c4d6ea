//! A giant open room, for testing the limits of a solver and a game.
//! Generated, not stored: a 250 x 250 room is a 62 KB file.

/// The room as XSB text: `side` x `side` squares inside the walls, `boxes`
/// boxes and as many goals spread over it in a fixed pattern, the player in
/// the top-left corner. Boxes fill the squares off the walls row by row
/// from the top, goals the same from the bottom, so no box starts on a dead
/// square. `None` when the boxes and their goals do not fit.
///
/// ```
/// use schokoban_core::parse_level;
/// use schokoban_solver::giant_room;
///
/// let room = parse_level(&giant_room(20, 30).expect("30 boxes fit"))?;
/// assert_eq!((room.width(), room.boxes().len()), (22, 30));
/// assert!(giant_room(3, 10).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn giant_room(side: usize, boxes: usize) -> Option<String> {
    let mut rows = vec![vec![b' '; side]; side];
    let spots: Vec<(usize, usize)> = (1..side.saturating_sub(1))
        .flat_map(|y| (1..side - 1).map(move |x| (x, y)))
        .collect();
    if 2 * boxes > spots.len() {
        return None;
    }
    for &(x, y) in &spots[..boxes] {
        rows[y][x] = b'$';
    }
    for &(x, y) in spots.iter().rev().take(boxes) {
        rows[y][x] = b'.';
    }
    rows[0][0] = b'@';
    let wall = "#".repeat(side + 2);
    let mut text = format!("{wall}\n");
    for row in rows {
        text.push('#');
        text.push_str(&String::from_utf8_lossy(&row));
        text.push_str("#\n");
    }
    text.push_str(&wall);
    text.push('\n');
    Some(text)
}
