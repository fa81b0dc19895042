//! A what-if (`试算` / `試算` / `what if` as the first line after the secret): the sender's
//! own lines and his `假设 <家族>: …` / `assume <house>: …` lines tried through the military
//! phase on the current position (`game::what_if`, pure, on a copy), answered to him alone.
//! Nothing else changes: no submission is stored, no step closes early, nobody else is
//! mailed, no reminder is reset. Only what the sender may know is used — the public state,
//! the revealed orders, his own lines and his assumptions: the store's submissions are never
//! read here. A house may ask `[game] what_if_per_step` of them per step; each one is its
//! mail's outcome (`what-if r<round> <step>: …`), which is how they are counted.

use super::what_if_picture;
use super::{Outcome, reply_to};
use crate::board::{HouseId, Lang};
use crate::daemon::Daemon;
use crate::daemon::letters::{self, ErrorLine};
use crate::daemon::loaded::Loaded;
use crate::error::Error;
use crate::game::what_if::{self as try_it, open_for_what_if};
use crate::game::{Orders, Submission, SubmissionError};
use crate::lang::submit::{ParsedMail, context_of, parse_mail_as};
use crate::lang::what_if::{self as what_if_lines, Split};
use crate::mail::DecodedMail;
use crate::rules::Step;
use crate::rules::orders::Plan;
use crate::store::Mail;
use crate::words::hant::Script;
use crate::words::what_if as said;

/// Who asks, and what is known of the mail.
pub(super) struct Asked<'a> {
    pub g: &'a Loaded,
    pub seat: &'a crate::store::House,
    pub house: HouseId,
    pub lang: Lang,
    /// The secret as the mail gave it.
    pub secret: Option<String>,
}

/// The keyword's line when the mail is a what-if.
pub(super) fn keyword_line(mail: &DecodedMail) -> Option<usize> {
    what_if_lines::keyword_line(&mail.orders_text)
}

/// Answer a what-if whose secret was right.
pub(super) fn answer(
    d: &Daemon,
    m: &Mail,
    mail: &DecodedMail,
    keyword: usize,
    a: Asked,
) -> Result<Outcome, Error> {
    let Asked {
        g,
        seat,
        house,
        lang,
        ..
    } = &a;
    let (g, house, lang) = (*g, *house, *lang);
    let prefix = crate::daemon::what_ifs::outcome_prefix(&g.state);
    let limit = g.cfg.what_if_per_step;
    let mut text = vec![said::greeting(
        &seat.player_name,
        g.board.house(house).name(lang),
        g.state.round,
        lang,
    )];
    text.push(said::nothing_submitted(lang).to_string());
    text.push(String::new());
    let mut done = None;
    let outcome = if !open_for_what_if(g.state.step) {
        text.push(said::not_in_step(lang).to_string());
        format!(
            "what-if refused: the {} step has no military phase ahead",
            g.state.step.key()
        )
    } else if crate::daemon::what_ifs::asked_in_step(d, g, &seat.house)? >= limit {
        text.push(said::limit_reached(limit, lang));
        format!("what-if refused: {limit} asked in this step already")
    } else {
        let split = what_if_lines::split_mail(&mail.orders_text, keyword, &g.names, house);
        let mut remarks = Remarks::default();
        let r = tried(g, house, &split, &mail.orders_text, lang, &mut remarks);
        remarks.ignored.sort();
        let ignored = said::ignored(&remarks.ignored, lang);
        match r {
            Ok((lines, t)) => {
                text.extend(lines);
                text.extend(ignored);
                done = Some(t);
                format!("{prefix} tried")
            }
            Err(errors) => {
                text.push(said::errors_head(lang).to_string());
                for e in &errors {
                    text.push(said::error_line(e.line, &e.text, &e.message, lang));
                }
                text.extend(ignored);
                format!("{prefix} refused, {} error(s)", errors.len())
            }
        }
    };
    text.push(String::new());
    text.push(said::closing(lang).to_string());
    text.push("—— maester".into());
    let body = crate::words::cite::for_player(&text.join("\n"), lang);
    let picture = done.as_ref().map(|t| what_if_picture::Tried {
        state: &t.state,
        log: &t.log,
        house,
    });
    let reply = letter(d, m, mail, &a, body, picture)?;
    Ok(Outcome::Answered {
        outcome,
        reply,
        game: Some(seat.game_id.clone()),
        house: Some(seat.house.clone()),
        submission: None,
        secret: a.secret.clone(),
        policy: Vec::new(),
        script: None,
        // The secret was right: a what-if is always answered, within its own limit per step.
        proven: true,
    })
}

