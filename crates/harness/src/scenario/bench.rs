//! `maester bench`: how long one military phase takes to adjudicate (a measurement, not a test).

use super::format::Outcome;
use super::format::Scenario;
use super::run::prepare;
use maester_board::Board;
use std::time::Instant;

/// The built-in benchmark position.
pub const MILITARY_PHASE: &str = include_str!("../../../../benches/military_phase.toml");

/// Timing of a benchmark run.
#[derive(Debug)]
pub struct BenchResult {
    /// Iterations timed.
    pub iterations: u32,
    /// Orders on the map.
    pub orders: usize,
    /// Battles per resolution.
    pub battles: usize,
    /// Median time of one resolution, in microseconds.
    pub median_us: f64,
    /// Mean time, in microseconds.
    pub mean_us: f64,
}

/// Why a benchmark scenario cannot be timed.
#[derive(Debug)]
pub enum BenchError {
    /// The scenario's TOML does not read.
    Toml(toml::de::Error),
    /// Its position or orders are refused.
    Scenario(super::ScenarioError),
    /// Its position plays, with failures.
    Invalid(Vec<String>),
}

impl std::fmt::Display for BenchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BenchError::Toml(e) => write!(f, "{e}"),
            BenchError::Scenario(e) => write!(f, "{e}"),
            BenchError::Invalid(failures) => {
                write!(f, "the benchmark position is not valid: {failures:?}")
            }
        }
    }
}

impl std::error::Error for BenchError {}

/// The position and the plans of a benchmark scenario, checked.
pub fn position(
    board: &Board,
    scenario_text: &str,
) -> Result<(maester_rules::GameState, Vec<maester_rules::orders::Plan>), BenchError> {
    let sc: Scenario = toml::from_str(scenario_text).map_err(BenchError::Toml)?;
    let mut out = Outcome {
        path: Default::default(),
        name: sc.name.clone(),
        rule: sc.rule.clone(),
        failures: Vec::new(),
        pending: None,
        log: Vec::new(),
    };
    let (state, plans) = prepare(board, &sc, &mut out).map_err(BenchError::Scenario)?;
    if !out.failures.is_empty() {
        return Err(BenchError::Invalid(out.failures));
    }
    Ok((state, plans))
}

/// Adjudicate the scenario `iterations` times (after a warm-up) and time each run.
pub fn bench(
    board: &Board,
    scenario_text: &str,
    iterations: u32,
) -> Result<BenchResult, BenchError> {
    let (state, plans) = position(board, scenario_text)?;
    let orders = state.areas.iter().filter(|a| a.order.is_some()).count();
    let first = maester_rules::military::resolve(board, &state, &plans);
    let battles = first
        .log
        .iter()
        .filter(|e| matches!(e, maester_rules::log::Event::Battle(_)))
        .count();
    for _ in 0..iterations.min(100) {
        std::hint::black_box(maester_rules::military::resolve(board, &state, &plans));
    }
    let mut times: Vec<f64> = Vec::with_capacity(iterations as usize);
    for _ in 0..iterations.max(1) {
        let t = Instant::now();
        let r = maester_rules::military::resolve(
            board,
            std::hint::black_box(&state),
            std::hint::black_box(&plans),
        );
        times.push(t.elapsed().as_secs_f64() * 1e6);
        std::hint::black_box(r);
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let mean_us = times.iter().sum::<f64>() / times.len() as f64;
    Ok(BenchResult {
        iterations: times.len() as u32,
        orders,
        battles,
        median_us: times[times.len() / 2],
        mean_us,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn benchmark_position_is_valid_and_crowded() {
        let board = match Board::default_board() {
            Ok(b) => b,
            Err(e) => panic!("{e}"),
        };
        match bench(&board, MILITARY_PHASE, 3) {
            Ok(r) => {
                assert!(r.orders >= 30, "{r:?}");
                assert!(r.battles >= 4, "{r:?}");
            }
            Err(e) => panic!("{e}"),
        }
    }
}
