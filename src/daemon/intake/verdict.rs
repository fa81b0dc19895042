//! What a read mail from a seated player comes to: refused as a whole (too long, attachments
//! only, the secret, a neutral house), refused for its lines, an account command answered, or
//! orders accepted. The answer's context is filled as it is decided.

use super::super::Daemon;
use super::info::info_for;
use crate::board::{HouseId, Lang};
use crate::daemon::letters::{ErrorLine, ReplyContext};
use crate::daemon::loaded::Loaded;
use crate::daemon::refusals::validation_errors;
use crate::error::Error;
use crate::game;
use crate::lang::submit::{Command, ParsedMail};
use crate::mail::DecodedMail;

/// A mail as intake read it, with what was checked before its orders.
pub(super) struct Read<'a> {
    pub g: &'a Loaded,
    pub seat: &'a crate::store::House,
    pub mail: &'a DecodedMail,
    pub parsed: &'a ParsedMail,
    pub house_id: HouseId,
    pub secret_ok: bool,
    pub whole_mail: Vec<ErrorLine>,
    /// The quote holds order text that is not read (`intake::quoted`): the answer says so.
    pub quoted_not_read: bool,
    pub lang: Lang,
}

/// The outcome recorded on the mail, and the submission to store (with its canonical text and
/// the snapshot it was checked against).
pub(super) struct Verdict {
    pub outcome: String,
    pub submission: Option<(game::Submission, String, i64)>,
}

/// Decide what the mail comes to, filling the answer's `ctx`.
pub(super) fn verdict(d: &Daemon, r: Read, ctx: &mut ReplyContext) -> Result<Verdict, Error> {
    let Read {
        g,
        seat,
        mail,
        parsed,
        house_id,
        secret_ok,
        whole_mail,
        quoted_not_read,
        lang,
    } = r;
    let quote_note = |message: String| {
        if quoted_not_read {
            let space = if lang == Lang::En { " " } else { "" };
            format!(
                "{message}{space}{}",
                crate::words::whole_mail::quoted_not_read(lang)
            )
        } else {
            message
        }
    };
    let mut submission = None;
    let outcome;
    if !whole_mail.is_empty() {
        ctx.errors = whole_mail;
        outcome = "rejected: the whole mail (too long)".to_string();
    } else if parsed.secret.is_none() && mail.too_deeply_nested {
        ctx.errors.push(ErrorLine {
            line: 0,
            column: 0,
            text: String::new(),
            message: crate::words::whole_mail::too_deeply_nested(lang),
            ..Default::default()
        });
        outcome = "no secret in the text; the text is nested too deeply".to_string();
    } else if parsed.secret.is_none() && !mail.attachments.is_empty() {
        ctx.errors.push(ErrorLine {
            line: 0,
            column: 0,
            text: String::new(),
            message: crate::words::answers::attachments_not_read(lang, &mail.attachments),
            ..Default::default()
        });
        outcome = "no secret in the text; attachments not read".to_string();
    } else if !secret_ok {
        ctx.errors.push(ErrorLine {
            line: 0,
            column: 0,
            text: String::new(),
            message: if parsed.secret.is_some() {
                crate::words::whole_mail::wrong_secret(lang)
            } else {
                quote_note(crate::words::whole_mail::no_secret(lang))
            },
            ..Default::default()
        });
        outcome = if parsed.secret.is_some() {
            crate::daemon::guard::WRONG_SECRET
        } else {
            "no secret"
        }
        .to_string();
    } else if g.state.house(house_id).neutral {
        ctx.errors.push(ErrorLine {
            line: 0,
            column: 0,
            text: String::new(),
            message: crate::words::whole_mail::neutral_house(lang),
            ..Default::default()
        });
        outcome = "house is neutral".into();
    } else if let Some(sent) = closed_step_of(g, mail, parsed, house_id, lang) {
        ctx.closed = closed_answer(d, g, seat, house_id, g.state.step, sent, lang)?;
        outcome = format!("late: the {} step has closed", sent.key());
    } else if !parsed.errors.is_empty() {
        ctx.errors = parsed.errors.clone();
        if let Some(Err(e)) = parsed
            .partial
            .as_ref()
            .map(|p| game::check(&g.board, &g.state, house_id, p))
        {
            ctx.errors.extend(validation_errors(g, &e, lang, parsed));
            ctx.errors.sort_by_key(|e| e.line);
        }
        outcome = format!("rejected: {} error(s)", ctx.errors.len());
    } else {
        for c in &parsed.commands {
            info_for(g, house_id, c, lang, &mut ctx.info);
        }
        // In the Raven step only the holder is asked: another house's 无 is answered, not
        // stored (it is no submission of his).
        let not_asked = matches!(parsed.submission, Some(game::Submission::Raven(None)))
            && game::raven_holder(&g.state) != Some(house_id);
        let read = parsed.submission.as_ref().filter(|_| !not_asked);
        if parsed.pass && parsed.order_lines.is_empty() {
            // 无 / pass: the answer says what the house takes by default.
            ctx.info.push_str(&if not_asked {
                crate::words::guide::raven_pass_not_asked(lang).to_string()
            } else {
                crate::words::guide::pass_means(g.state.step, lang)
            });
            ctx.info.push('\n');
        }
        match read {
            None if !parsed.commands.is_empty() || parsed.pass => {
                ctx.accepted = true;
                ctx.echo = parsed.echo.clone();
                if !parsed.pass && parsed.commands.contains(&Command::Status) {
                    // A status is answered as one: its own opening, the position below; the
                    // other commands of the mail (`等待`, …) are listed, the status word not.
                    ctx.status = crate::words::answers::status_heading(
                        &seat.game_id,
                        g.state.round,
                        &ctx.step,
                        lang,
                    );
                    ctx.echo
                        .retain(|l| !crate::words::answers::is_status_echo(l));
                }
                outcome = "account command answered".into();
            }
            None => {
                ctx.errors.push(ErrorLine {
                    line: 0,
                    column: 0,
                    text: String::new(),
                    message: quote_note(crate::words::whole_mail::no_orders(
                        &g.board, &g.state, house_id, lang,
                    )),
                    ..Default::default()
                });
                outcome = "no orders".into();
            }
            Some(sub) => match game::check(&g.board, &g.state, house_id, sub) {
                Ok(()) => {
                    ctx.accepted = true;
                    ctx.echo = parsed.echo.clone();
                    // A plan sent while the Raven step is open is acknowledged as a plan.
                    if sub.step() != g.state.step {
                        ctx.step = crate::daemon::letters::step_name(sub.step(), lang);
                        let holder = game::raven_holder(&g.state) == Some(house_id);
                        ctx.info
                            .push_str(crate::words::late_mail::plan_sent_early(holder, lang));
                        ctx.info.push('\n');
                    }
                    for n in &parsed.notes {
                        ctx.info.push_str(n);
                        ctx.info.push('\n');
                    }
                    if let game::Submission::Plan(p) = sub
                        && !parsed.pass
                        && let Some(w) = crate::words::teach::no_leader_warning(
                            &g.board, &g.state, house_id, p, lang,
                        )
                    {
                        ctx.info.push_str(&w);
                        ctx.info.push('\n');
                    }
                    ctx.replaced = d
                        .store
                        .latest_submission(
                            &seat.game_id,
                            &seat.house,
                            g.state.round as u32,
                            sub.step().key(),
                            "orders",
                        )?
                        .is_some();
                    submission = Some((sub.clone(), parsed.echo.join("\n"), g.seq));
                    outcome = "orders accepted".into();
                }
                Err(game::SubmissionError::WrongStep { open, sent })
                    if crate::words::late_mail::closed(open, sent) =>
                {
                    ctx.closed = closed_answer(d, g, seat, house_id, open, sent, lang)?;
                    outcome = format!("late: the {} step has closed", sent.key());
                }
                Err(e) => {
                    ctx.errors = validation_errors(g, &e, lang, parsed);
                    outcome = format!("rejected: {} error(s)", ctx.errors.len());
                }
            },
        }
    }
    Ok(Verdict {
        outcome,
        submission,
    })
}

