//! `maester bench-intake`: how fast maester takes in a burst of order mails, measured beside
//! the durable floor in the same run — the same number of mails, each stored by one durable
//! SQLite commit with maester's own pragmas (WAL, synchronous=FULL) and nothing else. The ratio
//! of the two is the figure that matters; the absolute rates depend on the disk.
//!
//! The corpus is a realistic mix, generated: valid orders of each house (resent, as players
//! do), typos, wrong secrets, strangers, auto-replies, a GBK mail, an HTML
//! multipart/alternative mail.

use crate::config::Config;
use crate::daemon::Daemon;
use crate::daemon::games::{self, CloseWhy, Guard};
use crate::error::Error;
use chrono::{DateTime, Utc};
use std::path::Path;
use std::time::Instant;

const HOUSES: [&str; 6] = [
    "stark",
    "greyjoy",
    "lannister",
    "baratheon",
    "tyrell",
    "martell",
];

/// Each house's placement, as a player writes it.
const ORDERS: [&str; 6] = [
    "临冬城 行军+1\r\n白港 支援",
    "派克岛 行军\r\n灰水望 防守",
    "兰尼斯港 行军\r\n石圣堂 巩固统治",
    "Dragonstone march\r\nKingswood consolidate",
    "高庭 行军\r\n多恩边疆 防守",
    "阳戟城 行军\r\n盐海岸 巩固统治",
];

/// `密码: SECRET\n高庭 行军\n多恩边疆 防守\n` in GBK (the secret is ASCII: replaced in place).
const GBK_TYRELL: &[u8] = b"\xc3\xdc\xc2\xeb\x3a\x20SECRET\x0a\xb8\xdf\xcd\xa5\x20\xd0\xd0\xbe\xfc\x0a\xb6\xe0\xb6\xf7\xb1\xdf\xbd\xae\x20\xb7\xc0\xca\xd8\x0a";

fn secret(house: &str) -> String {
    format!("{house}-bench")
}

fn head(from: &str, id: usize, extra: &str) -> String {
    format!(
        "From: <{from}>\r\nTo: referee@bench.maester\r\nSubject: [bench] orders\r\n\
         Message-ID: <bench-{id}@x.example>\r\nDate: Wed, 25 Nov 2026 20:00:00 +0800\r\n{extra}"
    )
}

/// Mail `i` of the corpus.
pub fn mail(i: usize) -> Vec<u8> {
    let h = i % 6;
    let house = HOUSES[h];
    let from = format!("{house}@x.example");
    let plain =
        "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n";
    match i % 10 {
        0..=3 => format!(
            "{}{plain}密码: {}\r\n{}\r\n",
            head(&from, i, ""),
            secret(house),
            ORDERS[h]
        )
        .into_bytes(),
        4 => format!(
            "{}{plain}密码: {}\r\n临冬城 行君+1\r\n白港 支缓\r\n",
            head("stark@x.example", i, ""),
            secret("stark")
        )
        .into_bytes(),
        5 => format!(
            "{}{plain}密码: nope\r\n{}\r\n",
            head(&from, i, ""),
            ORDERS[h]
        )
        .into_bytes(),
        6 => format!(
            "{}{plain}hello, is this the game?\r\n",
            head(&format!("stranger{i}@y.example"), i, "")
        )
        .into_bytes(),
        7 => format!(
            "{}{plain}I am out of office until Monday.\r\n",
            head(&from, i, "Auto-Submitted: auto-replied\r\n")
        )
        .into_bytes(),
        8 => {
            let mut raw = head(
                "tyrell@x.example",
                i,
                "Content-Type: text/plain; charset=gbk\r\nContent-Transfer-Encoding: 8bit\r\n\r\n",
            )
            .into_bytes();
            let at = GBK_TYRELL
                .windows(6)
                .position(|w| w == b"SECRET")
                .unwrap_or(0);
            raw.extend_from_slice(&GBK_TYRELL[..at]);
            raw.extend_from_slice(secret("tyrell").as_bytes());
            raw.extend_from_slice(&GBK_TYRELL[at + 6..]);
            raw
        }
        _ => {
            let b = "b0undary";
            format!(
                "{}MIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=\"{b}\"\r\n\r\n\
                 --{b}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n密码: {s}\r\n{o}\r\n\
                 --{b}\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<div>密码: {s}</div><div>{oh}</div>\r\n--{b}--\r\n",
                head(&from, i, ""),
                s = secret(house),
                o = ORDERS[h],
                oh = ORDERS[h].replace("\r\n", "</div><div>")
            )
            .into_bytes()
        }
    }
}

