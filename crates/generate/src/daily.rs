//! The daily level: one a day, the same for every player on that date,
//! because the date is the seed.

use std::fmt;
use std::str::FromStr;

use crate::options::{Difficulty, Request, Size};

/// A calendar date (proleptic Gregorian), the seed of its daily level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Day {
    /// The year, 1 to 9999.
    pub year: u32,
    /// The month, 1 to 12.
    pub month: u32,
    /// The day of the month, from 1.
    pub day: u32,
}

/// Text that is no `YYYY-MM-DD` date.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadDate {
    /// What was given.
    pub text: String,
}

impl fmt::Display for BadDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no date {:?}: expected YYYY-MM-DD, as 2026-12-24",
            self.text
        )
    }
}

impl std::error::Error for BadDate {}

impl Day {
    /// The date `days` days after 1970-01-01 (Hinnant's `civil_from_days`),
    /// so the caller's clock gives today without a calendar crate.
    pub fn from_unix_days(days: u64) -> Self {
        let z = days + 719_468;
        let era = z / 146_097;
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + u64::from(month <= 2);
        Self {
            year: u32::try_from(year).unwrap_or(u32::MAX),
            month: month as u32,
            day: day as u32,
        }
    }

    /// The days from 1970-01-01 to this date (Hinnant's
    /// `days_from_civil`), the inverse of [`Day::from_unix_days`], or `None`
    /// before 1970.
    ///
    /// ```
    /// use schokoban_generate::Day;
    /// let day = Day { year: 2026, month: 12, day: 24 };
    /// assert_eq!(day.unix_days(), Some(20_811));
    /// assert_eq!(Day::from_unix_days(20_811), day);
    /// ```
    #[must_use]
    pub fn unix_days(self) -> Option<u64> {
        let (year, month, day) = (
            u64::from(self.year),
            u64::from(self.month),
            u64::from(self.day),
        );
        let year = if month <= 2 {
            year.checked_sub(1)?
        } else {
            year
        };
        let era = year / 400;
        let yoe = year % 400;
        let mp = if month > 2 { month - 3 } else { month + 9 };
        let doy = (153 * mp + 2) / 5 + day.checked_sub(1)?;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        (era * 146_097 + doe).checked_sub(719_468)
    }

    /// What the daily level of this date is made from: a medium board at
    /// hard, the seed the date's digits (20261224).
    pub fn request(self) -> Request {
        Request {
            seed: u64::from(self.year) * 10_000 + u64::from(self.month) * 100 + u64::from(self.day),
            size: Size::Medium,
            difficulty: Difficulty::Hard,
        }
    }

    /// The daily level's title: `Daily 2026-12-24`.
    pub fn title(self) -> String {
        format!("Daily {self}")
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl FromStr for Day {
    type Err = BadDate;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || BadDate {
            text: text.to_owned(),
        };
        let mut parts = text.split('-');
        let mut number = |digits: usize| {
            parts
                .next()
                .filter(|p| p.len() == digits && p.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|p| p.parse::<u32>().ok())
        };
        let (Some(year), Some(month), Some(day)) = (number(4), number(2), number(2)) else {
            return Err(bad());
        };
        if parts.next().is_some() || year == 0 || !(1..=12).contains(&month) {
            return Err(bad());
        }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
        let days = match month {
            2 if leap => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        };
        if !(1..=days).contains(&day) {
            return Err(bad());
        }
        Ok(Self { year, month, day })
    }
}

#[cfg(test)]
mod tests {
    use super::Day;

    #[test]
    fn unix_days_give_the_calendar_date() {
        assert_eq!(Day::from_unix_days(0).to_string(), "1970-01-01");
        // 2000-03-01 is day 11,017; 2026-12-24 is day 20,811.
        assert_eq!(Day::from_unix_days(11_017).to_string(), "2000-03-01");
        assert_eq!(Day::from_unix_days(20_811).to_string(), "2026-12-24");
    }

    #[test]
    fn a_date_counts_back_to_its_day() {
        for days in [0, 58, 59, 60, 365, 11_016, 11_017, 20_811, 2_932_896] {
            assert_eq!(Day::from_unix_days(days).unix_days(), Some(days));
        }
        let before_1970 = Day {
            year: 1969,
            month: 12,
            day: 31,
        };
        assert_eq!(before_1970.unix_days(), None);
    }

    #[test]
    fn dates_parse_and_bad_ones_are_refused() {
        let day: Day = "2026-12-24".parse().expect("a date");
        assert_eq!(day.request().seed, 20_261_224);
        assert!("2024-02-29".parse::<Day>().is_ok());
        for bad in [
            "2026-02-29",
            "2026-13-01",
            "2026-1-01",
            "26-12-24",
            "2026-12-24-1",
            "",
        ] {
            assert!(bad.parse::<Day>().is_err(), "{bad}");
        }
    }
}
