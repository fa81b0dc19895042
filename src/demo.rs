//! `maester demo`: a whole round of a 6-house game played by mail on the embedded default
//! (a local Maildir and a SQLite file), with the deadlines brought forward. Realistic player mails
//! (GBK, HTML-only, a quoted reply, an English player, a mistake and its correction, an
//! out-of-office answer) are dropped into the inbox step by step; the daemon answers them, closes
//! each step and writes every outgoing mail as an `.eml` file.

use crate::config::Config;
use crate::daemon::{Daemon, games};
use crate::error::Error;
use chrono::{DateTime, TimeDelta, Utc};
use std::collections::{BTreeMap, HashSet};
use std::path::Path;

const CONFIG: &str = r#"# maester demo configuration (written by `maester demo`)
[daemon]
database = "maester.sqlite"
address = "referee@demo.maester"
name = "maester 裁判"
poll_seconds = 5

[mail]
transport = "maildir"
[mail.maildir]
inbox = "mail/inbox"
outbox = "mail/outbox"

[game]
id = "demo"
language = "zh"
seed = "maester-demo-seed"
early_close = true

[game.schedule]
timezone = "Asia/Shanghai"
[game.schedule.steps]
placement = "24h"
plan = "24h"

[[game.players]]
house = "stark"
name = "艾莉亚"
address = "arya@north.example"

[[game.players]]
house = "greyjoy"
name = "葛雷乔伊玩家"
address = "kraken@iron.example"

[[game.players]]
house = "lannister"
name = "Tywin"
address = "tywin@rock.example"

[[game.players]]
house = "baratheon"
name = "Stannis"
address = "stannis@storm.example"
language = "en"

[[game.players]]
house = "tyrell"
name = "玫瑰玩家"
address = "rose@reach.example"

[[game.players]]
house = "martell"
name = "毒蛇"
address = "viper@dorne.example"
"#;

/// The scripted mails, in the order they arrive, with the batch they belong to.
const MAILS: &[(&str, &[u8])] = &[
    (
        "1-placement-p-stark.eml",
        include_bytes!("../demo/mails/1-placement-p-stark.eml"),
    ),
    (
        "1-placement-p-greyjoy.eml",
        include_bytes!("../demo/mails/1-placement-p-greyjoy.eml"),
    ),
    (
        "1-placement-autoreply.eml",
        include_bytes!("../demo/mails/1-placement-autoreply.eml"),
    ),
    (
        "1-placement-p-lannister.eml",
        include_bytes!("../demo/mails/1-placement-p-lannister.eml"),
    ),
    (
        "1-placement-p-baratheon.eml",
        include_bytes!("../demo/mails/1-placement-p-baratheon.eml"),
    ),
    (
        "1-placement-p-tyrell.eml",
        include_bytes!("../demo/mails/1-placement-p-tyrell.eml"),
    ),
    (
        "1-placement-p-martell-1.eml",
        include_bytes!("../demo/mails/1-placement-p-martell-1.eml"),
    ),
    (
        "1-placement-p-martell-2.eml",
        include_bytes!("../demo/mails/1-placement-p-martell-2.eml"),
    ),
    (
        "2-plan-x-stark.eml",
        include_bytes!("../demo/mails/2-plan-x-stark.eml"),
    ),
    (
        "2-plan-x-greyjoy.eml",
        include_bytes!("../demo/mails/2-plan-x-greyjoy.eml"),
    ),
    (
        "2-plan-x-lannister.eml",
        include_bytes!("../demo/mails/2-plan-x-lannister.eml"),
    ),
    (
        "2-plan-x-baratheon.eml",
        include_bytes!("../demo/mails/2-plan-x-baratheon.eml"),
    ),
    (
        "2-plan-x-tyrell.eml",
        include_bytes!("../demo/mails/2-plan-x-tyrell.eml"),
    ),
    (
        "2-plan-x-martell.eml",
        include_bytes!("../demo/mails/2-plan-x-martell.eml"),
    ),
];

/// Deliver a mail into a Maildir the way a mail server does: write into `tmp/`, then rename
/// into `new/`.
pub fn deliver(maildir: &Path, name: &str, raw: &[u8]) -> Result<(), Error> {
    let tmp = maildir.join("tmp").join(name);
    let new = maildir.join("new").join(name);
    for sub in ["tmp", "new"] {
        let d = maildir.join(sub);
        std::fs::create_dir_all(&d).map_err(|e| Error::file(&d, e))?;
    }
    std::fs::write(&tmp, raw).map_err(|e| Error::file(&tmp, e))?;
    std::fs::rename(&tmp, &new).map_err(|e| Error::file(&new, e))
}

