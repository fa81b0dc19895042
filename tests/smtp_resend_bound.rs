//! Through SMTP a mail is out of reach once the server accepted it: the daemon marks the mails
//! it sent every few mails, so a crash in the middle of a batch sends only the last few of them
//! a second time (never the whole batch), and every mail still goes out.

mod smtp_sink;

use maester::store::NewOutgoing;
use smtp_sink::smtp_sink;
use std::path::Path;

const HOUSES: [&str; 6] = [
    "stark",
    "greyjoy",
    "lannister",
    "baratheon",
    "tyrell",
    "martell",
];

/// A game whose mail goes out through the sink; IMAP points at a closed port (no mail comes in).
fn write_config(dir: &Path, smtp: u16) -> std::path::PathBuf {
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or(9);
    let mut text = format!(
        "[daemon]\naddress = \"referee@localhost\"\n[mail]\ntransport = \"imap\"\n\
         [mail.imap]\nhost = \"127.0.0.1\"\nport = {closed}\nsecurity = \"plain\"\nuser = \"r\"\npassword = \"p\"\n\
         [mail.smtp]\nhost = \"127.0.0.1\"\nport = {smtp}\nsecurity = \"plain\"\ntimeout_seconds = 5\n\
         [game]\nid = \"bound\"\nseed = \"s\"\nearly_close = false\n[game.schedule]\ntimezone = \"UTC\"\n\
         [game.schedule.steps]\ndefault = \"1d\"\n"
    );
    for h in HOUSES {
        text.push_str(&format!(
            "[[game.players]]\nhouse = \"{h}\"\nname = \"{h}\"\naddress = \"{h}@localhost\"\n"
        ));
    }
    let path = dir.join("maester.toml");
    std::fs::write(&path, text).unwrap_or_default();
    path
}

fn run_once(cfg: &Path, failpoint: Option<&str>) -> std::process::Output {
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_maester"));
    c.arg("--config").arg(cfg).args(["run", "--once"]);
    match failpoint {
        Some(f) => c.env("MAESTER_FAILPOINT", f),
        None => c.env_remove("MAESTER_FAILPOINT"),
    };
    match c.output() {
        Ok(o) => o,
        Err(e) => panic!("cannot run maester: {e}"),
    }
}

#[test]
fn a_crash_in_the_middle_of_an_smtp_batch_sends_at_most_ten_mails_twice() {
    let dir = std::env::temp_dir().join(format!("maester-smtp-bound-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_default();
    let (port, took) = smtp_sink();
    let cfg = write_config(&dir, port);
    let config = match maester::config::Config::load(&cfg) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    let mut d = match maester::daemon::Daemon::open(config) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    };
    let secrets = HOUSES.iter().map(|h| format!("{h}-s")).collect();
    if let Err(e) = maester::daemon::games::new_game(&mut d, chrono::Utc::now(), Some(secrets)) {
        panic!("{e}");
    }
    // Forty more mails queued beside the welcome mails: one batch of the sending stage.
    let to = vec!["stark@localhost".to_string()];
    let queued = d.store.transaction(|tx| {
        for n in 0..40 {
            let id = format!("<bound-{n}@localhost>");
            let raw = format!("Message-ID: {id}\r\nSubject: n{n}\r\n\r\nmail {n}\r\n");
            tx.queue_outgoing(&NewOutgoing {
                game_id: Some("bound"),
                message_id: &id,
                to_addrs: &to,
                subject: "n",
                raw: raw.as_bytes(),
                reply_to_mail: None,
                created_at: chrono::Utc::now(),
            })?;
        }
        tx.due_outgoing(chrono::Utc::now(), 1000).map(|v| v.len())
    });
    let queued = match queued {
        Ok(n) => n,
        Err(e) => panic!("{e}"),
    };
    assert!(queued >= 40, "{queued}");
    drop(d);

    // Killed right after the server took the 25th mail of the batch.
    let o = run_once(&cfg, Some("after-sending-25"));
    assert!(!o.status.success(), "the failpoint must kill the process");
    let before = took.lock().map(|t| t.message_ids.len()).unwrap_or(0);
    assert_eq!(before, 25);
    let o = run_once(&cfg, None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let ids = took
        .lock()
        .map(|t| t.message_ids.clone())
        .unwrap_or_default();
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), queued, "every mail went out");
    let twice = ids.len() - unique.len();
    assert!(
        twice <= 10,
        "{twice} mails sent twice after the crash (at most 10 may be)"
    );
    assert!(twice >= 1, "the mails after the last mark are sent again");
    let _ = std::fs::remove_dir_all(&dir);
}
