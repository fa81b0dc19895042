//! The welcome mail tells a new player who plays which house, his leaders, the order limits,
//! how an order mail looks and where the GM is.

mod kit;

use kit::start;
use maester_board::Lang;
use maester_rules::GameState;
use maester_words::welcome::sections;

#[test]
fn welcome_mail_lists_roster_leaders_order_limits_example_and_gm() {
    let w = start();
    let state = GameState::new_game(&w.b);
    let roster = vec![
        (w.h("stark"), "Arya".to_string()),
        (w.h("lannister"), "Tywin".to_string()),
    ];
    let zh = sections(
        &w.b,
        &state,
        w.h("stark"),
        &roster,
        Some("gm@x.example"),
        Lang::Zh,
    );
    assert!(zh.contains("  白狼 Arya(你)\n  红狮 Tywin\n"), "{zh}");
    assert!(
        zh.contains("  艾德 3 0/2\n"),
        "leaders with their strength: {zh}"
    );
    assert!(
        zh.contains("行军 2、防守 2、支援 2、突袭 2、巩固统治 3"),
        "{zh}"
    );
    assert!(
        zh.contains("你现在排第2名,可用3个"),
        "Stark is second at the King's Court: {zh}"
    );
    assert!(zh.contains("  临冬城 行军+1\n  白港 支援\n"), "{zh}");
    assert!(zh.contains("gm@x.example"), "{zh}");
    let en = sections(&w.b, &state, w.h("lannister"), &roster, None, Lang::En);
    assert!(en.contains("Tywin (you)"), "{en}");
    assert!(en.contains("Lannisport march+1"), "{en}");
    assert!(!en.contains("GM:"), "no GM line without an address: {en}");
}