/// Run the demo in `dir`.
pub fn run(dir: &Path) -> Result<(), Error> {
    if dir.exists()
        && std::fs::read_dir(dir)
            .map(|mut d| d.next().is_some())
            .unwrap_or(false)
    {
        return Err(Error::Refused(format!(
            "{} is not empty; remove it or choose another --dir",
            dir.display()
        )));
    }
    std::fs::create_dir_all(dir).map_err(|e| Error::file(dir, e))?;
    let cfg_path = dir.join("maester.toml");
    std::fs::write(&cfg_path, CONFIG).map_err(|e| Error::file(&cfg_path, e))?;
    let config = Config::load(&cfg_path)?;
    let inbox = config.path(&config.mail.maildir.inbox);
    let outbox = config.path(&config.mail.maildir.outbox);
    let mut d = Daemon::open(config)?;
    // The demo's clock starts now and jumps over deadlines instead of waiting for them.
    let mut now: DateTime<Utc> = Utc::now();
    let secrets: Vec<String> = [
        "stark",
        "greyjoy",
        "lannister",
        "baratheon",
        "tyrell",
        "martell",
    ]
    .iter()
    .map(|h| format!("{h}-demo"))
    .collect();
    games::new_game(&mut d, now, Some(secrets))?;
    let mut total = d.tick(now)?;
    let mut mails = Tally::default();
    mails.take(&d, &outbox, true)?;
    crate::say!("maester demo in {}", dir.display());
    crate::say!(
        "  game `demo` created; {} welcome mails written",
        total.sent
    );
    for batch in ["1-placement", "2-plan"] {
        now += TimeDelta::minutes(30);
        let mut n = 0;
        for (name, raw) in MAILS.iter().filter(|(n, _)| n.starts_with(batch)) {
            deliver(&inbox, name, raw)?;
            n += 1;
        }
        let t = d.tick(now)?;
        mails.take(&d, &outbox, false)?;
        let unanswered = if t.ignored == 0 {
            String::new()
        } else {
            format!(
                ", {} left unanswered ({})",
                t.ignored,
                t.ignored_why.join("; ")
            )
        };
        crate::say!(
            "  {batch}: {n} mails delivered; {} answered{unanswered}; {} mails sent",
            t.answered,
            t.sent
        );
        total.sent += t.sent;
        total.steps_closed += t.steps_closed;
        // Bring the deadline forward: jump past it, and the step closes.
        if t.steps_closed == 0 {
            let deadline = d.store.game("demo")?.and_then(|g| g.deadline);
            now = deadline.unwrap_or(now) + TimeDelta::minutes(1);
            let t = d.tick(now)?;
            mails.take(&d, &outbox, false)?;
            total.sent += t.sent;
            total.steps_closed += t.steps_closed;
            crate::say!(
                "  deadline passed: {} step closed, {} reports sent",
                t.steps_closed,
                t.sent
            );
        } else {
            crate::say!("  every house had sent its orders: the step closed at once, reports sent");
        }
    }
    // Nobody is waiting for round 2 in the demo; show where the game stands.
    crate::say_raw!(
        "{}",
        crate::daemon::status::show(&d, Some("demo"), false, None)?
    );
    mails.show(&outbox);
    crate::say!("  the store: {}", dir.join("maester.sqlite").display());
    // `maester` is on the PATH only once installed: after `cargo run` the same commands are
    // run through cargo, from the folder the demo ran in.
    let me = if std::env::var_os("CARGO_MANIFEST_DIR").is_some() {
        "cargo run --"
    } else {
        "maester"
    };
    let cfg = cfg_path.display();
    crate::say!("  next, from here:");
    for (what, args) in [
        ("the game's state", "status".to_string()),
        (
            "the map",
            format!("map --out {}", dir.join("map.png").display()),
        ),
        ("the forum post of the last step", "post".to_string()),
    ] {
        crate::say!("    {me} --config {cfg} {args}    # {what}");
    }
    if total.steps_closed < 2 {
        return Err(Error::Refused(
            "the demo did not close both steps of round 1".into(),
        ));
    }
    Ok(())
}

/// The mails the demo wrote, by kind and by whom they went to.
#[derive(Default)]
struct Tally {
    /// The outbox's files already counted.
    seen: HashSet<std::ffi::OsString>,
    /// (kind, recipient) → mails; and one file of each kind to open.
    counts: BTreeMap<(&'static str, String), usize>,
    example: BTreeMap<&'static str, std::path::PathBuf>,
}

impl Tally {
    /// Counts the files the last tick wrote: welcome mails at the start, then answers
    /// (`Auto-Submitted: auto-replied`) and reports.
    fn take(&mut self, d: &Daemon, outbox: &Path, welcome: bool) -> Result<(), Error> {
        let houses: Vec<(String, String)> = d
            .store
            .houses("demo")?
            .into_iter()
            .map(|h| (h.address.to_ascii_lowercase(), h.house))
            .collect();
        let mut names: Vec<_> = std::fs::read_dir(outbox)
            .map_err(|e| Error::file(outbox, e))?
            .filter_map(|e| e.ok().map(|e| e.file_name()))
            .filter(|n| Path::new(n).extension().is_some_and(|x| x == "eml"))
            .filter(|n| !self.seen.contains(n))
            .collect();
        names.sort();
        for name in names {
            let path = outbox.join(&name);
            let raw = std::fs::read(&path).map_err(|e| Error::file(&path, e))?;
            self.seen.insert(name);
            let head = String::from_utf8_lossy(&raw[..raw.len().min(4096)]).to_ascii_lowercase();
            let kind = if welcome {
                "welcome"
            } else if head.contains("auto-submitted: auto-replied") {
                "answer"
            } else {
                "report"
            };
            let to = crate::mail::decode(&raw).to.join(",").to_ascii_lowercase();
            let who = houses
                .iter()
                .find(|(addr, _)| to.contains(addr.as_str()))
                .map(|(_, h)| h.clone())
                .unwrap_or(to);
            *self.counts.entry((kind, who)).or_insert(0) += 1;
            self.example.entry(kind).or_insert(path);
        }
        Ok(())
    }

    fn show(&self, outbox: &Path) {
        let total: usize = self.counts.values().sum();
        crate::say!(
            "\n  {total} mails written to {} (one .eml file each, named by time):",
            outbox.display()
        );
        for kind in ["welcome", "answer", "report"] {
            let per: Vec<String> = self
                .counts
                .iter()
                .filter(|((k, _), _)| *k == kind)
                .map(|((_, who), n)| format!("{who} {n}"))
                .collect();
            if per.is_empty() {
                continue;
            }
            crate::say!("    {kind:<8} {}", per.join(", "));
            if let Some(p) = self.example.get(kind) {
                crate::say!("             e.g. {}", p.display());
            }
        }
    }
}
