//! The statistics screen's numbers, read through the library.

use std::rc::Rc;

use crate::app::App;
use crate::app::origin::Opened;
use crate::app::screen::Effect;
use crate::app::screens::statistics::Statistics;
use crate::library::{Focus, day_of, published};

impl App {
    /// Opens the statistics as of today on the app's clock, about
    /// `opened`'s level first if given.
    pub(super) fn show_statistics(&mut self, opened: Option<&Opened>) {
        let focus = opened.and_then(|opened| {
            Some(Focus {
                key: opened.origin.statistics_key()?,
                name: opened.title.clone(),
                records: opened.records.clone(),
                published: published(&opened.level),
            })
        });
        let today = day_of(self.wall_clock());
        let report = self.library.statistics(today, focus);
        let screen = Statistics::new(report, self.theme, Rc::clone(&self.keys));
        self.apply(Effect::Push(Box::new(screen)));
    }
}
