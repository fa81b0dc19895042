//! GM commands (管理员指令): what the GM may do to a running game beyond the rules of play.
//! Seats (`seats`): a substitute, or a house turning neutral (004:L492, A-21). Steps
//! (`steps`): close now, move the deadline, pause and resume. Talking to the players (`talk`):
//! announcements, who has sent what, the audit log.
//!
//! Each command that changes something is one store transaction: the change, a snapshot when
//! the state changes, a notice to every player in the outbox, and an audit line naming the GM.
//! Commands acting on a step take a guard (round and step) so that a late command cannot act
//! on the next step by accident. The rules part (what a neutral house is) lives in
//! `rules::round::endgame`.

mod act;
mod catch_up;
mod edit;
mod history;
pub mod policy;
mod schedule;
mod seat_open;
mod seats;
mod steps;
mod talk;

pub use super::notify::{
    SentOrMissing, notices, notices_each, notices_each_opening, sent_and_missing,
};
pub use history::Resend;
pub use schedule::parse_change as parse_schedule_change;
pub use steps::step_for_gm;

use super::Daemon;
use super::games::{self, Loaded};
use crate::board::{HouseId, Lang};
use crate::error::Error;
use crate::rules::Step;
use crate::store::Language;
use crate::words::economy::Describe;
use crate::words::gm_refusals::{GmRefusal, Said, WhenFault};
use chrono::{DateTime, Utc};

/// A GM command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GmCommand {
    /// A new player takes over a house: new name, address and secret; the old secret stops
    /// working. The new player gets the secret and what to send; everyone is told.
    Replace {
        /// House key or name.
        house: String,
        /// The new player's name.
        name: String,
        /// The new player's address.
        address: String,
        /// Mail language (the house's current one when absent; `zh-Hant`: Traditional
        /// characters from the welcome on).
        language: Option<crate::config::MailLanguage>,
    },
    /// The house's seat wants a substitute: the forum post and the site say so, and how to
    /// apply, until `SeatClose` or `Replace`.
    SeatOpen {
        /// House key or name.
        house: String,
    },
    /// The house's seat no longer wants a substitute.
    SeatClose {
        /// House key or name.
        house: String,
    },
    /// The player leaves and nobody takes over: the house turns neutral.
    Leave {
        /// House key or name.
        house: String,
    },
    /// Close the open step now, as if its deadline had passed. With `step`, only when that step
    /// is the open one (a guard against closing the wrong step twice).
    Process {
        /// The step the GM means to close.
        step: Option<Step>,
        /// The round the GM means (a guard against closing the same step of the next round).
        round: Option<u32>,
    },
    /// Set the open step's deadline: `+2d`, `+12h`, or a local time `2026-12-01 20:00`.
    Deadline {
        /// When.
        when: String,
        /// The step the GM means.
        guard: Guard,
    },
    /// Pause the game: nothing closes until it resumes; mails are still answered.
    Pause,
    /// Resume a paused game: the open step gets the time that was left, or `when`.
    Resume {
        /// The new deadline, if not the time that was left.
        when: Option<String>,
    },
    /// A GM message to every player, or to one house.
    Announce {
        /// One house only.
        house: Option<String>,
        /// The text.
        text: String,
    },
    /// Who has sent what in the open step, and who is still missing.
    Who,
    /// The newest lines of the game's audit log.
    Log {
        /// How many.
        limit: u32,
    },
    /// Enter (or correct) a house's submission for the open step, in the order language.
    Submit {
        /// House key or name.
        house: String,
        /// The submission, as the player would write it.
        text: String,
        /// The step the GM means.
        guard: Guard,
    },
    /// The open step's results as if it closed now, for the GM only; nothing changes.
    Preview,
    /// Record an absence of a house (not counted against the player's cap): a deadline of a
    /// step waiting for it that falls in it moves to its end.
    Absence {
        /// House key or name.
        house: String,
        /// First day: `2026-12-20` or `12-20`.
        from: String,
        /// Last day (inclusive).
        to: String,
    },
    /// Cancel an absence by its id (as `who` and `status` show it).
    CancelAbsence {
        /// The absence's id.
        id: i64,
    },
    /// The reminder offsets of the game (`24h`, `4h`; none: no reminders).
    Reminders {
        /// How long before each deadline.
        before: Vec<String>,
    },
    /// Open the last closed step (or the one named) again from the state before it closed.
    Rollback {
        /// Why (told to the players).
        reason: String,
        /// The reopened step's deadline, if not the schedule's.
        when: Option<String>,
        /// Back to the start of this round and step instead of the last closed one.
        target: Option<(u32, Step)>,
    },
    /// Correct the state with the words of a scenario's `[setup]`; every player is told.
    Edit {
        /// The correction (TOML, keys as [`crate::scenario::Edit`]).
        text: String,
        /// Why (told to the players).
        reason: String,
        /// Make it even when the result breaks a rule that always holds.
        force: bool,
        /// The step the GM means.
        guard: Guard,
    },
    /// Change the schedule of the steps to come (`plan = Mon 21:00`, `default = 2d`,
    /// `timezone = …`, `min_open = 6h`); the open step keeps its deadline.
    Schedule {
        /// The entries changed, as (key, value).
        changes: Vec<(String, String)>,
    },
    /// Send the game's failed outgoing mails again.
    Requeue,
    /// The database's backups of this game.
    Backups,
    /// Mail a past report or the last answer again to a house's current player.
    Resend {
        /// House key or name.
        house: String,
        /// Which mail.
        which: Resend,
    },
}

