//! The chronicle from a whole game played by mail through the daemon (six houses, one reading
//! Traditional Chinese, one English): `standings.html` charts each house's castles, power and
//! supply at the start and at the end of every round with the values the store's snapshots
//! hold, in inline SVG that parses; and the close that ends the game carries the summary — in
//! every house's report, the forum post and the site — whose figures are the stored battle
//! events' and the final state's, in zh-Hans, zh-Hant and en.

mod maildir_support;

use chrono::{DateTime, Utc};
use maester::board::{Board, HouseId, Lang};
use maester::config::MailLanguage;
use maester::daemon::{Daemon, games};
use maester::robot_players::{Players, Seat, tick_on};
use maester::rules::log::{Defender, Event};
use maester::rules::{GameState, Step};
use maester::words::chronicle as w;
use maester::words::hant::Script;
use std::path::{Path, PathBuf};

const HOUSES: [(&str, &str); 6] = [
    ("stark", "zh"),
    ("greyjoy", "zh"),
    ("lannister", "zh"),
    ("baratheon", "en"),
    ("tyrell", "zh"),
    ("martell", "zh-Hant"),
];

/// The game played to its end, and the daemon on it.
struct Played {
    dir: PathBuf,
    d: Daemon,
}

fn config() -> String {
    let mut s = String::from(
        "[daemon]\naddress = \"referee@chron.maester\"\n[mail]\ntransport = \"maildir\"\n\
         [game]\nid = \"chron\"\nseed = \"a chronicle\"\nearly_close = true\nreport_map = false\n\
         gm_copy = false\n[game.schedule]\ntimezone = \"UTC\"\n[game.schedule.steps]\n\
         default = \"12h\"\n",
    );
    for (h, lang) in HOUSES {
        s.push_str(&format!(
            "[[game.players]]\nhouse = \"{h}\"\nname = \"{h}\"\naddress = \"{h}@chron.example\"\n\
             language = \"{lang}\"\n"
        ));
    }
    s
}

/// Plays the game to its end: each asked house mails the simulator's submission. Returns the
/// game's folder (removed at the end of the test unless `MAESTER_KEEP` is set).
fn play() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("maester-chronicle-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let cfg = dir.join("maester.toml");
    std::fs::write(&cfg, config()).unwrap_or_else(|e| panic!("{e}"));
    let config = maester::config::Config::load(&cfg).unwrap_or_else(|e| panic!("{e}"));
    let inbox = config.path(&config.mail.maildir.inbox);
    let mut d = Daemon::open(config).unwrap_or_else(|e| panic!("{e}"));
    let mut now: DateTime<Utc> = "2026-03-01T08:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let secrets: Vec<String> = HOUSES.iter().map(|(h, _)| format!("{h}-pw")).collect();
    games::new_game(&mut d, now, Some(secrets)).unwrap_or_else(|e| panic!("{e}"));
    d.tick(now).unwrap_or_else(|e| panic!("{e}"));
    let seats = HOUSES
        .iter()
        .map(|(h, lang)| match *lang {
            "en" => Seat::new(h, h, Lang::En, "-pw"),
            // The house that reads Traditional writes it too (its script is learnt from its mails).
            "zh-Hant" => Seat::new(h, h, Lang::Zh, "-pw").traditional(),
            _ => Seat::new(h, h, Lang::Zh, "-pw"),
        })
        .collect();
    let mut players = Players::new(seats, "chron.example", "referee@chron.maester", 11);
    for _ in 0..300 {
        let g = games::load(&d, "chron").unwrap_or_else(|e| panic!("{e}"));
        if g.state.step == Step::Finished {
            break;
        }
        players
            .write(&d, "chron", &inbox, now, |_| false)
            .unwrap_or_else(|e| panic!("{e}"));
        tick_on(&mut d, "chron", &mut now).unwrap_or_else(|e| panic!("{e}"));
    }
    dir
}

