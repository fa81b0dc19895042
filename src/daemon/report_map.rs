//! A close's map pictures: per language and script, the whole board painted once and its
//! readers' own pictures made with it (on every core at once), shared by every report that
//! reads them and the GM's copy.

use super::letters;
use super::loaded::Loaded;
use crate::board::{HouseId, Lang};
use crate::game::StepOutcome;
use crate::map::Script;

/// The language and script a picture is drawn in.
pub(super) type Reading = (Lang, Script);

/// The close's map picture for a language and script, drawn the first time a reader asks for
/// it: the board is public, so every report read the same way (and the GM's copy) shares one
/// picture.
pub(super) fn map_in<'m>(
    maps: &'m mut Vec<(Reading, Option<ReportMap>)>,
    g: &Loaded,
    out: &StepOutcome,
    key: Reading,
    deadline: &str,
    readers: &[(Reading, Vec<HouseId>)],
) -> Option<&'m ReportMap> {
    if !maps.iter().any(|(k, _)| *k == key) {
        let houses = readers
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(&[][..], |(_, v)| &v[..]);
        maps.push((key, report_map(g, out, key, deadline, houses)));
    }
    maps.iter()
        .find(|(k, _)| *k == key)
        .and_then(|(_, m)| m.as_ref())
}

/// A close's picture in one language and script: the whole board painted once, its PNG, and
/// what each house's own picture is cut from.
pub struct ReportMap {
    painted: crate::map::Painted,
    /// The whole board.
    pub png: Vec<u8>,
    /// The pictures of the houses that read it, made with it.
    own: Vec<(HouseId, Vec<u8>)>,
    reading: Reading,
    deadline: String,
    reported: String,
}

impl ReportMap {
    /// A house's own picture (its theatre), or `None` when it cannot be made (the report
    /// then shows the whole board only).
    pub fn house_png(&self, g: &Loaded, out: &StepOutcome, house: HouseId) -> Option<Vec<u8>> {
        if let Some((_, png)) = self.own.iter().find(|(h, _)| *h == house) {
            return Some(png.clone());
        }
        let input = crate::map::MapInput {
            board: &g.board,
            state: &out.state,
            log: &out.log,
            lang: self.reading.0,
            script: self.reading.1,
            deadline: &self.deadline,
            reported: &self.reported,
            reported_round: g.state.round,
        };
        match self.painted.house_png(&input, house) {
            Ok(png) => Some(png),
            Err(e) => {
                tracing::warn!(game = %g.row.id, "a house's map not drawn: {e}");
                None
            }
        }
    }
}

/// The map picture of a closed step (the state after it, its log as arrows), or `None` when
/// the game's config turns pictures off or drawing fails (the reports then go as text only:
/// a picture never holds a report back).
fn report_map(
    g: &Loaded,
    out: &StepOutcome,
    (lang, script): Reading,
    deadline: &str,
    houses: &[HouseId],
) -> Option<ReportMap> {
    if !g.cfg.report_map {
        return None;
    }
    let reported = reported_step(out, lang);
    let input = crate::map::MapInput {
        board: &g.board,
        state: &out.state,
        log: &out.log,
        lang,
        script,
        deadline,
        reported: &reported,
        reported_round: g.state.round,
    };
    // The whole board and its readers' own pictures, encoded on every core at once; a house
    // picture that fails is tried again alone when its report asks for it.
    let drawn = crate::map::paint(&input).and_then(|p| {
        let (png, own) = p.pngs(&input, houses);
        let own = houses
            .iter()
            .zip(own)
            .filter_map(|(h, r)| Some((*h, r.ok()?)))
            .collect();
        Ok((png?, own, p))
    });
    match drawn {
        Ok((png, own, painted)) => Some(ReportMap {
            painted,
            png,
            own,
            reading: (lang, script),
            deadline: deadline.to_string(),
            reported,
        }),
        Err(e) => {
            tracing::warn!(game = %g.row.id, "report map not drawn: {e}");
            None
        }
    }
}

/// The name of the step a close reports: the last step it closed.
fn reported_step(out: &StepOutcome, lang: Lang) -> String {
    out.steps
        .last()
        .map(|c| letters::step_name(c.step, lang))
        .unwrap_or_default()
}
