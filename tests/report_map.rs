//! Step reports carry the map: multipart/alternative with the text and an HTML part that shows
//! the picture inline (multipart/related, `cid:`), one picture per closed step shared by every
//! house's report, each mail well under 1 MB; `maester map` writes the current picture.

mod maildir_support;

use mail_parser::{MessageParser, MimeHeaders, PartType};
use maildir_support::*;

/// The width and height of a PNG, from its IHDR chunk.
fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.get(..8)? != b"\x89PNG\r\n\x1a\n" || bytes.get(12..16)? != b"IHDR" {
        return None;
    }
    let be = |r: std::ops::Range<usize>| {
        bytes
            .get(r)
            .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    };
    Some((be(16..20)?, be(20..24)?))
}

struct Report {
    size: usize,
    text: String,
    html: String,
    cid: String,
    image: Vec<u8>,
    alternative: bool,
}

fn read_report(raw: &[u8]) -> Option<Report> {
    let m = MessageParser::default().parse(raw)?;
    let subject = m.subject()?.to_string();
    if !(subject.contains("结果") || subject.contains("results")) {
        return None;
    }
    let alternative = m
        .content_type()
        .is_some_and(|c| c.c_type == "multipart" && c.subtype() == Some("alternative"));
    let text = m.body_text(0)?.to_string();
    let html = m.body_html(0).map(|h| h.to_string()).unwrap_or_default();
    let mut cid = String::new();
    let mut image = Vec::new();
    for p in &m.parts {
        if let (Some(id), PartType::Binary(b) | PartType::InlineBinary(b)) =
            (p.content_id(), &p.body)
        {
            cid = id.to_string();
            image = b.to_vec();
        }
    }
    Some(Report {
        size: raw.len(),
        text,
        html,
        cid,
        image,
        alternative,
    })
}

#[test]
fn report_mails_show_the_map_inline_by_cid_and_share_one_picture() {
    let dir = temp_dir("report-map");
    if let Err(e) = maester::demo::run(&dir) {
        panic!("demo failed: {e}");
    }
    let outbox = dir.join("mail/outbox");
    let mut reports = Vec::new();
    for e in std::fs::read_dir(&outbox).into_iter().flatten().flatten() {
        let raw = std::fs::read(e.path()).unwrap_or_default();
        reports.extend(read_report(&raw));
    }
    assert!(
        reports.len() >= 12,
        "two steps closed, six houses: {}",
        reports.len()
    );
    for r in &reports {
        assert!(r.alternative, "multipart/alternative");
        assert!(r.size < 1024 * 1024, "{} bytes", r.size);
        assert!(!r.cid.is_empty(), "an image part with a Content-ID");
        assert!(
            r.html.contains(&format!("src=\"cid:{}\"", r.cid)),
            "the HTML shows it: {}",
            r.html
        );
        assert_eq!(
            png_size(&r.image).map(|s| s.0),
            Some(741),
            "a PNG 741 pixels wide"
        );
        assert!(r.html.contains("<table"), "tables in the HTML part");
        assert!(
            r.text.contains("地图状态") || r.text.contains("== Map =="),
            "the text part keeps the map state"
        );
    }
    // One picture per closed step and language: the Chinese reports of a step carry the same bytes.
    let mut pictures: Vec<&Vec<u8>> = reports.iter().map(|r| &r.image).collect();
    pictures.sort();
    pictures.dedup();
    assert!(
        pictures.len() <= 4,
        "{} different pictures for two steps",
        pictures.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn maester_map_writes_the_current_picture_as_png_or_svg() {
    let dir = temp_dir("map-cli");
    let cfg = write_config(&dir, "g1");
    new_game_with_known_secrets(&cfg);
    let png = dir.join("now.png");
    let out = maester(
        &cfg,
        &["map", "--out", png.to_str().unwrap_or_default()],
        None,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bytes = std::fs::read(&png).unwrap_or_default();
    let (w, h) = png_size(&bytes).unwrap_or_default();
    assert_eq!(w, 741);
    assert!(h > 1378);
    let svg = dir.join("now.svg");
    let out = maester(
        &cfg,
        &[
            "map",
            "--lang",
            "en",
            "--out",
            svg.to_str().unwrap_or_default(),
        ],
        None,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&svg).unwrap_or_default();
    assert!(
        text.starts_with("<svg") && text.contains("Winterfell"),
        "{}",
        &text[..text.len().min(300)]
    );
    let _ = std::fs::remove_dir_all(&dir);
}
