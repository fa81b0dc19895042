//! 004:L1126: a house tied for the lowest wildling bid is told, beside its penalty question,
//! both dues and that a choice for either outcome of the King's tie-break is accepted.

use maester_board::{Board, HouseId, Lang};
use maester_game::{EventOrders, Submission, close_step};
use maester_rules::GameState;
use maester_rules::event_phase::events::{self, EventCard, EventSettings};
use maester_rules::event_phase::wildlings::PenaltyKind;

fn board() -> Board {
    match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    }
}

fn h(b: &Board, key: &str) -> HouseId {
    b.house_by_key(key)
        .unwrap_or_else(|| panic!("no house {key}"))
}

fn wildling(bid: u8) -> Submission {
    Submission::Events(EventOrders {
        wildling_bid: Some(bid),
        ..Default::default()
    })
}

#[test]
fn a_tied_lowest_bidder_is_told_both_dues_004_l1126() {
    let b = board();
    let mut s = GameState::new_game(&b);
    events::start_game(&b, &mut s, "test", EventSettings::default());
    let cards = [
        EventCard::Supply,
        EventCard::ClashOfKings,
        EventCard::WildlingAttack,
    ];
    events::fix_next_round(&mut s, 2, cards, Some(PenaltyKind::Disband));
    let mut s = close_step(&b, &s, &[]).state;
    s.wildlings = 12;
    let subs: Vec<(HouseId, Submission)> = ["stark", "lannister", "baratheon", "tyrell"]
        .iter()
        .map(|k| (h(&b, k), wildling(1)))
        .collect();
    let s = close_step(&b, &s, &subs).state;
    let greyjoy = h(&b, "greyjoy");
    let zh = maester_words::asks::what_to_send(&b, &s, greyjoy, Lang::Zh);
    assert!(
        zh.contains("并列出价最低") && zh.contains("裁掉价值4点") && zh.contains("否则2点"),
        "{zh}"
    );
    let en = maester_words::asks::what_to_send(&b, &s, greyjoy, Lang::En);
    assert!(
        en.contains("tied with") && en.contains("either outcome"),
        "{en}"
    );
    // A house not in the tie is told nothing of it.
    let stark = maester_words::asks::what_to_send(&b, &s, h(&b, "stark"), Lang::Zh);
    assert!(!stark.contains("并列出价最低"), "{stark}");
}
