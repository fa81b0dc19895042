//! Reminders before a deadline, with the daemon's clock injected: each offset is sent once,
//! only to the houses that have not sent yet, not at all in a paused game; and every answer
//! says how many houses have sent and which are still missing.

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use maester::board::{Board, Lang};
use maester::daemon::Daemon;
use maester::daemon::gm::{GmCommand, apply};
use maildir_support::*;
use std::path::{Path, PathBuf};

const HOUR_MS: i64 = 3_600_000;

/// A game `id` with 3-day steps, player B reading English, and `reminders` appended.
fn game(tag: &str, id: &str, reminders: &str) -> (PathBuf, PathBuf) {
    let dir = temp_dir(tag);
    let cfg = write_config(&dir, id);
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    let text = text
        .replace("default = \"1d\"", "default = \"3d\"")
        .replace("name = \"B\"\n", "name = \"B\"\nlanguage = \"en\"\n");
    std::fs::write(&cfg, format!("{text}{reminders}")).unwrap_or_default();
    new_game_with_known_secrets(&cfg);
    (dir, cfg)
}

fn open(cfg: &Path) -> Daemon {
    let config = match maester::config::Config::load(cfg) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    match Daemon::open(config) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    }
}

fn deadline(d: &Daemon, id: &str) -> DateTime<Utc> {
    match d.store.game(id) {
        Ok(Some(g)) => g.deadline.unwrap_or_else(|| panic!("no deadline")),
        other => panic!("{other:?}"),
    }
}

fn tick(d: &mut Daemon, at: DateTime<Utc>) -> maester::daemon::Tick {
    match d.tick(at) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    }
}

/// The reminders sent to `addr`, in order of their text.
fn reminders_to(dir: &Path, addr: &str) -> Vec<String> {
    outbox_files(&dir.join("mail/outbox"))
        .into_iter()
        .filter(|(t, b)| t.contains(addr) && (b.contains("提醒") || b.contains("Reminder")))
        .map(|(_, b)| b)
        .collect()
}

fn zh_name(house: &str) -> String {
    let board = match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    match board.house_by_key(house) {
        Some(h) => board.house(h).name(Lang::Zh).to_string(),
        None => panic!("no house {house}"),
    }
}

#[test]
fn reminders_go_once_each_and_only_to_the_silent_houses() {
    let (dir, cfg) = game(
        "reminders",
        "rem",
        "[game.reminders]\nbefore = [\"24h\", \"4h\"]\n",
    );
    let mut d = open(&cfg);
    let dl = deadline(&d, "rem");
    let at = |h: i64| dl - TimeDelta::milliseconds(h * HOUR_MS);

    // 25 h before: nothing yet.
    let t = tick(&mut d, at(25));
    assert_eq!(t.reminders, 0, "{t:?}");
    for p in ["a", "b", "f"] {
        assert!(reminders_to(&dir, &format!("{p}@x.example")).is_empty());
    }

    // 23 h before: the 24 h reminder to every house (nobody has sent), once however many ticks.
    let t = tick(&mut d, at(23));
    assert_eq!(t.reminders, 6, "{t:?}");
    for h in [22, 21] {
        let t = tick(&mut d, at(h));
        assert_eq!(t.reminders, 0, "no second 24 h reminder: {t:?}");
    }
    for p in ["a", "b", "c", "d", "e", "f"] {
        assert_eq!(
            reminders_to(&dir, &format!("{p}@x.example")).len(),
            1,
            "{p}"
        );
    }
    let zh = reminders_to(&dir, "a@x.example").concat();
    assert!(zh.contains("24小时后截止"), "{zh}");
    assert!(zh.contains("如果你不发送任何内容,将按默认处理"), "{zh}");
    assert!(zh.contains("6家中已有0家提交"), "{zh}");
    let en = reminders_to(&dir, "b@x.example").concat();
    assert!(en.contains("Reminder: round 1"), "{en}");
    assert!(
        en.contains("If you send nothing, the defaults apply"),
        "{en}"
    );
    assert!(en.contains("0 of 6 have sent; still waiting for:"), "{en}");

    // Stark sends its orders: the answer says who is still missing.
    let inbox = dir.join("mail/inbox");
    let orders = mail_from(
        "a@x.example",
        "r1",
        "secret: stark-s\r\n临冬城 行军+1\r\n白港 支援\r\n",
    );
    if let Err(e) = maester::demo::deliver(&inbox, "r1", &orders) {
        panic!("{e}");
    }
    let t = tick(&mut d, at(20));
    assert_eq!(t.answered, 1, "{t:?}");
    let answer = outbox_files(&dir.join("mail/outbox"))
        .into_iter()
        .find(|(t, b)| t.contains("a@x.example") && b.contains("已收到"))
        .map(|(_, b)| b)
        .unwrap_or_else(|| panic!("no answer to stark"));
    assert!(answer.contains("6家中已有1家提交,仍在等待:"), "{answer}");
    assert!(answer.contains(&zh_name("lannister")), "{answer}");
    let waiting = answer
        .lines()
        .find(|l| l.contains("仍在等待"))
        .unwrap_or_default();
    assert!(!waiting.contains(&zh_name("stark")), "{waiting}");

    // 3 h before: the 4 h reminder, to the five silent houses only.
    let t = tick(&mut d, at(3));
    assert_eq!(t.reminders, 5, "{t:?}");
    let t = tick(&mut d, at(2));
    assert_eq!(t.reminders, 0, "{t:?}");
    assert_eq!(reminders_to(&dir, "a@x.example").len(), 1, "stark has sent");
    for p in ["b", "c", "d", "e", "f"] {
        assert_eq!(
            reminders_to(&dir, &format!("{p}@x.example")).len(),
            2,
            "{p}"
        );
    }
    let en = reminders_to(&dir, "b@x.example").concat();
    assert!(en.contains("1 of 6 have sent; still waiting for:"), "{en}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_paused_game_gets_no_reminders_and_the_default_offsets_apply() {
    let (dir, cfg) = game("reminders-paused", "remp", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "remp");
    let at = |h: i64| dl - TimeDelta::milliseconds(h * HOUR_MS);
    if let Err(e) = apply(&mut d, "remp", &GmCommand::Pause, at(30)) {
        panic!("{e}");
    }
    for h in [23, 3, 1] {
        let t = tick(&mut d, at(h));
        assert_eq!(t.reminders, 0, "paused: {t:?}");
    }
    for p in ["a", "b", "c", "d", "e", "f"] {
        assert!(reminders_to(&dir, &format!("{p}@x.example")).is_empty());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn without_a_reminders_table_the_24h_reminder_comes() {
    let (dir, cfg) = game("reminders-default", "remd", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "remd");
    let t = tick(&mut d, dl - TimeDelta::milliseconds(23 * HOUR_MS));
    assert_eq!(t.reminders, 6, "{t:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