/// The answer to a mail for a step that has closed: which step, what stood for the house (its
/// stored submission of that step, or the default), and what the open step expects.
fn closed_answer(
    d: &Daemon,
    g: &Loaded,
    seat: &crate::store::House,
    house_id: HouseId,
    open: crate::rules::Step,
    sent: crate::rules::Step,
    lang: Lang,
) -> Result<String, Error> {
    let round = crate::words::late_mail::closed_round(open, sent, g.state.round);
    let stood = d.store.latest_submission(
        &seat.game_id,
        &seat.house,
        u32::from(round),
        sent.key(),
        "orders",
    )?;
    // What the open step asks is on file already (the plan, sent early during the Raven step).
    let asked_step = match open {
        crate::rules::Step::Raven if game::raven_holder(&g.state) != Some(house_id) => {
            crate::rules::Step::Plan
        }
        s => s,
    };
    let on_file = d
        .store
        .latest_submission(
            &seat.game_id,
            &seat.house,
            u32::from(g.state.round),
            asked_step.key(),
            "orders",
        )?
        .is_some();
    Ok(crate::words::late_mail::closed_step(
        &g.board,
        &g.state,
        house_id,
        sent,
        round,
        stood.as_ref().map(|s| s.text.as_str()),
        on_file,
        lang,
    ))
}

/// The closed step a mail was meant for, when every line of it was refused as belonging to
/// another step: the first closed step (`words::late_mail::closed`) the mail reads cleanly for.
fn closed_step_of(
    g: &Loaded,
    mail: &DecodedMail,
    parsed: &ParsedMail,
    house: HouseId,
    lang: Lang,
) -> Option<crate::rules::Step> {
    let open = g.state.step;
    let wrong = crate::lang::submit::SubmitError::WrongStep.message(lang, open);
    if parsed.errors.is_empty() || parsed.errors.iter().any(|e| e.message != wrong) {
        return None;
    }
    let mut state = g.state.clone();
    crate::rules::Step::ALL
        .into_iter()
        .filter(|s| crate::words::late_mail::closed(open, *s))
        .find_map(|s| {
            state.step = s;
            let p = crate::lang::submit::parse_mail_as(
                &g.board,
                &g.names,
                &state,
                Some(house),
                &mail.orders_text,
                lang,
            );
            // The step the mail's submission belongs to (a plan read while the Raven step
            // is open is still a plan).
            let sent = p.submission.filter(|_| p.errors.is_empty())?.step();
            crate::words::late_mail::closed(open, sent).then_some(sent)
        })
}
