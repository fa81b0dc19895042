//! Seats: a substitute takes over a house (004:L492), or the house turns neutral when its
//! player leaves with no substitute.

use super::{GmOutcome, house_of, lang_of, log_sentence, notices};
use crate::board::Lang;
use crate::daemon::Daemon;
use crate::daemon::games::{self, Loaded};
use crate::daemon::letters;
use crate::error::Error;
use crate::mail::Mailbox;
use crate::rules::round::endgame::{Leaving, player_leaves};
use crate::store::{Language, NewSnapshot, StoreError};
use chrono::{DateTime, Utc};

pub(super) fn replace(
    d: &mut Daemon,
    g: &Loaded,
    house: &str,
    name: &str,
    address: &str,
    language: Option<Lang>,
    now: DateTime<Utc>,
) -> Result<GmOutcome, Error> {
    let hid = house_of(g, house)?;
    let key = g.board.house(hid).key.clone();
    if g.state.house(hid).neutral {
        return Err(Error::Refused(format!(
            "{key} has turned neutral (its player left): a neutral house cannot be given back"
        )));
    }
    let seat = d
        .store
        .house(&g.row.id, &key)?
        .ok_or(Error::Refused(format!(
            "game {} has no seat {key}",
            g.row.id
        )))?;
    let language = match language {
        Some(Lang::En) => Language::En,
        Some(Lang::Zh) => Language::Zh,
        None => seat.language,
    };
    let lang = lang_of(language);
    let secret = games::new_secret()?;
    let salt = games::random_hex(8)?;
    let (_, log) = player_leaves(&g.state, hid, Leaving::Substitute);
    let sentence = |l: Lang| log_sentence(g, &log, l);
    let hname = |l: Lang| g.board.house(hid).name(l).to_string();
    let mut mails = notices(d, g, "replace", Some(&key), |l| match l {
        Lang::Zh => (
            format!("{}换了玩家", hname(l)),
            format!(
                "GM通知:{}。新玩家:{name}。\n\n—— maester 自动裁判",
                sentence(l)
            ),
        ),
        Lang::En => (
            format!("{} has a new player", hname(l)),
            format!(
                "From the GM: {}. The new player: {name}.\n\n-- maester, the automatic referee",
                sentence(l)
            ),
        ),
    })?;
    // The player who leaves hears it too (at the old address), without the new secret.
    mails.push(letters::letter(
        &d.sender,
        &Mailbox::new(seat.player_name.clone(), seat.address.clone()),
        match lang_of(seat.language) {
            Lang::Zh => format!("[{}] 你已离开游戏", g.row.id),
            Lang::En => format!("[{}] You have left the game", g.row.id),
        },
        match lang_of(seat.language) {
            Lang::Zh => format!(
                "{}你好,\n\nGM安排了替补玩家接手{}。你的密码已经失效。谢谢你参加本局!\n\n—— maester 自动裁判",
                seat.player_name,
                hname(Lang::Zh)
            ),
            Lang::En => format!(
                "Hello {},\n\nThe GM has seated a substitute for {}. Your secret no longer works. Thank you for playing!\n\n-- maester, the automatic referee",
                seat.player_name,
                hname(Lang::En)
            ),
        },
        &format!("gm:{}:{}:replaced:{key}", g.row.id, g.seq),
        None,
    )?);
    let what = crate::words::asks::what_to_send(&g.board, &g.state, hid, lang);
    let step = letters::step_name(g.state.step, lang);
    let deadline = g.deadline_text(lang);
    let round = g.state.round;
    let (subject, body) = match lang {
        Lang::Zh => (
            format!("[{}] 欢迎接手{}", g.row.id, hname(lang)),
            format!(
                "{name}你好,\n\n你接手游戏 {} 中的{}。\n你的密码是:{secret}\n每封命令邮件都要写上一行「密码: {secret}」,并且从这个邮箱地址发出。请不要把密码告诉别人。\n\n现在是第{round}回合{step},截止时间 {deadline}。\n{what}\n发送 STATUS 可以查看局面。\n\n—— maester 自动裁判",
                g.row.id,
                hname(lang)
            ),
        ),
        Lang::En => (
            format!("[{}] Welcome: you take over {}", g.row.id, hname(lang)),
            format!(
                "Hello {name},\n\nYou take over {} in game {}.\nYour secret is: {secret}\nPut a line \"secret: {secret}\" in every order mail, and send it from this address. Keep the secret to yourself.\n\nRound {round}, {step} is open until {deadline}.\n{what}\nSend STATUS to see the position.\n\n-- maester, the automatic referee",
                hname(lang),
                g.row.id
            ),
        ),
    };
    mails.push(
        letters::letter(
            &d.sender,
            &Mailbox::new(name.to_string(), address.to_string()),
            subject,
            body.clone(),
            &format!("gm:{}:{}:welcome:{key}:{address}", g.row.id, g.seq),
            None,
        )?
        .secret_masked_when_sent(&body, &secret),
    );
    let game = g.row.id.clone();
    let queued = mails.len();
    d.store.transaction(|tx| -> Result<(), StoreError> {
        tx.update_house_player(&game, &key, name, address, language)?;
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
        summary: format!("{key} is now played by {name} <{address}>"),
        queued,
        secret: Some(secret),
    })
}

pub(super) fn leave(
    d: &mut Daemon,
    g: &Loaded,
    house: &str,
    now: DateTime<Utc>,
) -> Result<GmOutcome, Error> {
    let hid = house_of(g, house)?;
    let key = g.board.house(hid).key.clone();
    if g.state.house(hid).neutral {
        return Err(Error::Refused(format!("{key} is neutral already")));
    }
    let (state, log) = player_leaves(&g.state, hid, Leaving::Neutral);
    let sentence = |l: Lang| log_sentence(g, &log, l);
    let hname = |l: Lang| g.board.house(hid).name(l).to_string();
    let mails = notices(d, g, "leave", None, |l| match l {
        Lang::Zh => (
            format!("{}转为中立", hname(l)),
            format!(
                "GM通知:{}。\n与它交战按中立家族的规则:只计它的部队、城堡和工事,平局算进攻方胜,被击败的部队不能撤退;它出价为0。\n\n—— maester 自动裁判",
                sentence(l)
            ),
        ),
        Lang::En => (
            format!("{} turns neutral", hname(l)),
            format!(
                "From the GM: {}.\nIt is fought as a neutral force: only its units, castle and fortification count, a tie goes to the attacker, beaten units cannot retreat; it bids 0.\n\n-- maester, the automatic referee",
                sentence(l)
            ),
        ),
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
        summary: format!("{key} has turned neutral"),
        queued,
        secret: None,
    })
}
