//! The picture: it decodes, has the size the crate announces, and every area is painted in
//! its holder's colour at its own measured point, for the starting position.

use maester_board::{AreaId, AreaKind, Board, HouseId, Lang};
use maester_map::palette::{self, Rgb};
use maester_map::{Layout, MapInput};
use maester_rules::GameState;
use resvg::tiny_skia::Pixmap;

fn board() -> Board {
    Board::default_board().expect("the default board loads")
}

/// The holder of each area in the starting position, from the board's table of starting units
/// and home seats (not from the state's own `controller`).
fn start_holders(board: &Board) -> Vec<Option<HouseId>> {
    let mut holders = vec![None; board.areas.len()];
    for h in &board.houses {
        holders[h.home_seat.index()] = Some(h.id);
        for (area, _) in &h.start {
            holders[area.index()] = Some(h.id);
        }
    }
    holders
}

fn render(board: &Board, state: &GameState, lang: Lang) -> Pixmap {
    let input = MapInput {
        board,
        state,
        log: &[],
        lang,
        script: maester_map::Script::Simplified,
        deadline: "2026-11-26 20:00",
        reported: "",
        reported_round: 0,
    };
    let png = maester_map::png(&input).expect("renders");
    if let Some(dir) = option_env!("CARGO_TARGET_TMPDIR") {
        let _ = std::fs::write(format!("{dir}/start-{lang:?}.png"), &png);
    }
    Pixmap::decode_png(&png).expect("the PNG decodes")
}

fn pixel(p: &Pixmap, x: f64, y: f64) -> Rgb {
    let c = p
        .pixel(x.round() as u32, y.round() as u32)
        .expect("the point lies on the picture");
    Rgb(c.red(), c.green(), c.blue())
}

#[test]
fn the_png_decodes_at_the_announced_size() {
    let board = board();
    let state = GameState::new_game(&board);
    let p = render(&board, &state, Lang::Zh);
    assert_eq!(p.width(), maester_map::width());
    assert_eq!(p.height(), maester_map::height(&board));
    assert_eq!(p.width(), 741);
    assert!(
        p.height() > 1378,
        "the panel lies under the 1378 pixels of the map"
    );
}

/// The first of an area's order and token points that no name, unit chip or port marker
/// covers in the starting position (names are at most ~90 px wide and 24 px high around their
/// point, chips ~70 × 20, port markers 16 × 16).
fn clear_point(board: &Board, layout: &Layout, state: &GameState, a: AreaId) -> Option<(f64, f64)> {
    let s = layout.spots(a)?;
    let far = |p: (f64, f64), q: (f64, f64), w: f64, h: f64| {
        (p.0 - q.0).abs() > w / 2.0 + 2.0 || (p.1 - q.1).abs() > h / 2.0 + 2.0
    };
    [s.order, s.token].into_iter().find(|p| {
        board.areas.iter().all(|b| {
            let Some(t) = layout.spots(b.id) else {
                return true;
            };
            let st = state.area(b.id);
            let chip = !st.units.is_empty() || st.neutral.is_some();
            let label_ok = b.is_port() || far(*p, t.label, 90.0, 24.0);
            let chip_ok = !chip || far(*p, t.units, 70.0, 20.0);
            let port_ok = !b.is_port() || far(*p, t.token, 16.0, 16.0);
            let port_chip_ok =
                !(b.is_port() && chip) || far(*p, (t.token.0, t.token.1 + 15.0), 70.0, 20.0);
            label_ok && chip_ok && port_ok && port_chip_ok
        })
    })
}

#[test]
fn every_area_shows_its_holders_colour_at_a_clear_point_of_its_own() {
    let board = board();
    let state = GameState::new_game(&board);
    let holders = start_holders(&board);
    let layout = Layout::of(&board);
    for lang in [Lang::Zh, Lang::En] {
        let p = render(&board, &state, lang);
        let mut checked = Vec::new();
        for a in board.areas.iter().filter(|a| a.kind != AreaKind::Port) {
            let Some((x, y)) = clear_point(&board, &layout, &state, a.id) else {
                continue;
            };
            let want = palette::area_fill(&board, a.kind, holders[a.id.index()]);
            assert_eq!(pixel(&p, x, y), want, "{} ({lang:?}) at {x},{y}", a.key);
            checked.push(a.key.clone());
        }
        assert!(
            checked.len() >= 40,
            "only {} areas have a clear point: {checked:?}",
            checked.len()
        );
        for key in [
            "winterfell",
            "pyke",
            "the-shivering-sea",
            "kings-landing",
            "sunspear",
        ] {
            assert!(checked.contains(&key.to_string()), "{key} is checked");
        }
    }
}

#[test]
fn holders_colours_differ_between_land_and_sea_and_houses() {
    let board = board();
    let mut seen = Vec::new();
    for kind in [AreaKind::Land, AreaKind::Sea] {
        for h in std::iter::once(None).chain(board.house_ids().map(Some)) {
            let c = palette::area_fill(&board, kind, h);
            assert!(!seen.contains(&c), "{kind:?} {h:?} has a colour of its own");
            seen.push(c);
        }
    }
}

#[test]
fn a_moved_army_changes_the_colour_of_the_area_it_took() {
    let board = board();
    let mut state = GameState::new_game(&board);
    let from = board.area_by_key("winterfell").expect("winterfell");
    let to: AreaId = board
        .area_by_key("the-stony-shore")
        .expect("the stony shore");
    let units = state.area(from).units;
    state.area_mut(to).units = units;
    state.area_mut(to).house = state.area(from).house;
    let layout = Layout::of(&board);
    let p = render(&board, &state, Lang::Zh);
    let s = layout.spots(to).expect("drawn");
    let stark = board.house_by_key("stark").expect("stark");
    assert_eq!(
        pixel(&p, s.order.0, s.order.1),
        palette::area_fill(&board, AreaKind::Land, Some(stark))
    );
}

#[test]
fn a_crowded_military_phase_draws_its_arrows_and_battles() {
    let board = board();
    let text = maester_harness::scenario::bench::MILITARY_PHASE;
    let (state, plans) =
        maester_harness::scenario::bench::position(&board, text).expect("the bench position");
    let r = maester_rules::military::resolve(&board, &state, &plans);
    let battles = r
        .log
        .iter()
        .filter(|e| matches!(e, maester_rules::log::Event::Battle(_)))
        .count();
    assert!(battles > 0);
    for (lang, st) in [(Lang::Zh, &state), (Lang::En, &r.state)] {
        let input = MapInput {
            board: &board,
            state: st,
            log: &r.log,
            lang,
            script: maester_map::Script::Simplified,
            deadline: "",
            reported: "",
            reported_round: 0,
        };
        let svg = maester_map::svg(&input);
        // One box per battle.
        assert_eq!(svg.matches("data-battle=").count(), battles, "{lang:?}");
        let png = maester_map::png(&input).expect("renders");
        if let Some(dir) = option_env!("CARGO_TARGET_TMPDIR") {
            let _ = std::fs::write(format!("{dir}/battles-{lang:?}.png"), &png);
        }
        assert!(png.len() < 600 * 1024, "{} bytes", png.len());
    }
}
