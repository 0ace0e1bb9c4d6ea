//! English words for counts, as the messages write them.

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
    fn plurals_agree_with_the_count() {
        assert_eq!(plural(1, "move"), "1 move");
        assert_eq!(plural(0, "move"), "0 moves");
        assert_eq!(plural(2, "box"), "2 boxes");
        assert_eq!(plural(1, "goal"), "1 goal");
    }
}
