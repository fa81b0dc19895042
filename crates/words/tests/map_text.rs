//! The report's map state: grouped by house, then neutral, then the areas the step left empty;
//! columns aligned by display width (a Chinese character takes two columns); changed areas
//! marked; the changes of control listed.

mod kit;

use kit::start;
use maester_board::Lang;
use maester_rules::GameState;
use maester_words::map_text::{control_changes, display_width, state_groups, state_lines};

/// The display column where the contents start on an area line (after the padded name).
fn contents_column(line: &str, name: &str) -> usize {
    let at = line
        .find(name)
        .unwrap_or_else(|| panic!("{name} in {line:?}"));
    let after = &line[at + name.len()..];
    let spaces = after.len() - after.trim_start().len();
    display_width(&line[..at]) + display_width(name) + spaces
}

#[test]
fn map_state_is_aligned_by_display_width_in_both_languages() {
    let w = start();
    let state = GameState::new_game(&w.b);
    for lang in [Lang::Zh, Lang::En] {
        let lines = state_lines(&state_groups(&w.b, None, &state, lang));
        let mut columns = Vec::new();
        for a in &w.b.areas {
            let name = a.name(lang);
            if let Some(l) = lines
                .iter()
                .find(|l| l.starts_with("    ") && l.contains(&format!(" {name} ")))
            {
                columns.push((name, contents_column(l, name)));
            }
        }
        assert!(columns.len() >= 15, "{lines:#?}");
        let first = columns[0].1;
        assert!(
            columns.iter().all(|(_, c)| *c == first),
            "{lang:?}: contents start at different columns: {columns:?}"
        );
    }
    assert_eq!(display_width("临冬城"), 6);
    assert_eq!(display_width("Winterfell"), 10);
}

#[test]
fn map_state_is_grouped_by_house_then_neutral() {
    let w = start();
    let state = GameState::new_game(&w.b);
    let lines = state_lines(&state_groups(&w.b, None, &state, Lang::Zh));
    let at = |s: &str| {
        lines
            .iter()
            .position(|l| l == s)
            .unwrap_or_else(|| panic!("{s}: {lines:#?}"))
    };
    let (stark, greyjoy, neutral) = (at("白狼"), at("海怪"), at("中立"));
    assert!(stark < greyjoy && greyjoy < neutral);
    let winterfell = lines.iter().position(|l| l.contains("临冬城")).unwrap_or(0);
    assert!(stark < winterfell && winterfell < greyjoy, "{lines:#?}");
    let kings_landing = lines.iter().position(|l| l.contains("君临")).unwrap_or(0);
    assert!(kings_landing > neutral, "{lines:#?}");
}

#[test]
fn changed_areas_are_marked_and_an_area_left_empty_is_listed() {
    let w = start();
    let before = GameState::new_game(&w.b);
    let mut after = before.clone();
    let (from, to) = (w.a("white-harbor"), w.a("widows-watch"));
    after.area_mut(to).units = after.area(from).units;
    after.area_mut(to).house = after.area(from).house;
    after.area_mut(from).units = Default::default();
    after.area_mut(from).house = None;
    let lines = state_lines(&state_groups(&w.b, Some(&before), &after, Lang::Zh));
    let line = |name: &str| {
        lines
            .iter()
            .find(|l| l.contains(name))
            .cloned()
            .unwrap_or_default()
    };
    assert!(line("寡妇角").starts_with("  * "), "{lines:#?}");
    assert!(line("临冬城").starts_with("    "), "unchanged: {lines:#?}");
    let emptied = lines
        .iter()
        .position(|l| l == "本步骤空出的区域")
        .unwrap_or(usize::MAX);
    let white_harbor = lines.iter().position(|l| l.contains("白港")).unwrap_or(0);
    assert!(white_harbor > emptied, "{lines:#?}");
    assert!(line("白港").contains("(无人)"), "{lines:#?}");
    let changes = control_changes(&w.b, &before, &after, Lang::Zh);
    assert_eq!(
        changes,
        vec![
            "白港:白狼 → 无人".to_string(),
            "寡妇角:无人 → 白狼".to_string()
        ]
    );
}
