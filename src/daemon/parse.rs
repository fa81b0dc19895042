//! From a mail's text to what the rules consume: the order language (`crate::lang`) reads the
//! text; this module picks what belongs to the open step and turns it into a typed submission,
//! with the canonical echo and every error tied to its line.

use super::letters::ErrorLine;
use crate::board::{AreaId, Board, Lang};
use crate::game::Submission;
use crate::lang::ast::{Account, Action, Alternative, Item, Resolved, UnitSel};
use crate::lang::{self, Names};
use crate::rules::orders::{MarchMove, MarchStep, Placement, Plan, RaidStep, UnitSelection};
use crate::rules::placement::PlacementError;
use crate::rules::{GameState, Step};

/// A mail-account command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// HELP / 帮助.
    Help,
    /// STATUS / 状态.
    Status,
    /// HISTORY.
    History,
    /// WAIT.
    Wait,
    /// NOWAIT.
    NoWait,
}

/// A mail, read for the open step.
#[derive(Clone, Debug, Default)]
pub struct ParsedMail {
    /// The secret, if the mail has one.
    pub secret: Option<String>,
    /// Account commands.
    pub commands: Vec<Command>,
    /// The submission for the open step, if the mail has one and no errors.
    pub submission: Option<Submission>,
    /// What the lines that did parse amount to, even when other lines have errors (so that
    /// validation can report its own errors for them too).
    pub partial: Option<Submission>,
    /// The canonical echo, one line per accepted item.
    pub echo: Vec<String>,
    /// Every error.
    pub errors: Vec<ErrorLine>,
    /// Which line each placed area came from (for validation errors).
    pub area_lines: Vec<(AreaId, usize, String)>,
}

impl ParsedMail {
    /// The line (and its text) a placement error refers to, 0 when it is about the whole mail.
    pub fn line_of_placement_error(&self, e: &PlacementError) -> (usize, String) {
        let area = match e {
            PlacementError::NoUnits(a)
            | PlacementError::TwoOrders(a)
            | PlacementError::PortDefence(a)
            | PlacementError::ConsolidateNeedsFootOrArcher(a)
            | PlacementError::SiegeCannotRaid(a) => Some(*a),
            _ => None,
        };
        area.and_then(|a| self.area_lines.iter().rev().find(|(x, _, _)| *x == a))
            .map(|(_, l, t)| (*l, t.clone()))
            .unwrap_or((0, String::new()))
    }
}

/// The names of a board for the order language.
pub fn names(board: &Board) -> Names {
    let mut n = Names::new();
    for a in &board.areas {
        let aliases: Vec<&str> = a
            .aliases_zh
            .iter()
            .chain(a.aliases_en.iter())
            .map(String::as_str)
            .collect();
        n.areas.add(a.id, &a.name_zh, &a.name_en, aliases);
    }
    for h in &board.houses {
        let aliases: Vec<&str> = h
            .aliases_zh
            .iter()
            .chain(h.aliases_en.iter())
            .map(String::as_str)
            .chain(std::iter::once(h.key.as_str()))
            .collect();
        n.houses.add(h.id, &h.name_zh, &h.name_en, aliases);
    }
    for l in &board.leaders {
        n.leaders
            .add(l.id, &l.short_zh, &l.name_en, [l.name_zh.as_str()]);
    }
    n
}

fn lang_of(lang: Lang) -> lang::Lang {
    match lang {
        Lang::Zh => lang::Lang::Zh,
        Lang::En => lang::Lang::En,
    }
}

fn selection(u: UnitSel) -> UnitSelection {
    match u {
        UnitSel::All => UnitSelection::All,
        UnitSel::Kind(k) => UnitSelection::Kind(k),
        UnitSel::Counts(c) => UnitSelection::Exact(
            crate::board::UnitKind::ALL
                .iter()
                .filter(|k| c[k.index()] > 0)
                .map(|k| (*k, c[k.index()]))
                .collect(),
        ),
    }
}

fn not_yet(lang: Lang, what: &str) -> String {
    match lang {
        Lang::Zh => {
            format!("这个版本的裁判还不能执行{what};请改用不带条件的简单命令,或请GM手工处理。")
        }
        Lang::En => format!(
            "this version of the referee cannot carry out {what} yet; use plain orders, or ask the GM."
        ),
    }
}

fn wrong_step(lang: Lang, open: Step) -> String {
    match lang {
        Lang::Zh => format!("现在是{},这一行不属于这个阶段。", open.name_zh()),
        Lang::En => format!(
            "the open step is {}; this line does not belong to it.",
            open.name_en()
        ),
    }
}

