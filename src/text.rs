//! Text measured the way a terminal shows it: a CJK character or an emoji
//! takes two columns, a combining accent none. Everything that lines text up
//! or cuts it to fit measures here, never by `chars().count()`.

use std::borrow::Cow;

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// Columns `text` takes on screen.
pub fn width(text: &str) -> usize {
    text.width()
}

/// Characters as a player counts them: a family emoji or a letter with its
/// accents is one, however many code points make it.
pub fn grapheme_count(text: &str) -> usize {
    text.graphemes(true).count()
}

/// The first `max` characters of `text`, as [`grapheme_count`] counts them,
/// so a cut never splits one.
pub fn first_graphemes(text: &str, max: usize) -> &str {
    let end = text
        .grapheme_indices(true)
        .nth(max)
        .map_or(text.len(), |(at, _)| at);
    &text[..end]
}

/// Columns one character takes; control characters take none.
pub fn char_width(c: char) -> usize {
    c.width().unwrap_or(0)
}

/// `text` cut to at most `max` columns, ending in `ellipsis` when cut, so a
/// reader can tell it goes on. A cut ending in spaces drops them, so the
/// ellipsis follows the word it cuts after (`Microban…`).
pub fn fit<'a>(text: &'a str, max: usize, ellipsis: &str) -> Cow<'a, str> {
    if width(text) <= max {
        return Cow::Borrowed(text);
    }
    let room = max.saturating_sub(width(ellipsis));
    let mut used = 0;
    let mut cut = String::new();
    for c in text.chars() {
        used += char_width(c);
        if used > room {
            break;
        }
        cut.push(c);
    }
    cut.truncate(cut.trim_end().len());
    if width(ellipsis) <= max {
        cut.push_str(ellipsis);
    }
    Cow::Owned(cut)
}

/// [`fit`], but cut before a last word with a digit in it, which stays
/// whole where there is room for it: `Medium… 48213`, `Microban… 96`.
/// Levels of one collection, and made levels by their seed or date, are
/// told apart at the end of their titles. The words before it are cut
/// between words where one fits, so `Microban III 1` does not read as
/// `Microban I… 1`.
pub fn fit_keeping_number<'a>(text: &'a str, max: usize, ellipsis: &str) -> Cow<'a, str> {
    if width(text) <= max {
        return Cow::Borrowed(text);
    }
    match text.rsplit_once(' ') {
        Some((head, last))
            if last.contains(|c: char| c.is_ascii_digit())
                && width(last) + 1 + width(ellipsis) < max =>
        {
            let head = fit_between_words(head, max - width(last) - 1, ellipsis);
            Cow::Owned(format!("{head} {last}"))
        }
        _ => fit(text, max, ellipsis),
    }
}

/// [`fit`], cut after the last whole word that leaves room for the
/// ellipsis; inside the first word only when that alone is too wide.
fn fit_between_words<'a>(text: &'a str, max: usize, ellipsis: &str) -> Cow<'a, str> {
    if width(text) <= max {
        return Cow::Borrowed(text);
    }
    let room = max.saturating_sub(width(ellipsis));
    let whole = text
        .match_indices(' ')
        .map(|(at, _)| text[..at].trim_end())
        .take_while(|words| width(words) <= room)
        .last();
    match whole {
        Some(words) if !words.is_empty() => Cow::Owned(format!("{words}{ellipsis}")),
        _ => fit(text, max, ellipsis),
    }
}

/// `text` broken into lines of at most `max` columns, at spaces where it can
/// and inside a word only when the word alone is wider than a line.
pub fn wrap(text: &str, max: usize) -> Vec<String> {
    let max = max.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let gap = usize::from(!line.is_empty());
        if width(&line) + gap + width(word) <= max {
            if gap == 1 {
                line.push(' ');
            }
            line.push_str(word);
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for c in word.chars() {
            if width(&line) + char_width(c) > max && !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            line.push(c);
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// `1 move`, `2 moves`, `1 box`, `2 boxes`.
pub fn plural(count: usize, noun: &str) -> String {
    let ending = if noun.ends_with(['s', 'x', 'h']) {
        "es"
    } else {
        "s"
    };
    if count == 1 {
        format!("{count} {noun}")
    } else {
        format!("{count} {noun}{ending}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_keeps_a_closing_number_where_it_fits() {
        let cut = |max| fit_keeping_number("Medium expert 48213", max, "…").into_owned();
        assert_eq!(cut(19), "Medium expert 48213");
        assert_eq!(cut(16), "Medium… 48213");
        assert_eq!(cut(13), "Medium… 48213");
        assert_eq!(cut(8), "M… 48213");
        // No room for the last word and a letter before it: cut as fit does.
        assert_eq!(cut(7), "Medium…");
        assert_eq!(fit_keeping_number("Daily2026", 5, "…"), "Dail…");
        // A last word without a digit tells nothing apart: cut as fit does.
        let named = "Three Rooms 2: Second";
        assert_eq!(fit_keeping_number(named, 18, "…"), "Three Rooms 2: Se…");
        // Not `Microban I… 1`, which names another collection.
        assert_eq!(fit_keeping_number("Microban III 1", 13, "…"), "Microban… 1");
    }

    #[test]
    fn plurals_agree_with_the_count() {
        assert_eq!(plural(1, "move"), "1 move");
        assert_eq!(plural(0, "move"), "0 moves");
        assert_eq!(plural(2, "box"), "2 boxes");
        assert_eq!(plural(1, "goal"), "1 goal");
    }

    #[test]
    fn wide_characters_take_two_columns() {
        assert_eq!(width("abc"), 3);
        assert_eq!(width("日本語"), 6);
        assert_eq!(width("é"), 1);
        assert_eq!(width("e\u{301}"), 1, "a combining accent takes no column");
    }

    #[test]
    fn fit_cuts_by_columns_and_marks_the_cut() {
        assert_eq!(fit("short", 10, "…"), "short");
        assert_eq!(fit("abcdefgh", 5, "…"), "abcd…");
        assert_eq!(fit("日本語日本語", 7, "…"), "日本語…");
        assert_eq!(fit("日本語日本語", 6, "..."), "日...");
        assert_eq!(fit("日本語", 1, "..."), "");
        // The ellipsis follows the word, not the space after it.
        assert_eq!(fit("Microban III", 10, "…"), "Microban…");
        assert_eq!(
            fit_keeping_number("Microban III 96", 13, "…"),
            "Microban… 96"
        );
    }

    #[test]
    fn wrap_breaks_at_spaces_and_splits_only_words_wider_than_a_line() {
        assert_eq!(
            wrap("line 3: does not start with a score", 16),
            ["line 3: does not", "start with a", "score"]
        );
        assert_eq!(
            wrap("/a/very/long/path.xsb", 8),
            ["/a/very/", "long/pat", "h.xsb"]
        );
        assert_eq!(wrap("日本語 日本語", 7), ["日本語", "日本語"]);
        assert_eq!(wrap("日本語日本語", 5), ["日本", "語日", "本語"]);
        assert_eq!(wrap("", 10), [""]);
    }
}
