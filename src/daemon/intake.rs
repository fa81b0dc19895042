//! Answering one stored mail: who sent it, for which game and house, is the secret right, what
//! does it say; then, in one transaction, the submission is stored, the mail marked processed and
//! the answer queued. Bad input gets a clear answer and changes nothing. Auto-replies and bounces
//! are never answered.

use super::Daemon;
use super::games;
use super::letters::queue;
use super::letters::{self, ReplyContext};
use crate::board::Lang;
use crate::error::Error;
use crate::game;
use crate::lang::submit::{self as parse, Command};
use crate::mail::{DecodedMail, Mailbox, decode};
use crate::store::{Mail, NewSubmission, StoreError};
use answers::{answer_letter, too_large};
use chrono::{DateTime, Utc};
use redact::redacted_copy;

mod answers;
mod checks;
mod help;
mod info;
mod quoted;
mod redact;
mod verdict;
mod what_if;
mod what_if_picture;

/// The outcome recorded on the mail.
#[allow(clippy::large_enum_variant)] // one short-lived value per mail
enum Outcome {
    Ignored(String),
    Answered {
        outcome: String,
        reply: Option<letters::Letter>,
        game: Option<String>,
        house: Option<String>,
        /// The submission, its canonical text, and the snapshot it was checked against.
        submission: Option<(game::Submission, String, i64)>,
        /// The secret the mail gave (right or wrong): masked in the stored copy.
        secret: Option<String>,
        /// What the mail changes in the deadline policy (`wait`, an absence).
        policy: Vec<super::absences::Change>,
        /// The Chinese script the seat wrote in (`Some(true)`: Traditional), learnt from a
        /// mail with the right secret and Chinese in it; its reports follow it.
        script: Option<bool>,
        /// The mail carried the seat's right secret (or came from the GM): its answer is
        /// never held back by the hourly cap (`guard::limit_answer`).
        proven: bool,
    },
}

/// What became of a handled mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Handled {
    /// Answered (orders taken, refused, a command, or the sender told why nothing happened).
    Answered,
    /// Deliberately not answered, and why (an auto-reply, the referee's own mail …).
    Ignored(String),
}

/// Handle one stored mail (status `new`), with the mail as the fetch decoded it (`None`: decoded
/// here). The submission is checked against the state outside the write transaction; if the
/// step closed meanwhile (a GM command, another process), the transaction sees it, writes
/// nothing, and the mail is decided again on the new state.
pub fn handle_decoded(
    d: &mut Daemon,
    m: &Mail,
    decoded: Option<DecodedMail>,
    now: DateTime<Utc>,
) -> Result<Handled, Error> {
    let mail = decoded.unwrap_or_else(|| decode(&m.raw));
    super::panicpoint(&mail.subject);
    let mut attempts = 0;
    loop {
        let mut outcome = decide(d, m, &mail, now)?;
        if let Outcome::Answered {
            reply,
            outcome,
            proven,
            ..
        } = &mut outcome
        {
            super::guard::limit_answer(d, reply, outcome, *proven, now)?;
        }
        match record(d, m, &mail, &outcome, now) {
            Ok(()) => {
                after_record(d, &outcome, now)?;
                return Ok(match outcome {
                    Outcome::Ignored(why) => Handled::Ignored(why),
                    Outcome::Answered { .. } => Handled::Answered,
                });
            }
            Err(StoreError::Stale { .. }) if attempts < 3 => attempts += 1,
            Err(e) => return Err(e.into()),
        }
    }
}

/// Store what was decided about a mail, in one transaction.
fn record(
    d: &mut Daemon,
    m: &Mail,
    mail: &DecodedMail,
    outcome: &Outcome,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let mail_id = m.id;
    let redacted = match outcome {
        Outcome::Answered {
            secret: Some(s), ..
        } => Some(redacted_copy(m, mail, s)),
        _ => None,
    };
    d.store.transaction(|tx| -> Result<(), StoreError> {
        match &outcome {
            Outcome::Ignored(why) => tx.mark_mail_ignored(mail_id, why, now),
            Outcome::Answered {
                outcome,
                reply,
                game,
                house,
                submission,
                policy,
                script,
                ..
            } => {
                for c in policy {
                    c.write(tx, now)?;
                }
                if let (Some(g), Some(h), Some(t)) = (game, house, script) {
                    tx.set_house_script(g, h, *t)?;
                }
                if let Some((raw, subject)) = &redacted {
                    tx.redact_mail(mail_id, raw, subject)?;
                }
                if game.is_some() || house.is_some() {
                    tx.tag_mail(mail_id, game.as_deref(), house.as_deref())?;
                }
                if let (Some(g), Some(h), Some((sub, text, checked))) = (game, house, submission) {
                    let parsed = serde_json::to_value(sub).map_err(|e| StoreError::Invalid {
                        what: "submission",
                        detail: e.to_string(),
                    })?;
                    let st = tx.game(g)?.ok_or(StoreError::NotFound {
                        what: format!("game {g}"),
                    })?;
                    if tx.latest_snapshot_seq(g)? != *checked {
                        return Err(StoreError::Stale {
                            what: format!("game {g}"),
                            detail: "the step changed while the mail was checked".into(),
                        });
                    }
                    tx.add_submission(&NewSubmission {
                        game_id: g,
                        house: h,
                        round: st.round,
                        step: sub.step().key(),
                        kind: "orders",
                        text,
                        parsed: &parsed,
                        mail_id: Some(mail_id),
                        received_at: now,
                    })?;
                    tx.append_audit(
                        Some(g),
                        &format!("house:{h}"),
                        "submission accepted",
                        &format!("{} for round {}", sub.step().key(), st.round),
                        now,
                    )?;
                }
                if let Some(l) = reply {
                    queue(tx, game.as_deref(), l, Some(mail_id), now)?;
                }
                tx.mark_mail_processed(mail_id, outcome, now)
            }
        }
    })
}

