//! The SOK format as sokobano.de documents it and YASC writes it: headers,
//! titles above and below boards, comment blocks, YASC's characters, other
//! games' levels, and one bad level among good ones.

use crate::common::{floor_plan, lvl};
use schokoban_core::{Direction, Game, LevelFile, ParseError, parse_level_file, parse_levels};

fn file(text: &str) -> LevelFile {
    parse_level_file(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn titles(file: &LevelFile) -> Vec<Option<&str>> {
    file.levels
        .iter()
        .map(|board| match board {
            Ok(level) => level.title(),
            Err(bad) => bad.title.as_deref(),
        })
        .collect()
}

const ROOM: &str = "#####\n#@$.#\n#####\n";

#[test]
fn a_comment_block_is_text_even_when_it_looks_like_a_board() {
    let text = format!(
        "{ROOM}Title: One\nComment:\n18.09.05\n2#\n#@$.#\nComment-End:\n\n{ROOM}Title: Two\n"
    );
    let file = file(&text);
    assert_eq!(titles(&file), [Some("One"), Some("Two")]);
    assert!(file.bad().next().is_none());
}

#[test]
fn a_comment_that_is_never_ended_is_one_line_of_text() {
    let text = format!("{ROOM}Comment:\nsome words\n\n{ROOM}");
    assert_eq!(file(&text).len(), 2);
}

#[test]
fn a_one_line_comment_is_not_a_block() {
    let text = format!("{ROOM}Comment: hard\n\n{ROOM}Comment-End:\n");
    assert_eq!(file(&text).len(), 2);
}

#[test]
fn dates_and_numbers_outside_a_block_are_not_rows() {
    let text = format!("18.09.05\n\n1\n{ROOM}\n12.12.\n2\n{ROOM}");
    let file = file(&text);
    assert_eq!(file.len(), 2);
    assert_eq!(titles(&file), [Some("1"), Some("2")]);
}

#[test]
fn a_row_that_starts_with_a_wall_is_still_a_row_with_its_error() {
    assert_eq!(
        parse_levels("#@$.#|12").expect_err("a count with nothing after it"),
        ParseError::BadRunLength { line: 1, column: 7 }
    );
}

#[test]
fn the_header_names_the_collection_and_its_author() {
    for key in ["Title", "Collection", "Set"] {
        let text =
            format!("{key}: My Set\nAuthor: Me\n:: raw notes\n\n{ROOM}\n{ROOM}Author: Other\n");
        let file = file(&text);
        assert_eq!(file.title.as_deref(), Some("My Set"), "{key}");
        assert_eq!(file.author.as_deref(), Some("Me"));
        let authors: Vec<_> = file.playable().map(|(_, l)| l.author()).collect();
        assert_eq!(
            authors,
            [Some("Me"), Some("Other")],
            "a level's own author wins"
        );
        assert_eq!(titles(&file), [None, None], "the header titles no level");
    }
}

#[test]
fn a_title_above_its_board_counts_as_a_line_or_as_title() {
    let text =
        format!("'Quoted'\n\n{ROOM}\nTitle: Keyed\n{ROOM}\nFree text\n{ROOM}Title: Below wins\n");
    assert_eq!(
        titles(&file(&text)),
        [Some("Quoted"), Some("Keyed"), Some("Below wins")]
    );
}

#[test]
fn a_pasted_level_with_its_title_above_is_named_by_it() {
    let levels = parse_levels(&format!("Title: Pasted\nAuthor: Me\n{ROOM}")).expect("one level");
    assert_eq!(
        (levels[0].title(), levels[0].author()),
        (Some("Pasted"), Some("Me"))
    );
}

#[test]
fn notes_after_a_gap_belong_to_the_board_above() {
    // As sokoengine programs write them: the board, a blank line, its notes.
    let text = format!("{ROOM}\nTitle: First\nGame: Hexoban\n\n{ROOM}\nTitle: Second\n");
    let file = file(&text);
    assert_eq!(titles(&file), [Some("First"), Some("Second")]);
    assert_eq!(
        file.get(1)
            .expect("level 1")
            .expect_err("of another game")
            .error,
        ParseError::OtherGame {
            line: 1,
            game: "Hexoban".to_owned()
        }
    );
    assert!(file.get(2).expect("level 2").is_ok());
}

#[test]
fn a_game_in_the_header_applies_to_every_level() {
    let text = format!("Game: Trioban\n\n{ROOM}\n{ROOM}");
    assert_eq!(
        parse_level_file(&text).expect_err("no Sokoban level"),
        ParseError::OtherGame {
            line: 3,
            game: "Trioban".to_owned()
        },
        "a file with no playable level is refused with the first reason"
    );
    let sokoban = format!("Game: sokoban\n\n{ROOM}");
    assert_eq!(file(&sokoban).playable().count(), 1, "Sokoban is Sokoban");
}

#[test]
fn yasc_characters_are_read() {
    let alternatives = lvl("#######\n#p-b-o#\n#_B___#\n#######\n");
    let classic = lvl("#######\n#@ $ .#\n# *   #\n#######\n");
    assert_eq!(alternatives, classic);
    assert_eq!(lvl("#####\n#Pb #\n#####\n"), lvl("#####\n#+$ #\n#####\n"));
    assert_eq!(lvl("#####\n#mbo#\n#####\n"), lvl("#####\n#@$.#\n#####\n"));
    assert_eq!(lvl("4#|#M#|#b#|#-#|4#"), lvl("####\n#+#\n#$#\n# #\n####\n"));
}

#[test]
fn one_bad_level_costs_only_itself() {
    let text = format!("{ROOM}\n'Broken'\n#####\n#@$$.#\n######\n\n{ROOM}");
    let file = file(&text);
    let playable: Vec<usize> = file.playable().map(|(number, _)| number).collect();
    assert_eq!(playable, [1, 3], "numbers stay the file's");
    let bad: Vec<_> = file
        .bad()
        .map(|(n, b)| (n, b.title.clone(), b.error.clone()))
        .collect();
    assert_eq!(
        bad,
        [(
            2,
            Some("Broken".to_owned()),
            ParseError::BoxGoalMismatch {
                line: 6,
                boxes: 2,
                goals: 1
            }
        )]
    );
    assert_eq!(
        parse_levels(&text).expect_err("a text that must read whole"),
        ParseError::BoxGoalMismatch {
            line: 6,
            boxes: 2,
            goals: 1
        }
    );
}

#[test]
fn an_open_board_plays_with_the_edge_as_a_wall() {
    let level = lvl("  @$.\n");
    assert_eq!(floor_plan(&level), "  .\n", "no wall anywhere");
    let mut game = Game::new(level);
    game.step(Direction::Right).expect("a push");
    assert!(game.is_solved());
    assert!(game.step(Direction::Up).is_err(), "the edge is a wall");
    assert_eq!(game.player(), schokoban_core::Pos::new(1, 0));
}

#[test]
fn a_lone_rule_of_walls_or_stars_between_levels_is_no_level() {
    let text = format!("##########\n\n{ROOM}\n*****\n\n{ROOM}\n  2#\n");
    let file = file(&text);
    assert_eq!(file.len(), 2);
    assert!(file.bad().next().is_none());
    assert_eq!(
        parse_levels("#$.#\n").expect_err("a one-row board is still a board"),
        ParseError::NoPlayer { line: 1 }
    );
}

#[test]
fn a_word_of_yasc_letters_under_a_board_is_text() {
    let text = format!("{ROOM}Bob\n\n{ROOM}mom\n");
    let file = file(&text);
    assert_eq!(file.len(), 2);
    assert!(file.playable().all(|(_, level)| level.height() == 3));
}