pub use super::games::Guard;

impl Guard {
    /// Refuse when the game's open step is not the one meant.
    fn check(&self, g: &Loaded) -> Result<(), Error> {
        match self.refusal(g, false) {
            Some(r) => Err(r.into()),
            None => Ok(()),
        }
    }

    /// Why the open step of `g` is not the one meant (`closing`: for `process`, which then
    /// closes nothing), or `None` when it is.
    fn refusal(&self, g: &Loaded, closing: bool) -> Option<GmRefusal> {
        self.mismatch(g)?;
        Some(GmRefusal::WrongStep {
            game: g.row.id.clone(),
            open: (g.state.round, g.state.step),
            meant: (self.round, self.step),
            closing,
        })
    }
}

/// What a command did, for the GM.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GmOutcome {
    /// One line for the GM.
    pub summary: String,
    /// Mails queued.
    pub queued: usize,
    /// For [`GmCommand::Replace`]: the new secret (the GM may hand it over himself).
    pub secret: Option<String>,
}

/// Carry out a GM command on a stored game, answered in English (the command line).
pub fn apply(
    d: &mut Daemon,
    game: &str,
    cmd: &GmCommand,
    now: DateTime<Utc>,
) -> Result<GmOutcome, Error> {
    apply_in(d, game, cmd, now, Lang::En)
}

/// [`apply`], its summary in `lang` (the language the GM wrote his mail in) where the command's
/// words are maester's; times in the game's time zone.
pub fn apply_in(
    d: &mut Daemon,
    game: &str,
    cmd: &GmCommand,
    now: DateTime<Utc>,
    lang: Lang,
) -> Result<GmOutcome, Error> {
    let g = games::load(d, game)?;
    if g.state.step == Step::Finished {
        return Err(GmRefusal::GameOver(game.to_string()).into());
    }
    match cmd {
        GmCommand::Replace {
            house,
            name,
            address,
            language,
        } => {
            let who = seats::Newcomer {
                name,
                address,
                language: *language,
            };
            seats::replace(d, &g, house, &who, now, lang)
        }
        GmCommand::Leave { house } => seats::leave(d, &g, house, now, lang),
        GmCommand::SeatOpen { house } => {
            let done = seat_open::open(d, &g, house, now, lang)?;
            crate::daemon::publish::refresh(d, game);
            Ok(done)
        }
        GmCommand::SeatClose { house } => {
            let done = seat_open::close(d, &g, house, now, lang)?;
            crate::daemon::publish::refresh(d, game);
            Ok(done)
        }
        GmCommand::Deadline { when, guard } => steps::deadline(d, &g, when, *guard, now, lang),
        GmCommand::Pause => steps::pause(d, &g, now, lang),
        GmCommand::Resume { when } => steps::resume(d, &g, when.as_deref(), now, lang),
        GmCommand::Announce { house, text } => {
            talk::announce(d, &g, house.as_deref(), text, now, lang)
        }
        GmCommand::Who => talk::who(d, &g, lang),
        GmCommand::Log { limit } => talk::log(d, &g, *limit, lang),
        GmCommand::Submit { house, text, guard } => {
            act::submit(d, &g, house, text, *guard, now, lang)
        }
        GmCommand::Preview => act::preview(d, &g, now, lang),
        GmCommand::Rollback {
            reason,
            when,
            target,
        } => {
            let done = act::rollback(d, &g, reason, when.as_deref(), *target, now, lang)?;
            // The public record leaves the undone steps out at once, not at the next close.
            crate::daemon::publish::refresh(d, game);
            Ok(done)
        }
        GmCommand::Edit {
            text,
            reason,
            force,
            guard,
        } => {
            let c = edit::Correction {
                text,
                reason,
                force: *force,
            };
            let done = edit::edit(d, &g, &c, *guard, now, lang)?;
            crate::daemon::publish::refresh(d, game);
            Ok(done)
        }
        GmCommand::Schedule { changes } => schedule::schedule(d, &g, changes, now, lang),
        GmCommand::Requeue => talk::requeue(d, &g, now, lang),
        GmCommand::Backups => talk::backups(d, &g, lang),
        GmCommand::Resend { house, which } => history::resend(d, &g, house, *which, now, lang),
        GmCommand::Absence { house, from, to } => {
            policy::set_absence(d, &g, house, from, to, now, lang)
        }
        GmCommand::CancelAbsence { id } => policy::cancel_absence(d, &g, *id, now, lang),
        GmCommand::Reminders { before } => policy::set_reminders(d, &g, before, now, lang),
        GmCommand::Process { step, round } => {
            let closing = g.state.step;
            let guard = Guard {
                step: *step,
                round: *round,
            };
            if let Some(r) = guard.refusal(&g, true) {
                return Err(r.into());
            }
            let why = games::CloseWhy::Gm(guard);
            let queued = match games::close_step_now(d, game, now, why)? {
                games::Closed::Closed(n) => n,
                games::Closed::NotClosed(why) => return Err(GmRefusal::NotClosed(why).into()),
            };
            d.store.append_audit(
                Some(game),
                "gm",
                "process",
                &format!("round {} {} closed by the GM", g.state.round, closing.key()),
                now,
            )?;
            let after = games::load(d, game)?;
            Ok(GmOutcome {
                summary: crate::words::gm_mail::processed(
                    (g.state.round, &steps::step_for_gm(closing, lang)),
                    (
                        after.state.round,
                        &steps::step_for_gm(after.state.step, lang),
                    ),
                    lang,
                ),
                queued,
                secret: None,
            })
        }
    }
}