fn letter(
    d: &Daemon,
    m: &Mail,
    mail: &DecodedMail,
    a: &Asked,
    body: String,
    picture: Option<what_if_picture::Tried>,
) -> Result<Option<letters::Letter>, Error> {
    if mail.from_addr.is_none() {
        return Ok(None);
    }
    // Traditional in, Traditional out; else the script the seat reads.
    let to = letters::Reader::seat(a.seat);
    let to = match super::script_of(&mail.body) {
        Some(t) if a.lang == Lang::Zh => to.in_script(Script::of(t)),
        _ => to,
    };
    let rt = reply_to(mail);
    Ok(Some(what_if_picture::answer(
        d,
        a.g,
        &to,
        (said::subject(a.lang, &a.seat.game_id), body),
        picture,
        a.lang,
        &format!("reply:{}", m.mail_key),
        rt.as_ref().map(|(x, y)| (x.as_str(), y.as_slice())),
    )?))
}

/// One house's lines read: those of the open step itself (placement: orders and building lines;
/// Raven: the holder's change) and its plan.
struct Read {
    house: HouseId,
    step: Option<ParsedMail>,
    plan: Option<(Plan, ParsedMail)>,
}

/// The lines of `text` whose 1-based numbers `keep` accepts; the others left blank.
fn only_lines(text: &str, keep: impl Fn(usize) -> bool) -> String {
    text.split('\n')
        .enumerate()
        .map(|(i, l)| if keep(i + 1) { l } else { "" })
        .collect::<Vec<_>>()
        .join("\n")
}

/// What the answer says beside the tried phase or the errors, as the order answers say it: the
/// notes (a name read as another) and the lines that are no orders, ignored.
#[derive(Default)]
struct Remarks {
    notes: Vec<String>,
    ignored: Vec<(usize, String)>,
}

/// The errors of one parsed part, each with the mail's own line; its notes and ignored lines
/// kept for the answer.
fn parse_errors(p: &ParsedMail, mail: &str, out: &mut Vec<ErrorLine>, remarks: &mut Remarks) {
    for (n, _) in &p.ignored {
        if !remarks.ignored.iter().any(|(x, _)| x == n) {
            remarks.ignored.push((*n, what_if_lines::line_of(mail, *n)));
        }
    }
    let notes = &mut remarks.notes;
    for e in &p.errors {
        let mut e = e.clone();
        if e.line > 0 {
            e.text = what_if_lines::line_of(mail, e.line);
        }
        out.push(e);
    }
    for n in &p.notes {
        if !notes.contains(n) {
            notes.push(n.clone());
        }
    }
}

/// In the placement and Raven steps, a part's lines of the open step (read on the open step as
/// a real mail is, `lang::what_if::step_lines`) apart from its plan lines (read once the
/// orders are on the map).
fn step_part(g: &Loaded, house: HouseId, text: &str, lang: Lang) -> (Option<ParsedMail>, String) {
    let context = context_of(&g.board, &g.state, Some(house));
    let lines = what_if_lines::step_lines(text, &g.names, &context, g.state.step);
    if lines.is_empty() {
        return (None, text.to_string());
    }
    let step_text = only_lines(text, |n| lines.contains(&n));
    let plan_text = only_lines(text, |n| !lines.contains(&n));
    let p = parse_mail_as(&g.board, &g.names, &g.state, Some(house), &step_text, lang);
    (Some(p), plan_text)
}

/// What a part's lines of the open step amount to, even beside errors (the lines that did read).
fn read_so_far(p: &ParsedMail) -> Option<&Submission> {
    p.submission.as_ref().or(p.partial.as_ref())
}

/// Every part's lines of the open step read, and the position they make: the orders on the
/// map with their building lines (placement), the holder's change (Raven).
fn positioned(
    g: &Loaded,
    read: &[(Read, String)],
    mail: &str,
    lang: Lang,
    errors: &mut Vec<ErrorLine>,
) -> Option<try_it::Position> {
    let step_of = |h: HouseId| read.iter().find(|(r, _)| r.house == h)?.0.step.as_ref();
    let orders: Vec<(HouseId, Orders)> = read
        .iter()
        .filter_map(|(r, _)| match read_so_far(r.step.as_ref()?)? {
            Submission::Placement(o) => Some((r.house, o.clone())),
            _ => None,
        })
        .collect();
    let mut position = match try_it::position(&g.board, &g.state, &orders) {
        Ok(p) => p,
        Err(refused) => {
            for (h, e) in refused {
                if let Some(p) = step_of(h) {
                    refusal(g, &e, p, mail, lang, errors);
                }
            }
            return None;
        }
    };
    for (r, _) in read {
        let Some(p) = r.step.as_ref() else { continue };
        if let Some(Submission::Raven(Some(change))) = read_so_far(p) {
            match try_it::raven(&g.board, &g.state, position.clone(), r.house, *change) {
                Ok(next) => position = next,
                Err(e) => refusal(g, &e, p, mail, lang, errors),
            }
        }
    }
    errors.is_empty().then_some(position)
}