/// Every stored snapshot of the game, oldest first: its state and its military log.
fn snapshots(d: &Daemon) -> Vec<(GameState, Vec<Event>, u8)> {
    let index = d
        .store
        .snapshot_index("chron")
        .unwrap_or_else(|e| panic!("{e}"));
    index
        .into_iter()
        .filter_map(|(seq, round, _)| {
            let snap = d.store.snapshot("chron", seq).ok().flatten()?;
            let state = maester::daemon::stored::decode(snap.state).ok()?;
            let round = snap
                .log
                .get("public")
                .and_then(|p| p.get("round"))
                .and_then(serde_json::Value::as_u64)
                .map_or(round as u8, |r| r as u8);
            Some((state, maester::publish::record::events_of(&snap.log), round))
        })
        .collect()
}

/// What the charts must show for `h`: the first snapshot's figures, then for every round `r`
/// the first snapshot past it (a later round, or the end).
fn expected_series(
    board: &Board,
    snaps: &[(GameState, Vec<Event>, u8)],
    h: HouseId,
) -> Vec<[u8; 3]> {
    let fig = |s: &GameState| {
        [
            s.castles(board, h) as u8,
            s.house(h).power,
            s.house(h).barrels,
        ]
    };
    let mut out = vec![fig(&snaps[0].0)];
    let last = snaps.last().map_or(0, |s| s.0.round);
    for r in 1..=last {
        if let Some((s, _, _)) = snaps
            .iter()
            .find(|(s, _, _)| s.round > r || s.step == Step::Finished)
        {
            out.push(fig(s));
        }
    }
    out
}

fn site(p: &Played, tag: &str, language: &str) -> PathBuf {
    let out = p.dir.join(format!("www-{tag}-{language}"));
    let lang = MailLanguage::parse(language).unwrap_or_else(|| panic!("{language}"));
    maester::daemon::publish::site(&p.d, Some("chron"), &out, Some(lang))
        .unwrap_or_else(|e| panic!("{e}"));
    out
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The inline charts of a page.
fn charts(html: &str) -> Vec<String> {
    html.split("<svg class=\"chart\"")
        .skip(1)
        .map(|rest| {
            let end = rest
                .find("</svg>")
                .unwrap_or_else(|| panic!("an svg not closed"));
            format!("<svg class=\"chart\"{}</svg>", &rest[..end])
        })
        .collect()
}

#[test]
fn a_whole_game_s_standings_page_and_summary_equal_what_the_store_holds() {
    let dir = play();
    let p = Played {
        d: maildir_support::open_daemon(&dir.join("maester.toml")),
        dir,
    };
    standings_page_charts_each_house_with_the_stored_values_in_three_languages(&p);
    the_final_report_post_and_site_carry_the_summary_from_the_stored_events(&p);
    if std::env::var_os("MAESTER_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&p.dir);
    }
}

fn standings_page_charts_each_house_with_the_stored_values_in_three_languages(p: &Played) {
    let g = games::load(&p.d, "chron").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.state.step, Step::Finished, "the game reached its end");
    let board = &g.board;
    let snaps = snapshots(&p.d);
    for language in ["zh", "zh-Hant", "en"] {
        let lang = if language == "en" { Lang::En } else { Lang::Zh };
        let script = Script::of(language == "zh-Hant");
        let out = site(p, "page", language);
        let html = read(&out.join("standings.html"));
        assert!(!html.contains("<script"), "no script");
        assert!(read(&out.join("index.html")).contains("href=\"standings.html\""));
        let svgs = charts(&html);
        assert_eq!(svgs.len(), 3, "{language}: one chart per measure");
        for (m, svg) in svgs.iter().enumerate() {
            let doc = maester_usvg_roxmltree(svg);
            let root = doc.root_element();
            let view: Vec<f64> = root
                .attribute("viewBox")
                .unwrap_or_default()
                .split(' ')
                .filter_map(|v| v.parse().ok())
                .collect();
            let size: f64 = root
                .attribute("font-size")
                .and_then(|v| v.parse().ok())
                .unwrap_or(0.0);
            assert!(size * 400.0 / view[2] >= 9.0, "labels ≥ 9 px at 400 px");
            let series: Vec<_> = root
                .descendants()
                .filter(|n| n.attribute("class") == Some("series"))
                .collect();
            assert_eq!(series.len(), 6, "{language}: one series per house");
            for s in series {
                let key = s.attribute("data-house").unwrap_or_default();
                let h = board
                    .house_ids()
                    .find(|h| board.house(*h).key == key)
                    .unwrap_or_else(|| panic!("{key}"));
                let want: Vec<String> = expected_series(board, &snaps, h)
                    .iter()
                    .map(|f| f[m].to_string())
                    .collect();
                assert_eq!(
                    s.attribute("data-values").unwrap_or_default(),
                    want.join(","),
                    "{language}: {key}, measure {m}"
                );
                // The house's colour is the map's.
                let colour = maester::map::palette::house(board, h).hex();
                assert!(
                    s.descendants()
                        .any(|n| n.attribute("stroke") == Some(colour.as_str())),
                    "{key} drawn in {colour}"
                );
            }
            assert!(
                resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).is_ok(),
                "{language}: the chart renders"
            );
        }
        for h in board.house_ids() {
            let name = script.write(board.house(h).name(lang));
            assert!(html.contains(&name), "{language}: the legend names {name}");
        }
        let title = script.write(w::heading(w::Heading::StandingsPage, lang));
        assert!(html.contains(&title), "{language}: {title}");
    }
}

