//! The strategies: one table declares each with its name, its help text
//! and the search it runs. The enum, [`Strategy::ALL`], the names
//! `bench --strategy` takes, the help it prints and the search each runs
//! all come from that table, so a strategy cannot exist without a name,
//! a help text and a search.

use std::fmt;

use crate::bidirectional::{self, Lead};
use crate::budget::Budget;
use crate::fess::{self, Advice, Cells, Guide, Order, Variant};
use crate::{Outcome, Setup, Stats, race, stopped};

/// How a strategy is built: which search runs, and how it is set up.
#[derive(Clone, Copy, Debug)]
enum Search {
    /// The race of [`race::race`].
    Race,
    /// The bidirectional push-pull search, led as given.
    PushPull(Lead),
    /// The feature-space search.
    Features(Variant),
    /// The feature-space search restarted in shuffled orders.
    Restarts(Variant),
    /// The feature-space search where its guide has a plan; elsewhere it
    /// gives up at once.
    IfPlanned(Variant),
    /// The feature-space search run backwards from the goals.
    Backward,
    /// The backward search spreading the boxes out, then the forward one
    /// heading for where it left them.
    Imagine(Variant),
}

/// One row of the table.
struct Entry {
    name: &'static str,
    help: &'static str,
    search: Search,
}

/// Declares [`Strategy`] and its table from one list of rows: variant,
/// name, search, help.
macro_rules! strategies {
    ($($(#[$attr:meta])* $variant:ident = $name:literal, $search:expr, $help:literal;)*) => {
        /// Which searches run: the race, or one search alone. Each is
        /// declared once, with its name and help, in the table of
        /// `strategy.rs`.
        ///
        /// ```
        /// use schokoban_solver::Strategy;
        ///
        /// let plan: Strategy = "plan".parse()?;
        /// assert_eq!(plan, Strategy::Plan);
        /// assert_eq!(plan.name(), "plan");
        /// assert!(Strategy::ALL.contains(&Strategy::Race));
        /// # Ok::<(), schokoban_solver::UnknownStrategy>(())
        /// ```
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub enum Strategy {
            $($(#[$attr])* #[doc = $help] $variant,)*
        }

        impl Strategy {
            /// Every strategy, in the table's order.
            pub const ALL: &'static [Strategy] = &[$(Strategy::$variant),*];
        }

        /// Row `k` is the strategy whose discriminant is `k`.
        const TABLE: &[Entry] = &[$(Entry { name: $name, help: $help, search: $search }),*];
    };
}

strategies! {
    #[default]
    Race = "race", Search::Race,
        "Searches in turn on two threads, chosen by the level's size; the first answer wins.";
    PushPull = "push-pull", Search::PushPull(Lead::Pulling),
        "Best-first over pushes and pulls, meeting in the middle; proves levels unsolvable.";
    Homeward = "homeward", Search::PushPull(Lead::PullingHome),
        "Push-pull whose pulling side heads for the player's start square.";
    Forward = "forward", Search::PushPull(Lead::Pushing),
        "Push-pull led by its pushing side, greedier.";
    Features = "features", Search::Features(FEATURES),
        "The feature-space search over macro moves, advised by packing and connectivity.";
    Hotspots = "hotspots", Search::Features(HOTSPOTS),
        "Features with an advisor that moves boxes out of other boxes' way.";
    HotspotsRestarts = "hotspots-restarts", Search::Restarts(HOTSPOTS),
        "Hotspots restarted now and then, taking equal work in a new shuffled order.";
    HotCells = "hot-cells", Search::Features(HOT_CELLS),
        "Hotspots whose cells also count boxes in other boxes' way.";
    Plan = "plan", Search::Features(guided(FEATURES, Guide::Plan)),
        "Features counting progress along the backward parking plan.";
    PlanHotCells = "plan-hot-cells", Search::Features(guided(HOT_CELLS, Guide::Plan)),
        "Hot-cells counting progress along the backward parking plan.";
    LatePlan = "late-plan", Search::IfPlanned(guided(FEATURES, Guide::LatePlan)),
        "Plan where the plan needs 20 times the usual work; elsewhere it gives up at once.";
    PartialPlan = "partial-plan", Search::IfPlanned(guided(FEATURES, Guide::PartialPlan)),
        "Plan along the line to the fewest boxes left, where no plan clears the board.";
    PartialPlanHotCells = "partial-plan-hot-cells", Search::IfPlanned(guided(HOT_CELLS, Guide::PartialPlan)),
        "Hot-cells along the partial plan, where no plan clears the board.";
    Backward = "backward", Search::Backward,
        "The feature-space search pulling from the solved position back to the start.";
    Imagine = "imagine", Search::Imagine(HOTSPOTS),
        "A pulling search spreads the boxes out; hotspots heads for where it left them.";
}

impl Strategy {
    fn entry(self) -> &'static Entry {
        &TABLE[self as usize]
    }

    /// The name `bench --strategy` takes.
    ///
    /// ```
    /// assert_eq!(schokoban_solver::Strategy::HotCells.name(), "hot-cells");
    /// ```
    #[must_use]
    pub fn name(self) -> &'static str {
        self.entry().name
    }

    /// One line saying what the strategy runs, for help texts.
    ///
    /// ```
    /// let help = schokoban_solver::Strategy::Race.help();
    /// assert!(help.starts_with("Searches in turn on two threads"));
    /// ```
    #[must_use]
    pub fn help(self) -> &'static str {
        self.entry().help
    }

    /// Runs this strategy's search on `setup`.
    pub(crate) fn search(
        self,
        setup: &Setup,
        limits: (usize, u64),
        budget: &Budget,
    ) -> (Outcome, Stats) {
        match self.entry().search {
            Search::Race => race::race(setup, limits, budget),
            Search::PushPull(lead) => bidirectional::solve(setup, limits, budget, lead),
            Search::Features(variant) => fess::solve(setup, limits, budget, variant),
            Search::Restarts(variant) => fess::restarts::solve(setup, limits, budget, variant),
            Search::IfPlanned(variant) => solve_if_planned(setup, limits, budget, variant),
            Search::Backward => fess::backward::solve(setup, limits, budget),
            Search::Imagine(variant) => fess::imagine::solve(setup, limits, budget, variant),
        }
    }

    /// Whether this strategy is the race, which names its winner itself.
    pub(crate) fn is_race(self) -> bool {
        matches!(self.entry().search, Search::Race)
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name no strategy has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownStrategy {
    /// The name asked for.
    pub name: String,
}

impl fmt::Display for UnknownStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Strategy::ALL.iter().map(|s| s.name()).collect();
        let (last, rest) = names.split_last().unwrap_or((&"", &[]));
        write!(
            f,
            "no strategy {:?}: {} or {last}",
            self.name,
            rest.join(", ")
        )
    }
}

impl std::error::Error for UnknownStrategy {}

impl std::str::FromStr for Strategy {
    type Err = UnknownStrategy;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .iter()
            .copied()
            .find(|s| s.name() == name)
            .ok_or_else(|| UnknownStrategy {
                name: name.to_owned(),
            })
    }
}

