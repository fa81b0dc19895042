//! Tests of Clash of Kings (004:L1148–L1197, A-65) and wildling attacks (004:L1103–L1145,
//! A-64…A-67), each named after its rule.

use super::kit_events::{W, empty, start};
use crate::armies::muster::{MusterAction, MusterItem, MusterPlan};
use crate::event_phase;
use crate::event_phase::bidding::{self, BidError, ClashBid, TieDecisions};
use crate::event_phase::wildlings::{
    self, PenaltyChoice, PenaltyKind, WildlingError, WildlingReward,
};
use crate::model::log_events::{DisbandReason, EconomyEvent};
use crate::model::state::{LeaderStatus, Track};
use maester_board::{HouseId, UnitKind};

fn bid(t: u8, f: u8, c: u8) -> ClashBid {
    ClashBid {
        throne: t,
        fiefdoms: f,
        court: c,
    }
}

/// T-66 bids: Fiefdoms Lannister 4, Baratheon 3, Stark 3, Tyrell 2, Greyjoy 0, Martell 0, with
/// Greyjoy the new King.
fn t66(w: &W) -> Vec<(HouseId, ClashBid)> {
    vec![
        (w.h("lannister"), bid(0, 4, 0)),
        (w.h("baratheon"), bid(0, 3, 0)),
        (w.h("stark"), bid(0, 3, 0)),
        (w.h("tyrell"), bid(0, 2, 0)),
        (w.h("greyjoy"), bid(5, 0, 0)),
        (w.h("martell"), bid(1, 0, 0)),
    ]
}

#[test]
fn t66_fiefdoms_ties_are_ordered_by_the_new_king_004_l1157() {
    let w = start();
    let bids = t66(&w);
    let ties = bidding::ties(&w.s, &bids, None, &TieDecisions::default());
    let ff: Vec<_> = ties.iter().filter(|t| t.track == Track::Fiefdoms).collect();
    assert_eq!(ff.len(), 2);
    assert!(
        ff.iter().all(|t| t.decider == Some(w.h("greyjoy"))),
        "{ff:?}"
    );
    let mut d = TieDecisions::default();
    d.orders[Track::Fiefdoms as usize] = Some(w.hs(&["baratheon", "stark", "martell", "greyjoy"]));
    let (s, log) = bidding::resolve(&w.s, &bids, &d, None);
    assert_eq!(
        s.tracks[0][0],
        w.h("greyjoy"),
        "Greyjoy bid most for the throne"
    );
    assert_eq!(
        s.tracks[1],
        w.hs(&[
            "lannister",
            "baratheon",
            "stark",
            "tyrell",
            "martell",
            "greyjoy"
        ])
    );
    assert!(log.iter().any(|e| matches!(
        e,
        EconomyEvent::TieBroken {
            track: Track::Fiefdoms,
            default: false,
            ..
        }
    )));
    // Every bid is spent.
    assert_eq!(s.house(w.h("lannister")).power, 1);
    assert_eq!(s.house(w.h("greyjoy")).power, 0);
}

#[test]
fn a65_undecided_ties_keep_the_previous_relative_order() {
    let w = start();
    let (s, log) = bidding::resolve(&w.s, &t66(&w), &TieDecisions::default(), None);
    // Previous Fiefdoms: Greyjoy, Tyrell, Martell, Stark, Baratheon, Lannister.
    assert_eq!(
        s.tracks[1],
        w.hs(&[
            "lannister",
            "stark",
            "baratheon",
            "tyrell",
            "greyjoy",
            "martell"
        ])
    );
    assert!(
        log.iter()
            .any(|e| matches!(e, EconomyEvent::TieBroken { default: true, .. }))
    );
}