fn maester_usvg_roxmltree(svg: &str) -> resvg::usvg::roxmltree::Document<'_> {
    resvg::usvg::roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"))
}

/// The summary's lines the stored events and the final state give, in `lang`.
fn expected_lines(board: &Board, snaps: &[(GameState, Vec<Event>, u8)], lang: Lang) -> Vec<String> {
    let last = &snaps[snaps.len() - 1].0;
    let name = |h: HouseId| board.house(h).name(lang).to_string();
    let mut lines = Vec::new();
    let mut ranking = maester::rules::round::endgame::standings(board, last);
    if let Some(win) = last.winner
        && let Some(i) = ranking.iter().position(|s| s.house == win)
    {
        let s = ranking.remove(i);
        ranking.insert(0, s);
    }
    for (i, s) in ranking.iter().enumerate() {
        lines.push(w::ranking_line(
            i + 1,
            &name(s.house),
            s.castles,
            s.barrels,
            s.tokens,
            lang,
        ));
    }
    let battles: Vec<(u8, &maester::rules::log::BattleReport)> = snaps
        .iter()
        .flat_map(|(_, log, round)| {
            log.iter().filter_map(move |e| match e {
                Event::Battle(b) => Some((*round, b)),
                _ => None,
            })
        })
        .collect();
    assert!(!battles.is_empty(), "a whole game has battles");
    for h in board.house_ids() {
        let fought = battles
            .iter()
            .filter(|(_, b)| b.attacker == h || b.defender == Defender::House(h))
            .count();
        let won = battles
            .iter()
            .filter(|(_, b)| {
                (b.attacker == h && b.attacker_won)
                    || (b.defender == Defender::House(h) && !b.attacker_won)
            })
            .count();
        lines.push(w::battles_line(&name(h), fought, won, lang));
        let mut leaders: Vec<(String, usize)> = Vec::new();
        for (_, b) in &battles {
            let l = if b.attacker == h {
                b.attacker_leader
            } else if b.defender == Defender::House(h) {
                b.defender_leader
            } else {
                None
            };
            if let Some(l) = l {
                let l = board.leader(l).name(lang).to_string();
                match leaders.iter_mut().find(|(x, _)| *x == l) {
                    Some((_, n)) => *n += 1,
                    None => leaders.push((l, 1)),
                }
            }
        }
        lines.push(w::leaders_line(&name(h), &leaders, lang));
        let castles: Vec<u8> = expected_series(board, snaps, h)
            .iter()
            .map(|f| f[0])
            .collect();
        lines.push(w::castles_line(&name(h), &castles, lang));
    }
    let biggest = battles
        .iter()
        .map(|(_, b)| b.attack_total + b.defence_total)
        .max()
        .unwrap_or(0);
    let (round, big) = battles
        .iter()
        .find(|(_, b)| b.attack_total + b.defence_total == biggest)
        .copied()
        .unwrap_or_else(|| panic!("a largest battle"));
    let area = board.area(big.area).name(lang).to_string();
    lines.push(match lang {
        Lang::Zh => format!("第{round}回合,{area}:进攻方{}", name(big.attacker)),
        Lang::En => format!("round {round}, {area}: attacker {}", name(big.attacker)),
    });
    lines.push(match lang {
        Lang::Zh => format!("合计战斗力{biggest}"),
        Lang::En => format!("{biggest} strength in all"),
    });
    lines
}

