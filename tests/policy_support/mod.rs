//! Shared by the deadline policy tests: a Maildir game with 3-day steps driven by an injected
//! clock, the players' mails and what the referee sent.
#![allow(dead_code)]

use chrono::{DateTime, TimeDelta, Utc};
use maester::daemon::Daemon;
use std::path::{Path, PathBuf};

#[path = "../maildir_support/mod.rs"]
mod maildir_support;
pub use maildir_support::*;

/// One hour in milliseconds (the tests step the clock in milliseconds, as the daemon sees it).
pub const HOUR_MS: i64 = 3_600_000;

/// `h` hours as a duration.
pub fn hours(h: i64) -> TimeDelta {
    TimeDelta::milliseconds(h * HOUR_MS)
}

/// Each house's order on its home seat, valid in the placement step of round 1.
pub const HOME_ORDERS: [(&str, &str); 6] = [
    ("stark", "临冬城 行军+1"),
    ("greyjoy", "派克岛 防守"),
    ("lannister", "兰尼斯港 防守"),
    ("baratheon", "龙石岛 防守"),
    ("tyrell", "高庭 防守"),
    ("martell", "阳戟城 防守"),
];

/// The player's address of a house (a@x.example for stark … f@x.example for martell).
pub fn addr(house: &str) -> String {
    let i = HOUSES.iter().position(|h| *h == house).unwrap_or(0);
    format!("{}@x.example", ["a", "b", "c", "d", "e", "f"][i])
}

/// A game `id` with 3-day steps, player B (greyjoy) reading English, and `extra` appended
/// to the config (e.g. a `[game.deadlines]` table).
pub fn game(tag: &str, id: &str, extra: &str) -> (PathBuf, PathBuf) {
    game_edited(tag, id, |t| format!("{t}{extra}"))
}

/// As [`game`], the config text changed by `edit` before the game is created.
pub fn game_edited(tag: &str, id: &str, edit: impl Fn(String) -> String) -> (PathBuf, PathBuf) {
    let dir = temp_dir(tag);
    let cfg = write_config(&dir, id);
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    let text = text
        .replace("default = \"1d\"", "default = \"3d\"")
        .replace("name = \"B\"\n", "name = \"B\"\nlanguage = \"en\"\n");
    std::fs::write(&cfg, edit(text)).unwrap_or_default();
    new_game_with_known_secrets(&cfg);
    (dir, cfg)
}

/// The daemon of a game folder.
pub fn open(cfg: &Path) -> Daemon {
    let config = match maester::config::Config::load(cfg) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    match Daemon::open(config) {
        Ok(d) => d,
        Err(e) => panic!("{e}"),
    }
}

/// The stored row of game `id`.
pub fn row(d: &Daemon, id: &str) -> maester::store::Game {
    match d.store.game(id) {
        Ok(Some(g)) => g,
        other => panic!("{other:?}"),
    }
}

/// The open deadline of game `id`.
pub fn deadline(d: &Daemon, id: &str) -> DateTime<Utc> {
    row(d, id)
        .deadline
        .unwrap_or_else(|| panic!("game {id} has no deadline"))
}

/// One tick at `at`.
pub fn tick(d: &mut Daemon, at: DateTime<Utc>) -> maester::daemon::Tick {
    match d.tick(at) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    }
}

/// `house` mails `body` (its secret is added in front).
pub fn send(dir: &Path, house: &str, key: &str, body: &str) {
    let text = format!("secret: {house}-s\r\n{body}\r\n");
    let mail = mail_from(&addr(house), key, &text);
    if let Err(e) = maester::demo::deliver(&dir.join("mail/inbox"), key, &mail) {
        panic!("{e}");
    }
}

/// `house` sends its home order.
pub fn send_orders(dir: &Path, house: &str, key: &str) {
    let order = HOME_ORDERS
        .iter()
        .find(|(h, _)| *h == house)
        .map(|(_, o)| *o)
        .unwrap_or_default();
    send(dir, house, key, order);
}

/// The mails sent to `house`'s player whose subject or body holds `marker`.
pub fn mails_to(dir: &Path, house: &str, marker: &str) -> Vec<String> {
    let a = addr(house);
    outbox_files(&dir.join("mail/outbox"))
        .into_iter()
        .filter(|(t, b)| t.contains(&a) && b.contains(marker))
        .map(|(_, b)| b)
        .collect()
}

/// The Chinese name of a house.
pub fn zh_name(house: &str) -> String {
    let board = match maester::board::Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    match board.house_by_key(house) {
        Some(h) => board.house(h).name(maester::board::Lang::Zh).to_string(),
        None => panic!("no house {house}"),
    }
}

/// The audit lines of game `id` with this action.
pub fn audit(d: &Daemon, id: &str, action: &str) -> Vec<String> {
    match d.store.audit_log(Some(id), 500) {
        Ok(a) => a
            .into_iter()
            .filter(|e| e.action == action)
            .map(|e| e.detail)
            .collect(),
        Err(e) => panic!("{e}"),
    }
}
