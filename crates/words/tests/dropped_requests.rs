//! Every request of a plan is accounted for: what could not be carried out appears in the log
//! with why and its rule, and words say it in both languages (a power token asked for with
//! none in hand, with units still there, or after a march that did not leave; a fortification
//! without its consolidate order; the sword given to an army that fought no battle).

mod kit;

use maester_board::{Lang, Order, OrderType, UnitKind};
use maester_rules::log::{Event, Unfulfilled};
use maester_rules::military::resolve_with;
use maester_rules::modifiers::{RoundModifiers, Settings};
use maester_rules::orders::{MarchMove, MarchStep, Plan, UnitSelection};
use maester_rules::state::{GameState, Track, Unit};
use maester_words::log::event;

struct Case {
    w: kit::W,
    s: GameState,
    plans: Vec<Plan>,
}

/// An empty board; Stark in Karhold with `units` and a march order, `power` tokens in hand.
fn case(units: &[UnitKind], power: u8) -> Case {
    let w = kit::start();
    let mut s = GameState::new_game(&w.b);
    for a in s.areas.iter_mut() {
        a.units.clear();
        a.house = None;
        a.token = None;
    }
    let (stark, karhold) = (w.h("stark"), w.a("karhold"));
    let st = s.area_mut(karhold);
    st.house = Some(stark);
    st.units.extend(units.iter().map(|k| Unit::new(*k)));
    st.order = Some(Order {
        kind: OrderType::March,
        special: false,
    });
    s.house_mut(stark).power = power;
    let plans = vec![Plan::default(); w.b.houses.len()];
    Case { w, s, plans }
}

impl Case {
    fn march(&mut self, units: UnitSelection, leave_token: bool) {
        let (stark, karhold, to) = (
            self.w.h("stark"),
            self.w.a("karhold"),
            self.w.a("castle-black"),
        );
        self.plans[stark.index()].marches.push(
            MarchStep {
                from: karhold,
                moves: vec![MarchMove::new(units, to)],
                leave_token,
                gather: Vec::new(),
            }
            .into(),
        );
    }
    fn log(&self) -> Vec<Event> {
        let r = resolve_with(
            &self.w.b,
            &self.s,
            &self.plans,
            &RoundModifiers::default(),
            Settings::default(),
        );
        r.log
    }
}

fn dropped(log: &[Event]) -> Vec<Unfulfilled> {
    log.iter()
        .filter_map(|e| match e {
            Event::NotCarriedOut { why, .. } => Some(*why),
            _ => None,
        })
        .collect()
}

#[test]
fn a_power_token_asked_for_with_none_in_hand_is_reported_with_its_rule() {
    let mut c = case(&[UnitKind::Footman], 0);
    c.march(UnitSelection::All, true);
    let log = c.log();
    assert_eq!(dropped(&log), vec![Unfulfilled::TokenNoneInHand]);
    let e = log
        .iter()
        .find(|e| matches!(e, Event::NotCarriedOut { .. }))
        .cloned()
        .unwrap_or(Event::PlanRejected {
            house: c.w.h("stark"),
        });
    let zh = event(&c.w.b, Lang::Zh, &e);
    assert_eq!(
        zh,
        "未执行:白狼要求在卡霍城留下势力标志,但部队离开时手中没有势力标志(004:L912)。"
    );
    let en = event(&c.w.b, Lang::En, &e);
    assert!(
        en.starts_with("Not carried out: ") && en.contains("no token was in hand"),
        "{en}"
    );
    // With a token in hand it is put down, and nothing is reported.
    let mut c = case(&[UnitKind::Footman], 1);
    c.march(UnitSelection::All, true);
    let log = c.log();
    assert!(dropped(&log).is_empty(), "{log:?}");
    assert!(log.iter().any(|e| matches!(e, Event::TokenPlaced { .. })));
}

#[test]
fn a_power_token_asked_for_where_units_stay_is_reported() {
    let mut c = case(&[UnitKind::Footman, UnitKind::Footman], 3);
    c.march(UnitSelection::Exact(vec![(UnitKind::Footman, 1)]), true);
    assert_eq!(dropped(&c.log()), vec![Unfulfilled::TokenUnitsStayed]);
    // No token asked for: nothing to report.
    let mut c = case(&[UnitKind::Footman, UnitKind::Footman], 3);
    c.march(UnitSelection::Exact(vec![(UnitKind::Footman, 1)]), false);
    assert!(dropped(&c.log()).is_empty());
}

#[test]
fn a_fortification_without_its_consolidate_order_is_reported() {
    let mut c = case(&[UnitKind::Footman], 3);
    let (stark, karhold) = (c.w.h("stark"), c.w.a("karhold"));
    c.plans[stark.index()].fortify.push(karhold);
    let log = c.log();
    assert_eq!(dropped(&log), vec![Unfulfilled::FortifyNoOrder]);
    let text = log
        .iter()
        .filter(|e| matches!(e, Event::NotCarriedOut { .. }))
        .map(|e| event(&c.w.b, Lang::Zh, e))
        .collect::<String>();
    assert!(
        text.contains("防御工事") && text.contains("004:L1080"),
        "{text}"
    );
}