/// The refusal of a change computed from a state that moved meanwhile.
pub(super) fn refused_if_stale(id: &str, e: crate::store::StoreError) -> Error {
    match e {
        crate::store::StoreError::Stale { detail, .. } => GmRefusal::Stale {
            game: id.to_string(),
            detail,
        }
        .into(),
        other => Error::Store(other),
    }
}

/// A house of the game by key or by any of its names.
pub(super) fn house_of(g: &Loaded, s: &str) -> Result<HouseId, Error> {
    if let Some(h) = g.board.house_by_key(s.trim()) {
        return Ok(h);
    }
    match g.names.houses.lookup(s.trim()) {
        crate::lang::names::Lookup::Found(h) => Ok(h),
        _ => Err(GmRefusal::NoHouse {
            name: s.to_string(),
            houses: g.board.houses.iter().map(|h| h.key.clone()).collect(),
        }
        .into()),
    }
}

/// The house the GM names and its key, refused with `neutral` (the house as each language
/// names it) when it has left the game: a neutral house has no seat, orders or substitute.
pub(super) fn playing_house(
    g: &Loaded,
    s: &str,
    neutral: fn(Said) -> GmRefusal,
) -> Result<(HouseId, String), Error> {
    let hid = house_of(g, s)?;
    let key = g.board.house(hid).key.clone();
    if g.state.house(hid).neutral {
        return Err(neutral(house_said(g, &key)).into());
    }
    Ok((hid, key))
}

/// A house of the game as each language names it to the GM (its key in English).
pub(super) fn house_said(g: &Loaded, key: &str) -> Said {
    Said {
        zh: house_for_gm(g, key, Lang::Zh),
        en: house_for_gm(g, key, Lang::En),
    }
}

/// A moment as the GM writes it (`+2d` from `base`, or a local time in the game's time zone);
/// a refusal when it does not read.
pub(super) fn when_of(g: &Loaded, text: &str, base: DateTime<Utc>) -> Result<DateTime<Utc>, Error> {
    use crate::schedule::WhenError;
    g.schedule.read_when(text, base).map_err(|e| {
        let fault = match &e {
            WhenError::Duration(_) => WhenFault::Duration,
            WhenError::TooFar => WhenFault::TooFar,
            WhenError::NotATime => WhenFault::NotATime,
            WhenError::NoLocalTime => WhenFault::NoLocalTime {
                zone: g.schedule.timezone().name().to_string(),
            },
        };
        GmRefusal::BadWhen {
            text: text.to_string(),
            detail: g.schedule.when_error(text, e).to_string(),
            fault,
        }
        .into()
    })
}

/// A moment in the game's time zone as each language says it.
pub(super) fn said_at(g: &Loaded, t: DateTime<Utc>) -> Said {
    Said {
        zh: g.at(t, Lang::Zh),
        en: g.at(t, Lang::En),
    }
}

/// A house as the GM reads it: its key in English (the command line's words), its name in
/// Chinese; a key that is no house stays as it is.
pub(super) fn house_for_gm(g: &Loaded, key: &str, lang: Lang) -> String {
    match (lang, g.board.house_by_key(key)) {
        (Lang::Zh, Some(h)) => g.board.house(h).name(lang).to_string(),
        _ => key.to_string(),
    }
}

pub(super) fn lang_of(l: Language) -> Lang {
    match l {
        Language::En => Lang::En,
        Language::Zh => Lang::Zh,
    }
}

/// What a GM change did, as one sentence for the players.
pub(super) fn log_sentence(
    g: &Loaded,
    log: &[crate::rules::log_events::EconomyEvent],
    lang: Lang,
) -> String {
    log.iter()
        .map(|e| e.describe(&g.board, lang))
        .collect::<Vec<_>>()
        .join("; ")
}