#[test]
fn clash_of_kings_ties_iron_throne_by_previous_king_004_l1157() {
    let w = start();
    let bids = vec![
        (w.h("stark"), bid(3, 0, 0)),
        (w.h("lannister"), bid(3, 0, 0)),
    ];
    let ties = bidding::ties(&w.s, &bids, None, &TieDecisions::default());
    let it: Vec<_> = ties
        .iter()
        .filter(|t| t.track == Track::IronThrone)
        .collect();
    assert_eq!(it[0].houses, w.hs(&["lannister", "stark"]));
    assert_eq!(it[0].decider, Some(w.h("baratheon")), "the previous King");
    let mut d = TieDecisions::default();
    d.orders[0] = Some(w.hs(&["stark", "lannister"]));
    let (s, log) = bidding::resolve(&w.s, &bids, &d, None);
    assert_eq!(&s.tracks[0][..2], &w.hs(&["stark", "lannister"])[..]);
    assert!(log.contains(&EconomyEvent::TieBroken {
        track: Track::IronThrone,
        houses: w.hs(&["lannister", "stark"]),
        by: Some(w.h("baratheon")),
        default: false
    }));
    // The new King, Stark, orders the Fiefdoms tie of the silent houses (all bid 0).
    let ff = bidding::ties(&w.s, &bids, None, &d);
    assert!(
        ff.iter()
            .filter(|t| t.track != Track::IronThrone)
            .all(|t| t.decider == Some(w.h("stark")))
    );
}

#[test]
fn a53_doran_captured_throne_lets_martell_order_the_iron_throne_ties() {
    let w = start();
    let m = w.h("martell");
    let bids = vec![
        (w.h("stark"), bid(3, 0, 0)),
        (w.h("lannister"), bid(3, 0, 0)),
    ];
    let (_, log) = bidding::resolve(&w.s, &bids, &TieDecisions::default(), Some(m));
    assert!(log.iter().any(|e| matches!(e, EconomyEvent::TieBroken { track: Track::IronThrone, by: Some(x), .. } if *x == m)));
}

#[test]
fn bids_limited_to_tokens_in_hand_silent_and_neutral_bid_zero_004_l1155_a26_a21() {
    let mut w = start();
    let s = w.h("stark");
    w.token("stark", "karhold");
    assert_eq!(
        bidding::check(&w.s, s, &bid(3, 2, 1)),
        Err(BidError::OverHand { bid: 6, hand: 5 }),
        "the token on the map cannot be bid"
    );
    assert_eq!(bidding::check(&w.s, s, &bid(3, 2, 0)), Ok(()));
    let g = w.h("greyjoy");
    w.s.house_mut(g).neutral = true;
    assert_eq!(
        bidding::check(&w.s, g, &bid(1, 0, 0)),
        Err(BidError::Neutral)
    );
    let (st, log) = bidding::resolve(
        &w.s,
        &[(g, bid(5, 0, 0)), (s, bid(9, 0, 0))],
        &TieDecisions::default(),
        None,
    );
    assert_eq!(st.house(g).power, 5, "neutral: no bid");
    assert_eq!(st.tracks[0][0], s);
    assert_eq!(
        st.house(s).power,
        0,
        "a bid over the hand is cut to it (A-64)"
    );
    assert!(log.contains(&EconomyEvent::BidReduced {
        house: s,
        from: 9,
        to: 5
    }));
    assert!(log.iter().any(|e| matches!(e, EconomyEvent::ClashBids { house, default: true, .. } if *house == w.h("tyrell"))));
}

// ----- wildlings -------------------------------------------------------------------------------

fn t19(w: &W) -> Vec<(HouseId, u8)> {
    vec![
        (w.h("baratheon"), 3),
        (w.h("lannister"), 2),
        (w.h("stark"), 2),
        (w.h("martell"), 1),
        (w.h("greyjoy"), 0),
        (w.h("tyrell"), 0),
    ]
}

#[test]
fn t19_night_watch_wins_when_bids_reach_the_strength_all_spent_reset_004_l1108_l1139() {
    let mut w = start();
    w.s.wildlings = 8;
    let (s, r, _) = wildlings::resolve_attack(&w.s, &t19(&w));
    assert!(r.watch_won);
    assert_eq!(r.total, 8);
    assert_eq!(r.highest, vec![w.h("baratheon")]);
    assert_eq!(s.wildlings, 0);
    assert_eq!(s.house(w.h("baratheon")).power, 2);
    assert_eq!(s.house(w.h("lannister")).power, 3);
}

