//! "Your house first": the block that opens every report, for its reader's house only — what
//! happened to it in the steps just closed (its battles with both totals and the other side,
//! its losses, the areas it gained and lost, its requests not carried out, its bids and musters),
//! then what it must send next and a reply template prefilled with its own areas, units and
//! leaders (`template`). The public report and the map follow it.

use crate::economy::Describe;
use maester_board::{AreaId, Board, HouseId, Lang, UnitKind};
use maester_rules::log::{BattleReport, Defender, Event, TieBreak};
use maester_rules::log_events::EconomyEvent;
use maester_rules::{GameState, Step};

mod template;

pub use template::{Template, template};

/// What the steps just closed left behind, as the block reads it.
#[derive(Clone, Copy)]
pub struct Closed<'a> {
    /// The board.
    pub board: &'a Board,
    /// The state before the close (none for a report rebuilt without it).
    pub before: Option<&'a GameState>,
    /// The state after it.
    pub after: &'a GameState,
    /// The military log.
    pub log: &'a [Event],
    /// The event phase's and the round end's log.
    pub economy: &'a [EconomyEvent],
    /// The first window's provisional results.
    pub provisional: &'a [EconomyEvent],
    /// Every (step, house) that took the defaults.
    pub silent: &'a [(Step, HouseId)],
}

fn zh(lang: Lang) -> bool {
    lang == Lang::Zh
}

fn side(board: &Board, d: Defender, lang: Lang) -> String {
    match (d, lang) {
        (Defender::House(h), l) => board.house(h).name(l).to_string(),
        (Defender::Neutral, Lang::Zh) => "中立驻军".into(),
        (Defender::Neutral, Lang::En) => "the neutral garrison".into(),
    }
}

/// The units `house` lost in `area` in the log (destroyed in or after the battle there).
fn lost_in(log: &[Event], house: HouseId, area: AreaId) -> Vec<UnitKind> {
    log.iter()
        .filter_map(|e| match e {
            Event::Destroyed {
                house: h,
                area: a,
                units,
                ..
            } if *h == house && *a == area => Some(units.clone()),
            _ => None,
        })
        .flatten()
        .collect()
}

/// One battle of `h`, seen from its side: where, both totals, the other side, who won, and
/// what each side lost there.
fn battle_line(board: &Board, log: &[Event], b: &BattleReport, h: HouseId, lang: Lang) -> String {
    let attacking = b.attacker == h;
    let (mine, theirs) = if attacking {
        (b.attack_total, b.defence_total)
    } else {
        (b.defence_total, b.attack_total)
    };
    let other = if attacking {
        side(board, b.defender, lang)
    } else {
        board.house(b.attacker).name(lang).to_string()
    };
    let won = attacking == b.attacker_won;
    let area = board.area(b.area).name(lang);
    let other_house = if attacking {
        match b.defender {
            Defender::House(o) => Some(o),
            Defender::Neutral => None,
        }
    } else {
        Some(b.attacker)
    };
    let my_loss = lost_in(log, h, b.area);
    let their_loss = other_house
        .map(|o| lost_in(log, o, b.area))
        .unwrap_or_default();
    let losses = |units: &[UnitKind], who: &str| -> String {
        if units.is_empty() {
            return String::new();
        }
        let u = crate::log::units(units, lang);
        if zh(lang) {
            format!(";{who}损失{u}")
        } else {
            format!("; {who} lost {u}")
        }
    };
    if b.tie == Some(TieBreak::Empty) {
        let loss = if attacking {
            losses(&their_loss, &other)
        } else {
            losses(&my_loss, if zh(lang) { "你" } else { "you" })
        };
        return taken_without_combat(board, b, attacking, &other, lang) + &loss + end(lang);
    }
    if zh(lang) {
        let role = if attacking { "进攻" } else { "防守" };
        let result = if won { "你胜" } else { "你败" };
        format!(
            "{area}之战:你{role},{mine} 对 {other} {theirs},{result}{}{}。",
            losses(&my_loss, "你"),
            losses(&their_loss, &other)
        )
    } else {
        let role = if attacking { "attacked" } else { "defended" };
        let result = if won { "you won" } else { "you lost" };
        format!(
            "Battle of {area}: you {role}, {mine} against {other}'s {theirs}: {result}{}{}.",
            losses(&my_loss, "you"),
            losses(&their_loss, &other)
        )
    }
}

