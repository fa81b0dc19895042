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
use crate::lang::submit::ParsedMail;
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
        lang,
    } = r;
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
                crate::words::whole_mail::no_secret(lang)
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
        match &parsed.submission {
            None if !parsed.commands.is_empty() => {
                ctx.accepted = true;
                ctx.echo = parsed.echo.clone();
                outcome = "account command answered".into();
            }
            None => {
                ctx.errors.push(ErrorLine {
                    line: 0,
                    column: 0,
                    text: String::new(),
                    message: crate::words::whole_mail::no_orders(
                        &g.board, &g.state, house_id, lang,
                    ),
                    ..Default::default()
                });
                outcome = "no orders".into();
            }
            Some(sub) => match game::check(&g.board, &g.state, house_id, sub) {
                Ok(()) => {
                    ctx.accepted = true;
                    ctx.echo = parsed.echo.clone();
                    for n in &parsed.notes {
                        ctx.info.push_str(n);
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
