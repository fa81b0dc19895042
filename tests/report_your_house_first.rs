//! "Your house first" (issue 26): every report opens with a block for its reader — what
//! happened to his house (battles with both totals and the other side, losses, areas gained and
//! lost), what he must send next and by when (in the game's time zone, and "in 23 h"), and a
//! reply template prefilled with his own areas, units and leaders — before the public report.
//! Checked on a game played by mail through the daemon on a Maildir with generated submissions
//! (crowded military steps: battles and losses) and on its event steps (bids), in Simplified
//! and Traditional Chinese and in English.

use chrono::{DateTime, Utc};
use maester::board::Lang;
use maester::daemon::{Daemon, games};
use maester::game;
use maester::lang::submit as parse;
use maester::robot_players::{Players, Seat, tick_on};
use maester::rules::Step;

const CONFIG: &str = r#"
[daemon]
address = "referee@first.maester"
[mail]
transport = "maildir"
[game]
id = "first"
seed = "your house first"
early_close = true
[game.schedule]
timezone = "Asia/Shanghai"
[game.schedule.steps]
default = "1d"
[[game.players]]
house = "stark"
name = "A"
address = "a@first.example"
[[game.players]]
house = "greyjoy"
name = "B"
address = "b@first.example"
language = "zh-Hant"
[[game.players]]
house = "lannister"
name = "C"
address = "c@first.example"
[[game.players]]
house = "baratheon"
name = "D"
address = "d@first.example"
language = "en"
[[game.players]]
house = "tyrell"
name = "E"
address = "e@first.example"
language = "en"
[[game.players]]
house = "martell"
name = "F"
address = "f@first.example"
language = "zh-Hant"
"#;

const HOUSES: [(&str, &str, Lang); 6] = [
    ("stark", "a", Lang::Zh),
    ("greyjoy", "b", Lang::Zh),
    ("lannister", "c", Lang::Zh),
    ("baratheon", "d", Lang::En),
    ("tyrell", "e", Lang::En),
    ("martell", "f", Lang::Zh),
];

