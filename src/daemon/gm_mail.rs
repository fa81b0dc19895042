//! GM commands by mail: a mail from `[daemon] gm_address` with the game's GM secret is read
//! as GM commands (`lang::gm`), each carried out like the same command on the command line
//! (`daemon::gm::apply`), and answered with the result of each. Without the right secret it
//! changes nothing and is answered the way a player's wrong secret is.
//!
//! Each command is its own transaction; the answer is recorded after them. A crash between a
//! command and the answer runs the mail's commands again at the next tick: the guards (round
//! and step lines) make a repeated step command refuse itself.

use super::Daemon;
use super::gm::{GmCommand, Guard, Resend, apply_in};
use crate::board::Lang;
use crate::error::Error;
use crate::lang::gm::{GmLine, GmMail, ResendWhich, parse_gm_mail};
use crate::mail::DecodedMail;
use crate::rules::Step;
use crate::store::GameStatus;
use crate::words::Spelling;
use crate::words::gm_mail::GmRefusal;
use chrono::{DateTime, Utc};

/// What a GM mail did: a short outcome for the mail's row, the game, and the answer's text.
pub struct GmMailOutcome {
    /// For the mail's row.
    pub outcome: String,
    /// The game the mail was for, if one could be told.
    pub game: Option<String>,
    /// The answer to the GM.
    pub answer: String,
    /// The secret the mail gave (right or wrong): masked in the stored copy.
    pub secret: Option<String>,
    /// The language the GM wrote in, and for Chinese its script: the answer's.
    pub reading: (Lang, crate::words::hant::Script),
}

/// The language a GM's mail is written in: Chinese when it holds Chinese characters (in the
/// script they are written in), else English.
pub fn reading_of(text: &str) -> (Lang, crate::words::hant::Script) {
    let chinese = text
        .chars()
        .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c) || ('\u{3400}'..='\u{4dbf}').contains(&c));
    if !chinese {
        return (Lang::En, crate::words::hant::Script::Simplified);
    }
    let (trad, simp) = crate::lang::normalize::script_counts(text);
    let traditional = trad > simp;
    (Lang::Zh, crate::words::hant::Script::of(traditional))
}

/// The game a GM mail means: the running game named `[id]` in the subject, or the only one.
fn game_of(d: &Daemon, subject: &str) -> Result<Result<String, GmRefusal>, Error> {
    let running: Vec<String> = d
        .store
        .games()?
        .into_iter()
        .filter(|g| g.status != GameStatus::Finished)
        .map(|g| g.id)
        .collect();
    let named: Vec<&String> = running
        .iter()
        .filter(|id| subject.contains(&format!("[{id}]")))
        .collect();
    Ok(match (named.as_slice(), running.as_slice()) {
        ([one], _) => Ok((*one).clone()),
        ([], [only]) => Ok(only.clone()),
        ([], []) => Err(GmRefusal::NoGame),
        _ => Err(GmRefusal::SeveralGames(running.clone())),
    })
}

/// A step as the GM writes it: its key or its Chinese or English name.
fn step_named(text: &str) -> Option<Step> {
    let t = text.trim();
    Step::from_key(t).or_else(|| {
        Step::ALL
            .iter()
            .copied()
            .find(|s| s.name_zh() == t || s.name_en().eq_ignore_ascii_case(t))
    })
}

fn no_step(step: &str) -> GmRefusal {
    GmRefusal::NoStep(step.to_string())
}

/// Carry out a GM mail.
pub fn handle(
    d: &mut Daemon,
    mail: &DecodedMail,
    now: DateTime<Utc>,
) -> Result<GmMailOutcome, Error> {
    let GmMail {
        secret,
        commands,
        unknown,
    } = parse_gm_mail(&mail.orders_text);
    let reading = reading_of(&mail.orders_text);
    let lang = reading.0;
    let game = match game_of(d, &mail.subject)? {
        Ok(g) => g,
        Err(why) => {
            return Ok(GmMailOutcome {
                outcome: "GM mail: no game".into(),
                game: None,
                answer: why.text(lang),
                secret,
                reading,
            });
        }
    };
    let secret_ok = match &secret {
        Some(s) => d.store.verify_gm_secret(&game, s)?,
        None => false,
    };
    if !secret_ok {
        let why = if secret.is_some() {
            GmRefusal::WrongSecret
        } else {
            GmRefusal::NoSecret
        };
        return Ok(GmMailOutcome {
            outcome: if secret.is_some() {
                "GM mail: wrong secret".into()
            } else {
                "GM mail: no secret".into()
            },
            game: Some(game),
            answer: why.text(lang),
            secret,
            reading,
        });
    }
    let mut lines = Vec::new();
    let mut guard = Guard::default();
    let mut done = 0;
    for (n, cmd) in commands {
        let command = match cmd {
            GmLine::Guard { round, step } => match step_named(&step) {
                Some(s) => {
                    guard = Guard {
                        round: Some(round),
                        step: Some(s),
                    };
                    lines.push(crate::words::gm_mail::line_guard(
                        n,
                        round,
                        &super::gm::step_for_gm(s, lang),
                        lang,
                    ));
                    continue;
                }
                None => {
                    lines.push(crate::words::gm_mail::line_bad_guard(
                        n,
                        &no_step(&step).text(lang),
                        lang,
                    ));
                    break;
                }
            },
            other => match command_of(other, guard) {
                Ok(c) => c,
                Err(why) => {
                    lines.push(crate::words::gm_mail::line_refused(
                        n,
                        &why.text(lang),
                        lang,
                    ));
                    continue;
                }
            },
        };
        match apply_in(d, &game, &command, now, lang) {
            Ok(o) => {
                done += 1;
                lines.push(crate::words::gm_mail::line_done(n, &o.summary, lang));
            }
            Err(e) => lines.push(crate::words::gm_mail::line_refused(
                n,
                &refusal_text(&e, lang),
                lang,
            )),
        }
    }
    for (n, text) in &unknown {
        lines.push(crate::words::gm_mail::line_unknown(*n, text, lang));
    }
    if lines.is_empty() {
        lines.push(crate::words::gm_mail::no_command(lang));
    }
    Ok(GmMailOutcome {
        outcome: format!("GM mail: {done} command(s) carried out"),
        game: Some(game),
        answer: lines.join("\n"),
        secret,
        reading,
    })
}

