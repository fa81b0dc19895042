//! The game's web site in a real browser: headless Chromium opens the front page and a step's
//! page at 1280 and at 400 CSS pixels wide. Every relative link and picture exists, every
//! picture loads, the page never scrolls sideways at 400 px, and the console stays quiet.
//!
//! Headless Chromium will not make its window narrower than 500 px, so each page is measured
//! inside an iframe of the exact width (file URLs may read each other with
//! `--allow-file-access-from-files`); a probe page reports the frame's `scrollWidth` against
//! its `clientWidth` and its broken pictures into the DOM that `--dump-dom` prints. The probe
//! is checked against a page that does overflow and a picture that is missing, so it cannot
//! pass by seeing nothing. A step's page shows its map by theatre, each picture shown at
//! 90 % of its size or more at 400 px (names of at least 9 px), the whole board a link. The
//! standings page (the chronicle's charts, inline SVG) is measured the same way and
//! photographed at 400 px and at 1280 px (`MAESTER_SCREENSHOTS=<dir>` keeps the pictures
//! there, to look at). Skipped, saying so, where `/usr/bin/chromium` is not installed.

mod browser_support;
mod maildir_support;

use browser_support::{CHROMIUM, headless, installed};
use maildir_support::*;
use std::path::Path;

/// What the probe saw of a page in a frame `width` px wide, and what the console said.
#[derive(Debug)]
struct Probe {
    scroll_width: u32,
    client_width: u32,
    images: u32,
    broken: u32,
    /// The smallest shown width of a picture against its own, in thousandths (1000: none
    /// shrunk): the map's smallest text is 10 px, so 900 is names of 9 px.
    least_scale: u32,
    console: Vec<String>,
}

fn probe(dir: &Path, page: &str, width: u32) -> Probe {
    let probe = dir.join(format!("probe-{width}-{page}"));
    let html = format!(
        "<!DOCTYPE html><html><body style=\"margin:0\">\
         <iframe id=\"f\" src=\"{page}\" style=\"border:0;width:{width}px;height:1600px\"></iframe>\
         <script>addEventListener(\"load\", () => {{\
           const d = document.getElementById(\"f\").contentDocument;\
           const e = d.documentElement;\
           const imgs = [...d.images];\
           const broken = imgs.filter(i => !i.complete || i.naturalWidth === 0).length;\
           const scale = Math.min(1000, ...imgs.filter(i => i.naturalWidth > 0)\
             .map(i => Math.floor(1000 * i.getBoundingClientRect().width / i.naturalWidth)));\
           document.body.dataset.probe = [e.scrollWidth, e.clientWidth, imgs.length, broken, scale].join(\",\");\
         }});</script></body></html>"
    );
    std::fs::write(&probe, html).unwrap_or_else(|e| panic!("{e}"));
    let profile = dir.join(format!("profile-{width}-{page}"));
    let out = headless(&profile, 8000)
        .args([
            "--enable-logging=stderr",
            "--log-level=0",
            "--v=0",
            "--window-size=1400,1800",
            "--dump-dom",
        ])
        .arg(format!("file://{}", probe.display()))
        .output()
        .unwrap_or_else(|e| panic!("cannot run {CHROMIUM}: {e}"));
    let _ = std::fs::remove_file(&probe);
    let dom = String::from_utf8_lossy(&out.stdout);
    let Some(values) = dom
        .split("data-probe=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
    else {
        panic!(
            "{page} at {width}: the probe wrote nothing; stderr:\n{}",
            String::from_utf8_lossy(&out.stderr)
        )
    };
    let n: Vec<u32> = values.split(',').filter_map(|v| v.parse().ok()).collect();
    let [scroll_width, client_width, images, broken, least_scale] = n[..] else {
        panic!("{page} at {width}: probe {values:?}")
    };
    let console = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| l.contains(":CONSOLE"))
        .map(str::to_string)
        .collect();
    Probe {
        scroll_width,
        client_width,
        images,
        broken,
        least_scale,
        console,
    }
}