fn the_final_report_post_and_site_carry_the_summary_from_the_stored_events(p: &Played) {
    let g = games::load(&p.d, "chron").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.state.step, Step::Finished);
    let board = &g.board;
    let snaps = snapshots(&p.d);
    // Every house's final report, in its own language and script.
    let outbox = p.dir.join("mail/outbox");
    let mails = maildir_support::outbox_files(&outbox);
    for (key, language) in HOUSES {
        let lang = if language == "en" { Lang::En } else { Lang::Zh };
        let script = Script::of(language == "zh-Hant");
        let finals: Vec<&String> = mails
            .iter()
            .filter(|(to, _)| to.contains(&format!("{key}@chron.example")))
            .map(|(_, t)| t)
            .filter(|t| t.contains(&script.write(w::heading(w::Heading::Ranking, lang))))
            .collect();
        assert_eq!(finals.len(), 1, "{key}: one report carries the summary");
        for line in expected_lines(board, &snaps, lang) {
            let line = script.write(&line);
            assert!(finals[0].contains(&line), "{key}'s report: {line}");
        }
    }
    // The HTML part of each final report carries it too.
    let mut html_parts = 0;
    for e in std::fs::read_dir(&outbox).into_iter().flatten().flatten() {
        let raw = std::fs::read(e.path()).unwrap_or_default();
        let Some(m) = mail_parser::MessageParser::default().parse(&raw) else {
            continue;
        };
        let Some(html) = m.body_html(0) else {
            continue;
        };
        let Some((_, language)) = HOUSES.iter().find(|(k, _)| {
            m.to()
                .and_then(|a| a.first())
                .and_then(|a| a.address())
                .is_some_and(|a| a.starts_with(k))
        }) else {
            continue;
        };
        let lang = if *language == "en" {
            Lang::En
        } else {
            Lang::Zh
        };
        let script = Script::of(*language == "zh-Hant");
        if !html.contains(&script.write(w::heading(w::Heading::Ranking, lang))) {
            continue;
        }
        html_parts += 1;
        // The template's escaping, undone (it writes an apostrophe as `&#x27;`).
        let text = html
            .replace("&#x27;", "'")
            .replace("&#39;", "'")
            .replace("&quot;", "\"")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&");
        for line in expected_lines(board, &snaps, lang) {
            let line = script.write(&line);
            assert!(text.contains(&line), "{language} HTML part: {line}");
        }
    }
    assert_eq!(html_parts, HOUSES.len(), "every final report's HTML part");
    // The forum post of the final step, and the site, in each language.
    for language in ["zh", "zh-Hant", "en"] {
        let lang = if language == "en" { Lang::En } else { Lang::Zh };
        let script = Script::of(language == "zh-Hant");
        let out = site(p, "summary", language);
        let index = read(&out.join("index.html"));
        let standings = read(&out.join("standings.html"));
        for line in expected_lines(board, &snaps, lang) {
            let line = maester::publish::html::esc(&script.write(&line));
            assert!(index.contains(&line), "{language} index: {line}");
            assert!(standings.contains(&line), "{language} standings: {line}");
        }
    }
    let post = maester::daemon::publish::post(
        &p.d,
        Some("chron"),
        (None, None),
        maester::publish::Format::Bbcode,
    )
    .unwrap_or_else(|e| panic!("{e}"))
    .join("\n");
    assert!(post.contains(w::heading(w::Heading::Summary, Lang::Zh)));
    for line in expected_lines(board, &snaps, Lang::Zh) {
        assert!(post.contains(&line), "the post: {line}");
    }
}
