//! From pest's expected-rule sets to expectations in words ([`Expected`]): rule names never
//! reach a player.

use super::errors::Problem;
use super::errors::{ErrorKind, Expected};
use super::grammar::Rule;
use super::normalize::NormLine;

fn expected_of(rule: Rule) -> Option<Expected> {
    use Expected as E;
    use Rule::*;
    Some(match rule {
        place | place_marches | unit_ref | support_attack | retreat_from | port_coast => E::Area,
        action | cond_clause | else_clause | plain_clause => E::Action,
        support_defence => E::House,
        leader_cond | leader_fixed | leader_slot_march | leader_slot_defend | leader_slot_bare => {
            E::Leader
        }
        muster_units | muster_ships | muster_upgrade => E::Area,
        reward_recall | reward_rest | reward_upgrade | reward_muster | reward_capture => E::Reward,
        house => E::House,
        leader | leader_word => E::Leader,
        counts | count_part | collective => E::Units,
        unit_kind | unit_code | unit_footman | unit_knight | unit_ship | unit_siege
        | unit_archer => E::UnitKind,
        number | ordinal | cn_number => E::Number,
        order_type | order_march | order_defence | order_support | order_raid
        | order_consolidate => E::OrderType,
        order_bonus => E::OrderBonus,
        one_time | onetime_recruit | onetime_caravan | onetime_forced | onetime_pontoon => {
            E::OneTime
        }
        condition | all_of | predicate | pred_fallen | pred_held | pred_foreign | pred_step
        | pred_garrison | pred_attacked => E::Predicate,
        step_ref => E::StepRef,
        track | track_iron | track_fief | track_court | track_bid => E::Track,
        EOI => E::EndOfLine,
        colon => E::Word(":", ":"),
        semicolon => E::Word(";", ";"),
        close_paren => E::Word(")", ")"),
        kw_move_to => E::Word("移动到", "moves to"),
        kw_forced_to => E::Word("强行军到", "forced march to"),
        kw_raid => E::Word("突袭", "raids"),
        kw_support => E::Word("支援", "supports"),
        kw_defend => E::Word("防守", "defending"),
        kw_transport => E::Word("运输", "transports"),
        kw_to => E::Word("到", "to"),
        kw_and => E::Word("和", "and"),
        kw_then => E::Word("则", "then"),
        kw_if => E::Word("如果", "if"),
        kw_else => E::Word("否则", "otherwise"),
        kw_cond_and => E::Word("且", "and"),
        kw_cond_or => E::Word("或", "or"),
        kw_prevents => E::Word("导致该命令不能被执行", "prevents it"),
        kw_defender => E::Word("守将", "defender"),
        kw_substitute => E::Word("替补", "substitute"),
        kw_fortify => E::Word("修建防御工事", "fortify"),
        kw_no_support => E::Word("不支援", "does not support"),
        kw_support_of => E::Word("的支援", "support"),
        kw_upgrade => E::Word("升级为", "upgrade to"),
        kw_cancels => E::Word("取消", "cancels"),
        kw_build_port => E::Word("建造港口", "build port"),
        _ => return None,
    })
}

/// Keep the expectations a player needs: "units" covers a unit type and a count; several
/// verbs become "a verb"; rare follow-ups are dropped when an order or a verb is expected.
fn simplify(expected: &mut Vec<Expected>) {
    use Expected as E;
    const VERBS: [&str; 5] = ["移动到", "强行军到", "突袭", "支援", "运输"];
    let is_verb = |e: &E| matches!(e, E::Word(w, _) if VERBS.contains(w));
    if expected.contains(&E::Units) {
        expected.retain(|e| !matches!(e, E::UnitKind | E::Number));
    }
    if expected.iter().filter(|e| is_verb(e)).count() >= 3 {
        expected.retain(|e| !is_verb(e));
        expected.push(E::Verb);
    }
    let major = expected.iter().any(|e| {
        matches!(
            e,
            E::OrderType
                | E::Verb
                | E::Area
                | E::Units
                | E::Action
                | E::Predicate
                | E::Word("则", _)
        )
    });
    let minor = [
        "取消",
        "和",
        "守将",
        "修建防御工事",
        "不支援",
        ":",
        "且",
        "或",
    ];
    if major {
        expected.retain(|e| !matches!(e, E::Word(w, _) if minor.contains(w)));
    }
    expected.sort();
    expected.dedup();
}

/// Turn pest's error into a column of the original line and what was expected, in words.
pub fn syntax_error(norm: &NormLine, original: &str, e: pest::error::Error<Rule>) -> Problem {
    let pos = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((p, _)) => p,
    };
    let mut expected: Vec<Expected> = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            positives.iter().filter_map(|r| expected_of(*r)).collect()
        }
        pest::error::ErrorVariant::CustomError { .. } => Vec::new(),
    };
    expected.sort();
    expected.dedup();
    simplify(&mut expected);
    let column = norm.column_at(pos);
    let rest: Vec<char> = original.chars().skip(column.saturating_sub(1)).collect();
    let ascii = rest.first().is_some_and(|c| c.is_ascii_alphanumeric());
    let found: String = rest
        .iter()
        .take_while(|c| !c.is_whitespace() && (!ascii || c.is_ascii_alphanumeric() || **c == '\''))
        .take(if ascii { 24 } else { 8 })
        .collect();
    let found = (!found.is_empty()).then_some(found);
    (column, ErrorKind::Syntax { expected, found })
}