fn end(lang: Lang) -> &'static str {
    if zh(lang) { "。" } else { "." }
}

/// A battle decided before it began, seen from one side: the attacker's leader destroyed every
/// defender by his ability and the area was taken without a fight — one clause, one rule.
fn taken_without_combat(
    board: &Board,
    b: &BattleReport,
    attacking: bool,
    other: &str,
    lang: Lang,
) -> String {
    let area = board.area(b.area).name(lang);
    let leader = b.attacker_leader.map(|l| board.leader(l).name(lang));
    match (attacking, lang) {
        (true, Lang::Zh) => format!(
            "{area}之战:你进攻,{}的特长在战斗前歼灭了{other}的全部守军,你不经战斗占领{area}(A-14)",
            leader.unwrap_or("将领")
        ),
        (false, Lang::Zh) => format!(
            "{area}之战:你防守,{other}的{}以特长在战斗前歼灭了你的全部守军,{other}不经战斗占领{area}(A-14)",
            leader.unwrap_or("将领")
        ),
        (true, Lang::En) => format!(
            "Battle of {area}: you attacked; {}'s ability destroyed all of {other}'s defenders before the battle, and you took {area} without a fight (A-14)",
            leader.unwrap_or("your leader")
        ),
        (false, Lang::En) => format!(
            "Battle of {area}: you defended; {}'s ability destroyed all your defenders before the battle, and {other} took {area} without a fight (A-14)",
            leader.map_or_else(|| format!("{other}'s leader"), |l| format!("{other}'s {l}"))
        ),
    }
}

