//! A battle's box is never cut at the edge of a picture (issue 40): for a battle in every area
//! near an edge of the board, from each of its neighbours, every house's own picture (its
//! theatre) shows each battle box it shows at all whole — the box's rectangle lies inside the
//! picture's viewBox, below the band — and in the whole board the box lies inside the map.
//! A geometry check on the SVG, not on pixels.

use maester_board::{AreaId, Board, HouseId, Lang};
use maester_map::layout::{Layout, MAP_H, MAP_W};
use maester_map::theatre::{self, BAND_H};
use maester_map::{MapInput, Script};
use maester_rules::GameState;
use maester_rules::log::{BattleReport, Defender, Event};

/// A box: left, top, right, bottom.
type Box4 = (f64, f64, f64, f64);

/// How near an edge of the map an area's units must stand to be tried.
const NEAR: f64 = 160.0;

fn attr(tag: &str, name: &str) -> Option<f64> {
    let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let rest = &tag[at..];
    rest[..rest.find('"')?].parse().ok()
}

/// The battle boxes: the rectangle of each `data-battle` group, and whether it is a box
/// redrawn inside a house's picture (`data-moved`).
fn boxes(svg: &str) -> Vec<(Box4, bool)> {
    svg.split("<g data-battle")
        .skip(1)
        .filter_map(|g| {
            let (tag, rest) = g.split_once('>')?;
            let t = rest.split("<rect").nth(1)?;
            let (x, y) = (attr(t, "x")?, attr(t, "y")?);
            let (w, h) = (attr(t, "width")?, attr(t, "height")?);
            Some(((x, y, x + w, y + h), tag.contains("data-moved")))
        })
        .collect()
}

/// The part of `a` inside `b`.
fn clip(a: Box4, b: Box4) -> Box4 {
    (a.0.max(b.0), a.1.max(b.1), a.2.min(b.2), a.3.min(b.3))
}

/// The document's viewBox: left, top, right, bottom.
fn view_box(svg: &str) -> Box4 {
    let at = svg.find("viewBox=\"").expect("a viewBox") + 9;
    let v: Vec<f64> = svg[at..at + svg[at..].find('"').expect("closed")]
        .split(' ')
        .map(|n| n.parse().expect("a number"))
        .collect();
    (v[0], v[1], v[0] + v[2], v[1] + v[3])
}

fn overlap(a: Box4, b: Box4) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

fn inside(a: Box4, b: Box4) -> bool {
    a.0 >= b.0 - 0.01 && a.1 >= b.1 - 0.01 && a.2 <= b.2 + 0.01 && a.3 <= b.3 + 0.01
}

fn battle(area: AreaId, from: AreaId, attacker: HouseId, defender: Defender) -> Event {
    Event::Battle(BattleReport {
        area,
        attacker,
        from,
        defender,
        attack: Vec::new(),
        defence: Vec::new(),
        attack_total: 12,
        defence_total: 9,
        attacker_won: true,
        tie: None,
        attacker_leader: None,
        defender_leader: None,
        casualties: 2,
    })
}

#[test]
fn battle_boxes_lie_inside_every_picture() {
    let board = Board::default_board().expect("the default board loads");
    let layout = Layout::of(&board);
    let state = GameState::new_game(&board);
    let houses: Vec<HouseId> = board.houses.iter().map(|h| h.id).collect();
    let map = (0.0, 0.0, MAP_W, MAP_H);
    let near_edge: Vec<AreaId> = board
        .area_ids()
        .filter(|a| {
            layout.spots(*a).is_some_and(|s| {
                let (x, y) = s.units;
                x < NEAR || y < NEAR || MAP_W - x < NEAR || MAP_H - y < NEAR
            })
        })
        .collect();
    assert!(
        near_edge.len() > 10,
        "{} areas near an edge",
        near_edge.len()
    );
    let (mut pictures, mut shown, mut redrawn, mut cut) = (0, 0, 0, Vec::new());
    for &area in &near_edge {
        for &from in &board.area(area).adjacent {
            // The attacker and the defender change with the area so that every house attacks
            // and defends somewhere.
            let k = area.index() + from.index();
            let attacker = houses[k % houses.len()];
            let defender = houses[(k + 1) % houses.len()];
            let log = [battle(area, from, attacker, Defender::House(defender))];
            for lang in [Lang::Zh, Lang::En] {
                let input = MapInput {
                    board: &board,
                    state: &state,
                    log: &log,
                    lang,
                    script: Script::Simplified,
                    deadline: "",
                    reported: "",
                    reported_round: 1,
                };
                let whole = maester_map::svg_with(&input, &layout);
                for (b, moved) in boxes(&whole) {
                    assert!(!moved, "the whole board moves no box");
                    assert!(inside(b, map), "{area:?} from {from:?}: {b:?} off the map");
                }
                for &h in &houses {
                    let svg = theatre::house_svg(&input, &layout, h);
                    let v = view_box(&svg);
                    // The band covers the top of the viewBox.
                    let seen = (v.0, v.1 + BAND_H, v.2, v.3);
                    pictures += 1;
                    let all = boxes(&svg);
                    let moved: Vec<Box4> = all.iter().filter(|b| b.1).map(|b| b.0).collect();
                    redrawn += moved.len();
                    for m in &moved {
                        assert!(inside(*m, seen), "a box redrawn at {m:?} outside {seen:?}");
                    }
                    for &(b, _) in all.iter().filter(|b| overlap(b.0, seen)) {
                        shown += 1;
                        // A box the edge cuts is drawn again whole inside, over its cut part
                        // (its stroke, 1.25 px either side of the rectangle, with it; the SVG
                        // writes a tenth of a pixel).
                        let grown = (b.0 - 1.25, b.1 - 1.25, b.2 + 1.25, b.3 + 1.25);
                        let covered = moved.iter().any(|m| {
                            let m = (m.0 - 1.31, m.1 - 1.31, m.2 + 1.31, m.3 + 1.31);
                            inside(clip(grown, seen), m)
                        });
                        if !inside(b, seen) && !covered {
                            cut.push(format!(
                                "{:?} {lang:?}: battle in {} from {}: box {b:?}, picture {seen:?}, redrawn {moved:?}",
                                board.house(h).key,
                                board.area(area).key,
                                board.area(from).key
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(
        shown > pictures / 4,
        "{shown} boxes shown in {pictures} pictures"
    );
    println!("{shown} boxes shown in {pictures} pictures, {redrawn} drawn again inside");
    assert!(
        cut.is_empty(),
        "{} of {shown} boxes cut:\n{}",
        cut.len(),
        cut.join("\n")
    );
}
