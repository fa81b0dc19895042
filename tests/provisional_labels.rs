//! The event report labels what is provisional and what is final: when the second event window
//! opens, the provisional results are published while the tracks and the tokens in hand are
//! still those before the bids, so those sections say so; once every answer is in, the event
//! results are labelled final.

use maester::board::{Board, Lang};
use maester::daemon::letters::report_context;
use maester::game::{self, Submission};
use maester::rules::event_phase::events::{self, EventCard};
use maester::rules::{GameState, Step};
use maester::words::render::Templates;

fn board() -> Board {
    Board::default_board().unwrap_or_else(|e| panic!("{e}"))
}

/// Round 2's event phase with a Clash of Kings where every house bids the same: the King must
/// break the ties, so a second window opens.
fn tied_clash(b: &Board) -> (GameState, Vec<(maester::board::HouseId, Submission)>) {
    let mut s = GameState::new_game(b);
    events::start_game(b, &mut s, "mail", Default::default());
    events::fix_next_round(
        &mut s,
        2,
        [
            EventCard::Supply,
            EventCard::ClashOfKings,
            EventCard::SeaOfStorms,
        ],
        None,
    );
    let s = game::close_step(b, &s, &[]).state;
    assert_eq!((s.round, s.step), (2, Step::Events));
    let subs = b
        .house_ids()
        .filter_map(|h| {
            maester::lang::submit::parse_mail(b, &s, "出价: 1 1 1", Lang::Zh)
                .submission
                .map(|sub| (h, sub))
        })
        .collect();
    (s, subs)
}

fn render(b: &Board, before: &GameState, out: &game::StepOutcome, lang: Lang) -> String {
    let t = Templates::load(None).unwrap_or_else(|e| panic!("{e}"));
    let stark = b.house_by_key("stark").unwrap_or_else(|| panic!("stark"));
    let ctx = report_context(b, "g", Some(before), out, stark, lang, "soon");
    t.render("report", lang, &ctx)
        .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn provisional_results_label_the_tracks_and_tokens_as_before_the_bids() {
    let b = board();
    let (s, subs) = tied_clash(&b);
    let out = game::close_step(&b, &s, &subs);
    assert_eq!(out.state.step, Step::EventsAnswers, "the King is asked");
    assert!(!out.provisional.is_empty());
    let zh = render(&b, &s, &out, Lang::Zh);
    assert!(zh.contains("== 暂定结果"), "{zh}");
    assert!(
        zh.contains("== 势力排名(现行排名;暂定结果在第二轮回答后才生效) =="),
        "{zh}"
    );
    assert!(zh.contains("== 各家族(出价尚未支付) =="), "{zh}");
    assert!(!zh.contains("(最终结果)"), "{zh}");
    let en = render(&b, &s, &out, Lang::En);
    assert!(en.contains("== Houses (bids not paid yet) =="), "{en}");
    assert!(en.contains("== Tracks (as they stand;"), "{en}");
    // The answers: the results are final, the tracks and tokens are the new ones.
    let after = game::close_step(&b, &out.state, &[]);
    assert_ne!(after.state.step, Step::EventsAnswers);
    let zh = render(&b, &out.state, &after, Lang::Zh);
    assert!(zh.contains("== 事件与回合结束(最终结果) =="), "{zh}");
    assert!(
        zh.contains("== 势力排名 ==") && zh.contains("== 各家族 =="),
        "{zh}"
    );
}
