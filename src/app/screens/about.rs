//! About: what the game is, its version and licence, and whose levels it plays.

use std::rc::Rc;

use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::app::keymap::{Action, KeyMap, Scope};
use crate::app::message::Message;
use crate::app::screen::{Command, Effect, Screen, footer, one_message};
use crate::app::theme::Theme;
use crate::app::widgets::page::{LogoRule, notice_line, page};
use crate::library::Collection;

#[derive(Debug)]
pub(crate) struct About {
    message: Option<Message>,
    theme: Theme,
    keys: Rc<KeyMap>,
}

impl About {
    pub fn new(theme: Theme, keys: Rc<KeyMap>) -> Self {
        Self {
            message: None,
            theme,
            keys,
        }
    }

    fn lines(&self) -> Vec<Line<'static>> {
        let mut lines = vec![
            Line::from(format!(
                "Schokoban {}, {} licence",
                env!("CARGO_PKG_VERSION"),
                env!("CARGO_PKG_LICENSE")
            )),
            Line::from("Push every box onto a goal, in as few moves as you can."),
            Line::from(""),
            Line::styled("Levels", self.theme.accent()),
        ];
        lines.extend(
            credits()
                .into_iter()
                .map(|(names, author)| Line::from(format!("{names}: {author}"))),
        );
        lines.push(Line::from(""));
        lines.push(Line::styled(
            "Press ? in a level for every key.",
            self.theme.dim(),
        ));
        lines
    }
}

/// One line of credit per series, so sixteen collections fit a small
/// terminal: `Sasquatch`, `Sasquatch II` … `Sasquatch XI` by one author
/// become `Sasquatch I to XI`.
fn credits() -> Vec<(String, &'static str)> {
    let mut series: Vec<(Collection, Collection)> = Vec::new();
    for collection in Collection::ALL {
        match series.last_mut() {
            Some((first, last))
                if first.author() == collection.author()
                    && collection
                        .name()
                        .strip_prefix(first.name())
                        .is_some_and(|rest| rest.starts_with(' ')) =>
            {
                *last = collection;
            }
            _ => series.push((collection, collection)),
        }
    }
    series
        .into_iter()
        .map(|(first, last)| {
            let names = if first == last {
                first.name().to_owned()
            } else {
                let numeral = &last.name()[first.name().len()..];
                format!("{} I to{numeral}", first.name())
            };
            (names, first.author())
        })
        .collect()
}

#[cfg(feature = "queries")]
impl crate::app::query::ScreenQuery for About {
    fn name(&self) -> &'static str {
        "about"
    }
}

/// The keys of a page that is only read: Esc or Enter goes back.
pub(super) fn back_only(keys: &KeyMap, key: &KeyEvent) -> Effect {
    let action = keys.action(&[Scope::Menus], key);
    if matches!(action, Some(Action::Back | Action::Accept)) {
        Effect::Back
    } else {
        Effect::None
    }
}

/// The footer of a page that is only read: `Esc or Enter back`.
pub(super) fn back_only_commands(keys: &KeyMap) -> Vec<Command> {
    let back = keys.key_name(Scope::Menus, Action::Back);
    let accept = keys.key_name(Scope::Menus, Action::Accept);
    vec![Command::new(format!("{back} or {accept}"), "back")]
}

impl Screen for About {
    fn handle_key(&mut self, key: &KeyEvent) -> Effect {
        back_only(&self.keys, key)
    }

    fn commands(&self) -> Vec<Command> {
        back_only_commands(&self.keys)
    }

    one_message!();

    fn draw(&self, area: Rect, buf: &mut Buffer) {
        let Some(areas) = page(
            area,
            buf,
            self.theme,
            "About",
            &footer(&self.commands()),
            LogoRule::WhenRoomy,
        ) else {
            return;
        };
        let content = areas.content;
        Paragraph::new(self.lines())
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true })
            .render(content, buf);
        notice_line(&areas, buf, self.theme, self.message.as_ref());
    }
}
