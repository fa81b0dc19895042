//! A whole campaign's figures (issue 40), the game `maester bench --store` plays: six houses
//! by mail through the daemon from round one to the result, the GM's copy on, the default
//! backups. Every mail a close sends is under 1 MB and every player's mail under 300 KB; the
//! whole campaign leaves at most 25 MB of database (the pictures kept as bytes, not base64,
//! the rest of each mail deflated: see docs/benchmarks.md); the backups stay within ten times
//! the database. The figures are printed (`cargo test --test campaign_store -- --nocapture`).

use maester::bench_store::{CloseFigures, run};

#[test]
fn a_whole_campaign_stays_in_tens_of_megabytes() {
    let dir = std::env::temp_dir().join(format!("maester-campaign-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let print = |f: &CloseFigures| {
        println!(
            "round {:>2}: {} closes, database {:>6} kB, backups {:>7} kB ({:>2}), mail {:>5} kB, largest {:>4} kB",
            f.round,
            f.closes,
            f.database / 1024,
            f.backups / 1024,
            f.backup_files,
            f.mail / 1024,
            f.largest_mail / 1024
        )
    };
    let fig = run(&dir, 7, print).unwrap_or_else(|e| panic!("{e}"));
    let closes: usize = fig.ticks.iter().map(|t| t.closes).sum();
    assert!(closes >= 30, "a whole game: {closes} closes");
    let Some(last) = fig.ticks.last() else {
        panic!("no close")
    };
    let largest = fig.ticks.iter().map(|t| t.largest_mail).max().unwrap_or(0);
    assert!(largest < 1024 * 1024, "a mail of {largest} bytes");
    // The reports alone (the GM's copy carries the forum files too).
    let mut largest_report = 0;
    for e in std::fs::read_dir(dir.join("mail/outbox"))
        .into_iter()
        .flatten()
        .flatten()
    {
        let raw = std::fs::read(e.path()).unwrap_or_default();
        let head = String::from_utf8_lossy(&raw[..raw.len().min(2000)]).to_string();
        if !head.contains("gm@bench.example") {
            largest_report = largest_report.max(raw.len());
        }
    }
    assert!(
        largest_report <= 300 * 1024,
        "a player's mail of {largest_report} bytes"
    );
    assert!(
        last.database <= 25_000_000,
        "the database ends at {} bytes after {closes} closes",
        last.database
    );
    assert!(
        last.backups <= 10 * last.database,
        "backups {} bytes for a database of {}",
        last.backups,
        last.database
    );
    println!(
        "whole game: {closes} closes, database {} kB, backups {} kB, largest player mail {} kB",
        last.database / 1024,
        last.backups / 1024,
        largest_report / 1024
    );
    let _ = std::fs::remove_dir_all(&dir);
}