/// What follows a recorded mail: an early close when every house has sent (see
/// `deadlines::after_submission`: a short delay after the last one, at once in a grace).
fn after_record(d: &mut Daemon, outcome: &Outcome, now: DateTime<Utc>) -> Result<(), Error> {
    if let Outcome::Answered {
        game: Some(g),
        submission,
        policy,
        ..
    } = outcome
        && (submission.is_some() || policy.iter().any(|c| c.releases()))
        && super::deadlines::after_submission(d, g, now)?
    {
        super::games::close_at_once(d, g, now);
    }
    Ok(())
}

/// The Chinese script of a mail's text: `Some(true)` Traditional, `Some(false)` Simplified,
/// `None` when nothing in it tells (English, or characters both scripts write alike).
pub(super) fn script_of(body: &str) -> Option<bool> {
    let (trad, simp) = crate::lang::normalize::script_counts(body);
    if trad > simp {
        Some(true)
    } else if simp > 0 {
        // A Simplified form of the names and keywords table: no need to convert the whole
        // mail to find one (this runs for every mail with the right secret).
        Some(false)
    } else if crate::words::hant::to_traditional(body) != body {
        Some(false)
    } else {
        None
    }
}

fn reply_to(mail: &DecodedMail) -> Option<(String, Vec<String>)> {
    mail.message_id
        .clone()
        .map(|id| (id, mail.references.clone()))
}

fn plain_reply(
    d: &Daemon,
    mail: &DecodedMail,
    m: &Mail,
    (lang, script): (Lang, crate::words::hant::Script),
    text_zh: String,
    text_en: String,
) -> Result<Option<letters::Letter>, Error> {
    let Some(addr) = mail.from_addr.clone() else {
        return Ok(None);
    };
    let to = letters::Reader {
        mailbox: Mailbox::new(mail.from_name.clone().unwrap_or_default(), addr),
        script,
    };
    let subject = crate::words::answers::reply_subject(&mail.subject);
    let text = match lang {
        Lang::Zh => text_zh,
        Lang::En => text_en,
    };
    let rt = reply_to(mail);
    let l = letters::answer(
        &d.sender,
        &to,
        subject,
        text,
        &format!("reply:{}", m.mail_key),
        rt.as_ref().map(|(a, b)| (a.as_str(), b.as_slice())),
    )?;
    Ok(Some(l))
}

