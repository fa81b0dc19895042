//! Seats: a substitute takes over a house (004:L492), or the house turns neutral when its
//! player leaves with no substitute.

use super::{GmOutcome, house_for_gm, lang_of, log_sentence, notices};
use crate::board::Lang;
use crate::config::MailLanguage;
use crate::daemon::Daemon;
use crate::daemon::games::Loaded;
use crate::daemon::letters;
use crate::daemon::random;
use crate::error::Error;
use crate::mail::Mailbox;
use crate::rules::round::endgame::{Leaving, player_leaves};
use crate::store::{Language, NewSnapshot, StoreError};
use crate::words::gm_refusals::GmRefusal;
use crate::words::hant::Script;
use chrono::{DateTime, Utc};

/// Who takes a seat over: name, address and (when given) the language the new player reads.
pub(super) struct Newcomer<'a> {
    pub name: &'a str,
    pub address: &'a str,
    pub language: Option<MailLanguage>,
}

pub(super) fn replace(
    d: &mut Daemon,
    g: &Loaded,
    house: &str,
    who: &Newcomer<'_>,
    now: DateTime<Utc>,
    gm_lang: Lang,
) -> Result<GmOutcome, Error> {
    let Newcomer {
        name,
        address,
        language,
    } = *who;
    let (hid, key) = super::playing_house(g, house, GmRefusal::NeutralForGood)?;
    let seat = d.store.house(&g.row.id, &key)?.ok_or_else(|| {
        Error::from(GmRefusal::NoSeat {
            game: g.row.id.clone(),
            house: super::house_said(g, &key),
        })
    })?;
    // The new player reads the language given (else the seat's, in the game's script), in
    // Traditional characters when it says so; his script is then learnt from his mails.
    let (language, script) = match language {
        Some(l) if l.lang == Lang::En => (Language::En, Script::Simplified),
        Some(l) => (Language::Zh, Script::of(l.traditional())),
        None => (
            seat.language,
            Script::of(seat.language == Language::Zh && g.cfg.language.traditional()),
        ),
    };
    let lang = lang_of(language);
    let secret = random::new_secret()?;
    let salt = random::random_hex(8)?;
    let (_, log) = player_leaves(&g.state, hid, Leaving::Substitute);
    let sentence = |l: Lang| log_sentence(g, &log, l);
    let hname = |l: Lang| g.board.house(hid).name(l).to_string();
    let mut mails = notices(d, g, "replace", Some(&key), |l| {
        crate::words::seats::replaced(&hname(l), &sentence(l), name, l)
    })?;
    // The player who leaves hears it too (at the old address), without the new secret.
    let old = lang_of(seat.language);
    let (subject, body) = crate::words::seats::left(&g.row.id, &seat.player_name, &hname(old), old);
    mails.push(letters::letter(
        &d.sender,
        &letters::Reader::seat(&seat),
        subject,
        crate::words::cite::for_player(&body, old),
        &format!("gm:{}:{}:replaced:{key}", g.row.id, g.seq),
        None,
    )?);
    let what = crate::words::form::what_to_send_with_form(&g.board, &g.state, hid, None, lang);
    let step = letters::step_name(g.state.step, lang);
    let deadline = g.deadline_text(lang);
    let round = g.state.round;
    // The roster as it will be: every seat's player, this one's the newcomer.
    let mut roster: Vec<(crate::board::HouseId, String)> = d
        .store
        .houses(&g.row.id)?
        .into_iter()
        .filter_map(|h| {
            let id = g.house_id(&h.house)?;
            let player = if id == hid {
                name.to_string()
            } else {
                h.player_name
            };
            Some((id, player))
        })
        .collect();
    roster.sort_by_key(|(id, _)| *id);
    let gm = d.config.daemon.gm_address.as_deref();
    let sections = crate::words::welcome::sections(&g.board, &g.state, hid, &roster, gm, lang);
    let units = crate::words::welcome::units(&g.board, &g.state, hid, lang);
    let schedule = crate::words::deadlines::schedule_section(&g.schedule.describe(), lang);
    let (subject, body) = crate::words::seats::take_over(
        &crate::words::seats::TakeOver {
            game: &g.row.id,
            player: name,
            house: &hname(lang),
            secret: &secret,
            round,
            step: &step,
            deadline: &deadline,
            what: &what,
            units: &units,
            sections: &sections,
            schedule: &schedule,
        },
        lang,
    );
    // A player reads rule references as chapters and a few words of the rule.
    let body = crate::words::cite::for_player(&body, lang);
    let reader = letters::Reader {
        mailbox: Mailbox::new(name.to_string(), address.to_string()),
        script,
    };
    mails.push(
        letters::letter(
            &d.sender,
            &reader,
            subject,
            body.clone(),
            &format!("gm:{}:{}:welcome:{key}:{address}", g.row.id, g.seq),
            None,
        )?
        .secret_masked_when_sent(&body, &secret),
    );
    // And what he needs to catch up: the rounds so far, the last report, the open step.
    mails.push(super::catch_up::letter(
        d,
        g,
        hid,
        (name, &reader),
        lang,
        now,
    )?);
    let game = g.row.id.clone();
    let queued = mails.len();
    d.store.transaction(|tx| -> Result<(), StoreError> {
        tx.update_house_player(&game, &key, name, address, language)?;
        tx.set_house_script(&game, &key, script.is_traditional())?;
        tx.set_house_secret(&game, &key, &secret, &salt)?;
        for m in &mails {
            letters::queue(tx, Some(&game), m, None, now)?;
        }
        tx.append_audit(
            Some(&game),
            "gm",
            "replace",
            &format!(
                "{key}: {} <{}> replaced by {name} <{address}>",
                seat.player_name, seat.address
            ),
            now,
        )?;
        Ok(())
    })?;
    Ok(GmOutcome {
        summary: crate::words::gm_results::replaced(
            &house_for_gm(g, &key, gm_lang),
            name,
            address,
            gm_lang,
        ),
        queued,
        secret: Some(secret),
    })
}

pub(super) fn leave(
    d: &mut Daemon,
    g: &Loaded,
    house: &str,
    now: DateTime<Utc>,
    gm_lang: Lang,
) -> Result<GmOutcome, Error> {
    let (hid, key) = super::playing_house(g, house, GmRefusal::NeutralAlready)?;
    let (state, log) = player_leaves(&g.state, hid, Leaving::Neutral);
    let sentence = |l: Lang| log_sentence(g, &log, l);
    let hname = |l: Lang| g.board.house(hid).name(l).to_string();
    let mails = notices(d, g, "leave", None, |l| {
        crate::words::seats::neutral(&hname(l), &sentence(l), l)
    })?;
    let state_json = crate::daemon::stored::encode(&state)?;
    let log_json = serde_json::json!({ "gm": "leave", "house": key, "economy": log });
    let game = g.row.id.clone();
    let queued = mails.len();
    d.store.transaction(|tx| -> Result<(), StoreError> {
        tx.add_snapshot(&NewSnapshot {
            game_id: &game,
            round: state.round as u32,
            step: state.step.key(),
            after_seq: g.seq,
            state: &state_json,
            log: &log_json,
            created_at: now,
        })?;
        for m in &mails {
            letters::queue(tx, Some(&game), m, None, now)?;
        }
        tx.append_audit(
            Some(&game),
            "gm",
            "leave",
            &format!("{key} turned neutral (A-21)"),
            now,
        )?;
        Ok(())
    })?;
    Ok(GmOutcome {
        summary: crate::words::gm_results::left(&house_for_gm(g, &key, gm_lang), gm_lang),
        queued,
        secret: None,
    })
}
