//! Tests of the end of the game (004:L255–L266, A-74, A-75) and of a player leaving (004:L492,
//! A-21), each named after its rule.

use super::kit_events::{W, empty};
use crate::event_phase::rewards::{self, RewardKind};
use crate::model::log_events::EconomyEvent;
use crate::model::state::Step;
use crate::round::endgame::{self, GameResult, Leaving, RoundEnd, WinHow};
use maester_board::{Order, OrderType};

/// Stark and Lannister with 5 castles each, the others fewer; round 10.
fn t54() -> W {
    let mut w = empty();
    let eyrie = w.a("the-eyrie");
    w.s.area_mut(eyrie).neutral = None;
    for a in [
        "winterfell",
        "white-harbor",
        "moat-cailin",
        "the-eyrie",
        "flints-finger",
    ] {
        w.put("stark", a, "F");
    }
    for a in [
        "lannisport",
        "riverrun",
        "harrenhal",
        "seagard",
        "crackclaw-point",
    ] {
        w.put("lannister", a, "F");
    }
    for h in ["stark", "lannister"] {
        w.barrels(h, 3);
        w.power(h, 4);
    }
    w.s.round = 10;
    w
}

#[test]
fn solo_victory_at_six_castles_at_any_moment_004_l266() {
    let mut w = t54();
    assert_eq!(endgame::check_solo(&w.b, &w.s).1, None);
    w.put("stark", "the-reach", "F");
    w.s.round = 4;
    let (s, r, log) = endgame::check_solo(&w.b, &w.s);
    let stark = w.h("stark");
    assert_eq!(
        r,
        Some(GameResult::Won {
            house: stark,
            castles: 6,
            how: WinHow::SixCastles
        })
    );
    assert_eq!(s.winner, Some(stark));
    assert_eq!(s.step, Step::Finished);
    assert!(matches!(
        log[0],
        crate::log_events::EconomyEvent::GameOver {
            result: GameResult::Won {
                how: WinHow::SixCastles,
                ..
            }
        }
    ));
}

#[test]
fn most_castles_win_after_round_ten_and_not_before_004_l257() {
    let mut w = t54();
    let a = w.a("crackclaw-point");
    w.s.area_mut(a).units.clear();
    w.s.area_mut(a).house = None;
    w.barrels("lannister", 6);
    w.s.round = 9;
    let (s, r, _) = endgame::end_of_round(&w.b, &w.s);
    assert_eq!(r, RoundEnd::Continue);
    assert_eq!(s.step, w.s.step);
    w.s.round = 10;
    let (s, r, _) = endgame::end_of_round(&w.b, &w.s);
    let stark = w.h("stark");
    assert_eq!(
        r,
        RoundEnd::Over(GameResult::Won {
            house: stark,
            castles: 5,
            how: WinHow::Castles
        })
    );
    assert_eq!(s.winner, Some(stark));
}

#[test]
fn t54_tie_on_castles_goes_to_effective_barrels_then_tokens_in_hand_004_l258_l259() {
    let mut w = t54();
    w.barrels("lannister", 4);
    let (_, r, _) = endgame::end_of_round(&w.b, &w.s);
    assert_eq!(
        r,
        RoundEnd::Over(GameResult::Won {
            house: w.h("lannister"),
            castles: 5,
            how: WinHow::Barrels
        })
    );
    w.barrels("lannister", 3);
    w.power("stark", 6);
    w.token("lannister", "blackwater");
    w.token("lannister", "the-boneway");
    w.token("lannister", "kingswood");
    let (_, r, log) = endgame::end_of_round(&w.b, &w.s);
    assert_eq!(
        r,
        RoundEnd::Over(GameResult::Won {
            house: w.h("stark"),
            castles: 5,
            how: WinHow::Tokens
        }),
        "tokens on the map do not count"
    );
    assert!(
        log.iter()
            .any(|e| matches!(e, EconomyEvent::Standing { .. }))
    );
}

#[test]
fn t54_still_tied_one_extra_round_then_a_draw_a75() {
    let w = t54();
    let (s, r, log) = endgame::end_of_round(&w.b, &w.s);
    let both = w.hs(&["lannister", "stark"]);
    assert_eq!(r, RoundEnd::ExtraRound(both.clone()));
    assert!(s.economy.extra_round);
    assert_ne!(s.step, Step::Finished);
    assert!(log.contains(&EconomyEvent::ExtraRound {
        houses: both.clone()
    }));
    // Round 11 still tied on the whole chain → draw.
    let mut s = s;
    s.round = 11;
    let (s2, r, _) = endgame::end_of_round(&w.b, &s);
    assert_eq!(r, RoundEnd::Over(GameResult::Draw { houses: both }));
    assert_eq!(s2.step, Step::Finished);
    assert_eq!(s2.winner, None);
    // Round 11 decided: the chain applies to all players again.
    s.house_mut(w.h("stark")).power = 9;
    let (_, r, _) = endgame::end_of_round(&w.b, &s);
    assert_eq!(
        r,
        RoundEnd::Over(GameResult::Won {
            house: w.h("stark"),
            castles: 5,
            how: WinHow::Tokens
        })
    );
}

#[test]
fn a21_a_leaving_player_turns_the_house_neutral_or_is_replaced_004_l492() {
    let mut w = t54();
    let st = w.h("stark");
    let wf = w.a("winterfell");
    w.s.area_mut(wf).order = Some(Order {
        kind: OrderType::Defence,
        special: false,
    });
    let (luwin, la) = (w.l("Maester Luwin"), w.h("lannister"));
    rewards::record_win(&mut w.s, st, luwin, RewardKind::Luwin, la);
    let (same, log) = endgame::player_leaves(&w.s, st, Leaving::Substitute);
    assert_eq!(same, w.s);
    assert_eq!(log, vec![EconomyEvent::PlayerSubstituted { house: st }]);
    let (s, _) = endgame::player_leaves(&w.s, st, Leaving::Neutral);
    assert!(s.house(st).neutral);
    assert_eq!(w.codes(&s, "winterfell"), "F", "units stay where they are");
    assert_eq!(s.area(wf).order, None, "no more orders");
    assert!(s.economy.pending_rewards.is_empty());
    // A neutral house can no longer win: Lannister wins the tie.
    let (_, r, _) = endgame::end_of_round(&w.b, &s);
    assert_eq!(
        r,
        RoundEnd::Over(GameResult::Won {
            house: w.h("lannister"),
            castles: 5,
            how: WinHow::Castles
        })
    );
}
