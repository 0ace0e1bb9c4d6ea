//! Tab completion of typed paths, as a shell does it.

use std::path::MAIN_SEPARATOR;

use super::flows::expand_path;
use crate::storage::{folder_entries, is_record_file};

/// What Tab made of a typed path: the new text, and the names still in
/// the running when more than one matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    pub text: String,
    pub candidates: Vec<String>,
}

/// Completes the last part of `typed` from the folder it names. Hidden
/// files only match when the typed part starts with a dot; the records the
/// game keeps beside maps (`.dat`, `.runs`, `.sav`) never do.
pub fn complete(typed: &str) -> Completion {
    let cut = typed.rfind(['/', MAIN_SEPARATOR]).map_or(0, |i| i + 1);
    let (folder_part, prefix) = typed.split_at(cut);
    let folder = if folder_part.is_empty() {
        std::path::PathBuf::from(".")
    } else {
        expand_path(folder_part)
    };
    let unchanged = || Completion {
        text: typed.to_owned(),
        candidates: Vec::new(),
    };
    let Ok(entries) = folder_entries(&folder) else {
        return unchanged();
    };
    let mut matches: Vec<String> = entries
        .into_iter()
        .filter_map(|entry| {
            let name = entry.name.into_string().ok()?;
            let wanted = name.starts_with(prefix)
                && (prefix.starts_with('.') || !name.starts_with('.'))
                && (entry.is_dir || !is_record_file(&name));
            let folder_mark = if entry.is_dir { "/" } else { "" };
            wanted.then(|| format!("{name}{folder_mark}"))
        })
        .collect();
    matches.sort();
    match matches.as_slice() {
        [] => unchanged(),
        [only] => Completion {
            text: format!("{folder_part}{only}"),
            candidates: Vec::new(),
        },
        many => Completion {
            text: format!("{folder_part}{}", common_prefix(many)),
            candidates: matches,
        },
    }
}

fn common_prefix(names: &[String]) -> &str {
    let first = &names[0];
    let mut end = first.len();
    for name in &names[1..] {
        end = first
            .char_indices()
            .zip(name.chars())
            .take_while(|((_, a), b)| a == b)
            .last()
            .map_or(0, |((i, a), _)| i + a.len_utf8())
            .min(end);
    }
    &first[..end]
}
