//! Tests of leaders' rest (004:L2118–L2127, A-51) and the deferred victory rewards (004:L2460–
//! L2465, A-52, A-53), each named after its rule.

use super::kit_events::{W, start};
use crate::event_phase::rewards::{self, RewardClaim, RewardError, RewardKind};
use crate::model::log_events::{EconomyEvent, ReturnReason};
use crate::model::state::{LeaderStatus, Track};
use crate::round::rest;

const STARK: [&str; 7] = [
    "Eddard Stark",
    "Robb Stark",
    "Greatjon Umber",
    "Rodrik Cassel",
    "Maege Mormont",
    "Catelyn Stark",
    "Maester Luwin",
];

fn stark_leader(w: &W, i: usize) -> maester_board::LeaderId {
    let s = w.h("stark");
    w.s.house(s).leaders[i].0
}

#[test]
fn t69_rest_and_recall_below_three_available_a51() {
    let mut w = start();
    let names: Vec<String> = (0..7)
        .map(|i| w.b.leader(stark_leader(&w, i)).name_en.clone())
        .collect();
    assert_eq!(
        names,
        STARK.map(String::from).to_vec(),
        "board order of Stark's leaders"
    );
    let s = w.h("stark");
    let l = |w: &W, n: &str| w.l(n);
    // Round 1: Eddard and Robb fight → rest; 5 available, nobody returns.
    w.s.round = 1;
    let fought = [l(&w, "Eddard Stark"), l(&w, "Robb Stark")];
    let (s1, log) = rest::end_of_round(&w.b, &w.s, &fought);
    assert_eq!(rest::available(&s1, s), 5);
    assert_eq!(
        log.iter()
            .filter(|e| matches!(e, EconomyEvent::LeaderRests { .. }))
            .count(),
        2
    );
    // Round 2: Greatjon, Rodrik, Maege fight → 2 available → Eddard and Robb return.
    let mut s1 = s1;
    s1.round = 2;
    let fought = [
        l(&w, "Greatjon Umber"),
        l(&w, "Rodrik Cassel"),
        l(&w, "Maege Mormont"),
    ];
    let (s2, log) = rest::end_of_round(&w.b, &s1, &fought);
    assert_eq!(rest::available(&s2, s), 4);
    assert_eq!(w.status(&s2, "Eddard Stark"), LeaderStatus::Available);
    assert_eq!(
        w.status(&s2, "Greatjon Umber"),
        LeaderStatus::Resting { since: 2 }
    );
    assert!(log.contains(&EconomyEvent::LeaderReturns {
        leader: l(&w, "Robb Stark"),
        why: ReturnReason::ShortOfLeaders
    }));
    // Round 3: nobody fights; 4 available → no recall.
    let mut s2 = s2;
    s2.round = 3;
    let (s3, _) = rest::end_of_round(&w.b, &s2, &[]);
    assert_eq!(rest::available(&s3, s), 4);
    assert_eq!(
        w.status(&s3, "Maege Mormont"),
        LeaderStatus::Resting { since: 2 }
    );
}

#[test]
fn leaders_used_this_round_never_return_at_its_end_004_l2122() {
    let mut w = start();
    w.s.round = 4;
    let all: Vec<_> = (0..7).map(|i| stark_leader(&w, i)).collect();
    let (s, _) = rest::end_of_round(&w.b, &w.s, &all);
    assert_eq!(
        rest::available(&s, w.h("stark")),
        0,
        "all fought this round: all stay out"
    );
}

/// Round 5's event phase after wins in round 4.
fn rewards_setup() -> W {
    let mut w = start();
    w.s.round = 4;
    let (b, st, m, g) = (
        w.h("baratheon"),
        w.h("stark"),
        w.h("martell"),
        w.h("greyjoy"),
    );
    let mel = w.l("Melisandre of Asshai");
    rewards::record_win(&mut w.s, b, mel, RewardKind::Melisandre, st);
    rewards::record_win(&mut w.s, b, mel, RewardKind::Melisandre, st);
    rewards::record_win(&mut w.s, b, mel, RewardKind::Melisandre, m);
    let luwin = w.l("Maester Luwin");
    rewards::record_win(&mut w.s, st, luwin, RewardKind::Luwin, g);
    w.s.round = 5;
    w
}

#[test]
fn t52_melisandre_pays_one_token_and_sends_one_available_leader_to_rest_004_l1825() {
    let mut w = rewards_setup();
    assert_eq!(
        w.s.economy.pending_rewards.len(),
        2,
        "several wins, one reward"
    );
    let b = w.h("baratheon");
    let ned = w.l("Eddard Stark");
    let tywin = w.l("Tywin Lannister");
    assert_eq!(
        rewards::check(&w.b, &w.s, b, &RewardClaim::Melisandre(tywin)),
        Err(RewardError::NotTarget(tywin)),
        "Lannister was not beaten"
    );
    w.set_status("Robb Stark", LeaderStatus::Resting { since: 4 });
    let robb = w.l("Robb Stark");
    assert_eq!(
        rewards::check(&w.b, &w.s, b, &RewardClaim::Melisandre(robb)),
        Err(RewardError::NotTarget(robb)),
        "already resting"
    );
    let out = rewards::resolve(&w.b, &w.s, &[(b, RewardClaim::Melisandre(ned))], false);
    assert_eq!(out.state.house(b).power, 4);
    assert!(matches!(
        w.status(&out.state, "Eddard Stark"),
        LeaderStatus::Resting { .. }
    ));
    assert!(
        out.state.economy.pending_rewards.is_empty(),
        "claimed or lapsed"
    );
    // No token in hand: refused, and the reward lapses.
    w.power("baratheon", 0);
    assert_eq!(
        rewards::check(&w.b, &w.s, b, &RewardClaim::Melisandre(ned)),
        Err(RewardError::NoToken)
    );
    let out = rewards::resolve(&w.b, &w.s, &[(b, RewardClaim::Melisandre(ned))], false);
    assert!(
        out.log
            .iter()
            .any(|e| matches!(e, EconomyEvent::RewardLapsed { house, .. } if *house == b))
    );
}

