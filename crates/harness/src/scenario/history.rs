//! What a case may state about earlier and later rounds: Winter is Coming in a draw
//! (004:L2434, L2444–L2448), the next round's draw (whose secret notices the case can check),
//! the one-time orders already used (004:L2502, L2516, L2532), and the public three-round
//! preview (004:L2632) a case can check.

use super::cards::event;
use super::format::{Scenario, ScenarioError, house};
use maester_board::{Board, Lang};
use maester_lang::Names;
use maester_rules::GameState;
use maester_rules::event_phase::events::{Category, CategoryDraw, EventCard, RoundEvents};
use maester_rules::event_phase::{AdvanceNotice, public_preview};
use maester_rules::optional::one_time::{OneTimeKind, Used};
use maester_words::Named;
use maester_words::event_text::{NoticeText, preview_lines};

/// The words that mark a draw as Winter is Coming, in front of the card.
const WINTER: [&str; 3] = ["凛冬将至", "winter is coming", "winteriscoming"];

/// An event of a draw, optionally after 凛冬将至 (`"凛冬将至 诸王争霸"`,
/// `"Winter is Coming: Clash of Kings"`): the category, the card and whether Winter is Coming
/// came with it (the category's cycle restarts, 004:L2446).
pub fn draw(s: &str) -> Result<(Category, EventCard, bool), ScenarioError> {
    let t = s.trim();
    let lower = t.to_lowercase();
    for w in WINTER {
        if let Some(rest) = lower.strip_prefix(w) {
            let rest = &t[t.len() - rest.len()..];
            let rest = rest.trim_start_matches([' ', ':', ':', ',', ',', '+', '、']);
            let (c, card) = event(rest)?;
            return Ok((c, card, true));
        }
    }
    let (c, card) = event(t)?;
    Ok((c, card, false))
}

/// A whole round's draw from the names listed (one per category at most); a category not
/// listed holds 盛夏之末, which changes nothing there.
pub fn round_draw(
    list: &[String],
    one_time_orders: bool,
) -> Result<([CategoryDraw; 3], [bool; 3]), ScenarioError> {
    let mut listed: [Option<(EventCard, bool)>; 3] = [None; 3];
    for e in list {
        let (c, card, winter) = draw(e)?;
        if card.is_chooser() && !one_time_orders {
            return Err(ScenarioError(format!(
                "{e:?} is an optional chooser event (004:L2638): set [setup] rules = {{ one_time_orders = true }}"
            )));
        }
        if listed[c as usize].replace((card, winter)).is_some() {
            return Err(ScenarioError(format!(
                "two events of the same category: {}",
                c.name(Lang::Zh)
            )));
        }
    }
    let draws = listed.map(|x| CategoryDraw {
        winter: x.is_some_and(|(_, w)| w),
        card: x.map_or(EventCard::LastDaysOfSummer, |(c, _)| c),
        chosen: None,
    });
    Ok((draws, listed.map(|x| x.is_some())))
}

/// The next round's draw of `[setup] next_events`, if the case gives one.
pub fn next_round(sc: &Scenario, round: u8) -> Result<Option<RoundEvents>, ScenarioError> {
    if sc.setup.next_events.is_empty() {
        return Ok(None);
    }
    let (draws, _) = round_draw(&sc.setup.next_events, sc.setup.rules.one_time_orders)?;
    let attack = draws[Category::Military as usize].card == EventCard::WildlingAttack;
    Ok(Some(RoundEvents {
        round: round.saturating_add(1),
        draws,
        wildling_penalty: attack
            .then_some(maester_rules::event_phase::wildlings::PenaltyKind::Disband),
    }))
}

fn one_time_kind(s: &str) -> Result<OneTimeKind, ScenarioError> {
    match s.trim().to_lowercase().as_str() {
        "招募" | "recruit" => Ok(OneTimeKind::Recruit),
        "补给车" | "supply caravan" | "caravan" => Ok(OneTimeKind::SupplyCaravan),
        "强行军" | "forced march" => Ok(OneTimeKind::ForcedMarch),
        "浮桥" | "pontoon" => Ok(OneTimeKind::Pontoon),
        _ => Err(ScenarioError(format!(
            "one-time order {s:?}: write 招募, 补给车, 强行军 or 浮桥"
        ))),
    }
}

/// Record `[setup] one_time_used`: each house's one-time orders placed in an earlier round
/// (the round before this one), used up for the rest of the game (004:L2502, L2516, L2532).
pub fn mark_used(
    sc: &Scenario,
    board: &Board,
    names: &Names,
    s: &mut GameState,
) -> Result<(), ScenarioError> {
    let used = &sc.setup.one_time_used;
    if used.is_empty() {
        return Ok(());
    }
    if !sc.setup.rules.one_time_orders {
        return Err(ScenarioError(
            "one_time_used needs the optional rule: rules = { one_time_orders = true }".into(),
        ));
    }
    if s.round < 2 {
        return Err(ScenarioError(
            "one_time_used: orders used in an earlier round need round 2 or more".into(),
        ));
    }
    for (h, kinds) in used {
        let house = house(board, names, h)?;
        for k in kinds {
            s.one_time.used.push(Used {
                house,
                kind: one_time_kind(k)?,
                round: s.round - 1,
            });
        }
    }
    Ok(())
}

/// The public preview at the start of the round, in words (none without the optional rule).
pub fn preview(state: &GameState) -> Vec<String> {
    let rounds: Vec<u8> = public_preview(state).iter().map(|(r, _)| *r).collect();
    preview_lines(state, &rounds, Lang::Zh)
}

/// A house's secret notices in words.
pub fn notice_words(notices: &[AdvanceNotice], h: maester_board::HouseId) -> String {
    notices
        .iter()
        .filter(|n| n.house == h)
        .map(|n| n.describe(Lang::Zh))
        .collect::<Vec<_>>()
        .join("\n")
}
