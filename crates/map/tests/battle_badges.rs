//! A battle's badge (totals and who won) never covers an area's name: in a crowded military
//! phase every badge of the picture lies clear of every name drawn on the board.

use maester_board::{Board, Lang};
use maester_map::MapInput;

/// A box: left, top, right, bottom.
type Box4 = (f64, f64, f64, f64);

fn attr(tag: &str, name: &str) -> Option<f64> {
    let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let rest = &tag[at..];
    rest[..rest.find('"')?].parse().ok()
}

/// The battle boxes: the white rounded boxes (`rx="5"`) of the `data-battle` groups.
fn badges(svg: &str) -> Vec<Box4> {
    svg.split("<rect")
        .skip(1)
        .filter(|t| t.contains(r##"rx="5" fill="#ffffff""##))
        .filter_map(|t| {
            let (x, y) = (attr(t, "x")?, attr(t, "y")?);
            let (w, h) = (attr(t, "width")?, attr(t, "height")?);
            Some((x, y, x + w, y + h))
        })
        .collect()
}

/// The area names: centred texts with the board's light halo; a Chinese character is as wide
/// as the font is large, a Latin one about half.
fn names(svg: &str) -> Vec<(String, Box4)> {
    svg.split("<text")
        .skip(1)
        .filter(|t| t.contains(r##"stroke="#fbf8f0""##) && t.contains(r#"text-anchor="middle""#))
        .filter_map(|t| {
            let (x, y, size) = (attr(t, "x")?, attr(t, "y")?, attr(t, "font-size")?);
            let text = &t[t.find('>')? + 1..t.find("</text>")?];
            let w: f64 = text
                .chars()
                .map(|c| if c.is_ascii() { size * 0.55 } else { size })
                .sum();
            // y is the baseline: the text is centred on y - 0.36 size.
            let mid = y - size * 0.36;
            Some((
                text.to_string(),
                (x - w / 2.0, mid - size / 2.0, x + w / 2.0, mid + size / 2.0),
            ))
        })
        .collect()
}

fn overlap(a: Box4, b: Box4) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

#[test]
fn battle_badges_cover_no_area_name() {
    let board = Board::default_board().expect("the default board loads");
    let text = maester_harness::scenario::bench::MILITARY_PHASE;
    let (state, plans) =
        maester_harness::scenario::bench::position(&board, text).expect("the bench position");
    let r = maester_rules::military::resolve(&board, &state, &plans);
    for lang in [Lang::Zh, Lang::En] {
        let input = MapInput {
            board: &board,
            state: &r.state,
            log: &r.log,
            lang,
            script: maester_map::Script::Simplified,
            deadline: "",
            reported: "",
            reported_round: 0,
        };
        let svg = maester_map::svg(&input);
        let badges = badges(&svg);
        let names = names(&svg);
        assert!(!badges.is_empty() && names.len() > 40, "{lang:?}");
        for b in &badges {
            for (name, n) in &names {
                assert!(
                    !overlap(*b, *n),
                    "{lang:?}: a badge at {b:?} covers the name {name} at {n:?}"
                );
            }
        }
    }
}
