//! Moments as the record files write them: UTC, to the second, in the
//! ISO 8601 form a person reads (`2026-12-01T21:40:07Z`). The caller gives
//! the clock's reading, so tests choose it.

use schokoban_generate::Day;

/// Seconds since 1970-01-01 00:00 UTC, as `2026-12-01T21:40:07Z`.
pub fn format_utc(seconds: u64) -> String {
    let days = seconds / 86_400;
    let rest = seconds % 86_400;
    let Day { year, month, day } = Day::from_unix_days(days);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// The seconds since 1970 that [`format_utc`] wrote, or `None` for text
/// it did not write.
pub fn parse_utc(text: &str) -> Option<u64> {
    let bytes = text.as_bytes();
    let shape = bytes.len() == 20
        && bytes[4] == b'-'
        && bytes[7] == b'-'
        && bytes[10] == b'T'
        && bytes[13] == b':'
        && bytes[16] == b':'
        && bytes[19] == b'Z';
    if !shape {
        return None;
    }
    let number = |range: std::ops::Range<usize>| -> Option<u64> {
        let part = text.get(range)?;
        part.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
    let (hour, minute, second) = (number(11..13)?, number(14..16)?, number(17..19)?);
    if year < 1970 || !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return None;
    }
    if hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    let date = Day {
        year: u32::try_from(year).ok()?,
        month: u32::try_from(month).ok()?,
        day: u32::try_from(day).ok()?,
    };
    let days = date.unix_days()?;
    (Day::from_unix_days(days) == date)
        .then_some(days * 86_400 + hour * 3600 + minute * 60 + second)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_are_written_in_utc_and_read_back() {
        assert_eq!(format_utc(0), "1970-01-01T00:00:00Z");
        // 2000-02-29 12:34:56 UTC: a leap day in a year divisible by 400.
        assert_eq!(format_utc(951_827_696), "2000-02-29T12:34:56Z");
        for seconds in [0, 951_827_696, 1_796_161_207, 4_102_444_799] {
            assert_eq!(parse_utc(&format_utc(seconds)), Some(seconds));
        }
    }

    #[test]
    fn text_that_is_no_moment_is_refused() {
        for text in [
            "",
            "yesterday",
            "2026-02-30T00:00:00Z",
            "2026-12-01 21:40:07Z",
        ] {
            assert_eq!(parse_utc(text), None, "{text}");
        }
    }
}
