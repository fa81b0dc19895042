//! Running scenarios: placement (validated), reveal, plans, adjudication, then every expectation
//! compared; a failing case prints the difference and the battle log.

use super::format::{Scenario, ScenarioError, area, house, units};
use crate::board::{Board, HouseId, Lang};
use crate::daemon::parse::{names, parse_mail};
use crate::game::Submission;
use crate::report::words;
use crate::rules::log::{Defender, Event};
use crate::rules::{GameState, Step, orders::Plan, placement};
use std::path::{Path, PathBuf};

/// The result of one case.
#[derive(Debug)]
pub struct Outcome {
    /// File.
    pub path: PathBuf,
    /// Title.
    pub name: String,
    /// Rule checked.
    pub rule: String,
    /// Differences (empty: passed).
    pub failures: Vec<String>,
    /// Why the case is pending (the engine lacks what it needs), if it is.
    pub pending: Option<String>,
    /// The log in words.
    pub log: Vec<String>,
}

impl Outcome {
    /// Whether the case passed.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
    /// Whether it counts against the suite: failed and not pending.
    pub fn failed(&self) -> bool {
        !self.passed() && self.pending.is_none()
    }
}

fn codes(kinds: &[crate::board::UnitKind]) -> String {
    words::codes(kinds)
}

/// Run one scenario file.
pub fn run_file(board: &Board, path: &Path) -> Outcome {
    let mut out = Outcome {
        path: path.to_path_buf(),
        name: String::new(),
        rule: String::new(),
        failures: Vec::new(),
        pending: None,
        log: Vec::new(),
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            out.failures.push(format!("cannot read: {e}"));
            return out;
        }
    };
    let sc: Scenario = match toml::from_str(&text) {
        Ok(s) => s,
        Err(e) => {
            out.failures.push(format!("not a scenario file: {e}"));
            return out;
        }
    };
    out.name = sc.name.clone();
    out.rule = sc.rule.clone();
    out.pending = sc.pending.clone();
    if let Err(e) = run(board, &sc, &mut out) {
        out.failures.push(format!("scenario error: {e}"));
    }
    out
}

/// The position after placement (orders revealed) and the plans of a scenario, ready for the
/// military phase. Problems with orders and plans are added to `out`.
pub fn prepare(
    board: &Board,
    sc: &Scenario,
    out: &mut Outcome,
) -> Result<(GameState, Vec<Plan>), ScenarioError> {
    let names = names(board);
    let mut state = sc.position(board, &names)?;
    state.step = Step::Placement;
    // 1. Placement, checked like a player's mail.
    let mut subs: Vec<(HouseId, Submission)> = Vec::new();
    for (h, text) in &sc.orders {
        let h = house(board, &names, h)?;
        let parsed = parse_mail(board, &state, text, Lang::Zh);
        let mut problems: Vec<String> = parsed
            .errors
            .iter()
            .map(|e| format!("line {}: {}", e.line, e.message))
            .collect();
        if let Some(Submission::Placement(p)) = &parsed.partial {
            problems.extend(
                placement::check(board, &state, h, p)
                    .iter()
                    .map(|e| e.message(board, Lang::Zh)),
            );
        }
        let name = board.house(h).name(Lang::Zh).to_string();
        match sc
            .expect
            .rejected
            .iter()
            .find(|(k, _)| house(board, &names, k).ok() == Some(h))
        {
            Some((_, word)) if !problems.iter().any(|p| p.contains(word.as_str())) => {
                out.failures.push(format!(
                    "{name}'s orders should be rejected with {word:?}; got {problems:?}"
                ));
            }
            Some(_) => {}
            None if !problems.is_empty() => out
                .failures
                .push(format!("{name}'s orders are rejected: {problems:?}")),
            None => {}
        }
        if let Some(s) = parsed.submission {
            subs.push((h, s));
        }
    }
    // The reveal only: the valid placements go on the map and the plan step opens. (Closing the
    // step through the game's step machine would run on through every step nobody has to wait
    // for, past the military phase this case is about.)
    let placements: Vec<(HouseId, crate::rules::orders::Placement)> = subs
        .into_iter()
        .filter_map(|(h, s)| match s {
            Submission::Placement(p)
                if placement::check(board, &state, h, &p.placement).is_empty() =>
            {
                Some((h, p.placement))
            }
            _ => None,
        })
        .collect();
    placement::apply(&mut state, &placements);
    state.step = Step::Plan;
    // 2. Plans.
    let mut plans = vec![Plan::default(); board.houses.len()];
    for (h, text) in &sc.plans {
        let h = house(board, &names, h)?;
        let parsed = parse_mail(board, &state, text, Lang::Zh);
        if !parsed.errors.is_empty() {
            let msgs: Vec<String> = parsed
                .errors
                .iter()
                .map(|e| format!("line {}: {}", e.line, e.message))
                .collect();
            out.failures.push(format!(
                "{}'s plan is not understood: {msgs:?}",
                board.house(h).name(Lang::Zh)
            ));
        }
        if let Some(Submission::Plan(p)) = parsed.submission {
            plans[h.index()] = p;
        }
    }
    Ok((state, plans))
}