/// Every report in the outbox: (recipient, subject, text body).
fn reports(dir: &std::path::Path) -> Vec<(String, String, String)> {
    let mut v: Vec<(String, String, String)> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| {
                    let raw = std::fs::read(e.path()).unwrap_or_default();
                    let d = maester::mail::decode(&raw);
                    (d.to.join(","), d.subject, d.body)
                })
                .filter(|(_, s, _)| {
                    s.ends_with("结果") || s.ends_with("結果") || s.ends_with("results")
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// The block: from the first line to the rule that ends it.
fn block(body: &str) -> &str {
    body.split("────────").next().unwrap_or("")
}

/// What the player fills the template with: for each march, the first destination its hint
/// line lists; its leader's blank left as it stands (`___`: no leader); the hint lines sent too.
fn filled_plan(block: &str, lang: Lang) -> Option<String> {
    let sep = match lang {
        Lang::Zh => "、",
        Lang::En => ", ",
    };
    let lines: Vec<&str> = block.lines().filter(|l| l.starts_with("    ")).collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let l = l.trim();
        if l.contains("移动到") || l.contains("移動到") || l.contains("move to") {
            let hint = lines.get(i + 1)?;
            let (_, rest) = hint
                .split_once("可到达:")
                .or_else(|| hint.split_once("可到達:"))
                .or_else(|| hint.split_once("may go to: "))?;
            let to = rest.split([';', ';']).next()?.split(sep).next()?.trim();
            out.push(l.replacen("___", to, 1));
        } else if !l.contains("___") {
            out.push(l.to_string());
        }
    }
    Some(out.join("\n"))
}

#[test]
fn every_report_opens_with_the_reader_s_house_and_what_to_send() {
    let dir = std::env::temp_dir().join(format!("maester-first-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let cfg_path = dir.join("maester.toml");
    std::fs::write(&cfg_path, CONFIG).unwrap_or_else(|e| panic!("{e}"));
    let config = maester::config::Config::load(&cfg_path).unwrap_or_else(|e| panic!("{e}"));
    let inbox = config.path(&config.mail.maildir.inbox);
    let outdir = config.path(&config.mail.maildir.outbox);
    let mut d = Daemon::open(config).unwrap_or_else(|e| panic!("{e}"));
    let mut now: DateTime<Utc> = "2026-03-01T08:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let secrets: Vec<String> = HOUSES.iter().map(|(h, _, _)| format!("{h}-pw")).collect();
    games::new_game(&mut d, now, Some(secrets)).unwrap_or_else(|e| panic!("{e}"));
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    let seed = std::env::var("SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(11);
    let seats = HOUSES
        .iter()
        .map(|(h, a, lang)| {
            let seat = Seat::new(h, a, *lang, "-pw");
            // The Traditional readers write Traditional (the seat's script is learnt from it).
            if ["greyjoy", "martell"].contains(h) {
                seat.traditional()
            } else {
                seat
            }
        })
        .collect();
    let mut players = Players::new(seats, "first.example", "referee@first.maester", seed);
    // Every template a plan step asked for, filled in as a player would, must read.
    let mut plan_templates_read = 0;
    for _ in 0..120 {
        let g = games::load(&d, "first").unwrap_or_else(|e| panic!("{e}"));
        if g.state.step == Step::Finished || g.state.round > 8 {
            break;
        }
        players
            .write(&d, "first", &inbox, now, |_| false)
            .unwrap_or_else(|e| panic!("{e}"));
        tick_on(&mut d, "first", &mut now).unwrap_or_else(|e| panic!("{e}"));
        // The plan step is open: the newest report of each house asked holds its template,
        // and the template filled in reads as a plan.
        let g = games::load(&d, "first").unwrap_or_else(|e| panic!("{e}"));
        if g.state.step == Step::Plan {
            let all = reports(&outdir);
            for h in game::expected(&g.board, &g.state) {
                let key = g.board.house(h).key.clone();
                let Some((_, addr, lang)) = HOUSES.iter().find(|(k, _, _)| *k == key) else {
                    continue;
                };
                let Some((_, _, body)) = all
                    .iter()
                    .filter(|(to, _, b)| {
                        to.contains(&format!("{addr}@"))
                            && b.contains(&format!("{}", g.state.round))
                    })
                    .max_by_key(|(_, s, _)| s.clone())
                else {
                    continue;
                };
                let Some(text) = filled_plan(block(body), *lang) else {
                    continue;
                };
                if !text.contains("移动到") && !text.contains("移動到") && !text.contains("move to")
                {
                    continue;
                }
                let parsed = parse::parse_mail(&g.board, &g.state, &text, *lang);
                assert!(
                    parsed.errors.is_empty(),
                    "the filled template of {key} does not read: {:?}\n{text}\n{body}",
                    parsed.errors
                );
                plan_templates_read += 1;
            }
        }
    }
    let all = reports(&outdir);
    assert!(!all.is_empty());
    let mut battles = [0usize; 3];
    let mut bids = [0usize; 3];
    let mut answer_templates = [0usize; 3];
    for (to, subject, body) in &all {
        let Some((key, _, lang)) = HOUSES
            .iter()
            .find(|(_, a, _)| to.contains(&format!("{a}@")))
        else {
            continue;
        };
        let hant = ["greyjoy", "martell"].contains(key);
        let i = if hant {
            1
        } else if *lang == Lang::En {
            2
        } else {
            0
        };
        let top = block(body);
        // Sections stand apart by one empty line at most.
        let lines: Vec<&str> = body.lines().map(str::trim).collect();
        assert!(
            !lines.windows(2).any(|w| w[0].is_empty() && w[1].is_empty()),
            "{subject}: two empty lines in a row\n{body}"
        );
        if hant {
            for trap in ["天后", "輪迴"] {
                assert!(!body.contains(trap), "{subject}: {trap}\n{body}");
            }
        }
        // The block comes first: the heading of the house's own part, before any public
        // section (revealed orders, plans, adjudication, map).
        let (mine, next, public) = match (lang, hant) {
            (Lang::En, _) => (": what happened to you ==", "== What next ==", "== Map =="),
            (_, false) => (":这一步发生了什么 ==", "== 接下来 ==", "== 地图状态 =="),
            (_, true) => (":這一步發生了什麼 ==", "== 接下來 ==", "== 地圖狀態 =="),
        };
        assert!(top.contains(mine), "{subject}\n{body}");
        assert!(
            !top.contains(public),
            "{subject}: the block ends before the map\n{body}"
        );
        assert!(body.contains(public), "{subject}\n{body}");
        if !body.contains("游戏结束") && !body.contains("game is over") {
            assert!(top.contains(next), "{subject}\n{body}");
            // By when, in the game's time zone and how long is left, said once.
            assert!(top.contains("Asia/Shanghai"), "{subject}\n{top}");
            let relative = match lang {
                Lang::En => top.contains("(in "),
                Lang::Zh => {
                    top.contains("后。")
                        || top.contains("後。")
                        || top.contains("后;")
                        || top.contains("後;")
                }
            };
            assert!(relative, "no 'in N h' in the block\n{top}");
            let below = &body[top.len()..];
            assert!(
                !below.contains("截止时间")
                    && !below.contains("截止時間")
                    && !below.contains(", deadline "),
                "the deadline is said once, in the block\n{body}"
            );
        }
        // A battle of this house: both totals, the other side, the result.
        let battle = top
            .lines()
            .find(|l| l.contains("之战:你") || l.contains("之戰:你") || l.contains("Battle of "));
        if let Some(l) = battle {
            let ok = match lang {
                Lang::En => {
                    l.contains(" against ") && (l.contains("you won") || l.contains("you lost"))
                }
                Lang::Zh => l.contains(" 对 ") || l.contains(" 對 "),
            };
            assert!(ok, "{l}");
            assert!(l.chars().filter(|c| c.is_ascii_digit()).count() >= 2, "{l}");
            battles[i] += 1;
        }
        // Asked questions in the second event window: the template holds a line per question
        // (its default answer, to reorder), not only the explanation at the bottom.
        let answers_asked = match (lang, hant) {
            (Lang::En, _) => {
                top.contains("You must send: round") && top.contains("event phase answers")
            }
            (_, false) => top.contains("你需要发送") && top.contains("平局与奖惩选择"),
            (_, true) => top.contains("你需要發送") && top.contains("平局與獎懲選擇"),
        };
        if answers_asked {
            let heading = match (lang, hant) {
                (Lang::En, _) => "Reply template",
                (_, false) => "回复模板",
                (_, true) => "回覆模板",
            };
            assert!(top.contains(heading), "{subject}: no template\n{body}");
            answer_templates[i] += 1;
        }
        // The event step's template: the bids, blank, in the reader's script.
        let bid = match (lang, hant) {
            (Lang::En, _) => "    bid: ___ ___ ___",
            (_, false) => "    出价: ___ ___ ___",
            (_, true) => "    出價: ___ ___ ___",
        };
        if top.contains(bid) {
            bids[i] += 1;
        }
    }
    eprintln!("answer templates seen per script: {answer_templates:?}");
    if std::env::var_os("MAESTER_KEEP").is_some() {
        eprintln!("kept {}", dir.display());
    }
    assert!(
        battles.iter().all(|n| *n > 0),
        "battles seen per script: {battles:?}"
    );
    assert!(
        bids.iter().all(|n| *n > 0),
        "bid templates seen per script: {bids:?}"
    );
    assert!(
        plan_templates_read > 3,
        "only {plan_templates_read} plan templates read"
    );
    if std::env::var_os("MAESTER_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
}