/// The house's units, by kind.
fn units_of(state: &GameState, board: &Board, h: HouseId) -> Vec<UnitKind> {
    board
        .area_ids()
        .filter(|a| state.occupant(*a) == Some(h))
        .flat_map(|a| {
            state
                .area(a)
                .units
                .iter()
                .map(|u| u.kind)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The house an economy event is about, when it is one of the events a house reads as its own
/// (its bids, musters, disbanding, builds, refusals).
fn own_economy(e: &EconomyEvent) -> Option<HouseId> {
    use EconomyEvent as E;
    match e {
        E::ClashBids { house, .. }
        | E::WildlingBid { house, .. }
        | E::Mustered { house, .. }
        | E::Upgraded { house, .. }
        | E::MusterSkipped { house, .. }
        | E::BidReduced { house, .. }
        | E::Disbanded { house, .. }
        | E::Downgraded { house, .. }
        | E::TrackDropped { house, .. }
        | E::WildlingRewardTo { house, .. }
        | E::WildlingWorst { house, .. }
        | E::RewardLapsed { house, .. }
        | E::DoranSeized { house, .. }
        | E::PortBuilt { house, .. }
        | E::PortDemolished { house, .. }
        | E::FortificationBuilt { house, .. }
        | E::BuildRefused { house, .. }
        | E::NotCarriedOut { house, .. }
        | E::PortShipsLost { house, .. } => Some(*house),
        _ => None,
    }
}

/// The requests of `h`'s plan the rules could not carry out, and its leaders left out.
fn dropped(e: &Event, h: HouseId) -> bool {
    match e {
        Event::NotCarriedOut { house, .. }
        | Event::Skipped { house, .. }
        | Event::StepSkipped { house, .. }
        | Event::PlanRejected { house }
        | Event::LeaderIgnored { house, .. } => *house == h,
        _ => false,
    }
}

/// What happened to `h` in the steps just closed, one line each; one line saying nothing
/// changed when nothing did.
pub fn happened(c: &Closed<'_>, h: HouseId, lang: Lang) -> Vec<String> {
    let board = c.board;
    let z = zh(lang);
    let mut out: Vec<String> = Vec::new();
    for e in c.log {
        if let Event::Battle(b) = e
            && (b.attacker == h || b.defender == Defender::House(h))
        {
            out.push(battle_line(board, c.log, b, h, lang));
        }
    }
    // Losses outside the battles listed (siege engines, no retreat, abilities …) are in the
    // battle lines when they fell where the battle was; the rest are counted below.
    let battle_areas: Vec<AreaId> = c
        .log
        .iter()
        .filter_map(|e| match e {
            Event::Battle(b) if b.attacker == h || b.defender == Defender::House(h) => Some(b.area),
            _ => None,
        })
        .collect();
    for e in c.log {
        if let Event::Destroyed {
            house, area, units, ..
        } = e
            && *house == h
            && !battle_areas.contains(area)
        {
            let (a, u) = (board.area(*area).name(lang), crate::log::units(units, lang));
            out.push(if z {
                format!("你在{a}损失{u}。")
            } else {
                format!("You lost {u} in {a}.")
            });
        }
    }
    if let Some(before) = c.before {
        let areas = |f: &dyn Fn(AreaId) -> bool| -> Vec<String> {
            board
                .areas
                .iter()
                .filter(|a| !a.is_port() && f(a.id))
                .map(|a| a.name(lang).to_string())
                .collect()
        };
        let gained = areas(&|a| {
            before.controller(board, a) != Some(h) && c.after.controller(board, a) == Some(h)
        });
        let lost = areas(&|a| {
            before.controller(board, a) == Some(h) && c.after.controller(board, a) != Some(h)
        });
        let sep = if z { "、" } else { ", " };
        if !gained.is_empty() {
            out.push(if z {
                format!("得到:{}。", gained.join(sep))
            } else {
                format!("Gained: {}.", gained.join(sep))
            });
        }
        if !lost.is_empty() {
            out.push(if z {
                format!("失去:{}。", lost.join(sep))
            } else {
                format!("Lost: {}.", lost.join(sep))
            });
        }
    }
    for e in c.log.iter().filter(|e| dropped(e, h)) {
        let s = crate::log::event(board, lang, e);
        let prefix = if z { "未执行:" } else { "Not carried out: " };
        // A request not carried out says so itself; the other entries get the prefix.
        if s.starts_with(prefix) {
            out.push(s);
        } else if !s.is_empty() {
            out.push(format!("{prefix}{s}"));
        }
    }
    for e in c.economy.iter().filter(|e| own_economy(e) == Some(h)) {
        out.push(e.describe(board, lang));
    }
    for e in c.provisional.iter().filter(|e| own_economy(e) == Some(h)) {
        let s = e.describe(board, lang);
        out.push(if z {
            format!("(暂定){s}")
        } else {
            format!("(provisional) {s}")
        });
    }
    if let Some(before) = c.before {
        out.extend(totals(board, before, c.after, h, lang));
    }
    for (step, _) in c.silent.iter().filter(|(_, x)| *x == h) {
        out.push(crate::asks::default_text(board, *step, h, lang));
    }
    if out.is_empty() {
        out.push(if z {
            "这一步你的家族没有任何变化。".into()
        } else {
            "Nothing changed for your house in this step.".into()
        });
    }
    out
}

/// The house's counts that changed: power in hand, castles, units.
fn totals(
    board: &Board,
    before: &GameState,
    after: &GameState,
    h: HouseId,
    lang: Lang,
) -> Vec<String> {
    let z = zh(lang);
    let mut parts: Vec<String> = Vec::new();
    let (p0, p1) = (before.house(h).power, after.house(h).power);
    if p0 != p1 {
        parts.push(if z {
            format!("手中势力标志 {p0} → {p1}")
        } else {
            format!("power in hand {p0} → {p1}")
        });
    }
    let (c0, c1) = (before.castles(board, h), after.castles(board, h));
    if c0 != c1 {
        parts.push(if z {
            format!("城堡 {c0} → {c1}")
        } else {
            format!("castles {c0} → {c1}")
        });
    }
    let (u0, u1) = (units_of(before, board, h), units_of(after, board, h));
    if u0.len() != u1.len() {
        parts.push(if z {
            format!("部队 {} → {} 个单位", u0.len(), u1.len())
        } else {
            format!("units {} → {}", u0.len(), u1.len())
        });
    }
    if parts.is_empty() {
        return Vec::new();
    }
    vec![if z {
        format!("合计:{}。", parts.join(";"))
    } else {
        format!("In all: {}.", parts.join("; "))
    }]
}

/// The block's line on the next step: what it is, by when (the deadline already in the game's
/// time zone, with how long is left), or that the house sends nothing in it.
pub fn next_line(round: u8, step: &str, deadline: &str, asked: bool, lang: Lang) -> String {
    match (asked, lang) {
        (true, Lang::Zh) => {
            format!("你需要发送:第{round}回合「{step}」,截止 {deadline}。")
        }
        (true, Lang::En) => {
            format!("You must send: round {round}, {step}, by {deadline}.")
        }
        (false, Lang::Zh) => {
            format!("下一步:第{round}回合「{step}」,截止 {deadline};你不需要发送。")
        }
        (false, Lang::En) => {
            format!("Next: round {round}, {step}, closes {deadline}; you have nothing to send.")
        }
    }
}

/// The block's line on the next step when the house is asked but nothing is required of it:
/// every line of its form is optional.
pub fn next_line_optional(round: u8, step: &str, deadline: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!(
            "下一步:第{round}回合「{step}」,截止 {deadline}。你不必发送:下面的模板各行都是可选的;不用就回复「无」。"
        ),
        Lang::En => format!(
            "Next: round {round}, {step}, closes {deadline}. Nothing is required of you: every line of the template below is optional; otherwise reply \"pass\"."
        ),
    }
}

/// The block's line on the next step when what it asks of the house is on file already (a plan
/// sent early, during the Raven step): it stands unless the house sends again.
pub fn next_line_on_file(round: u8, step: &str, deadline: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!(
            "下一步:第{round}回合「{step}」,截止 {deadline}。你提前发送的内容已经收到并保存,不需要再发送;截止前再发一份就会整体替换它。"
        ),
        Lang::En => format!(
            "Next: round {round}, {step}, closes {deadline}. What you sent early for it is on file: nothing more to send; a new one before the deadline replaces it whole."
        ),
    }
}

/// The block's headings: `(for your house, what next, the template)`.
pub fn headings(house: &str, lang: Lang) -> (String, String, String) {
    match lang {
        Lang::Zh => (
            format!("{house}:这一步发生了什么"),
            "接下来".into(),
            crate::form::heading(lang).into(),
        ),
        Lang::En => (
            format!("{house}: what happened to you"),
            "What next".into(),
            crate::form::heading(lang).into(),
        ),
    }
}

/// The whole block as the report templates show it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Block {
    /// "Stark: what happened to you".
    pub heading: String,
    /// What happened to the house, one line each.
    pub happened: Vec<String>,
    /// "What next".
    pub next_heading: String,
    /// What the house must send next, by when (or that it sends nothing).
    pub next: String,
    /// The template's heading.
    pub template_heading: String,
    /// The reply template's lines (empty: nothing to prefill).
    pub template: Vec<String>,
    /// What helps fill it.
    pub notes: Vec<String>,
}

/// The block of `h`'s report: `c` the close, `deadline` the next step's deadline in words
/// (in the game's time zone, with how long is left).
pub fn block(c: &Closed<'_>, h: HouseId, deadline: &str, lang: Lang) -> Block {
    let (heading, next_heading, template_heading) = headings(c.board.house(h).name(lang), lang);
    let state = c.after;
    let asked = maester_game::expected(c.board, state).contains(&h);
    let t = template(c.board, state, h, lang);
    Block {
        heading,
        happened: happened(c, h, lang),
        next_heading,
        next: if state.step == Step::Finished {
            String::new()
        } else if asked && t.optional_only {
            next_line_optional(
                state.round,
                &crate::instructions::step_name(state.step, lang),
                deadline,
                lang,
            )
        } else {
            next_line(
                state.round,
                &crate::instructions::step_name(state.step, lang),
                deadline,
                asked,
                lang,
            )
        },
        template_heading,
        template: t.lines,
        notes: t.notes,
    }
}
