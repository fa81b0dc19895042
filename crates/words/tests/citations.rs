//! Citations as data: every rule error the rules and the game return names its rule
//! (`rule()`), and its sentence in words cites exactly that rule, in both languages.

mod kit;

use kit::{W, start};
use maester_board::{AreaId, Lang, OrderType, UnitKind};
use maester_game::{EventProblem, Part};
use maester_rules::armies::muster::MusterError;
use maester_rules::event_phase::bidding::BidError;
use maester_rules::event_phase::build::BuildError;
use maester_rules::event_phase::economy::SupplyError;
use maester_rules::event_phase::events::{Category, EventCard, EventError};
use maester_rules::event_phase::rewards::RewardError;
use maester_rules::event_phase::wildlings::WildlingError;
use maester_rules::optional::one_time::{OneTimeError, OneTimeKind};
use maester_rules::planning::placement::PlacementError;
use maester_rules::planning::plan_check::PlanError;
use maester_rules::state::Track;
use maester_words::rule_text::RuleText;

fn all(w: &W) -> Vec<(Box<dyn RuleText>, &'static str)> {
    let a = w.a("winterfell");
    let h = w.h("stark");
    let l = w.l("Eddard Stark");
    let mut v: Vec<(Box<dyn RuleText>, &'static str)> = Vec::new();
    macro_rules! add {
        ($e:expr) => {
            v.push((Box::new($e.clone()), $e.rule()))
        };
    }
    for k in OrderType::ALL {
        add!(PlacementError::TooMany(k, 2));
        add!(PlacementError::SpecialTwice(k));
        add!(PlacementError::EventBan(k));
    }
    add!(PlacementError::NoUnits(a));
    add!(PlacementError::TwoOrders(a));
    add!(PlacementError::TooManySpecial {
        allowed: 2,
        rank: 3
    });
    add!(PlacementError::PortDefence(a));
    add!(PlacementError::ConsolidateNeedsFootOrArcher(a));
    add!(PlacementError::SiegeCannotRaid(a));
    add!(PlacementError::RoughSeas(a));
    add!(PlacementError::NoSpecial);
    add!(PlacementError::HouseLeft);
    add!(PlacementError::NotRavenHolder);
    add!(PlacementError::RavenNoOrder(a));
    add!(PlacementError::RavenSameOrder(a));
    add!(PlacementError::OneTime(OneTimeError::OnePerRound));
    add!(OneTimeError::Off);
    add!(OneTimeError::OnePerRound);
    add!(OneTimeError::UsedBefore(OneTimeKind::Recruit));
    add!(OneTimeError::FeastForCrows(OneTimeKind::SupplyCaravan));
    add!(OneTimeError::RecruitNeedsCastle(a));
    add!(OneTimeError::CaravanNeedsBarrels(a));
    add!(OneTimeError::PontoonNotHere(a));
    add!(OneTimeError::PontoonBank(w.a("three-towers")));
    add!(OneTimeError::ForcedMarchInPort(a));
    add!(PlanError::NoOrder(a, OrderType::March));
    add!(PlanError::NotYourLeader(a, l));
    add!(PlanError::LeaderResting(a, l));
    add!(PlanError::NoShips(a));
    add!(PlanError::NotSwordHolder);
    add!(PlanError::NotYours(a));
    add!(PlanError::BadDistrict(a));
    add!(PlanError::TwoAttacks(a));
    add!(PlanError::RaidsPortAndProvince(a, a));
    add!(PlanError::NoNeutral(a));
    add!(PlanError::NoOneTime(a, OneTimeKind::ForcedMarch));
    add!(PlanError::RecruitElsewhere(a));
    add!(BidError::OverHand { bid: 7, hand: 5 });
    add!(BidError::Neutral);
    add!(BidError::WildlingOverBudget {
        wildling: 6,
        clash: 3,
        hand: 5,
        income: 0
    });
    add!(BidError::WildlingOverBudget {
        wildling: 3,
        clash: 0,
        hand: 0,
        income: 2
    });
    add!(BidError::OverBudget {
        spent: vec![maester_rules::event_phase::bidding::Spend {
            why: maester_rules::log_events::SpendReason::Port,
            area: Some(a),
            n: 3,
        }],
        clash: 2,
        wildling: 1,
        hand: 5,
        income: 0
    });
    add!(SupplyError::NoSuchUnit(a, UnitKind::Knight));
    add!(SupplyError::StillOver {
        sizes: vec![3, 2],
        limits: vec![2, 2],
        armies: vec![(a, 3), (AreaId(1), 2)],
        still: vec![(a, UnitKind::Footman)],
    });
    add!(SupplyError::UnknownArea);
    add!(SupplyError::HouseLeft);
    add!(SupplyError::TooMany {
        needed: 1,
        given: 2
    });
    add!(EventError::NoDeck);
    add!(EventError::RoundOne);
    add!(EventError::NotDrawn(4));
    add!(EventError::NotAChooser(Category::Military));
    add!(EventError::BadChoice(EventCard::Supply));
    add!(EventError::NotTheHolder(h));
    v
}

fn more(w: &W) -> Vec<(Box<dyn RuleText>, &'static str)> {
    let a = w.a("winterfell");
    let sea = w.a("the-shivering-sea");
    let l = w.l("Eddard Stark");
    let mut v: Vec<(Box<dyn RuleText>, &'static str)> = Vec::new();
    macro_rules! add {
        ($e:expr) => {
            v.push((Box::new($e.clone()), $e.rule()))
        };
    }
    add!(MusterError::NotACastle(a));
    add!(MusterError::NotControlled(a));
    add!(MusterError::TooManyPoints {
        castle: a,
        spent: 3,
        points: 2
    });
    add!(MusterError::ShipNeedsPlace);
    add!(MusterError::BadUpgrade(UnitKind::Ship, UnitKind::Knight));
    add!(MusterError::NothingToUpgrade(a, UnitKind::Footman));
    add!(MusterError::NoPlacement(a));
    add!(MusterError::NotOnCoast {
        castle: a,
        area: sea
    });
    add!(MusterError::PortNotReady(a));
    add!(MusterError::NoFreePlacement(a));
    add!(MusterError::Cap(UnitKind::Knight, 4));
    add!(MusterError::Supply(a));
    add!(MusterError::TwoSieges(a));
    add!(MusterError::HouseLeft);
    add!(MusterError::UnknownArea);
    add!(RewardError::NoReward);
    add!(RewardError::NotTarget(l));
    add!(RewardError::NoToken);
    add!(RewardError::NotResting(l));
    for t in [Track::IronThrone, Track::Fiefdoms, Track::KingsCourt] {
        add!(RewardError::NotHeld(t));
    }
    add!(RewardError::UnknownLeader);
    add!(RewardError::OnlyOnce);
    v
}

fn build_and_wildlings(w: &W) -> Vec<(Box<dyn RuleText>, &'static str)> {
    let a = w.a("winterfell");
    let sea = w.a("the-shivering-sea");
    let l = w.l("Eddard Stark");
    let mut v: Vec<(Box<dyn RuleText>, &'static str)> = Vec::new();
    macro_rules! add {
        ($e:expr) => {
            v.push((Box::new($e.clone()), $e.rule()))
        };
    }
    add!(BuildError::NotControlled(a));
    add!(BuildError::NoPortSite(a));
    add!(BuildError::NeedSea {
        province: a,
        options: vec![sea, w.a("the-narrow-sea")]
    });
    add!(BuildError::SeaNotOnCoast {
        province: a,
        sea,
        options: vec![sea]
    });
    add!(BuildError::Tokens { cost: 3, hand: 1 });
    add!(BuildError::CannotDemolish(a));
    add!(BuildError::NoIncome(a));
    add!(BuildError::NeedsFootOrArcher(a));
    add!(BuildError::AlreadyFortified(a));
    add!(BuildError::MapFull(4));
    add!(BuildError::TooManyForts(2));
    add!(BuildError::AfterMuster);
    add!(BuildError::UnknownArea);
    add!(WildlingError::NotResting(l));
    add!(WildlingError::TooManyUpgrades(3));
    add!(WildlingError::NoSuchUnit(a, UnitKind::Knight));
    add!(WildlingError::KnightCap(5));
    add!(WildlingError::OneArea);
    add!(WildlingError::Muster(MusterError::Supply(a)));
    add!(WildlingError::WrongPoints { due: 2, listed: 1 });
    add!(WildlingError::WrongPointsTied {
        lowest: 4,
        other: 2,
        listed: 1
    });
    add!(WildlingError::BadDowngrade);
    for t in [Track::IronThrone, Track::Fiefdoms, Track::KingsCourt] {
        add!(WildlingError::NotBestTrack(t));
    }
    add!(WildlingError::UnknownId);
    v
}

fn problems(w: &W) -> Vec<(Box<dyn RuleText>, &'static str)> {
    let a = w.a("winterfell");
    let h = w.h("stark");
    let mut v: Vec<(Box<dyn RuleText>, &'static str)> = Vec::new();
    macro_rules! add {
        ($e:expr) => {
            v.push((Box::new($e.clone()), $e.rule()))
        };
    }
    add!(EventProblem::NotThisRound(Part::Muster));
    add!(EventProblem::NotAsked(Part::Tie));
    add!(EventProblem::Supply(SupplyError::UnknownArea));
    add!(EventProblem::Muster(Part::Muster, MusterError::Supply(a)));
    add!(EventProblem::Bid(Part::Clash, BidError::Neutral));
    add!(EventProblem::Wildling(Part::Reward, WildlingError::OneArea));
    add!(EventProblem::Reward(RewardError::NoToken));
    add!(EventProblem::Build(BuildError::NoIncome(a)));
    add!(EventProblem::NotTied(h));
    add!(EventProblem::NameTheTrack);
    add!(EventProblem::NoRetreat(a));
    add!(EventProblem::ChoiceFirst(Part::Muster));
    add!(EventProblem::NotTheChooser {
        cards: vec![(EventCard::ThroneOfBlades, Some(h))]
    });
    add!(EventProblem::AlreadyChosen {
        card: EventCard::ThroneOfBlades,
        chosen: EventCard::Muster
    });
    add!(EventProblem::NotAnOption {
        card: EventCard::DarkWings,
        named: EventCard::Supply
    });
    add!(EventProblem::NotACandidate {
        from: a,
        candidates: vec![w.a("castle-black")]
    });
    v
}

#[test]
fn every_sentence_cites_the_rule_its_error_names() {
    let w = start();
    for (e, rule) in all(&w)
        .into_iter()
        .chain(more(&w))
        .chain(build_and_wildlings(&w))
        .chain(problems(&w))
    {
        let zh = e.message(&w.b, Lang::Zh);
        let en = e.message(&w.b, Lang::En);
        if rule.is_empty() {
            continue;
        }
        assert!(
            en.contains(&format!("{rule})")),
            "{en} does not cite {rule}"
        );
        let rule_zh = rule.replace(", L", "、L");
        assert!(
            zh.contains(&format!("{rule_zh})")),
            "{zh} does not cite {rule_zh}"
        );
    }
}

#[test]
fn only_the_errors_the_rulebook_has_no_line_for_cite_nothing() {
    let w = start();
    let bare: Vec<String> = all(&w)
        .into_iter()
        .chain(more(&w))
        .chain(build_and_wildlings(&w))
        .chain(problems(&w))
        .filter(|(_, r)| r.is_empty())
        .map(|(e, _)| e.message(&w.b, Lang::En))
        .collect();
    assert_eq!(bare.len(), 13, "{bare:?}");
}
