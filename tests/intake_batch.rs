//! The mails of one tick are answered in one write transaction: a process killed in the middle
//! of the batch has committed none of it, and the next run answers every mail of the batch
//! exactly once.

mod maildir_support;

use maildir_support::*;
use std::path::Path;

fn orders(from: &str, id: &str, house: &str, orders: &str) -> Vec<u8> {
    mail_from(from, id, &format!("secret: {house}-s\r\n{orders}\r\n"))
}

/// The answers in the outbox to each of the four players.
fn answers(dir: &Path) -> Vec<usize> {
    let files = outbox_files(&dir.join("mail/outbox"));
    ["a@x.example", "b@x.example", "c@x.example", "d@x.example"]
        .iter()
        .map(|a| {
            files
                .iter()
                .filter(|(t, b)| t.contains(a) && b.starts_with("Re: "))
                .count()
        })
        .collect()
}

#[test]
fn killed_in_the_middle_of_a_batch_of_mails_every_mail_is_answered_once_after() {
    let dir = temp_dir("batch-crash");
    let cfg = write_config(&dir, "batch");
    new_game_with_known_secrets(&cfg);
    let inbox = dir.join("mail/inbox");
    let mails = [
        orders("a@x.example", "b1", "stark", "临冬城 行军+1\r\n白港 支援"),
        orders("b@x.example", "b2", "greyjoy", "派克岛 行军\r\n灰水望 防守"),
        orders(
            "c@x.example",
            "b3",
            "lannister",
            "兰尼斯港 行军\r\n石圣堂 巩固统治",
        ),
        orders(
            "d@x.example",
            "b4",
            "baratheon",
            "龙石岛 行军\r\n御林 巩固统治",
        ),
    ];
    for (i, m) in mails.iter().enumerate() {
        if let Err(e) = maester::demo::deliver(&inbox, &format!("b{i}"), m) {
            panic!("{e}");
        }
    }
    // Killed once the first mail of the batch is handled, before the batch commits.
    let o = maester(&cfg, &["run", "--once"], Some("after-one-mail"));
    assert!(!o.status.success(), "the failpoint must kill the process");
    assert_eq!(
        answers(&dir),
        [0, 0, 0, 0],
        "nothing sent before the commit"
    );
    {
        let d = open_daemon(&cfg);
        match d.store.unprocessed_mails() {
            Ok(m) => assert_eq!(m.len(), 4, "the whole batch is still to do"),
            Err(e) => panic!("{e}"),
        }
    }
    for _ in 0..2 {
        let o = maester(&cfg, &["run", "--once"], None);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    assert_eq!(
        answers(&dir),
        [1, 1, 1, 1],
        "each mail answered exactly once"
    );
    let o = maester(&cfg, &["status", "--json"], None);
    let status: serde_json::Value = match serde_json::from_slice(&o.stdout) {
        Ok(v) => v,
        Err(e) => panic!("{e}: {}", String::from_utf8_lossy(&o.stdout)),
    };
    let mut sent: Vec<&str> = status["sent"]
        .as_array()
        .map(|a| a.iter().filter_map(|h| h.as_str()).collect())
        .unwrap_or_default();
    sent.sort_unstable();
    assert_eq!(sent, ["baratheon", "greyjoy", "lannister", "stark"]);
    let _ = std::fs::remove_dir_all(&dir);
}
