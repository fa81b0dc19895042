//! From a mail's text to what the rules consume: the order language (`crate::lang`) reads the
//! text; this module picks what belongs to the open step and turns it into a typed submission,
//! with the canonical echo and every error tied to its line.

use super::letters::ErrorLine;
use crate::board::{AreaId, Board, Lang};
use crate::game::Submission;
use crate::lang::ast::{Account, Item};
use crate::lang::{self, Names};
use crate::rules::orders::Placement;
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

fn is_plan_item(item: &Item<crate::lang::Resolved>) -> bool {
    matches!(
        item,
        Item::Step(_)
            | Item::Defender { .. }
            | Item::District { .. }
            | Item::Refusal { .. }
            | Item::NoSupport { .. }
            | Item::Casualties(_)
            | Item::Retreat { from: None, .. }
            | Item::Fortify(_)
            | Item::Sword(_)
            | Item::Cancels { .. }
    )
}

fn wrong_step(lang: Lang, open: Step) -> String {
    match lang {
        Lang::Zh => format!("现在是{},这一行不属于这个阶段。", open.name_zh()),
        Lang::En => format!("the open step is {}; this line does not belong to it.", open.name_en()),
    }
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
    let mut plan_items = Vec::new();
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
            item if state.step == Step::Plan && is_plan_item(item) => {
                plan_items.push((entry.line, item));
            }
            _ => err(wrong_step(lang, state.step)),
        }
    }
    let (plan, plan_errors) = super::plan::build(&plan_items, lang);
    let failed_lines: Vec<usize> = plan_errors.iter().map(|(l, _)| *l).collect();
    for (line, message) in plan_errors {
        let message = if message.is_empty() { wrong_step(lang, state.step) } else { message };
        out.errors.push(ErrorLine { line, column: 0, text: line_text(line), message });
    }
    for (line, item) in &plan_items {
        if !failed_lines.contains(line) {
            any_order = true;
            out.echo.push(lang::echo::echo_item(item, &names, ll));
        }
    }
    out.errors.sort_by_key(|e| e.line);
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
