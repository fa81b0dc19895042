//! Readable references in every player mail: a game played by mail through the daemon on a
//! Maildir (the real store), with reminders, late notices, the welcome and the secret notices,
//! answers and reports, in zh, zh-Hant and en; no mail to a player shows a raw rule reference
//! ("004:L…", "A-26", "规则f", "L1179/L1192"), while the GM's copy keeps the exact lines.

use chrono::{DateTime, TimeDelta, Utc};
use maester::board::Lang;
use maester::daemon::{Daemon, games};
use maester::robot_players::{Players, Seat};
use maester::rules::Step;

const HOUSES: [(&str, &str, &str); 6] = [
    ("stark", "a", "zh-Hant"),
    ("greyjoy", "b", "zh"),
    ("lannister", "c", "zh"),
    ("baratheon", "d", "en"),
    ("tyrell", "e", "zh"),
    ("martell", "f", "en"),
];

fn config() -> String {
    let mut text =
        "[daemon]\naddress = \"referee@refs.maester\"\ngm_address = \"gm@refs.example\"\n\
         [mail]\ntransport = \"maildir\"\n[game]\nid = \"refs\"\nseed = \"readable refs\"\n\
         early_close = true\n[game.schedule]\ntimezone = \"UTC\"\n[game.schedule.steps]\n\
         default = \"1d\"\n[game.reminders]\nbefore = [\"4h\"]\n"
            .to_string();
    for (h, a, l) in HOUSES {
        text.push_str(&format!(
            "[[game.players]]\nhouse = \"{h}\"\nname = \"{}\"\naddress = \"{a}@refs.example\"\nlanguage = \"{l}\"\n",
            a.to_uppercase()
        ));
    }
    text
}

/// Every mail sent as (recipients, subject, text body).
fn outbox(dir: &std::path::Path) -> Vec<(String, String, String)> {
    let mut v: Vec<(String, String, String)> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter(|e| e.path().is_file())
                .map(|e| {
                    let raw = std::fs::read(e.path()).unwrap_or_default();
                    let d = maester::mail::decode(&raw);
                    (d.to.join(","), d.subject, d.body)
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// The raw references a text shows: those `words::cite` reads, and the lettered retreat
/// rules ("规则f", "rule f").
fn raw_references(text: &str) -> Vec<String> {
    let mut found: Vec<String> = maester::words::cite::references_in(text)
        .iter()
        .map(|r| format!("{r:?}"))
        .collect();
    for l in 'a'..='f' {
        for p in [format!("规则{l}"), format!("規則{l}"), format!("(rule {l}")] {
            if text.contains(&p) {
                found.push(p);
            }
        }
    }
    if text.contains("/L1") || text.contains("/L2") {
        found.push("/L…".into());
    }
    found
}

#[test]
fn no_player_mail_of_a_played_game_shows_a_raw_rule_reference() {
    let dir = std::env::temp_dir().join(format!("maester-refs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let cfg_path = dir.join("maester.toml");
    std::fs::write(&cfg_path, config()).unwrap_or_else(|e| panic!("{e}"));
    let config = maester::config::Config::load(&cfg_path).unwrap_or_else(|e| panic!("{e}"));
    let inbox = config.path(&config.mail.maildir.inbox);
    let outdir = config.path(&config.mail.maildir.outbox);
    let mut d = Daemon::open(config).unwrap_or_else(|e| panic!("{e}"));
    let mut now: DateTime<Utc> = "2026-01-01T08:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut secrets: Vec<String> = HOUSES.iter().map(|(h, _, _)| format!("{h}-pw")).collect();
    secrets.push("gm-pw".into());
    games::new_game(&mut d, now, Some(secrets)).unwrap_or_else(|e| panic!("{e}"));
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    let seats = HOUSES
        .iter()
        .map(|(h, a, l)| Seat::new(h, a, if *l == "en" { Lang::En } else { Lang::Zh }, "-pw"))
        .collect();
    let mut players = Players::new(seats, "refs.example", "referee@refs.maester", 11);
    for i in 0..400 {
        let g = games::load(&d, "refs").unwrap_or_else(|e| panic!("{e}"));
        if g.state.step == Step::Finished || g.state.round > 4 {
            break;
        }
        // Tyrell is silent every other step: reminders, late notices and defaults.
        players
            .write(&d, "refs", &inbox, now, |key| key == "tyrell" && i % 2 == 0)
            .unwrap_or_else(|e| panic!("{e}"));
        now += TimeDelta::minutes(5);
        if d.tick(now).unwrap_or_else(|e| panic!("{e}")).steps_closed == 0 {
            let deadline = d
                .store
                .game("refs")
                .ok()
                .flatten()
                .and_then(|g| g.deadline)
                .unwrap_or(now);
            // First the reminder window, then past the deadline (a grace and its late notices).
            now = if now < deadline - TimeDelta::hours(3) {
                deadline - TimeDelta::hours(3)
            } else {
                deadline + TimeDelta::minutes(1)
            };
            d.tick(now).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    let g = games::load(&d, "refs").unwrap_or_else(|e| panic!("{e}"));
    assert!(g.state.round >= 3, "round {}", g.state.round);
    let mails = outbox(&outdir);
    let to_players: Vec<_> = mails
        .iter()
        .filter(|(to, _, _)| !to.contains("gm@refs.example"))
        .collect();
    let kinds = |needle: &[&str]| {
        to_players
            .iter()
            .filter(|(_, s, b)| needle.iter().any(|n| s.contains(n) || b.contains(n)))
            .count()
    };
    assert!(kinds(&["欢迎", "歡迎", "Welcome"]) >= 6, "welcome mails");
    assert!(kinds(&["提醒", "Reminder", "reminder"]) > 0, "reminders");
    assert!(
        kinds(&["仅发给你", "僅發給你", "For you only"]) > 0,
        "secret notices"
    );
    let mut bad = Vec::new();
    for (to, subject, body) in &to_players {
        let refs = raw_references(&format!("{subject}\n{body}"));
        if !refs.is_empty() {
            bad.push(format!("to {to}, {subject}: {refs:?}\n{body}"));
        }
    }
    assert!(
        bad.is_empty(),
        "{} player mails with raw references:\n{}",
        bad.len(),
        bad.join("\n-----\n")
    );
    let gm_copies: Vec<_> = mails
        .iter()
        .filter(|(to, _, _)| to.contains("gm@refs.example"))
        .collect();
    assert!(
        gm_copies.iter().any(|(_, _, b)| b.contains("004:L")),
        "the GM's copy keeps the exact lines"
    );
    if std::env::var_os("MAESTER_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
}
