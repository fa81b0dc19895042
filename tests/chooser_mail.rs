//! The chooser events by mail (optional rules, 004:L2640–L2644, A-71): on a local Maildir, the
//! King is asked for his choice at 利刃王座 while the others are told who chooses, a choice from
//! another house is refused with the reason, and the King's answer by mail decides the event.

use chrono::{DateTime, TimeDelta, Utc};
use maester::board::Board;
use maester::daemon::{Daemon, games};
use maester::rules::event_phase::events::{self, Category, EventCard, EventSettings};
use maester::rules::{GameState, Step};

const HOUSES: [(&str, &str); 6] = [
    ("stark", "a"),
    ("greyjoy", "b"),
    ("lannister", "c"),
    ("baratheon", "d"),
    ("tyrell", "e"),
    ("martell", "f"),
];

/// A game seed whose round 2 draws A Throne of Blades in the economic category, found the way
/// `new-game` draws (one-time orders on: preview and chooser events, A-70 default 0.1).
fn seed_with_throne_of_blades(b: &Board) -> String {
    (0..2000)
        .map(|i| format!("chooser-{i}"))
        .find(|seed| {
            let mut s = GameState::new_game(b);
            events::start_game(
                b,
                &mut s,
                seed,
                EventSettings::with_probability(0.1, true, true),
            );
            events::upcoming(&s, 2).is_some_and(|r| {
                r.draw(Category::Economic).card == EventCard::ThroneOfBlades
                    && !r.draw(Category::Economic).winter
            })
        })
        .unwrap_or_else(|| panic!("no seed draws A Throne of Blades in round 2"))
}

/// The game's config: silent steps close at their deadline, complete ones at once (no grace, no
/// delay: they are checked in tests/grace.rs and tests/early_close_delay.rs).
fn config(seed: &str) -> String {
    let mut text = format!(
        "[daemon]\naddress = \"referee@choice.maester\"\n[mail]\ntransport = \"maildir\"\n\
         [game]\nid = \"choice\"\nseed = \"{seed}\"\nearly_close = true\n\
         [game.rules]\none_time_orders = true\n[game.events]\nwinter_is_coming = 0.1\n\
         [game.schedule]\ntimezone = \"UTC\"\n[game.schedule.steps]\ndefault = \"1d\"\n\
         [game.deadlines]\ngrace = {{}}\nearly_close_delay = \"0m\"\n"
    );
    for (h, a) in HOUSES {
        text.push_str(&format!(
            "[[game.players]]\nhouse = \"{h}\"\nname = \"{a}\"\naddress = \"{a}@choice.example\"\n"
        ));
    }
    text
}

/// Every mail sent so far as (recipients, subject, body).
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

fn deliver(inbox: &std::path::Path, n: usize, from: &str, body: &str) {
    let raw = format!(
        "From: <{from}@choice.example>\r\nTo: referee@choice.maester\r\nSubject: [choice] orders\r\n\
         Message-ID: <c{n}@choice.example>\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}"
    );
    maester::demo::deliver(inbox, &format!("c{n}.eml"), raw.as_bytes())
        .unwrap_or_else(|e| panic!("{e}"));
}

