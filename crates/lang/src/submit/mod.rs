//! From a mail's text to what the rules consume: the order language (`crate`) reads the
//! text; this module (the submission adapter, pure: no mail, store or clock) picks what belongs to the open step and turns it into a typed submission,
//! with the canonical echo and every error tied to its line.

mod error;
pub mod items;
mod lines;
mod picks;
mod plan;
mod quoted;

pub use error::{SubmitError, one_time_off};

use crate::Names;
use crate::ast::{Account, Item};
use crate::resolve::{Context, Reading};
use maester_board::{AreaId, Board, HouseId, Lang};
use maester_game::{EventAnswers, EventOrders, Part, Submission};
use maester_rules::optional::one_time::{OneTimeKind, OneTimeOrder};
use maester_rules::orders::Placement;
use maester_rules::planning::placement::PlacementError;
use maester_rules::{GameState, Step};
use serde::Serialize;

pub use lines::{PartArea, QuotedLine};
pub use quoted::{QuotedForm, quoted_forms};

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
    /// The areas each such line names (a muster's castle and ships' seas, a disbanded unit's
    /// area, a port's province and coast, a retreat's areas): an error about one area of a
    /// part points at the line naming it.
    pub part_areas: Vec<lines::PartArea>,
    /// The leaders each plan line names, with the line: a leader's error points at the line
    /// naming him among the lines of his area.
    pub leader_lines: Vec<(maester_board::LeaderId, usize)>,
    /// Remarks on accepted lines the player should know (an order that has no effect).
    pub notes: Vec<String>,
    /// Lines that are no orders and name nothing of the game, ignored: `(line, text)`.
    pub ignored: Vec<(usize, String)>,
    /// Every line that holds an order or an answer (not the secret or an account command),
    /// with its text: the lines an answer can call fine when no error is about them.
    pub order_lines: Vec<(usize, String)>,
    /// The mail says `无` / `pass`: nothing to send this step. With no order beside it, it is
    /// the step's empty submission (the house takes the defaults); in the Raven step the
    /// holder's "no change" (`Submission::Raven(None)`), which from any other house — asked
    /// nothing there — the intake answers without storing.
    pub pass: bool,
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
            | PlacementError::SiegeCannotRaid(a)
            | PlacementError::RoughSeas(a) => Some(*a),
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

pub(crate) fn is_plan_item(item: &Item<crate::Resolved>) -> bool {
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
    parse_mail_as(board, names, state, None, text, lang)
}

/// What `house` may name in a mail: the areas it holds and their neighbours, its leaders
/// (a name one character off is read as the one of these it can be); nothing when the
/// writer is not known.
pub fn context_of(board: &Board, state: &GameState, house: Option<HouseId>) -> Context {
    let Some(h) = house else {
        return Context::default();
    };
    let own: Vec<AreaId> = board
        .area_ids()
        .filter(|a| state.controller(board, *a) == Some(h))
        .collect();
    let areas = board
        .area_ids()
        .filter(|a| own.contains(a) || own.iter().any(|o| board.adjacent(*o, *a)))
        .collect();
    Context {
        areas,
        leaders: board.leaders_of(h).map(|l| l.id).collect(),
    }
}

/// [`parse_mail_with`] for a mail of `house` (when known): a name one character off, or the
/// start of a name, is read as the one area or leader of the house's [`context_of`] it can
/// be, and the answer says so in a note.
pub fn parse_mail_as(
    board: &Board,
    names: &Names,
    state: &GameState,
    house: Option<HouseId>,
    text: &str,
    lang: Lang,
) -> ParsedMail {
    let parsed = crate::parse_submission_in(text, names, &context_of(board, state, house));
    let mut r = Reader::new(board, names, state, text, lang);
    r.out.ignored = parsed.ignored.clone();
    for e in &parsed.errors {
        r.out.errors.push(ErrorLine {
            line: e.line,
            column: e.column,
            text: e.text.clone(),
            message: e.kind.describe(lang),
            ..Default::default()
        });
    }
    for entry in &parsed.items {
        r.entry(entry.line, &entry.item);
    }
    r.plan_lines();
    r.out.order_lines = lines::order_lines(&parsed.items, |l| r.line_text(l));
    if !parsed.items.is_empty() {
        // Only the lines read as orders: not the text after `结束` / `end`, nor ignored lines.
        let read: Vec<String> = parsed.items.iter().map(|e| r.line_text(e.line)).collect();
        r.out
            .notes
            .extend(given_name_notes(board, &read.join("\n"), lang));
    }
    r.out
        .notes
        .extend(parsed.readings.iter().map(|(_, x)| reading_note(x, lang)));
    r.finish()
}

