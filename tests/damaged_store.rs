//! A damaged store is never written to and never fails a mail: with the newest snapshot's JSON
//! cut in half, or 200 random bytes of the file flipped, `run --once` refuses (the database is
//! damaged), marks no mail failed, leaves every mail waiting, writes nothing into the file, and
//! tells the GM once. Restored (the snapshot repaired; the file replaced by a backup with the
//! commands of docs/operations.md, run as written), the next run answers every waiting mail and
//! the mails that had failed because of the store wait again by themselves; `gm retry-mail`
//! takes the others again.

mod maildir_support;

use maildir_support::*;
use std::path::{Path, PathBuf};

fn text(o: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// A Maildir game with the GM's address and known secrets.
fn game(tag: &str) -> (PathBuf, PathBuf) {
    let dir = temp_dir(tag);
    let cfg = write_config(&dir, tag);
    let t = std::fs::read_to_string(&cfg).unwrap_or_default();
    std::fs::write(
        &cfg,
        t.replace("[daemon]\n", "[daemon]\ngm_address = \"gm@x.example\"\n"),
    )
    .unwrap_or_default();
    new_game_with_known_secrets(&cfg);
    (dir, cfg)
}

fn deliver_orders(dir: &Path, tag: &str, n: usize) {
    let senders = [("a", "stark"), ("b", "greyjoy"), ("c", "lannister")];
    for i in 0..n {
        let (who, house) = senders[i % senders.len()];
        let raw = mail_from(
            &format!("{who}@x.example"),
            &format!("{tag}{i}"),
            &format!("secret: {house}-s\r\n"),
        );
        if let Err(e) = maester::demo::deliver(&dir.join("mail/inbox"), &format!("{tag}{i}"), &raw)
        {
            panic!("{e}");
        }
    }
}

fn sql<T: rusqlite::types::FromSql>(db: &Path, q: &str) -> T {
    let c = rusqlite::Connection::open(db).unwrap_or_else(|e| panic!("{}: {e}", db.display()));
    c.query_row(q, [], |r| r.get(0))
        .unwrap_or_else(|e| panic!("{q}: {e}"))
}

fn exec(db: &Path, q: &str) {
    let c = rusqlite::Connection::open(db).unwrap_or_else(|e| panic!("{}: {e}", db.display()));
    if let Err(e) = c.execute_batch(q) {
        panic!("{q}: {e}");
    }
}

fn to_gm(dir: &Path, subject: &str) -> usize {
    outbox_files(&dir.join("mail/outbox"))
        .iter()
        .filter(|(t, b)| t.contains("gm@x.example") && b.starts_with(subject))
        .count()
}

fn answers(dir: &Path) -> usize {
    outbox_files(&dir.join("mail/outbox"))
        .iter()
        .filter(|(t, b)| t.ends_with("@x.example") && !t.contains("gm@") && b.starts_with("Re: "))
        .count()
}

#[test]
fn a_snapshot_cut_in_half_marks_no_mail_failed_and_leaves_every_mail_waiting() {
    let (dir, cfg) = game("cutjson");
    let db = dir.join("maester.sqlite");
    deliver_orders(&dir, "cut", 6);
    // Stored, not yet answered (the process dies after the fetch).
    let o = maester(&cfg, &["run", "--once"], Some("after-fetch"));
    assert!(!o.status.success());
    assert_eq!(
        sql::<i64>(&db, "SELECT COUNT(*) FROM mails WHERE status = 'new'"),
        6
    );
    let whole: String = sql(&db, "SELECT state FROM snapshots ORDER BY seq DESC LIMIT 1");
    exec(
        &db,
        "UPDATE snapshots SET state = substr(state, 1, length(state) / 2)
         WHERE seq = (SELECT MAX(seq) FROM snapshots)",
    );
    for _ in 0..2 {
        let o = maester(&cfg, &["run", "--once"], None);
        assert!(
            !o.status.success(),
            "a damaged store is refused: {}",
            text(&o)
        );
        assert!(text(&o).contains("the database is damaged"), "{}", text(&o));
        assert!(text(&o).contains("snapshots.state"), "{}", text(&o));
    }
    assert_eq!(
        sql::<i64>(&db, "SELECT COUNT(*) FROM mails WHERE status = 'failed'"),
        0
    );
    assert_eq!(
        sql::<i64>(&db, "SELECT COUNT(*) FROM mails WHERE status = 'new'"),
        6
    );
    assert_eq!(answers(&dir), 0);
    assert_eq!(
        to_gm(&dir, "[maester] the database is damaged"),
        1,
        "told once"
    );

    // A mail an older build failed because of the store, and one that failed for itself.
    exec(
        &db,
        "UPDATE mails SET status = 'failed', outcome = 'unexpected data in snapshots.state: EOF'
         WHERE id = 1;
         UPDATE mails SET status = 'failed', outcome = 'panic: something of its own' WHERE id = 2;",
    );
    // Repaired: the store is good again.
    let c = rusqlite::Connection::open(&db).unwrap_or_else(|e| panic!("{e}"));
    if let Err(e) = c.execute(
        "UPDATE snapshots SET state = ?1 WHERE seq = (SELECT MAX(seq) FROM snapshots)",
        [&whole],
    ) {
        panic!("{e}");
    }
    drop(c);
    let o = maester(&cfg, &["run", "--once"], None);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(to_gm(&dir, "[maester] the database is good again"), 1);
    assert_eq!(
        answers(&dir),
        5,
        "every waiting mail and the one failed by the store"
    );
    assert_eq!(
        sql::<i64>(&db, "SELECT COUNT(*) FROM mails WHERE status = 'failed'"),
        1
    );

    // The rest by the GM's hand.
    let o = maester(&cfg, &["gm", "retry-mail", "99"], None);
    assert!(!o.status.success(), "{}", text(&o));
    let o = maester(&cfg, &["gm", "retry-mail", "--all-failed"], None);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("1 failed mails wait"), "{}", text(&o));
    let o = maester(&cfg, &["run", "--once"], None);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(answers(&dir), 6);
    assert_eq!(
        sql::<i64>(&db, "SELECT COUNT(*) FROM mails WHERE status = 'failed'"),
        0
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The shell blocks of the section "Restoring the database from a backup" of
/// docs/operations.md, in order.
fn restore_commands() -> Vec<String> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/operations.md"))
        .unwrap_or_default();
    let section = doc
        .split("\n## ")
        .find(|s| s.starts_with("Restore from a backup"))
        .unwrap_or_default();
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in section.lines() {
        let l = line.trim_start();
        match (&mut current, l) {
            (None, "```sh") => current = Some(String::new()),
            (Some(_), "```") => blocks.extend(current.take()),
            (Some(b), _) => {
                b.push_str(l);
                b.push('\n');
            }
            _ => {}
        }
    }
    blocks
}

#[test]
fn two_hundred_flipped_bytes_are_refused_untouched_and_restored_from_a_backup() {
    // Anywhere past the file header (the schema page too: the file does not even open), and
    // in the page headers of the second half of the file only (it opens; `PRAGMA
    // quick_check` finds the damage).
    flipped_bytes_are_refused_untouched_and_restored("flipped", 100);
    flipped_bytes_are_refused_untouched_and_restored("flipped2", usize::MAX);
}

fn flipped_bytes_are_refused_untouched_and_restored(tag: &str, from: usize) {
    let (dir, cfg) = game(tag);
    let db = dir.join("maester.sqlite");
    // A step close takes a backup; some mails are answered after it.
    let o = maester(&cfg, &["gm", "process"], None);
    assert!(o.status.success(), "{}", text(&o));
    deliver_orders(&dir, "before", 3);
    let o = maester(&cfg, &["run", "--once"], None);
    assert!(o.status.success(), "{}", text(&o));
    assert_eq!(answers(&dir), 3);
    if from == usize::MAX {
        // Every page of the file in use (no free page whose damage no check could see), so
        // that the page headers flipped below are headers of the tables' own pages.
        let c = rusqlite::Connection::open(&db).unwrap_or_else(|e| panic!("{e}"));
        c.execute_batch("PRAGMA wal_checkpoint(TRUNCATE); VACUUM;")
            .unwrap_or_else(|e| panic!("{e}"));
    }
    // 200 bytes flipped at places drawn from a fixed seed, past `from`.
    let mut bytes = std::fs::read(&db).unwrap_or_default();
    assert!(bytes.len() > 8192, "{}", bytes.len());
    // The b-tree pages of the second half (4 KiB pages; a b-tree page starts with its type:
    // 2, 5, 10 or 13; an overflow page with the next page's number).
    let pages = bytes.len() / 4096;
    let btree: Vec<usize> = (pages / 2..pages)
        .filter(|p| matches!(bytes[p * 4096], 2 | 5 | 10 | 13))
        .collect();
    assert!(
        from != usize::MAX || !btree.is_empty(),
        "no b-tree page in the second half"
    );
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..200 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let at = if from == usize::MAX {
            // The first byte (the page type) of a b-tree page of the second half, each page
            // flipped at most once (a second flip would mend it).
            let p = btree[(x as usize) % btree.len()] * 4096;
            if !matches!(bytes[p], 2 | 5 | 10 | 13) {
                continue;
            }
            p
        } else {
            // Within the first 64 KiB (the schema and the tables' first pages): a byte flipped
            // in a stored value's own bytes (a picture in the outbox) is no damage any check
            // of the file's structure can see.
            from + (x as usize) % (bytes.len().min(65536) - from)
        };
        bytes[at] ^= 0xff;
    }
    let _ = std::fs::remove_file(dir.join("maester.sqlite-wal"));
    let _ = std::fs::remove_file(dir.join("maester.sqlite-shm"));
    std::fs::write(&db, &bytes).unwrap_or_default();
    deliver_orders(&dir, "after", 4);
    for _ in 0..2 {
        let o = maester(&cfg, &["run", "--once"], None);
        assert!(
            !o.status.success(),
            "a damaged store is refused: {}",
            text(&o)
        );
        assert!(text(&o).contains("the database is damaged"), "{}", text(&o));
        assert_eq!(
            std::fs::read(&db).unwrap_or_default(),
            bytes,
            "nothing is written into the damaged file"
        );
    }
    let waiting = std::fs::read_dir(dir.join("mail/inbox/new"))
        .map(|r| r.count())
        .unwrap_or(0);
    assert_eq!(waiting, 4, "the new mails wait in the mailbox");
    assert_eq!(answers(&dir), 3);
    assert_eq!(
        to_gm(&dir, "[maester] the database is damaged"),
        1,
        "told once"
    );

    // The procedure of docs/operations.md, its commands run as written.
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap_or_default();
    let _ = std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_maester"), bin.join("maester"));
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let blocks = restore_commands();
    assert_eq!(blocks.len(), 2, "{blocks:?}");
    for b in &blocks {
        let o = std::process::Command::new("sh")
            .arg("-ec")
            .arg(b)
            .current_dir(&dir)
            .env("PATH", &path)
            .env_remove("MAESTER_FAILPOINT")
            .output()
            .unwrap_or_else(|e| panic!("sh: {e}"));
        assert!(o.status.success(), "{b}\n{}", text(&o));
    }
    assert!(dir.join("damaged/maester.sqlite").exists());
    // Every mail answered: the 4 that waited, and the 3 taken in after the backup again (their
    // answers are the same mails as before, under the same names in the outbox).
    assert_eq!(answers(&dir), 3 + 4);
    assert_eq!(
        sql::<i64>(&db, "SELECT COUNT(*) FROM outbox WHERE kind = 'answer'"),
        7
    );
    assert_eq!(
        sql::<i64>(&db, "SELECT COUNT(*) FROM mails WHERE status = 'failed'"),
        0
    );
    assert_eq!(
        sql::<i64>(&db, "SELECT COUNT(*) FROM mails WHERE status = 'new'"),
        0
    );
    assert_eq!(sql::<i64>(&db, "SELECT COUNT(*) FROM mails"), 7);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn status_warns_of_a_store_that_run_refuses_as_damaged() {
    let (dir, cfg) = game("dmgstatus");
    let db = dir.join("maester.sqlite");
    // A second game in the same database, with its own players.
    let first = std::fs::read_to_string(&cfg).unwrap_or_default();
    let other = dir.join("other.toml");
    std::fs::write(
        &other,
        first
            .replace("id = \"dmgstatus\"", "id = \"other\"")
            .replace("@x.example", "@y.example"),
    )
    .unwrap_or_default();
    new_game_with_known_secrets(&other);
    let o = maester(&cfg, &["status", "--game", "dmgstatus"], None);
    assert!(o.status.success(), "{}", text(&o));
    assert!(!text(&o).contains("WARNING"), "{}", text(&o));
    // The other game's newest snapshot cut in half: `run` refuses the store.
    exec(
        &db,
        "UPDATE snapshots SET state = substr(state, 1, length(state) / 2)
         WHERE game_id = 'other' AND seq = (SELECT MAX(seq) FROM snapshots WHERE game_id = 'other')",
    );
    let o = maester(&cfg, &["run", "--once"], None);
    assert!(!o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("damaged"), "{}", text(&o));
    // `status` of the sound game still shows it, and says first that the store is damaged.
    let o = maester(&cfg, &["status", "--game", "dmgstatus"], None);
    let said = text(&o);
    assert!(o.status.success(), "{said}");
    assert!(
        said.starts_with("WARNING: the database is damaged") && said.contains("game other"),
        "{said}"
    );
    let o = maester(&cfg, &["status", "--game", "dmgstatus", "--json"], None);
    let json: serde_json::Value =
        serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(&o)));
    assert!(
        json["damaged"]
            .as_str()
            .is_some_and(|d| d.contains("other")),
        "{json}"
    );
    // The damaged game itself: the error says the store is damaged.
    let o = maester(&cfg, &["status", "--game", "other"], None);
    assert!(!o.status.success());
    assert!(text(&o).contains("the database is damaged"), "{}", text(&o));
    let _ = std::fs::remove_dir_all(&dir);
}
