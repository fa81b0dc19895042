//! Incoming mail over `[daemon] max_mail_bytes` is kept as a stub (its header and the start of
//! its first text part, never read whole) and answered "too large"; a backlog of pending mail
//! is read in bounded batches and every mail of it is answered in one poll.

mod maildir_support;

use maildir_support::*;
use std::path::Path;

fn text(o: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Write a mail from `from` with orders and a base64 attachment of about `attachment` bytes
/// to `path`, in pieces (the test itself never holds it whole, so that the memory measured
/// for maester is maester's).
fn write_big_mail(path: &Path, from: &str, attachment: usize) {
    use std::io::Write;
    let head = format!(
        "From: <{from}>\r\nTo: referee@test.maester\r\nSubject: orders with a photo\r\n\
         Message-ID: <big@x.example>\r\nMIME-Version: 1.0\r\n\
         Content-Type: multipart/mixed; boundary=\"BB\"\r\n\r\n--BB\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\nsecret: stark-s\r\nhelp\r\n--BB\r\n\
         Content-Type: image/jpeg\r\nContent-Transfer-Encoding: base64\r\n\r\n"
    );
    let Ok(f) = std::fs::File::create(path) else {
        panic!("cannot write {}", path.display())
    };
    let mut w = std::io::BufWriter::new(f);
    let mut line = [b'Q'; 78];
    line[76] = b'\r';
    line[77] = b'\n';
    let mut written = 0;
    let ok = w.write_all(head.as_bytes()).is_ok()
        && (0..attachment / 78 + 1).all(|_| {
            written += 78;
            w.write_all(&line).is_ok()
        })
        && w.write_all(b"--BB--\r\n").is_ok()
        && w.flush().is_ok();
    assert!(ok && written >= attachment, "writing {}", path.display());
}

fn stored(dir: &Path) -> Vec<(String, usize, String)> {
    let db = dir.join("maester.sqlite");
    let c = rusqlite::Connection::open(&db).unwrap_or_else(|e| panic!("{e}"));
    let mut st = c
        .prepare("SELECT from_addr, length(raw), status FROM mails ORDER BY id")
        .unwrap_or_else(|e| panic!("{e}"));
    st.query_map([], |r| {
        Ok((r.get(0)?, r.get::<_, i64>(1)? as usize, r.get(2)?))
    })
    .map(|rows| rows.flatten().collect())
    .unwrap_or_default()
}

/// `maester run --once` under GNU time: its peak resident memory in kB (`None` without
/// /usr/bin/time). Measured through `time` because a child's own figure would include the
/// test process's memory at the fork.
fn run_once_peak_kb(cfg: &Path) -> Option<u64> {
    let time = Path::new("/usr/bin/time");
    if !time.exists() {
        eprintln!("note: no /usr/bin/time; the memory figure is not checked");
        let out = maester(cfg, &["run", "--once"], None);
        assert!(out.status.success(), "{}", text(&out));
        return None;
    }
    let report = cfg.with_file_name("time.txt");
    let out = std::process::Command::new(time)
        .arg("-f")
        .arg("%M")
        .arg("-o")
        .arg(&report)
        .arg(env!("CARGO_BIN_EXE_maester"))
        .arg("--config")
        .arg(cfg)
        .args(["run", "--once"])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(out.status.success(), "{}", text(&out));
    let t = std::fs::read_to_string(&report).unwrap_or_default();
    t.lines().last().and_then(|l| l.trim().parse().ok())
}

#[test]
fn a_mail_over_the_size_limit_is_kept_as_a_stub_and_answered_too_large() {
    let dir = temp_dir("toolarge");
    let cfg = write_config(&dir, "big");
    new_game_with_known_secrets(&cfg);
    let inbox = dir.join("mail/inbox/new");
    std::fs::create_dir_all(&inbox).unwrap_or_default();
    write_big_mail(&inbox.join("big"), "a@x.example", 40 << 20);
    if let Some(peak) = run_once_peak_kb(&cfg) {
        // 37 MB was seen with the mail waiting (the process holds more since the house
        // pictures and the player's guide); the mail alone is 40 MB, so a mail held whole
        // would take the peak past 60 MB.
        assert!(
            peak < 48 << 10,
            "a 40 MB mail is never held whole: peak {peak} kB"
        );
    }

    let mails = stored(&dir);
    assert_eq!(mails.len(), 1, "{mails:?}");
    let (from, len, status) = &mails[0];
    assert_eq!(
        (from.as_str(), status.as_str()),
        ("a@x.example", "processed")
    );
    assert!(*len < 80 * 1024, "stored as a stub of {len} bytes");
    let sent = outbox_files(&dir.join("mail/outbox"));
    let answers: Vec<&String> = sent
        .iter()
        .filter(|(to, t)| to == "a@x.example" && t.contains("太大"))
        .map(|(_, t)| t)
        .collect();
    assert_eq!(answers.len(), 1, "{sent:#?}");
    assert!(answers[0].contains("KB"), "{}", answers[0]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_limit_set_in_the_config_applies_and_a_backlog_is_read_in_batches() {
    let dir = temp_dir("backlog");
    let cfg = write_config(&dir, "backlog");
    let t = std::fs::read_to_string(&cfg).unwrap_or_default();
    let t = t.replace("[daemon]\n", "[daemon]\nmax_mail_bytes = 10000\n");
    std::fs::write(&cfg, t).unwrap_or_default();
    new_game_with_known_secrets(&cfg);
    let inbox = dir.join("mail/inbox/new");
    std::fs::create_dir_all(&inbox).unwrap_or_default();
    write_big_mail(&inbox.join("big"), "b@x.example", 20_000);
    for i in 0..130 {
        let m = mail_from("stranger@y.example", &format!("s{i}"), "hello");
        std::fs::write(inbox.join(format!("s{i:03}")), m).unwrap_or_default();
    }
    let out = maester(&cfg, &["run", "--once"], None);
    assert!(out.status.success(), "{}", text(&out));
    let mails = stored(&dir);
    assert_eq!(mails.len(), 131, "every mail of the backlog in one poll");
    // The player's mail is answered; the strangers' are kept, not answered (no backscatter).
    assert!(
        mails.iter().all(|(f, _, s)| s
            == if f == "b@x.example" {
                "processed"
            } else {
                "ignored"
            }),
        "{mails:?}"
    );
    let big = mails.iter().find(|(f, _, _)| f == "b@x.example");
    assert!(big.is_some_and(|(_, len, _)| *len < 10_000), "{big:?}");
    assert_eq!(
        std::fs::read_dir(&inbox).map(|r| r.count()).unwrap_or(99),
        0,
        "the inbox is empty"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
