//! `gm deadline +1d` and the GM's mail `延期 +1d` extend the current deadline (a GM announcing
//! "顺延一天" means one day more, not one day from now); the answer shows old → new in the
//! game's time zone; an absolute time still sets it. A GM mail is answered in the language and
//! script it is written in (zh, zh-Hant, en).

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use maester::daemon::Daemon;
use maester::daemon::gm::{GmCommand, apply};
use maildir_support::*;

const TZ: chrono_tz::Tz = chrono_tz::Asia::Shanghai;

fn setup(tag: &str, now: DateTime<Utc>) -> (std::path::PathBuf, Daemon) {
    let dir = temp_dir(tag);
    let cfg = write_config(&dir, "gd");
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    std::fs::write(
        &cfg,
        text.replace("[daemon]\n", "[daemon]\ngm_address = \"gm@x.example\"\n")
            .replace("timezone = \"UTC\"", "timezone = \"Asia/Shanghai\""),
    )
    .unwrap_or_default();
    let mut d = open_daemon(&cfg);
    let mut secrets: Vec<String> = HOUSES.iter().map(|h| format!("{h}-s")).collect();
    secrets.push("gm-s".into());
    if let Err(e) = maester::daemon::games::new_game(&mut d, now, Some(secrets)) {
        panic!("{e}");
    }
    (dir, d)
}

fn deadline(d: &Daemon) -> DateTime<Utc> {
    match d.store.game("gd") {
        Ok(Some(g)) => g.deadline.unwrap_or_else(|| panic!("no deadline")),
        other => panic!("{other:?}"),
    }
}

/// The GM mails `body`; the daemon answers; the answer's text.
fn gm_says(
    dir: &std::path::Path,
    d: &mut Daemon,
    key: &str,
    body: &str,
    now: DateTime<Utc>,
) -> String {
    if let Err(e) = maester::demo::deliver(&dir.join("mail/inbox"), key, &gm_mail("gd", key, body))
    {
        panic!("{e}");
    }
    if let Err(e) = d.tick(now) {
        panic!("{e}");
    }
    let out = dir.join("mail/outbox");
    let answers: Vec<String> = outbox_files(&out)
        .into_iter()
        .filter(|(to, _)| to.contains("gm@x.example"))
        .map(|(_, b)| b)
        .collect();
    // What was read is cleared: the next call reads only its own answer.
    for e in std::fs::read_dir(&out).into_iter().flatten().flatten() {
        let _ = std::fs::remove_file(e.path());
    }
    match answers.as_slice() {
        [one] => one.clone(),
        other => panic!("expected one answer to the GM: {other:#?}"),
    }
}

#[test]
fn plus_one_day_extends_the_deadline_and_the_answer_says_old_and_new() {
    let t0: DateTime<Utc> = "2026-05-04T02:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let (dir, mut d) = setup("gm-extend", t0);
    let dl = deadline(&d);
    // Two hours before the deadline the GM announces one day more, in Chinese.
    let now = dl - TimeDelta::hours(2);
    let answer = gm_says(&dir, &mut d, "g1", "密码: gm-s\n延期 +1d\n", now);
    let extended = dl + TimeDelta::days(1);
    assert_eq!(
        deadline(&d),
        extended,
        "one day more than the deadline, not than now"
    );
    let (old, new) = (
        maester::schedule::format_deadline_zh(dl, TZ),
        maester::schedule::format_deadline_zh(extended, TZ),
    );
    assert!(
        answer.contains(&format!(
            "第2行:第1回合布置军事命令阶段:截止时间 {old} → {new}"
        )),
        "{answer}"
    );
    assert!(
        !answer.contains(" UTC") && !answer.contains("line "),
        "{answer}"
    );
    // In Traditional characters: answered in Traditional.
    let answer = gm_says(&dir, &mut d, "g2", "密碼: gm-s\n延期 +12h\n", now);
    let again = extended + TimeDelta::hours(12);
    assert_eq!(deadline(&d), again);
    let new_hant =
        maester::words::hant::to_traditional(&maester::schedule::format_deadline_zh(again, TZ));
    assert!(
        answer.contains(&maester::words::hant::to_traditional(
            "第2行:第1回合布置军事命令阶段:截止时间"
        )),
        "{answer}"
    );
    assert!(answer.contains(&format!("→ {new_hant}")), "{answer}");
    // In English: answered in English, times in the game's zone.
    let answer = gm_says(&dir, &mut d, "g3", "secret: gm-s\ndeadline +1d\n", now);
    let third = again + TimeDelta::days(1);
    assert_eq!(deadline(&d), third);
    assert!(
        answer.contains(&format!(
            "line 2: round 1 placement: deadline {} → {}",
            maester::schedule::format_deadline_en(again, TZ),
            maester::schedule::format_deadline_en(third, TZ)
        )),
        "{answer}"
    );
    // The command line counts from the deadline as well; an absolute time still sets it.
    let cmd = |when: &str| GmCommand::Deadline {
        when: when.into(),
        guard: Default::default(),
    };
    let out = apply(&mut d, "gd", &cmd("+1d"), now).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(deadline(&d), third + TimeDelta::days(1), "{}", out.summary);
    assert!(out.summary.contains(" → "), "{}", out.summary);
    let out = apply(&mut d, "gd", &cmd("2026-06-01 20:00"), now).unwrap_or_else(|e| panic!("{e}"));
    let set: DateTime<Utc> = "2026-06-01T12:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(deadline(&d), set, "{}", out.summary);
    // Once the deadline has passed (a grace), +1d counts from now.
    let late = set + TimeDelta::hours(1);
    let _ = apply(&mut d, "gd", &cmd("+1d"), late);
    assert!(deadline(&d) >= late + TimeDelta::days(1) - TimeDelta::minutes(1));
    let _ = std::fs::remove_dir_all(&dir);
}
