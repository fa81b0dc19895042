//! Comparing a played round with the case's `[expect]`: only what is listed is checked, each
//! difference is one failure line.

use super::format::Outcome;
use super::format::{Expect, Mails, Scenario, ScenarioError, area, house, leader, units};
use super::play::Played;
use maester_board::{Board, HouseId, Lang};
use maester_lang::Names;
use maester_lang::submit::names;
use maester_rules::Track;
use maester_rules::log::{Defender, Event};
use maester_rules::round::endgame::GameResult;
use maester_rules::state::{GameState, LeaderStatus};
use maester_words::log as words;

fn hname(board: &Board, h: Option<HouseId>) -> String {
    h.map(|h| board.house(h).name(Lang::Zh).to_string())
        .unwrap_or_else(|| "nobody".into())
}

fn battles(board: &Board, log: &[Event]) -> Vec<String> {
    log.iter()
        .filter_map(|e| match e {
            Event::Battle(b) => {
                let winner = if b.attacker_won {
                    board.house(b.attacker).name(Lang::Zh).to_string()
                } else {
                    match b.defender {
                        Defender::House(h) => board.house(h).name(Lang::Zh).to_string(),
                        Defender::Neutral => "中立".to_string(),
                    }
                };
                Some(format!(
                    "{} {}:{} {}",
                    board.area(b.area).name_zh,
                    b.attack_total,
                    b.defence_total,
                    winner
                ))
            }
            _ => None,
        })
        .collect()
}

fn optional_house(board: &Board, names: &Names, s: &str) -> Result<Option<HouseId>, ScenarioError> {
    if s.trim().is_empty() {
        Ok(None)
    } else {
        house(board, names, s).map(Some)
    }
}

fn track_key(k: &str) -> Result<Track, ScenarioError> {
    match k.trim() {
        "iron_throne" | "铁王座" => Ok(Track::IronThrone),
        "fiefdoms" | "封邑" => Ok(Track::Fiefdoms),
        "kings_court" | "御前会议" => Ok(Track::KingsCourt),
        _ => Err(ScenarioError(format!(
            "expect.tracks {k:?}: iron_throne, fiefdoms or kings_court"
        ))),
    }
}

/// What every comparison reads: the board, its names, the expectations and the state where
/// the play stopped.
struct Cx<'a> {
    board: &'a Board,
    names: Names,
    ex: &'a Expect,
    end: &'a GameState,
}

/// Compare the played round with the expectations, one kind after the other.
pub fn check(
    board: &Board,
    sc: &Scenario,
    played: &Played,
    out: &mut Outcome,
) -> Result<(), ScenarioError> {
    let cx = Cx {
        board,
        names: names(board),
        ex: &sc.expect,
        end: &played.state,
    };
    let f = &mut out.failures;
    rejections(&cx, played, f)?;
    battles_fought(&cx, played, f);
    units_left(&cx, f)?;
    tokens_and_barrels(&cx, f)?;
    control_and_fortifications(&cx, f)?;
    temporary_ports(&cx, f)?;
    neutral_garrisons(&cx, f)?;
    leaders_resting(&cx, f)?;
    tracks(&cx, f)?;
    round_and_wildlings(&cx, f);
    winner_and_draw(&cx, f)?;
    log_in_order(&cx, out);
    notices_and_preview(&cx, played, out)?;
    Ok(())
}

/// `notices`: each house's secret notices say the words listed, in order; `preview`: the
/// public preview of the next rounds' events does.
fn notices_and_preview(cx: &Cx, played: &Played, out: &mut Outcome) -> Result<(), ScenarioError> {
    for (h, words) in &cx.ex.notices {
        let hid = house(cx.board, &cx.names, h)?;
        let text = super::history::notice_words(&played.notices, hid);
        in_order(&text, words, &format!("{h}'s notices"), &mut out.failures);
    }
    let preview = played.preview.join("\n");
    in_order(&preview, &cx.ex.preview, "the preview", &mut out.failures);
    Ok(())
}

/// `rejected`: each house listed had a submission refused with the word given (with a list:
/// exactly its refused mails, in order, one word each); no other house had one refused.
fn rejections(cx: &Cx, played: &Played, f: &mut Vec<String>) -> Result<(), ScenarioError> {
    let (board, names, ex) = (cx.board, &cx.names, cx.ex);
    for (h, refused) in &played.problems {
        let name = board.house(*h).name(Lang::Zh);
        let has = |mail: &[String], word: &str| mail.iter().any(|p| p.contains(word));
        let expected = ex
            .rejected
            .iter()
            .find(|(k, _)| house(board, names, k).ok() == Some(*h))
            .map(|(_, w)| w);
        match expected {
            Some(Mails::One(word)) if !refused.iter().any(|m| has(m, word)) => f.push(format!(
                "{name}'s submission should be rejected with {word:?}; got {refused:?}"
            )),
            Some(Mails::Many(words))
                if words.len() != refused.len()
                    || words.iter().zip(refused).any(|(w, m)| !has(m, w)) =>
            {
                f.push(format!(
                    "{name}'s refused mails should be, in order, {words:?}; got {refused:?}"
                ))
            }
            Some(_) => {}
            None if !refused.is_empty() => {
                f.push(format!("{name}'s submission is rejected: {refused:?}"))
            }
            None => {}
        }
    }
    for k in ex.rejected.keys() {
        let h = house(board, names, k)?;
        if !played.problems.contains_key(&h) {
            f.push(format!("{k} sent nothing that could be rejected"));
        }
    }
    Ok(())
}

