//! Whole games: generated submissions read back the same through the order language, and a
//! complete game played by mail through the daemon on a Maildir, round 1 to the end.

use maester::board::{Board, Lang};
use maester::game::{self, Options};
use maester::lang::submit as parse;
use maester::robot_players::{Players, Seat, tick_on};
use maester::rules::{GameState, Step};
use maester::sim::{Rng, submission, text};

fn board() -> Board {
    Board::default_board().unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn generated_submissions_read_back_the_same_through_the_language() {
    let b = board();
    let names = parse::names(&b);
    let mut checked = 0;
    for g in 0..4u64 {
        let mut rng = Rng::new(100 + g);
        let mut s = GameState::new_game(&b);
        maester::rules::event_phase::events::start_game(
            &b,
            &mut s,
            &format!("rt-{g}"),
            Default::default(),
        );
        let lang = if g % 2 == 0 { Lang::Zh } else { Lang::En };
        while s.step != Step::Finished {
            let mut subs = Vec::new();
            for h in game::expected(&b, &s) {
                let Some(sub) = submission(&b, &s, h, &mut rng) else {
                    continue;
                };
                let lines = text::text(&sub, &names, lang);
                let mail = format!("secret: x\n{}\n", lines.join("\n"));
                let parsed = parse::parse_mail(&b, &s, &mail, lang);
                assert!(
                    parsed.errors.is_empty(),
                    "{} {:?}\n{mail}\n{:?}",
                    s.step.key(),
                    lang,
                    parsed.errors
                );
                if !lines.is_empty() {
                    assert_eq!(parsed.submission.as_ref(), Some(&sub), "{mail}");
                    checked += 1;
                }
                subs.push((h, sub));
            }
            s = game::close_steps(&b, &s, &subs, Options::default()).state;
        }
    }
    assert!(checked > 60, "only {checked} submissions checked");
}

const CONFIG: &str = r#"
[daemon]
address = "referee@full.maester"
[mail]
transport = "maildir"
[game]
id = "full"
seed = "a whole game"
early_close = true
[game.schedule]
timezone = "UTC"
[game.schedule.steps]
placement = "1d"
plan = "1d"
default = "12h"
[[game.players]]
house = "stark"
name = "A"
address = "a@full.example"
[[game.players]]
house = "greyjoy"
name = "B"
address = "b@full.example"
[[game.players]]
house = "lannister"
name = "C"
address = "c@full.example"
[[game.players]]
house = "baratheon"
name = "D"
address = "d@full.example"
language = "en"
[[game.players]]
house = "tyrell"
name = "E"
address = "e@full.example"
[[game.players]]
house = "martell"
name = "F"
address = "f@full.example"
"#;

const HOUSES: [(&str, &str); 6] = [
    ("stark", "a"),
    ("greyjoy", "b"),
    ("lannister", "c"),
    ("baratheon", "d"),
    ("tyrell", "e"),
    ("martell", "f"),
];

fn outbox(dir: &std::path::Path) -> Vec<(String, String, String)> {
    let mut v: Vec<(String, String, String)> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
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

#[test]
fn a_whole_game_by_mail_from_round_one_to_the_result() {
    use chrono::{DateTime, Utc};
    use maester::daemon::{Daemon, games};
    let dir = std::env::temp_dir().join(format!("maester-full-game-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let cfg_path = dir.join("maester.toml");
    std::fs::write(&cfg_path, CONFIG).unwrap_or_else(|e| panic!("{e}"));
    let config = maester::config::Config::load(&cfg_path).unwrap_or_else(|e| panic!("{e}"));
    let inbox = config.path(&config.mail.maildir.inbox);
    let outdir = config.path(&config.mail.maildir.outbox);
    let mut d = Daemon::open(config).unwrap_or_else(|e| panic!("{e}"));
    let mut now: DateTime<Utc> = "2026-01-01T08:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let secrets: Vec<String> = HOUSES.iter().map(|(h, _)| format!("{h}-pw")).collect();
    games::new_game(&mut d, now, Some(secrets)).unwrap_or_else(|e| panic!("{e}"));
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    let seed = std::env::var("MAESTER_FULL_GAME_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(7);
    let seats = HOUSES
        .iter()
        .map(|(h, a)| {
            let lang = if *h == "baratheon" {
                Lang::En
            } else {
                Lang::Zh
            };
            Seat::new(h, a, lang, "-pw")
        })
        .collect();
    let mut players = Players::new(seats, "full.example", "referee@full.maester", seed);
    let mut closes = 0;
    for _ in 0..300 {
        let g = games::load(&d, "full").unwrap_or_else(|e| panic!("{e}"));
        if g.state.step == Step::Finished {
            break;
        }
        players
            .write(&d, "full", &inbox, now, |_| false)
            .unwrap_or_else(|e| panic!("{e}"));
        closes += tick_on(&mut d, "full", &mut now).unwrap_or_else(|e| panic!("{e}"));
    }
    let sent = players.sent();
    let g = games::load(&d, "full").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.state.step, Step::Finished, "round {}", g.state.round);
    assert!(g.state.round >= 10 || g.state.winner.is_some());
    assert!(g.state.economy.result.is_some());
    let mails = outbox(&outdir);
    let not_accepted: Vec<_> = mails
        .iter()
        .filter(|(_, s, _)| s.contains("未接受") || s.contains("not accepted"))
        .collect();
    assert!(not_accepted.is_empty(), "{not_accepted:#?}");
    for (key, addr) in HOUSES {
        let mine: Vec<&(String, String, String)> = mails
            .iter()
            .filter(|(to, _, _)| to.contains(&format!("{addr}@full.example")))
            .collect();
        let reports = mine
            .iter()
            .filter(|(_, s, _)| s.ends_with("结果") || s.ends_with("results"))
            .count();
        assert_eq!(reports, closes, "{key} received every report");
        let welcome = mine
            .iter()
            .find(|(_, s, _)| s.contains("欢迎") || s.contains("Welcome"))
            .unwrap_or_else(|| panic!("{key}: no welcome"));
        // Round 2's events are told to the King (Baratheon), Fiefdoms #1 (Greyjoy) and the
        // Raven holder (Lannister) only.
        let told = welcome.2.contains("仅发给你") || welcome.2.contains("For you only");
        assert_eq!(
            told,
            ["baratheon", "greyjoy", "lannister"].contains(&key),
            "{key}"
        );
        assert!(
            mine.iter()
                .any(|(_, _, b)| b.contains("本局随机种子")
                    || b.contains("random seed: a whole game")),
            "{key}: the seed is published at the end"
        );
    }
    assert!(mails.iter().any(|(_, _, b)| b.contains("事件与回合结束")));
    assert!(
        sent > 60,
        "only {sent} submissions mailed; round {} {:?}",
        g.state.round,
        g.state.economy.result
    );
    eprintln!(
        "whole game by mail: round {}, {closes} closes, {sent} submissions, {:?}",
        g.state.round, g.state.economy.result
    );
    if std::env::var_os("MAESTER_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
}
