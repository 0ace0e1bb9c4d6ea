//! A number typed digit by digit into a list, as type-ahead in file lists
//! works: digits close together make one number, a pause starts anew.
//! The pause is told by the app's clock through the list's ticks: the tick
//! after a digit dates it, and a tick the pause later ends the number.

use std::time::Duration;

use crate::app::worker::Wake;

/// A digit within this of the last goes on with the same number.
const TYPING_PAUSE: Duration = Duration::from_secs(1);

/// The number typed so far and when its last digit came.
#[derive(Debug, Default)]
pub(crate) struct NumberEntry {
    /// 0 when none is typed.
    typed: usize,
    /// When the last digit came, on the app's clock; `None` until the tick
    /// after it.
    at: Option<Duration>,
}

impl NumberEntry {
    /// The number the digits typed so far and `digit` make, or `digit`
    /// alone when that is past `count`: on a list of 90, `2` `9` makes 2
    /// then 29, and `9` `5` makes 9 then 5. `None` when neither is in 1 to
    /// `count`.
    pub(crate) fn type_digit(&mut self, digit: u8, count: usize) -> Option<usize> {
        let digit = usize::from(digit);
        self.at = None;
        self.typed = [self.typed * 10 + digit, digit]
            .into_iter()
            .find(|&number| (1..=count).contains(&number))
            .unwrap_or(0);
        (self.typed > 0).then_some(self.typed)
    }

    /// Any other key ends the number.
    pub(crate) fn end(&mut self) {
        *self = Self::default();
    }

    /// Dates the last digit at `now` if it has no date yet, and ends the
    /// number once the pause after it has passed; says when to look again.
    pub(crate) fn tick(&mut self, now: Duration) -> Wake {
        if self.typed == 0 {
            return Wake::Idle;
        }
        let paused = *self.at.get_or_insert(now) + TYPING_PAUSE;
        if now >= paused {
            self.end();
            return Wake::Idle;
        }
        Wake::At(paused)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_close_together_make_one_number_and_a_pause_starts_anew() {
        let mut entry = NumberEntry::default();
        assert_eq!(entry.type_digit(1, 90), Some(1));
        let Wake::At(paused) = entry.tick(Duration::ZERO) else {
            panic!("a number waits for the pause");
        };
        assert_eq!(paused, TYPING_PAUSE);
        assert!(matches!(entry.tick(TYPING_PAUSE / 2), Wake::At(_)));
        assert_eq!(entry.type_digit(2, 90), Some(12));
        // Dated at the tick after it: the pause counts from there.
        let Wake::At(paused) = entry.tick(TYPING_PAUSE / 2) else {
            panic!("a number waits for the pause");
        };
        assert_eq!(paused, TYPING_PAUSE * 3 / 2);
        assert!(matches!(entry.tick(TYPING_PAUSE * 3 / 2), Wake::Idle));
        assert_eq!(entry.type_digit(2, 90), Some(2), "after a pause");
    }

    #[test]
    fn a_number_past_the_end_starts_from_the_digit_and_other_keys_end_it() {
        let mut entry = NumberEntry::default();
        assert_eq!(entry.type_digit(9, 90), Some(9));
        assert_eq!(entry.type_digit(5, 90), Some(5));
        assert_eq!(entry.type_digit(0, 90), Some(50));
        entry.end();
        assert_eq!(entry.type_digit(0, 90), None);
        assert!(matches!(entry.tick(Duration::ZERO), Wake::Idle));
        assert_eq!(entry.type_digit(3, 90), Some(3));
    }
}
