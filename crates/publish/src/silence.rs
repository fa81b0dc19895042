//! Silent steps per house, counted from the public record of the closes: a step closed while a
//! house was asked and sent nothing (its defaults taken) counts one; a submission the step used
//! (the house's own or the GM's `submit` for it) ends a run of silent steps. A close stored
//! before the record named the submissions used ends no run: what it did not say is not
//! counted either way.

use crate::record::Record;
use maester_board::HouseId;
use std::collections::BTreeMap;

/// One house's silent steps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Silence {
    /// Every step closed with the house silent.
    pub total: u32,
    /// The steps closed with the house silent since it last sent (its current run).
    pub in_a_row: u32,
}

/// Each house's silent steps over `records`, the closes oldest first (a house never silent
/// is absent from the map).
pub fn silences<'a>(records: impl IntoIterator<Item = &'a Record>) -> BTreeMap<HouseId, Silence> {
    let mut out: BTreeMap<HouseId, Silence> = BTreeMap::new();
    for r in records {
        for step in &r.steps {
            for h in &step.silent {
                let s = out.entry(*h).or_default();
                s.total = s.total.saturating_add(1);
                s.in_a_row = s.in_a_row.saturating_add(1);
            }
            for u in &step.used {
                if let Some(s) = out.get_mut(&u.house) {
                    s.in_a_row = 0;
                }
            }
        }
    }
    out
}
