//! The substitute's catch-up (`replace`): one mail beside his welcome with the rounds so far
//! for his house (per round its castles, power and supply and the standings; the battles it
//! fought), the last report his house was sent (built again in his language and script from
//! the close the store keeps; the stored one, as `resend` finds it, when it cannot be), the
//! open step's form and deadline with the step's calendar event, and the house's picture and
//! the whole board as they stand.

use crate::board::{HouseId, Lang};
use crate::daemon::Daemon;
use crate::daemon::games::Loaded;
use crate::daemon::letters::{self, Letter};
use crate::error::Error;
use crate::mail::Attachment;
use crate::rules::log::{Defender, Event};
use crate::words::catch_up as w;
use crate::words::hant::Script;
use chrono::{DateTime, Utc};
use std::collections::BTreeMap;

/// The catch-up for the new player of `hid`, who reads `lang` (as `reader`).
pub(super) fn letter(
    d: &Daemon,
    g: &Loaded,
    hid: HouseId,
    (player, reader): (&str, &letters::Reader),
    lang: Lang,
    now: DateTime<Utc>,
) -> Result<Letter, Error> {
    let steps = crate::daemon::publish::steps(d, g, lang)?;
    let house = g.board.house(hid);
    // The state after each round's last close, and every battle the house fought.
    let mut after: BTreeMap<u8, &crate::rules::GameState> = BTreeMap::new();
    let mut battles = Vec::new();
    for s in &steps {
        after.insert(s.round(), &s.after);
        for e in &s.events {
            let Event::Battle(b) = e else { continue };
            let attacked = b.attacker == hid;
            let foe = match (attacked, b.defender) {
                (true, Defender::House(h)) => Some(g.board.house(h).name(lang)),
                (true, Defender::Neutral) => None,
                (false, Defender::House(h)) if h == hid => {
                    Some(g.board.house(b.attacker).name(lang))
                }
                (false, _) => continue,
            };
            battles.push(w::battle_line(
                s.round(),
                g.board.area(b.area).name(lang),
                foe,
                attacked,
                b.attacker_won == attacked,
                lang,
            ));
        }
    }
    // Only the rounds that have ended (a round still open has no standings of its end).
    let rounds: Vec<String> = after
        .iter()
        .filter(|(round, state)| {
            state.round > **round || state.step == crate::rules::Step::Finished
        })
        .map(|(round, state)| {
            let v = crate::words::view::view(&g.board, state, lang);
            let mut standings: Vec<(String, usize)> = v
                .houses
                .iter()
                .filter(|h| !h.neutral)
                .map(|h| (h.name.clone(), h.castles))
                .collect();
            standings.sort_by_key(|s| std::cmp::Reverse(s.1));
            let mine = v.houses.iter().find(|h| h.key == house.key);
            w::round_line(
                &w::RoundLine {
                    round: *round,
                    castles: mine.map_or(0, |h| h.castles),
                    power: mine.map_or(0, |h| h.power),
                    supply: mine.map_or(0, |h| h.barrels),
                    standings: &standings,
                },
                lang,
            )
        })
        .collect();
    let (report, rebuilt) = last_report(d, g, hid, &steps, lang)?;
    let event = match (g.row.deadline, g.row.status) {
        (Some(deadline), crate::store::GameStatus::Running) => Some(letters::DeadlineEvent {
            game: g.row.id.clone(),
            round: g.state.round,
            step: g.state.step,
            deadline,
            sequence: letters::calendar_sequence(g.row.created_at, g.row.updated_at),
            stamp: now,
            cancelled: false,
        }),
        _ => None,
    };
    let mut files: Vec<Attachment> = Vec::new();
    if g.cfg.report_map {
        match pictures(g, hid, &steps, lang, reader.script) {
            Ok(mut p) => files.append(&mut p),
            Err(e) => tracing::warn!(game = %g.row.id, "the catch-up's pictures: {e}"),
        }
    }
    let pictures = !files.is_empty();
    files.extend(event.as_ref().map(|e| e.attachment(lang, reader.script)));
    let what = crate::words::form::what_to_send_with_form(&g.board, &g.state, hid, None, lang);
    let (subject, text) = w::catch_up(
        &w::CatchUp {
            game: &g.row.id,
            player,
            house: house.name(lang),
            rounds: &rounds,
            battles: &battles,
            report: report.as_deref(),
            rebuilt,
            round: g.state.round,
            step: &letters::step_name(g.state.step, lang),
            deadline: &g.deadline_text(lang),
            what: &what,
            pictures,
            event: event.is_some(),
        },
        lang,
    );
    let text = crate::words::cite::for_player(&text, lang);
    letters::letter_with_files(
        &d.sender,
        reader,
        (subject, text),
        files,
        &format!(
            "gm:{}:{}:catch-up:{}:{}",
            g.row.id, g.seq, house.key, reader.mailbox.addr
        ),
    )
}

/// The newest report the house was sent (none before the first close): built again in `lang`
/// from the close the store keeps (`true`), else its stored text as the predecessor received
/// it (`false`; none when the store no longer has it either).
fn last_report(
    d: &Daemon,
    g: &Loaded,
    hid: HouseId,
    steps: &[crate::publish::Step],
    lang: Lang,
) -> Result<(Option<String>, bool), Error> {
    let id = g.row.id.as_str();
    let marks = d.store.snapshot_marks(id)?;
    let Some(seq) = super::history::report_seq(&marks, None) else {
        return Ok((None, false));
    };
    let again = steps
        .iter()
        .find(|s| s.seq == seq)
        .and_then(|s| crate::daemon::house_report::rebuilt(g, s, hid, lang));
    if let Some(text) = again {
        return Ok((Some(text), true));
    }
    let key = &g.board.house(hid).key;
    let mid = crate::mail::new_message_id(
        &d.sender.domain,
        format!("report:{id}:{seq}:{key}").as_bytes(),
    );
    Ok((
        d.store
            .outgoing_by_message_id(&mid)?
            .map(|o| crate::mail::decode(&o.raw).body)
            .filter(|b| !b.trim().is_empty()),
        false,
    ))
}

/// The house's picture and the whole board as they stand, with the last close's arrows.
fn pictures(
    g: &Loaded,
    hid: HouseId,
    steps: &[crate::publish::Step],
    lang: Lang,
    script: Script,
) -> Result<Vec<Attachment>, crate::map::MapError> {
    let deadline = g.row.deadline.map(|t| g.at(t, lang)).unwrap_or_default();
    let log = steps.last().map(|s| s.events.clone()).unwrap_or_default();
    let input = crate::map::MapInput {
        board: &g.board,
        state: &g.state,
        log: &log,
        lang,
        script,
        deadline: &deadline,
        reported: "",
        reported_round: 0,
    };
    let painted = crate::map::paint(&input)?;
    let png = |filename: String, bytes: Vec<u8>| Attachment {
        filename,
        content_type: "image/png".to_string(),
        bytes,
    };
    let key = &g.board.house(hid).key;
    Ok(vec![
        png(
            format!("{}-{key}.png", g.row.id),
            painted.house_png(&input, hid)?,
        ),
        png(format!("{}-board.png", g.row.id), painted.png()?),
    ])
}