/// `battles`: the battles in order, with both totals and the winner.
fn battles_fought(cx: &Cx, played: &Played, f: &mut Vec<String>) {
    if cx.ex.battles.is_empty() {
        return;
    }
    let want: Vec<String> = cx
        .ex
        .battles
        .iter()
        .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    let got = battles(cx.board, &played.military);
    if want != got {
        f.push(format!("battles: expected {want:?}, got {got:?}"));
    }
}

/// `units`: who stands in each area listed, with which units.
fn units_left(cx: &Cx, f: &mut Vec<String>) -> Result<(), ScenarioError> {
    let (board, names, end) = (cx.board, &cx.names, cx.end);
    for (a, want) in &cx.ex.units {
        let id = area(names, a)?;
        let got = match end.occupant(id) {
            Some(h) => format!(
                "{} {}",
                board.house(h).name(Lang::Zh),
                words::codes(
                    &end.area(id)
                        .units
                        .iter()
                        .map(|u| u.kind)
                        .collect::<Vec<_>>()
                )
            ),
            None => String::new(),
        };
        let want_norm = match want.split_once(' ') {
            Some((h, u)) => {
                let h = house(board, names, h)?;
                format!(
                    "{} {}",
                    board.house(h).name(Lang::Zh),
                    words::codes(&units(u)?)
                )
            }
            None if want.trim().is_empty() => String::new(),
            None => {
                return Err(ScenarioError(format!(
                    "expect.units {a:?}: write \"house 2F1K\" or \"\""
                )));
            }
        };
        if got != want_norm {
            f.push(format!("units in {a}: expected {want_norm:?}, got {got:?}"));
        }
    }
    Ok(())
}

/// `power` and `barrels`: each house's power tokens and supply.
fn tokens_and_barrels(cx: &Cx, f: &mut Vec<String>) -> Result<(), ScenarioError> {
    let (board, names, end) = (cx.board, &cx.names, cx.end);
    for (h, want) in &cx.ex.power {
        let got = end.house(house(board, names, h)?).power;
        if got != *want {
            f.push(format!("power of {h}: expected {want}, got {got}"));
        }
    }
    for (h, want) in &cx.ex.barrels {
        let got = end.house(house(board, names, h)?).barrels;
        if got != *want {
            f.push(format!("barrels of {h}: expected {want}, got {got}"));
        }
    }
    Ok(())
}

/// `control` and `fortifications`: the house controlling each area listed, the house whose
/// fortification stands there.
fn control_and_fortifications(cx: &Cx, f: &mut Vec<String>) -> Result<(), ScenarioError> {
    let (board, names, end) = (cx.board, &cx.names, cx.end);
    for (a, want) in &cx.ex.control {
        let id = area(names, a)?;
        let got = end.controller(board, id);
        let want_id = optional_house(board, names, want)?;
        if got != want_id {
            f.push(format!(
                "control of {a}: expected {}, got {}",
                hname(board, want_id),
                hname(board, got)
            ));
        }
    }
    for (a, want) in &cx.ex.fortifications {
        let id = area(names, a)?;
        let got = end.area(id).fortification;
        let want_id = optional_house(board, names, want)?;
        if got != want_id {
            f.push(format!(
                "fortification in {a}: expected {}, got {}",
                hname(board, want_id),
                hname(board, got)
            ));
        }
    }
    Ok(())
}

/// `ports`: the temporary port built for each area listed (or none).
fn temporary_ports(cx: &Cx, f: &mut Vec<String>) -> Result<(), ScenarioError> {
    let (board, names, end) = (cx.board, &cx.names, cx.end);
    for (a, want) in &cx.ex.ports {
        let id = area(names, a)?;
        let got: Vec<String> = board
            .area(id)
            .ports
            .iter()
            .filter(|p| board.area(**p).temporary)
            .filter_map(|p| end.area(*p).port_built)
            .map(|s| board.area(s).name_zh.clone())
            .collect();
        let want_norm = if want.trim().is_empty() {
            Vec::new()
        } else {
            vec![board.area(area(names, want)?).name_zh.clone()]
        };
        if got != want_norm {
            f.push(format!(
                "temporary port of {a}: expected {want_norm:?}, got {got:?}"
            ));
        }
    }
    Ok(())
}