/// A screenshot of `page` in a frame `width` px wide (PNG bytes), through the same frame as
/// the probe: the window is never narrower than 500 px.
fn screenshot(dir: &Path, page: &str, width: u32) -> Vec<u8> {
    let frame = dir.join(format!("shot-{width}-{page}"));
    let html = format!(
        "<!DOCTYPE html><html><body style=\"margin:0;background:#888\">\
         <iframe src=\"{page}\" style=\"border:0;width:{width}px;height:2400px\"></iframe>\
         </body></html>"
    );
    std::fs::write(&frame, html).unwrap_or_else(|e| panic!("{e}"));
    let png = dir.join(format!("shot-{width}-{page}.png"));
    let profile = dir.join(format!("profile-shot-{width}-{page}"));
    let out = headless(&profile, 8000)
        .arg("--hide-scrollbars")
        .arg(format!("--window-size={},2400", width.max(500)))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("file://{}", frame.display()))
        .output()
        .unwrap_or_else(|e| panic!("cannot run {CHROMIUM}: {e}"));
    let _ = std::fs::remove_file(&frame);
    let _ = std::fs::remove_dir_all(&profile);
    let bytes = std::fs::read(&png).unwrap_or_else(|e| {
        panic!(
            "{page} at {width}: no screenshot ({e}); stderr:\n{}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let _ = std::fs::remove_file(&png);
    bytes
}

/// Every `href="…"` and `src="…"` of a page that points into the site's folder.
fn relative_links(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attr in ["href=\"", "src=\""] {
        for piece in html.split(attr).skip(1) {
            let Some(link) = piece.split('"').next() else {
                continue;
            };
            if link.contains("://") || link.starts_with('#') || link.starts_with("mailto:") {
                continue;
            }
            out.push(link.to_string());
        }
    }
    out
}

#[test]
fn the_front_page_and_a_step_page_read_at_1280_and_400_pixels() {
    if !installed() {
        return;
    }
    let dir = temp_dir("site-browser");
    if let Err(e) = maester::demo::run(&dir) {
        panic!("demo failed: {e}");
    }
    let site = dir.join("www");
    let o = maester(
        &dir.join("maester.toml"),
        &["site", "--out", &site.to_string_lossy()],
        None,
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut step_page = None;
    for e in std::fs::read_dir(&site).into_iter().flatten().flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with("r1-") && name.ends_with(".html") {
            step_page = Some(name);
        }
    }
    let Some(step_page) = step_page else {
        panic!("no step page in {}", site.display())
    };

    // The probe sees what it must: a page wider than its frame, a picture that is missing.
    std::fs::write(
        site.join("control.html"),
        "<!DOCTYPE html><html><body><div style=\"width:600px\">wide</div>\
         <img src=\"missing.png\" alt=\"\"></body></html>",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let control = probe(&site, "control.html", 400);
    assert!(control.scroll_width > control.client_width, "{control:?}");
    assert_eq!(control.broken, 1, "{control:?}");
    std::fs::remove_file(site.join("control.html")).unwrap_or_else(|e| panic!("{e}"));

    for page in [
        "index.html",
        step_page.as_str(),
        "history.html",
        "standings.html",
    ] {
        let html = std::fs::read_to_string(site.join(page)).unwrap_or_else(|e| panic!("{e}"));
        let links = relative_links(&html);
        assert!(links.iter().any(|l| l == "style.css"), "{page}: {links:?}");
        for link in &links {
            assert!(
                site.join(link).is_file(),
                "{page} links {link}, which is missing"
            );
        }
        for width in [1280, 400] {
            let p = probe(&site, page, width);
            // The frame's width, less a vertical scroll bar when the page is taller.
            assert!(
                p.client_width <= width && p.client_width + 20 >= width,
                "{page}: {p:?}"
            );
            assert!(
                p.scroll_width <= p.client_width,
                "{page} scrolls sideways at {width} px: {p:?}"
            );
            assert_eq!(
                p.broken, 0,
                "{page} at {width}: a picture did not load: {p:?}"
            );
            assert!(p.console.is_empty(), "{page} at {width}: {:?}", p.console);
            if page != "history.html" && page != "standings.html" {
                assert!(p.images >= 1, "{page} shows the map: {p:?}");
            }
            // A step's page is read on a phone: its map by theatre, every name at least 9 px
            // at 400 px (issue 40), the whole board a link.
            if page == step_page {
                // On a phone the scroll bar takes no width; in headless Chromium it does.
                let least = p.least_scale * width / p.client_width.max(1);
                assert!(
                    least >= 900,
                    "{page} at {width}: a picture shown at {least}‰ of its size (names under 9 px): {p:?}"
                );
                assert!(
                    p.images >= 6,
                    "{page}: a picture per house's theatre: {p:?}"
                );
                let whole = format!("{}.png", step_page.trim_end_matches(".html"));
                assert!(
                    html.contains(&format!("<a href=\"{whole}\">")),
                    "{page}: the whole board is a link"
                );
            }
        }
    }
    // The standings page's charts, photographed on a phone and on a desktop.
    let html =
        std::fs::read_to_string(site.join("standings.html")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        html.matches("<svg class=\"chart\"").count(),
        3,
        "three charts"
    );
    let keep = std::env::var_os("MAESTER_SCREENSHOTS").map(std::path::PathBuf::from);
    for width in [400, 1280] {
        let png = screenshot(&site, "standings.html", width);
        assert!(
            png.starts_with(b"\x89PNG") && png.len() > 10_000,
            "{width}: a picture"
        );
        if let Some(k) = &keep {
            std::fs::create_dir_all(k).unwrap_or_else(|e| panic!("{e}"));
            std::fs::write(k.join(format!("standings-{width}.png")), &png)
                .unwrap_or_else(|e| panic!("{e}"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
