//! The map a player reads on his phone (issue 27), on a crowded military step — five battles,
//! an attack repulsed, routed units, a beaten force waiting for its player to choose its
//! retreat, orders not carried out — in Simplified, Traditional and English:
//! every unit of the state is on the picture (one chip per area and force, with the right
//! counts) and the panel counts the same; no chip or battle box covers an area's name; each
//! battle box names both sides, their totals and the outcome; and each house's own picture,
//! shown 400 px wide, has no text under 9 px.

mod crowded;

use crowded::{before, crowded};
use maester_board::{Board, HouseId, Lang, UnitKind};
use maester_map::board_layer::chip_text;
use maester_map::{MapInput, Script};
use maester_rules::GameState;
use maester_rules::log::Event;

/// A box: left, top, right, bottom.
type Box4 = (f64, f64, f64, f64);

fn board() -> Board {
    Board::default_board().expect("the default board loads")
}

const READINGS: [(Lang, Script); 3] = [
    (Lang::Zh, Script::Simplified),
    (Lang::Zh, Script::Traditional),
    (Lang::En, Script::Simplified),
];

fn input<'a>(
    board: &'a Board,
    state: &'a GameState,
    log: &'a [Event],
    (lang, script): (Lang, Script),
) -> MapInput<'a> {
    MapInput {
        board,
        state,
        log,
        lang,
        script,
        deadline: "2026-12-31 21:00 (Asia/Shanghai)",
        reported: if lang == Lang::Zh {
            "执行方案"
        } else {
            "Execution plans"
        },
        reported_round: 1,
    }
}

fn attr(tag: &str, name: &str) -> Option<String> {
    let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let rest = &tag[at..];
    Some(rest[..rest.find('"')?].to_string())
}

fn num(tag: &str, name: &str) -> Option<f64> {
    attr(tag, name)?.parse().ok()
}

/// Every `<g data-…>` group: its opening tag and its body.
fn groups(svg: &str) -> Vec<(String, String)> {
    svg.split("<g ")
        .skip(1)
        .filter_map(|t| {
            let (tag, rest) = t.split_once('>')?;
            let body = rest.split_once("</g>")?.0;
            Some((format!(" {tag}"), body.to_string()))
        })
        .collect()
}

/// The boxes of the rectangles of a group body.
fn rects(body: &str) -> Vec<Box4> {
    body.split("<rect")
        .skip(1)
        .filter_map(|t| {
            let (x, y) = (num(t, "x")?, num(t, "y")?);
            let (w, h) = (num(t, "width")?, num(t, "height")?);
            Some((x, y, x + w, y + h))
        })
        .collect()
}

/// The texts of a group body.
fn texts(body: &str) -> Vec<String> {
    body.split("<text")
        .skip(1)
        .filter_map(|t| Some(t.split_once('>')?.1.split_once("</text>")?.0.to_string()))
        .collect()
}

