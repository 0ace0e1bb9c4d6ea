//! A number typed digit by digit into a list, as type-ahead in file lists
//! works: digits close together make one number, a pause starts anew.

use std::time::{Duration, Instant};

/// A digit within this of the last goes on with the same number.
const TYPING_PAUSE: Duration = Duration::from_secs(1);

/// The number typed so far and when its last digit came.
#[derive(Debug, Default)]
pub(crate) struct NumberEntry {
    /// 0 when none is typed.
    typed: usize,
    at: Option<Instant>,
}

impl NumberEntry {
    /// The number the digits typed so far and `digit` make, or `digit`
    /// alone when that is past `count` or comes after a pause: on a list
    /// of 90, `2` `9` makes 2 then 29, and `9` `5` makes 9 then 5. `None`
    /// when neither is in 1 to `count`.
    pub(crate) fn type_digit(&mut self, digit: u8, count: usize, now: Instant) -> Option<usize> {
        let digit = usize::from(digit);
        let paused = self
            .at
            .is_none_or(|last| now.saturating_duration_since(last) > TYPING_PAUSE);
        let so_far = if paused { 0 } else { self.typed };
        self.at = Some(now);
        self.typed = [so_far * 10 + digit, digit]
            .into_iter()
            .find(|&number| (1..=count).contains(&number))
            .unwrap_or(0);
        (self.typed > 0).then_some(self.typed)
    }

    /// Any other key ends the number.
    pub(crate) fn end(&mut self) {
        *self = Self::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_close_together_make_one_number_and_a_pause_starts_anew() {
        let start = Instant::now();
        let mut entry = NumberEntry::default();
        assert_eq!(entry.type_digit(1, 90, start), Some(1));
        let soon = start + Duration::from_millis(400);
        assert_eq!(entry.type_digit(2, 90, soon), Some(12));
        let later = soon + Duration::from_millis(1500);
        assert_eq!(entry.type_digit(2, 90, later), Some(2), "after a pause");
    }

    #[test]
    fn a_number_past_the_end_starts_from_the_digit_and_other_keys_end_it() {
        let now = Instant::now();
        let mut entry = NumberEntry::default();
        assert_eq!(entry.type_digit(9, 90, now), Some(9));
        assert_eq!(entry.type_digit(5, 90, now), Some(5));
        assert_eq!(entry.type_digit(0, 90, now), Some(50));
        entry.end();
        assert_eq!(entry.type_digit(0, 90, now), None);
        assert_eq!(entry.type_digit(3, 90, now), Some(3));
    }
}
