//! GM commands on a running game (`maester gm …`), on the embedded Maildir default: seating a
//! substitute (004:L492), a house turning neutral when its player leaves, and closing the
//! open step with a guard on which step it is.

mod maildir_support;

use maildir_support::*;
use std::path::Path;

fn inbox(dir: &Path) -> std::path::PathBuf {
    dir.join("mail/inbox")
}

fn mails_to<'a>(all: &'a [(String, String)], addr: &str) -> Vec<&'a String> {
    all.iter()
        .filter(|(t, _)| t.contains(addr))
        .map(|(_, b)| b)
        .collect()
}

fn deliver(dir: &Path, key: &str, raw: &[u8]) {
    if let Err(e) = maester::demo::deliver(&inbox(dir), key, raw) {
        panic!("{e}");
    }
}

fn ok(o: &std::process::Output) -> String {
    assert!(
        o.status.success(),
        "maester failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn gm_replace_seats_a_substitute_with_a_new_secret_004_l492() {
    let dir = temp_dir("gm-replace");
    let cfg = write_config(&dir, "g1");
    new_game_with_known_secrets(&cfg);
    let out = ok(&maester(
        &cfg,
        &[
            "gm",
            "replace",
            "--house",
            "白狼",
            "--name",
            "Zed",
            "--email",
            "z@x.example",
        ],
        None,
    ));
    let Some(secret) = out
        .lines()
        .find_map(|l| l.trim().strip_prefix("new secret: "))
        .map(str::to_string)
    else {
        panic!("no secret printed: {out}")
    };
    let sent = outbox_files(&dir.join("mail/outbox"));
    // Two mails: the welcome with the secret, and the catch-up (the rounds so far), without.
    let mails = mails_to(&sent, "z@x.example");
    assert_eq!(mails.len(), 2, "{mails:#?}");
    let welcome: Vec<_> = mails.iter().filter(|b| b.contains("欢迎接手")).collect();
    assert_eq!(welcome.len(), 1, "{mails:#?}");
    assert!(welcome[0].contains(&secret));
    assert!(
        mails
            .iter()
            .any(|b| b.contains("白狼的近况") && !b.contains(&secret)),
        "{mails:#?}"
    );
    assert!(
        mails_to(&sent, "a@x.example")
            .iter()
            .any(|b| b.contains("你已离开游戏") && !b.contains(&secret)),
        "the old player is told, without the new secret"
    );
    for addr in ["b@x", "c@x", "d@x", "e@x", "f@x"] {
        assert!(
            mails_to(&sent, addr)
                .iter()
                .any(|b| b.contains("换了玩家") && b.contains("Zed") && !b.contains(&secret)),
            "{addr} is told who plays Stark now, not the secret"
        );
    }
    // The old address and the old secret no longer play; the new ones do.
    deliver(
        &dir,
        "old",
        &mail_from("a@x.example", "old", "secret: stark-s\r\n临冬城 行军\r\n"),
    );
    deliver(
        &dir,
        "new",
        &mail_from(
            "z@x.example",
            "new",
            &format!("secret: {secret}\r\n临冬城 行军\r\n"),
        ),
    );
    ok(&maester(&cfg, &["run", "--once"], None));
    let sent = outbox_files(&dir.join("mail/outbox"));
    // The old address holds no seat now: a stranger, kept and not answered (no backscatter).
    assert!(
        !mails_to(&sent, "a@x.example")
            .iter()
            .any(|b| b.contains("已收到") || b.contains("未接受")),
        "the old address is not a player any more"
    );
    assert!(
        mails_to(&sent, "z@x.example")
            .iter()
            .any(|b| b.starts_with("Re: [g1] 已收到")),
        "the substitute's orders are accepted: {:#?}",
        mails_to(&sent, "z@x.example")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn gm_leave_turns_the_house_neutral_and_it_gets_no_more_reports_a21() {
    let dir = temp_dir("gm-leave");
    let cfg = write_config(&dir, "g2");
    new_game_with_known_secrets(&cfg);
    ok(&maester(&cfg, &["gm", "leave", "--house", "greyjoy"], None));
    let v: serde_json::Value =
        serde_json::from_str(&ok(&maester(&cfg, &["status", "--json"], None))).unwrap_or_default();
    let neutral: Vec<&str> = v["houses"]
        .as_array()
        .map(|hs| {
            hs.iter()
                .filter(|h| h["neutral"] == true)
                .filter_map(|h| h["key"].as_str())
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(neutral, ["greyjoy"]);
    let sent = outbox_files(&dir.join("mail/outbox"));
    for addr in ["a@x", "b@x", "c@x", "d@x", "e@x", "f@x"] {
        assert!(
            mails_to(&sent, addr).iter().any(|b| b.contains("转为中立")),
            "{addr} is told"
        );
    }
    // Its player's orders are refused with the reason.
    deliver(
        &dir,
        "b1",
        &mail_from("b@x.example", "b1", "secret: greyjoy-s\r\n派克岛 防守\r\n"),
    );
    // Stark places a march, so the plan step waits for it after placement closes.
    deliver(
        &dir,
        "a1",
        &mail_from("a@x.example", "a1", "secret: stark-s\r\n临冬城 行军\r\n"),
    );
    ok(&maester(&cfg, &["run", "--once"], None));
    let sent = outbox_files(&dir.join("mail/outbox"));
    assert!(
        mails_to(&sent, "b@x.example")
            .iter()
            .any(|b| b.starts_with("Re: [g2] 未接受") && b.contains("中立")),
        "{:#?}",
        mails_to(&sent, "b@x.example")
    );
    // The guard: closing "plan" while placement is open changes nothing.
    let o = maester(&cfg, &["gm", "process", "--step", "plan"], None);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("placement"));
    let before = outbox_files(&dir.join("mail/outbox")).len();
    let out = ok(&maester(
        &cfg,
        &["gm", "process", "--step", "placement"],
        None,
    ));
    assert!(out.contains("placement closed"), "{out}");
    let sent = outbox_files(&dir.join("mail/outbox"));
    assert_eq!(
        sent.len(),
        before + 5,
        "a report to each of the five players left"
    );
    assert_eq!(
        mails_to(&sent, "b@x.example").len(),
        mails_to(
            &outbox_files(&dir.join("mail/outbox"))[..before],
            "b@x.example"
        )
        .len(),
        "the player who left gets no report"
    );
    let v: serde_json::Value =
        serde_json::from_str(&ok(&maester(&cfg, &["status", "--json"], None))).unwrap_or_default();
    assert_eq!(v["step"], "plan", "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
