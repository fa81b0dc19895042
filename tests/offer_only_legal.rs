//! Never offer what would be refused, through the real store and the Maildir transport: the
//! order mail a welcome shows, sent as it stands by a house whose King's Court rank allows no
//! special order (Greyjoy, rank 6, 004:L1196), is accepted; and a substitute's welcome, after
//! the house lost an area, shows only areas it holds now, and its example is accepted too.

mod maildir_support;

use maildir_support::*;
use std::path::Path;

/// The one mail to `addr` whose text holds `marker`.
fn mail_to(dir: &Path, addr: &str, marker: &str) -> String {
    let found: Vec<String> = outbox_files(&dir.join("mail/outbox"))
        .into_iter()
        .filter(|(to, b)| to.contains(addr) && b.contains(marker))
        .map(|(_, b)| b)
        .collect();
    match found.as_slice() {
        [one] => one.clone(),
        _ => panic!("expected one mail to {addr} with {marker:?}: {found:#?}"),
    }
}

/// The first example a mail shows: the indented lines after the first line offering one,
/// the secret's line left out.
fn first_example(text: &str) -> Vec<String> {
    let mut lines = text.lines().skip_while(|l| !l.ends_with("例如:"));
    lines.next();
    lines
        .take_while(|l| l.starts_with("  "))
        .map(str::trim)
        .filter(|l| !l.starts_with("密码"))
        .map(str::to_string)
        .collect()
}

/// Deliver `lines` from `from` with `secret`, run a tick, and return the answer.
fn sent_as_shown(cfg: &Path, dir: &Path, from: &str, secret: &str, lines: &[String]) -> String {
    let body = format!("密码: {secret}\r\n{}\r\n", lines.join("\r\n"));
    maester::demo::deliver(&dir.join("mail/inbox"), "x", &mail_from(from, from, &body))
        .unwrap_or_else(|e| panic!("{e}"));
    run_once(cfg);
    last_answer(dir, from)
}

#[test]
fn the_welcome_s_order_mail_sent_as_shown_is_accepted_at_rank_6_004_l1196() {
    let dir = temp_dir("offer-welcome");
    let cfg = write_config(&dir, "ow");
    new_game_with_known_secrets(&cfg);
    let out = maester(&cfg, &["run", "--once"], None);
    assert!(out.status.success());
    let w = mail_to(&dir, "b@x.example", "欢迎加入游戏");
    assert!(w.contains("你现在排第6名,可用0个"), "{w}");
    let ex = first_example(&w);
    assert!(!ex.is_empty(), "{w}");
    assert!(!ex.iter().any(|l| l.contains('+')), "no special order: {w}");
    let answer = sent_as_shown(&cfg, &dir, "b@x.example", "greyjoy-s", &ex);
    assert!(!answer.contains("未接受"), "{answer}");
    for l in &ex {
        assert!(answer.contains(l.as_str()), "{l}: {answer}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_substitute_s_welcome_is_built_from_the_house_s_areas_now() {
    let dir = temp_dir("offer-substitute");
    let cfg = write_config(&dir, "os");
    new_game_with_known_secrets(&cfg);
    let out = maester(&cfg, &["run", "--once"], None);
    assert!(out.status.success());
    // Greyjoy loses Greywater Watch.
    let edit = dir.join("edit.toml");
    std::fs::write(&edit, "clear = [\"灰水望\"]\n").unwrap_or_default();
    let e = edit.to_string_lossy().into_owned();
    let out = maester(&cfg, &["gm", "edit", "--reason", "x", &e], None);
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let args = [
        "gm",
        "replace",
        "--house",
        "greyjoy",
        "--name",
        "Asha",
        "--email",
        "z@x.example",
    ];
    let out = maester(&cfg, &args, None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let w = mail_to(&dir, "z@x.example", "接手");
    assert!(!w.contains("灰水望"), "Greyjoy holds it no more: {w}");
    let secret = w
        .lines()
        .find_map(|l| l.strip_prefix("你的密码是"))
        .unwrap_or_else(|| panic!("no secret: {w}"))
        .trim_start_matches([':', ':'])
        .trim()
        .to_string();
    let ex = first_example(&w);
    assert!(!ex.is_empty(), "{w}");
    let answer = sent_as_shown(&cfg, &dir, "z@x.example", &secret, &ex);
    assert!(!answer.contains("未接受"), "{answer}");
    let _ = std::fs::remove_dir_all(&dir);
}
