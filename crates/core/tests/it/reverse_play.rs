//! Reverse play: the solved board, pulls, undo and redo, reset, jumps
//! between the rooms of the floor, the end check and the forward solution.

use crate::common::{dir, lvl};
use schokoban_core::{
    Direction, Game, LogEntry, MoveError, Pos, ReplayError, ReverseGame, Step, format_steps,
    parse_log, parse_moves,
};

/// A corridor: the box on its goal parts the floor into two rooms.
const CORRIDOR: &str = "#######\n# .$ @#\n#######\n";

fn boxes(game: &ReverseGame) -> Vec<Pos> {
    game.level()
        .positions()
        .filter(|&p| game.has_box(p))
        .collect()
}

/// Plays `moves`: upper case pulls, lower case walks away, `x` undoes.
fn play(game: &mut ReverseGame, moves: &str) {
    for (i, c) in moves.chars().enumerate() {
        let done = if c == 'x' {
            game.undo().is_some()
        } else {
            let step = Step {
                direction: dir(c.to_ascii_lowercase()),
                push: c.is_ascii_uppercase(),
            };
            game.step(step.direction, step.push) == Ok(step)
        };
        assert!(done, "move {} ({c}) of {moves:?} was refused", i + 1);
    }
}

/// The reverse line of a forward solution: from where it ends, its steps
/// backwards, each push a pull.
fn reversed(solution: &str) -> String {
    let steps = parse_moves(solution).expect("a solution");
    let back: Vec<Step> = steps
        .iter()
        .rev()
        .map(|s| Step {
            direction: s.direction.opposite(),
            push: s.push,
        })
        .collect();
    format_steps(&back)
}

/// Where a forward solution leaves the player.
fn end_of(level: &str, solution: &str) -> Pos {
    let mut game = Game::new(lvl(level));
    for step in parse_moves(solution).expect("a solution") {
        game.step(step.direction).expect("a legal step");
    }
    assert!(game.is_solved());
    game.player()
}

fn replays_solved(level: &str, steps: &[Step]) -> bool {
    let mut game = Game::new(lvl(level));
    let entries: Vec<LogEntry> = steps.iter().copied().map(LogEntry::Step).collect();
    game.apply_log(&entries).is_ok() && game.is_solved()
}

#[test]
fn the_game_starts_solved_with_the_player_at_the_levels_start() {
    let game = ReverseGame::new(lvl(CORRIDOR));
    assert_eq!(boxes(&game), [Pos::new(2, 1)]);
    assert_eq!(game.player(), Pos::new(5, 1));
    assert_eq!((game.score(), game.pulls()), (0, 0));
    assert!(!game.is_done());
}

#[test]
fn a_start_on_a_goal_puts_the_player_on_the_first_free_cell() {
    // The player starts on the goal, where a box stands in reverse play.
    let game = ReverseGame::new(lvl("######\n#$ + #\n######\n"));
    assert_eq!(boxes(&game), [Pos::new(3, 1)]);
    assert_eq!(game.player(), Pos::new(1, 1));
}

#[test]
fn moving_away_from_a_box_pulls_it_or_walks_away() {
    let mut game = ReverseGame::new(lvl(CORRIDOR));
    play(&mut game, "ll");
    assert!(game.can_pull(Direction::Right));
    // Walking away leaves the box where it is.
    assert_eq!(
        game.step(Direction::Right, false),
        Ok(Step::walk(Direction::Right))
    );
    assert_eq!(boxes(&game), [Pos::new(2, 1)]);
    play(&mut game, "l");
    assert_eq!(
        game.step(Direction::Right, true),
        Ok(Step::push(Direction::Right))
    );
    assert_eq!(boxes(&game), [Pos::new(3, 1)]);
    assert_eq!(game.player(), Pos::new(4, 1));
    assert_eq!((game.score(), game.pulls()), (5, 1));
}

#[test]
fn boxes_and_walls_block_and_count_nothing() {
    let mut game = ReverseGame::new(lvl(CORRIDOR));
    play(&mut game, "ll");
    assert_eq!(
        game.step(Direction::Left, true),
        Err(MoveError::PushBlocked)
    );
    assert_eq!(game.step(Direction::Up, true), Err(MoveError::Blocked));
    assert_eq!((game.score(), game.player()), (2, Pos::new(3, 1)));
    // Nothing behind the player: a pull is a walk.
    let mut open = ReverseGame::new(lvl(CORRIDOR));
    assert_eq!(
        open.step(Direction::Left, true),
        Ok(Step::walk(Direction::Left))
    );
}

#[test]
fn undo_redo_reset_and_its_undo_count_as_in_forward_play() {
    let mut game = ReverseGame::new(lvl(CORRIDOR));
    play(&mut game, "llRr");
    assert_eq!(game.undo(), Some(Step::walk(Direction::Right)));
    assert_eq!(game.undo(), Some(Step::push(Direction::Right)));
    assert_eq!(boxes(&game), [Pos::new(2, 1)]);
    assert_eq!(
        (game.score(), game.pulls(), game.player()),
        (6, 0, Pos::new(3, 1))
    );
    assert_eq!(game.redo(), Some(Step::push(Direction::Right)));
    assert_eq!(boxes(&game), [Pos::new(3, 1)]);
    assert_eq!(game.score(), 7);
    game.reset();
    assert_eq!(
        (game.score(), game.player(), boxes(&game)),
        (0, Pos::new(5, 1), vec![Pos::new(2, 1)])
    );
    assert!(game.can_undo_reset());
    assert!(game.undo_reset());
    assert_eq!(
        (game.score(), game.pulls(), boxes(&game)),
        (7, 1, vec![Pos::new(3, 1)])
    );
}

