//! A substitute's welcome gives what STATUS needs: the mail it shows (the secret line and
//! STATUS), sent as it stands from the new address, is answered with the position. Seated by
//! the GM's mail in zh-Hant, en and zh; on a local Maildir through the real store.

mod maildir_support;

use chrono::{TimeDelta, Utc};
use maildir_support::*;

#[test]
fn the_mail_a_substitute_s_welcome_shows_gets_the_position() {
    let dir = temp_dir("substitute-status");
    let t = Utc::now();
    let (_cfg, mut d) = new_game_with_gm(&dir, "sub", t);
    d.tick(t).unwrap_or_else(|e| panic!("{e}"));
    let inbox = dir.join("mail/inbox");
    let body = "密码: gm-s\r\n换人 白狼 陳 大文 chan@x.example zh-Hant\r\n\
                replace martell Jo Doe jo@x.example en\r\n换人 海怪 王五 wang@x.example zh\r\n";
    maester::demo::deliver(&inbox, "g1", &gm_mail("sub", "g1", body))
        .unwrap_or_else(|e| panic!("{e}"));
    d.tick(t + TimeDelta::seconds(1))
        .unwrap_or_else(|e| panic!("{e}"));
    let outdir = dir.join("mail/outbox");
    let welcome_of = |addr: &str| {
        outbox_files(&outdir)
            .into_iter()
            .filter(|(to, b)| {
                to.contains(addr)
                    && ["歡迎接手", "欢迎接手", "Welcome: you take over"]
                        .iter()
                        .any(|w| b.contains(w))
            })
            .map(|(_, b)| b)
            .next()
            .unwrap_or_else(|| panic!("no welcome to {addr}"))
    };
    for (n, addr, status_word) in [
        (1, "chan@x.example", "狀態"),
        (2, "jo@x.example", "status"),
        (3, "wang@x.example", "状态"),
    ] {
        let w = welcome_of(addr);
        // The two lines the welcome shows, sent as they stand.
        let lines: Vec<&str> = w.lines().map(str::trim).collect();
        let at = lines
            .iter()
            .position(|l| *l == status_word)
            .unwrap_or_else(|| panic!("{addr}: no STATUS line in the welcome: {w}"));
        let mail = format!("{}\n{}\n", lines[at - 1], lines[at]);
        let raw = mail_from(addr, &format!("s{n}"), &mail);
        maester::demo::deliver(&inbox, &format!("s{n}"), &raw).unwrap_or_else(|e| panic!("{e}"));
        d.tick(t + TimeDelta::seconds(1 + n))
            .unwrap_or_else(|e| panic!("{e}"));
        let answer = outbox_files(&outdir)
            .into_iter()
            .filter(|(to, b)| to.contains(addr) && b.starts_with("Re:"))
            .map(|(_, b)| b)
            .next_back()
            .unwrap_or_else(|| panic!("no answer to {addr}"));
        assert!(
            !answer.contains("not accepted") && !answer.contains("未接受"),
            "{addr}: {answer}"
        );
        // The position: every house's areas, Winterfell among them.
        assert!(
            answer.contains("Winterfell") || answer.contains("临冬城") || answer.contains("臨冬城"),
            "{addr}: {answer}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
