//! The daemon on the embedded default (Maildir + SQLite): the demo round, and crash safety —
//! killing `maester run` while it processes a mail neither loses nor repeats that mail.

mod maildir_support;

use maildir_support::*;
use std::path::Path;

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

fn order_mail(id: &str) -> Vec<u8> {
    mail_from(
        "a@x.example",
        id,
        "secret: stark-s\r\n临冬城 行军+1\r\n白港 支援\r\n",
    )
}

fn answers_to_a(dir: &Path) -> usize {
    outbox_files(&dir.join("mail/outbox"))
        .iter()
        .filter(|(t, b)| t.contains("a@x.example") && b.starts_with("Re: [crash] 已收到"))
        .count()
}

#[test]
fn killed_while_processing_a_mail_neither_loses_nor_repeats_it() {
    let dir = temp_dir("crash");
    let cfg = write_config(&dir, "crash");
    new_game_with_known_secrets(&cfg);
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
