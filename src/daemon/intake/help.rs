//! A mail whose only line is `帮助` / `help` / `幫助` (a secret beside it is allowed): answered
//! with the player's guide for the open step, and nothing else changes. The guide is public, so
//! a mail without the secret gets it too; what the house itself must send (its areas, its
//! units) is added only when the secret is right.

use super::{Outcome, reply_to};
use crate::board::{HouseId, Lang};
use crate::daemon::Daemon;
use crate::daemon::letters;
use crate::daemon::loaded::Loaded;
use crate::error::Error;
use crate::lang::submit::{Command, ParsedMail};
use crate::mail::DecodedMail;
use crate::mail::Mailbox;
use crate::store::Mail;
use crate::words::hant::Script;

/// Whether the mail asks only for help: every line read is `帮助` (or the secret).
pub(super) fn only_help(parsed: &ParsedMail) -> bool {
    !parsed.commands.is_empty()
        && parsed.commands.iter().all(|c| *c == Command::Help)
        && parsed.errors.is_empty()
        && parsed.submission.is_none()
        && parsed.partial.is_none()
        && !parsed.pass
        && parsed.order_lines.is_empty()
}

/// What a help mail comes to.
pub(super) struct Asked<'a> {
    pub g: &'a Loaded,
    pub seat: &'a crate::store::House,
    pub house: HouseId,
    pub lang: Lang,
    /// The secret was given and is right.
    pub secret_ok: bool,
}

/// The answer to a help mail.
pub(super) fn answer(
    d: &Daemon,
    m: &Mail,
    mail: &DecodedMail,
    parsed: &ParsedMail,
    a: Asked,
) -> Result<Outcome, Error> {
    let Asked {
        g,
        seat,
        house,
        lang,
        secret_ok,
    } = a;
    let own = secret_ok.then(|| {
        let asked = crate::words::asks::what_is_asked(&g.board, &g.state, house, lang);
        let form = crate::words::form::text(&g.board, &g.state, house, None, lang);
        [asked.trim_end(), form.trim_end()]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join("\n\n")
    });
    let house_name = g.board.house(house).name(lang).to_string();
    let deadline = g.deadline_text(lang);
    let text = crate::words::guide::help_mail(
        &crate::words::guide::HelpMail {
            player: &seat.player_name,
            house: &house_name,
            step: g.state.step,
            own,
            deadline: &deadline,
            one_time_orders: !g.state.one_time.is_off(),
        },
        lang,
    );
    let text = crate::words::cite::for_player(&text, lang);
    // Traditional in (幫助), Traditional out; else the script the seat reads.
    let script = match super::script_of(&mail.body) {
        Some(t) if lang == Lang::Zh => Script::of(t),
        _ => letters::Reader::seat(seat).script,
    };
    let reply = match mail.from_addr.clone() {
        None => None,
        Some(addr) => {
            let to = letters::Reader {
                mailbox: Mailbox::new(mail.from_name.clone().unwrap_or_default(), addr),
                script,
            };
            let rt = reply_to(mail);
            Some(letters::answer(
                &d.sender,
                &to,
                crate::words::guide::help_subject(lang, &seat.game_id),
                text,
                &format!("reply:{}", m.mail_key),
                rt.as_ref().map(|(a, b)| (a.as_str(), b.as_slice())),
            )?)
        }
    };
    Ok(Outcome::Answered {
        outcome: if secret_ok {
            "account command answered: help, the guide sent".into()
        } else {
            format!(
                "{}: account command answered: help, the guide sent",
                crate::daemon::guard::NO_SECRET
            )
        },
        reply,
        game: Some(seat.game_id.clone()),
        house: Some(seat.house.clone()),
        submission: None,
        secret: parsed.secret.clone(),
        policy: Vec::new(),
        script: None,
        proven: secret_ok,
    })
}