#[test]
fn t19_wildlings_win_at_nine_and_the_king_names_the_worst_of_the_tied_lowest_004_l1126() {
    let mut w = start();
    w.s.wildlings = 9;
    let (s, r, _) = wildlings::resolve_attack(&w.s, &t19(&w));
    assert!(!r.watch_won);
    assert_eq!(s.wildlings, 0);
    assert_eq!(r.lowest, w.hs(&["greyjoy", "tyrell"]));
    let mut log = Vec::new();
    let picked = wildlings::king_pick(&s, &r.lowest, Some(w.h("greyjoy")), false, &mut log);
    assert_eq!(picked, Some(w.h("greyjoy")));
    // Silent King: the tied house lowest on the Iron Throne: Tyrell is 6th.
    let mut log = Vec::new();
    let def = wildlings::king_pick(&s, &r.lowest, None, false, &mut log);
    assert_eq!(def, Some(w.h("tyrell")));
    assert!(log.contains(&EconomyEvent::WildlingWorst {
        house: w.h("tyrell"),
        tie_by: Some(w.h("baratheon")),
        default: true
    }));
}

#[test]
fn t20_attack_at_strength_zero_the_highest_bidder_still_rewarded_king_breaks_ties_004_l1143() {
    let w = start();
    let bids = vec![(w.h("stark"), 1), (w.h("martell"), 1)];
    let (s, r, _) = wildlings::resolve_attack(&w.s, &bids);
    assert!(r.watch_won);
    assert_eq!(r.highest, w.hs(&["stark", "martell"]));
    let mut log = Vec::new();
    assert_eq!(
        wildlings::king_pick(&s, &r.highest, None, true, &mut log),
        Some(w.h("stark")),
        "higher on the throne (A-65)"
    );
    assert_eq!(
        wildlings::king_pick(&s, &r.highest, Some(w.h("martell")), true, &mut log),
        Some(w.h("martell"))
    );
    assert_eq!(
        wildlings::king_pick(&s, &r.highest, Some(w.h("tyrell")), true, &mut log),
        Some(w.h("stark")),
        "the King may only name a tied house"
    );
}

#[test]
fn a64_wildling_bid_over_the_hand_is_cut_to_what_is_left() {
    let mut w = start();
    w.power("stark", 2);
    assert!(wildlings::check_bid(&w.s, w.h("stark"), 3, Default::default()).is_err());
    let (s, r, log) = wildlings::resolve_attack(&w.s, &[(w.h("stark"), 3)]);
    assert_eq!(s.house(w.h("stark")).power, 0);
    assert!(r.bids.contains(&(w.h("stark"), 2)));
    assert!(log.contains(&EconomyEvent::BidReduced {
        house: w.h("stark"),
        from: 3,
        to: 2
    }));
}

#[test]
fn t21_penalty_disband_two_points_the_lowest_bidder_four_no_downgrading_instead_004_l1130() {
    let mut w = empty();
    w.put("stark", "winterfell", "KFF");
    w.put("lannister", "lannisport", "KFE");
    w.put("lannister", "port-of-lannisport", "S");
    w.put("lannister", "the-golden-sound", "S");
    let (st, la) = (w.h("stark"), w.h("lannister"));
    let (s, log) = wildlings::apply_penalty(&w.b, &w.s, PenaltyKind::Disband, Some(la), &[]);
    assert_eq!(
        w.codes(&s, "winterfell"),
        "K",
        "default: two footmen, cheapest first (A-66)"
    );
    // Lannister, 4 points: F and S (one point each), then a two-point unit, E before K.
    assert_eq!(w.codes(&s, "lannisport"), "K");
    assert_eq!(w.codes(&s, "port-of-lannisport"), "S");
    assert_eq!(w.codes(&s, "the-golden-sound"), "");
    assert!(log.iter().all(|e| !matches!(
        e,
        EconomyEvent::Disbanded {
            reason: DisbandReason::Wildlings,
            ..
        }
    )));
    // Stark chooses the knight (2 points): accepted; one footman only (1 point): the default.
    let (s, _) = wildlings::apply_penalty(
        &w.b,
        &w.s,
        PenaltyKind::Disband,
        Some(la),
        &[(
            st,
            PenaltyChoice::Disband(vec![(w.a("winterfell"), UnitKind::Knight)]),
        )],
    );
    assert_eq!(w.codes(&s, "winterfell"), "FF");
    let (s, _) = wildlings::apply_penalty(
        &w.b,
        &w.s,
        PenaltyKind::Disband,
        Some(la),
        &[(
            st,
            PenaltyChoice::Disband(vec![(w.a("winterfell"), UnitKind::Footman)]),
        )],
    );
    assert_eq!(w.codes(&s, "winterfell"), "K");
    assert_eq!(
        wildlings::disband_due(&w.b, &w.s, w.h("greyjoy"), true),
        0,
        "no units, nothing due"
    );
}

