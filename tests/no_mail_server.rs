//! `maester new-game`, `run --once`, `status` and the GM commands with `transport = "imap"` and
//! no mail server at all (both ports closed): nothing needs a server to start, and each command
//! returns at once. Needs no test servers.

use std::net::TcpListener;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// A loopback port nobody listens on (bound, then released).
fn closed_port() -> u16 {
    let l = TcpListener::bind("127.0.0.1:0").expect("bind");
    l.local_addr().expect("addr").port()
}

fn maester(dir: &Path, args: &[&str]) -> (bool, String) {
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_maester"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run maester");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "maester {args:?} took {:?}",
        start.elapsed()
    );
    (out.status.success(), text)
}

#[test]
fn status_gm_and_run_work_with_no_mail_server() {
    let dir = std::env::temp_dir().join(format!("maester-noserver-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    let mut players = String::new();
    for h in [
        "stark",
        "greyjoy",
        "lannister",
        "baratheon",
        "tyrell",
        "martell",
    ] {
        players.push_str(&format!(
            "[[game.players]]\nhouse = \"{h}\"\nname = \"{h}\"\naddress = \"{h}@example.org\"\n\n"
        ));
    }
    let config = format!(
        "[daemon]\naddress = \"referee@example.org\"\n\n[mail]\ntransport = \"imap\"\n\
         [mail.imap]\nhost = \"127.0.0.1\"\nport = {}\nsecurity = \"plain\"\nuser = \"r\"\npassword = \"p\"\n\
         [mail.smtp]\nhost = \"127.0.0.1\"\nport = {}\nsecurity = \"plain\"\n\n\
         [game]\nid = \"g1\"\nseed = \"s\"\n[game.schedule]\ntimezone = \"UTC\"\n[game.schedule.steps]\ndefault = \"1d\"\n\n{players}",
        closed_port(),
        closed_port()
    );
    std::fs::write(dir.join("maester.toml"), config).expect("config");

    let (ok, out) = maester(&dir, &["new-game"]);
    assert!(ok && out.contains("0 welcome mails sent"), "{out}");
    let (ok, out) = maester(&dir, &["status", "--lang", "en"]);
    assert!(ok && out.contains("game g1: round 1"), "{out}");
    let (ok, out) = maester(&dir, &["run", "--once"]);
    assert!(ok, "{out}");
    let (ok, out) = maester(&dir, &["gm", "process"]);
    assert!(ok && out.contains("closed"), "{out}");
    let (ok, out) = maester(&dir, &["gm", "requeue", "--all"]);
    assert!(ok && out.contains("0 failed mails queued again"), "{out}");
    let (ok, out) = maester(&dir, &["gm", "requeue", "--id", "1"]);
    assert!(
        !ok && out.contains("not found"),
        "mail 1 is queued, not failed: {out}"
    );
    let (ok, out) = maester(&dir, &["gm", "requeue"]);
    assert!(!ok, "--all or --id is required: {out}");
    let _ = std::fs::remove_dir_all(&dir);
}
