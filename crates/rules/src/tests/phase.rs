//! Tests of a whole event phase (附录1, 004:L2389, A-26, A-63, A-64).

use super::kit_events::{W, start};
use crate::armies::muster::{MusterAction, MusterItem, MusterPlan};
use crate::event_phase::bidding::ClashBid;
use crate::event_phase::build::{BuildPlan, PortBuild};
use crate::event_phase::events::{self, CategoryDraw, EventCard, EventSettings, RoundEvents};
use crate::event_phase::rewards::{self, RewardClaim, RewardKind};
use crate::event_phase::wildlings::PenaltyKind;
use crate::event_phase::{self, EventPhaseInput, Question};
use crate::model::log_events::EconomyEvent;
use crate::model::state::Track;
use maester_board::UnitKind;

fn round_two(w: &mut W, e: [EventCard; 3], penalty: Option<PenaltyKind>) {
    events::start_game(&w.b, &mut w.s, "phase", EventSettings::default());
    let d = |card| CategoryDraw {
        winter: false,
        card,
        chosen: None,
    };
    if let Some(deck) = w.s.economy.deck.as_mut().map(std::sync::Arc::make_mut) {
        deck.upcoming = vec![RoundEvents {
            round: 2,
            draws: e.map(d),
            wildling_penalty: penalty,
        }];
    }
    w.s.round = 2;
    events::begin_round(&w.b, &mut w.s).expect("begin");
}

#[test]
fn a26_an_event_phase_with_everyone_silent_takes_every_default() {
    let mut w = start();
    round_two(
        &mut w,
        [
            EventCard::Supply,
            EventCard::ClashOfKings,
            EventCard::WildlingAttack,
        ],
        Some(PenaltyKind::Disband),
    );
    w.s.wildlings = 2;
    let out = event_phase::resolve(&w.b, &w.s, &EventPhaseInput::default()).expect("phase");
    let s = &out.state;
    assert_eq!(
        s.tracks, w.s.tracks,
        "all bid 0: previous order kept (A-65)"
    );
    // Wildlings (2) beat bids of 0; the lowest bidder named by default is Tyrell (IT 6th).
    assert!(out.log.contains(&EconomyEvent::WildlingWorst {
        house: w.h("tyrell"),
        tie_by: Some(w.h("baratheon")),
        default: true
    }));
    assert_eq!(
        w.codes(s, "highgarden"),
        "",
        "Tyrell disbands 4 points: 1K1F at Highgarden"
    );
    assert_eq!(
        w.codes(s, "winterfell"),
        "K",
        "others 2 points: a footman first, from the largest army"
    );
    assert_eq!(s.wildlings, 0);
    assert!(
        events::upcoming(s, 3).is_some(),
        "next round drawn at the end of the phase"
    );
    assert_eq!(out.notices.len(), 3);
    assert!(
        out.questions
            .iter()
            .any(|q| matches!(q, Question::WildlingTie { reward: false, .. }))
    );
    assert_eq!(
        out.questions
            .iter()
            .filter(|q| matches!(q, Question::WildlingPenalty { .. }))
            .count(),
        6
    );
}

#[test]
fn a64_tokens_go_in_category_order_building_then_clash_then_wildlings() {
    let mut w = start();
    round_two(
        &mut w,
        [
            EventCard::Muster,
            EventCard::ClashOfKings,
            EventCard::WildlingAttack,
        ],
        Some(PenaltyKind::NoSpecialOrders),
    );
    let g = w.h("greyjoy");
    // Greyjoy bids 3 for the throne, then 4 against the wildlings with only 2 left.
    w.s.wildlings = 0;
    let input = EventPhaseInput {
        clash: vec![(
            g,
            ClashBid {
                throne: 3,
                fiefdoms: 0,
                court: 0,
            },
        )],
        wildling_bids: vec![(g, 4)],
        ..Default::default()
    };
    let out = event_phase::resolve(&w.b, &w.s, &input).expect("phase");
    assert_eq!(out.state.tracks[Track::IronThrone as usize][0], g);
    assert!(out.log.contains(&EconomyEvent::BidReduced {
        house: g,
        from: 4,
        to: 2
    }));
    assert_eq!(out.state.house(g).power, 0);
    assert!(out.questions.contains(&Question::WildlingReward(g)));
}