/// 004:L1825: several wins in a round still give one reward, so a second claim in the same
/// submission is refused.
#[test]
fn t52_one_claim_per_reward_however_many_wins_004_l1825() {
    let w = rewards_setup();
    let b = w.h("baratheon");
    let ned = w.l("Eddard Stark");
    let robb = w.l("Robb Stark");
    assert!(rewards::check_all(&w.b, &w.s, b, &[RewardClaim::Melisandre(ned)]).is_empty());
    assert_eq!(
        rewards::check_all(
            &w.b,
            &w.s,
            b,
            &[RewardClaim::Melisandre(ned), RewardClaim::Melisandre(robb)]
        ),
        vec![RewardError::OnlyOnce]
    );
}

#[test]
fn melisandre_leaving_fewer_than_three_brings_back_leaders_rested_a_full_round_004_l2124() {
    let mut w = rewards_setup();
    // Stark: Greatjon, Rodrik, Maege, Catelyn rest since round 3; Luwin since round 4.
    for n in [
        "Greatjon Umber",
        "Rodrik Cassel",
        "Maege Mormont",
        "Catelyn Stark",
    ] {
        w.set_status(n, LeaderStatus::Resting { since: 3 });
    }
    w.set_status("Maester Luwin", LeaderStatus::Resting { since: 4 });
    let b = w.h("baratheon");
    let out = rewards::resolve(
        &w.b,
        &w.s,
        &[(b, RewardClaim::Melisandre(w.l("Eddard Stark")))],
        false,
    );
    let s = &out.state;
    assert_eq!(w.status(s, "Greatjon Umber"), LeaderStatus::Available);
    assert_eq!(w.status(s, "Catelyn Stark"), LeaderStatus::Available);
    assert!(matches!(
        w.status(s, "Maester Luwin"),
        LeaderStatus::Resting { since: 4 }
    ));
    assert!(
        matches!(w.status(s, "Eddard Stark"), LeaderStatus::Resting { .. }),
        "the victim stays out"
    );
    assert!(out.log.iter().any(|e| matches!(
        e,
        EconomyEvent::LeaderReturns {
            why: ReturnReason::ShortAfterMelisandre,
            ..
        }
    )));
}

#[test]
fn t53_luwin_may_recall_himself_in_the_next_event_phase_004_l1861() {
    let mut w = rewards_setup();
    w.set_status("Maester Luwin", LeaderStatus::Resting { since: 4 });
    let st = w.h("stark");
    let luwin = w.l("Maester Luwin");
    let out = rewards::resolve(&w.b, &w.s, &[(st, RewardClaim::Luwin(luwin))], false);
    assert_eq!(
        w.status(&out.state, "Maester Luwin"),
        LeaderStatus::Available
    );
    assert!(out.log.contains(&EconomyEvent::LeaderReturns {
        leader: luwin,
        why: ReturnReason::Luwin
    }));
    // Not an available leader, nor another house's.
    let ned = w.l("Eddard Stark");
    assert_eq!(
        rewards::check(&w.b, &w.s, st, &RewardClaim::Luwin(ned)),
        Err(RewardError::NotResting(ned))
    );
}

#[test]
fn a52_rewards_lapse_when_unclaimed_or_one_round_late() {
    let mut w = rewards_setup();
    let out = rewards::resolve(&w.b, &w.s, &[], false);
    assert_eq!(
        out.log
            .iter()
            .filter(|e| matches!(e, EconomyEvent::RewardLapsed { .. }))
            .count(),
        2
    );
    assert!(out.state.economy.pending_rewards.is_empty());
    w.s.round = 6;
    let b = w.h("baratheon");
    assert_eq!(
        rewards::check(&w.b, &w.s, b, &RewardClaim::Melisandre(w.l("Eddard Stark"))),
        Err(RewardError::NoReward)
    );
}

#[test]
fn a53_doran_swaps_places_with_the_beaten_holder_until_the_next_clash() {
    let mut w = start();
    w.s.round = 3;
    let (m, b, g) = (w.h("martell"), w.h("baratheon"), w.h("greyjoy"));
    let doran = w.l("Doran Martell");
    rewards::record_win(&mut w.s, m, doran, RewardKind::Doran, b);
    w.s.round = 4;
    // Baratheon holds the Iron Throne, not the sword.
    assert_eq!(
        rewards::check(&w.b, &w.s, m, &RewardClaim::Doran(Track::Fiefdoms)),
        Err(RewardError::NotHeld(Track::Fiefdoms))
    );
    let out = rewards::resolve(
        &w.b,
        &w.s,
        &[(m, RewardClaim::Doran(Track::IronThrone))],
        false,
    );
    assert_eq!(
        out.state.tracks[0],
        w.hs(&[
            "martell",
            "lannister",
            "stark",
            "baratheon",
            "greyjoy",
            "tyrell"
        ])
    );
    assert_eq!(out.state.tracks[1][0], g, "other tracks untouched");
    assert!(out.log.contains(&EconomyEvent::DoranSeized {
        house: m,
        from: b,
        track: Track::IronThrone
    }));
    // With a Clash of Kings in the same phase: no swap, but Martell orders the throne ties.
    let out = rewards::resolve(
        &w.b,
        &w.s,
        &[(m, RewardClaim::Doran(Track::IronThrone))],
        true,
    );
    assert_eq!(out.state.tracks, w.s.tracks);
    assert_eq!(out.throne_decider, Some(m));
}