/// Why a command was not carried out, in the GM's language: a refusal in his words; a failure
/// of maester itself (the store, a mail) as it was reported.
fn refusal_text(e: &Error, lang: Lang) -> String {
    match e {
        Error::Gm(why) => why.text(lang),
        other => other.to_string(),
    }
}

/// The command a GM mail's line stands for, under the step guard of the lines before it; the
/// refusal's reason when the line cannot be one (a step or an entry that does not exist).
fn command_of(line: GmLine, guard: Guard) -> Result<GmCommand, GmRefusal> {
    Ok(match line {
        GmLine::Guard { .. } => return Err(GmRefusal::StepLineNotCommand),
        GmLine::Deadline(when) => GmCommand::Deadline { when, guard },
        GmLine::Pause => GmCommand::Pause,
        GmLine::Resume(when) => GmCommand::Resume { when },
        GmLine::Process => GmCommand::Process {
            step: guard.step,
            round: guard.round,
        },
        GmLine::Preview => GmCommand::Preview,
        GmLine::Rollback { target, reason } => {
            let target = match target {
                None => None,
                Some((round, step)) => match step_named(&step) {
                    Some(s) => Some((round, s)),
                    None => return Err(no_step(&step)),
                },
            };
            GmCommand::Rollback {
                reason,
                when: None,
                target,
            }
        }
        GmLine::Resend { house, which } => {
            let which = match which {
                ResendWhich::Report => Resend::Report(None),
                ResendWhich::Answer => Resend::Answer,
                ResendWhich::Step(round, step) => match step_named(&step) {
                    Some(s) => Resend::Report(Some((round, s))),
                    None => return Err(no_step(&step)),
                },
            };
            GmCommand::Resend { house, which }
        }
        GmLine::Edit { reason, text } => GmCommand::Edit {
            text,
            reason,
            force: false,
            guard,
        },
        GmLine::Schedule(entry) => GmCommand::Schedule {
            changes: vec![super::gm::parse_schedule_change(&entry)?],
        },
        GmLine::Replace { house, rest } => {
            // `name address [language]`: a last word `zh`, `zh-Hant` or `en` after the address
            // says what the new player reads.
            let rest = rest.trim();
            let (rest, language) = match rest.rsplit_once(' ') {
                Some((before, last)) => match crate::config::MailLanguage::parse(last) {
                    Some(l) => (before.trim_end(), Some(l)),
                    None => (rest, None),
                },
                None => (rest, None),
            };
            match rest.rsplit_once(' ') {
                Some((name, address)) if address.contains('@') && !name.trim().is_empty() => {
                    GmCommand::Replace {
                        house,
                        name: name.trim().to_string(),
                        address: address.trim().to_string(),
                        language,
                    }
                }
                _ => {
                    return Err(GmRefusal::ReplaceForm);
                }
            }
        }
        GmLine::Leave(house) => GmCommand::Leave { house },
        GmLine::SeatOpen(house) => GmCommand::SeatOpen { house },
        GmLine::SeatClose(house) => GmCommand::SeatClose { house },
        GmLine::Requeue => GmCommand::Requeue,
        GmLine::Backups => GmCommand::Backups,
        GmLine::Who => GmCommand::Who,
        GmLine::Log => GmCommand::Log { limit: 30 },
        GmLine::Announce { house, text } => GmCommand::Announce { house, text },
        GmLine::Submit { house, text } => GmCommand::Submit { house, text, guard },
        GmLine::Absence { house, from, to } => GmCommand::Absence { house, from, to },
        GmLine::CancelAbsence(id) => GmCommand::CancelAbsence { id },
        GmLine::Reminders(before) => GmCommand::Reminders { before },
    })
}