#[test]
fn building_precedes_mustering_and_new_ports_take_no_new_ships_t15() {
    let mut w = start();
    round_two(
        &mut w,
        [
            EventCard::Muster,
            EventCard::GameOfThrones { wildlings: false },
            EventCard::SeaOfStorms,
        ],
        None,
    );
    let t = w.h("tyrell");
    let input = EventPhaseInput {
        build: vec![(
            t,
            BuildPlan {
                ports: vec![PortBuild {
                    province: w.a("highgarden"),
                    sea: Some(w.a("redwyne-straights")),
                }],
                ..Default::default()
            },
        )],
        muster: vec![(
            t,
            MusterPlan {
                items: vec![
                    MusterItem {
                        castle: w.a("highgarden"),
                        action: MusterAction::Ship(vec![
                            w.a("port-of-highgarden"),
                            w.a("west-summer-sea"),
                        ]),
                    },
                    MusterItem {
                        castle: w.a("highgarden"),
                        action: MusterAction::Unit(UnitKind::Footman),
                    },
                ],
            },
        )],
        ..Default::default()
    };
    let out = event_phase::resolve(&w.b, &w.s, &input).expect("phase");
    let s = &out.state;
    assert_eq!(
        s.area(w.a("port-of-highgarden")).port_built,
        Some(w.a("redwyne-straights"))
    );
    assert_eq!(
        w.codes(s, "port-of-highgarden"),
        "",
        "built this phase: no new ship in it"
    );
    assert!(
        out.log
            .iter()
            .any(|e| matches!(e, EconomyEvent::MusterSkipped { .. }))
    );
    // Tyrell: 5 − 2 (port) + Game of Thrones (Dornish Marches crown, and now its port? empty) 1.
    assert_eq!(s.house(t).power, 4);
}

#[test]
fn a53_doran_throne_with_a_clash_lets_martell_break_the_throne_tie_in_the_phase() {
    let mut w = start();
    w.s.round = 1;
    let (m, b) = (w.h("martell"), w.h("baratheon"));
    let doran = w.l("Doran Martell");
    rewards::record_win(&mut w.s, m, doran, RewardKind::Doran, b);
    round_two(
        &mut w,
        [
            EventCard::LastDaysOfSummer,
            EventCard::ClashOfKings,
            EventCard::SeaOfStorms,
        ],
        None,
    );
    let input = EventPhaseInput {
        claims: vec![(m, RewardClaim::Doran(Track::IronThrone))],
        clash: vec![
            (
                w.h("stark"),
                ClashBid {
                    throne: 2,
                    fiefdoms: 0,
                    court: 0,
                },
            ),
            (
                w.h("lannister"),
                ClashBid {
                    throne: 2,
                    fiefdoms: 0,
                    court: 0,
                },
            ),
        ],
        ..Default::default()
    };
    let out = event_phase::resolve(&w.b, &w.s, &input).expect("phase");
    assert!(out.questions.iter().any(|q| matches!(q, Question::ClashTie(t) if t.track == Track::IronThrone && t.decider == Some(m) && t.houses.len() == 2)));
    assert!(
        out.log
            .contains(&EconomyEvent::DoranThroneTieBreak { house: m })
    );
    assert_eq!(
        out.state.tracks[0][0],
        w.h("lannister"),
        "Martell silent: previous order (A-65)"
    );
}

#[test]
fn the_military_log_feeds_the_next_event_phase_rewards_a52_and_cp_income_a58() {
    use super::kit::fresh;
    use crate::event_phase::build::{self, BuildWindow};
    use crate::event_phase::economy;
    use maester_board::OrderType;
    let mut t = fresh();
    t.put("baratheon", "kingswood", "KK");
    t.order("kingswood", OrderType::March, false);
    t.march("baratheon", "kingswood", "the-boneway");
    t.lead("baratheon", "红袍女");
    t.put("martell", "the-boneway", "F");
    t.put("baratheon", "dragonstone", "F");
    t.order("dragonstone", OrderType::Consolidate, false);
    let r = t.resolve();
    let mut s = r.state;
    economy::after_military(&t.b, &mut s, &r.log);
    let (b, m) = (t.h("baratheon"), t.h("martell"));
    let p = &s.economy.pending_rewards;
    assert_eq!(p.len(), 1);
    assert_eq!(
        (p[0].house, p[0].kind, p[0].beaten.clone()),
        (b, RewardKind::Melisandre, vec![m])
    );
    let ds = t.a("dragonstone");
    assert!(
        s.economy
            .cp_income
            .iter()
            .any(|c| c.house == b && c.area == ds && c.income == 2)
    );
    // The next round's event phase.
    s.round += 1;
    let doran = t.l("道朗");
    assert_eq!(
        rewards::check(&t.b, &s, b, &RewardClaim::Melisandre(doran)),
        Ok(())
    );
    let plan = BuildPlan {
        fortify: vec![ds],
        ..Default::default()
    };
    assert_eq!(
        build::check(&t.b, &s, b, &plan, BuildWindow::EventPhase),
        Ok(())
    );
}