/// The feature search `variant` where its guide has a plan to count
/// progress along; elsewhere it gives up at once, leaving the level to
/// the searches that count fill layers.
fn solve_if_planned(
    setup: &Setup,
    limits: (usize, u64),
    budget: &Budget,
    variant: Variant,
) -> (Outcome, Stats) {
    let level = (&setup.board, setup.boxes.as_slice());
    match variant.guide.plan(level, &setup.plan, budget) {
        Ok(Some(_)) => fess::solve(setup, limits, budget, variant),
        Ok(None) => (Outcome::GaveUp, Stats::default()),
        Err(_) => (stopped(budget), Stats::default()),
    }
}

const FEATURES: Variant = Variant {
    advice: Advice::Plain,
    guide: Guide::Layers,
    cells: Cells::PackingAndAreas,
    order: Order::Oldest,
};
const HOTSPOTS: Variant = Variant {
    advice: Advice::Hotspots,
    ..FEATURES
};
const HOT_CELLS: Variant = Variant {
    cells: Cells::WithHotspots,
    ..HOTSPOTS
};
/// `variant` counting progress as `guide` says.
const fn guided(variant: Variant, guide: Guide) -> Variant {
    Variant { guide, ..variant }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_strategy_has_its_own_row_name_and_help_and_parses_from_its_name() {
        assert_eq!(Strategy::ALL.len(), TABLE.len());
        for (k, &strategy) in Strategy::ALL.iter().enumerate() {
            assert_eq!(strategy as usize, k);
            assert_eq!(strategy.name().parse(), Ok(strategy));
            assert!(!strategy.help().is_empty(), "{strategy}");
            let same_name = Strategy::ALL.iter().filter(|s| s.name() == strategy.name());
            assert_eq!(same_name.count(), 1, "{strategy}");
        }
    }

    #[test]
    fn an_unknown_name_is_an_error_listing_every_name() {
        let error = "pushpull".parse::<Strategy>().expect_err("no such name");
        assert_eq!(error.name, "pushpull");
        let text = error.to_string();
        assert!(text.starts_with("no strategy \"pushpull\": race, push-pull, "));
        assert!(text.ends_with(", backward or imagine"), "{text}");
    }
}
