//! `maester status`: the state of a game as text or as the stable JSON view, with who has
//! sent the open step's orders and who is awaited.

use super::{Daemon, games, gm, letters, mailbox, picture};
use crate::error::Error;

/// The state of a game as text or as the stable JSON view (`maester status`), in `lang` or,
/// when `None`, the game's language. A store that `run` would refuse as damaged
/// (`Daemon::store_damage`) is said first — the text's first line, the JSON's `damaged` — and a
/// game that cannot be read from it is that error.
pub fn show(
    d: &Daemon,
    game: Option<&str>,
    json: bool,
    lang: Option<crate::board::Lang>,
) -> Result<String, Error> {
    let damaged = match d.store_damage() {
        Ok(found) => found,
        Err(e) if super::damage::is_storage_error(&e) => Some(e.to_string()),
        Err(e) => return Err(e),
    };
    let id = picture::game_id(d, game)?;
    let g = match (games::load(d, &id), &damaged) {
        (Ok(g), _) => g,
        (Err(_), Some(found)) => return Err(Error::StoreDamaged(found.clone())),
        (Err(e), None) => return Err(e),
    };
    let lang = lang.unwrap_or(g.cfg.language.lang);
    let v = crate::words::view::view(&g.board, &g.state, lang);
    let who = gm::sent_and_missing(d, &g)?;
    let (sent, waiting_for): (Vec<_>, Vec<_>) = who.into_iter().partition(|(_, t)| t.is_some());
    let sent: Vec<String> = sent.into_iter().map(|(h, _)| h).collect();
    let waiting_for: Vec<String> = waiting_for.into_iter().map(|(h, _)| h).collect();
    let policy = gm::policy::view(d, &g)?;
    let bounces = mailbox::recent_bounces(d, &id)?;
    if json {
        #[derive(serde::Serialize)]
        struct Status<'a> {
            /// What `maester run` found damaged in the store (it refuses to run on it).
            #[serde(skip_serializing_if = "Option::is_none")]
            damaged: Option<String>,
            game: &'a str,
            status: String,
            deadline: Option<String>,
            /// The houses asked something in the open step that have sent it.
            sent: Vec<String>,
            /// The houses asked something in the open step that have not sent it yet.
            waiting_for: Vec<String>,
            /// Maester's mails that bounced in the last 7 days: "address (status)".
            bounces: Vec<String>,
            /// Each house's silent steps (asked, sent nothing, its defaults taken), by key.
            silent_steps: std::collections::BTreeMap<String, SilentSteps>,
            /// The houses whose seat wants a substitute (`gm seat-open`), by key.
            seats_wanted: Vec<String>,
            #[serde(flatten)]
            policy: gm::policy::PolicyView,
            #[serde(flatten)]
            view: crate::words::view::StateView,
        }
        #[derive(serde::Serialize)]
        struct SilentSteps {
            /// Every step closed with the house silent.
            total: u32,
            /// Its current run.
            in_a_row: u32,
        }
        let silent_steps = super::silence::of_game(d, &g)?
            .into_iter()
            .map(|(h, s)| {
                let steps = SilentSteps {
                    total: s.total,
                    in_a_row: s.in_a_row,
                };
                (g.board.house(h).key.clone(), steps)
            })
            .collect();
        let seats_wanted = super::wanted::houses(d, &g)?
            .into_iter()
            .map(|h| g.board.house(h).key.clone())
            .collect();
        let s = Status {
            damaged: damaged.clone(),
            seats_wanted,
            game: &id,
            status: format!("{:?}", g.row.status).to_lowercase(),
            deadline: g.row.deadline.map(|t| t.to_rfc3339()),
            sent,
            waiting_for,
            policy,
            bounces: bounces.clone(),
            silent_steps,
            view: v,
        };
        return serde_json::to_string_pretty(&s)
            .map(|t| t + "\n")
            .map_err(Error::from);
    }
    let mut out = String::new();
    if let Some(found) = &damaged {
        out.push_str(&format!(
            "WARNING: {}; `maester run` refuses to run on it. What follows was read from it.\n",
            Error::StoreDamaged(found.clone())
        ));
    }
    let step = letters::step_name(g.state.step, lang);
    let deadline = g.deadline_text(lang);
    let policy = gm::policy::lines_in(&policy, Some(&g), lang);
    let map_command = format!("maester map --game {id} --out map.png");
    let head = crate::words::status_text::StatusHead {
        game: &id,
        paused: g.row.status == crate::store::GameStatus::Paused,
        round: g.state.round,
        step: &step,
        deadline: &deadline,
        sent: &sent,
        waiting: &waiting_for,
        policy: &policy,
        bounces: &bounces,
        map_command: &map_command,
    };
    out.push_str(&crate::words::status_text::status_text(&head, &v, lang));
    Ok(out)
}