#[test]
fn penalty_downgrade_two_knights_the_lowest_bidder_all_and_disband_at_the_caps_004_l1131() {
    let mut w = empty();
    w.put("stark", "winterfell", "KKK");
    w.put("lannister", "lannisport", "KKK");
    w.put("tyrell", "highgarden", "KK");
    for a in [
        "the-reach",
        "searoad-marches",
        "dornish-marches",
        "oldtown",
        "three-towers",
        "the-arbor",
        "blackwater",
    ] {
        w.put("tyrell", a, "F");
    }
    w.put("tyrell", "kingswood", "AAA");
    let la = w.h("lannister");
    let choice = (
        w.h("stark"),
        PenaltyChoice::Downgrade(vec![
            (w.a("winterfell"), UnitKind::Archer),
            (w.a("winterfell"), UnitKind::Footman),
        ]),
    );
    let (s, log) = wildlings::apply_penalty(
        &w.b,
        &w.s,
        PenaltyKind::DowngradeKnights,
        Some(la),
        &[choice],
    );
    assert_eq!(w.codes(&s, "winterfell"), "AFK");
    assert_eq!(
        w.codes(&s, "lannisport"),
        "FFF",
        "the lowest bidder downgrades all"
    );
    assert_eq!(
        w.codes(&s, "highgarden"),
        "",
        "Tyrell has 7F and 3A: its knights are disbanded"
    );
    assert_eq!(
        log.iter()
            .filter(|e| matches!(
                e,
                EconomyEvent::Disbanded {
                    reason: DisbandReason::KnightCannotDowngrade,
                    ..
                }
            ))
            .count(),
        2
    );
}

#[test]
fn penalty_no_special_orders_and_the_lowest_bidders_best_rank_drops_to_last_004_l1132() {
    let mut w = start();
    w.s.round = 3;
    let la = w.h("lannister");
    // Lannister: Iron Throne 2, Fiefdoms 6, King's Court 1 → King's Court drops.
    let (s, log) =
        wildlings::apply_penalty(&w.b, &w.s, PenaltyKind::NoSpecialOrders, Some(la), &[]);
    assert_eq!(
        s.tracks[2],
        w.hs(&[
            "stark",
            "baratheon",
            "martell",
            "tyrell",
            "greyjoy",
            "lannister"
        ])
    );
    assert_eq!(s.tracks[0], w.s.tracks[0]);
    assert!(event_phase::round_modifiers(&s).no_special_orders.len() == 6);
    assert!(log.contains(&EconomyEvent::SpecialOrdersBanned { round: 3 }));
    // Best rank shared: the player chooses; silent → Iron Throne first.
    let m = w.h("martell");
    w.s.tracks[1] = w
        .hs(&[
            "greyjoy",
            "tyrell",
            "stark",
            "martell",
            "baratheon",
            "lannister",
        ])
        .into();
    assert_eq!(
        wildlings::best_tracks(&w.s, m),
        vec![Track::IronThrone, Track::Fiefdoms, Track::KingsCourt]
    );
    let (s, _) = wildlings::apply_penalty(
        &w.b,
        &w.s,
        PenaltyKind::NoSpecialOrders,
        Some(m),
        &[(m, PenaltyChoice::Track(Track::KingsCourt))],
    );
    assert_eq!(s.tracks[2].last(), Some(&m));
    assert_eq!(s.tracks[0][3], m);
    let (s, log) = wildlings::apply_penalty(&w.b, &w.s, PenaltyKind::NoSpecialOrders, Some(m), &[]);
    assert_eq!(s.tracks[0].last(), Some(&m));
    assert!(log.contains(&EconomyEvent::TrackDropped {
        house: m,
        track: Track::IronThrone,
        from: 4,
        default: true
    }));
}

