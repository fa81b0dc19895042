//! `maester verify` on a game's public record (`record.json` beside the site's pages): a whole
//! game played by mail through the daemon verifies; a tampered receipt, order, result or seed
//! is refused on its own line with the first mismatch quoted; a running game says the seed is
//! not revealed yet (exit 3); a missing or garbled record is a clear error (exit 2). And a
//! mail that came after its step closed is listed as late in the public record, not silent.

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use maester::board::Lang;
use maester::daemon::gm::{GmCommand, apply};
use maester::daemon::{Daemon, games};
use maester::lang::submit as parse;
use maester::robot_players::{Players, Seat, tick_on};
use maester::rules::Step;
use maester::sim::{Rng, submission, text};
use maester::verify::{FAILS, HOLDS, NOT_OVER, UNREADABLE, Verified, verify};
use maildir_support::*;
use serde_json::Value;
use std::path::{Path, PathBuf};

const ID: &str = "vr";

fn config(early_close: bool) -> String {
    let mut s = format!(
        "[daemon]\naddress = \"referee@vr.maester\"\n[site]\ndir = \"public\"\n\
         [mail]\ntransport = \"maildir\"\n[game]\nid = \"{ID}\"\nseed = \"a game to verify\"\n\
         early_close = {early_close}\nreport_map = false\n[game.schedule]\ntimezone = \"UTC\"\n\
         [game.schedule.steps]\nplacement = \"1d\"\nplan = \"1d\"\ndefault = \"12h\"\n"
    );
    for (h, p) in HOUSES.iter().zip(["a", "b", "c", "d", "e", "f"]) {
        s.push_str(&format!(
            "[[game.players]]\nhouse = \"{h}\"\nname = \"{p}\"\naddress = \"{p}@x.example\"\n"
        ));
    }
    s
}

