//! Tests of a whole event phase (附录1, 004:L2389, A-26, A-63, A-64).

use super::bidding::ClashBid;
use super::build::{BuildPlan, PortBuild};
use super::event_phase::{self, EventPhaseInput, Question};
use super::events::{self, CategoryDraw, EventCard, EventSettings, RoundEvents};
use super::log_events::EconomyEvent;
use super::muster::{MusterAction, MusterItem, MusterPlan};
use super::rewards::{self, RewardClaim, RewardKind};
use super::state::Track;
use super::testkit_events::{W, start};
use super::wildlings::PenaltyKind;
use crate::board::UnitKind;

fn round_two(w: &mut W, e: [EventCard; 3], penalty: Option<PenaltyKind>) {
    events::start_game(&mut w.s, "phase", EventSettings::default());
    let d = |card| CategoryDraw {
        winter: false,
        card,
        chosen: None,
    };
    if let Some(deck) = w.s.economy.deck.as_mut() {
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
fn every_log_sentence_names_its_rule_in_both_languages() {
    use super::build::BuildError;
    use super::endgame::{GameResult, WinHow};
    use super::events::Category;
    use super::log_events::{DisbandReason, GainReason, MusterSkip, ReturnReason, SpendReason};
    use super::muster::MusterError;
    use crate::board::Lang;
    use EconomyEvent::*;
    let w = start();
    let (h, h2) = (w.h("stark"), w.h("lannister"));
    let a = w.a("winterfell");
    let l = w.l("Eddard Stark");
    let all = vec![
        EventsDrawn { round: 3 },
        WinterIsComing {
            category: Category::Military,
        },
        EventAnnounced {
            round: 2,
            category: Category::Economic,
            card: EventCard::Supply,
        },
        WildlingPenaltyAnnounced {
            penalty: PenaltyKind::Disband,
        },
        Postponed {
            category: Category::Political,
        },
        WildlingsRise {
            cause: EventCard::RainsOfAutumn,
            by: 2,
            from: 0,
            to: 2,
        },
        EventChosen {
            category: Category::Economic,
            by: Some(h),
            card: EventCard::Muster,
            default: false,
        },
        EventChosen {
            category: Category::Economic,
            by: Some(h),
            card: EventCard::Muster,
            default: true,
        },
        PowerGained {
            house: h,
            gained: 2,
            lost_to_cap: 1,
            why: GainReason::GameOfThrones,
        },
        PowerSpent {
            house: h,
            n: 1,
            why: SpendReason::ClashOfKings,
        },
        PowerSpent {
            house: h,
            n: 1,
            why: SpendReason::Wildlings,
        },
        PowerSpent {
            house: h,
            n: 1,
            why: SpendReason::Port,
        },
        PowerSpent {
            house: h,
            n: 1,
            why: SpendReason::Fortification,
        },
        PowerSpent {
            house: h,
            n: 1,
            why: SpendReason::Melisandre,
        },
        SupplyRecount {
            house: h,
            before: 3,
            after: 1,
        },
        Disbanded {
            house: h,
            area: a,
            unit: UnitKind::Footman,
            reason: DisbandReason::Supply,
        },
        Disbanded {
            house: h,
            area: a,
            unit: UnitKind::Footman,
            reason: DisbandReason::SupplyDefault,
        },
        Disbanded {
            house: h,
            area: a,
            unit: UnitKind::Footman,
            reason: DisbandReason::SupplyDefaultInvalid,
        },
        Disbanded {
            house: h,
            area: a,
            unit: UnitKind::Footman,
            reason: DisbandReason::Wildlings,
        },
        Disbanded {
            house: h,
            area: a,
            unit: UnitKind::Footman,
            reason: DisbandReason::WildlingsDefault,
        },
        Disbanded {
            house: h,
            area: a,
            unit: UnitKind::Knight,
            reason: DisbandReason::KnightCannotDowngrade,
        },
        FortificationDissolved { house: h, area: a },
        PortShipsLost {
            house: h,
            port: w.a("port-of-winterfell"),
            ships: 1,
        },
        PortDestroyed {
            port: w.a("port-of-seagard"),
        },
        ThroneIncome {
            house: h,
            crowns: 2,
            ports: 1,
        },
        Mustered {
            house: h,
            castle: a,
            area: a,
            unit: UnitKind::Footman,
        },
        Upgraded {
            house: h,
            area: a,
            from: UnitKind::Footman,
            to: UnitKind::Knight,
        },
        MusterSkipped {
            house: h,
            castle: a,
            why: MusterSkip::Points,
        },
        MusterSkipped {
            house: h,
            castle: a,
            why: MusterSkip::Rule(MusterError::Supply(a)),
        },
        BidReduced {
            house: h,
            from: 4,
            to: 2,
        },
        ClashBids {
            house: h,
            throne: 1,
            fiefdoms: 2,
            court: 0,
            default: false,
        },
        ClashBids {
            house: h,
            throne: 0,
            fiefdoms: 0,
            court: 0,
            default: true,
        },
        TieBroken {
            track: Track::IronThrone,
            houses: vec![h, h2],
            by: Some(h2),
            default: false,
        },
        TieBroken {
            track: Track::Fiefdoms,
            houses: vec![h, h2],
            by: Some(h2),
            default: true,
        },
        TrackSet {
            track: Track::KingsCourt,
            order: vec![h, h2],
        },
        WildlingBid {
            house: h,
            bid: 2,
            default: false,
        },
        WildlingBid {
            house: h,
            bid: 0,
            default: true,
        },
        WildlingOutcome {
            strength: 4,
            total: 5,
            watch_won: true,
        },
        WildlingOutcome {
            strength: 6,
            total: 5,
            watch_won: false,
        },
        WildlingsReset,
        WildlingRewardTo {
            house: h,
            tie_by: None,
            default: false,
        },
        WildlingRewardTo {
            house: h,
            tie_by: Some(h2),
            default: false,
        },
        WildlingRewardTo {
            house: h,
            tie_by: Some(h2),
            default: true,
        },
        WildlingWorst {
            house: h,
            tie_by: None,
            default: false,
        },
        WildlingWorst {
            house: h,
            tie_by: Some(h2),
            default: false,
        },
        WildlingWorst {
            house: h,
            tie_by: Some(h2),
            default: true,
        },
        WildlingRewardLapsed { house: h },
        WildlingPenalty {
            penalty: PenaltyKind::DowngradeKnights,
        },
        SpecialOrdersBanned { round: 4 },
        Downgraded {
            house: h,
            area: a,
            to: UnitKind::Archer,
        },
        TrackDropped {
            house: h,
            track: Track::Fiefdoms,
            from: 2,
            default: true,
        },
        LeaderRests {
            leader: l,
            round: 3,
        },
        LeaderReturns {
            leader: l,
            why: ReturnReason::ShortOfLeaders,
        },
        LeaderReturns {
            leader: l,
            why: ReturnReason::ShortAfterMelisandre,
        },
        LeaderReturns {
            leader: l,
            why: ReturnReason::Wildlings,
        },
        LeaderReturns {
            leader: l,
            why: ReturnReason::Luwin,
        },
        RewardLapsed {
            house: h,
            leader: l,
        },
        SentToRest {
            by: w.l("Melisandre of Asshai"),
            leader: l,
        },
        DoranSeized {
            house: h,
            from: h2,
            track: Track::IronThrone,
        },
        DoranThroneTieBreak { house: h },
        PortBuilt {
            house: h,
            port: w.a("port-of-winterfell-east"),
            sea: w.a("the-shivering-sea"),
            cost: 3,
        },
        PortDemolished {
            house: h,
            port: w.a("port-of-seagard"),
        },
        FortificationBuilt {
            house: h,
            area: a,
            paid: 2,
        },
        BuildRefused {
            house: h,
            why: BuildError::MapFull(9),
        },
        Standing {
            house: h,
            castles: 5,
            barrels: 3,
            tokens: 4,
        },
        ExtraRound {
            houses: vec![h, h2],
        },
        GameOver {
            result: GameResult::Draw {
                houses: vec![h, h2],
            },
        },
        GameOver {
            result: GameResult::Won {
                house: h,
                castles: 6,
                how: WinHow::SixCastles,
            },
        },
        GameOver {
            result: GameResult::Won {
                house: h,
                castles: 5,
                how: WinHow::Castles,
            },
        },
        GameOver {
            result: GameResult::Won {
                house: h,
                castles: 5,
                how: WinHow::Barrels,
            },
        },
        GameOver {
            result: GameResult::Won {
                house: h,
                castles: 5,
                how: WinHow::Tokens,
            },
        },
        HouseNeutral { house: h },
        PlayerSubstituted { house: h },
    ];
    for e in &all {
        let zh = e.describe(&w.b, Lang::Zh);
        let en = e.describe(&w.b, Lang::En);
        for (lang, t) in [("zh", &zh), ("en", &en)] {
            assert!(
                t.contains("004:")
                    || t.contains("A-")
                    || t.contains("附录")
                    || t.contains("Appendix"),
                "{lang} cites no rule: {t}"
            );
        }
        assert!(
            zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "not Chinese: {zh}"
        );
        assert!(
            en.is_ascii()
                || en.contains('→')
                || en.contains('≥')
                || en.contains('<')
                || en.contains('–')
                || en.contains("惊涛")
                || en.contains("河流"),
            "odd English: {en}"
        );
        assert_ne!(zh, en);
    }
}

#[test]
fn the_military_log_feeds_the_next_event_phase_rewards_a52_and_cp_income_a58() {
    use super::build::{self, BuildWindow};
    use super::economy;
    use super::testkit::fresh;
    use crate::board::OrderType;
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