#[test]
fn t16_wildling_reward_two_knights_only_within_the_cap_004_l1118() {
    let mut w = empty();
    w.put("stark", "winterfell", "KKKFF");
    let s = w.h("stark");
    let wf = w.a("winterfell");
    let ports = crate::armies::muster::ports_now(&w.b, &w.s);
    let two = WildlingReward::Knights(vec![(wf, UnitKind::Footman), (wf, UnitKind::Footman)]);
    assert_eq!(
        wildlings::check_reward(&w.b, &w.s, s, &two, &ports),
        Err(WildlingError::KnightCap(4))
    );
    let one = WildlingReward::Knights(vec![(wf, UnitKind::Footman)]);
    let (st, _) = wildlings::apply_reward(&w.b, &w.s, s, Some(&one), &ports);
    assert_eq!(w.codes(&st, "winterfell"), "FKKKK");
    let (st, log) = wildlings::apply_reward(&w.b, &w.s, s, Some(&two), &ports);
    assert_eq!(st, w.s, "an invalid choice lapses");
    assert!(log.contains(&EconomyEvent::WildlingRewardLapsed { house: s }));
}

#[test]
fn a67_wildling_reward_recall_a_resting_leader_or_muster_in_one_castle() {
    let mut w = empty();
    w.put("stark", "winterfell", "F");
    w.token("stark", "moat-cailin");
    let s = w.h("stark");
    let ports = crate::armies::muster::ports_now(&w.b, &w.s);
    w.set_status("Eddard Stark", LeaderStatus::Resting { since: 2 });
    let ned = w.l("Eddard Stark");
    let (st, _) = wildlings::apply_reward(
        &w.b,
        &w.s,
        s,
        Some(&WildlingReward::RecallLeader(ned)),
        &ports,
    );
    assert_eq!(w.status(&st, "Eddard Stark"), LeaderStatus::Available);
    let robb = w.l("Robb Stark");
    assert_eq!(
        wildlings::check_reward(&w.b, &w.s, s, &WildlingReward::RecallLeader(robb), &ports),
        Err(WildlingError::NotResting(robb))
    );
    let it = |c: &str, k| MusterItem {
        castle: w.a(c),
        action: MusterAction::Unit(k),
    };
    let two_areas = MusterPlan {
        items: vec![
            it("winterfell", UnitKind::Footman),
            it("moat-cailin", UnitKind::Footman),
        ],
    };
    assert_eq!(
        wildlings::check_reward(&w.b, &w.s, s, &WildlingReward::Muster(two_areas), &ports),
        Err(WildlingError::OneArea)
    );
    let one = MusterPlan {
        items: vec![it("winterfell", UnitKind::Knight)],
    };
    let (st, _) =
        wildlings::apply_reward(&w.b, &w.s, s, Some(&WildlingReward::Muster(one)), &ports);
    assert_eq!(w.codes(&st, "winterfell"), "FK");
}

