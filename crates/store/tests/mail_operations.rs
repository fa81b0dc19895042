//! Schema version 7 (mail operations): outgoing mail kinds and their sending order, the counts
//! the daemon's limits read, IMAP high-water marks that only rise, and bounces.

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use maester_store::{ImapMark, NewBounce, NewOutgoing, OutKind, Store, StoreError};

fn t(hour: u32, min: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, hour, min, 0)
        .single()
        .unwrap_or_default()
}

fn store() -> Store {
    match Store::open_in_memory() {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    }
}

fn queue(s: &mut Store, id: &str, to: &str, kind: OutKind, at: DateTime<Utc>) -> i64 {
    let to = vec![to.to_string()];
    let r = s.transaction(|tx| -> Result<i64, StoreError> {
        let row = tx
            .queue_outgoing(&NewOutgoing {
                game_id: None,
                message_id: id,
                to_addrs: &to,
                subject: "s",
                raw: b"Subject: s\r\n\r\nx\r\n",
                reply_to_mail: None,
                created_at: at,
            })?
            .id();
        tx.set_outgoing_kind(row, kind)?;
        Ok(row)
    });
    match r {
        Ok(id) => id,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn notices_are_sent_after_answers_and_reports_whatever_their_age() {
    let mut s = store();
    let n1 = queue(&mut s, "n1@x", "a@x", OutKind::Notice, t(8, 0));
    let a1 = queue(&mut s, "a1@x", "a@x", OutKind::Answer, t(9, 0));
    let r1 = queue(&mut s, "r1@x", "b@x", OutKind::Report, t(9, 5));
    let due = match s.due_outgoing_ranked(t(10, 0), 10) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    let order: Vec<(i64, OutKind)> = due.iter().map(|(o, k)| (o.id, *k)).collect();
    assert_eq!(
        order,
        [
            (a1, OutKind::Answer),
            (r1, OutKind::Report),
            (n1, OutKind::Notice)
        ]
    );
    assert_eq!(s.outgoing_kind(n1).ok().flatten(), Some(OutKind::Notice));
}

#[test]
fn answers_per_address_and_mails_sent_today_are_counted() {
    let mut s = store();
    queue(&mut s, "a1@x", "Ned@X", OutKind::Answer, t(9, 0));
    queue(&mut s, "a2@x", "ned@x", OutKind::Answer, t(9, 30));
    queue(&mut s, "r1@x", "ned@x", OutKind::Report, t(9, 40));
    let since = |h, m| s.answers_to_since("NED@x", t(h, m)).unwrap_or(99);
    assert_eq!((since(8, 0), since(9, 10), since(10, 0)), (2, 1, 0));
    let first = match s.due_outgoing_ranked(t(10, 0), 10) {
        Ok(d) => d[0].0.id,
        Err(e) => panic!("{e}"),
    };
    if let Err(e) = s.mark_sent(first, t(10, 0)) {
        panic!("{e}");
    }
    assert_eq!(s.sent_since(t(0, 0)).ok(), Some(1));
    assert_eq!(s.sent_since(t(10, 1)).ok(), Some(0));
}

#[test]
fn imap_marks_only_rise_and_are_kept_per_uidvalidity() {
    let mut s = store();
    let mark = |f: &str, v: u32, u: u32| ImapMark {
        folder: f.into(),
        uid_validity: v,
        last_uid: u,
    };
    for m in [
        mark("INBOX", 7, 5),
        mark("INBOX", 7, 3),
        mark("Junk", 1, 2),
        mark("INBOX", 8, 1),
    ] {
        if let Err(e) = s.raise_imap_mark(&m, t(9, 0)) {
            panic!("{e}");
        }
    }
    let marks = s.imap_marks().unwrap_or_default();
    assert!(marks.contains(&mark("INBOX", 7, 5)), "{marks:?}");
    assert!(marks.contains(&mark("INBOX", 8, 1)), "{marks:?}");
    assert!(marks.contains(&mark("Junk", 1, 2)), "{marks:?}");
    assert_eq!(marks.len(), 3);
}

#[test]
fn bounces_are_recorded_and_listed_since_a_time() {
    let mut s = store();
    let out = queue(&mut s, "r1@x", "gone@x", OutKind::Report, t(8, 0));
    let found = s
        .outgoing_by_message_id("<r1@x>")
        .ok()
        .flatten()
        .map(|o| o.id);
    assert_eq!(found, Some(out));
    let r = s.transaction(|tx| {
        tx.record_bounce(&NewBounce {
            mail_id: None,
            outbox_id: Some(out),
            game_id: None,
            recipient: "gone@x",
            status: "5.1.1",
            diagnostic: "no such user",
            at: t(9, 0),
        })
    });
    assert!(r.is_ok(), "{r:?}");
    let b = s.bounces_since(Some("g"), t(8, 0)).unwrap_or_default();
    assert_eq!(b.len(), 1);
    assert_eq!(
        (b[0].recipient.as_str(), b[0].status.as_str()),
        ("gone@x", "5.1.1")
    );
    assert!(
        s.bounces_since(None, t(9, 0) + TimeDelta::seconds(1))
            .unwrap_or_default()
            .is_empty()
    );
}

#[test]
fn a_seats_wrong_secrets_are_counted_since_a_time_answered_or_held_back() {
    use maester_store::{Language, NewGame, NewHouse, NewMail};
    let mut s = store();
    let outcomes = [
        (t(8, 0), "wrong secret"),
        (t(9, 0), "wrong secret"),
        (
            t(9, 5),
            "wrong secret (not answered: 10 answers to a@x in the last hour)",
        ),
        (t(9, 6), "no secret"),
    ];
    let r = s.transaction(|tx| -> Result<(), StoreError> {
        tx.create_game(&NewGame {
            id: "g",
            config: "",
            seed_hash: "h",
            seed: "s",
            round: 1,
            step: "placement",
            deadline: None,
            created_at: t(7, 0),
        })?;
        tx.add_house(&NewHouse {
            game_id: "g",
            house: "stark",
            player_name: "Ned",
            address: "a@x",
            language: Language::Zh,
            traditional: false,
            secret: "winter",
            salt: "salt",
        })?;
        for (i, (at, outcome)) in outcomes.iter().enumerate() {
            let key = format!("k{i}");
            let id = tx
                .insert_mail(&NewMail {
                    mail_key: &key,
                    message_id: None,
                    from_addr: "a@x",
                    subject: "orders",
                    received_at: *at,
                    raw: b"Subject: orders\r\n\r\nsecret: x\r\n",
                    content_sha256: None,
                })?
                .id();
            tx.tag_mail(id, Some("g"), Some("stark"))?;
            tx.mark_mail_processed(id, outcome, *at)?;
        }
        Ok(())
    });
    assert!(r.is_ok(), "{r:?}");
    let count = |h, m| {
        s.seat_outcomes_since("g", "stark", "wrong secret", t(h, m))
            .unwrap_or(99)
    };
    assert_eq!((count(0, 0), count(8, 30), count(9, 10)), (3, 2, 0));
}
