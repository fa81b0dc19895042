//! `maester map` draws the last closed step's marches as arrows: the log is stored with the
//! snapshot the step's close wrote, and the picture of the stored game shows it.

mod maildir_support;

use maester::board::{Board, Lang};
use maester::map::{Layout, MapInput, chips, palette};
use maester::rules::GameState;
use maester::rules::log::Event;
use maildir_support::*;
use resvg::tiny_skia::Pixmap;

/// The newest snapshot's state and log, read from the demo's store.
fn last_close(dir: &std::path::Path) -> (GameState, Vec<Event>) {
    let d = open_daemon(&dir.join("maester.toml"));
    let snap = match d.store.latest_snapshot("demo") {
        Ok(Some(s)) => s,
        other => panic!("no snapshot: {other:?}"),
    };
    let log: Vec<Event> = maester::publish::record::events_of(&snap.log);
    let state = match maester::daemon::stored::decode(snap.state) {
        Ok(s) => s,
        Err(e) => panic!("{e:?}"),
    };
    (state, log)
}

fn pixel(p: &Pixmap, (x, y): (f64, f64)) -> (u8, u8, u8) {
    match p.pixel(x.round() as u32, y.round() as u32) {
        Some(c) => (c.red(), c.green(), c.blue()),
        None => panic!("{x},{y} lies off the picture"),
    }
}

#[test]
fn maester_map_draws_the_last_steps_march_from_winterfell_as_an_arrow() {
    let dir = temp_dir("map-arrows");
    if let Err(e) = maester::demo::run(&dir) {
        panic!("demo failed: {e}");
    }
    let board = match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    let (state, log) = last_close(&dir);
    let winterfell = board.area_by_key("winterfell");
    let stark = board.house_by_key("stark");
    // The demo's Stark plan marches the army of Winterfell out.
    let Some((from, to)) = log.iter().find_map(|e| match e {
        Event::Moved {
            house, from, to, ..
        } if Some(*house) == stark && Some(*from) == winterfell => Some((*from, *to)),
        _ => None,
    }) else {
        panic!("no Stark march from Winterfell in the last step's log: {log:?}")
    };
    let png = dir.join("now.png");
    let out = maester(
        &dir.join("maester.toml"),
        &["map", "--out", png.to_str().unwrap_or_default()],
        None,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let picture = match Pixmap::decode_png(&std::fs::read(&png).unwrap_or_default()) {
        Ok(p) => p,
        Err(e) => panic!("the PNG decodes: {e}"),
    };
    // A point on the arrow's shaft, a third of the way from its start to its head, where the
    // line is drawn in Stark's colour over its contrasting edge.
    let input = MapInput {
        board: &board,
        state: &state,
        log: &log,
        lang: Lang::Zh,
        script: maester::map::Script::Simplified,
        deadline: "",
        reported: "",
        reported_round: 0,
    };
    let layout = Layout::of(&board);
    // The arrow runs between the areas' units as drawn (moved off any name they would cover).
    let blocks = chips::blocks(&input, &layout);
    let (Some(a), Some(b)) = (
        chips::spot(&blocks, &input, &layout, from),
        chips::spot(&blocks, &input, &layout, to),
    ) else {
        panic!("both areas have a point on the map")
    };
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / len, dy / len);
    let start = (a.0 + ux * 14.0, a.1 + uy * 14.0);
    let on_shaft = (start.0 + ux * 12.0, start.1 + uy * 12.0);
    let stark_colour = match stark {
        Some(h) => palette::house(&board, h),
        None => panic!("no Stark"),
    };
    let want = (stark_colour.0, stark_colour.1, stark_colour.2);
    assert_eq!(
        pixel(&picture, on_shaft),
        want,
        "the arrow from {} to {} at {on_shaft:?}",
        board.area(from).key,
        board.area(to).key
    );
    // Without the log the same point is not painted in Stark's colour: the arrow is the log's.
    let bare = MapInput { log: &[], ..input };
    let bare = match maester::map::png(&bare).map(|b| Pixmap::decode_png(&b)) {
        Ok(Ok(p)) => p,
        _ => panic!("the bare picture renders"),
    };
    assert_ne!(pixel(&bare, on_shaft), want);
    let _ = std::fs::remove_dir_all(&dir);
}