#[test]
fn submissions_naming_unknown_areas_or_leaders_are_refused_without_panic() {
    use maester_board::{AreaId, LeaderId};
    let mut w = empty();
    w.put("stark", "winterfell", "KF");
    let s = w.h("stark");
    let bad = AreaId(60000);
    let ports = crate::armies::muster::ports_now(&w.b, &w.s);
    let r = WildlingReward::Knights(vec![(bad, UnitKind::Footman)]);
    assert_eq!(
        wildlings::check_reward(&w.b, &w.s, s, &r, &ports),
        Err(WildlingError::UnknownId)
    );
    let r = WildlingReward::RecallLeader(LeaderId(250));
    assert_eq!(
        wildlings::check_reward(&w.b, &w.s, s, &r, &ports),
        Err(WildlingError::UnknownId)
    );
    let (st, _) = wildlings::apply_reward(&w.b, &w.s, s, Some(&r), &ports);
    assert_eq!(st, w.s);
    let choice = (s, PenaltyChoice::Disband(vec![(bad, UnitKind::Knight)]));
    let (st, _) = wildlings::apply_penalty(&w.b, &w.s, PenaltyKind::Disband, Some(s), &[choice]);
    assert_eq!(
        w.codes(&st, "winterfell"),
        "",
        "default: F then K, 4 points due but only 3 held"
    );
    let choice = (s, PenaltyChoice::Downgrade(vec![(bad, UnitKind::Footman)]));
    let (st, _) =
        wildlings::apply_penalty(&w.b, &w.s, PenaltyKind::DowngradeKnights, None, &[choice]);
    assert_eq!(w.codes(&st, "winterfell"), "FF");
    let plan = crate::event_phase::economy::DisbandPlan {
        units: vec![(bad, UnitKind::Footman)],
    };
    assert_eq!(
        crate::event_phase::economy::check_disbanding(&w.b, &w.s, s, &plan),
        Err(vec![crate::event_phase::economy::SupplyError::UnknownArea])
    );
    let m = MusterPlan {
        items: vec![MusterItem {
            castle: bad,
            action: MusterAction::Unit(UnitKind::Footman),
        }],
    };
    assert_eq!(
        crate::armies::muster::check(&w.b, &w.s, s, &m, &[], &ports),
        Err(vec![crate::armies::muster::MusterError::UnknownArea])
    );
    let out = crate::armies::muster::resolve(&w.b, &w.s, &[(s, m)], &ports);
    assert_eq!(out.state, w.s);
    let bp = crate::event_phase::build::BuildPlan {
        fortify: vec![bad],
        ..Default::default()
    };
    assert_eq!(
        crate::event_phase::build::check(
            &w.b,
            &w.s,
            s,
            &bp,
            crate::event_phase::build::BuildWindow::EventPhase
        ),
        Err(vec![crate::event_phase::build::BuildError::UnknownArea])
    );
    assert_eq!(
        crate::event_phase::rewards::check(
            &w.b,
            &w.s,
            s,
            &crate::event_phase::rewards::RewardClaim::Luwin(LeaderId(250))
        ),
        Err(crate::event_phase::rewards::RewardError::UnknownLeader)
    );
}

/// The event phase takes the Kings' ties from the resolution itself: they are the ties of the
/// bids as sent (004:L1157, A-65), with or without decisions, with a bid cut to the hand.
#[test]
fn clash_resolution_reports_the_same_ties_as_before_any_power_is_spent_004_l1157() {
    let w = start();
    let mut over = t66(&w);
    over[0].1 = bid(9, 9, 9);
    let mut decided = TieDecisions::default();
    decided.orders[Track::Fiefdoms as usize] = Some(w.hs(&["stark", "baratheon"]));
    for bids in [t66(&w), over, Vec::new()] {
        for d in [TieDecisions::default(), decided.clone()] {
            for decider in [None, Some(w.h("martell"))] {
                let before = bidding::ties(&w.s, &bids, decider, &d);
                let mut s = w.s.clone();
                let (_, ties) = bidding::resolve_in(&mut s, &bids, &d, decider);
                assert_eq!(ties, before, "{bids:?} {d:?} {decider:?}");
            }
        }
    }
    let some = bidding::ties(&w.s, &t66(&w), None, &TieDecisions::default());
    assert!(!some.is_empty(), "T-66 has ties");
}