/// One measured run.
#[derive(Clone, Debug)]
pub struct IntakeRun {
    /// Mails taken in.
    pub mails: usize,
    /// Seconds maester took to store, read and answer them all (answers queued and written).
    pub maester: f64,
    /// Seconds the floor took for the same number of mails.
    pub floor: f64,
    /// Processor seconds (user and system, all threads) maester and the floor used.
    pub cpu: (f64, f64),
    /// Answers written.
    pub answers: usize,
    /// Seconds to close the step afterwards (every house's report).
    pub close: f64,
    /// Old mails the store held before the run (`--prefill`), and the seconds filling took.
    pub prefilled: (usize, f64),
    /// Seconds from the delivery of one more mail to its answer in the outbox, the daemon
    /// waiting as `maester run` does at the default settings (measured when asked).
    pub latency: Option<f64>,
}

/// The bench's config. The corpus comes from six addresses, far more mails each than a player
/// sends in an hour: the per-address answer cap (`[mail.guard] answers_per_hour`) is lifted so
/// that every answer is written and sent, as it would be for as many players.
fn config_text(dir: &Path) -> String {
    let mut t = format!(
        "[daemon]\naddress = \"referee@bench.maester\"\ndatabase = \"{}\"\n[mail]\ntransport = \"maildir\"\n\
         [mail.guard]\nanswers_per_hour = 1000000\n\
         [game]\nid = \"bench\"\nseed = \"bench\"\nearly_close = false\n[game.schedule]\ntimezone = \"UTC\"\n\
         [game.schedule.steps]\ndefault = \"1d\"\n",
        dir.join("maester.sqlite").display()
    );
    for h in HOUSES {
        t.push_str(&format!(
            "[[game.players]]\nhouse = \"{h}\"\nname = \"{h}\"\naddress = \"{h}@x.example\"\n"
        ));
    }
    t
}

/// The durable floor: `n` mails, each stored by its own commit, same pragmas as maester's.
pub fn floor(dir: &Path, n: usize) -> Result<f64, Error> {
    let path = dir.join("floor.sqlite");
    let _ = std::fs::remove_file(&path);
    let store = crate::store::Store::open(&path)?;
    let conn = store.connection();
    let sql = |e| Error::Config(format!("floor: {e}"));
    conn.execute_batch("CREATE TABLE floor (id INTEGER PRIMARY KEY, raw BLOB NOT NULL)")
        .map_err(sql)?;
    let raws: Vec<Vec<u8>> = (0..n).map(mail).collect();
    let start = Instant::now();
    for raw in &raws {
        conn.execute_batch("BEGIN IMMEDIATE").map_err(sql)?;
        conn.execute("INSERT INTO floor (raw) VALUES (?1)", [raw.as_slice()])
            .map_err(sql)?;
        conn.execute_batch("COMMIT").map_err(sql)?;
    }
    Ok(start.elapsed().as_secs_f64())
}

/// A fresh game `bench` under `dir` (Maildir transport, the houses' secrets `<house>-bench`),
/// its welcome mails sent, and `n` mails of the corpus waiting in its inbox.
pub fn setup(
    dir: &Path,
    n: usize,
    prefill: usize,
    now: DateTime<Utc>,
) -> Result<(Daemon, f64), Error> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir.display().to_string(), e))?;
    let cfg = dir.join("maester.toml");
    std::fs::write(&cfg, config_text(dir)).map_err(|e| Error::io("bench config", e))?;
    let mut d = Daemon::open(Config::load(&cfg)?)?;
    let secrets = HOUSES.iter().map(|h| secret(h)).collect();
    games::new_game(&mut d, now, Some(secrets))?;
    d.send_outbox(now)?;
    let filled = match prefill {
        0 => 0.0,
        _ => crate::bench_prefill::prefill(&d.store, prefill, mail)?,
    };
    let inbox = dir.join("mail/inbox");
    for i in 0..n {
        crate::demo::deliver(&inbox, &format!("m{i:07}"), &mail(i))?;
    }
    Ok((d, filled))
}