/// 004:L2640, A-71: the King is asked by mail, only he may choose, and his choice by mail makes
/// the round's economic event Supply (wildlings +1, T-49).
#[test]
fn the_king_is_asked_by_mail_and_his_answer_decides_throne_of_blades_004_l2640() {
    let b = Board::default_board().unwrap_or_else(|e| panic!("{e}"));
    let seed = seed_with_throne_of_blades(&b);
    let dir = std::env::temp_dir().join(format!("maester-chooser-mail-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let cfg_path = dir.join("maester.toml");
    std::fs::write(&cfg_path, config(&seed)).unwrap_or_else(|e| panic!("{e}"));
    let config = maester::config::Config::load(&cfg_path).unwrap_or_else(|e| panic!("{e}"));
    let inbox = config.path(&config.mail.maildir.inbox);
    let outdir = config.path(&config.mail.maildir.outbox);
    let mut d = Daemon::open(config).unwrap_or_else(|e| panic!("{e}"));
    let mut now: DateTime<Utc> = "2026-03-01T08:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let secrets: Vec<String> = HOUSES.iter().map(|(h, _)| format!("{h}-pw")).collect();
    games::new_game(&mut d, now, Some(secrets)).unwrap_or_else(|e| panic!("{e}"));
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    // The public preview of the welcome mail shows the chooser card and who chooses.
    let welcome = outbox(&outdir);
    assert!(
        welcome
            .iter()
            .all(|(_, _, body)| body.contains("利刃王座(国王选择:征兵/补给结算/盛夏之末)")),
        "{welcome:#?}"
    );
    // Round 1 passes in silence: round 2 opens with the choice.
    now += TimeDelta::days(1) + TimeDelta::minutes(1);
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    let g = games::load(&d, "choice").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((g.state.round, g.state.step), (2, Step::Events));
    let king = g.state.throne_order()[0];
    assert_eq!(g.board.house(king).key, "baratheon");
    assert_eq!(maester::game::expected(&g.board, &g.state), vec![king]);
    let reports: Vec<_> = outbox(&outdir)
        .into_iter()
        .filter(|(_, s, _)| s.contains("第1回合"))
        .collect();
    let to_king = reports
        .iter()
        .find(|(to, _, _)| to.contains("d@choice.example"))
        .unwrap_or_else(|| panic!("no report to the King"));
    assert!(
        to_king.2.contains("由你选择本回合的经济事件") && to_king.2.contains("选择: 征兵"),
        "{}",
        to_king.2
    );
    let to_stark = reports
        .iter()
        .find(|(to, _, _)| to.contains("a@choice.example"))
        .unwrap_or_else(|| panic!("no report to Stark"));
    assert!(
        to_stark.2.contains("本回合先选择事件") && to_stark.2.contains("黄鹿选择利刃王座"),
        "{}",
        to_stark.2
    );
    // Stark may not choose; the King does.
    let before = outbox(&outdir).len();
    deliver(&inbox, 1, "a", "密码: stark-pw\n选择: 征兵\n");
    now += TimeDelta::minutes(5);
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    let answers = outbox(&outdir);
    assert!(
        answers
            .iter()
            .any(|(to, _, body)| to.contains("a@choice.example")
                && body.contains("你不是有权选择事件的家族")
                && body.contains("利刃王座由黄鹿选择")),
        "{:#?}",
        &answers[before..]
    );
    deliver(&inbox, 2, "d", "密码: baratheon-pw\n選擇: 補給結算\n");
    now += TimeDelta::minutes(5);
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    let g = games::load(&d, "choice").unwrap_or_else(|e| panic!("{e}"));
    let current = events::current(&g.state).unwrap_or_else(|| panic!("no current events"));
    if g.state.step == Step::Events && current.draw(Category::Economic).chosen.is_none() {
        // Without an early close the choice waits for its deadline.
        now += TimeDelta::days(1) + TimeDelta::minutes(1);
        d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    }
    let g = games::load(&d, "choice").unwrap_or_else(|e| panic!("{e}"));
    let current = events::current(&g.state).unwrap_or_else(|| panic!("no current events"));
    assert_eq!(
        current.draw(Category::Economic).chosen,
        Some(EventCard::Supply),
        "the King's answer by mail decides"
    );
    let mails = outbox(&outdir);
    assert!(
        mails.iter().any(|(to, _, body)| to.contains("d@choice.example")
            && body.contains("選擇: 補給結算")),
        "the King's answer is echoed canonically, in the Traditional characters he wrote"
    );
    assert!(
        mails
            .iter()
            .any(|(_, _, body)| body.contains("黄鹿选择了经济事件:补给结算")),
        "everybody's report names the choice"
    );
    if std::env::var_os("MAESTER_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
}
