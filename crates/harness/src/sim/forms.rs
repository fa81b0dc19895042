//! A player who only fills in forms: at every step each house asked takes the form its mail
//! carries (`words::form::form`), fills each blank with one of the choices listed beside it,
//! honouring only the limits the form states ([`Limit`]), and sends the lines, which the order
//! language reads (`lang::submit::parse_mail_with`, in Simplified, Traditional or English) and
//! the step's check accepts or refuses (`game::check`), as the intake does. Whole games are
//! played this way; what was refused is counted, with the mail and the reasons.

use super::random::Rng;
use maester_board::{Board, HouseId, Lang};
use maester_game::{self as game, Options, Submission};
use maester_rules::event_phase::events::{self, EventSettings};
use maester_rules::{GameState, Step};
use maester_words::form::{Form, Limit, form};

/// The script a player writes in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Script {
    /// 简体.
    Simplified,
    /// 繁體: the Simplified form turned into Traditional characters, as a player copies it.
    Traditional,
    /// English.
    English,
}

impl Script {
    fn lang(self) -> Lang {
        match self {
            Script::English => Lang::En,
            _ => Lang::Zh,
        }
    }
}

/// What a game played by forms found.
#[derive(Clone, Debug, Default)]
pub struct FormReport {
    /// Mails sent (forms filled).
    pub sent: usize,
    /// Mails accepted on the first try.
    pub accepted: usize,
    /// Mails refused only by a limit that spans lines and that the form states but the filler
    /// cannot count (the supply limit of musters from several castles).
    pub refused_by_stated_rules: usize,
    /// Every other refusal: the step, the house, the mail and the reasons.
    pub refused: Vec<String>,
    /// Steps closed.
    pub steps: usize,
    /// Battles fought.
    pub battles: usize,
    /// Battle sides that had a free leader and units there when the plan was asked but whose
    /// form offered no leader slot for it: `round, area, side`.
    pub leader_slots_missing: Vec<String>,
}

/// Whether `f` offers `h`'s free leaders in a line about `area` (a march's leader from it, or
/// its defender).
fn has_leader_slot(
    board: &Board,
    f: &Form,
    h: HouseId,
    area: maester_board::AreaId,
    lang: Lang,
) -> bool {
    let names: Vec<String> = board
        .leaders_of(h)
        .map(|l| l.name(lang).to_string())
        .collect();
    f.lines.iter().any(|l| {
        l.area == Some(area)
            && l.blanks
                .last()
                .is_some_and(|b| b.choices.iter().any(|c| names.contains(c)))
    })
}

/// The lines of `f` filled with random listed choices, honouring its limits.
pub fn fill(f: &Form, rng: &mut Rng) -> Vec<String> {
    // The lines sent: required ones, optional ones at random, one line of a one-of group.
    let mut send: Vec<bool> = f
        .lines
        .iter()
        .map(|l| !l.optional || rng.chance(60))
        .collect();
    for lim in &f.limits {
        if let Limit::OneOf(group) = lim {
            let keep = rng.pick(group);
            for i in group {
                send[*i] = Some(*i) == keep && rng.chance(80);
            }
        }
    }
    let mut picks: Vec<Vec<Option<usize>>> =
        f.lines.iter().map(|l| vec![None; l.blanks.len()]).collect();
    let chosen = |picks: &Vec<Vec<Option<usize>>>, (li, bi): (usize, usize)| -> Option<String> {
        let c = picks.get(li)?.get(bi).copied().flatten()?;
        f.lines[li].blanks[bi].choices.get(c).cloned()
    };
    for (li, line) in f.lines.iter().enumerate() {
        if !send[li] {
            continue;
        }
        for (bi, blank) in line.blanks.iter().enumerate() {
            if blank.optional && rng.chance(30) {
                continue;
            }
            let allowed: Vec<usize> = (0..blank.choices.len())
                .filter(|&c| {
                    let text = &blank.choices[c];
                    f.limits.iter().all(|lim| match lim {
                        Limit::Distinct(slots) if slots.contains(&(li, bi)) => !slots
                            .iter()
                            .any(|s| chosen(&picks, *s).as_ref() == Some(text)),
                        Limit::AtMost {
                            slots,
                            choices,
                            max,
                        } if slots.contains(&(li, bi)) && choices.contains(text) => {
                            slots
                                .iter()
                                .filter(|s| {
                                    chosen(&picks, **s).is_some_and(|x| choices.contains(&x))
                                })
                                .count()
                                < *max
                        }
                        Limit::SumAtMost { slots, max } if slots.contains(&(li, bi)) => {
                            let used: u32 = slots
                                .iter()
                                .filter_map(|s| chosen(&picks, *s)?.parse::<u32>().ok())
                                .sum();
                            // The blanks of the sum not yet filled take at least 0.
                            text.parse::<u32>().is_ok_and(|n| used + n <= *max)
                        }
                        _ => true,
                    })
                })
                .collect();
            picks[li][bi] = rng.pick(&allowed);
        }
    }
    // A castle mustered once per line already offered alone; two lines of one castle are kept
    // only when the form offers the second (its points allow it).
    f.lines
        .iter()
        .enumerate()
        .filter(|(li, _)| send[*li])
        // A line with blanks none of which is filled is a line not sent.
        .filter(|(li, l)| l.blanks.is_empty() || picks[*li].iter().any(Option::is_some))
        .map(|(li, l)| l.fill(&picks[li]))
        .collect()
}

