//! Only `maester new-game` creates a database: `run`, `status` and `gm` refuse a database that
//! does not exist or holds no game, with a message naming the file and `maester new-game`,
//! and create nothing (a daemon on an empty database would consume the inbox and answer every
//! player "not registered").

mod maildir_support;

use maildir_support::*;

fn text(o: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn run_status_and_gm_refuse_a_missing_database_and_create_nothing() {
    let dir = temp_dir("nodb");
    let cfg = write_config(&dir, "nodb");
    let inbox = dir.join("mail/inbox/new");
    std::fs::create_dir_all(&inbox).unwrap_or_default();
    std::fs::write(inbox.join("m1"), mail_from("a@x.example", "m1", "hello")).unwrap_or_default();
    for args in [
        &["run", "--once"][..],
        &["status"][..],
        &["gm", "process"][..],
        &["gm", "requeue", "--all"][..],
    ] {
        let out = maester(&cfg, args, None);
        let t = text(&out);
        assert!(!out.status.success(), "{args:?} must fail: {t}");
        assert!(
            t.contains("no maester database at") && t.contains("maester new-game"),
            "{args:?}: {t}"
        );
    }
    assert!(!dir.join("maester.sqlite").exists(), "no database created");
    assert!(inbox.join("m1").exists(), "the inbox is not consumed");
    let out = maester(&cfg, &["new-game"], None);
    assert!(out.status.success(), "{}", text(&out));
    let out = maester(&cfg, &["status", "--lang", "en"], None);
    assert!(
        out.status.success() && text(&out).contains("game nodb"),
        "{}",
        text(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_status_and_gm_refuse_a_database_that_holds_no_game() {
    let dir = temp_dir("emptydb");
    let cfg = write_config(&dir, "emptydb");
    let db = dir.join("maester.sqlite");
    // An empty file, then a database with the schema but no game.
    std::fs::write(&db, b"").unwrap_or_default();
    for round in 0..2 {
        for args in [
            &["run", "--once"][..],
            &["status"][..],
            &["gm", "process"][..],
        ] {
            let out = maester(&cfg, args, None);
            let t = text(&out);
            assert!(!out.status.success(), "{args:?} must fail: {t}");
            assert!(
                t.contains("holds no game") && t.contains("maester new-game"),
                "round {round} {args:?}: {t}"
            );
        }
        if round == 0 {
            let _ = std::fs::remove_file(&db);
            if let Err(e) = maester::store::Store::open(&db) {
                panic!("{e}");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
