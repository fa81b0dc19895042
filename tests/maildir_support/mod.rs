//! Shared by the tests that run the daemon on a local Maildir: a game folder with a config,
//! running the `maester` binary, reading what it sent.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The six houses in the order of the config's players.
pub const HOUSES: [&str; 6] = [
    "stark",
    "greyjoy",
    "lannister",
    "baratheon",
    "tyrell",
    "martell",
];

/// A fresh folder under the system's temp dir.
pub fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("maester-test-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Every mail in a Maildir folder as (recipients, subject + "\n" + body), sorted.
pub fn outbox_files(dir: &Path) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| {
                    let raw = std::fs::read(e.path()).unwrap_or_default();
                    let d = maester::mail::decode(&raw);
                    (d.to.join(","), format!("{}\n{}", d.subject, d.body))
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// A Maildir config for game `id` with players a@x.example … f@x.example (stark … martell).
pub fn write_config(dir: &Path, id: &str) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap_or_default();
    let cfg = dir.join("maester.toml");
    let mut text = format!(
        "[daemon]\naddress = \"referee@test.maester\"\n[mail]\ntransport = \"maildir\"\n\
         [game]\nid = \"{id}\"\nseed = \"s\"\n[game.schedule]\ntimezone = \"UTC\"\n\
         [game.schedule.steps]\ndefault = \"1d\"\n"
    );
    for (h, p) in HOUSES.iter().zip(["A", "B", "C", "D", "E", "F"]) {
        text.push_str(&format!(
            "[[game.players]]\nhouse = \"{h}\"\nname = \"{p}\"\naddress = \"{}@x.example\"\n",
            p.to_lowercase()
        ));
    }
    std::fs::write(&cfg, text).unwrap_or_default();
    cfg
}

/// Create the config's game with the secrets `<house>-s` (new-game makes random ones).
pub fn new_game_with_known_secrets(cfg: &Path) {
    let config = match maester::config::Config::load(cfg) {
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
}

/// Run the binary with this config.
pub fn maester(cfg: &Path, args: &[&str], failpoint: Option<&str>) -> std::process::Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_maester"));
    c.arg("--config").arg(cfg).args(args);
    match failpoint {
        Some(f) => c.env("MAESTER_FAILPOINT", f),
        None => c.env_remove("MAESTER_FAILPOINT"),
    };
    match c.output() {
        Ok(o) => o,
        Err(e) => panic!("cannot run maester: {e}"),
    }
}

/// A plain-text mail from `from` with this body.
pub fn mail_from(from: &str, id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: <{from}>\r\nTo: referee@test.maester\r\nSubject: orders\r\nMessage-ID: <{id}@x.example>\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\n{body}"
    )
    .into_bytes()
}

/// Open the daemon of a config.
pub fn open_daemon(cfg: &Path) -> maester::daemon::Daemon {
    let config = match maester::config::Config::load(cfg) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    match maester::daemon::Daemon::open(config) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    }
}