/// Whether every reason of a refusal is a limit the form states and the filler does not count.
fn stated_rules_only(f: &Form, errors: &[String]) -> bool {
    f.limits.contains(&Limit::Rules)
        && !errors.is_empty()
        && errors.iter().all(|e| {
            // The rules' own reasons, as the check's data names them.
            ["Supply", "TooManyPoints", "NothingToUpgrade", "OutOf"]
                .iter()
                .any(|k| e.contains(k))
        })
}

/// One whole game from `seed` played by houses that fill in forms in `script`; a house that
/// is refused is silent for that step (the defaults apply), as after a deadline.
pub fn play(board: &Board, seed: u64, script: Script) -> (GameState, FormReport) {
    let mut rng = Rng::new(seed ^ 0xF0F0);
    let mut state = GameState::new_game(board);
    events::start_game(
        board,
        &mut state,
        &format!("forms-{seed}"),
        EventSettings::default(),
    );
    let names = maester_lang::Names::from_board(board);
    let lang = script.lang();
    let mut report = FormReport::default();
    let mut exp = game::expected(board, &state);
    while state.step != Step::Finished && report.steps < 200 {
        let mut subs: Vec<(HouseId, Submission)> = Vec::new();
        // The plan step's forms and each house's free leaders and held areas then.
        let mut plan_forms: Vec<(HouseId, Form, bool, Vec<maester_board::AreaId>)> = Vec::new();
        for h in board.house_ids() {
            let f = form(board, &state, h, lang);
            if state.step == Step::Plan {
                let free = !maester_words::teach::available_leaders(&state, h).is_empty();
                let held = board
                    .area_ids()
                    .filter(|a| state.occupant(*a) == Some(h) && !state.area(*a).units.is_empty())
                    .collect();
                plan_forms.push((h, f.clone(), free, held));
            }
            if f.is_empty() || (!exp.contains(&h) && !rng.chance(50)) {
                continue;
            }
            let mut lines = fill(&f, &mut rng);
            if lines.is_empty() && !exp.contains(&h) {
                continue;
            }
            if lines.is_empty() {
                // Nothing chosen: the form says to reply 无 / pass.
                lines.push(if lang == Lang::Zh { "无" } else { "pass" }.to_string());
            }
            let mut text = lines.join("\n");
            if script == Script::Traditional {
                text = maester_words::hant::to_traditional(&text);
            }
            report.sent += 1;
            let parsed = maester_lang::submit::parse_mail_with(board, &names, &state, &text, lang);
            let mut reasons: Vec<String> = parsed
                .errors
                .iter()
                .map(|e| format!("line {}: {} ({})", e.line, e.message, e.text))
                .collect();
            let sub = parsed.submission.filter(|_| reasons.is_empty());
            match sub.map(|s| {
                (
                    game::check(board, &state, h, &s).map_err(|e| format!("{e:?}")),
                    s,
                )
            }) {
                Some((Ok(()), s)) => {
                    report.accepted += 1;
                    subs.push((h, s));
                }
                Some((Err(e), _)) => reasons.push(e),
                None if reasons.is_empty() => reasons.push("nothing read".into()),
                None => {}
            }
            if !reasons.is_empty() {
                if stated_rules_only(&f, &reasons) {
                    report.refused_by_stated_rules += 1;
                } else {
                    report.refused.push(format!(
                        "round {} {:?} {}:\n{text}\n=> {}",
                        state.round,
                        state.step,
                        board.house(h).name(lang),
                        reasons.join("; ")
                    ));
                }
            }
        }
        let round = state.round;
        let mut out = game::close_steps_expected(board, state, &subs, Options::default(), exp);
        report.steps += out.steps.len();
        for e in &out.log {
            let maester_rules::log::Event::Battle(b) = e else {
                continue;
            };
            report.battles += 1;
            let mut sides = vec![(b.attacker, b.from, "attack")];
            if let maester_rules::log::Defender::House(d) = b.defender {
                sides.push((d, b.area, "defence"));
            }
            for (h, area, side) in sides {
                let Some((_, f, free, held)) = plan_forms.iter().find(|p| p.0 == h) else {
                    continue;
                };
                if *free && held.contains(&area) && !has_leader_slot(board, f, h, area, lang) {
                    report.leader_slots_missing.push(format!(
                        "round {round}, {} ({side}, {})",
                        board.area(area).name(lang),
                        board.house(h).name(lang)
                    ));
                }
            }
        }
        exp = std::mem::take(&mut out.expected);
        state = out.state;
    }
    (state, report)
}
