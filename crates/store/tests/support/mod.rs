#![allow(dead_code)] // each test file uses its part

//! What the store's tests share: a temporary database file, a game with one house, a mail and
//! an answer to store.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use chrono::{DateTime, TimeZone, Utc};

use maester_store::*;

/// A unique database path, removed (with its WAL files) on drop.
pub struct TempDb(PathBuf);

impl TempDb {
    pub fn new(name: &str) -> TempDb {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let nanos = Utc::now().timestamp_subsec_nanos();
        TempDb(std::env::temp_dir().join(format!(
            "maester-test-{name}-{}-{n}-{nanos}.sqlite",
            std::process::id()
        )))
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        for suffix in ["", "-wal", "-shm"] {
            let mut p = self.0.clone().into_os_string();
            p.push(suffix);
            let _ = std::fs::remove_file(p);
        }
    }
}

pub fn t(hour: u32, min: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, hour, min, 0).unwrap()
}

pub fn new_store(name: &str) -> (TempDb, Store) {
    let db = TempDb::new(name);
    let store = Store::open(db.path()).expect("open store");
    (db, store)
}

/// A store with game `demo` and house `stark` (secret `winter`).
pub fn store_with_game(name: &str) -> (TempDb, Store) {
    let (db, mut store) = new_store(name);
    store
        .transaction(|tx| {
            tx.create_game(&NewGame {
                id: "demo",
                config: "[game]\nname = \"demo\"\n",
                seed_hash: "abc123",
                seed: "seed",
                round: 1,
                step: "placement",
                deadline: Some(t(21, 0)),
                created_at: t(8, 0),
            })?;
            tx.add_house(&NewHouse {
                game_id: "demo",
                house: "stark",
                player_name: "Ned",
                address: "Ned@Example.COM",
                language: Language::Zh,
                traditional: false,
                secret: "winter",
                salt: "s4lt",
            })
        })
        .expect("create game");
    (db, store)
}

pub fn mail<'a>(key: &'a str, message_id: Option<&'a str>) -> NewMail<'a> {
    NewMail {
        mail_key: key,
        message_id,
        from_addr: "ned@example.com",
        subject: "orders",
        received_at: t(9, 0),
        raw: b"From: ned@example.com\r\n\r\nmarch winterfell -> white harbor\r\n",
        content_sha256: None,
    }
}

pub fn outgoing<'a>(
    message_id: &'a str,
    to: &'a [String],
    reply_to: Option<i64>,
) -> NewOutgoing<'a> {
    NewOutgoing {
        game_id: Some("demo"),
        message_id,
        to_addrs: to,
        subject: "Re: orders",
        raw: b"Subject: Re: orders\r\n\r\naccepted\r\n",
        reply_to_mail: reply_to,
        created_at: t(9, 1),
    }
}

/// Queue a mail of `raw` bytes with Message-ID `mid` to `to`: its outbox id.
pub fn queue_raw(store: &mut Store, mid: &str, to: &str, raw: &[u8]) -> i64 {
    let to = vec![to.to_string()];
    let m = NewOutgoing {
        raw,
        ..outgoing(mid, &to, None)
    };
    store
        .transaction(|tx| tx.queue_outgoing(&m))
        .unwrap_or_else(|e| panic!("{e}"))
        .id()
}

/// A second game, "other", beside the first in the same store.
pub fn add_other_game(store: &mut Store) {
    let made = store.transaction(|tx| {
        tx.create_game(&NewGame {
            id: "other",
            config: "[game]\nname = \"other\"\n",
            seed_hash: "def",
            seed: "seed2",
            round: 1,
            step: "placement",
            deadline: Some(t(21, 0)),
            created_at: t(8, 0),
        })?;
        Ok(())
    });
    made.unwrap_or_else(|e: StoreError| panic!("{e}"));
}
