//! Step reports carry the map: multipart/alternative with the text and an HTML part that shows
//! the pictures inline (multipart/related, `cid:`): first the reader's own theatre (440 px wide,
//! legible on a phone), then the whole board, one whole-board picture per closed step shared by
//! every house's report, each mail under 300 KB (palette PNGs, issue 40); `maester map` writes the current picture, with
//! `--house` a house's own; the HTML shown 400 px wide in headless Chromium scrolls no
//! sideways.

mod browser_support;
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
    /// The images by Content-ID, in the mail's order.
    images: Vec<(String, Vec<u8>)>,
    alternative: bool,
}

fn read_report(raw: &[u8]) -> Option<Report> {
    let m = MessageParser::default().parse(raw)?;
    let subject = m.subject()?.to_string();
    if !(subject.contains("结果") || subject.contains("results")) {
        return None;
    }
    // The report itself is multipart/alternative: the whole mail, or its body beside the
    // deadline's calendar event (multipart/mixed, issue 37).
    let alternative = m.parts.iter().any(|p| {
        p.content_type()
            .is_some_and(|c| c.c_type == "multipart" && c.subtype() == Some("alternative"))
    });
    let text = m.body_text(0)?.to_string();
    let html = m.body_html(0).map(|h| h.to_string()).unwrap_or_default();
    let mut images = Vec::new();
    for p in &m.parts {
        if let (Some(id), PartType::Binary(b) | PartType::InlineBinary(b)) =
            (p.content_id(), &p.body)
        {
            images.push((id.to_string(), b.to_vec()));
        }
    }
    Some(Report {
        size: raw.len(),
        text,
        html,
        images,
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
    let largest = reports.iter().map(|r| r.size).max().unwrap_or(0);
    eprintln!("largest report mail: {largest} bytes");
    for r in &reports {
        assert!(r.alternative, "multipart/alternative");
        assert!(r.size <= 300 * 1024, "{} bytes", r.size);
        assert_eq!(r.images.len(), 2, "the house's picture and the board");
        let at = |cid: &str| r.html.find(&format!("src=\"cid:{cid}\""));
        let widths: Vec<Option<u32>> = r
            .images
            .iter()
            .map(|(_, png)| png_size(png).map(|s| s.0))
            .collect();
        let own = r
            .images
            .iter()
            .position(|(_, png)| png_size(png).map(|s| s.0) == Some(440));
        let board = r
            .images
            .iter()
            .position(|(_, png)| png_size(png).map(|s| s.0) == Some(741));
        let (Some(own), Some(board)) = (own, board) else {
            panic!("a 440-px house picture and a 741-px board: {widths:?}");
        };
        let (Some(first), Some(then)) = (at(&r.images[own].0), at(&r.images[board].0)) else {
            panic!("the HTML shows both: {}", r.html);
        };
        assert!(first < then, "the house's picture first");
        assert!(r.html.contains("<table"), "tables in the HTML part");
        assert!(
            r.text.contains("地图状态") || r.text.contains("== Map =="),
            "the text part keeps the map state"
        );
    }
    // One picture per closed step and language: the Chinese reports of a step carry the same bytes.
    let mut pictures: Vec<&Vec<u8>> = reports
        .iter()
        .flat_map(|r| r.images.iter().map(|(_, png)| png))
        .filter(|png| png_size(png).map(|s| s.0) == Some(741))
        .collect();
    pictures.sort();
    pictures.dedup();
    assert!(
        pictures.len() <= 4,
        "{} different pictures for two steps",
        pictures.len()
    );
    // Issue 40: the outbox keeps the shared board once (the Chinese reports of a step and the
    // step's other mails refer to one stored copy).
    let db =
        rusqlite::Connection::open(dir.join("maester.sqlite")).unwrap_or_else(|e| panic!("{e}"));
    let shared: i64 = db
        .query_row(
            "SELECT coalesce(max(n), 0) FROM (SELECT count(*) n FROM outbox_parts GROUP BY sha256)",
            [],
            |r| r.get(0),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        shared >= 4,
        "the most shared picture is stored for {shared} mails"
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
    // A house's own picture: its theatre, 440 px wide, named by key or by name.
    for (house, lang, file) in [
        ("stark", "zh", "stark.png"),
        ("Martell", "en", "martell.svg"),
    ] {
        let path = dir.join(file);
        let out = maester(
            &cfg,
            &[
                "map",
                "--house",
                house,
                "--lang",
                lang,
                "--out",
                path.to_str().unwrap_or_default(),
            ],
            None,
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let bytes = std::fs::read(&path).unwrap_or_default();
        if file.ends_with(".png") {
            assert_eq!(png_size(&bytes).map(|s| s.0), Some(440), "{file}");
        } else {
            let text = String::from_utf8_lossy(&bytes);
            assert!(text.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="440""#));
            assert!(text.contains("Your house: Martell"), "{}", &text[..300]);
        }
    }
    let bad = maester(&cfg, &["map", "--house", "starck"], None);
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("starck") && err.contains("stark"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The report's HTML as a file beside its pictures (`cid:` turned into the files' names), with
/// a script that tells its scroll width and its width to the page holding it; and that page,
/// which shows the report in a frame exactly 400 px wide (a headless window cannot be made
/// narrower than about 500 px) and writes what it is told into its body.
fn html_file(dir: &std::path::Path, r: &Report, name: &str) -> std::path::PathBuf {
    let mut html = r.html.clone();
    for (k, (cid, png)) in r.images.iter().enumerate() {
        let file = format!("{name}-{k}.png");
        let _ = std::fs::write(dir.join(&file), png);
        html = html.replace(&format!("cid:{cid}"), &file);
    }
    let probe = "<script>window.addEventListener('load',()=>{const d=document.documentElement;parent.postMessage(d.scrollWidth+'/'+d.clientWidth,'*')});</script>";
    html = html.replace("</body>", &format!("{probe}</body>"));
    let _ = std::fs::write(dir.join(format!("{name}.html")), html);
    let phone = format!(
        "<!DOCTYPE html><html><body style=\"margin:0\"><iframe src=\"{name}.html\" style=\"width:400px;height:2400px;border:0\"></iframe><script>window.addEventListener('message',e=>document.body.setAttribute('data-scroll',e.data));</script></body></html>"
    );
    let path = dir.join(format!("{name}-phone.html"));
    let _ = std::fs::write(&path, phone);
    path
}

#[test]
fn the_report_read_400_px_wide_in_chromium_does_not_scroll_sideways() {
    if !browser_support::installed() {
        return;
    }
    let dir = temp_dir("report-chromium");
    if let Err(e) = maester::demo::run(&dir) {
        panic!("demo failed: {e}");
    }
    let mut reports = Vec::new();
    for e in std::fs::read_dir(dir.join("mail/outbox"))
        .into_iter()
        .flatten()
        .flatten()
    {
        let raw = std::fs::read(e.path()).unwrap_or_default();
        reports.extend(read_report(&raw));
    }
    // One report in each language of the demo (Chinese, English, Traditional when there).
    let mut picked: Vec<&Report> = Vec::new();
    for mark in ["结果", "results", "結果"] {
        if let Some(r) = reports
            .iter()
            .filter(|r| r.html.contains(mark))
            .max_by_key(|r| r.html.len())
        {
            picked.push(r);
        }
    }
    assert!(picked.len() >= 2, "{} reports", reports.len());
    for (k, r) in picked.iter().enumerate() {
        let page = html_file(&dir, r, &format!("report{k}"));
        let profile = dir.join(format!("profile{k}"));
        let out = browser_support::headless(&profile, 3000)
            .args([
                "--window-size=400,2400",
                "--dump-dom",
                &format!("file://{}", page.display()),
            ])
            .output()
            .expect("chromium runs");
        let dom = String::from_utf8_lossy(&out.stdout);
        let at = dom.find("data-scroll=\"").unwrap_or_else(|| {
            panic!(
                "no scroll width in the DOM: {}",
                String::from_utf8_lossy(&out.stderr)
            )
        }) + 13;
        let value = &dom[at..at + dom[at..].find('"').unwrap_or(0)];
        let (scroll, client) = value.split_once('/').unwrap_or(("0", "1"));
        let (scroll, client): (u32, u32) = (
            scroll.parse().unwrap_or(u32::MAX),
            client.parse().unwrap_or(0),
        );
        if let Some(keep) = std::env::var_os("MAESTER_KEEP_HTML") {
            let _ = std::fs::create_dir_all(&keep);
            for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                if e.path().is_file() {
                    let _ =
                        std::fs::copy(e.path(), std::path::Path::new(&keep).join(e.file_name()));
                }
            }
        }
        assert!(
            client > 300 && client <= 400 && scroll <= client,
            "{}: scroll width {scroll} for a {client}-px page",
            page.display()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