/// `neutral`: the strength of the neutral garrison left in each area listed.
fn neutral_garrisons(cx: &Cx, f: &mut Vec<String>) -> Result<(), ScenarioError> {
    for (a, want) in &cx.ex.neutral {
        let got = cx.end.area(area(&cx.names, a)?).neutral.unwrap_or(0);
        if got != *want {
            f.push(format!(
                "neutral garrison in {a}: expected {want}, got {got}"
            ));
        }
    }
    Ok(())
}

/// `leaders`: whether each leader listed rests or is available.
fn leaders_resting(cx: &Cx, f: &mut Vec<String>) -> Result<(), ScenarioError> {
    for (l, want) in &cx.ex.leaders {
        let id = leader(&cx.names, l)?;
        let h = cx.board.leader(id).house;
        let resting = cx
            .end
            .house(h)
            .leaders
            .iter()
            .any(|(x, s)| *x == id && matches!(s, LeaderStatus::Resting { .. }));
        let want_resting = match want.trim() {
            "休养" | "resting" => true,
            "可用" | "available" => false,
            _ => {
                return Err(ScenarioError(format!(
                    "expect.leaders {l:?}: write \"休养\" or \"可用\""
                )));
            }
        };
        if resting != want_resting {
            f.push(format!(
                "leader {l}: expected {want}, got {}",
                if resting { "休养" } else { "可用" }
            ));
        }
    }
    Ok(())
}

/// `tracks`: the order of each influence track listed.
fn tracks(cx: &Cx, f: &mut Vec<String>) -> Result<(), ScenarioError> {
    let board = cx.board;
    for (k, want) in &cx.ex.tracks {
        let t = track_key(k)?;
        let want: Vec<HouseId> = want
            .iter()
            .map(|h| house(board, &cx.names, h))
            .collect::<Result<_, _>>()?;
        let got = &cx.end.tracks[t as usize];
        if *got != want {
            let show = |v: &[HouseId]| {
                v.iter()
                    .map(|h| board.house(*h).name(Lang::Zh).to_string())
                    .collect::<Vec<_>>()
            };
            f.push(format!(
                "track {k}: expected {:?}, got {:?}",
                show(&want),
                show(got)
            ));
        }
    }
    Ok(())
}

/// `wildlings` and `round`: the wildling threat and the round number at the end.
fn round_and_wildlings(cx: &Cx, f: &mut Vec<String>) {
    let (ex, end) = (cx.ex, cx.end);
    if let Some(w) = ex.wildlings
        && end.wildlings != w
    {
        f.push(format!("wildlings: expected {w}, got {}", end.wildlings));
    }
    if let Some(r) = ex.round
        && end.round != r
    {
        f.push(format!("round: expected {r}, got {}", end.round));
    }
}

/// `winner` and `draw`: how the game ended.
fn winner_and_draw(cx: &Cx, f: &mut Vec<String>) -> Result<(), ScenarioError> {
    let (board, names, ex, end) = (cx.board, &cx.names, cx.ex, cx.end);
    if let Some(w) = &ex.winner {
        let want = house(board, names, w)?;
        if end.winner != Some(want) {
            f.push(format!(
                "winner: expected {w}, got {}",
                hname(board, end.winner)
            ));
        }
    }
    if !ex.draw.is_empty() {
        let mut want: Vec<HouseId> = ex
            .draw
            .iter()
            .map(|h| house(board, names, h))
            .collect::<Result<_, _>>()?;
        want.sort();
        let got = match &end.economy.result {
            Some(GameResult::Draw { houses }) => {
                let mut v = houses.clone();
                v.sort();
                Some(v)
            }
            _ => None,
        };
        if got.as_ref() != Some(&want) {
            f.push(format!(
                "draw: expected between {:?}, got {:?}",
                ex.draw, end.economy.result
            ));
        }
    }
    Ok(())
}

/// `log`: each text appears in the log, in the order listed.
fn log_in_order(cx: &Cx, out: &mut Outcome) {
    let whole = out.log.join("\n");
    let mut from = 0;
    for w in &cx.ex.log {
        match whole[from..].find(w.as_str()) {
            Some(i) => from += i + w.len(),
            None => out
                .failures
                .push(format!("the log does not say {w:?} (in order)")),
        }
    }
}

/// Each word must be found in `text` after the one before it.
fn in_order(text: &str, words: &[String], what: &str, failures: &mut Vec<String>) {
    let mut from = 0;
    for w in words {
        match text[from..].find(w.as_str()) {
            Some(i) => from += i + w.len(),
            None => failures.push(format!("{what} do not say {w:?} (in order): {text:?}")),
        }
    }
}
