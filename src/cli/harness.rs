//! The developer's commands: `simulate`, `bench`, `scenario`.

use maester::error::Error;
use std::path::PathBuf;

/// `maester simulate`: whole random games through the step machine, invariants checked.
pub fn simulate(games: usize, seed: u64) -> Result<(), Error> {
    let board = maester::board::Board::default_board()?;
    // Resident memory once a tenth of the games are played, and at the end: flat when
    // nothing grows from game to game.
    let early_at = (games / 10).max(1);
    let mut early = None;
    let r = maester::sim::run_observed(&board, games, seed, |played| {
        if played == early_at {
            early = memory_kb("VmRSS:");
        }
    });
    maester::say!(
        "{} games, {} rounds, {} steps in {:.2}s: {:.0} games/s",
        r.games,
        r.rounds,
        r.steps,
        r.seconds,
        r.rate()
    );
    maester::say!(
        "results: {} six-castle wins, {} decided after the last round, {} draws",
        r.solo_wins,
        r.decided,
        r.draws
    );
    for (k, (closed, sent)) in &r.by_step {
        maester::say!("  {k:<15} closed {closed:>7}, submissions {sent:>7}");
    }
    maester::say!("  raven changes: {}", r.raven_changes);
    let kb = |v: Option<u64>| v.map_or("?".to_string(), |k| format!("{k} kB"));
    maester::say!(
        "memory: peak {}, resident after {early_at} games {}, at the end {}",
        kb(memory_kb("VmHWM:")),
        kb(early),
        kb(memory_kb("VmRSS:"))
    );
    maester::say!(
        "  time: generating submissions {:.2}s, closing steps {:.2}s, invariants {:.2}s",
        r.split[0],
        r.split[1],
        r.split[2]
    );
    for v in r.violations.iter().take(50) {
        maester::say!("violation: {v}");
    }
    maester::say!("violations: {}", r.violations.len());
    maester::say!("hash: {}", r.hash);
    if r.violations.is_empty() {
        Ok(())
    } else {
        Err(Error::Reported)
    }
}

/// `maester bench --store --games N …`: N games in one database whose placement closes in one
/// tick ([`maester::bench_store::run_games`]), one game first (the first line) as the measure of one close; each
/// run in a folder of its own under `dir`, removed after unless `dir` was given.
pub fn bench_store_games(dir: Option<PathBuf>, games: &[usize]) -> Result<(), Error> {
    let keep = dir.is_some();
    let dir = dir.unwrap_or_else(|| {
        std::env::temp_dir().join(format!("maester-bench-games-{}", std::process::id()))
    });
    if dir.exists() && std::fs::read_dir(&dir).map_or(true, |mut r| r.next().is_some()) {
        return Err(Error::Refused(format!(
            "{}: the folder must be empty or absent",
            dir.display()
        )));
    }
    if games.contains(&0) {
        return Err(Error::Refused("--games: at least one game".into()));
    }
    let kb = |n: u64| n.div_ceil(1024);
    let mut counts = vec![1];
    counts.extend(games.iter().copied());
    let mut one: Option<f64> = None;
    maester::say!("games  closes  tick s  ratio to N × one  database kB  backups kB (files)");
    let mut result = Ok(());
    for (i, n) in counts.into_iter().enumerate() {
        let run_dir = dir.join(format!("run{i}-{n}"));
        let fig = match maester::bench_store::run_games(&run_dir, n, 10) {
            Ok(f) => f,
            Err(e) => {
                result = Err(e);
                break;
            }
        };
        let secs = fig.tick.as_secs_f64();
        let per_close = *one.get_or_insert(secs / fig.closes.max(1) as f64);
        maester::say!(
            "{:>5}  {:>6}  {:>6.2}  {:>16.2}  {:>11}  {:>10} ({})",
            fig.games,
            fig.closes,
            secs,
            secs / (per_close * n as f64),
            kb(fig.database),
            kb(fig.backups),
            fig.backup_files
        );
        if !keep {
            let _ = std::fs::remove_dir_all(&run_dir);
        }
    }
    if !keep {
        let _ = std::fs::remove_dir_all(&dir);
    }
    result
}

