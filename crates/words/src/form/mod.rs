//! The reply form of one house for the open step, as data: one line per decision, a blank
//! (`___`) for each choice, and beside each blank the choices the intake accepts there. Every
//! choice is kept only when the line it fills is read by the order language and accepted by
//! `game::check` for that house in that step (`offer::Offer::accepts`), so that what a form
//! offers and what the intake accepts cannot drift apart. What spans lines (the per-kind order
//! limits, leaders used once, the bids' total) is stated in the form's notes and carried as
//! data ([`Limit`]) for whoever fills the form by program (the tests).
//!
//! A blank left as `___` is read as "no choice": the order language skips a line that still
//! holds one, and drops a bracket `(将领: ___)` around one (`maester_lang::blanks`).

mod events;
mod military;

use crate::offer::Offer;
use maester_board::{Board, HouseId, Lang};
use maester_game as game;
use maester_rules::{GameState, Step};

/// The blank a player fills.
pub const BLANK: &str = "___";

/// One blank of a line: the texts that may stand there.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Blank {
    /// Every text the intake accepts in this blank (with the rest of the line as offered).
    pub choices: Vec<String>,
    /// Whether the blank may be left as `___` (no choice: e.g. a march without a leader).
    pub optional: bool,
}

/// One line of a form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FormLine {
    /// The text around the blanks: `parts.len() == blanks.len() + 1`.
    pub parts: Vec<String>,
    /// The blanks, in line order.
    pub blanks: Vec<Blank>,
    /// What helps fill it: the choices in words, written under the line as a comment.
    pub hint: String,
    /// Whether the line may be deleted (sent or not, as the house likes).
    pub optional: bool,
    /// The area the line decides for (an order's area, a march's origin, a defended area).
    pub area: Option<maester_board::AreaId>,
}

impl FormLine {
    /// A line without a blank.
    pub fn fixed(text: String, hint: String, optional: bool) -> FormLine {
        FormLine {
            parts: vec![text],
            blanks: Vec::new(),
            hint,
            optional,
            area: None,
        }
    }

    /// The line as the form shows it: each blank as `___`.
    pub fn text(&self) -> String {
        self.parts.join(BLANK)
    }

    /// The line with blank `i` filled by `picks[i]` (`None`: left as `___`).
    pub fn fill(&self, picks: &[Option<usize>]) -> String {
        let mut s = String::new();
        for (i, part) in self.parts.iter().enumerate() {
            s.push_str(part);
            if let Some(b) = self.blanks.get(i) {
                match picks
                    .get(i)
                    .copied()
                    .flatten()
                    .and_then(|c| b.choices.get(c))
                {
                    Some(c) => s.push_str(c),
                    None => s.push_str(BLANK),
                }
            }
        }
        s
    }
}

/// A limit that spans lines, stated in the form's notes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Limit {
    /// No choice twice among these blanks `(line, blank)` (a leader, a special order).
    Distinct(Vec<(usize, usize)>),
    /// At most `max` of these blanks filled with one of `choices` (a per-kind order limit).
    AtMost {
        /// The blanks.
        slots: Vec<(usize, usize)>,
        /// The choices counted.
        choices: Vec<String>,
        /// How many at most.
        max: usize,
    },
    /// The numbers in these blanks add up to at most `max` (bids and the tokens held).
    SumAtMost {
        /// The blanks.
        slots: Vec<(usize, usize)>,
        /// The total allowed.
        max: u32,
    },
    /// At most one of these lines is sent (the Raven changes one order).
    OneOf(Vec<usize>),
    /// What the rules' own check of the whole step decides (the supply limit of musters from
    /// several castles, a castle's points): stated in the notes.
    Rules,
}

/// The form of one house for the open step.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Form {
    /// The lines to fill, in order (the secret's line is not among them).
    pub lines: Vec<FormLine>,
    /// What the form says beside its lines: the house's units, leaders, the limits.
    pub notes: Vec<String>,
    /// The limits that span lines.
    pub limits: Vec<Limit>,
    /// Whether the step requires nothing of the house (every line optional; `无` answers).
    pub optional_only: bool,
}

impl Form {
    /// Whether the form has nothing to fill.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The lines of a reply as shown: the secret first, each line with `___`, its hint on a
    /// comment line below it (`  // …`, which the intake does not read).
    pub fn shown(&self, lang: Lang) -> Vec<String> {
        if self.lines.is_empty() {
            return Vec::new();
        }
        let mut out = vec![secret_line(lang).to_string()];
        for l in &self.lines {
            out.push(l.text());
            if !l.hint.is_empty() {
                out.push(format!("  // {}", l.hint));
            }
        }
        out
    }
}

/// The secret's line of every form.
pub fn secret_line(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "密码: 你的密码",
        Lang::En => "secret: your-secret",
    }
}

fn zh(lang: Lang) -> bool {
    lang == Lang::Zh
}

fn optional_word(lang: Lang) -> &'static str {
    if zh(lang) { "可选" } else { "optional" }
}