/// Who sent the mail: the seat (game and house) of a registered player, or what to do with a
/// mail that has none (ignore it, or tell the sender why nothing happened).
fn seat_of(
    d: &mut Daemon,
    m: &Mail,
    mail: &DecodedMail,
    now: DateTime<Utc>,
) -> Result<Result<crate::store::House, Outcome>, Error> {
    if mail.auto == Some(crate::mail::AutoKind::Bounce) {
        return Ok(Err(Outcome::Ignored(super::guard::bounce(d, m, now)?)));
    }
    if let Some(kind) = mail.auto {
        return Ok(Err(Outcome::Ignored(format!(
            "automatic mail ({kind:?}): never answered"
        ))));
    }
    let Some(from) = mail.from_addr.clone() else {
        return Ok(Err(Outcome::Ignored("no sender address".into())));
    };
    if from.eq_ignore_ascii_case(&d.config.daemon.address) {
        return Ok(Err(Outcome::Ignored(
            "a mail from the referee itself".into(),
        )));
    }
    if !crate::mail::usable_address(&from) {
        return Ok(Err(Outcome::Ignored(format!(
            "sender address {from:?} cannot be answered"
        ))));
    }
    if d.config
        .daemon
        .gm_address
        .as_deref()
        .is_some_and(|gm| gm.eq_ignore_ascii_case(&from))
    {
        let o = super::gm_mail::handle(d, mail, m.received_at)?;
        let text = format!("{}\n\n—— maester", o.answer);
        let reply = plain_reply(d, mail, m, o.reading, text.clone(), text)?;
        return Ok(Err(Outcome::Answered {
            outcome: o.outcome,
            reply,
            game: o.game,
            house: None,
            submission: None,
            secret: o.secret,
            policy: Vec::new(),
            script: None,
            proven: true,
        }));
    }
    let seats = d.store.houses_by_address(&from)?;
    let mut running = Vec::new();
    for s in seats {
        if let Some(g) = d.store.game(&s.game_id)?
            && g.status != crate::store::GameStatus::Finished
        {
            running.push(s);
        }
    }
    if running.len() > 1 {
        running.retain(|s| mail.subject.contains(&format!("[{}]", s.game_id)));
    }
    match running.len() {
        1 => Ok(Ok(running.remove(0))),
        0 => Ok(Err(match super::guard::unknown_sender(d, m, mail, now)? {
            Ok(l) => Outcome::Answered {
                outcome: "unknown sender".into(),
                reply: Some(l),
                game: None,
                house: None,
                submission: None,
                secret: None,
                policy: Vec::new(),
                script: None,
                proven: false,
            },
            Err(why) => Outcome::Ignored(why.to_string()),
        })),
        _ => {
            let ids: Vec<String> = d
                .store
                .houses_by_address(&from)?
                .into_iter()
                .map(|s| format!("[{}]", s.game_id))
                .collect();
            let reply = plain_reply(
                d,
                mail,
                m,
                (Lang::Zh, crate::words::hant::Script::Simplified),
                crate::words::whole_mail::several_games(&ids),
                String::new(),
            )?;
            Ok(Err(Outcome::Answered {
                outcome: format!("{} read: game not named", super::guard::NO_SECRET),
                reply,
                game: None,
                house: None,
                submission: None,
                secret: None,
                policy: Vec::new(),
                script: None,
                proven: false,
            }))
        }
    }
}

