//! In the second event window a house tied for first place on the Iron Throne decides the
//! other ties only if the old King's ordering makes it King: its prompt says so once, above
//! every question it would decide, not once per question.

mod kit;

use kit::start;
use maester_board::Lang;
use maester_game as game;
use maester_rules::event_phase::events::{self, EventCard};
use maester_rules::{GameState, Step};
use maester_words::asks::what_to_send;
use maester_words::hant::to_traditional;

#[test]
fn the_if_king_heading_is_said_once() {
    let w = start();
    let b = &w.b;
    let mut s = GameState::new_game(b);
    events::start_game(b, &mut s, "mail", Default::default());
    events::fix_next_round(
        &mut s,
        2,
        [
            EventCard::Supply,
            EventCard::ClashOfKings,
            EventCard::WildlingAttack,
        ],
        None,
    );
    // Round 1 closes with nobody sending, round 2's event step too: every bid is 0, every
    // house is tied on every track.
    let s = game::close_step(b, &s, &[]).state;
    let s = game::close_step(b, &s, &[]).state;
    assert_eq!((s.round, s.step), (2, Step::EventsAnswers));
    let mut told = 0;
    for h in b.house_ids() {
        let zh = what_to_send(b, &s, h, Lang::Zh);
        let en = what_to_send(b, &s, h, Lang::En);
        for (text, head) in [
            (to_traditional(&zh), "以下問題由你裁決"),
            (zh.clone(), "以下问题由你裁决"),
            (en, "you decide the following"),
        ] {
            let n = text.matches(head).count();
            assert!(n <= 1, "said {n} times:\n{text}");
            if n == 1 {
                told += 1;
                // The questions follow the heading.
                let after = &text[text.find(head).map_or(0, |i| i + head.len())..];
                assert!(
                    after.matches('\n').count() >= 2,
                    "the questions follow it:\n{text}"
                );
            }
        }
    }
    assert!(told >= 3, "some house decides if it becomes King ({told})");
}