/// Read every part, put the orders on the map (or the Raven's change), read the plans on it
/// and resolve: the answer's lines, or every error with its line.
fn tried(
    g: &Loaded,
    sender: HouseId,
    split: &Split,
    mail: &str,
    lang: Lang,
    remarks: &mut Remarks,
) -> Result<(Vec<String>, try_it::Tried), Vec<ErrorLine>> {
    let mut errors: Vec<ErrorLine> = split
        .errors
        .iter()
        .map(|(line, text, why)| ErrorLine {
            line: *line,
            text: text.clone(),
            message: said::assume_error(why, lang),
            ..ErrorLine::default()
        })
        .collect();
    let parts = std::iter::once((sender, split.own.as_str()))
        .chain(split.assumed.iter().map(|(h, t)| (*h, t.as_str())));
    let mut read: Vec<(Read, String)> = Vec::new();
    for (house, text) in parts {
        let (step, plan_text) = step_part(g, house, text, lang);
        if let Some(p) = &step {
            parse_errors(p, mail, &mut errors, remarks);
        }
        let r = Read {
            house,
            step,
            plan: None,
        };
        read.push((r, plan_text));
    }
    // The lines that did read are checked even beside errors, as a real mail's are: every
    // error of the open step's lines is answered at once.
    let Some(position) = positioned(g, &read, mail, lang, &mut errors) else {
        return Err(sorted(errors));
    };
    for (r, plan_text) in &mut read {
        let at = &position.state;
        let p = parse_mail_as(&g.board, &g.names, at, Some(r.house), plan_text, lang);
        parse_errors(&p, mail, &mut errors, remarks);
        if let Some(Submission::Plan(plan)) = &p.submission {
            r.plan = Some((Plan::clone(plan), p));
        }
    }
    if !errors.is_empty() {
        return Err(sorted(errors));
    }
    let plans: Vec<(HouseId, Plan)> = read
        .iter()
        .filter_map(|(r, _)| r.plan.as_ref().map(|(p, _)| (r.house, p.clone())))
        .collect();
    let done = match try_it::resolve(&g.board, &position.state, &plans, g.cfg.rules) {
        Ok(t) => t,
        Err(refused) => {
            for (h, errs) in refused {
                let p = read.iter().find(|(r, _)| r.house == h);
                if let Some((_, p)) = p.and_then(|(r, _)| r.plan.as_ref()) {
                    let e = SubmissionError::Plan(errs);
                    refusal(g, &e, p, mail, lang, &mut errors);
                }
            }
            return Err(sorted(errors));
        }
    };
    let assumed: Vec<HouseId> = split.assumed.iter().map(|(h, _)| *h).collect();
    let without: Vec<HouseId> = if g.state.step == Step::Placement {
        g.board
            .house_ids()
            .filter(|h| *h != sender && !assumed.contains(h) && !g.state.house(*h).neutral)
            .collect()
    } else {
        done.without_plan
            .iter()
            .copied()
            .filter(|h| *h != sender)
            .collect()
    };
    let mut out = said::assumptions(&g.board, g.state.step, &assumed, &without, lang);
    out.extend(remarks.notes.iter().cloned());
    out.push(String::new());
    let (built, raven) = (&position.built, position.raven);
    out.extend(said::adjudication(&g.board, built, raven, &done.log, lang));
    out.push(String::new());
    out.extend(said::own_position(&g.board, &done.state, sender, lang));
    Ok((out, done))
}

/// A part refused by the rules' checks, each error with the mail's own lines.
fn refusal(
    g: &Loaded,
    e: &SubmissionError,
    p: &ParsedMail,
    mail: &str,
    lang: Lang,
    out: &mut Vec<ErrorLine>,
) {
    let mut lines = crate::words::refusals::submission_errors(&g.board, e, lang, p);
    for l in &mut lines {
        if l.line > 0 {
            l.text = what_if_lines::line_of(mail, l.line);
        }
    }
    out.extend(lines);
}

fn sorted(mut errors: Vec<ErrorLine>) -> Vec<ErrorLine> {
    errors.sort_by_key(|e| e.line);
    errors
}
