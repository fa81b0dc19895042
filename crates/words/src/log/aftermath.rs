//! What became of both sides of a battle, in one sentence after it: the winner's units (moved
//! in, or held), the loser's (retreated to where, destroyed, waiting for a retreat choice, or a
//! beaten attacker back where it came from, routed). Gathered from the events that follow the
//! battle in the log, up to the next battle; no rule is decided here.

use maester_board::{AreaId, Board, HouseId, Lang, UnitKind};
use maester_rules::log::{BattleReport, Defender, Event};

/// The sentence for the battle at `log[i]` (`None` when `log[i]` is not a battle).
pub fn aftermath(board: &Board, lang: Lang, log: &[Event], i: usize) -> Option<String> {
    let Some(Event::Battle(r)) = log.get(i) else {
        return None;
    };
    let after: Vec<&Event> = log[i + 1..]
        .iter()
        .take_while(|e| !matches!(e, Event::Battle(_)))
        .collect();
    let house = |h: HouseId| board.house(h).name(lang);
    let area = |a: AreaId| board.area(a).name(lang);
    let zh = lang == Lang::Zh;
    let attacker = house(r.attacker);
    let (place, from) = (area(r.area), area(r.from));
    let lost =
        lost_units(&after, r.attacker, r.from).or_else(|| lost_units(&after, r.attacker, r.area));
    let lost_text = |kinds: Option<Vec<UnitKind>>| match kinds {
        Some(k) if zh => format!(",阵亡{}", super::units(&k, lang)),
        Some(k) => format!(", losing {}", super::units(&k, lang)),
        None => String::new(),
    };
    if !r.attacker_won {
        let routed = r.defender != Defender::Neutral;
        let held = defender_name(board, lang, r);
        return Some(match (zh, routed) {
            (true, true) => format!(
                "战果:{held}守住{place};{attacker}的进攻部队留在{from}{},成为败兵。",
                lost_text(lost)
            ),
            (true, false) => format!(
                "战果:{held}守住{place};{attacker}的进攻部队留在{from}{}。",
                lost_text(lost)
            ),
            (false, true) => format!(
                "Outcome: {held} held {place}; {attacker}'s attackers stay in {from}{}, routed.",
                lost_text(lost)
            ),
            (false, false) => format!(
                "Outcome: {held} held {place}; {attacker}'s attackers stay in {from}{}.",
                lost_text(lost)
            ),
        });
    }
    let won = format!(
        "{}{attacker}{}{place}{}",
        if zh { "战果:" } else { "Outcome: " },
        if zh { "攻占" } else { " took " },
        lost_text(lost)
    );
    let defender = match r.defender {
        Defender::Neutral => {
            return Some(if zh {
                format!("{won};中立守军被消灭。")
            } else {
                format!("{won}; the neutral garrison is destroyed.")
            });
        }
        Defender::House(d) => d,
    };
    let dn = house(defender);
    let fate = after.iter().find_map(|e| match e {
        Event::Retreated {
            house: h,
            from: f,
            to,
            ..
        } if *h == defender && *f == r.area => Some(if zh {
            format!("{dn}的部队撤退到{}", area(*to))
        } else {
            format!("{dn}'s units retreated to {}", area(*to))
        }),
        Event::RetreatPending {
            house: h, from: f, ..
        } if *h == defender && *f == r.area => Some(if zh {
            format!("{dn}的部队等待选择撤退区域")
        } else {
            format!("{dn}'s units wait for their retreat choice")
        }),
        _ => None,
    });
    let fate = match (fate, lost_units(&after, defender, r.area)) {
        (Some(f), Some(k)) if zh => Some(format!("{f}(阵亡{})", super::units(&k, lang))),
        (Some(f), Some(k)) => Some(format!("{f} (losing {})", super::units(&k, lang))),
        (f, _) => f,
    };
    let fate = fate.unwrap_or_else(|| {
        if zh {
            format!("{dn}的部队全部被消灭")
        } else {
            format!("{dn}'s units were all destroyed")
        }
    });
    Some(if zh {
        format!("{won};{fate}。")
    } else {
        format!("{won}; {fate}.")
    })
}

fn defender_name(board: &Board, lang: Lang, r: &BattleReport) -> String {
    match (r.defender, lang) {
        (Defender::House(h), _) => board.house(h).name(lang).to_string(),
        (Defender::Neutral, Lang::Zh) => "中立守军".into(),
        (Defender::Neutral, Lang::En) => "the neutral garrison".into(),
    }
}

/// The units of `house` destroyed in `area` among the events after the battle.
fn lost_units(after: &[&Event], house: HouseId, area: AreaId) -> Option<Vec<UnitKind>> {
    let kinds: Vec<UnitKind> = after
        .iter()
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
        .collect();
    (!kinds.is_empty()).then_some(kinds)
}
