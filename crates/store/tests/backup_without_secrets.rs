//! A backup holds no secret in clear (issue 40), whenever it is taken: a received mail not yet
//! read (the rest of a batch when a step closes in the middle of it) and a queued mail whose
//! secret is masked once sent are in the live database whole, and in the backup only as a note
//! and as the masked copy; the live database is not changed.

mod support;

use maester_store::*;
use support::*;

const SECRET: &str = "Wolf-Secret-7731";

fn contains(hay: &[u8], needle: &str) -> bool {
    hay.windows(needle.len()).any(|w| w == needle.as_bytes())
}

#[test]
fn a_backup_holds_neither_an_unread_mail_nor_an_unmasked_welcome_in_clear() {
    let (db, mut store) = store_with_game("scrub");
    let raw = format!("From: ned@example.com\r\nSubject: {SECRET}\r\n\r\nsecret: {SECRET}\r\n");
    let unread = NewMail {
        raw: raw.as_bytes(),
        subject: SECRET,
        ..mail("k1", Some("m1@x"))
    };
    let mail_id = store
        .insert_mail(&unread)
        .unwrap_or_else(|e| panic!("{e}"))
        .id();
    let to = vec!["ned@example.com".to_string()];
    let welcome = format!("Subject: welcome\r\n\r\nyour secret: {SECRET}\r\n");
    let m = NewOutgoing {
        raw: welcome.as_bytes(),
        ..outgoing("welcome@maester", &to, None)
    };
    let out_id = store
        .transaction(|tx| {
            let id = tx.queue_outgoing(&m)?.id();
            tx.keep_after_send(id, b"Subject: welcome\r\n\r\nyour secret: ***\r\n")?;
            Ok(id)
        })
        .unwrap_or_else(|e: StoreError| panic!("{e}"));
    // The whole database's backup and one game's (what the daemon takes).
    for whole in [true, false] {
        let dest = db.path().with_extension(format!("backup-{whole}.sqlite"));
        let written = if whole {
            store.backup_to(&dest)
        } else {
            store.backup_game_to(&dest, "demo")
        };
        written.unwrap_or_else(|e| panic!("{e}"));
        let bytes = std::fs::read(&dest).unwrap_or_default();
        assert!(bytes.len() > 4096, "a backup was written");
        assert!(!contains(&bytes, SECRET), "the secret is in the backup");
        // The backup opens and says what it held back; read through the store (the mails'
        // text is kept deflated), no mail holds the secret.
        let copy = Store::open(&dest).unwrap_or_else(|e| panic!("{e}"));
        let held = copy.mail(mail_id).unwrap_or_else(|e| panic!("{e}"));
        assert!(held.is_some_and(|m| m.status == MailStatus::Failed && !contains(&m.raw, SECRET)));
        let sent = copy.outgoing(out_id).unwrap_or_else(|e| panic!("{e}"));
        assert!(sent.is_some_and(|o| contains(&o.raw, "***") && !contains(&o.raw, SECRET)));
        drop(copy);
        for suffix in ["", "-wal", "-shm"] {
            let mut p = dest.clone().into_os_string();
            p.push(suffix);
            let _ = std::fs::remove_file(p);
        }
    }
    // The live database is whole.
    let live = store.mail(mail_id).unwrap_or_else(|e| panic!("{e}"));
    assert!(live.is_some_and(|m| m.status == MailStatus::New && contains(&m.raw, SECRET)));
    let live = store.outgoing(out_id).unwrap_or_else(|e| panic!("{e}"));
    assert!(live.is_some_and(|o| contains(&o.raw, SECRET)));
}