fn run(board: &Board, sc: &Scenario, out: &mut Outcome) -> Result<(), ScenarioError> {
    let (state, plans) = prepare(board, sc, out)?;
    let names = names(board);
    let mut r = crate::rules::military::resolve_with(
        board,
        &state,
        &plans,
        &Default::default(),
        sc.setup.rules,
    );
    // As after a real phase: forces waiting for a retreat choice take the A-48 fallback.
    if !r.state.pending_retreats.is_empty() {
        let (s, log) = crate::rules::retreat::settle_pending(board, &r.state, &[]);
        r.state = s;
        r.log.extend(log);
    }
    out.log = r
        .log
        .iter()
        .map(|e| words::event(board, Lang::Zh, e))
        .collect();
    let end = r.state;
    // 3. Expectations.
    let battles: Vec<String> = r
        .log
        .iter()
        .filter_map(|e| match e {
            Event::Battle(b) => {
                let winner = if b.attacker_won {
                    board.house(b.attacker).name(Lang::Zh).to_string()
                } else {
                    match b.defender {
                        Defender::House(h) => board.house(h).name(Lang::Zh).to_string(),
                        Defender::Neutral => "中立".to_string(),
                    }
                };
                Some(format!(
                    "{} {}:{} {}",
                    board.area(b.area).name_zh,
                    b.attack_total,
                    b.defence_total,
                    winner
                ))
            }
            _ => None,
        })
        .collect();
    if !sc.expect.battles.is_empty() {
        let want: Vec<String> = sc
            .expect
            .battles
            .iter()
            .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect();
        if want != battles {
            out.failures
                .push(format!("battles: expected {want:?}, got {battles:?}"));
        }
    }
    for (a, want) in &sc.expect.units {
        let id = area(&names, a)?;
        let st = end.area(id);
        let got = match end.occupant(id) {
            Some(h) => format!(
                "{} {}",
                board.house(h).name(Lang::Zh),
                codes(&st.units.iter().map(|u| u.kind).collect::<Vec<_>>())
            ),
            None => String::new(),
        };
        let want_norm = match want.split_once(' ') {
            Some((h, u)) => {
                let h = house(board, &names, h)?;
                format!("{} {}", board.house(h).name(Lang::Zh), codes(&units(u)?))
            }
            None if want.trim().is_empty() => String::new(),
            None => {
                return Err(ScenarioError(format!(
                    "expect.units {a:?}: write \"house 2F1K\" or \"\""
                )));
            }
        };
        if got != want_norm {
            out.failures
                .push(format!("units in {a}: expected {want_norm:?}, got {got:?}"));
        }
    }
    for (h, want) in &sc.expect.power {
        let id = house(board, &names, h)?;
        let got = end.house(id).power;
        if got != *want {
            out.failures
                .push(format!("power of {h}: expected {want}, got {got}"));
        }
    }
    for (a, want) in &sc.expect.control {
        let id = area(&names, a)?;
        let got = end.controller(board, id);
        let want_id = if want.trim().is_empty() {
            None
        } else {
            Some(house(board, &names, want)?)
        };
        if got != want_id {
            let name = |h: Option<HouseId>| {
                h.map(|h| board.house(h).name(Lang::Zh).to_string())
                    .unwrap_or_else(|| "nobody".into())
            };
            out.failures.push(format!(
                "control of {a}: expected {}, got {}",
                name(want_id),
                name(got)
            ));
        }
    }
    let whole = out.log.join("\n");
    let mut from = 0;
    for w in &sc.expect.log {
        match whole[from..].find(w.as_str()) {
            Some(i) => from += i + w.len(),
            None => out
                .failures
                .push(format!("the log does not say {w:?} (in order)")),
        }
    }
    if let Some(w) = &sc.expect.winner {
        let want = house(board, &names, w)?;
        if end.winner != Some(want) {
            out.failures.push(format!(
                "winner: expected {w}, got {:?}",
                end.winner.map(|h| board.house(h).key.clone())
            ));
        }
    }
    Ok(())
}

/// All `.toml` files under the paths (folders recursively), sorted.
fn files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(p)
                .map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.path()).collect())
                .unwrap_or_default();
            entries.sort();
            out.extend(files(&entries));
        } else if p.extension().is_some_and(|e| e == "toml") || !p.is_dir() && paths.len() == 1 {
            out.push(p.clone());
        }
    }
    out
}

/// Run every scenario under the paths.
pub fn run_paths(board: &Board, paths: &[PathBuf]) -> Vec<Outcome> {
    files(paths).iter().map(|p| run_file(board, p)).collect()
}
