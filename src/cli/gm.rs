//! `maester gm …`.

use super::gm_args::GmCmd;
use chrono::Utc;
use maester::config::Config;
use maester::daemon::Daemon;
use maester::error::Error;
use std::path::Path;

/// `maester gm …`: a GM command on a running game.
pub fn gm(config: &Path, game: Option<String>, command: GmCmd) -> Result<(), Error> {
    use maester::daemon::gm::apply;
    let mut d = Daemon::open_existing(Config::load(config)?)?;
    if let GmCmd::Backups = command {
        return backups(&d, game.as_deref());
    }
    if let GmCmd::Restore { file } = &command {
        return restore(&mut d, game.as_deref(), file);
    }
    if let GmCmd::RetryMail { id, all_failed: _ } = command {
        use maester::store::RetryMails;
        let which = id.map_or(RetryMails::AllFailed, RetryMails::One);
        let ids = d
            .store
            .transaction(|tx| tx.retry_failed_mails(which, "gm", Utc::now()))?;
        if let (RetryMails::One(id), true) = (which, ids.is_empty()) {
            return Err(Error::Refused(format!(
                "received mail {id} is not a failed mail: only failed mails are taken again"
            )));
        }
        let list: Vec<String> = ids.iter().map(i64::to_string).collect();
        maester::say!(
            "{} failed mails wait to be answered again at the next poll{}",
            ids.len(),
            if list.is_empty() {
                String::new()
            } else {
                format!(": {}", list.join(", "))
            }
        );
        return Ok(());
    }
    if let GmCmd::Requeue { all, id } = command {
        use maester::daemon::requeue::{Which, requeue};
        let which = match (all, id) {
            (_, Some(id)) => Which::Id(id),
            _ => Which::All,
        };
        let ids = requeue(&mut d, which, game.as_deref(), Utc::now())?;
        let t = d.send_outbox(Utc::now())?;
        maester::say!(
            "{} failed mails queued again; {} sent, {} refused, {} left queued",
            ids.len(),
            t.sent,
            t.refused,
            t.send_failures.saturating_sub(t.refused) + t.send_deferred
        );
        return Ok(());
    }
    let game = match game {
        Some(g) => g,
        None => match d.store.games()?.as_slice() {
            [g] => g.id.clone(),
            [] => return Err(Error::Refused("no game in the store".into())),
            _ => return Err(Error::Refused("several games: name one with --game".into())),
        },
    };
    let cmd = command_of(command)?;
    let before = d.store.last_outgoing_id()?;
    let out = apply(&mut d, &game, &cmd, Utc::now())?;
    if out.queued == 0 {
        maester::say!("{}", out.summary);
    } else {
        let to = d.store.recipients_after(before)?;
        let t = d.send_outbox(Utc::now())?;
        maester::say!(
            "{}\n{} mails queued, {} sent {} to: {}",
            out.summary,
            out.queued,
            t.sent,
            super::service::mail_route(&d.config),
            to.join(", ")
        );
    }
    if let Some(s) = out.secret {
        maester::say!("  new secret: {s}");
    }
    Ok(())
}

/// A `--step` argument.
fn step_arg(step: Option<String>) -> Result<Option<maester::rules::Step>, Error> {
    step.map(|s| {
        maester::rules::Step::from_key(&s).ok_or(Error::Refused(format!(
            "--step {s}: use events, events_answers, placement, raven, plan or retreat"
        )))
    })
    .transpose()
}

/// `--round R --step S` given together (clap checks that one comes with the other).
fn round_step(
    round: Option<u32>,
    step: Option<String>,
) -> Result<Option<(u32, maester::rules::Step)>, Error> {
    Ok(match (round, step_arg(step)?) {
        (Some(r), Some(s)) => Some((r, s)),
        _ => None,
    })
}

/// A text from a file, or from standard input for `-`.
fn read_text(file: &str) -> Result<String, Error> {
    if file == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .map_err(|e| Error::io("standard input", e))?;
        Ok(s)
    } else {
        std::fs::read_to_string(file).map_err(|e| Error::io(file, e))
    }
}

/// `maester gm backups`: the database's backups (of `game` only, when given), oldest first.
fn backups(d: &Daemon, game: Option<&str>) -> Result<(), Error> {
    let all = maester::daemon::backups::list(d)?;
    let shown: Vec<_> = all
        .iter()
        .filter(|b| game.is_none_or(|g| b.game == g))
        .collect();
    if shown.is_empty() {
        maester::say!(
            "no backups in {}",
            maester::daemon::backups::dir(d).display()
        );
        return Ok(());
    }
    for b in shown {
        maester::say!(
            "{}  game {}, round {} {}  {} kB  {}",
            b.time.format("%Y-%m-%d %H:%M:%S UTC"),
            b.game,
            b.round,
            b.step,
            b.bytes.div_ceil(1024),
            b.path.display()
        );
    }
    Ok(())
}

