//! One house's report of a close: the part a close's report says to a house that does not
//! depend on the moment it is mailed (the adjudication, the executed plans, the receipts, the
//! house's own lines). The close builds every house's report with it; `gm replace` builds the
//! last report again with it for a substitute, in his language and script, from what the store
//! keeps of that close (the state before it and the submissions it used, replayed by the rules
//! and checked against the state after it).

use super::letters::{self, ReportContext};
use super::loaded::Loaded;
use crate::board::{HouseId, Lang};
use crate::game::{Options, StepOutcome, close_steps};
use crate::rules::Step;

/// A close as a house's report reads it.
pub struct Close<'a> {
    /// The game, its state the one the close started from.
    pub g: &'a Loaded,
    /// The rules' outcome.
    pub out: &'a StepOutcome,
    /// What each closed step used of each house (the receipts).
    pub closed: &'a [crate::publish::ClosedStep],
    /// The plans sent (house key, text), oldest first.
    pub plan_texts: &'a [(String, String)],
}

/// The report of `c` for house `hid` (key `key`) in `lang`, its next deadline said as
/// `said`; `plans` keeps the executed plans read once per language.
pub fn context(
    c: &Close<'_>,
    plans: &mut Vec<(Lang, Vec<letters::ExecutedPlan>)>,
    (hid, key): (HouseId, &str),
    lang: Lang,
    said: &str,
) -> ReportContext {
    let (g, out) = (c.g, c.out);
    let mut ctx =
        letters::report_context(&g.board, &g.row.id, Some(&g.state), out, hid, lang, said);
    ctx.plans = super::executed_plans::plans_in(plans, g, out, c.plan_texts, lang);
    ctx.receipts = crate::publish::receipt_lines(&g.board, c.closed, &[], lang);
    // The plan step opens with this house's plan on file already (sent during the Raven
    // step, the one step sent early): said so, no empty template.
    let opens = out.state.step;
    if opens == Step::Plan
        && g.state.step != Step::Plan
        && out.state.round == g.state.round
        && c.plan_texts.iter().any(|(k, _)| k == key)
    {
        ctx.next_on_file(out.state.round, opens, said, lang);
    }
    if out.state.step == Step::Finished {
        ctx.private
            .push(crate::words::whole_mail::seed_published(&g.row.seed, lang));
    }
    ctx
}

/// The text of the report house `hid` was sent at the close `step`, built again in `lang`
/// (the reader's script is the mail's): `None` when the store does not keep enough of the
/// close to replay it (no state before it, no record, a record of an older maester without
/// the submissions) or when the replay does not end in the state the close stored.
pub fn rebuilt(
    g: &Loaded,
    step: &crate::publish::Step,
    hid: HouseId,
    lang: Lang,
) -> Option<String> {
    let before = step.before.as_ref()?;
    let record = step.record.as_ref()?;
    let subs = crate::publish::record::replay_input(g.board.houses.len(), &record.submitted);
    let opts = Options {
        settings: g.cfg.rules,
        early_close: g.cfg.early_close,
        ..Options::default()
    };
    // The close ran once on these very inputs; a replay that fails all the same is no reason
    // to refuse the substitute his seat: the stored text comes instead.
    let replay = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        close_steps(&g.board, before, &subs, opts)
    }));
    let out = replay.ok().filter(|out| out.state == step.after)?;
    let plan_texts: Vec<(String, String)> = record
        .submitted
        .iter()
        .filter(|s| s.step == Step::Plan)
        .filter_map(|s| {
            Some((
                g.board.houses.get(usize::from(s.house.0))?.key.clone(),
                s.text.clone(),
            ))
        })
        .collect();
    let mut at = g.clone();
    at.state = before.clone();
    let close = Close {
        g: &at,
        out: &out,
        closed: &record.steps,
        plan_texts: &plan_texts,
    };
    let said = record
        .deadline
        .map(|t| g.at_from(t, step.closed_at, lang))
        .unwrap_or_default();
    let key = g.board.house(hid).key.clone();
    let mut ctx = context(&close, &mut Vec::new(), (hid, &key), lang, &said);
    ctx.correction = step.correction.clone();
    match g.templates.render("report", lang, &ctx) {
        Ok(text) => Some(text),
        Err(e) => {
            tracing::warn!(game = %g.row.id, "the last report could not be built again: {e}");
            None
        }
    }
}