/// The area names: centred texts with the board's light halo.
fn names(svg: &str) -> Vec<(String, Box4)> {
    svg.split("<text")
        .skip(1)
        .filter(|t| t.contains(r##"stroke="#fbf8f0""##) && t.contains(r#"text-anchor="middle""#))
        .filter_map(|t| {
            let (x, y, size) = (num(t, "x")?, num(t, "y")?, num(t, "font-size")?);
            let text = &t[t.find('>')? + 1..t.find("</text>")?];
            let w: f64 = text
                .chars()
                .map(|c| if c.is_ascii() { size * 0.55 } else { size })
                .sum();
            let mid = y - size * 0.36;
            Some((
                text.to_string(),
                (x - w / 2.0, mid - size / 2.0, x + w / 2.0, mid + size / 2.0),
            ))
        })
        .collect()
}

fn overlap(a: Box4, b: Box4) -> bool {
    a.0 < b.2 - 0.5 && b.0 < a.2 - 0.5 && a.1 < b.3 - 0.5 && b.1 < a.3 - 0.5
}

#[test]
fn the_fixture_is_the_crowded_step_it_claims() {
    let board = board();
    let (state, log) = crowded(&board);
    let battles: Vec<_> = log
        .iter()
        .filter_map(|e| match e {
            Event::Battle(r) => Some(r),
            _ => None,
        })
        .collect();
    assert!(battles.len() >= 5, "{} battles", battles.len());
    assert!(
        battles.iter().any(|r| !r.attacker_won),
        "an attack repulsed"
    );
    assert!(!state.pending_retreats.is_empty(), "a retreat waits");
    assert!(
        log.iter().any(|e| matches!(e, Event::Retreated { .. })),
        "routed units retreated"
    );
    assert!(
        log.iter().any(|e| matches!(e, Event::Skipped { .. })),
        "an order was not carried out"
    );
}

#[test]
fn every_unit_of_the_state_is_on_the_picture_with_its_count() {
    let board = board();
    let (state, log) = crowded(&board);
    for reading in READINGS {
        let svg = maester_map::svg(&input(&board, &state, &log, reading));
        let gs = groups(&svg);
        let mut expected = 0;
        for a in board.area_ids() {
            let st = state.area(a);
            let key = &board.area(a).key;
            let here: Vec<&(String, String)> = gs
                .iter()
                .filter(|(tag, _)| attr(tag, "data-area").as_deref() == Some(key))
                .collect();
            let standing: Vec<_> = here
                .iter()
                .filter(|(tag, _)| tag.contains("data-house") && !tag.contains("data-waiting"))
                .collect();
            if let (Some(h), false) = (st.house, st.units.is_empty()) {
                expected += 1;
                let kinds: Vec<UnitKind> = st.units.iter().map(|u| u.kind).collect();
                assert_eq!(standing.len(), 1, "{reading:?}: one chip in {key}");
                let (tag, body) = standing[0];
                assert_eq!(
                    attr(tag, "data-house").as_deref(),
                    Some(board.house(h).key.as_str())
                );
                assert_eq!(
                    attr(tag, "data-units"),
                    Some(chip_text(&kinds, Lang::En)),
                    "{key}"
                );
                // What the reader sees says the same counts, in his language.
                let shown = texts(body).join(" ");
                let want = reading_text(&chip_text(&kinds, reading.0), reading.1);
                assert!(
                    shown.starts_with(&want),
                    "{reading:?} {key}: {shown} ≠ {want}"
                );
                let retreated_here = log.iter().any(
                    |e| matches!(e, Event::Retreated { house, to, .. } if *house == h && *to == a),
                );
                if retreated_here {
                    let routed = maester_words::map_labels::map_labels(reading.0).routed;
                    assert!(shown.contains(&reading_text(routed, reading.1)), "{shown}");
                }
            } else {
                assert!(standing.is_empty(), "{reading:?}: no units in {key}");
            }
            if let Some(n) = st.neutral {
                expected += 1;
                let g: Vec<_> = here
                    .iter()
                    .filter(|(tag, _)| tag.contains("data-neutral"))
                    .collect();
                assert_eq!(g.len(), 1, "{key}");
                assert_eq!(attr(&g[0].0, "data-neutral"), Some(n.to_string()));
            }
            let pending: Vec<_> = state
                .pending_retreats
                .iter()
                .filter(|p| p.from == a)
                .collect();
            let waiting: Vec<_> = here
                .iter()
                .filter(|(tag, _)| tag.contains(r#"data-waiting="retreat""#))
                .collect();
            assert_eq!(
                waiting.len(),
                pending.len(),
                "{reading:?}: waiting in {key}"
            );
            for (p, (tag, _)) in pending.iter().zip(&waiting) {
                expected += 1;
                assert_eq!(attr(tag, "data-units"), Some(chip_text(&p.units, Lang::En)));
            }
        }
        let drawn = gs.iter().filter(|(t, _)| t.contains("data-area")).count();
        assert_eq!(drawn, expected, "{reading:?}: no chip beyond the state's");
        assert!(expected > 30, "{expected}");
        // The panel counts every unit of a house, those waiting to retreat included.
        for h in board.house_ids() {
            let row = panel_units(&board, &state, h, reading.0);
            let row = reading_text(&row, reading.1);
            assert!(
                svg.contains(&format!(">{row}</text>")),
                "{reading:?}: {row}"
            );
        }
    }
}

fn reading_text(s: &str, script: Script) -> String {
    script.write(s)
}

fn panel_units(board: &Board, state: &GameState, h: HouseId, lang: Lang) -> String {
    let mut kinds: Vec<UnitKind> = state
        .areas
        .iter()
        .filter(|a| a.house == Some(h))
        .flat_map(|a| a.units.iter().map(|u| u.kind))
        .collect();
    kinds.extend(
        state
            .pending_retreats
            .iter()
            .filter(|p| p.house == h)
            .flat_map(|p| p.units.iter().copied()),
    );
    let _ = board;
    chip_text(&kinds, lang)
}

#[test]
fn no_chip_battle_box_or_struck_order_covers_an_area_name() {
    let board = board();
    let (state, log) = crowded(&board);
    for reading in READINGS {
        let svg = maester_map::svg(&input(&board, &state, &log, reading));
        let names = names(&svg);
        assert!(names.len() > 40);
        let mut boxes = 0;
        for (tag, body) in groups(&svg) {
            let boxed = ["data-area", "data-battle", "data-not-done", "data-order"];
            if !boxed.iter().any(|b| tag.contains(b)) {
                continue;
            }
            for b in rects(&body) {
                boxes += 1;
                for (name, n) in &names {
                    assert!(
                        !overlap(b, *n),
                        "{reading:?}: {tag} at {b:?} covers the name {name} at {n:?}"
                    );
                }
            }
        }
        assert!(boxes > 35, "{boxes}");
    }
    // The orders revealed before the step (the picture of the Raven's step): each token lies
    // clear of every name.
    let before = before(&board);
    for reading in READINGS {
        let svg = maester_map::svg(&input(&board, &before, &[], reading));
        let names = names(&svg);
        let orders: Vec<(String, String)> = groups(&svg)
            .into_iter()
            .filter(|(t, _)| t.contains("data-order"))
            .collect();
        assert!(orders.len() >= 30, "{} orders", orders.len());
        for (tag, body) in orders {
            for b in rects(&body) {
                for (name, n) in &names {
                    assert!(!overlap(b, *n), "{reading:?}: {tag} covers {name}");
                }
            }
        }
    }
}

#[test]
fn each_battle_box_names_both_sides_their_totals_and_the_outcome() {
    let board = board();
    let (state, log) = crowded(&board);
    for reading in READINGS {
        let (lang, script) = reading;
        let svg = maester_map::svg(&input(&board, &state, &log, reading));
        let boxes: Vec<(String, String)> = groups(&svg)
            .into_iter()
            .filter(|(t, _)| t.contains("data-battle"))
            .collect();
        let battles: Vec<_> = log
            .iter()
            .filter_map(|e| match e {
                Event::Battle(r) => Some(r),
                _ => None,
            })
            .collect();
        assert_eq!(boxes.len(), battles.len(), "{reading:?}");
        let labels = maester_words::map_labels::map_labels(lang);
        for r in battles {
            let key = &board.area(r.area).key;
            let (_, body) = boxes
                .iter()
                .find(|(t, _)| attr(t, "data-battle").as_deref() == Some(key))
                .expect("the battle's box");
            let shown = texts(body).join(" | ");
            let attacker = script.write(board.house(r.attacker).name(lang));
            assert!(shown.contains(&attacker), "{shown}");
            if let maester_rules::log::Defender::House(d) = r.defender {
                assert!(shown.contains(&script.write(board.house(d).name(lang))));
            }
            let totals = format!("{} : {}", r.attack_total, r.defence_total);
            assert!(shown.contains(&totals), "{shown}");
            let outcome = if r.attacker_won {
                labels.attacker_won
            } else {
                labels.defender_won
            };
            assert!(shown.contains(&script.write(outcome)), "{shown}");
            if let Some(l) = r.attacker_leader {
                let name = match lang {
                    Lang::Zh => board.leader(l).short_zh.clone(),
                    Lang::En => board.leader(l).name_en.clone(),
                };
                assert!(shown.contains(&script.write(&name)), "{shown}");
            }
            if r.casualties > 0 {
                assert!(shown.contains(&script.write(&labels.casualties(r.casualties))));
            }
        }
        // The orders not carried out are struck through on the map.
        let skipped = log
            .iter()
            .filter(|e| matches!(e, Event::Skipped { .. }))
            .count();
        let struck = svg.matches("data-not-done=").count();
        assert!(struck >= skipped && skipped > 0, "{struck} / {skipped}");
    }
}

#[test]
fn every_text_of_a_house_picture_is_9_px_high_at_400_px() {
    let board = board();
    let (state, log) = crowded(&board);
    for reading in READINGS {
        let input = input(&board, &state, &log, reading);
        for h in board.house_ids() {
            let svg = maester_map::house_svg(&input, h);
            let head = &svg[..svg.find('>').expect("a tag")];
            let width = num(head, "width").expect("a width");
            let smallest = svg
                .split("<text")
                .skip(1)
                .filter_map(|t| num(t, "font-size"))
                .fold(f64::MAX, f64::min);
            let at_400 = smallest * 400.0 / width;
            assert!(
                at_400 >= 9.0,
                "{reading:?} {}: smallest text {smallest} px on a {width}-px picture: {at_400:.1} px at 400",
                board.house(h).key
            );
            // The house's own areas are in its picture.
            let c = maester_map::theatre::theatre(&input, &maester_map::Layout::of(&board), h);
            let inside = board
                .area_ids()
                .filter(|a| state.area(*a).house == Some(h) && !state.area(*a).units.is_empty())
                .filter_map(|a| maester_map::Layout::of(&board).spots(a).map(|s| s.units))
                .filter(|p| p.0 >= c.x && p.0 <= c.x + c.w && p.1 >= c.y && p.1 <= c.y + c.h)
                .count();
            assert!(
                inside > 0,
                "{}: none of its units in {c:?}",
                board.house(h).key
            );
            let png = maester_map::paint(&input)
                .and_then(|p| p.house_png(&input, h))
                .expect("the house's picture");
            if let Some(dir) = option_env!("CARGO_TARGET_TMPDIR") {
                let tag = format!("{:?}-{:?}", reading.0, reading.1);
                let _ = std::fs::write(
                    format!("{dir}/house-{}-{tag}.png", board.house(h).key),
                    &png,
                );
            }
        }
    }
}

#[test]
fn a_report_s_two_pictures_fit_a_mail_under_1_mb() {
    let board = board();
    let (state, log) = crowded(&board);
    for reading in READINGS {
        let input = input(&board, &state, &log, reading);
        let painted = maester_map::paint(&input).expect("painted");
        let whole = painted.png().expect("the board").len();
        for h in board.house_ids() {
            let own = painted.house_png(&input, h).expect("the house's").len();
            // Base64 in the mail: 4 bytes for 3, and 100 KB left for the text and the HTML.
            let mail = (whole + own) * 4 / 3 + 100 * 1024;
            assert!(
                mail < 1024 * 1024,
                "{reading:?} {}: board {whole} + own {own} bytes",
                board.house(h).key
            );
        }
    }
}

#[test]
fn the_panel_and_the_band_name_the_step_reported_then_the_next_deadline() {
    let board = board();
    let (state, log) = crowded(&board);
    for reading in READINGS {
        let (lang, script) = reading;
        let mut input = input(&board, &state, &log, reading);
        // The step reported belongs to the round it was played in, not the one now open.
        input.reported_round = 3;
        let labels = maester_words::map_labels::map_labels(lang);
        let title = script.write(&format!(
            "{} · {}",
            labels.round(3),
            labels.results(input.reported)
        ));
        let deadline = script.write(&format!("{} (", labels.deadline));
        for svg in [
            maester_map::svg(&input),
            maester_map::house_svg(&input, HouseId(0)),
        ] {
            let t = svg.find(&format!(">{title}</text>"));
            let d = svg.find(&deadline);
            assert!(t.is_some() && d.is_some(), "{reading:?}: {title}");
            assert!(t < d, "{reading:?}: the step reported, then the deadline");
        }
        let own = maester_map::house_svg(&input, HouseId(0));
        let name = script.write(board.house(HouseId(0)).name(lang));
        assert!(
            own.contains(&format!("{}: {name}", script.write(labels.your_house))),
            "{reading:?}: the reader's house named in his picture"
        );
    }
}
