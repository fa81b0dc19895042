//! A game already running must survive an upgrade: `tests/fixtures/v1-running-game.sqlite` was
//! written by an earlier maester (see `v1-running-game.md`: round 1, the plan step open, plans
//! from four houses stored). Today's code must open it, read every stored state and submission,
//! and close the open step as it would have then — nothing read from the store may fall back to
//! a default.

mod maildir_support;

use chrono::{TimeDelta, TimeZone, Utc};
use maester::config::Config;
use maester::daemon::{Daemon, games};
use maester::rules::Step;
use maildir_support::maester;
use std::path::{Path, PathBuf};

const GAME: &str = "v1-fixture";

/// The houses of the fixture with their addresses and secrets.
const SEATS: [(&str, &str, &str); 6] = [
    ("stark", "a@x.example", "stark-v1"),
    ("greyjoy", "b@x.example", "greyjoy-v1"),
    ("lannister", "c@x.example", "lannister-v1"),
    ("baratheon", "d@x.example", "baratheon-v1"),
    ("tyrell", "e@x.example", "tyrell-v1"),
    ("martell", "f@x.example", "martell-v1"),
];

/// A copy of the fixture in a fresh folder with a Maildir config pointing at it. The game's own
/// settings (players, schedule, seed) are stored with the game, so the config holds no `[game]`.
fn fixture_copy(tag: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("maester-upgrade-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/v1-running-game.sqlite");
    std::fs::copy(&fixture, dir.join("maester.sqlite")).expect("copy the fixture");
    let cfg = dir.join("maester.toml");
    std::fs::write(
        &cfg,
        "[daemon]\ndatabase = \"maester.sqlite\"\naddress = \"referee@test.maester\"\nname = \"maester\"\n\
         [mail]\ntransport = \"maildir\"\n[mail.maildir]\ninbox = \"mail/inbox\"\noutbox = \"mail/outbox\"\n",
    )
    .expect("config");
    (dir, cfg)
}

/// The mails written to the Maildir outbox (`*.eml`) as (recipients, subject + body), sorted.
fn sent_mails(dir: &Path) -> Vec<(String, String)> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dir).expect("outbox folder") {
        let path = e.expect("outbox entry").path();
        if path.extension().and_then(|x| x.to_str()) != Some("eml") {
            continue;
        }
        let raw = std::fs::read(&path).expect("sent mail");
        let d = maester::mail::decode(&raw);
        v.push((d.to.join(","), format!("{}\n{}", d.subject, d.body)));
    }
    v.sort();
    v
}

fn open(cfg: &Path) -> Daemon {
    let config = Config::load(cfg).expect("config loads");
    Daemon::open(config).expect("the fixture opens")
}

/// Every stored submission of round 1, read as today's `Submission` (an unreadable one would be
/// skipped with a warning by the daemon: here it fails).
fn stored_submissions(d: &Daemon) -> Vec<(String, String, maester::game::Submission)> {
    let mut out = Vec::new();
    for step in Step::ALL {
        let rows = d
            .store
            .current_submissions(GAME, 1, step.key())
            .expect("submissions readable");
        for r in rows {
            let s = serde_json::from_value(r.parsed.clone())
                .unwrap_or_else(|e| panic!("submission {} of {}: {e}", r.id, r.house));
            out.push((r.house, r.step, s));
        }
    }
    out.sort_by(|a, b| (&a.1, &a.0).cmp(&(&b.1, &b.0)));
    out
}