fn decide(
    d: &mut Daemon,
    m: &Mail,
    mail: &DecodedMail,
    now: DateTime<Utc>,
) -> Result<Outcome, Error> {
    let seat = match seat_of(d, m, mail, now)? {
        Ok(seat) => seat,
        Err(outcome) => return Ok(outcome),
    };
    if let Some(size) = crate::mail::copy::stub_size(&m.raw) {
        return too_large(d, m, mail, &seat, size);
    }
    let g = games::load(d, &seat.game_id)?;
    let lang = g.lang_of(seat.language);
    let house_id = g
        .house_id(&seat.house)
        .ok_or_else(|| Error::NotFound(format!("house {}", seat.house)))?;
    let mut parsed = parse::parse_mail_as(
        &g.board,
        &g.names,
        &g.state,
        Some(house_id),
        &mail.orders_text,
        lang,
    );
    let quote = quoted::quote(d, &g, &seat, mail, &parsed, lang, now)?;
    if let quoted::Quote::Read(q) = &quote {
        parsed = (**q).clone();
    }
    let secret_ok = checks::secret_ok(d, &seat, parsed.secret.as_deref(), now)?;
    if secret_ok && let Some(keyword) = what_if::keyword_line(mail) {
        let asked = what_if::Asked {
            g: &g,
            seat: &seat,
            house: house_id,
            lang,
            secret: parsed.secret.clone(),
        };
        return what_if::answer(d, m, mail, keyword, asked);
    }
    if help::only_help(&parsed) && (secret_ok || parsed.secret.is_none()) {
        let asked = help::Asked {
            g: &g,
            seat: &seat,
            house: house_id,
            lang,
            secret_ok,
        };
        return help::answer(d, m, mail, &parsed, asked);
    }
    let whole_mail = checks::whole_mail_errors(&parsed);
    let mut ctx = ReplyContext {
        player: seat.player_name.clone(),
        house: g.board.house(house_id).name(lang).to_string(),
        game: seat.game_id.clone(),
        round: g.state.round,
        step: letters::step_name(g.state.step, lang),
        accepted: false,
        echo: Vec::new(),
        replaced: false,
        errors: Vec::new(),
        ignored: checks::ignored_lines(&parsed),
        fine: String::new(),
        info: if g.row.status == crate::store::GameStatus::Paused {
            format!("{}\n", crate::words::notices::paused_line(lang))
        } else {
            String::new()
        },
        deadline: g.deadline_from(now, lang),
        waiting: String::new(),
        closed: String::new(),
        status: String::new(),
    };
    let verdict::Verdict {
        mut outcome,
        mut submission,
    } = verdict::verdict(
        d,
        verdict::Read {
            g: &g,
            seat: &seat,
            mail,
            parsed: &parsed,
            house_id,
            secret_ok,
            whole_mail,
            quoted_not_read: matches!(quote, quoted::Quote::NotRead),
            lang,
        },
        &mut ctx,
    )?;
    if matches!(quote, quoted::Quote::Read(_)) {
        ctx.info
            .push_str(&crate::words::whole_mail::read_from_quote(lang));
        ctx.info.push('\n');
    }
    let mut policy = Vec::new();
    if ctx.accepted {
        let super::absences::Requests {
            changes,
            info,
            errors,
        } = super::absences::requests(d, &g, &seat.house, &parsed.commands, now, lang)?;
        if errors.is_empty() {
            policy = changes;
            for line in info {
                ctx.info.push_str(&line);
                ctx.info.push('\n');
            }
        } else {
            ctx.accepted = false;
            ctx.echo.clear();
            ctx.errors = errors;
            submission = None;
            outcome = format!("rejected: {} error(s)", ctx.errors.len());
        }
    }
    if ctx.accepted
        && let Some((game::Submission::Answers(a), ..)) = submission.as_ref()
    {
        // An unlabelled tie line read by its houses: say which tie it was taken for (004:L1163).
        for (named, track) in game::tie_lines_read_by_houses(&g.board, &g.state, house_id, a) {
            ctx.info.push_str(&crate::words::answers::tie_line_read(
                &g.board, lang, &named, track,
            ));
            ctx.info.push('\n');
        }
    }
    if ctx.accepted
        && let Some((sub, text, _)) = submission.as_ref()
    {
        // The receipt of what is stored: the public record of the close lists it again.
        let receipt = super::receipts::receipt(
            &g.row.seed,
            &super::receipts::Receipted {
                game: &g.row.id,
                house: &seat.house,
                round: g.row.round,
                step: sub.step().key(),
                text,
            },
        );
        ctx.info
            .push_str(&crate::words::receipts::answer_line(&receipt, lang));
        ctx.info.push('\n');
    }
    if ctx.accepted {
        let sent = submission.as_ref().map(|_| seat.house.as_str());
        ctx.waiting = super::reminders::waiting_line(d, &g, sent, lang)?;
        // A plan sent early (during the Raven step) is answered with the plan step's deadline:
        // that step opens when the Raven step closes (early, when this mail completes it).
        let early = submission
            .as_ref()
            .is_some_and(|(s, ..)| s.step() != g.state.step);
        if early
            && let Some(h) = sent
            && policy.is_empty()
            && let Some(raven_closes) =
                super::deadlines::closing_at(d, &g, h, now)?.or(g.row.deadline)
        {
            let at =
                super::loaded::deadline_for(&g.schedule, crate::rules::Step::Plan, raven_closes)?;
            ctx.info
                .push_str(crate::words::late_mail::plan_step_deadline(lang));
            ctx.info.push('\n');
            ctx.deadline = g.at_from(at, now, lang);
        }
        // One deadline, said once: the one the step closes at after this mail.
        if let Some(h) = sent
            && !early
            && policy.is_empty()
            && let Some(at) = super::deadlines::closing_at(d, &g, h, now)?
        {
            ctx.info
                .push_str(crate::words::deadlines::closing_soon(lang));
            ctx.info.push('\n');
            ctx.deadline = g.at_from(at, now, lang);
        }
        if let Some(at) = policy.iter().find_map(|c| c.deadline()) {
            ctx.deadline = g.at_from(at, now, lang);
        }
    }
    if !ctx.accepted && ctx.errors.iter().any(|e| e.line > 0) {
        ctx.fine = crate::words::refusals::fine_lines(lang, &parsed, &ctx.errors);
        // The step's forms from the guide, and where the whole guide is.
        ctx.info.push_str(&crate::words::guide::refusal_hint(
            &g.board, &g.state, house_id, lang,
        ));
        ctx.info.push('\n');
    }
    let warn = secret_ok.then_some((lang, &mut ctx.info));
    super::guard::auth_check(d, m, mail, &seat.game_id, warn, now)?;
    let from = mail.from_addr.as_deref().unwrap_or("");
    let answered =
        outcome != super::guard::WRONG_SECRET || super::guard::wrong_secret(d, &seat, from, now)?;
    let reply = answered
        .then(|| answer_letter(d, &g, &seat, m, mail, &ctx, lang))
        .transpose()?;
    Ok(Outcome::Answered {
        outcome,
        reply,
        game: Some(seat.game_id.clone()),
        house: Some(seat.house.clone()),
        submission,
        secret: parsed.secret.clone(),
        policy,
        script: secret_ok.then(|| script_of(&mail.body)).flatten(),
        proven: secret_ok,
    })
}
