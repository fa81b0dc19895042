//! Event-phase, Raven and retreat lines read for their step (the daemon's adapter, as
//! `maester check` shows it): accepted lines echo canonically, refused ones name their line.

use maester::board::{Board, Lang};
use maester::game::{self, Submission};
use maester::rules::event_phase::events::{self, EventCard};
use maester::rules::event_phase::wildlings::PenaltyKind;
use maester::rules::{GameState, Step};
use maester::words::check::check;

fn board() -> Board {
    Board::default_board().unwrap_or_else(|e| panic!("{e}"))
}

/// Round 2's event phase open with the given events.
fn round_two(b: &Board, cards: [EventCard; 3]) -> GameState {
    round_two_with(b, cards, None)
}

fn round_two_with(b: &Board, cards: [EventCard; 3], penalty: Option<PenaltyKind>) -> GameState {
    let mut s = GameState::new_game(b);
    events::start_game(b, &mut s, "mail", Default::default());
    events::fix_next_round(&mut s, 2, cards, penalty);
    let s = game::close_step(b, &s, &[]).state;
    assert_eq!((s.round, s.step), (2, Step::Events));
    s
}

#[test]
fn bids_and_muster_are_read_in_the_event_step_and_a_bid_over_the_hand_names_its_line() {
    let b = board();
    let s = round_two(
        &b,
        [
            EventCard::Muster,
            EventCard::ClashOfKings,
            EventCard::SeaOfStorms,
        ],
    );
    let ok = check(
        &b,
        s.clone(),
        "stark",
        None,
        "出价: 3 1 1\n征兵: 临冬城 1F",
        Lang::Zh,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(ok.valid, "{:?}", ok.errors);
    assert_eq!(ok.echo.len(), 2);
    let bad = check(
        &b,
        s.clone(),
        "stark",
        None,
        "征兵: 临冬城 1F\n出价: 9 0 0",
        Lang::Zh,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(!bad.valid);
    assert_eq!(bad.errors.len(), 1, "{:?}", bad.errors);
    assert_eq!(bad.errors[0].line, 2, "the bid's line");
    let en = check(
        &b,
        s.clone(),
        "baratheon",
        None,
        "bid: 1 1 1\nwildlings: 1",
        Lang::En,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(!en.valid, "no wildling attack this round");
    assert_eq!(en.errors[0].line, 2);
    let wrong =
        check(&b, s, "stark", None, "临冬城 行军", Lang::Zh).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        !wrong.valid,
        "orders belong to placement, not the event phase"
    );
}

#[test]
fn the_raven_line_changes_one_order_and_only_in_the_raven_step() {
    let b = board();
    let mut s = GameState::new_game(&b);
    let lannister = b
        .house_by_key("lannister")
        .unwrap_or_else(|| panic!("lannister"));
    let parsed = maester::lang::submit::parse_mail(&b, &s, "兰尼斯港 行军", Lang::Zh);
    let Some(sub) = parsed.submission else {
        panic!("{:?}", parsed.errors)
    };
    s = game::close_step(&b, &s, &[(lannister, sub)]).state;
    assert_eq!(s.step, Step::Raven);
    let parsed = maester::lang::submit::parse_mail(&b, &s, "信鸦: 兰尼斯港 防守", Lang::Zh);
    assert!(
        matches!(parsed.submission, Some(Submission::Raven(_))),
        "{:?}",
        parsed.errors
    );
    assert_eq!(parsed.echo, ["信鸦: 兰尼斯港 防守"]);
    let en = maester::lang::submit::parse_mail(&b, &s, "raven: Lannisport defence", Lang::En);
    assert!(
        matches!(en.submission, Some(Submission::Raven(_))),
        "{:?}",
        en.errors
    );
    let other = check(
        &b,
        s.clone(),
        "stark",
        Some("raven"),
        "信鸦: 临冬城 防守",
        Lang::Zh,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(!other.valid, "only the Raven holder");
    let mixed = check(
        &b,
        s,
        "lannister",
        None,
        "信鸦: 兰尼斯港 防守\n1) 兰尼斯港军团 移动到 滨海大道",
        Lang::Zh,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(!mixed.valid, "the change is sent on its own");
    assert!(
        mixed
            .errors
            .iter()
            .any(|e| e.line == 1 && e.message.contains("单独")),
        "{:?}",
        mixed.errors
    );
}

#[test]
fn knights_downgraded_by_the_wildling_penalty_are_named_in_the_second_window_004_l1131() {
    let b = board();
    let mut s = round_two_with(
        &b,
        [
            EventCard::Supply,
            EventCard::GameOfThrones { wildlings: false },
            EventCard::WildlingAttack,
        ],
        Some(PenaltyKind::DowngradeKnights),
    );
    s.wildlings = 8;
    // Nobody bids: the wildlings win, and every house with knights is asked which go.
    let s = game::close_step(&b, &s, &[]).state;
    assert_eq!(s.step, Step::EventsAnswers);
    let stark = b.house_by_key("stark").unwrap_or_else(|| panic!("stark"));
    assert!(game::expected(&b, &s).contains(&stark));
    let ok = check(
        &b,
        s.clone(),
        "stark",
        None,
        "降级: 临冬城 1K 为 弓箭手",
        Lang::Zh,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(ok.valid, "{:?}", ok.errors);
    assert_eq!(ok.echo, ["降级: 临冬城 1K 为 弓箭手"]);
    let bad = check(
        &b,
        s.clone(),
        "stark",
        None,
        "降级: 临冬城 1K 为 骑士",
        Lang::Zh,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(!bad.valid, "knights become footmen or archers");
    let track =
        check(&b, s, "stark", None, "降级领域: 铁王座", Lang::Zh).unwrap_or_else(|e| panic!("{e}"));
    assert!(!track.valid, "this penalty drops no track");
}

#[test]
fn a_port_is_built_with_the_orders_in_the_placement_step_004_l1712() {
    let b = board();
    let s = GameState::new_game(&b);
    let text = "高庭 防守\n建造港口: 高庭 雷温德海峡";
    let ok = check(&b, s.clone(), "tyrell", None, text, Lang::Zh).unwrap_or_else(|e| panic!("{e}"));
    assert!(ok.valid, "{:?}", ok.errors);
    let parsed = maester::lang::submit::parse_mail(&b, &s, text, Lang::Zh);
    let Some(sub) = parsed.submission else {
        panic!("{:?}", parsed.errors)
    };
    let tyrell = b.house_by_key("tyrell").unwrap_or_else(|| panic!("tyrell"));
    let out = game::close_step(&b, &s, &[(tyrell, sub)]);
    let port = b
        .area_by_key("port-of-highgarden")
        .unwrap_or_else(|| panic!("port"));
    assert!(
        out.state.port_exists(&b, port),
        "ready at the end of placement"
    );
    assert_eq!(
        out.state.house(tyrell).power,
        3,
        "2 tokens for a first port (004:L1036)"
    );
    assert!(!out.economy.is_empty(), "the building is in the report");
    let poor = check(
        &b,
        s,
        "tyrell",
        None,
        "高庭 防守\n建造港口: 临冬城",
        Lang::Zh,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(!poor.valid);
    assert_eq!(poor.errors[0].line, 2, "the port's line");
}