fn at(s: &str) -> DateTime<Utc> {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// A new game in a fresh folder: its folder and daemon.
fn setup(tag: &str, early_close: bool, now: DateTime<Utc>) -> (PathBuf, Daemon) {
    let dir = temp_dir(tag);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let cfg = dir.join("maester.toml");
    std::fs::write(&cfg, config(early_close)).unwrap_or_else(|e| panic!("{e}"));
    let mut d = open_daemon(&cfg);
    let mut secrets: Vec<String> = HOUSES.iter().map(|h| format!("{h}-s")).collect();
    secrets.push("gm-s".into());
    games::new_game(&mut d, now, Some(secrets)).unwrap_or_else(|e| panic!("{e}"));
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    (dir, d)
}

fn site(dir: &Path) -> PathBuf {
    dir.join("public").join(ID)
}

/// Plays the game to its end by mail: each asked house sends a generated submission, the
/// steps close early or at their deadline.
fn play_to_the_end(dir: &Path, d: &mut Daemon, mut now: DateTime<Utc>) {
    let inbox = dir.join("mail/inbox");
    let seats = HOUSES
        .iter()
        .zip(["a", "b", "c", "d", "e", "f"])
        .map(|(h, user)| Seat::new(h, user, Lang::Zh, "-s"))
        .collect();
    let mut players = Players::new(seats, "x.example", "referee@vr.maester", 11);
    for _ in 0..300 {
        let g = games::load(d, ID).unwrap_or_else(|e| panic!("{e}"));
        if g.state.step == Step::Finished {
            return;
        }
        players
            .write(d, ID, &inbox, now, |_| false)
            .unwrap_or_else(|e| panic!("{e}"));
        tick_on(d, ID, &mut now).unwrap_or_else(|e| panic!("{e}"));
    }
    panic!("the game did not end in 300 steps");
}

fn read_record(site: &Path) -> Value {
    let text = std::fs::read_to_string(site.join("record.json")).unwrap_or_else(|e| panic!("{e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}"))
}

/// `record` changed by `change`, written into `scratch` and verified (in Chinese).
fn tampered(record: &Value, scratch: &Path, change: impl Fn(&mut Value)) -> Verified {
    let mut r = record.clone();
    change(&mut r);
    let text = serde_json::to_string(&r).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(scratch.join("record.json"), text).unwrap_or_else(|e| panic!("{e}"));
    verify(scratch, Lang::Zh)
}

/// The line of a check: 1 seed, 2 receipts, 3 draws, 4 replay (0 is the header).
fn line(v: &Verified, i: usize) -> &str {
    v.lines.get(i).map(String::as_str).unwrap_or_default()
}

fn closes(r: &mut Value) -> &mut Vec<Value> {
    match r.get_mut("closes").and_then(Value::as_array_mut) {
        Some(c) => c,
        None => panic!("no closes"),
    }
}

#[test]
fn a_finished_game_verifies_and_each_tampered_part_is_refused_on_its_line() {
    let t0 = at("2026-03-02T08:00:00Z");
    let (dir, mut d) = setup("verify-record", true, t0);
    play_to_the_end(&dir, &mut d, t0);
    let site = site(&dir);
    // Everything holds, in Chinese and in English.
    let v = verify(&site, Lang::Zh);
    assert_eq!(v.code, HOLDS, "{:#?}", v.lines);
    assert_eq!(v.lines.len(), 6, "{:#?}", v.lines);
    assert!(
        line(&v, 1).starts_with("种子:与第一封邮件"),
        "{:#?}",
        v.lines
    );
    assert!(line(&v, 2).contains("回执全部"), "{:#?}", v.lines);
    assert!(line(&v, 4).contains("全部一致"), "{:#?}", v.lines);
    let en = verify(&site.join("record.json"), Lang::En);
    assert_eq!(en.code, HOLDS, "{:#?}", en.lines);
    assert!(
        line(&en, 5).contains("Every check holds"),
        "{:#?}",
        en.lines
    );
    let record = read_record(&site);
    assert!(
        record["seed"].as_str() == Some("a game to verify"),
        "the record carries the seed at the end"
    );
    let text = serde_json::to_string(&record).unwrap_or_default();
    assert!(!text.contains("@x.example"), "no address in the record");
    for h in HOUSES {
        assert!(!text.contains(&format!("{h}-s")), "no secret in the record");
    }
    assert!(!text.contains("gm-s"), "no GM secret in the record");
    let scratch = dir.join("scratch");
    std::fs::create_dir_all(&scratch).unwrap_or_else(|e| panic!("{e}"));
    // The receipts the record lists (close, step, used).
    let mut listed = Vec::new();
    for (c, close) in record["closes"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        for (s, step) in close["steps"].as_array().into_iter().flatten().enumerate() {
            for (u, used) in step["used"].as_array().into_iter().flatten().enumerate() {
                if used["receipt"].is_string() {
                    listed.push((c, s, u));
                }
            }
        }
    }
    assert!(listed.len() > 30, "only {} receipts", listed.len());

    // (i) One receipt changed.
    let (c, s, u) = listed[listed.len() / 2];
    let v = tampered(&record, &scratch, |r| {
        closes(r)[c]["steps"][s]["used"][u]["receipt"] = Value::from("0000-0000");
    });
    assert_eq!(v.code, FAILS, "{:#?}", v.lines);
    assert!(line(&v, 1).starts_with("种子:与"), "{:#?}", v.lines);
    assert!(
        line(&v, 2).starts_with("回执:不符") && line(&v, 2).contains("列出的回执为 0000-0000"),
        "{:#?}",
        v.lines
    );
    assert!(line(&v, 4).contains("全部一致"), "{:#?}", v.lines);

    // (ii) One published order changed: its text no longer gives its receipt...
    let (c, i) = first_submitted(&record, "placement");
    let v = tampered(&record, &scratch, |r| {
        let t = &mut closes(r)[c]["submitted"][i]["text"];
        *t = Value::from(format!("{}\n临冬城 防守", t.as_str().unwrap_or_default()));
    });
    assert_eq!(v.code, FAILS, "{:#?}", v.lines);
    assert!(line(&v, 2).starts_with("回执:不符"), "{:#?}", v.lines);
    // ...and its reading changed (a house's orders dropped): the text no longer reads so.
    let v = tampered(&record, &scratch, |r| {
        let sub = &mut closes(r)[c]["submitted"][i]["submission"]["Placement"];
        if let Some(o) = sub.as_object_mut() {
            for v in o.values_mut() {
                if v.is_array() {
                    *v = Value::Array(Vec::new());
                }
            }
        }
    });
    assert_eq!(v.code, FAILS, "{:#?}", v.lines);
    assert!(line(&v, 2).contains("回执全部"), "{:#?}", v.lines);
    assert!(
        line(&v, 4).starts_with("重放:不符")
            && line(&v, 4).contains("读出来与记录中重放所用的提交不同"),
        "{:#?}",
        v.lines
    );

    // (iii) One result changed: a castle count, then a unit.
    let last = record["closes"].as_array().map(Vec::len).unwrap_or(0) / 2;
    let v = tampered(&record, &scratch, |r| {
        let n = &mut closes(r)[last]["outcome"]["houses"][0]["castles"];
        *n = Value::from(n.as_u64().unwrap_or(0) + 1);
    });
    assert_eq!(v.code, FAILS, "{:#?}", v.lines);
    // The replay goes on from the rules' own state: every later draw is still checked.
    let all = record["closes"].as_array().map(Vec::len).unwrap_or(0);
    assert!(
        line(&v, 3).contains(&format!("{all}次结算中的每一次抽取都能由种子重新得出")),
        "{:#?}",
        v.lines
    );
    assert!(
        line(&v, 4).starts_with("重放:不符") && line(&v, 4).contains("城堡数"),
        "{:#?}",
        v.lines
    );
    let board = maester::board::Board::default_board().unwrap_or_else(|e| panic!("{e}"));
    let area = record["closes"][last]["outcome"]["areas"][0]["area"]
        .as_str()
        .and_then(|k| board.area_by_key(k))
        .map(|a| board.area(a).name(Lang::Zh).to_string())
        .unwrap_or_else(|| panic!("no area in the outcome"));
    let v = tampered(&record, &scratch, |r| {
        if let Some(u) = closes(r)[last]["outcome"]["areas"][0]["units"].as_array_mut() {
            u.push(Value::from("K"));
        }
    });
    assert_eq!(v.code, FAILS, "{:#?}", v.lines);
    assert!(
        line(&v, 4).starts_with("重放:不符") && line(&v, 4).contains(&format!("{area}:公开的是")),
        "{:#?}",
        v.lines
    );

    // A draw changed: an event-phase entry of the record dropped.
    let with_draws = record["closes"]
        .as_array()
        .and_then(|c| {
            c.iter()
                .position(|c| c["economy"].as_array().is_some_and(|e| !e.is_empty()))
        })
        .unwrap_or_else(|| panic!("no event phase in the record"));
    let v = tampered(&record, &scratch, |r| {
        if let Some(e) = closes(r)[with_draws]["economy"].as_array_mut() {
            e.remove(0);
        }
    });
    assert_eq!(v.code, FAILS, "{:#?}", v.lines);
    assert!(line(&v, 3).starts_with("抽取:不符"), "{:#?}", v.lines);

    // (iv) Another seed.
    let v = tampered(&record, &scratch, |r| {
        r["seed"] = Value::from("another seed");
    });
    assert_eq!(v.code, FAILS, "{:#?}", v.lines);
    assert!(
        line(&v, 1).starts_with("种子:不符") && line(&v, 1).contains("SHA-256"),
        "{:#?}",
        v.lines
    );

    // A garbled or missing record: a clear error, exit 2.
    std::fs::write(scratch.join("record.json"), "{\"format\": 1, \"closes\": [")
        .unwrap_or_default();
    let v = verify(&scratch, Lang::En);
    assert_eq!(v.code, UNREADABLE, "{:#?}", v.lines);
    assert!(
        line(&v, 0).starts_with("cannot read the public record"),
        "{:#?}",
        v.lines
    );
    let v = verify(&dir.join("nowhere"), Lang::Zh);
    assert_eq!(v.code, UNREADABLE, "{:#?}", v.lines);
    assert!(
        line(&v, 0).starts_with("无法读取公开记录"),
        "{:#?}",
        v.lines
    );
    // Nonsense in the right shape (a house the board does not have) is refused, no panic.
    let v = tampered(&record, &scratch, |r| {
        closes(r)[c]["submitted"][i]["house"] = Value::from(200);
    });
    assert_ne!(v.code, HOLDS, "{:#?}", v.lines);

    // The binary: its lines and its exit code.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_maester"))
        .args(["verify", "--lang", "en"])
        .arg(&site)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("Every check holds"), "{stdout}");
    if std::env::var_os("MAESTER_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The first submission of `step` a mail sent: (close, index in its `submitted`).
fn first_submitted(record: &Value, step: &str) -> (usize, usize) {
    for (c, close) in record["closes"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        for (i, s) in close["submitted"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            if s["step"] == step && s["mail"] == true {
                return (c, i);
            }
        }
    }
    panic!("no {step} submission in the record");
}

#[test]
fn a_running_game_says_the_seed_is_not_revealed_and_a_late_mail_is_listed_as_late() {
    let t0 = at("2026-03-02T08:00:00Z");
    let (dir, mut d) = setup("verify-running", false, t0);
    // Greyjoy places its orders, the others are silent: the placement closes (round 1's Raven
    // or plan step then waits); then Stark's orders come, too late.
    let now = t0 + TimeDelta::hours(1);
    let g = games::load(&d, ID).unwrap_or_else(|e| panic!("{e}"));
    let greyjoy = g
        .board
        .house_by_key("greyjoy")
        .unwrap_or_else(|| panic!("greyjoy"));
    let mut rng = Rng::new(3);
    let sub = submission(&g.board, &g.state, greyjoy, &mut rng).unwrap_or_else(|| panic!("orders"));
    let lines = text::text(&sub, &parse::names(&g.board), Lang::Zh).join("\n");
    let stark = g
        .board
        .house_by_key("stark")
        .unwrap_or_else(|| panic!("stark"));
    let stark_orders = submission(&g.board, &g.state, stark, &mut rng)
        .map(|s| text::text(&s, &parse::names(&g.board), Lang::Zh).join("\n"))
        .unwrap_or_else(|| panic!("orders"));
    let mail = mail_from(
        "b@x.example",
        "orders1",
        &format!("密码: greyjoy-s\n{lines}\n"),
    );
    maester::demo::deliver(&dir.join("mail/inbox"), "orders1", &mail)
        .unwrap_or_else(|e| panic!("{e}"));
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    let process = GmCommand::Process {
        step: None,
        round: None,
    };
    apply(&mut d, ID, &process, now).unwrap_or_else(|e| panic!("{e}"));
    let g = games::load(&d, ID).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        g.state.round == 1 && matches!(g.state.step, Step::Raven | Step::Plan),
        "round 1's Raven or plan step waits: {:?}",
        g.state.step
    );
    let later = now + TimeDelta::hours(1);
    let mail = mail_from(
        "a@x.example",
        "late1",
        &format!("密码: stark-s\n{stark_orders}\n"),
    );
    maester::demo::deliver(&dir.join("mail/inbox"), "late1", &mail)
        .unwrap_or_else(|e| panic!("{e}"));
    d.tick(later).unwrap_or_else(|e| panic!("{e}"));
    let site = site(&dir);
    maester::daemon::publish::site(&d, Some(ID), &site, None).unwrap_or_else(|e| panic!("{e}"));
    // The placement's page: Stark late, the others silent.
    let page = std::fs::read_dir(&site)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .find(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("r1-placement") && n.ends_with(".html"))
        })
        .unwrap_or_else(|| panic!("no page of the placement"));
    let html = std::fs::read_to_string(&page).unwrap_or_default();
    assert!(
        html.contains("白狼(布置军事命令阶段):提交在截止之后才到,未被采用,使用默认(迟到)"),
        "{html}"
    );
    assert_eq!(html.matches("(迟到)").count(), 1, "only Stark is late");
    assert!(html.contains("截止时没有收到提交,使用默认"), "{html}");
    assert!(
        html.contains("海怪(布置军事命令阶段):采用的提交,回执"),
        "{html}"
    );
    // The running game: the seed is not in the record, nothing can be checked against it.
    let record = read_record(&site);
    assert!(record["seed"].is_null(), "{record}");
    assert_eq!(record["finished"], false);
    let v = verify(&site, Lang::Zh);
    assert_eq!(v.code, NOT_OVER, "{:#?}", v.lines);
    assert!(line(&v, 1).contains("种子尚未公布"), "{:#?}", v.lines);
    assert!(
        line(&v, 2).starts_with("回执:种子尚未公布"),
        "{:#?}",
        v.lines
    );
    assert!(line(&v, 5).contains("游戏尚未结束"), "{:#?}", v.lines);
    let _ = std::fs::remove_dir_all(&dir);
}
