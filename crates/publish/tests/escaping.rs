//! Every text of the public record is escaped for its format whatever its source: house names
//! from a GM's board file (`[url=javascript:…]`, `[img]` of an outside address, HTML, Markdown
//! links, line breaks) come out as text in the post (BBCode and Markdown), the pages and the
//! feed; the site's address is made a safe http(s) address, and any other is never linked.

use chrono::{TimeZone, Utc};
use maester_board::{Board, Lang};
use maester_publish::record;
use maester_publish::{Format, Picture, Record, Site, Step, pages, post, public};
use maester_rules::GameState;
use maester_words::hant::Script;

const HOSTILE_ZH: &str =
    "[url=javascript:alert(1)]点我[/url][img]http://evil.example/x.png[/img]<script>x</script>";
const HOSTILE_EN: &str =
    "[url=javascript:alert(1)]click[/url]\n# big ![p](http://evil.example/p.png) <b>\"x\"</b>";

/// The default board with every house renamed as a hostile GM's board file could.
fn hostile_board() -> Board {
    let mut b = match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    for h in &mut b.houses {
        h.name_zh = format!("{HOSTILE_ZH}{}", h.key);
        h.name_en = format!("{HOSTILE_EN}{}", h.key);
    }
    b
}

fn step(seq: i64, s: &GameState) -> Step {
    Step {
        seq,
        before: Some(s.clone()),
        after: s.clone(),
        events: Vec::new(),
        record: Some(Record {
            round: s.round,
            steps: vec![record::ClosedStep {
                step: s.step,
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

/// How often `c` stands in a Markdown text without the backslash that makes it text.
fn unescaped(md: &str, c: char) -> usize {
    let chars: Vec<char> = md.chars().collect();
    (0..chars.len())
        .filter(|&i| chars[i] == c && (i == 0 || chars[i - 1] != '\\'))
        .count()
}

/// The BBCode tags of a post, as written.
fn bbcode_tags(text: &str) -> Vec<String> {
    text.split('[')
        .skip(1)
        .filter_map(|t| t.split(']').next())
        .map(str::to_string)
        .collect()
}

#[test]
fn house_names_of_a_board_file_never_come_out_live_in_the_post() {
    let b = hostile_board();
    let s = GameState::new_game(&b);
    for lang in [Lang::Zh, Lang::En] {
        let p = public(&b, "g1", &step(2, &s), lang);
        assert!(!p.asked.is_empty(), "the next step asks the houses");
        let url = "https://example.org/agot/g1/r1-placement-2.png";
        let bb = post(
            &p,
            &Picture::Url(url.into()),
            Format::Bbcode,
            lang,
            Script::Simplified,
        )
        .join("\n");
        for tag in bbcode_tags(&bb) {
            assert!(
                !tag.contains("javascript") && !tag.contains("evil"),
                "[{tag}] live in the post: {bb}"
            );
        }
        // The one picture and its link are the site's.
        assert_eq!(bb.matches("[img]").count(), 1, "{bb}");
        assert_eq!(bb.matches("[url=").count(), 1, "{bb}");
        let md = post(
            &p,
            &Picture::Url(url.into()),
            Format::Markdown,
            lang,
            Script::Simplified,
        )
        .join("\n");
        for c in ['<', '[', ']'] {
            assert_eq!(
                unescaped(&md, c),
                if c == '<' { 0 } else { 1 },
                "{c} live in the post (the picture's alone): {md}"
            );
        }
        assert!(!md.contains("\n# big"), "a heading from a name: {md}");
    }
}

#[test]
fn a_hostile_site_address_is_escaped_in_the_feed_and_never_linked_when_not_http() {
    let b = hostile_board();
    let s = GameState::new_game(&b);
    let steps = vec![step(2, &s)];
    let seats = vec!["Stark wants a substitute: <script>alert(1)</script>".to_string()];
    for (base, linked) in [
        ("https://example.org/a\"b<c>/", true),
        ("javascript:alert(1)//", false),
    ] {
        let site = Site {
            board: &b,
            game: "g1",
            lang: Lang::En,
            script: Script::Simplified,
            current: &s,
            deadline: "",
            seed: None,
            base_url: Some(base),
            created: Utc
                .with_ymd_and_hms(2026, 11, 28, 0, 0, 0)
                .single()
                .unwrap_or_default(),
            // A GM's contact is text like any other: escaped on the game's page.
            seats: &seats,
        };
        for f in pages(&site, &steps) {
            let text = String::from_utf8_lossy(&f.bytes);
            assert!(!text.contains("<script>"), "{}: {text}", f.name);
            assert!(!text.contains("=\"javascript"), "{}: {text}", f.name);
            assert!(!text.contains("a\"b"), "{}: {text}", f.name);
            if f.name == "feed.xml" {
                assert_eq!(
                    text.contains("href=\"https://example.org/a%22b%3Cc%3E/index.html\""),
                    linked,
                    "{text}"
                );
                // Every attribute is well formed: quotes pair up on each line.
                for line in text.lines() {
                    assert_eq!(line.matches('"').count() % 2, 0, "{line}");
                }
            }
        }
        let p = public(&b, "g1", &steps[0], Lang::En);
        let bb = post(
            &p,
            &Picture::Url(format!("{base}g1/r1-placement-2.png")),
            Format::Bbcode,
            Lang::En,
            Script::Simplified,
        )
        .join("\n");
        assert!(!bb.contains("[url=javascript"), "{bb}");
        for tag in bbcode_tags(&bb) {
            assert!(!tag.contains('"'), "[{tag}]: {bb}");
        }
        assert_eq!(bb.contains("[img]"), linked, "{bb}");
    }
}
