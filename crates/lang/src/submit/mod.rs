//! From a mail's text to what the rules consume: the order language (`crate`) reads the
//! text; this module (the submission adapter, pure: no mail, store or clock) picks what belongs to the open step and turns it into a typed submission,
//! with the canonical echo and every error tied to its line.

pub mod items;
mod lines;
mod picks;
mod plan;

use crate::Names;
use crate::ast::{Account, Item};
use crate::vocab::Spelling;
use maester_board::{AreaId, Board, Lang};
use maester_game::{EventAnswers, EventOrders, Part, Submission};
use maester_rules::one_time::{OneTimeError, OneTimeKind, OneTimeOrder};
use maester_rules::orders::Placement;
use maester_rules::placement::PlacementError;
use maester_rules::{GameState, Step};
use serde::Serialize;

pub use lines::QuotedLine;

/// One error line of a reply.
#[derive(Clone, Debug, Default, Serialize)]
pub struct ErrorLine {
    /// 1-based line in the player's text (0: the mail as a whole).
    pub line: usize,
    /// 1-based column, 0 when not known.
    pub column: usize,
    /// The line's text.
    pub text: String,
    /// What is wrong and how to fix it.
    pub message: String,
    /// The further lines the error is about, after `line` (a count or limit error quotes every
    /// line that counts toward the limit).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<QuotedLine>,
    /// The change that fixes it, where there is one ("remove one march+ order").
    #[serde(skip_serializing_if = "String::is_empty")]
    pub fix: String,
}

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
    /// An absence from the first to the last day (inclusive), on this line of the mail.
    Absent {
        /// First day.
        first: crate::ast::Day,
        /// Last day.
        last: crate::ast::Day,
        /// The line (1-based) and its text, for an answer that quotes it.
        line: usize,
        /// The line's text.
        text: String,
    },
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
    /// Which line each part of an event-phase, Raven or retreat submission came from.
    pub part_lines: Vec<(Part, usize, String)>,
    /// Remarks on accepted lines the player should know (an order that has no effect).
    pub notes: Vec<String>,
    /// Lines that are no orders and name nothing of the game, ignored: `(line, text)`.
    pub ignored: Vec<(usize, String)>,
    /// Every line that holds an order or an answer (not the secret or an account command),
    /// with its text: the lines an answer can call fine when no error is about them.
    pub order_lines: Vec<(usize, String)>,
}

impl ParsedMail {
    /// The line (and its text) that names an area first as a source, (0, "") when none does.
    pub fn line_of_area(&self, area: Option<AreaId>) -> (usize, String) {
        area.and_then(|a| self.area_lines.iter().find(|(x, _, _)| *x == a))
            .map(|(_, l, t)| (*l, t.clone()))
            .unwrap_or((0, String::new()))
    }

    /// The line (and its text) of the first line of a part, (0, "") when none.
    pub fn line_of_part(&self, part: Part) -> (usize, String) {
        self.part_lines
            .iter()
            .find(|(p, _, _)| *p == part)
            .map(|(_, l, t)| (*l, t.clone()))
            .unwrap_or((0, String::new()))
    }

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

/// A pontoon toward an area its own area already borders without a river (Three Towers –
/// Prince's Pass, decision D3): accepted, but it changes nothing — the acknowledgement says so.
fn pontoon_note(board: &Board, area: AreaId, o: &OneTimeOrder, lang: Lang) -> Option<String> {
    if o.kind != OneTimeKind::Pontoon {
        return None;
    }
    let bank = board.pontoon_bank(area, o.bank)?;
    if !board.adjacent(area, bank) {
        return None;
    }
    let (a, b) = (board.area(area).name(lang), board.area(bank).name(lang));
    Some(match lang {
        Lang::Zh => {
            format!("{a}与{b}之间本来就没有河流相隔,这座浮桥不起作用(仍算作用过的一次性命令)。")
        }
        Lang::En => format!(
            "{a} and {b} are not separated by a river: this pontoon has no effect (it still counts as used)."
        ),
    })
}

/// The names of a board for the order language.
pub fn names(board: &Board) -> Names {
    Names::from_board(board)
}

/// A one-time order of the language as the rules take it.
fn one_time_order(t: &crate::ast::OneTime<crate::Resolved>) -> OneTimeOrder {
    use crate::ast::OneTime;
    match t {
        OneTime::Recruit => OneTimeOrder::new(OneTimeKind::Recruit),
        OneTime::SupplyCaravan => OneTimeOrder::new(OneTimeKind::SupplyCaravan),
        OneTime::ForcedMarch => OneTimeOrder::new(OneTimeKind::ForcedMarch),
        OneTime::Pontoon(bank) => OneTimeOrder {
            kind: OneTimeKind::Pontoon,
            bank: *bank,
        },
    }
}

fn is_plan_item(item: &Item<crate::Resolved>) -> bool {
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
            | Item::Muster(_)
            | Item::DestroyCapturedShips
            | Item::LeaderPick { .. }
    )
}

