//! The secret line redacted in what maester keeps: after a game, player mails (plain, base64,
//! HTML, quoting the welcome mail), a substitute seated by the GM and the mails sent, no
//! secret occurs in the SQLite file or its WAL. The Maildir outbox is the delivered mail in
//! the maildir transport: there the secrets stay, as sent.

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

fn contains_ci(hay: &[u8], needle: &str) -> bool {
    let n = needle.as_bytes();
    hay.windows(n.len()).any(|w| w.eq_ignore_ascii_case(n))
}

fn mail(from: &str, id: &str, headers: &str, body: &str) -> Vec<u8> {
    format!(
        "From: <{from}>\r\nTo: referee@test.maester\r\nSubject: orders\r\nMessage-ID: <{id}@x.example>\r\n\
         MIME-Version: 1.0\r\n{headers}\r\n{body}"
    )
    .into_bytes()
}

fn base64(data: &[u8]) -> String {
    const T: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for c in data.chunks(3) {
        let b = [c[0], *c.get(1).unwrap_or(&0), *c.get(2).unwrap_or(&0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= c.len() {
                out.push(T[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn db_bytes(dir: &Path) -> Vec<u8> {
    let mut all = std::fs::read(dir.join("maester.sqlite")).unwrap_or_default();
    all.extend(std::fs::read(dir.join("maester.sqlite-wal")).unwrap_or_default());
    all
}

#[test]
fn no_secret_is_kept_in_the_database_after_intake_and_sending() {
    let dir = temp_dir("redacted");
    let cfg = write_config(&dir, "red");
    let secrets: Vec<String> = HOUSES.iter().map(|h| format!("q7{h}x9")).collect();
    {
        let config = maester::config::Config::load(&cfg).unwrap_or_else(|e| panic!("{e}"));
        let mut d = maester::daemon::Daemon::open(config).unwrap_or_else(|e| panic!("{e}"));
        maester::daemon::games::new_game(&mut d, chrono::Utc::now(), Some(secrets.clone()))
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let out = maester(&cfg, &["run", "--once"], None);
    assert!(out.status.success(), "{}", text(&out));

    let inbox = dir.join("mail/inbox/new");
    std::fs::create_dir_all(&inbox).unwrap_or_default();
    let plain = "Content-Type: text/plain; charset=utf-8\r\n";
    let put = |name: &str, raw: Vec<u8>| std::fs::write(inbox.join(name), raw).unwrap_or_default();
    put(
        "1",
        mail(
            "a@x.example",
            "m1",
            plain,
            &format!("secret: {}\r\nhelp\r\n", secrets[0]),
        ),
    );
    let b64 = base64(format!("密码: {}\n帮助\n", secrets[1]).as_bytes());
    put(
        "2",
        mail(
            "b@x.example",
            "m2",
            "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n",
            &format!("{b64}\r\n"),
        ),
    );
    put(
        "3",
        mail(
            "c@x.example",
            "m3",
            plain,
            &format!(
                "SECRET: {}\r\nhelp\r\n\r\n> Your secret is: {}\r\n> Keep it to yourself.\r\n",
                secrets[2], secrets[2]
            ),
        ),
    );
    put(
        "4",
        mail(
            "d@x.example",
            "m4",
            "Content-Type: text/html; charset=utf-8\r\n",
            &format!(
                "<html><body><p>secret: {}</p><p>help</p></body></html>\r\n",
                secrets[3]
            ),
        ),
    );
    let out = maester(&cfg, &["run", "--once"], None);
    assert!(out.status.success(), "{}", text(&out));
    let out = maester(
        &cfg,
        &[
            "gm",
            "replace",
            "--house",
            "tyrell",
            "--name",
            "Zed",
            "--email",
            "zed@x.example",
        ],
        None,
    );
    let said = text(&out);
    assert!(out.status.success(), "{said}");
    let new_secret = said
        .lines()
        .find_map(|l| l.trim().strip_prefix("new secret: "))
        .map(str::to_string)
        .unwrap_or_else(|| panic!("no new secret in {said}"));
    put(
        "5",
        mail(
            "zed@x.example",
            "m5",
            plain,
            &format!("secret: {new_secret}\r\nhelp\r\n"),
        ),
    );
    let out = maester(&cfg, &["run", "--once"], None);
    assert!(out.status.success(), "{}", text(&out));

    // Every mail was taken in with its secret accepted, and its stored copy is masked.
    let c =
        rusqlite::Connection::open(dir.join("maester.sqlite")).unwrap_or_else(|e| panic!("{e}"));
    let rows: Vec<(String, String, Vec<u8>)> = c
        .prepare("SELECT from_addr, outcome, raw FROM mails ORDER BY id")
        .and_then(|mut st| {
            st.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                .map(|rows| rows.flatten().collect())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rows.len(), 5, "{rows:?}");
    for (from, outcome, raw) in &rows {
        assert!(outcome.contains("account command"), "{from}: {outcome}");
        let body = maester::mail::decode(raw).body;
        assert!(body.contains("********"), "{from}: {body}");
    }
    drop(c);

    let bytes = db_bytes(&dir);
    for s in secrets.iter().chain([&new_secret]) {
        assert!(!contains_ci(&bytes, s), "{s} is in the database");
    }
    // The Maildir outbox is what was delivered: the welcome mails hold the secrets there.
    let sent = outbox_files(&dir.join("mail/outbox"));
    for s in secrets.iter().chain([&new_secret]) {
        assert!(
            sent.iter().any(|(_, t)| t.contains(s.as_str())),
            "{s} was mailed"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
