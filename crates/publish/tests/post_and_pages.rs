//! The public record's builders on their own: a post stays under the forums' limit (split into
//! numbered parts that keep every line), its markup is the forums' subset; the site's pages
//! publish the seed only when the game handed it over (the end), name a page and a picture per
//! step and link the steps both ways; a snapshot's log reads in every stored form.

use chrono::{TimeZone, Utc};
use maester_board::{Board, Lang};
use maester_publish::record::{self, StoredLog};
use maester_publish::{Format, Picture, Record, Site, Step, pages, post, public};
use maester_rules::GameState;
use maester_words::hant::Script;

fn board() -> Board {
    match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    }
}

fn step(seq: i64, before: &GameState, after: &GameState) -> Step {
    Step {
        seq,
        before: Some(before.clone()),
        after: after.clone(),
        events: Vec::new(),
        record: Some(Record {
            round: before.round,
            steps: vec![record::ClosedStep {
                step: before.step,
                silent: Vec::new(),
                used: Vec::new(),
            }],
            ..Record::default()
        }),
        deadline: "2026-12-01 20:00".into(),
        closed_at: Utc
            .with_ymd_and_hms(2026, 11, 28, 12, seq as u32, 0)
            .single()
            .unwrap_or_default(),
        correction: None,
    }
}

#[test]
fn a_long_report_is_split_into_numbered_posts_under_ten_thousand_characters_keeping_every_line() {
    let b = board();
    let s = GameState::new_game(&b);
    let mut p = public(&b, "g1", &step(2, &s, &s), Lang::Zh);
    p.events = (1..=400)
        .map(|i| format!("第{i}条:白狼的步兵从临冬城移动到卡林湾,海怪的进攻部队留在灰水望。"))
        .collect();
    for format in [Format::Bbcode, Format::Markdown] {
        let parts = post(
            &p,
            &Picture::File("r1-placement-2.png".into()),
            format,
            Lang::Zh,
            Script::Simplified,
        );
        assert!(parts.len() > 1, "{format:?}: one part for 400 lines");
        let n = parts.len();
        for (i, part) in parts.iter().enumerate() {
            assert!(
                part.chars().count() < 10_000,
                "{format:?} part {i}: {}",
                part.chars().count()
            );
            assert!(
                part.contains(&format!("第{}/{n}帖", i + 1)),
                "{format:?} part {i} numbered: {part}"
            );
        }
        let all = parts.join("\n");
        for i in 1..=400 {
            assert!(
                all.contains(&format!("第{i}条:")),
                "{format:?}: line {i} lost"
            );
        }
        if format == Format::Bbcode {
            // Every table and quote opened in a part is closed in it.
            for part in &parts {
                assert_eq!(
                    part.matches("[table]").count(),
                    part.matches("[/table]").count()
                );
            }
        }
    }
}

#[test]
fn a_short_report_is_one_post_in_the_forums_bbcode_subset_with_its_picture() {
    let b = board();
    let s = GameState::new_game(&b);
    let p = public(&b, "g1", &step(2, &s, &s), Lang::En);
    let url = "https://example.org/agot/g1/r1-placement-2.png";
    let parts = post(
        &p,
        &Picture::Url(url.into()),
        Format::Bbcode,
        Lang::En,
        Script::Simplified,
    );
    assert_eq!(parts.len(), 1);
    let text = &parts[0];
    assert!(
        text.starts_with("[size=5][b]g1 round 1 · results of"),
        "{text}"
    );
    assert!(text.contains(&format!("[img]{url}[/img]")), "{text}");
    assert!(
        text.contains("Next: round 1,") && text.contains("deadline 2026-12-01 20:00."),
        "{text}"
    );
    // Only the subset's tags.
    let allowed = [
        "b", "color", "size", "img", "url", "quote", "table", "tr", "td",
    ];
    for tag in text.split('[').skip(1).filter_map(|t| t.split(']').next()) {
        let name = tag.trim_start_matches('/').split('=').next().unwrap_or("");
        assert!(allowed.contains(&name), "[{tag}] in {text}");
    }
    let md = post(
        &p,
        &Picture::File("r1-placement-2.png".into()),
        Format::Markdown,
        Lang::En,
        Script::Simplified,
    );
    assert!(md[0].starts_with("# g1 round 1"), "{}", md[0]);
    assert!(
        md[0].contains("(attach this picture to the post)"),
        "{}",
        md[0]
    );
    assert!(!md[0].contains("[b]"), "{}", md[0]);
}

#[test]
fn the_pages_link_each_step_both_ways_and_publish_the_seed_only_when_handed_over() {
    let b = board();
    let s = GameState::new_game(&b);
    let steps = vec![step(2, &s, &s), step(3, &s, &s)];
    let site = |seed| Site {
        board: &b,
        game: "g1",
        lang: Lang::Zh,
        script: Script::Traditional,
        current: &s,
        deadline: "",
        seed,
        base_url: None,
        created: Utc
            .with_ymd_and_hms(2026, 11, 28, 0, 0, 0)
            .single()
            .unwrap_or_default(),
        seats: &[],
    };
    let running = pages(&site(None), &steps);
    let names: Vec<&str> = running.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "style.css",
            "index.html",
            "history.html",
            "standings.html",
            "feed.xml",
            "r1-placement-2.html",
            "r1-placement-3.html"
        ]
    );
    let text = |files: &[maester_publish::File], name: &str| {
        files
            .iter()
            .find(|f| f.name == name)
            .map(|f| String::from_utf8_lossy(&f.bytes).into_owned())
            .unwrap_or_default()
    };
    let first = text(&running, "r1-placement-2.html");
    assert!(
        first.contains("href=\"r1-placement-3.html\"")
            && first.contains("href=\"r1-placement-2.png\"")
            && first.contains("src=\"r1-placement-2.stark.png\""),
        "{first}"
    );
    let second = text(&running, "r1-placement-3.html");
    assert!(second.contains("href=\"r1-placement-2.html\""), "{second}");
    // Traditional characters where the site is read so, and its language tag.
    assert!(text(&running, "index.html").contains("lang=\"zh-Hant\""));
    assert!(
        text(&running, "index.html").contains("權力的遊戲"),
        "{}",
        text(&running, "index.html")
    );
    let feed = text(&running, "feed.xml");
    assert_eq!(feed.matches("<entry>").count(), 2, "{feed}");
    let seed = "0123456789abcdef-the-seed";
    assert!(
        running
            .iter()
            .all(|f| !String::from_utf8_lossy(&f.bytes).contains(seed))
    );
    let over = pages(&site(Some(seed)), &steps);
    assert!(text(&over, "index.html").contains(seed));
}

#[test]
fn a_snapshot_log_reads_as_a_close_an_older_close_or_a_gm_change() {
    let rec = Record {
        round: 3,
        ..Record::default()
    };
    let new = match record::encode(&[], &rec) {
        Ok(v) => v,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(
        record::decode(&new),
        StoredLog::Close {
            events: Vec::new(),
            record: Some(Box::new(rec))
        }
    );
    assert_eq!(
        record::decode(&serde_json::json!([])),
        StoredLog::Close {
            events: Vec::new(),
            record: None
        }
    );
    assert_eq!(
        record::decode(&serde_json::json!({"gm": "rollback", "to_snapshot": 4})),
        StoredLog::Gm { restores: Some(4) }
    );
    assert_eq!(
        record::decode(&serde_json::json!({"x": 1})),
        StoredLog::Unreadable
    );
}
