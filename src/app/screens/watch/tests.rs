//! The optimizer's shorter solution taking over the watch, and the
//! counter line at the smallest size.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::*;
use crate::app::screen::Screen;
use schokoban_core::{LogEntry, Step, parse_level, parse_log};

/// Two boxes: pushing the lower one first (as below) leaves a walk round
/// it; the optimizer finds `RRRllldRRR`, 10 moves instead of 13.
const ROOM: &str = "#######\n#@$  .#\n# $  .#\n#     #\n#######\n";
const WASTEFUL: &str = "dRRRdllluuRRR";

/// A watch of `ROOM`'s solution `WASTEFUL`, as if the search had found
/// it, with the optimizer started on it.
fn watching() -> Watch {
    let level = parse_level(ROOM).expect("level");
    let game = Game::new(level);
    let steps: Vec<Step> = parse_log(WASTEFUL)
        .expect("lurd")
        .into_iter()
        .filter_map(|entry| match entry {
            LogEntry::Step(step) => Some(step),
            LogEntry::Undo => None,
        })
        .collect();
    let shortening = Some(Search::shorten(&game, steps.clone(), Duration::ZERO));
    let mut watch = Watch::new(
        "Watching the solver".to_owned(),
        "room".to_owned(),
        Watched::Solution {
            search: None,
            shortening,
            shorter: None,
        },
        game,
        steps.into_iter().map(LogEntry::Step).collect(),
        Theme::default(),
        Rc::new(KeyMap::default()),
    );
    watch.playing = false;
    watch
}

/// Lets the optimizer finish, as the event loop would, without playing.
fn wait_for_optimizer(watch: &mut Watch) {
    while let Watched::Solution {
        shortening: Some(search),
        ..
    } = &watch.watched
    {
        search.wait();
        watch.poll_shortening();
    }
}

#[test]
fn a_shorter_solution_takes_over_at_once_from_a_position_on_it() {
    let mut watch = watching();
    wait_for_optimizer(&mut watch);
    watch.adopt_shorter();
    assert_eq!(watch.moves.len(), 10);
    assert_eq!(watch.shown, 0);
    let text = watch.message.as_ref().map(|m| m.text.clone());
    assert_eq!(text.as_deref(), Some("Shortened to 10 moves from 13"));
    while watch.forward() {}
    assert!(watch.game.is_solved());
    assert_eq!(watch.game.score(), 10);
    // At the end, the end's own word.
    watch.play_due(Duration::ZERO);
    let text = watch.message.as_ref().map(|m| m.text.clone());
    assert_eq!(
        text.as_deref(),
        Some("The end: Enter plays on, Esc goes back")
    );
}

#[test]
fn a_shorter_solution_waits_until_the_moves_shown_reach_it() {
    let mut watch = watching();
    // The first move down is not on the shorter line.
    assert!(watch.forward());
    wait_for_optimizer(&mut watch);
    watch.adopt_shorter();
    assert_eq!(watch.moves.len(), 13, "not adopted off its line");
    // The end is on every solution's line.
    while watch.forward() {}
    watch.adopt_shorter();
    assert_eq!((watch.moves.len(), watch.shown), (10, 10));
    assert!(watch.game.is_solved());
    assert_eq!(watch.game.score(), 10);
}

#[test]
fn a_long_run_keeps_its_counter_line_whole_at_40_columns() {
    let level = parse_level(ROOM).expect("level");
    let walk = "dudu".repeat(300);
    let steps = parse_log(&walk).expect("lurd");
    let mut watch = Watch::new(
        "Watching your run".to_owned(),
        "room".to_owned(),
        Watched::Run,
        Game::new(level),
        steps,
        Theme::default(),
        Rc::new(KeyMap::default()),
    );
    for _ in 0..1005 {
        assert!(watch.forward());
    }
    let row = |columns: u16| {
        let area = Rect::new(0, 0, columns, 12);
        let mut buffer = Buffer::empty(area);
        watch.draw(area, &mut buffer);
        let cells = &buffer.content()[2 * columns as usize..3 * columns as usize];
        let text: String = cells.iter().map(ratatui::buffer::Cell::symbol).collect();
        text.trim_end().to_owned()
    };
    assert_eq!(row(40), "Move 1005/1200  Moves: 1005  Pushes: 0");
    assert_eq!(row(80), "Move 1005 of 1200   Moves: 1005   Pushes: 0");
}