/// Game `id` as [`write_config`] makes it, with `gm@x.example` as the GM's address; created at
/// `now` with the secrets `<house>-s` and the GM secret `gm-s`. Returns the config and the
/// daemon that created it.
pub fn new_game_with_gm(
    dir: &Path,
    id: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> (PathBuf, maester::daemon::Daemon) {
    let cfg = write_config(dir, id);
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    std::fs::write(
        &cfg,
        text.replace("[daemon]\n", "[daemon]\ngm_address = \"gm@x.example\"\n"),
    )
    .unwrap_or_default();
    let mut d = open_daemon(&cfg);
    let mut secrets: Vec<String> = HOUSES.iter().map(|h| format!("{h}-s")).collect();
    secrets.push("gm-s".into());
    if let Err(e) = maester::daemon::games::new_game(&mut d, now, Some(secrets)) {
        panic!("{e}");
    }
    (cfg, d)
}

/// A plain-text mail from the GM (`gm@x.example`) about game `game`.
pub fn gm_mail(game: &str, id: &str, body: &str) -> Vec<u8> {
    format!(
        "From: GM <gm@x.example>\r\nTo: referee@test.maester\r\nSubject: [{game}] 指令\r\n\
         Message-ID: <{id}@x.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}"
    )
    .into_bytes()
}

/// Give the players named in `langs` (the config's `name`, "A" … "F") their language.
pub fn set_languages(cfg: &Path, langs: &[(&str, &str)]) {
    let mut text = std::fs::read_to_string(cfg).unwrap_or_default();
    for (name, lang) in langs {
        text = text.replace(
            &format!("name = \"{name}\"\n"),
            &format!("name = \"{name}\"\nlanguage = \"{lang}\"\n"),
        );
    }
    std::fs::write(cfg, text).unwrap_or_default();
}

/// Drop these mails (from, id, body) into the game folder's inbox `mail/inbox/new`.
pub fn deliver(dir: &Path, mails: &[(&str, &str, &str)]) {
    let inbox = dir.join("mail/inbox/new");
    std::fs::create_dir_all(&inbox).unwrap_or_default();
    for (from, id, body) in mails {
        std::fs::write(inbox.join(id), mail_from(from, id, body)).unwrap_or_default();
    }
}

/// `maester run --once` on this config; it must succeed.
pub fn run_once(cfg: &Path) {
    let out = maester(cfg, &["run", "--once"], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The last answer ("Re: …", subject and body) sent to `to` from the game folder's outbox.
pub fn last_answer(dir: &Path, to: &str) -> String {
    outbox_files(&dir.join("mail/outbox"))
        .into_iter()
        .filter(|(t, b)| t.contains(to) && b.starts_with("Re:"))
        .map(|(_, b)| b)
        .next_back()
        .unwrap_or_else(|| panic!("no answer to {to}"))
}

/// What a run of the binary printed, stdout then stderr.
pub fn said(out: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Open the config's daemon and create its game at `now` with the secrets `<house>-s`.
pub fn new_game_at(cfg: &Path, now: chrono::DateTime<chrono::Utc>) -> maester::daemon::Daemon {
    let mut d = open_daemon(cfg);
    let secrets = HOUSES.iter().map(|h| format!("{h}-s")).collect();
    if let Err(e) = maester::daemon::games::new_game(&mut d, now, Some(secrets)) {
        panic!("{e}");
    }
    d
}

/// Every mail in the game folder's outbox to `to`, raw; the outbox is emptied.
pub fn take_mails(dir: &Path, to: &str) -> Vec<Vec<u8>> {
    let out = dir.join("mail/outbox");
    let mut mails = Vec::new();
    for e in std::fs::read_dir(&out).into_iter().flatten().flatten() {
        let raw = std::fs::read(e.path()).unwrap_or_default();
        if maester::mail::decode(&raw)
            .to
            .iter()
            .any(|t| t.contains(to))
        {
            mails.push(raw);
        }
        let _ = std::fs::remove_file(e.path());
    }
    mails
}

/// Drop these raw mails (file name, bytes) into the game folder's inbox, as a delivery agent
/// does.
pub fn deliver_raw(dir: &Path, mails: &[(&str, Vec<u8>)]) {
    for (name, raw) in mails {
        if let Err(e) = maester::demo::deliver(&dir.join("mail/inbox"), name, raw) {
            panic!("{e}");
        }
    }
}

/// One tick of the daemon at `at`; it must take every mail without a failure.
pub fn tick_without_failure(
    d: &mut maester::daemon::Daemon,
    at: chrono::DateTime<chrono::Utc>,
) -> maester::daemon::Tick {
    let t = d.tick(at).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(t.failed, 0, "{t:?}");
    t
}

/// The GM closes the open step now (`gm process`) and the daemon sends what the close queued.
pub fn gm_close_and_send(
    d: &mut maester::daemon::Daemon,
    game: &str,
    now: chrono::DateTime<chrono::Utc>,
) {
    let process = maester::daemon::gm::GmCommand::Process {
        step: None,
        round: None,
    };
    if let Err(e) = maester::daemon::gm::apply(d, game, &process, now) {
        panic!("{e}");
    }
    if let Err(e) = d.send_outbox(now) {
        panic!("{e}");
    }
}