/// One plan step of the language as a march or raid step of the rules, if it is a plain one.
fn plan_step(alts: &[Alternative<Resolved>], lang: Lang) -> Result<PlanPart, String> {
    let [alt] = alts else {
        return Err(not_yet(
            lang,
            if lang == Lang::Zh {
                "带条件的备选命令"
            } else {
                "alternatives with conditions"
            },
        ));
    };
    if alt.condition.is_some() {
        return Err(not_yet(
            lang,
            if lang == Lang::Zh {
                "带条件的命令"
            } else {
                "conditional orders"
            },
        ));
    }
    if alt.actions.iter().any(|(_, f)| f.is_some()) {
        return Err(not_yet(
            lang,
            if lang == Lang::Zh {
                "“不能执行则…”的备选"
            } else {
                "fallbacks"
            },
        ));
    }
    let mut march: Option<MarchStep> = None;
    let mut raid: Option<RaidStep> = None;
    for (action, _) in &alt.actions {
        match action {
            Action::March(m) => {
                if m.forced || m.leader.is_some() || m.defender.is_some() {
                    return Err(not_yet(
                        lang,
                        if lang == Lang::Zh {
                            "将领和强行军"
                        } else {
                            "leaders and forced marches"
                        },
                    ));
                }
                let mv = MarchMove {
                    units: selection(m.units.units),
                    to: m.to,
                };
                match &mut march {
                    Some(s) if s.from == m.units.area => {
                        s.moves.push(mv);
                        s.leave_token |= m.leave_token;
                    }
                    Some(_) => {
                        return Err(match lang {
                            Lang::Zh => "一个步骤只能包含同一区域的行军(分兵);不同区域的行军请分行编号。".into(),
                            Lang::En => "one step may only split the army of one area; number marches of other areas separately.".into(),
                        });
                    }
                    None => {
                        march = Some(MarchStep {
                            from: m.units.area,
                            moves: vec![mv],
                            leave_token: m.leave_token,
                        })
                    }
                }
            }
            Action::Raid { units, targets } => {
                if raid.is_some() || march.is_some() {
                    return Err(match lang {
                        Lang::Zh => "一行只写一个突袭。".into(),
                        Lang::En => "one raid per line.".into(),
                    });
                }
                raid = Some(RaidStep {
                    from: units.area,
                    targets: targets.clone(),
                });
            }
            Action::Support { .. } => {
                return Err(not_yet(
                    lang,
                    if lang == Lang::Zh {
                        "跨家族支援"
                    } else {
                        "cross-house support"
                    },
                ));
            }
            Action::Transport { .. } => {
                return Err(not_yet(
                    lang,
                    if lang == Lang::Zh {
                        "跨家族运输"
                    } else {
                        "cross-house transport"
                    },
                ));
            }
        }
    }
    match (march, raid) {
        (Some(m), None) => Ok(PlanPart::March(m)),
        (None, Some(r)) => Ok(PlanPart::Raid(r)),
        _ => Err(match lang {
            Lang::Zh => "一行不能同时写行军和突袭。".into(),
            Lang::En => "a line cannot hold both a march and a raid.".into(),
        }),
    }
}

enum PlanPart {
    March(MarchStep),
    Raid(RaidStep),
}

/// Read a mail's order text for the open step of `state`.
pub fn parse_mail(board: &Board, state: &GameState, text: &str, lang: Lang) -> ParsedMail {
    let names = names(board);
    let ll = lang_of(lang);
    let parsed = lang::parse_submission(text, &names);
    let mut out = ParsedMail::default();
    let original: Vec<&str> = text.split('\n').collect();
    let line_text = |l: usize| {
        original
            .get(l.wrapping_sub(1))
            .map(|s| s.trim_end_matches('\r').to_string())
            .unwrap_or_default()
    };
    for e in &parsed.errors {
        out.errors.push(ErrorLine {
            line: e.line,
            column: e.column,
            text: e.text.clone(),
            message: e.kind.describe(ll),
        });
    }
    let mut placement = Placement::default();
    let mut plan = Plan::default();
    let mut any_order = false;
    for entry in &parsed.items {
        let mut err = |message: String| {
            out.errors.push(ErrorLine {
                line: entry.line,
                column: 0,
                text: line_text(entry.line),
                message,
            });
        };
        match &entry.item {
            Item::Account(Account::Password(s)) => out.secret = Some(s.clone()),
            Item::Account(Account::Help) => out.commands.push(Command::Help),
            Item::Account(Account::Status) => out.commands.push(Command::Status),
            Item::Account(Account::History) => out.commands.push(Command::History),
            Item::Account(Account::Wait) => out.commands.push(Command::Wait),
            Item::Account(Account::NoWait) => out.commands.push(Command::NoWait),
            Item::Placement(p) if state.step == Step::Placement => {
                if p.one_time.is_some() {
                    err(match lang {
                        Lang::Zh => "一次性军事命令是可选规则,本局没有使用。".into(),
                        Lang::En => {
                            "one-time orders are an optional rule this game does not use.".into()
                        }
                    });
                    continue;
                }
                let Some(order) = p.order else { continue };
                any_order = true;
                placement.orders.push((p.area, order));
                out.area_lines
                    .push((p.area, entry.line, line_text(entry.line)));
                out.echo
                    .push(lang::echo::echo_item(&entry.item, &names, ll));
            }
            Item::Step(s) if state.step == Step::Plan => match plan_step(&s.alternatives, lang) {
                Ok(PlanPart::March(m)) => {
                    any_order = true;
                    plan.marches.push(m);
                    out.echo
                        .push(lang::echo::echo_item(&entry.item, &names, ll));
                }
                Ok(PlanPart::Raid(r)) => {
                    any_order = true;
                    plan.raids.push(r);
                    out.echo
                        .push(lang::echo::echo_item(&entry.item, &names, ll));
                }
                Err(m) => err(m),
            },
            Item::Retreat { from: None, to } if state.step == Step::Plan => {
                any_order = true;
                plan.retreat.extend(to.iter().copied());
                out.echo
                    .push(lang::echo::echo_item(&entry.item, &names, ll));
            }
            _ => err(wrong_step(lang, state.step)),
        }
    }
    if any_order {
        out.partial = Some(match state.step {
            Step::Plan => Submission::Plan(plan),
            _ => Submission::Placement(placement),
        });
        if out.errors.is_empty() {
            out.submission = out.partial.clone();
        }
    }
    out
}