/// "“卡林弯”读作卡林湾。": a name one character off, read as the one name it can be.
fn reading_note(r: &Reading, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("“{}”读作{}。", r.written, r.read_as.zh),
        Lang::En => format!("\"{}\" is read as {}.", r.written, r.read_as.en),
    }
}

/// A note for each leader the mail names by his given name alone (`Tywin`): read as him,
/// said so that the player sees who was understood.
fn given_name_notes(board: &Board, text: &str, lang: Lang) -> Vec<String> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .collect();
    board
        .leaders
        .iter()
        .filter_map(|l| {
            let g = crate::names::given_name(board, l)?;
            let named = words.contains(&g.to_lowercase().as_str())
                && !lower.contains(&l.name_en.to_lowercase());
            named.then(|| match lang {
                Lang::Zh => format!("“{g}”读作{}({})。", l.short_zh, l.name_en),
                Lang::En => format!("\"{g}\" is read as {} ({}).", l.name_en, l.short_zh),
            })
        })
        .collect()
}

/// A mail being read for the open step: what its lines amount to so far, part by part.
struct Reader<'a> {
    board: &'a Board,
    names: &'a Names,
    state: &'a GameState,
    lang: Lang,
    original: Vec<&'a str>,
    out: ParsedMail,
    placement: Placement,
    plan_items: Vec<(usize, &'a Item<crate::Resolved>)>,
    plan: maester_rules::orders::Plan,
    any_order: bool,
    events: EventOrders,
    answers: EventAnswers,
    raven: Option<maester_rules::orders::RavenChange>,
    raven_line: usize,
    retreats: Vec<maester_game::RetreatChoice>,
    build: maester_rules::event_phase::build::BuildPlan,
}

impl<'a> Reader<'a> {
    fn new(
        board: &'a Board,
        names: &'a Names,
        state: &'a GameState,
        text: &'a str,
        lang: Lang,
    ) -> Self {
        Reader {
            board,
            names,
            state,
            lang,
            original: text.split('\n').collect(),
            out: ParsedMail::default(),
            placement: Placement::default(),
            plan_items: Vec::new(),
            plan: Default::default(),
            any_order: false,
            events: EventOrders::default(),
            answers: EventAnswers::default(),
            raven: None,
            raven_line: 0,
            retreats: Vec::new(),
            build: Default::default(),
        }
    }

    /// The text of a 1-based line of the mail, "" past its end.
    fn line_text(&self, l: usize) -> String {
        self.original
            .get(l.wrapping_sub(1))
            .map(|s| s.trim_end_matches('\r').to_string())
            .unwrap_or_default()
    }

    fn err(&mut self, line: usize, e: SubmitError) {
        self.out.errors.push(ErrorLine {
            line,
            column: 0,
            text: self.line_text(line),
            message: e.message(self.lang, self.state.step),
            ..Default::default()
        });
    }

    fn echo(&mut self, item: &Item<crate::Resolved>) {
        let echo = crate::echo::echo_item(item, self.names, self.lang);
        self.out.echo.push(echo);
    }

    /// One item of the mail, on its line.
    fn entry(&mut self, line: usize, item: &'a Item<crate::Resolved>) {
        let step = self.state.step;
        match item {
            Item::Account(a) => self.account(line, a),
            Item::Placement(p) if step == Step::Placement => self.placement(line, item, p),
            item if matches!(step, Step::Plan | Step::Raven) && is_plan_item(item) => {
                self.plan_items.push((line, item));
            }
            item => self.part(line, item),
        }
    }

    fn account(&mut self, line: usize, a: &Account) {
        let lang = self.lang;
        let out = &mut self.out;
        match a {
            Account::Password(s) => out.secret = Some(s.clone()),
            Account::Help => out.commands.push(Command::Help),
            Account::Status => out.commands.push(Command::Status),
            Account::History => out.commands.push(Command::History),
            Account::Wait => out.commands.push(Command::Wait),
            Account::NoWait => out.commands.push(Command::NoWait),
            Account::Pass => {
                out.pass = true;
                out.echo.push(crate::vocab::pass_word(lang).to_string());
            }
            Account::Absent(first, last) => {
                let text = self.line_text(line);
                self.out.commands.push(Command::Absent {
                    first: *first,
                    last: *last,
                    line,
                    text,
                })
            }
        }
    }