#[test]
fn the_solved_board_parts_the_floor_into_rooms_to_jump_between_before_a_pull() {
    let mut game = ReverseGame::new(lvl(CORRIDOR));
    let rooms = game.rooms();
    assert_eq!(
        rooms,
        [
            vec![Pos::new(1, 1)],
            vec![Pos::new(3, 1), Pos::new(4, 1), Pos::new(5, 1)]
        ]
    );
    play(&mut game, "l");
    assert_eq!(game.next_room(), Some(Pos::new(1, 1)));
    assert!(game.jump(Pos::new(1, 1)));
    assert_eq!(
        (game.player(), game.start(), game.score()),
        (Pos::new(1, 1), Pos::new(1, 1), 0)
    );
    // From the small room nothing can be pulled: the box is on the player's right.
    assert!(!Direction::ALL.iter().any(|&d| game.can_pull(d)));
    // The jump is taken back as a reset is, walks and all.
    assert!(game.undo_reset());
    assert_eq!(
        (game.player(), game.start(), game.score()),
        (Pos::new(4, 1), Pos::new(5, 1), 1)
    );
    play(&mut game, "lR");
    assert!(!game.can_jump());
    assert!(!game.jump(Pos::new(1, 1)));
    // Walls, boxes and cells off the grid are no place to jump to.
    let mut fresh = ReverseGame::new(lvl(CORRIDOR));
    for cell in [Pos::new(0, 1), Pos::new(2, 1), Pos::new(9, 9)] {
        assert!(!fresh.jump(cell), "{cell:?}");
    }
}

#[test]
fn the_end_check_needs_the_boxes_home_and_the_start_in_reach() {
    let mut game = ReverseGame::new(lvl(CORRIDOR));
    assert_eq!(game.forward_solution(), None);
    play(&mut game, "llR");
    assert!(game.is_done());
    let forward = game.forward_solution().expect("a forward solution");
    assert_eq!(format_steps(&forward), "lL");
    assert!(replays_solved(CORRIDOR, &forward));
}

#[test]
fn a_level_whose_end_is_in_another_room_is_solved_after_a_jump() {
    // The box pushed onto its goal last shuts the player's start into a
    // pocket of its own: reverse play has to start outside it.
    let level = "######\n#@.$ #\n## # #\n##   #\n######\n";
    let solution = "rddrruuL";
    let mut game = ReverseGame::new(lvl(level));
    assert_eq!(game.player(), Pos::new(1, 1));
    assert_eq!(game.rooms().len(), 2);
    assert!(!Direction::ALL.iter().any(|&d| game.can_pull(d)));
    let end = end_of(level, solution);
    assert_eq!(game.next_room(), Some(end));
    assert!(game.jump(end));
    play(&mut game, "R");
    assert!(game.is_done());
    let forward = game.forward_solution().expect("a forward solution");
    assert_eq!(format_steps(&forward), solution);
    assert!(replays_solved(level, &forward));
    // The whole reverse line, kept and brought back, ends the same.
    let entries = parse_log(&reversed(solution)).expect("moves");
    let back = ReverseGame::replay(lvl(level), end, &entries).expect("it replays");
    assert_eq!(back.player(), Pos::new(1, 1));
    assert_eq!(back.forward_solution(), Some(forward));
    let mut wrong = ReverseGame::new(lvl(level));
    assert!(wrong.apply_log(&entries).is_err());
}

#[test]
fn microban_one_played_backwards_turns_into_a_forward_solution() {
    let level = "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n";
    let solution = "dlUrrrdLullddrUluRuulDrddrruLdlUU";
    let end = end_of(level, solution);
    let mut game = ReverseGame::new(lvl(level));
    assert!(game.jump(end) || game.player() == end);
    play(&mut game, &reversed(solution));
    assert!(game.is_done());
    let forward = game.forward_solution().expect("a forward solution");
    assert!(replays_solved(level, &forward));
    assert_eq!(forward.iter().filter(|s| s.push).count(), 8);
}

#[test]
fn a_walk_before_the_end_is_dropped_and_a_kept_game_replays() {
    let mut game = ReverseGame::new(lvl(CORRIDOR));
    play(&mut game, "lxllRr");
    let kept: Vec<LogEntry> = game.log().to_vec();
    let back = ReverseGame::replay(lvl(CORRIDOR), game.start(), &kept).expect("replays");
    assert_eq!(
        (back.player(), back.score(), back.pulls()),
        (game.player(), 6, 1)
    );
    // The walks after the last pull are no part of the forward solution.
    assert_eq!(format_steps(&game.forward_solution().expect("done")), "lL");
    assert_eq!(
        ReverseGame::replay(lvl(CORRIDOR), Pos::new(2, 1), &[]).err(),
        Some(ReplayError::Start(Pos::new(2, 1)))
    );
}