#[test]
fn v1_running_game_loads_and_closes_its_plan_step_after_the_upgrade() {
    let (dir, cfg) = fixture_copy("plan");
    // Written at schema version 1; opening it applies the later migrations.
    let written_at: i64 = rusqlite::Connection::open(dir.join("maester.sqlite"))
        .and_then(|c| c.query_row("PRAGMA user_version", [], |r| r.get(0)))
        .expect("the fixture's schema version");
    assert_eq!(written_at, 1);
    let mut d = open(&cfg);
    assert_eq!(
        d.store.schema_version().expect("schema version"),
        maester::store::SCHEMA_VERSION
    );

    // The game as recorded: round 1, plan step open with its deadline, three snapshots.
    let row = d.store.game(GAME).expect("game row").expect("the game");
    let deadline = Utc
        .with_ymd_and_hms(2026, 11, 24, 2, 1, 0)
        .single()
        .expect("time");
    assert_eq!(row.deadline, Some(deadline));
    let g = games::load(&d, GAME).expect("the stored state reads as today's GameState");
    assert_eq!(g.state.round, 1);
    assert_eq!(g.state.step, Step::Plan);
    assert_eq!(g.seq, 3);
    assert_eq!(g.row.seed, "v1-running-game-seed");
    let index = d.store.snapshot_index(GAME).expect("snapshot index");
    assert_eq!(
        index,
        vec![
            (1, 1, "placement".to_string()),
            (2, 1, "raven".to_string()),
            (3, 1, "plan".to_string()),
        ]
    );
    // Every snapshot, not only the latest, is still a readable state.
    for (seq, _, _) in &index {
        let snap = d
            .store
            .snapshot(GAME, *seq)
            .expect("snapshot")
            .expect("snapshot row");
        maester::daemon::stored::decode(snap.state)
            .unwrap_or_else(|e| panic!("snapshot {seq}: {e}"));
    }

    // Houses, addresses and secrets as recorded.
    let houses = d.store.houses(GAME).expect("houses");
    assert_eq!(houses.len(), 6);
    for (house, address, secret) in SEATS {
        let h = d
            .store
            .house(GAME, house)
            .expect("house row")
            .unwrap_or_else(|| panic!("no house {house}"));
        assert_eq!(h.address, address);
        assert!(
            d.store.verify_secret(GAME, house, secret).expect("verify"),
            "the secret of {house} still works"
        );
    }

    // The stored submissions: placement from five houses (Tyrell silent), Lannister's Raven
    // change, and plans from Stark, Greyjoy (sent early), Lannister and Baratheon.
    let subs: Vec<(String, String)> = stored_submissions(&d)
        .into_iter()
        .map(|(h, s, _)| (s, h))
        .collect();
    let want: Vec<(String, String)> = [
        ("placement", "baratheon"),
        ("placement", "greyjoy"),
        ("placement", "lannister"),
        ("placement", "martell"),
        ("placement", "stark"),
        ("plan", "baratheon"),
        ("plan", "greyjoy"),
        ("plan", "lannister"),
        ("plan", "stark"),
        ("raven", "lannister"),
    ]
    .iter()
    .map(|(s, h)| (s.to_string(), h.to_string()))
    .collect();
    assert_eq!(subs, want);

    // `maester status` reads it, in both forms.
    let text = maester::daemon::status::show(&d, None, false, Some(maester::board::Lang::En))
        .expect("status of the fixture");
    assert!(
        text.starts_with("game v1-fixture: round 1, execution plan"),
        "{text}"
    );
    let o = maester(&cfg, &["status", "--json"], None);
    assert!(
        o.status.success(),
        "maester status: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("status JSON");
    assert_eq!(v["game"], GAME);
    assert_eq!(v["round"], 1);
    assert_eq!(v["step"], "plan");

    // Resume: a tick before the deadline closes nothing; it sends the one reminder due (the
    // default 4 h before) to Martell, the only house still silent …
    let t = d.tick(deadline - TimeDelta::minutes(1)).expect("tick");
    assert_eq!(
        (t.stored, t.steps_closed, t.reminders, t.sent),
        (0, 0, 1, 1),
        "{t:?}"
    );

    // … a tick past it finds Martell late: the plan step's grace begins (12 h, the default of a
    // game stored before the deadline policy), Martell gets a late notice, the others the late
    // list …
    let t = d.tick(deadline + TimeDelta::minutes(1)).expect("tick");
    assert_eq!((t.steps_closed, t.sent), (0, 6), "{t:?}");

    // … and a tick past the grace closes the plan step: Martell's plan is taken by default,
    // the round ends, every house gets its report.
    let t = d
        .tick(deadline + TimeDelta::hours(12) + TimeDelta::minutes(1))
        .expect("tick");
    assert_eq!(t.steps_closed, 1, "{t:?}");
    assert_eq!(t.sent, 6, "{t:?}");
    assert_eq!(t.send_failures, 0, "{t:?}");

    let index = d.store.snapshot_index(GAME).expect("snapshot index");
    assert_eq!(index.len(), 4, "{index:?}");
    let g = games::load(&d, GAME).expect("the new state reads back");
    assert_eq!(g.seq, 4);
    assert_eq!(g.state.round, 2, "the plan step ended round 1");
    assert_eq!(g.state.step, Step::Events);
    let row = d.store.game(GAME).expect("game row").expect("the game");
    assert!(row.deadline.is_some_and(|t| t > deadline), "{row:?}");

    // The one reminder went to Martell; then (beside the grace's notices) one report to each
    // house, about the plan of round 1.
    let (reminders, mails): (Vec<_>, Vec<_>) = sent_mails(&dir.join("mail/outbox"))
        .into_iter()
        .filter(|(_, b)| !(b.contains("截止时间已过") || b.contains("past its deadline")))
        .partition(|(_, b)| b.contains("提醒:") || b.contains("Reminder:"));
    assert_eq!(reminders.len(), 1, "{reminders:#?}");
    assert!(reminders[0].0.contains("f@x.example"), "{reminders:#?}");
    assert_eq!(mails.len(), 6, "{mails:#?}");
    for (_, address, _) in SEATS {
        let to_house: Vec<&(String, String)> = mails
            .iter()
            .filter(|(to, _)| to.contains(address))
            .collect();
        assert_eq!(to_house.len(), 1, "one report to {address}: {mails:#?}");
    }
    let report = |address: &str| -> &str {
        mails
            .iter()
            .find(|(to, _)| to.contains(address))
            .map(|(_, b)| b.as_str())
            .unwrap_or_else(|| panic!("no report to {address}"))
    };
    let stark = report("a@x.example");
    assert!(stark.contains("第1回合 制定执行方案阶段结果"), "{stark}");
    assert!(stark.contains("地图状态"), "{stark}");
    // Baratheon reads English; its report shows the stored plans carried out, Martell's taken
    // by default, and round 2's events drawn from the stored deck.
    let baratheon = report("d@x.example");
    for line in [
        "round 1: execution plan results",
        "Raid: Lannister raids Ironman's Bay from The Golden Sound",
        "March: Lannister moves 1 knight from Lannisport to Riverrun.",
        "March: Stark moves 1 footman, 1 knight from Winterfell to Moat Cailin.",
        "Battle: Greyjoy attacks Moat Cailin from Greywater Watch (defended by Stark).",
        "Martell sent no plan",
        "round 2 economic event: Last Days of Summer",
        "Next: round 2, event phase",
    ] {
        assert!(
            baratheon.contains(line),
            "{line:?} missing in:\n{baratheon}"
        );
    }
    // Lannister's stored plan was carried out: its knight left Lannisport for Riverrun.
    let v = maester::words::view::view(&g.board, &g.state, maester::board::Lang::En);
    let riverrun = v
        .areas
        .iter()
        .find(|a| a.key == "riverrun")
        .expect("Riverrun in the view");
    assert_eq!(
        riverrun.holder.as_deref(),
        Some("lannister"),
        "{riverrun:?}"
    );

    // And status still reads the game after the step.
    let o = maester(&cfg, &["status", "--json"], None);
    assert!(o.status.success());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("status JSON");
    assert_eq!(v["round"], 2);
    let _ = std::fs::remove_dir_all(&dir);
}
