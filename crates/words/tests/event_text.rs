//! The event phase's notices and previews in words (the rules' tests check the data).

mod kit;

use kit::start;
use maester_board::Lang;
use maester_rules::GameState;
use maester_rules::event_phase::events::{self, Category, EventSettings};
use maester_rules::event_phase::{AdvanceNotice, Foresight};
use maester_words::event_text::{NoticeText, preview_lines};

#[test]
fn a_notice_of_winter_is_coming_says_so_004_l2448() {
    let w = start();
    let n = AdvanceNotice {
        house: w.h("greyjoy"),
        round: 3,
        category: Category::Political,
        what: Foresight::WinterIsComing,
    };
    assert!(n.describe(Lang::Zh).contains("凛冬将至"));
}

#[test]
fn t50_preview_lines_name_each_category_of_the_drawn_rounds_004_l2632() {
    let w = start();
    let mut s = GameState::new_game(&w.b);
    let settings = EventSettings {
        preview: true,
        ..Default::default()
    };
    events::start_game(&w.b, &mut s, "preview-words", settings);
    let lines = preview_lines(&s, &[2, 3, 4], Lang::Zh);
    assert_eq!(lines.len(), 3);
    assert!(lines[0].starts_with("预告事件:第2回合"), "{lines:?}");
    assert!(
        lines
            .iter()
            .all(|l| l.contains("经济事件") && l.contains("军事事件"))
    );
    let mut off = GameState::new_game(&w.b);
    events::start_game(&w.b, &mut off, "preview-words", EventSettings::default());
    assert!(preview_lines(&off, &[2], Lang::Zh).is_empty());
}
