//! The chronicle's shell: the end-of-game summary (`publish::chronicle::summary`) of a close
//! that ends the game, from the closed steps the store keeps and the close itself (not stored
//! yet while its reports and the GM's copy are written).

use super::letters::SummarySection;
use super::{Daemon, loaded::Loaded};
use crate::board::Lang;
use crate::game::StepOutcome;
use crate::publish;

/// One section of the summary: its heading and its lines.
pub type Section = (String, Vec<String>);

/// The summary a close's report carries when the close ends the game (empty otherwise), in
/// `lang`: built once per language, kept in `made` for the other houses' reports.
pub(crate) fn at_close(
    d: &Daemon,
    g: &Loaded,
    out: &StepOutcome,
    now: chrono::DateTime<chrono::Utc>,
    lang: Lang,
    made: &mut Vec<(Lang, Vec<SummarySection>)>,
) -> Vec<SummarySection> {
    if out.state.step != crate::rules::Step::Finished {
        return Vec::new();
    }
    if let Some((_, s)) = made.iter().find(|(l, _)| *l == lang) {
        return s.clone();
    }
    let step = publish::Step {
        seq: g.seq + 1,
        before: Some(g.state.clone()),
        after: out.state.clone(),
        events: out.log.clone(),
        record: Some(publish::Record::of(out, Vec::new(), None)),
        deadline: String::new(),
        closed_at: now,
        correction: None,
    };
    let s = SummarySection::all(with_close(d, g, step, lang));
    made.push((lang, s.clone()));
    s
}

/// The summary of the stored line of steps followed by `step`, the close being written (empty
/// when the game goes on, or when the store cannot be read: a summary from part of the game
/// would give wrong figures).
pub(crate) fn with_close(d: &Daemon, g: &Loaded, step: publish::Step, lang: Lang) -> Vec<Section> {
    if step.after.step != crate::rules::Step::Finished {
        return Vec::new();
    }
    let mut all = match super::publish::steps(d, g, lang) {
        Ok(all) => all,
        Err(e) => {
            tracing::warn!(game = %g.row.id, "the game's summary left out: {e}");
            return Vec::new();
        }
    };
    all.retain(|s| s.seq < step.seq);
    all.push(step);
    publish::chronicle::summary(&g.board, &all, lang)
}
