//! A burst of mails is answered in the tick that reads it: every answer queued is sent in that
//! same tick, however many (no cap per tick), and the Maildir outbox holds each answer once.

use chrono::Utc;
use maester::bench_intake::{count_files, setup};

#[test]
fn a_burst_of_250_mails_is_stored_answered_and_sent_in_one_tick() {
    let dir = std::env::temp_dir().join(format!("maester-burst-{}", std::process::id()));
    let now = Utc::now();
    let mut d = match setup(&dir, 250, 0, now) {
        Ok((d, _)) => d,
        Err(e) => panic!("{e}"),
    };
    let outbox = dir.join("mail/outbox");
    let welcome = count_files(&outbox);
    let t = match d.tick(now) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(t.stored, 250, "{t:?}");
    assert!(t.answered > 100, "more answers than one old batch: {t:?}");
    assert_eq!(
        t.sent, t.answered,
        "every answer is sent in the same tick: {t:?}"
    );
    assert_eq!(
        count_files(&outbox) - welcome,
        t.sent,
        "each answer written once"
    );
    match d.store.due_outgoing(now, 10) {
        Ok(due) => assert!(due.is_empty(), "nothing left queued: {} due", due.len()),
        Err(e) => panic!("{e}"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}
