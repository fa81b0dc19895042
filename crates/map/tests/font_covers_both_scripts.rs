//! The shipped font subset draws every character the map can draw, in both scripts: the board's
//! names, the map's own words, the panel's step, track, order and unit words, the deadline's
//! words, and whatever the pictures of a starting and of a crowded military position write,
//! each house's own picture, every leader's short name, each in Simplified and converted to
//! Traditional as the picture converts it.

use maester_board::{Board, Lang, OrderType, UnitKind};
use maester_map::{MapInput, Script};
use maester_rules::{GameState, Step, Track};
use maester_words::map_labels::{map_labels, unit_mark};
use maester_words::{Named, Spelling};
use skrifa::MetadataProvider;

fn board() -> Board {
    Board::default_board().expect("the default board loads")
}

/// Every text of an SVG document the map made (between `<text …>` and `</text>`).
fn svg_texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| {
            let body = t.split_once('>')?.1;
            Some(body.split_once("</text>")?.0.to_string())
        })
        .collect()
}

/// The words the map draws that no single picture shows all of.
fn words(board: &Board) -> Vec<String> {
    let mut w: Vec<String> = Vec::new();
    w.extend(board.areas.iter().map(|a| a.name(Lang::Zh).to_string()));
    w.extend(board.houses.iter().map(|h| h.name(Lang::Zh).to_string()));
    w.extend(map_labels(Lang::Zh).words().into_iter().map(String::from));
    w.extend(Step::ALL.iter().map(|s| s.name_zh().to_string()));
    w.extend(
        [Track::IronThrone, Track::Fiefdoms, Track::KingsCourt]
            .iter()
            .map(|t| t.name(Lang::Zh).to_string()),
    );
    w.extend(OrderType::ALL.iter().map(|o| o.name_zh().to_string()));
    w.extend(
        UnitKind::ALL
            .iter()
            .map(|k| unit_mark(*k, Lang::Zh).to_string()),
    );
    // A what-if's picture reports the tried phase under this label.
    w.push(maester_words::what_if::picture_label(Lang::Zh).to_string());
    for beijing in [true, false] {
        w.push(maester_words::deadlines::local_time_zh(
            (2026, 12, 31),
            "21:00",
            "Asia/Taipei",
            beijing,
        ));
    }
    w
}

/// The texts of the start picture and of a crowded military phase, in a script.
fn pictures(board: &Board, script: Script) -> Vec<String> {
    let start = GameState::new_game(board);
    let text = maester_harness::scenario::bench::MILITARY_PHASE;
    let (state, plans) =
        maester_harness::scenario::bench::position(board, text).expect("the bench position");
    let r = maester_rules::military::resolve(board, &state, &plans);
    let mut out = Vec::new();
    for (st, log) in [
        (&start, &[][..]),
        (&state, &r.log[..]),
        (&r.state, &r.log[..]),
    ] {
        let input = MapInput {
            board,
            state: st,
            log,
            lang: Lang::Zh,
            script,
            deadline: "2026年12月31日 21:00 (北京时间/Asia/Shanghai)",
            reported: "执行方案",
            reported_round: 0,
        };
        out.extend(svg_texts(&maester_map::svg(&input)));
        // Each house's own picture: its band and the battle boxes' leaders.
        for h in board.house_ids() {
            out.extend(svg_texts(&maester_map::house_svg(&input, h)));
        }
    }
    // Every leader's short name, as a battle box names him.
    out.extend(board.leaders.iter().map(|l| script.write(&l.short_zh)));
    out
}

/// The characters of `texts` the font has no glyph for.
fn missing(texts: &[String]) -> String {
    let font = skrifa::FontRef::new(maester_map::FONT).expect("the shipped font parses");
    let charmap = font.charmap();
    let mut gone: Vec<char> = texts
        .iter()
        .flat_map(|t| t.chars())
        .filter(|c| !c.is_whitespace() && charmap.map(*c).is_none())
        .collect();
    gone.sort_unstable();
    gone.dedup();
    gone.into_iter().collect()
}

#[test]
fn every_character_the_map_draws_has_a_glyph_in_both_scripts() {
    let board = board();
    let simplified = words(&board);
    let traditional: Vec<String> = simplified
        .iter()
        .map(|w| Script::Traditional.write(w))
        .collect();
    // The conversion did change the words (else the test would check nothing new).
    assert!(
        traditional.iter().any(|w| w.contains('臨')),
        "{traditional:?}"
    );
    assert_eq!(missing(&simplified), "", "Simplified words");
    assert_eq!(missing(&traditional), "", "Traditional words");
    let drawn_hans = pictures(&board, Script::Simplified);
    let drawn_hant = pictures(&board, Script::Traditional);
    assert!(
        drawn_hant.iter().any(|t| t.contains("臨冬城")),
        "{drawn_hant:?}"
    );
    assert!(
        !drawn_hant.iter().any(|t| t.contains("临冬城")),
        "{drawn_hant:?}"
    );
    assert_eq!(missing(&drawn_hans), "", "the Simplified pictures");
    assert_eq!(missing(&drawn_hant), "", "the Traditional pictures");
}
