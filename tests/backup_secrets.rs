//! Backups hold no secret in clear, whenever taken (issue 40): a step closed by the GM's mail
//! in the middle of a batch is backed up while the batch's later mails, each with its house's
//! secret, are stored but not yet read; no backup of the game holds any house's secret or the
//! GM's, and the mails held back from the backup are read and answered as usual in the live
//! database.

mod maildir_support;

use chrono::{TimeDelta, Utc};
use maildir_support::*;

fn contains(hay: &[u8], needle: &str) -> bool {
    hay.windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

#[test]
fn no_backup_of_a_game_holds_a_secret_in_clear_after_a_close_inside_a_batch() {
    let dir = temp_dir("bksecrets");
    let now = Utc::now();
    let (_cfg, mut d) = new_game_with_gm(&dir, "bks", now);
    let inbox = dir.join("mail/inbox");
    let mut mails = vec![(
        "m0".to_string(),
        mail_from("a@x.example", "p0", "secret: stark-s\r\n临冬城 行军+1\r\n"),
    )];
    mails.push((
        "m1".into(),
        gm_mail("bks", "g1", "密码: gm-s\r\n第1回合 placement\r\n结算\r\n"),
    ));
    for (k, addr) in ["b", "c", "d", "e", "f"].iter().enumerate() {
        let house = HOUSES[k + 1];
        mails.push((
            format!("m{}", k + 2),
            mail_from(
                &format!("{addr}@x.example"),
                &format!("p{}", k + 2),
                &format!("secret: {house}-s\r\nhelp\r\n"),
            ),
        ));
    }
    for (name, raw) in &mails {
        if let Err(e) = maester::demo::deliver(&inbox, name, raw) {
            panic!("{e}");
        }
    }
    let t = match d.tick(now + TimeDelta::seconds(5)) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(t.failed, 0, "{t:?}");
    let backups = maester::daemon::backups::list(&d).unwrap_or_default();
    assert!(!backups.is_empty(), "the GM's close was backed up");
    let mut secrets: Vec<String> = HOUSES.iter().map(|h| format!("{h}-s")).collect();
    secrets.push("gm-s".into());
    for b in &backups {
        let bytes = std::fs::read(&b.path).unwrap_or_default();
        assert!(bytes.len() > 4096, "{}", b.path.display());
        for s in &secrets {
            assert!(
                !contains(&bytes, s),
                "{} holds the secret {s}",
                b.path.display()
            );
        }
    }
    // Read through the store as well (a mail's text is kept deflated, its pictures apart):
    // no mail of any backup, sent or received, holds a secret once decoded.
    for b in &backups {
        let copy = dir.join("copy.sqlite");
        let _ = std::fs::copy(&b.path, &copy);
        let store = maester::store::Store::open(&copy).unwrap_or_else(|e| panic!("{e}"));
        let ids = |sql: &str| -> Vec<i64> {
            let mut st = store
                .connection()
                .prepare(sql)
                .unwrap_or_else(|e| panic!("{e}"));
            st.query_map([], |r| r.get(0))
                .and_then(|r| r.collect::<Result<Vec<i64>, _>>())
                .unwrap_or_else(|e| panic!("{e}"))
        };
        let out = ids("SELECT id FROM outbox");
        assert!(
            !out.is_empty(),
            "{} holds the welcome mails",
            b.path.display()
        );
        let mut texts = Vec::new();
        for id in out {
            if let Ok(Some(o)) = store.outgoing(id) {
                texts.push(maester::mail::decode(&o.raw).body.into_bytes());
                texts.push(o.raw);
            }
        }
        for id in ids("SELECT id FROM mails") {
            if let Ok(Some(m)) = store.mail(id) {
                texts.push(maester::mail::decode(&m.raw).body.into_bytes());
                texts.push(m.raw);
            }
        }
        for text in &texts {
            for s in &secrets {
                assert!(!contains(text, s), "{}: a mail holds {s}", b.path.display());
            }
        }
        drop(store);
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(dir.join(format!("copy.sqlite{suffix}")));
        }
    }
    // Nothing beside the backups either (no journal or temporary copy left).
    let names: Vec<String> = std::fs::read_dir(dir.join("backups"))
        .map(|r| {
            r.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    assert!(names.iter().all(|n| n.ends_with(".sqlite")), "{names:?}");
    // The live database read every mail of the batch.
    let unread: i64 = d
        .store
        .connection()
        .query_row("SELECT count(*) FROM mails WHERE status = 'new'", [], |r| {
            r.get(0)
        })
        .unwrap_or(-1);
    assert_eq!(unread, 0);
    let _ = std::fs::remove_dir_all(&dir);
}
