//! The daemon on the embedded default (Maildir + SQLite): the demo round, and crash safety —
//! killing `maester run` while it processes a mail neither loses nor repeats that mail.

use std::path::{Path, PathBuf};
use std::process::Command;

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("maester-test-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn outbox_files(dir: &Path) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| {
                    let raw = std::fs::read(e.path()).unwrap_or_default();
                    let d = maester::mail::decode(&raw);
                    (d.to.join(","), format!("{}\n{}", d.subject, d.body))
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

#[test]
fn demo_round_answers_every_mail_and_mails_reports_with_the_map() {
    let dir = temp_dir("demo");
    if let Err(e) = maester::demo::run(&dir) {
        panic!("demo failed: {e}");
    }
    let mails = outbox_files(&dir.join("mail/outbox"));
    let to = |addr: &str| -> Vec<&String> {
        mails
            .iter()
            .filter(|(t, _)| t.contains(addr))
            .map(|(_, b)| b)
            .collect()
    };
    // Welcome + placement answer + placement report + plan answer + plan report.
    assert_eq!(
        to("arya@north.example").len(),
        5,
        "{:#?}",
        to("arya@north.example")
    );
    // Martell sent a mistake and its correction: two answers.
    let martell = to("viper@dorne.example");
    assert_eq!(martell.len(), 6);
    assert!(
        martell
            .iter()
            .any(|b| b.contains("盐海案") && b.contains("盐海岸")),
        "the typo is named with a suggestion"
    );
    // The out-of-office answer of kraken@ was not answered: 5 mails only.
    assert_eq!(to("kraken@iron.example").len(), 5);
    // The English player gets English mail.
    assert!(
        to("stannis@storm.example")
            .iter()
            .any(|b| b.contains("results of"))
    );
    // Every house's last report holds the battle and the map state.
    for addr in [
        "arya@north",
        "kraken@iron",
        "tywin@rock",
        "rose@reach",
        "viper@dorne",
    ] {
        let last = to(addr)
            .into_iter()
            .find(|b| b.contains("执行方案") && b.contains("地图状态"));
        let Some(report) = last else {
            panic!("no plan report for {addr}")
        };
        assert!(report.contains("战斗"), "{report}");
        assert!(report.contains("卡林湾"), "{report}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn write_config(dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap_or_default();
    let cfg = dir.join("maester.toml");
    let text = r#"
[daemon]
address = "referee@test.maester"
[mail]
transport = "maildir"
[game]
id = "crash"
seed = "s"
[game.schedule]
timezone = "UTC"
[game.schedule.steps]
default = "1d"
[[game.players]]
house = "stark"
name = "A"
address = "a@x.example"
[[game.players]]
house = "greyjoy"
name = "B"
address = "b@x.example"
[[game.players]]
house = "lannister"
name = "C"
address = "c@x.example"
[[game.players]]
house = "baratheon"
name = "D"
address = "d@x.example"
[[game.players]]
house = "tyrell"
name = "E"
address = "e@x.example"
[[game.players]]
house = "martell"
name = "F"
address = "f@x.example"
"#;
    std::fs::write(&cfg, text).unwrap_or_default();
    cfg
}

fn maester(cfg: &Path, args: &[&str], failpoint: Option<&str>) -> std::process::Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_maester"));
    c.arg("--config").arg(cfg).args(args);
    match failpoint {
        Some(f) => c.env("MAESTER_FAILPOINT", f),
        None => c.env_remove("MAESTER_FAILPOINT"),
    };
    match c.output() {
        Ok(o) => o,
        Err(e) => panic!("cannot run maester: {e}"),
    }
}

fn order_mail(id: &str) -> Vec<u8> {
    format!(
        "From: A <a@x.example>\r\nTo: referee@test.maester\r\nSubject: orders\r\nMessage-ID: <{id}@x.example>\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\nsecret: stark-s\r\n临冬城 行军+1\r\n白港 支援\r\n"
    )
    .into_bytes()
}

fn answers_to_a(dir: &Path) -> usize {
    outbox_files(&dir.join("mail/outbox"))
        .iter()
        .filter(|(t, b)| t.contains("a@x.example") && b.starts_with("[crash] 已收到"))
        .count()
}

#[test]
fn killed_while_processing_a_mail_neither_loses_nor_repeats_it() {
    let dir = temp_dir("crash");
    let cfg = write_config(&dir);
    // A GM creates the game with known secrets through the library (new-game makes random ones).
    {
        let config = match maester::config::Config::load(&cfg) {
            Ok(c) => c,
            Err(e) => panic!("{e}"),
        };
        let mut d = match maester::daemon::Daemon::open(config) {
            Ok(d) => d,
            Err(e) => panic!("{e}"),
        };
        let secrets = [
            "stark",
            "greyjoy",
            "lannister",
            "baratheon",
            "tyrell",
            "martell",
        ]
        .iter()
        .map(|h| format!("{h}-s"))
        .collect();
        if let Err(e) = maester::daemon::games::new_game(&mut d, chrono::Utc::now(), Some(secrets))
        {
            panic!("{e}");
        }
    }
    let inbox = dir.join("mail/inbox");
    if let Err(e) = maester::demo::deliver(&inbox, "m1", &order_mail("m1")) {
        panic!("{e}");
    }
    // 1. Killed after the mail was stored but before it was answered.
    let o = maester(&cfg, &["run", "--once"], Some("after-fetch"));
    assert!(!o.status.success(), "the failpoint must kill the process");
    assert_eq!(answers_to_a(&dir), 0);
    // 2. Killed after the answer was queued but before it was sent; the mail shows up again in the
    //    Maildir (a server that redelivers) — it must not be answered twice.
    let o = maester(&cfg, &["run", "--once"], Some("after-process"));
    assert!(!o.status.success());
    assert_eq!(answers_to_a(&dir), 0);
    if let Err(e) = maester::demo::deliver(&inbox, "m1-again", &order_mail("m1")) {
        panic!("{e}");
    }
    // 3. A clean run sends the one answer.
    let o = maester(&cfg, &["run", "--once"], None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = maester(&cfg, &["run", "--once"], None);
    assert!(o.status.success());
    assert_eq!(answers_to_a(&dir), 1, "exactly one answer to the one mail");
    // The submission is stored once.
    let o = maester(&cfg, &["status", "--json"], None);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
    assert_eq!(v["game"], "crash");
    assert_eq!(v["step"], "placement");
    let _ = std::fs::remove_dir_all(&dir);
}