/// `maester gm restore FILE --game G`: game G put back as the backup holds it, the other games
/// untouched; refused while `maester run` holds the database.
fn restore(d: &mut Daemon, game: Option<&str>, file: &Path) -> Result<(), Error> {
    let Some(game) = game else {
        return Err(Error::Refused(
            "gm restore: name the game to restore with --game".into(),
        ));
    };
    let db = d.config.path(&d.config.daemon.database);
    let _lock = maester::daemon::lock::DaemonLock::acquire(&db)?;
    let rows = d.store.restore_game(file, game)?;
    maester::say!(
        "game {game} restored from {} ({rows} rows); the other games are as they were",
        file.display()
    );
    Ok(())
}

/// The console command a `maester gm` subcommand stands for.
fn command_of(command: GmCmd) -> Result<maester::daemon::gm::GmCommand, Error> {
    use maester::daemon::gm::{GmCommand, Guard};
    Ok(match command {
        GmCmd::Replace {
            house,
            name,
            email,
            lang,
        } => {
            GmCommand::Replace {
                house,
                name,
                address: email,
                language: match lang.as_deref() {
                    None => None,
                    Some(l) => Some(maester::config::MailLanguage::parse(l).ok_or_else(|| {
                        Error::Refused(format!("--lang {l}: use zh, zh-Hant or en"))
                    })?),
                },
            }
        }
        GmCmd::Leave { house } => GmCommand::Leave { house },
        GmCmd::SeatOpen { house } => GmCommand::SeatOpen { house },
        GmCmd::SeatClose { house } => GmCommand::SeatClose { house },
        GmCmd::Requeue { .. }
        | GmCmd::RetryMail { .. }
        | GmCmd::Backups
        | GmCmd::Restore { .. } => {
            return Err(Error::Refused("handled above".into()));
        }
        GmCmd::Process { step, round } => GmCommand::Process {
            round,
            step: step_arg(step)?,
        },
        GmCmd::Deadline { when, step, round } => GmCommand::Deadline {
            when,
            guard: Guard {
                round,
                step: step_arg(step)?,
            },
        },
        GmCmd::Pause => GmCommand::Pause,
        GmCmd::Resume { deadline } => GmCommand::Resume { when: deadline },
        GmCmd::Announce { house, text } => GmCommand::Announce {
            house,
            text: if text == "-" { read_text("-")? } else { text },
        },
        GmCmd::Who => GmCommand::Who,
        GmCmd::Submit {
            house,
            file,
            step,
            round,
        } => GmCommand::Submit {
            house,
            text: read_text(&file)?,
            guard: Guard {
                round,
                step: step_arg(step)?,
            },
        },
        GmCmd::Preview => GmCommand::Preview,
        GmCmd::Rollback {
            reason,
            deadline,
            round,
            step,
        } => GmCommand::Rollback {
            reason,
            when: deadline,
            target: round_step(round, step)?,
        },
        GmCmd::Edit {
            reason,
            file,
            force,
            step,
            round,
        } => GmCommand::Edit {
            text: read_text(&file)?,
            reason,
            force,
            guard: Guard {
                round,
                step: step_arg(step)?,
            },
        },
        GmCmd::Schedule { entries } => GmCommand::Schedule {
            changes: entries
                .iter()
                .map(|e| maester::daemon::gm::parse_schedule_change(e))
                .collect::<Result<_, _>>()?,
        },
        GmCmd::Resend {
            house,
            answer,
            round,
            step,
        } => GmCommand::Resend {
            house,
            which: if answer {
                maester::daemon::gm::Resend::Answer
            } else {
                maester::daemon::gm::Resend::Report(round_step(round, step)?)
            },
        },
        GmCmd::Log { limit } => GmCommand::Log { limit },
        GmCmd::Absence {
            house,
            from,
            to,
            cancel,
        } => match (cancel, house, from, to) {
            (Some(id), _, _, _) => GmCommand::CancelAbsence { id },
            (None, Some(house), Some(from), Some(to)) => GmCommand::Absence { house, from, to },
            _ => {
                return Err(Error::Refused(
                    "absence: give --house, --from and --to, or --cancel <id>".into(),
                ));
            }
        },
        GmCmd::Reminders { before } => GmCommand::Reminders { before },
    })
}