    fn placement(
        &mut self,
        line: usize,
        item: &Item<crate::Resolved>,
        p: &crate::ast::Placement<crate::Resolved>,
    ) {
        if let Some(t) = &p.one_time {
            if !self.state.one_time.enabled {
                self.err(line, SubmitError::OneTimeOff);
                return;
            }
            let o = one_time_order(t);
            if let Some(note) = pontoon_note(self.board, p.area, &o, self.lang) {
                self.out.notes.push(note);
            }
            self.placement.one_time.push((p.area, o));
        }
        if let Some(order) = p.order {
            self.placement.orders.push((p.area, order));
        }
        self.any_order = true;
        let text = self.line_text(line);
        self.out.area_lines.push((p.area, line, text));
        self.echo(item);
    }

    /// A line of an event-phase, Raven, retreat or building part.
    fn part(&mut self, line: usize, item: &Item<crate::Resolved>) {
        let step = self.state.step;
        let Some(part) = items::part_of(step, item) else {
            let e = if step == Step::Placement && is_plan_item(item) {
                SubmitError::PlanNotYet
            } else {
                SubmitError::WrongStep
            };
            self.err(line, e);
            return;
        };
        let r = match step {
            Step::Placement => items::add_build_item(&mut self.build, item),
            Step::Events => items::add_event_item(&mut self.events, self.state, item),
            Step::EventsAnswers => items::add_answer_item(&mut self.answers, self.state, item),
            Step::Raven if self.raven.is_some() => Err(SubmitError::RavenOnce),
            Step::Raven => items::raven_change(item).map(|c| {
                self.raven = Some(c);
                self.raven_line = line;
            }),
            _ => match items::retreat_choice(item) {
                Some(c) => {
                    self.retreats.push(c);
                    Ok(())
                }
                None => Err(SubmitError::WrongStep),
            },
        };
        match r {
            Ok(()) => {
                self.any_order = true;
                let text = self.line_text(line);
                for (area, recruits) in lines::item_areas(item) {
                    self.out.part_areas.push(lines::PartArea {
                        part,
                        area,
                        recruits,
                        line,
                    });
                }
                self.out.part_lines.push((part, line, text));
                self.echo(item);
            }
            Err(e) => self.err(line, e),
        }
    }

    /// The plan lines, read together (alternatives and split marches span lines).
    fn plan_lines(&mut self) {
        let (plan, plan_errors) = plan::build(self.board, &self.plan_items);
        self.plan = plan;
        let failed_lines: Vec<usize> = plan_errors.iter().map(|(l, _)| *l).collect();
        for (line, e) in plan_errors {
            self.err(line, e);
        }
        let items = std::mem::take(&mut self.plan_items);
        for (line, item) in &items {
            for a in source_areas(item) {
                let text = self.line_text(*line);
                self.out.area_lines.push((a, *line, text));
            }
            for l in lines::plan_leaders(item) {
                self.out.leader_lines.push((l, *line));
            }
            if !failed_lines.contains(line) {
                self.any_order = true;
                self.echo(item);
            }
        }
        if self.raven.is_some() && !items.is_empty() {
            self.err(self.raven_line, SubmitError::RavenAlone);
        }
    }

    /// The submission the mail amounts to, and every error in line order.
    fn finish(self) -> ParsedMail {
        let mut out = self.out;
        out.errors.sort_by_key(|e| e.line);
        if out.pass && !self.any_order {
            out.partial = match self.state.step {
                Step::Placement => Some(Submission::Placement(Default::default())),
                Step::Plan => Some(Submission::Plan(Default::default())),
                Step::Events => Some(Submission::Events(EventOrders::default())),
                Step::EventsAnswers => Some(Submission::Answers(EventAnswers::default())),
                Step::Retreat => Some(Submission::Retreat(Vec::new())),
                // The Raven holder's "no change" (another house's 无 is only answered: the
                // intake knows who sent it, and `game::check` refuses it from anyone else).
                Step::Raven => Some(Submission::Raven(None)),
                Step::Finished => None,
            };
            if out.errors.is_empty() {
                out.submission = out.partial.clone();
            }
        }
        if self.any_order {
            out.partial = Some(match (self.state.step, self.raven) {
                (Step::Raven, Some(c)) => Submission::Raven(Some(c)),
                (Step::Plan | Step::Raven, _) => Submission::Plan(Box::new(self.plan)),
                (Step::Events, _) => Submission::Events(self.events),
                (Step::EventsAnswers, _) => Submission::Answers(self.answers),
                (Step::Retreat, _) => Submission::Retreat(self.retreats),
                _ => Submission::Placement(maester_game::Orders {
                    placement: self.placement,
                    build: self.build,
                }),
            });
            if out.errors.is_empty() {
                out.submission = out.partial.clone();
            }
        }
        out
    }
}
