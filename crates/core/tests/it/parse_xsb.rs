//! XSB parsing of well-formed input: every glyph, floors, metadata, and the
//! quirks of real files (CRLF, BOM, trailing spaces, indentation, run-length).

use crate::common::{floor_plan, lvl};
use schokoban_core::{Pos, Tile, parse_level, parse_levels};

const ALL_GLYPHS: &str = "######\n#+$*.#\n#_$ -#\n######\n";

#[test]
fn every_glyph_means_what_the_spec_says() {
    let level = lvl(ALL_GLYPHS);
    assert_eq!((level.width(), level.height()), (6, 4));
    assert_eq!(level.player(), Pos::new(1, 1), "+ is the player");
    assert_eq!(
        level.boxes(),
        &[Pos::new(2, 1), Pos::new(3, 1), Pos::new(2, 2)],
        "$ and * are boxes"
    );
    assert_eq!(level.tile(Pos::new(0, 0)), Tile::Wall);
    assert_eq!(level.tile(Pos::new(1, 1)), Tile::Goal, "+ stands on a goal");
    assert_eq!(level.tile(Pos::new(2, 1)), Tile::Floor, "$ stands on floor");
    assert_eq!(level.tile(Pos::new(3, 1)), Tile::Goal, "* stands on a goal");
    assert_eq!(level.tile(Pos::new(4, 1)), Tile::Goal);
    assert_eq!(level.goals().count(), 3);
}

#[test]
fn dash_underscore_and_space_are_all_floor() {
    let level = lvl(ALL_GLYPHS);
    for x in [1, 3, 4] {
        assert_eq!(level.tile(Pos::new(x, 2)), Tile::Floor, "column {x}");
    }
    let dashes = lvl("#-@-$-.-#\n");
    let spaces = lvl("# @ $ . #\n");
    let underscores = lvl("#_@_$_._#\n");
    assert_eq!(dashes, spaces);
    assert_eq!(underscores, spaces);
}

#[test]
fn player_on_floor_is_at_sign() {
    let level = lvl("#@$.#");
    assert_eq!(level.player(), Pos::new(1, 0));
    assert_eq!(level.tile(Pos::new(1, 0)), Tile::Floor);
}

#[test]
fn title_and_author_keys_ignore_case() {
    for (title_key, author_key) in [
        ("Title", "Author"),
        ("TITLE", "author"),
        ("tItLe", "AUTHOR"),
    ] {
        let text = format!("#@$.#\n{title_key}: EXAMPLE\n{author_key}: Some One\n");
        let level = lvl(&text);
        assert_eq!(level.title(), Some("EXAMPLE"), "{title_key}");
        assert_eq!(level.author(), Some("Some One"), "{author_key}");
    }
}

#[test]
fn without_metadata_there_is_no_title_or_author() {
    let level = lvl("#@$.#\n");
    assert_eq!(level.title(), None);
    assert_eq!(level.author(), None);
}

#[test]
fn the_spec_example_is_refused_for_its_two_players() {
    let text = "+ @ #\n. * $ \nTitle: EXAMPLE\nAuthor: AUTHOR\n";
    let err = parse_level(text).expect_err("the spec example has two players");
    assert_eq!(
        err,
        schokoban_core::ParseError::TwoPlayers { line: 1, column: 3 }
    );
}

#[test]
fn crlf_bom_and_trailing_spaces_read_like_clean_text() {
    let clean = parse_levels("#####\n#@$.#\n#####\nTitle: T\n").expect("clean");
    let messy = "\u{feff}#####   \r\n#@$.#\t \r\n#####\r\nTitle: T  \r\n";
    assert_eq!(parse_levels(messy).expect("messy"), clean);
}

#[test]
fn lone_cr_line_ends_of_old_mac_files_are_line_breaks() {
    let clean =
        parse_levels("#####\n#@$.#\n#####\nTitle: T\n\n#####\n#.$@#\n#####\n").expect("clean");
    let mac = "#####\r#@$.#\r#####\rTitle: T\r\r#####\r#.$@#\r#####\r";
    assert_eq!(parse_levels(mac).expect("old Mac"), clean);
}

#[test]
fn indented_boards_lose_the_common_indent_only() {
    let level = lvl("    ####\n    #@.#\n  ###$ #\n  #    #\n  ######\n");
    assert_eq!(level.width(), 6);
    assert_eq!(level.player(), Pos::new(3, 1));
    assert_eq!(
        floor_plan(&level),
        "  ####\n  # .#\n###  #\n#    #\n######\n"
    );
}

#[test]
fn run_length_rows_expand_and_bar_ends_a_row() {
    let rle = lvl("5#|#@$.#|5#");
    let plain = lvl("#####\n#@$.#\n#####\n");
    assert_eq!(rle, plain);
    let counted = lvl("7#\n#@2-$.#\n#3 .$#\n7#\n");
    assert_eq!(floor_plan(&counted), "#######\n#    .#\n#   . #\n#######\n");
    assert_eq!(counted.boxes(), &[Pos::new(4, 1), Pos::new(5, 2)]);
    let wide = lvl("#@12-$.#");
    assert_eq!(wide.width(), 17, "a count can have several digits");
}

#[test]
fn a_collection_has_blank_lines_comments_and_names() {
    let text = "; My collection\n; by someone\n\n; 1\n\n#####\n#@$.#\n#####\n\n\
                ; 2\n'Lockdown'\n\n######\n#@ $.#\n######\n\n\
                Free text name\n#####\n#.$@#\n#####\nTitle: Given\n";
    let levels = parse_levels(text).expect("collection");
    assert_eq!(levels.len(), 3);
    assert_eq!(levels[0].title(), None, "a comment is not a name");
    assert_eq!(levels[0].width(), 5);
    assert_eq!(levels[1].title(), Some("Lockdown"), "quotes are dropped");
    assert_eq!(levels[1].width(), 6);
    assert_eq!(levels[2].title(), Some("Given"), "a Title: line wins");
    assert_eq!(levels[2].player(), Pos::new(3, 1));
}

#[test]
fn metadata_belongs_to_the_board_above_it() {
    let text = "#@$.#\nTitle: One\nAuthor: A\n\n#.$@#\nTitle: Two\n";
    let levels = parse_levels(text).expect("two levels");
    let names: Vec<_> = levels.iter().map(|l| (l.title(), l.author())).collect();
    assert_eq!(names, [(Some("One"), Some("A")), (Some("Two"), None)]);
}

#[test]
fn rows_of_different_lengths_are_padded_with_floor() {
    let level = lvl("#####\n#@$.\n###\n");
    assert_eq!((level.width(), level.height()), (5, 3));
    assert_eq!(floor_plan(&level), "#####\n#  . \n###  \n");
}

#[test]
fn a_level_prints_back_as_xsb() {
    let level = lvl("  ######\n  #+$*.#\n  #_$ -#\n  ######\nTitle: All\nAuthor: Me\n");
    assert_eq!(level.to_string(), "######\n#+$*.#\n# $  #\n######\n");
    assert_eq!(
        level.to_xsb(),
        "######\n#+$*.#\n# $  #\n######\nTitle: All\nAuthor: Me\n"
    );
}
