//! Running scenarios: placement (validated), reveal, plans, adjudication, then every expectation
//! compared; a failing case prints the difference and the battle log.

use super::format::Outcome;
use super::format::{Scenario, ScenarioError, house};
use maester_board::{Board, HouseId, Lang};
use maester_game::Submission;
use maester_lang::submit::{names, parse_mail};
use maester_rules::{GameState, Step, orders::Plan, planning::placement};
use maester_words::rule_text::RuleText;
use std::path::{Path, PathBuf};

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

/// For `maester bench`: the position after placement (orders revealed) and the plans of a
/// scenario (each house's last mail), ready for the military phase alone. Problems with orders and plans are added to `out`.
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
    for (h, mails) in &sc.orders {
        let h = house(board, &names, h)?;
        let text = mails.texts().last().copied().unwrap_or_default();
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
            Some((_, words))
                if !words
                    .texts()
                    .iter()
                    .any(|w| problems.iter().any(|p| p.contains(w))) =>
            {
                let word = words.texts().join(" / ");
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
    let placements: Vec<(HouseId, maester_rules::orders::Placement)> = subs
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
    for (h, mails) in &sc.plans {
        let h = house(board, &names, h)?;
        let text = mails.texts().last().copied().unwrap_or_default();
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
            plans[h.index()] = *p;
        }
    }
    Ok((state, plans))
}

fn run(board: &Board, sc: &Scenario, out: &mut Outcome) -> Result<(), ScenarioError> {
    let played = super::play::play(board, sc, out)?;
    super::expect::check(board, sc, &played, out)
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
