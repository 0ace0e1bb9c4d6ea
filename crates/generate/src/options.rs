//! What a player asks for: a size, a difficulty and a seed.

use std::fmt;
use std::str::FromStr;

/// How big a level is, walls included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Size {
    /// 7x7 to 9x9.
    #[default]
    Small,
    /// 10x10 to 12x12.
    Medium,
    /// 13 to 16 wide, 12 to 14 high.
    Large,
}

/// How hard a level is: a band of its [`crate::Rating`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Difficulty {
    /// Few pushes, few changes of box.
    #[default]
    Easy,
    /// The middle band.
    Medium,
    /// Long solutions that switch boxes often.
    Hard,
    /// The most boxes the generator proves within a few seconds.
    Expert,
}

impl Size {
    /// Every size, smallest first.
    pub const ALL: [Size; 3] = [Size::Small, Size::Medium, Size::Large];

    /// The name the command line and data folder use.
    pub fn name(self) -> &'static str {
        match self {
            Size::Small => "small",
            Size::Medium => "medium",
            Size::Large => "large",
        }
    }

    /// The letter titles use: `S`, `M` or `L`.
    pub fn letter(self) -> char {
        match self {
            Size::Small => 'S',
            Size::Medium => 'M',
            Size::Large => 'L',
        }
    }

    /// The range of widths, then of heights, walls included.
    pub(crate) fn bounds(self) -> ((usize, usize), (usize, usize)) {
        match self {
            Size::Small => ((7, 9), (7, 9)),
            Size::Medium => ((10, 12), (10, 12)),
            Size::Large => ((13, 16), (12, 14)),
        }
    }
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
    ];

    /// The name the command line and data folder use.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        }
    }

    /// The letter titles use: `E`, `M`, `H` or `X`.
    pub fn letter(self) -> char {
        match self {
            Difficulty::Easy => 'E',
            Difficulty::Medium => 'M',
            Difficulty::Hard => 'H',
            Difficulty::Expert => 'X',
        }
    }
}

/// A name that is no size or difficulty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    /// What was given.
    pub name: String,
    /// What would have been understood.
    pub expected: &'static str,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no {:?}: {}", self.name, self.expected)
    }
}

impl std::error::Error for UnknownName {}

/// The one of `all` whose name or letter is `name`, in any case.
fn by_name<T: Copy>(
    all: &[T],
    name: &str,
    names: impl Fn(T) -> (&'static str, char),
    expected: &'static str,
) -> Result<T, UnknownName> {
    all.iter()
        .copied()
        .find(|&item| {
            let (word, letter) = names(item);
            word.eq_ignore_ascii_case(name) || name.eq_ignore_ascii_case(&letter.to_string())
        })
        .ok_or_else(|| UnknownName {
            name: name.to_owned(),
            expected,
        })
}

impl FromStr for Size {
    type Err = UnknownName;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        let names = |s: Size| (s.name(), s.letter());
        by_name(&Size::ALL, name, names, "small, medium or large")
    }
}

impl FromStr for Difficulty {
    type Err = UnknownName;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        let names = |d: Difficulty| (d.name(), d.letter());
        by_name(
            &Difficulty::ALL,
            name,
            names,
            "easy, medium, hard or expert",
        )
    }
}

/// One level to make: everything that decides it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Request {
    /// The seed: the same seed, size and difficulty give the same level.
    pub seed: u64,
    /// How big.
    pub size: Size,
    /// How hard.
    pub difficulty: Difficulty,
}

impl Request {
    /// The level's title: `Endless M-H 48213` (size, difficulty, seed).
    pub fn title(&self) -> String {
        format!(
            "Endless {}-{} {}",
            self.size.letter(),
            self.difficulty.letter(),
            self.seed
        )
    }

    /// The stream the seed's numbers come from, apart for each size and
    /// difficulty.
    pub(crate) fn stream(&self) -> u64 {
        let size = Size::ALL.iter().position(|&s| s == self.size).unwrap_or(0);
        let difficulty = Difficulty::ALL
            .iter()
            .position(|&d| d == self.difficulty)
            .unwrap_or(0);
        (size * Difficulty::ALL.len() + difficulty + 1) as u64
    }
}
