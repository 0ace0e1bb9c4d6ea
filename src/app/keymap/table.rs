//! The key map's defaults: every binding of the game, in help order.

use crossterm::event::KeyCode::{self, Char};

use super::build::{WASD, bind, digits, legend, moves};
use super::key::Key::{Code, Letter};
use super::{Action, Binding, Scope};
use schokoban_core::Direction;

/// Every binding, in the order the help lists them. Within a scope the
/// first that matches a key wins.
#[expect(clippy::too_many_lines, reason = "one table, read top to bottom")]
pub(crate) fn defaults() -> Vec<Binding> {
    use Action as A;
    use Scope as S;
    let mut bindings = Vec::new();
    let [up, down, left, right] = moves(S::Play, WASD, "WASD / arrows", &["move and push"]);
    bindings.push(legend(up, 0, "WASD/arrows", "move"));
    bindings.extend([down, left, right]);
    bindings.extend([
        legend(
            bind(
                S::Play,
                A::Undo,
                &[Letter('u')],
                "U",
                &["undo (counts as a move)"],
            ),
            1,
            "U",
            "undo",
        ),
        legend(
            bind(
                S::Play,
                A::Redo,
                &[Letter('y')],
                "Y",
                &["redo (counts as a move)"],
            ),
            1,
            "Y",
            "redo",
        ),
        legend(
            bind(
                S::Play,
                A::Reset,
                &[Letter('r')],
                "R",
                &["reset the level (moves back to 0)"],
            ),
            2,
            "R",
            "reset",
        ),
        legend(
            bind(
                S::Play,
                A::Hint,
                &[Letter('h')],
                "H",
                &["hint: mark the next push; again to play it"],
            ),
            3,
            "H",
            "hint",
        ),
        legend(
            bind(
                S::Play,
                A::Zoom,
                &[Letter('z')],
                "Z",
                &["zoom: square, one column, or to fill"],
            ),
            3,
            "Z",
            "zoom",
        ),
        bind(
            S::Play,
            A::NextLevel,
            &[Letter('n')],
            "N / P",
            &["next / previous level (Free play, files of several)"],
        ),
        bind(S::Play, A::PreviousLevel, &[Letter('p')], "", &[]),
        bind(
            S::Play,
            A::Watch,
            &[Letter('v')],
            "V",
            &["view: watch the solver solve it from here"],
        ),
        bind(
            S::Play,
            A::Edit,
            &[Letter('e')],
            "E",
            &["edit a copy in the level editor"],
        ),
        bind(
            S::Play,
            A::Snapshot,
            &[Letter('k')],
            "K / L / C",
            &["keep a snapshot / list what is kept / copy moves"],
        ),
        bind(S::Play, A::Kept, &[Letter('l')], "", &[]),
        bind(S::Play, A::Copy, &[Letter('c')], "", &[]),
        bind(
            S::Play,
            A::Reverse,
            &[Letter('b')],
            "B / G / Tab",
            &["reverse play (lists too) / pull or walk / next room"],
        ),
        bind(S::Reverse, A::PullOrWalk, &[Letter('g')], "", &[]),
        bind(S::Reverse, A::Jump, &[Code(KeyCode::Tab)], "", &[]),
        legend(
            bind(
                S::Play,
                A::Leave,
                &[Code(KeyCode::Esc), Code(KeyCode::Backspace)],
                "Esc",
                &["leave: saves an unsolved game"],
            ),
            2,
            "ESC",
            "leave",
        ),
        legend(
            bind(S::Play, A::Help, &[Code(Char('?'))], "?", &["this help"]),
            5,
            "?",
            "all keys",
        ),
        legend(
            bind(
                S::Play,
                A::Click,
                &[],
                "Mouse",
                &["click a cell to walk; a box, then a cell, to push"],
            ),
            4,
            "Mouse:",
            "click to walk",
        ),
        bind(
            S::Watch,
            A::PauseResume,
            &[Code(Char(' '))],
            "Space",
            &["watching: pause/play"],
        ),
        bind(
            S::Watch,
            A::StepForward,
            &[Code(KeyCode::Right)],
            "→",
            &["watching: step on"],
        ),
        bind(
            S::Watch,
            A::StepBack,
            &[Code(KeyCode::Left)],
            "←",
            &["watching: step back"],
        ),
        bind(
            S::Watch,
            A::Faster,
            &[Code(KeyCode::Up), Code(Char('+'))],
            "↑",
            &["watching: faster"],
        ),
        bind(
            S::Watch,
            A::Slower,
            &[Code(KeyCode::Down), Code(Char('-'))],
            "↓",
            &["watching: slower"],
        ),
        bind(
            S::Watch,
            A::TakeOver,
            &[Code(KeyCode::Enter)],
            "Enter",
            &["watching the solver: play on from here"],
        ),
        bind(
            S::Watch,
            A::Leave,
            &[Code(KeyCode::Esc), Code(KeyCode::Backspace)],
            "Esc",
            &["watching: back"],
        ),
    ]);
    bindings.extend(moves(S::Editor, WASD, "WASD/arrows", &["editor: cursor"]));
    bindings.extend(digits(
        S::Editor,
        1..=7,
        A::Place,
        "1-7",
        &["editor: place (Space: again)"],
    ));
    bindings.extend([
        bind(S::Editor, A::PlaceAgain, &[Code(Char(' '))], "", &[]),
        bind(S::Editor, A::Undo, &[Letter('u')], "U", &["editor: undo"]),
        bind(S::Editor, A::Redo, &[Letter('y')], "Y", &["editor: redo"]),
        bind(
            S::Editor,
            A::Wider,
            &[Code(Char('>'))],
            ">",
            &["editor: wider"],
        ),
        bind(
            S::Editor,
            A::Narrower,
            &[Code(Char('<'))],
            "<",
            &["editor: narrower"],
        ),
        bind(
            S::Editor,
            A::Taller,
            &[Code(Char('+'))],
            "+",
            &["editor: taller"],
        ),
        bind(
            S::Editor,
            A::Shorter,
            &[Code(Char('-'))],
            "-",
            &["editor: shorter"],
        ),
        bind(
            S::Editor,
            A::TryOut,
            &[Letter('t')],
            "T",
            &["editor: try it"],
        ),
        bind(
            S::Editor,
            A::SaveLevel,
            &[Code(KeyCode::Enter)],
            "Enter",
            &["editor: save"],
        ),
        bind(
            S::Editor,
            A::Leave,
            &[Code(KeyCode::Esc), Code(KeyCode::Backspace)],
            "Esc",
            &["editor: leave"],
        ),
        bind(
            S::Menus,
            A::Messages,
            &[Letter('m'), Code(KeyCode::F(1))],
            "M / F1",
            &["messages, whole (F1 in a text field)"],
        ),
        // Told where they apply (`… 6 more · L shows all`, the README), so
        // the play screen's help keeps to one screen at 80x24.
        bind(S::Menus, A::WholeBoard, &[Letter('l')], "", &[]),
        bind(S::Menus, A::Help, &[Code(Char('?'))], "", &[]),
        bind(
            S::Menus,
            A::Accept,
            &[Code(KeyCode::Enter), Code(Char(' '))],
            "Enter / Space",
            &["accept in menus"],
        ),
        bind(
            S::Menus,
            A::Back,
            &[Code(KeyCode::Esc), Code(KeyCode::Backspace)],
            "Esc / Backspace",
            &["back in menus"],
        ),
    ]);
    bindings.extend(moves(S::Menus, WASD, "", &[]));
    bindings.extend([
        // Esc and Backspace are "back" everywhere, so one too many must
        // not end the session: on the main menu they ask first.
        bind(
            S::MainMenu,
            A::AskQuit,
            &[Code(KeyCode::Esc), Code(KeyCode::Backspace)],
            "",
            &[],
        ),
        bind(
            S::Collections,
            A::Remove,
            &[Letter('x'), Code(KeyCode::Delete)],
            "",
            &[],
        ),
        bind(S::Confirm, A::Yes, &[Letter('y')], "", &[]),
        bind(S::Confirm, A::No, &[Letter('n')], "", &[]),
        bind(S::Lists, A::PageUp, &[Code(KeyCode::PageUp)], "", &[]),
        bind(S::Lists, A::PageDown, &[Code(KeyCode::PageDown)], "", &[]),
        bind(S::Lists, A::First, &[Code(KeyCode::Home)], "", &[]),
        bind(S::Lists, A::Last, &[Code(KeyCode::End)], "", &[]),
    ]);
    bindings.push(bind(S::Lists, A::Reverse, &[Letter('b')], "", &[]));
    bindings.extend(digits(
        S::Lists,
        0..=9,
        A::Digit,
        "0-9",
        &["level lists: go to a level by its number"],
    ));
    bindings.extend([
        // A text field takes letters, so only keys that type nothing.
        bind(
            S::TextField,
            A::Move(Direction::Up),
            &[Code(KeyCode::Up)],
            "",
            &[],
        ),
        bind(
            S::TextField,
            A::Move(Direction::Down),
            &[Code(KeyCode::Down)],
            "",
            &[],
        ),
        bind(S::TextField, A::Complete, &[Code(KeyCode::Tab)], "", &[]),
        bind(S::TextField, A::Accept, &[Code(KeyCode::Enter)], "", &[]),
        bind(S::TextField, A::Back, &[Code(KeyCode::Esc)], "", &[]),
        bind(S::TextField, A::Messages, &[Code(KeyCode::F(1))], "", &[]),
    ]);
    bindings
}