/// The areas a plan line acts from (for pointing validation errors at their line).
fn source_areas(item: &Item<crate::Resolved>) -> Vec<AreaId> {
    use crate::ast::Action;
    match item {
        Item::Step(s) => s
            .alternatives
            .iter()
            .flat_map(|alt| alt.actions.iter())
            .flat_map(|(a, f)| std::iter::once(a).chain(f.as_ref().map(|f| &f.then)))
            .flat_map(|a| match a {
                Action::March(m) => vec![m.units.area],
                Action::Raid { units, .. } => vec![units.area],
                Action::Support { from, .. } => from.iter().copied().collect(),
                Action::Transport { seas, .. } => seas.clone(),
            })
            .collect(),
        Item::Defender { area, .. } | Item::Fortify(area) => vec![*area],
        Item::NoSupport { from, .. } => vec![*from],
        Item::District { areas, .. } => areas.to_vec(),
        Item::Sword(u) => vec![u.area],
        _ => Vec::new(),
    }
}

/// A one-time order in a game that does not use them (`OneTimeError::Off`): the adapter
/// refuses the token as it reads the mail, so the sentence lives here, below `words`.
pub fn one_time_off(lang: Lang) -> String {
    let rule = OneTimeError::Off.rule();
    match lang {
        Lang::Zh => format!("一次性军事命令是可选规则,本局没有使用({rule})。"),
        Lang::En => {
            format!("one-time orders are an optional rule this game does not use ({rule}).")
        }
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

/// Read a mail's order text for the open step of `state`.
pub fn parse_mail(board: &Board, state: &GameState, text: &str, lang: Lang) -> ParsedMail {
    parse_mail_with(board, &names(board), state, text, lang)
}

/// [`parse_mail`] with the board's name index built once by the caller (the index costs more
/// than parsing a mail: a fuzzer or a batch keeps one).
pub fn parse_mail_with(
    board: &Board,
    names: &Names,
    state: &GameState,
    text: &str,
    lang: Lang,
) -> ParsedMail {
    let ll = lang;
    let parsed = crate::parse_submission(text, names);
    let mut out = ParsedMail {
        ignored: parsed.ignored.clone(),
        ..ParsedMail::default()
    };
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
            ..Default::default()
        });
    }
    let step = state.step;
    let mut placement = Placement::default();
    let mut plan_items = Vec::new();
    let mut any_order = false;
    let mut events = EventOrders::default();
    let mut answers = EventAnswers::default();
    let mut raven = None;
    let mut raven_line = 0;
    let mut retreats = Vec::new();
    let mut build = maester_rules::build::BuildPlan::default();
    for entry in &parsed.items {
        let mut err = |message: String| {
            out.errors.push(ErrorLine {
                line: entry.line,
                column: 0,
                text: line_text(entry.line),
                message,
                ..Default::default()
            });
        };
        match &entry.item {
            Item::Account(Account::Password(s)) => out.secret = Some(s.clone()),
            Item::Account(Account::Help) => out.commands.push(Command::Help),
            Item::Account(Account::Status) => out.commands.push(Command::Status),
            Item::Account(Account::History) => out.commands.push(Command::History),
            Item::Account(Account::Wait) => out.commands.push(Command::Wait),
            Item::Account(Account::NoWait) => out.commands.push(Command::NoWait),
            Item::Account(Account::Absent(first, last)) => out.commands.push(Command::Absent {
                first: *first,
                last: *last,
                line: entry.line,
                text: line_text(entry.line),
            }),
            Item::Placement(p) if state.step == Step::Placement => {
                if let Some(t) = &p.one_time {
                    if !state.one_time.enabled {
                        err(one_time_off(lang));
                        continue;
                    }
                    let o = one_time_order(t);
                    if let Some(note) = pontoon_note(board, p.area, &o, lang) {
                        out.notes.push(note);
                    }
                    placement.one_time.push((p.area, o));
                }
                if let Some(order) = p.order {
                    placement.orders.push((p.area, order));
                }
                any_order = true;
                out.area_lines
                    .push((p.area, entry.line, line_text(entry.line)));
                out.echo
                    .push(crate::echo::echo_item(&entry.item, names, ll));
            }
            item if matches!(step, Step::Plan | Step::Raven) && is_plan_item(item) => {
                plan_items.push((entry.line, item));
            }
            item => {
                let Some(part) = items::part_of(step, item) else {
                    err(wrong_step(lang, step));
                    continue;
                };
                let r = match step {
                    Step::Placement => items::add_build_item(&mut build, item),
                    Step::Events => items::add_event_item(&mut events, state, item, lang),
                    Step::EventsAnswers => items::add_answer_item(&mut answers, state, item, lang),
                    Step::Raven if raven.is_some() => Err(match lang {
                        Lang::Zh => "信鸦只能修改一条命令(004:L1702)。".into(),
                        Lang::En => "the Raven changes one order only (004:L1702).".into(),
                    }),
                    Step::Raven => items::raven_change(item, lang).map(|c| {
                        raven = Some(c);
                        raven_line = entry.line;
                    }),
                    _ => match items::retreat_choice(item) {
                        Some(c) => {
                            retreats.push(c);
                            Ok(())
                        }
                        None => Err(String::new()),
                    },
                };
                match r {
                    Ok(()) => {
                        any_order = true;
                        out.part_lines
                            .push((part, entry.line, line_text(entry.line)));
                        out.echo
                            .push(crate::echo::echo_item(&entry.item, names, ll));
                    }
                    Err(m) if m.is_empty() => err(wrong_step(lang, step)),
                    Err(m) => err(m),
                }
            }
        }
    }
    let (plan, plan_errors) = plan::build(board, &plan_items, lang);
    let failed_lines: Vec<usize> = plan_errors.iter().map(|(l, _)| *l).collect();
    for (line, message) in plan_errors {
        let message = if message.is_empty() {
            wrong_step(lang, state.step)
        } else {
            message
        };
        out.errors.push(ErrorLine {
            line,
            column: 0,
            text: line_text(line),
            message,
            ..Default::default()
        });
    }
    for (line, item) in &plan_items {
        for a in source_areas(item) {
            out.area_lines.push((a, *line, line_text(*line)));
        }
        if !failed_lines.contains(line) {
            any_order = true;
            out.echo.push(crate::echo::echo_item(item, names, ll));
        }
    }
    if raven.is_some() && !plan_items.is_empty() {
        out.errors.push(ErrorLine {
            line: raven_line,
            column: 0,
            text: line_text(raven_line),
            message: match lang {
                Lang::Zh => "请先单独发送信鸦的修改;执行方案在修改公布之后再发(004:L1702)。".into(),
                Lang::En => "send the Raven change on its own; the plan follows once the change is published (004:L1702).".into(),
            },
            ..Default::default()
        });
    }
    out.errors.sort_by_key(|e| e.line);
    out.order_lines = lines::order_lines(&parsed.items, line_text);
    if any_order {
        out.partial = Some(match (step, raven) {
            (Step::Raven, Some(c)) => Submission::Raven(c),
            (Step::Plan | Step::Raven, _) => Submission::Plan(Box::new(plan)),
            (Step::Events, _) => Submission::Events(events),
            (Step::EventsAnswers, _) => Submission::Answers(answers),
            (Step::Retreat, _) => Submission::Retreat(retreats),
            _ => Submission::Placement(maester_game::Orders { placement, build }),
        });
        if out.errors.is_empty() {
            out.submission = out.partial.clone();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game with the optional one-time orders, Tyrell in Three Towers, placement open.
    fn tyrell_in_three_towers() -> (Board, GameState) {
        let b = match Board::default_board() {
            Ok(b) => b,
            Err(e) => panic!("{e}"),
        };
        let mut s = GameState::new_game(&b);
        maester_rules::one_time::enable(&b, &mut s);
        if let (Some(a), Some(h)) = (b.area_by_key("three-towers"), b.house_by_key("tyrell")) {
            s.area_mut(a).house = Some(h);
            s.area_mut(a).units = vec![maester_rules::state::Unit::new(
                maester_board::UnitKind::Footman,
            )]
            .into();
        }
        (b, s)
    }

    #[test]
    fn a_pontoon_across_no_river_is_accepted_with_a_note_d3() {
        let (b, s) = tyrell_in_three_towers();
        let m = parse_mail(&b, &s, "三塔堡 浮桥 到 亲王隘口\n", Lang::Zh);
        assert!(m.errors.is_empty(), "{:?}", m.errors);
        assert!(m.submission.is_some());
        assert_eq!(m.notes.len(), 1, "{:?}", m.notes);
        assert!(m.notes[0].contains("不起作用"), "{}", m.notes[0]);
        // Across the river to Starfall the pontoon does something: no note.
        let m = parse_mail(&b, &s, "三塔堡 浮桥 到 星坠城\n", Lang::Zh);
        assert!(m.errors.is_empty(), "{:?}", m.errors);
        assert!(m.notes.is_empty(), "{:?}", m.notes);
    }
}