/// `maester bench --store`: a whole game by mail through the daemon, and what each close left
/// on disk ([`maester::bench_store`]).
pub fn bench_store(dir: Option<PathBuf>) -> Result<(), Error> {
    let keep = dir.is_some();
    let dir = dir.unwrap_or_else(|| {
        std::env::temp_dir().join(format!("maester-bench-store-{}", std::process::id()))
    });
    if dir.exists() && std::fs::read_dir(&dir).map_or(true, |mut r| r.next().is_some()) {
        return Err(Error::Refused(format!(
            "{}: the folder must be empty or absent",
            dir.display()
        )));
    }
    let kb = |n: u64| n.div_ceil(1024);
    maester::say!("round  closes  database kB  backups kB (files)  mail kB  largest mail kB");
    let figures = maester::bench_store::run(&dir, 7, |f| {
        maester::say!(
            "{:>5}  {:>6}  {:>11}  {:>10} ({:>2})  {:>7}  {:>15}",
            f.round,
            f.closes,
            kb(f.database),
            kb(f.backups),
            f.backup_files,
            kb(f.mail),
            kb(f.largest_mail)
        );
    });
    let result = figures.map(|fig| {
        let closes: usize = fig.ticks.iter().map(|t| t.closes).sum();
        let mail: u64 = fig.ticks.iter().map(|t| t.mail).sum();
        let largest = fig.ticks.iter().map(|t| t.largest_mail).max().unwrap_or(0);
        if let Some(last) = fig.ticks.last() {
            maester::say!(
                "whole game: {closes} closes, {} order mails; database {} kB, backups {} kB in {} \
                 files, mail sent {} kB ({} kB a close), largest mail {} kB",
                fig.submissions,
                kb(last.database),
                kb(last.backups),
                last.backup_files,
                kb(mail),
                kb(mail / closes.max(1) as u64),
                kb(largest)
            );
        }
    });
    if !keep {
        let _ = std::fs::remove_dir_all(&dir);
    }
    result
}

/// `maester bench`: the time of one military-phase adjudication.
pub fn bench(iterations: u32, scenario: Option<PathBuf>, map: bool) -> Result<(), Error> {
    let board = maester::board::Board::default_board()?;
    let text = match scenario {
        Some(p) => std::fs::read_to_string(&p)
            .map_err(|e| Error::Refused(format!("{}: {e}", p.display())))?,
        None => maester::scenario::bench::MILITARY_PHASE.to_string(),
    };
    let r = maester::scenario::bench::bench(&board, &text, iterations)
        .map_err(|e| Error::Refused(e.to_string()))?;
    maester::say!(
        "military phase: {} orders, {} battles; {} runs: median {:.1} µs, mean {:.1} µs per resolution{}",
        r.orders,
        r.battles,
        r.iterations,
        r.median_us,
        r.mean_us,
        if cfg!(debug_assertions) {
            " (debug build: use --release for the real figure)"
        } else {
            ""
        }
    );
    if map {
        bench_map(&board, &text, iterations.clamp(1, 50))?;
    }
    Ok(())
}

/// Closing the benchmark's step as the daemon does (adjudication, then every house's report
/// text), side by side in the same run: without a picture; with today's one picture the
/// reports share; with every house's pictures (the whole board painted once, its PNG, and each
/// house's own theatre cut from it).
fn bench_map(board: &maester::board::Board, text: &str, runs: u32) -> Result<(), Error> {
    use maester::board::Lang;
    use std::time::Instant;
    let (state, plans) = maester::scenario::bench::position(board, text)
        .map_err(|e| Error::Refused(e.to_string()))?;
    let close = || {
        let r = maester::rules::military::resolve(board, &state, &plans);
        let mut words = 0usize;
        for _ in board.house_ids() {
            let lines: Vec<String> = r
                .log
                .iter()
                .map(|e| maester::words::log::event(board, Lang::Zh, e))
                .collect();
            let view = maester::words::view::view(board, &r.state, Lang::Zh);
            words += lines.len() + view.areas.len();
        }
        std::hint::black_box(words);
        r
    };
    fn input<'a>(
        board: &'a maester::board::Board,
        r: &'a maester::rules::military::Resolution,
    ) -> maester::map::MapInput<'a> {
        maester::map::MapInput {
            board,
            state: &r.state,
            log: &r.log,
            lang: maester::board::Lang::Zh,
            script: maester::map::Script::Simplified,
            deadline: "2026-11-26 20:00",
            reported: maester::words::Spelling::name_zh(maester::rules::Step::Plan),
            reported_round: 0,
        }
    }
    // Every house's pictures: the whole board once, then each house's theatre.
    let every = |r: &maester::rules::military::Resolution| -> Result<(usize, usize), Error> {
        let i = input(board, r);
        let painted = maester::map::paint(&i)?;
        let houses: Vec<_> = board.house_ids().collect();
        // As a close makes them: on every core at once.
        let (whole, own) = painted.pngs(&i, &houses);
        let mut largest = 0;
        for png in own {
            largest = largest.max(png?.len());
        }
        Ok((whole?.len(), largest))
    };
    // Warm-up: the fonts and the board layer are made once per process, as in the daemon.
    let r = close();
    maester::map::png(&input(board, &r))?;
    every(&r)?;
    let (mut plain, mut one, mut all) = (Vec::new(), Vec::new(), Vec::new());
    let (mut whole_bytes, mut house_bytes) = (0, 0);
    for _ in 0..runs {
        let t = Instant::now();
        std::hint::black_box(close());
        plain.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        let r = close();
        std::hint::black_box(maester::map::png(&input(board, &r))?);
        one.push(t.elapsed().as_secs_f64() * 1e3);
        let t = Instant::now();
        let r = close();
        (whole_bytes, house_bytes) = every(&r)?;
        all.push(t.elapsed().as_secs_f64() * 1e3);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(|a, b| a.total_cmp(b));
        v[v.len() / 2]
    };
    let (p, o, a) = (median(&mut plain), median(&mut one), median(&mut all));
    maester::say!(
        "closing a step ({runs} runs, median): without a picture {p:.2} ms | with today's one picture {o:.2} ms | with every house's pictures ({} houses) {a:.2} ms | every house's / one picture: {:.2}× (whole board PNG {} KB, largest house PNG {} KB){}",
        board.houses.len(),
        a / o.max(1e-9),
        whole_bytes / 1024,
        house_bytes / 1024,
        if cfg!(debug_assertions) {
            " (debug build: use --release)"
        } else {
            ""
        }
    );
    Ok(())
}

