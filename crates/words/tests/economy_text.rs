//! Every sentence of the event-phase log names the rule it follows, in both languages.

mod kit;

use kit::start;
use maester_board::UnitKind;
use maester_rules::event_phase::events::EventCard;
use maester_rules::event_phase::wildlings::PenaltyKind;
use maester_rules::log_events::EconomyEvent;
use maester_rules::state::Track;
use maester_words::economy::Describe;

#[test]
fn every_log_sentence_names_its_rule_in_both_languages() {
    use EconomyEvent::*;
    use maester_board::Lang;
    use maester_rules::armies::muster::MusterError;
    use maester_rules::event_phase::build::BuildError;
    use maester_rules::event_phase::events::Category;
    use maester_rules::log_events::{
        DisbandReason, GainReason, MusterSkip, ReturnReason, SpendReason,
    };
    use maester_rules::round::endgame::{GameResult, WinHow};
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
        MusterSkipped {
            house: h,
            castle: a,
            why: MusterSkip::Blocked(MusterError::NoFreePlacement(a)),
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