fn list(v: &[String], lang: Lang) -> String {
    v.join(if zh(lang) { "、" } else { ", " })
}

/// `full` split around the last place `choice` stands in it: the text before and after.
fn split(full: &str, choice: &str) -> Option<(String, String)> {
    let i = full.rfind(choice)?;
    Some((full[..i].to_string(), full[i + choice.len()..].to_string()))
}

/// A one-blank line from candidates `(choice, full line)`, each full line already accepted:
/// the text around the blank is the first candidate's; a candidate whose line differs around
/// its choice is left out (filling the blank must give back exactly the accepted line).
fn one_blank(candidates: Vec<(String, String)>, hint: String, optional: bool) -> Option<FormLine> {
    let mut around: Option<(String, String)> = None;
    let mut choices: Vec<String> = Vec::new();
    for (choice, full) in candidates {
        let Some(parts) = split(&full, &choice) else {
            continue;
        };
        match &around {
            None => around = Some(parts),
            Some(a) if *a != parts => continue,
            Some(_) => {}
        }
        if !choices.contains(&choice) {
            choices.push(choice);
        }
    }
    let (before, after) = around?;
    Some(FormLine {
        parts: vec![before, after],
        blanks: vec![Blank {
            choices,
            optional: false,
        }],
        hint,
        optional,
        area: None,
    })
}

/// The form of `h` for the open step of `state`: empty when the step asks nothing of it and
/// offers it nothing optional.
pub fn form(board: &Board, state: &GameState, h: HouseId, lang: Lang) -> Form {
    let asked = game::expected(board, state).contains(&h);
    let mut f = Form::default();
    match state.step {
        Step::Placement if asked => military::placement(board, state, h, lang, &mut f),
        Step::Raven if asked => military::raven(board, state, h, lang, &mut f),
        Step::Raven => {
            // Anyone may send the plan early; nothing is required now.
            let offer = Offer::new(board, state, h, Step::Plan, lang);
            military::plan(&offer, lang, &mut f);
            f.optional_only = true;
            for l in &mut f.lines {
                l.optional = true;
            }
        }
        Step::Plan => {
            let offer = Offer::new(board, state, h, Step::Plan, lang);
            military::plan(&offer, lang, &mut f);
            if !asked {
                f.optional_only = true;
            }
        }
        Step::Retreat if asked => military::retreat(board, state, h, lang, &mut f),
        Step::Events if asked => events::events(board, state, h, lang, &mut f),
        Step::EventsAnswers if asked => events::answers(board, state, h, lang, &mut f),
        _ => {}
    }
    if !f.lines.is_empty() && f.lines.iter().all(|l| l.optional) {
        f.optional_only = true;
    }
    f
}

/// The heading of a form in a mail.
pub fn heading(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "回复模板(把 ___ 换成你的选择,不要的行删掉)",
        Lang::En => {
            "Reply template (replace ___ with your choice; delete the lines you do not want)"
        }
    }
}

/// The note that opens the notes of a form whose every line is optional.
pub fn optional_note(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "这一步你不必发送;下面各行都是可选的,不用就回复「无」。",
        Lang::En => {
            "Nothing is required of you in this step: every line below is optional; otherwise reply \"pass\"."
        }
    }
}

/// The form of `h` as a mail shows it: its heading, the lines indented with their hints, the
/// notes; empty when there is nothing to fill. `secret`: the house's secret where the mail may
/// hold it (the welcome), else the placeholder.
pub fn text(
    board: &Board,
    state: &GameState,
    h: HouseId,
    secret: Option<&str>,
    lang: Lang,
) -> String {
    let f = form(board, state, h, lang);
    let lines = f.shown(lang);
    if lines.is_empty() {
        return String::new();
    }
    let mut out = format!("{}:\n", heading(lang));
    for (i, l) in lines.iter().enumerate() {
        let line = match (i, secret) {
            (0, Some(s)) => match lang {
                Lang::Zh => format!("密码: {s}"),
                Lang::En => format!("secret: {s}"),
            },
            _ => l.clone(),
        };
        out.push_str(&format!("    {line}\n"));
    }
    if f.optional_only {
        out.push_str(&format!("  · {}\n", optional_note(lang)));
    }
    for n in &f.notes {
        out.push_str(&format!("  · {n}\n"));
    }
    out
}

/// [`crate::asks::what_to_send`] followed by the house's form for the step ([`text`]): what
/// every mail that asks a house to send carries, but the report, whose block holds the form.
pub fn what_to_send_with_form(
    board: &Board,
    state: &GameState,
    h: HouseId,
    secret: Option<&str>,
    lang: Lang,
) -> String {
    let what = crate::asks::what_to_send(board, state, h, lang);
    let form = text(board, state, h, secret, lang);
    match (what.is_empty(), form.is_empty()) {
        (_, true) => what,
        (true, false) => form,
        (false, false) => format!("{}\n\n{form}", what.trim_end()),
    }
}
