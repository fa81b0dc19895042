//! The two answers intake writes from whole pieces: the reply template for a registered
//! player's mail (threaded, in Traditional when the mail was written in it or the seat reads
//! it), and the answer to a mail over the size limit.

use super::{Outcome, plain_reply, reply_to};
use crate::board::Lang;
use crate::daemon::Daemon;
use crate::daemon::games::Loaded;
use crate::daemon::letters::{self, ReplyContext};
use crate::error::Error;
use crate::mail::DecodedMail;
use crate::store::Mail;
use crate::words::hant::Script;

/// A player's mail over the size limit, kept only as a stub: it changes nothing, and the
/// player is told why and what to send instead.
pub(super) fn too_large(
    d: &Daemon,
    m: &Mail,
    mail: &DecodedMail,
    seat: &crate::store::House,
    size: u64,
) -> Result<Outcome, Error> {
    let limit = d.config.daemon.max_mail_bytes;
    let kb = |n: u64| n.div_ceil(1024);
    let lang = match seat.language {
        crate::store::Language::En => Lang::En,
        crate::store::Language::Zh => Lang::Zh,
    };
    let reply = plain_reply(
        d,
        mail,
        m,
        (lang, letters::Reader::seat(seat).script),
        crate::words::whole_mail::too_large(&seat.player_name, kb(size), kb(limit), Lang::Zh),
        crate::words::whole_mail::too_large(&seat.player_name, kb(size), kb(limit), Lang::En),
    )?;
    Ok(Outcome::Answered {
        outcome: format!(
            "{} read: too large ({size} bytes): answered, nothing read",
            crate::daemon::guard::NO_SECRET
        ),
        reply,
        game: Some(seat.game_id.clone()),
        house: Some(seat.house.clone()),
        submission: None,
        secret: None,
        policy: Vec::new(),
        script: None,
        proven: false,
    })
}

/// The answer to a registered player's mail: the reply template, a subject saying whether
/// it was received, threaded on the player's mail.
pub(super) fn answer_letter(
    d: &Daemon,
    g: &Loaded,
    seat: &crate::store::House,
    m: &Mail,
    mail: &DecodedMail,
    ctx: &ReplyContext,
    lang: Lang,
) -> Result<letters::Letter, Error> {
    let text = g
        .templates
        .render("reply", lang, ctx)
        .map_err(Error::Template)?;
    // A player reads rule references as chapters and a few words of the rule.
    let text = crate::words::cite::for_player(&text, lang);
    // Traditional Chinese in, Traditional Chinese out: the script of this mail, else the one
    // the seat is known to read.
    let to = letters::Reader::seat(seat);
    let to = match super::script_of(&mail.body) {
        Some(t) if lang == Lang::Zh => to.in_script(Script::of(t)),
        _ => to,
    };
    use crate::words::answers::Verdict;
    let verdict = if !ctx.closed.is_empty() {
        Verdict::TooLate
    } else if !ctx.status.is_empty() {
        Verdict::Status
    } else if ctx.accepted {
        Verdict::Received
    } else {
        Verdict::NotAccepted
    };
    let subject =
        crate::words::answers::answer_subject(lang, &seat.game_id, verdict, &mail.subject);
    let rt = reply_to(mail);
    letters::answer(
        &d.sender,
        &to,
        subject,
        text,
        &format!("reply:{}", m.mail_key),
        rt.as_ref().map(|(a, b)| (a.as_str(), b.as_slice())),
    )
}