/// Run maester's intake on `n` mails in a fresh game under `dir` (its store holding `prefill`
/// old mails first); then close the step, measure the latency of one more mail when asked, and
/// the durable floor.
///
/// `dir` should be a new folder: one emptied just before makes the run slower than intake is.
/// On ext4 without a journal the kernel does not hand out again an inode freed in the last
/// seconds to minutes, and scans past each such inode for every file it creates: removing a
/// previous run's thousands of files right before the run made each answer written to the
/// Maildir outbox cost up to a millisecond (as they would cost a daemon whose outbox reader
/// had just deleted thousands of files on such a filesystem).
pub fn intake(
    dir: &Path,
    n: usize,
    prefill: usize,
    latency: bool,
    now: DateTime<Utc>,
) -> Result<IntakeRun, Error> {
    let (mut d, filled) = setup(dir, n, prefill, now)?;
    let outbox = dir.join("mail/outbox");
    let before = count_files(&outbox);
    let cpu_start = cpu_seconds();
    let start = Instant::now();
    loop {
        let t = d.tick(now)?;
        if t.stored + t.processed + t.ignored == 0 {
            break;
        }
    }
    let maester = start.elapsed().as_secs_f64();
    let maester_cpu = cpu_seconds() - cpu_start;
    let answers = count_files(&outbox).saturating_sub(before);
    let start = Instant::now();
    games::close_step_now(&mut d, "bench", now, CloseWhy::Gm(Guard::default()))?;
    let close = start.elapsed().as_secs_f64();
    let latency = match latency {
        true => Some(answer_latency(&mut d, dir, n)?),
        false => None,
    };
    drop(d);
    let cpu_start = cpu_seconds();
    let floor = floor(dir, n)?;
    let floor_cpu = cpu_seconds() - cpu_start;
    Ok(IntakeRun {
        mails: n,
        maester,
        floor,
        cpu: (maester_cpu, floor_cpu),
        answers,
        close,
        prefilled: (prefill, filled),
        latency,
    })
}

/// One more mail delivered while the daemon waits as `maester run` does (the configured poll,
/// 60 s by default; a look at the Maildir every 200 ms meanwhile): seconds from its delivery
/// to its answer in the outbox.
fn answer_latency(d: &mut Daemon, dir: &Path, n: usize) -> Result<f64, Error> {
    let outbox = dir.join("mail/outbox");
    let inbox = dir.join("mail/inbox");
    let before = count_files(&outbox);
    let poll = std::time::Duration::from_secs(d.config.daemon.poll_seconds.max(1));
    let raw = mail(n - n % 10);
    let delivery = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(300));
        let at = Instant::now();
        crate::demo::deliver(&inbox, "latency", &raw).map(|()| at)
    });
    let give_up = Instant::now() + poll * 3;
    loop {
        d.wait_for_mail(poll);
        d.tick(Utc::now())?;
        if count_files(&outbox) > before || Instant::now() > give_up {
            break;
        }
    }
    let answered = Instant::now();
    let delivered = delivery
        .join()
        .map_err(|_| Error::Config("latency: the delivering thread failed".into()))??;
    if count_files(&outbox) <= before {
        return Err(Error::Config("latency: the mail was never answered".into()));
    }
    Ok(answered.duration_since(delivered).as_secs_f64())
}

/// Processor seconds this process has used so far, user and system, all its threads (0 when
/// the system does not say).
fn cpu_seconds() -> f64 {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `usage` is a valid, writable rusage for the call to fill.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return 0.0;
    }
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

/// The files (mails) in a folder.
pub fn count_files(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter(|e| e.path().is_file())
                .count()
        })
        .unwrap_or(0)
}