#[test]
fn the_sword_given_to_an_army_that_fought_no_battle_is_reported_unused() {
    let mut c = case(&[UnitKind::Footman], 3);
    let stark = c.w.h("stark");
    // Stark holds the sword: first on the Fiefdoms track.
    let fiefdoms = &mut c.s.tracks[Track::Fiefdoms as usize];
    fiefdoms.retain(|h| *h != stark);
    fiefdoms.insert(0, stark);
    c.plans[stark.index()].sword = Some(c.w.a("karhold"));
    c.march(UnitSelection::All, false);
    let log = c.log();
    assert_eq!(dropped(&log), vec![Unfulfilled::SwordUnused]);
    let en = log
        .iter()
        .filter(|e| matches!(e, Event::NotCarriedOut { .. }))
        .map(|e| event(&c.w.b, Lang::En, e))
        .collect::<String>();
    assert!(en.contains("the sword was not used (004:L1737)"), "{en}");
}

#[test]
fn support_from_routed_units_is_reported_as_not_given() {
    // Stark marches from Winterfell into Greyjoy's Castle Black; Karhold's support order is
    // held by routed units only.
    let mut c = case(&[UnitKind::Footman], 3);
    let (stark, greyjoy) = (c.w.h("stark"), c.w.h("greyjoy"));
    let (karhold, winterfell, castle) =
        (c.w.a("karhold"), c.w.a("winterfell"), c.w.a("castle-black"));
    let mut routed = Unit::new(UnitKind::Footman);
    routed.routed = true;
    c.s.area_mut(karhold).units.clear();
    c.s.area_mut(karhold).units.push(routed);
    c.s.area_mut(karhold).order = Some(Order {
        kind: OrderType::Support,
        special: false,
    });
    let w = c.s.area_mut(winterfell);
    w.house = Some(stark);
    w.units.push(Unit::new(UnitKind::Knight));
    w.order = Some(Order {
        kind: OrderType::March,
        special: false,
    });
    let cb = c.s.area_mut(castle);
    cb.house = Some(greyjoy);
    cb.units.push(Unit::new(UnitKind::Footman));
    c.plans[stark.index()].marches.push(
        MarchStep {
            from: winterfell,
            moves: vec![MarchMove::new(UnitSelection::All, castle)],
            leave_token: false,
            gather: Vec::new(),
        }
        .into(),
    );
    let log = c.log();
    assert!(log.iter().any(|e| matches!(e, Event::Battle(_))), "{log:?}");
    assert_eq!(dropped(&log), vec![Unfulfilled::SupportRouted]);
    let zh = log
        .iter()
        .filter(|e| matches!(e, Event::NotCarriedOut { .. }))
        .map(|e| event(&c.w.b, Lang::Zh, e))
        .collect::<String>();
    assert!(zh.contains("败兵") && zh.contains("004:L2323"), "{zh}");
}

#[test]
fn a_raid_order_the_plan_gives_no_target_is_reported() {
    // Stark's plan marches from Karhold and names no target for White Harbor's raid.
    let mut c = case(&[UnitKind::Footman], 3);
    let (stark, harbor) = (c.w.h("stark"), c.w.a("white-harbor"));
    let wh = c.s.area_mut(harbor);
    wh.house = Some(stark);
    wh.units.push(Unit::new(UnitKind::Footman));
    wh.order = Some(Order {
        kind: OrderType::Raid,
        special: false,
    });
    c.march(UnitSelection::All, false);
    let log = c.log();
    assert_eq!(dropped(&log), vec![Unfulfilled::RaidNoTarget]);
    let en = log
        .iter()
        .filter(|e| matches!(e, Event::NotCarriedOut { .. }))
        .map(|e| event(&c.w.b, Lang::En, e))
        .collect::<String>();
    assert!(
        en.contains("White Harbor") && en.contains("no target"),
        "{en}"
    );
    // A house that sent no plan at all is reported by its defaults, not here.
    let mut silent = case(&[UnitKind::Footman], 3);
    let wh = silent.s.area_mut(harbor);
    wh.house = Some(stark);
    wh.units.push(Unit::new(UnitKind::Footman));
    wh.order = Some(Order {
        kind: OrderType::Raid,
        special: false,
    });
    assert!(dropped(&silent.log()).is_empty());
}

#[test]
fn a_march_order_the_plan_names_in_no_step_is_reported() {
    // Stark raids from White Harbor and has no step for Karhold's march.
    let mut c = case(&[UnitKind::Footman], 3);
    let (stark, harbor) = (c.w.h("stark"), c.w.a("white-harbor"));
    let wh = c.s.area_mut(harbor);
    wh.house = Some(stark);
    wh.units.push(Unit::new(UnitKind::Footman));
    wh.order = Some(Order {
        kind: OrderType::Raid,
        special: false,
    });
    c.plans[stark.index()]
        .raids
        .push(maester_rules::orders::RaidStep {
            from: harbor,
            targets: vec![c.w.a("widows-watch")],
        });
    let log = c.log();
    assert!(
        dropped(&log).contains(&Unfulfilled::MarchNotInPlan),
        "{log:?}"
    );
    let zh = log
        .iter()
        .filter(|e| matches!(e, Event::NotCarriedOut { .. }))
        .map(|e| event(&c.w.b, Lang::Zh, e))
        .collect::<String>();
    assert!(
        zh.contains("卡霍城的行军命令") && zh.contains("004:L1753"),
        "{zh}"
    );
    // Named in a step: nothing to report.
    let mut c = case(&[UnitKind::Footman], 3);
    c.march(UnitSelection::All, false);
    assert!(dropped(&c.log()).is_empty());
}
