//! The map state of a report as text: areas grouped by the house that holds them (then the
//! neutral garrisons, then the areas left empty by this step), names padded by display width
//! (a Chinese character takes two columns) so the columns line up in a fixed-width font, and
//! the areas this step changed marked with `*`; and the changes of control.

use maester_board::{AreaId, Board, HouseId, Lang, UnitKind};
use maester_rules::{AreaState, GameState};
use unicode_width::UnicodeWidthStr;

/// The mark of an area the step changed.
pub const CHANGED: &str = "*";

/// Display width of a text in a fixed-width font.
pub fn display_width(s: &str) -> usize {
    UnicodeWidthStr::width(s)
}

/// `s` padded with spaces to `width` display columns.
pub fn pad(s: &str, width: usize) -> String {
    let mut out = s.to_string();
    out.extend(std::iter::repeat_n(
        ' ',
        width.saturating_sub(display_width(s)),
    ));
    out
}

/// Whether what stands in an area differs (the order placed there does not count).
fn differs(a: &AreaState, b: &AreaState) -> bool {
    a.house != b.house
        || a.units != b.units
        || a.token != b.token
        || a.neutral != b.neutral
        || a.fortification != b.fortification
        || a.port_built != b.port_built
}

/// What stands in an area, in words: units, token, fortification, garrison, routed units.
fn contents(board: &Board, st: &AreaState, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let mut parts: Vec<String> = Vec::new();
    if !st.units.is_empty() {
        let kinds: Vec<UnitKind> = st.units.iter().map(|u| u.kind).collect();
        parts.push(super::log::units(&kinds, lang));
    }
    if st.token.is_some() {
        parts.push(if zh { "势力标志" } else { "power token" }.into());
    }
    if st.fortification.is_some() {
        parts.push(if zh { "防御工事" } else { "fortification" }.into());
    }
    if let Some(n) = st.neutral {
        parts.push(if zh {
            format!("中立守军{n}")
        } else {
            format!("neutral garrison {n}")
        });
    }
    let routed = st.units.iter().filter(|u| u.routed).count();
    if routed > 0 {
        parts.push(if zh {
            format!("(败兵{routed})")
        } else {
            format!("({routed} routed)")
        });
    }
    if let Some(sea) = st.port_built {
        let sea = board.area(sea).name(lang);
        parts.push(if zh {
            format!("(港口面向{sea})")
        } else {
            format!("(port on {sea})")
        });
    }
    if parts.is_empty() {
        return if zh { "(无人)" } else { "(empty)" }.into();
    }
    parts.join(if zh { "," } else { ", " })
}

/// Whether an area is worth a line: something stands in it.
fn occupied(st: &AreaState) -> bool {
    !st.units.is_empty()
        || st.token.is_some()
        || st.neutral.is_some()
        || st.fortification.is_some()
        || st.port_built.is_some()
}

/// One area line of the map state.
#[derive(Clone, Debug, serde::Serialize)]
pub struct MapRow {
    /// The step changed what stands there.
    pub changed: bool,
    /// Area name.
    pub name: String,
    /// What stands there, in words.
    pub contents: String,
}

/// A group of area lines: a house, the neutral garrisons, or the areas the step left empty.
#[derive(Clone, Debug, serde::Serialize)]
pub struct MapGroup {
    /// The group's title.
    pub title: String,
    /// Its areas, in board order.
    pub rows: Vec<MapRow>,
}

/// The map state in groups: each house's areas (in board order), the neutral garrisons, then
/// the areas `before` → `after` left empty. Empty groups are left out.
pub fn state_groups(
    board: &Board,
    before: Option<&GameState>,
    after: &GameState,
    lang: Lang,
) -> Vec<MapGroup> {
    let changed = |a: AreaId| before.is_some_and(|b| differs(b.area(a), after.area(a)));
    let shown: Vec<AreaId> = board
        .area_ids()
        .filter(|a| occupied(after.area(*a)) || changed(*a))
        .collect();
    let holder = |a: AreaId| -> Option<HouseId> { after.controller(board, a) };
    let mut groups: Vec<(String, Vec<AreaId>)> = Vec::new();
    for h in &board.houses {
        let areas = shown
            .iter()
            .copied()
            .filter(|a| holder(*a) == Some(h.id) && occupied(after.area(*a)))
            .collect();
        groups.push((h.name(lang).to_string(), areas));
    }
    let neutral = shown
        .iter()
        .copied()
        .filter(|a| holder(*a).is_none() && after.area(*a).neutral.is_some())
        .collect();
    groups.push((
        if lang == Lang::Zh {
            "中立"
        } else {
            "Neutral"
        }
        .into(),
        neutral,
    ));
    let listed: Vec<AreaId> = groups.iter().flat_map(|(_, v)| v.iter().copied()).collect();
    let rest = shown
        .iter()
        .copied()
        .filter(|a| !listed.contains(a))
        .collect();
    let title = if lang == Lang::Zh {
        "本步骤空出的区域"
    } else {
        "Left empty by this step"
    };
    groups.push((title.into(), rest));
    groups
        .into_iter()
        .filter(|(_, v)| !v.is_empty())
        .map(|(title, areas)| MapGroup {
            title,
            rows: areas
                .into_iter()
                .map(|a| MapRow {
                    changed: changed(a),
                    name: board.area(a).name(lang).to_string(),
                    contents: contents(board, after.area(a), lang),
                })
                .collect(),
        })
        .collect()
}

/// The map state as text lines: each group's title, then its areas, names padded to one
/// display width, changed areas marked with [`CHANGED`].
pub fn state_lines(groups: &[MapGroup]) -> Vec<String> {
    let width = groups
        .iter()
        .flat_map(|g| g.rows.iter().map(|r| display_width(&r.name)))
        .max()
        .unwrap_or(0);
    let mut out = Vec::new();
    for g in groups {
        out.push(g.title.clone());
        for r in &g.rows {
            let mark = if r.changed { CHANGED } else { " " };
            out.push(format!("  {mark} {} {}", pad(&r.name, width), r.contents));
        }
    }
    out
}

/// Every area whose holder changed in the step: `石圣堂:红狮 → 无人`.
pub fn control_changes(
    board: &Board,
    before: &GameState,
    after: &GameState,
    lang: Lang,
) -> Vec<String> {
    let nobody = if lang == Lang::Zh { "无人" } else { "nobody" };
    let name = |h: Option<HouseId>| h.map(|h| board.house(h).name(lang)).unwrap_or(nobody);
    board
        .areas
        .iter()
        .filter(|a| !a.is_port())
        .filter_map(|a| {
            let (was, now) = (
                before.controller(board, a.id),
                after.controller(board, a.id),
            );
            (was != now).then(|| match lang {
                Lang::Zh => format!("{}:{} → {}", a.name(lang), name(was), name(now)),
                Lang::En => format!("{}: {} → {}", a.name(lang), name(was), name(now)),
            })
        })
        .collect()
}
