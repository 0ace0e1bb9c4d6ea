//! The pieces the key map's table is written with: a binding, its
//! place in the legend, and the rows of bindings that share one line of
//! help (the four directions, the digits).

use std::borrow::Cow;

use crossterm::event::KeyCode::{self, Char};

use super::key::Key::{self, Code, Letter};
use super::{Action, Binding, Scope};
use schokoban_core::Direction;

/// A binding whose help writes its keys as `label`.
pub(super) fn bind(
    scope: Scope,
    action: Action,
    keys: &'static [Key],
    label: &'static str,
    help: &'static [&'static str],
) -> Binding {
    Binding {
        action,
        scope,
        keys: Cow::Borrowed(keys),
        label: Cow::Borrowed(label),
        help,
        legend: None,
    }
}

/// A binding listed in the legend beside the key caps, on `row` as
/// `keys word`: `keys` as the caps write them while the keys are these.
pub(super) fn legend(
    binding: Binding,
    row: u16,
    keys: &'static str,
    word: &'static str,
) -> Binding {
    Binding {
        legend: Some((row, keys, word)),
        ..binding
    }
}

/// The four directions in `scope`: the first binding carries the help
/// for all four, the others add nothing to it.
pub(super) fn moves(
    scope: Scope,
    keys: [&'static [Key]; 4],
    label: &'static str,
    help: &'static [&'static str],
) -> [Binding; 4] {
    let [up, down, left, right] = keys;
    [
        bind(scope, Action::Move(Direction::Up), up, label, help),
        bind(scope, Action::Move(Direction::Down), down, "", &[]),
        bind(scope, Action::Move(Direction::Left), left, "", &[]),
        bind(scope, Action::Move(Direction::Right), right, "", &[]),
    ]
}

const UP: &[Key] = &[Code(KeyCode::Up), Letter('w')];
const DOWN: &[Key] = &[Code(KeyCode::Down), Letter('s')];
const LEFT: &[Key] = &[Code(KeyCode::Left), Letter('a')];
const RIGHT: &[Key] = &[Code(KeyCode::Right), Letter('d')];
pub(super) const WASD: [&[Key]; 4] = [UP, DOWN, LEFT, RIGHT];

/// The digits: the editor's pieces 1 to 7, and a level's number in a list.
static DIGIT_KEYS: [[Key; 1]; 10] = [
    [Code(Char('0'))],
    [Code(Char('1'))],
    [Code(Char('2'))],
    [Code(Char('3'))],
    [Code(Char('4'))],
    [Code(Char('5'))],
    [Code(Char('6'))],
    [Code(Char('7'))],
    [Code(Char('8'))],
    [Code(Char('9'))],
];

/// A binding for each digit of `range` in `scope`: the first carries the
/// help for all of them, the others add nothing to it.
pub(super) fn digits(
    scope: Scope,
    range: std::ops::RangeInclusive<u8>,
    action: fn(u8) -> Action,
    label: &'static str,
    help: &'static [&'static str],
) -> impl Iterator<Item = Binding> {
    let first = *range.start();
    range.map(move |digit| {
        let keys = &DIGIT_KEYS[usize::from(digit)];
        if digit == first {
            bind(scope, action(digit), keys, label, help)
        } else {
            bind(scope, action(digit), keys, "", &[])
        }
    })
}