/// `maester scenario`: the adjudication suite, case by case.
pub fn scenario(paths: &[PathBuf], verbose: bool) -> Result<(), Error> {
    let board = maester::board::Board::default_board()?;
    let outcomes = maester::scenario::run_paths(&board, paths);
    let failed = outcomes.iter().filter(|o| o.failed()).count();
    let pending = outcomes.iter().filter(|o| o.pending.is_some()).count();
    for o in &outcomes {
        let status = match (&o.pending, o.passed()) {
            (Some(_), true) => "PASS (still marked pending: remove the mark)",
            (Some(_), false) => "pend",
            (None, true) => "ok  ",
            (None, false) => "FAIL",
        };
        maester::say!("{status} {} — {} [{}]", o.path.display(), o.name, o.rule);
        if let Some(p) = &o.pending {
            maester::say!("       pending: {p}");
        }
        if o.failed() || verbose {
            for f in &o.failures {
                maester::say!("       ✗ {f}");
            }
            for l in &o.log {
                maester::say!("       · {l}");
            }
        }
    }
    maester::say!(
        "{} passed, {} failed, {} pending",
        outcomes.len() - failed - pending,
        failed,
        pending
    );
    if failed > 0 || outcomes.is_empty() {
        Err(Error::Reported)
    } else {
        Ok(())
    }
}

/// A memory figure of this process from /proc/self/status (Linux), in kB.
fn memory_kb(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    line[field.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// `maester bench-intake`: maester's intake beside the durable floor, run after run; with
/// `prefill`, each run also takes the same mails into a store holding that many old mails over
/// 100 games, and prints the cost per mail of both.
pub fn bench_intake(
    mails: usize,
    runs: usize,
    prefill: usize,
    dir: Option<PathBuf>,
) -> Result<(), Error> {
    let dir = dir.unwrap_or_else(|| {
        std::env::temp_dir().join(format!("maester-bench-intake-{}", std::process::id()))
    });
    let mut ratios = Vec::new();
    let mut latencies = Vec::new();
    for run in 1..=runs.max(1) {
        // Each run in a folder of its own, all removed at the end: see `bench_intake::intake`.
        let r = maester::bench_intake::intake(
            &dir.join(format!("run-{run}")),
            mails,
            0,
            true,
            chrono::Utc::now(),
        )?;
        let ratio = r.maester / r.floor.max(1e-9);
        let per_mail = r.maester / r.mails.max(1) as f64 * 1e6;
        maester::say!(
            "run {run}: {} mails: maester {:.3}s ({:.0}/s, {per_mail:.0} µs/mail, {} answers, {:.2}s CPU) · floor {:.3}s ({:.0}/s, {:.2}s CPU) · ratio {ratio:.2}× · closing the step after {:.1} ms · delivery → answer {:.2}s",
            r.mails,
            r.maester,
            r.mails as f64 / r.maester.max(1e-9),
            r.answers,
            r.cpu.0,
            r.floor,
            r.mails as f64 / r.floor.max(1e-9),
            r.cpu.1,
            r.close * 1000.0,
            r.latency.unwrap_or(f64::NAN)
        );
        ratios.push(ratio);
        latencies.extend(r.latency);
        if prefill > 0 {
            let f = maester::bench_intake::intake(
                &dir.join(format!("run-{run}-prefilled")),
                mails,
                prefill,
                false,
                chrono::Utc::now(),
            )?;
            maester::say!(
                "run {run}, store prefilled with {} old mails over {} games ({:.1}s to fill): maester {:.3}s ({:.0} µs/mail, empty store {per_mail:.0} µs/mail) · floor {:.3}s · ratio {:.2}×",
                f.prefilled.0,
                maester::bench_prefill::OLD_GAMES,
                f.prefilled.1,
                f.maester,
                f.maester / f.mails.max(1) as f64 * 1e6,
                f.floor,
                f.maester / f.floor.max(1e-9)
            );
        }
    }
    ratios.sort_by(f64::total_cmp);
    latencies.sort_by(f64::total_cmp);
    maester::say!(
        "median ratio maester/floor: {:.2}× over {} runs; median delivery → answer {:.2}s (poll_seconds at its default); peak memory {} kB",
        ratios[ratios.len() / 2],
        ratios.len(),
        latencies
            .get(latencies.len() / 2)
            .copied()
            .unwrap_or(f64::NAN),
        memory_kb("VmHWM:").unwrap_or(0)
    );
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
