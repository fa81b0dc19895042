//! Mails shaped the way real clients send them (tests/mail_corpus/*.eml, built by
//! make_corpus.py: Foxmail, QQ text and HTML with signatures, 163, Outlook Big5, iPhone,
//! Thunderbird format=flowed, Gmail bottom and top posting, Outlook mobile, an attachment, an
//! end line, a sign-off, a wrong order, too many lines) run through intake on the Maildir
//! transport; each must give the outcome and the answer of tests/mail_corpus/expected.toml.

mod maildir_support;

use maildir_support::*;
use std::path::{Path, PathBuf};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mail_corpus")
}

fn expected() -> toml::Table {
    let text = std::fs::read_to_string(corpus_dir().join("expected.toml"))
        .unwrap_or_else(|e| panic!("expected.toml: {e}"));
    text.parse::<toml::Table>()
        .unwrap_or_else(|e| panic!("expected.toml: {e}"))
}

fn strings(v: &toml::Value, key: &str) -> Vec<String> {
    v.get(key)
        .and_then(|x| x.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// Every answer in the outbox as (In-Reply-To, subject, body).
fn answers(dir: &Path) -> Vec<(String, String, String)> {
    std::fs::read_dir(dir.join("mail/outbox"))
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| maester::mail::decode(&std::fs::read(e.path()).unwrap_or_default()))
                .map(|d| (d.in_reply_to.unwrap_or_default(), d.subject, d.body))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn every_client_shaped_mail_gives_its_expected_outcome_on_maildir() {
    let expected = expected();
    let dir = temp_dir("mail-corpus");
    let cfg = write_config(&dir, "corpus");
    lift_answer_cap(&cfg);
    new_game_with_known_secrets(&cfg);
    let inbox = dir.join("mail/inbox");
    let mut ids = Vec::new();
    for (name, _) in &expected {
        let raw = std::fs::read(corpus_dir().join(format!("{name}.eml")))
            .unwrap_or_else(|e| panic!("{name}.eml: {e}"));
        let mid = maester::mail::decode(&raw).message_id;
        let Some(mid) = mid else {
            panic!("{name}: no Message-ID")
        };
        if let Err(e) = maester::demo::deliver(&inbox, name, &raw) {
            panic!("{e}");
        }
        ids.push((name.clone(), mid));
    }
    // Every mail of the corpus has its expectation.
    let on_disk = std::fs::read_dir(corpus_dir())
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter(|e| e.path().extension().is_some_and(|x| x == "eml"))
                .count()
        })
        .unwrap_or(0);
    assert_eq!(on_disk, expected.len(), "an .eml without expectation");

    let o = maester(&cfg, &["run", "--once"], None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let config = maester::config::Config::load(&cfg).unwrap_or_else(|e| panic!("{e}"));
    let d = maester::daemon::Daemon::open(config).unwrap_or_else(|e| panic!("{e}"));
    let sent = answers(&dir);
    let mut failures = Vec::new();
    for (name, mid) in &ids {
        let want = &expected[name.as_str()];
        let mail = d.store.mail_by_message_id(mid).ok().flatten();
        let outcome = mail.and_then(|m| m.outcome).unwrap_or_default();
        let want_outcome = want.get("outcome").and_then(|v| v.as_str()).unwrap_or("");
        if outcome != want_outcome {
            failures.push(format!(
                "{name}: outcome {outcome:?}, expected {want_outcome:?}"
            ));
        }
        let Some((_, subject, body)) = sent.iter().find(|(rt, _, _)| rt == mid) else {
            failures.push(format!("{name}: no answer"));
            continue;
        };
        if !subject.starts_with("Re: [corpus] ") {
            failures.push(format!("{name}: subject {subject:?}"));
        }
        let answer = format!("{subject}\n{body}");
        for s in strings(want, "answer_has") {
            if !answer.contains(&s) {
                failures.push(format!("{name}: answer lacks {s:?}:\n{answer}"));
            }
        }
        for s in strings(want, "answer_lacks") {
            if answer.contains(&s) {
                failures.push(format!("{name}: answer holds {s:?}:\n{answer}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_reused_message_id_does_not_make_a_players_orders_vanish() {
    let dir = temp_dir("mail-corpus-clash");
    let cfg = write_config(&dir, "corpus");
    lift_answer_cap(&cfg);
    new_game_with_known_secrets(&cfg);
    let inbox = dir.join("mail/inbox");
    let player = std::fs::read(corpus_dir().join("gmail_top.eml")).unwrap_or_default();
    let mid = maester::mail::decode(&player)
        .message_id
        .unwrap_or_default();
    // Someone else sends first, reusing the player's Message-ID.
    let forged = String::from_utf8_lossy(&player)
        .replacen("<a@x.example>", "<b@x.example>", 1)
        .into_bytes();
    for (name, raw) in [("1-forged", &forged), ("2-player", &player)] {
        if let Err(e) = maester::demo::deliver(&inbox, name, raw) {
            panic!("{e}");
        }
    }
    let o = maester(&cfg, &["run", "--once"], None);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let sent = answers(&dir);
    let to_player = sent
        .iter()
        .filter(|(rt, s, _)| rt == &mid && s.contains("已收到"))
        .count();
    assert_eq!(to_player, 1, "the player's orders were answered: {sent:#?}");
    assert_eq!(sent.iter().filter(|(rt, _, _)| rt == &mid).count(), 2);
    let config = maester::config::Config::load(&cfg).unwrap_or_else(|e| panic!("{e}"));
    let d = maester::daemon::Daemon::open(config).unwrap_or_else(|e| panic!("{e}"));
    let audit = d.store.audit_log(None, 50).unwrap_or_default();
    assert!(
        audit.iter().any(|a| a.action == "message-id clash"),
        "{audit:#?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The corpus comes from one address per house, more mails each than the hourly answer cap
/// (`[mail.guard] answers_per_hour`, tested in tests/mail_guards.rs) lets through.
fn lift_answer_cap(cfg: &std::path::Path) {
    let text = std::fs::read_to_string(cfg).unwrap_or_default();
    std::fs::write(
        cfg,
        text.replace(
            "[mail]\n",
            "[mail.guard]\nanswers_per_hour = 1000\n[mail]\n",
        ),
    )
    .unwrap_or_default();
}
