//! A request of the event phase that could not be carried out is reported with why and its
//! rule, in both languages: a knight's downgrade (wildling penalty) into a unit whose units are
//! all on the map gives way to the defaults, and the report says so.

mod kit;

use maester_board::{Lang, UnitKind};
use maester_rules::event_phase::wildlings::{self, PenaltyChoice, PenaltyKind};
use maester_rules::log::Unfulfilled;
use maester_rules::log_events::EconomyEvent;
use maester_rules::state::{GameState, Unit};
use maester_words::economy::Describe;

/// An empty board; Stark in Winterfell with one knight and `footmen` footmen; the knight is
/// asked to become a footman.
fn downgrade(footmen: usize) -> (kit::W, Vec<EconomyEvent>, GameState) {
    let w = kit::start();
    let mut s = GameState::new_game(&w.b);
    for a in s.areas.iter_mut() {
        a.units.clear();
        a.house = None;
        a.token = None;
    }
    let (stark, winterfell) = (w.h("stark"), w.a("winterfell"));
    let st = s.area_mut(winterfell);
    st.house = Some(stark);
    st.units.push(Unit::new(UnitKind::Knight));
    st.units
        .extend((0..footmen).map(|_| Unit::new(UnitKind::Footman)));
    let choice = (
        stark,
        PenaltyChoice::Downgrade(vec![(winterfell, UnitKind::Footman)]),
    );
    let (s, log) =
        wildlings::apply_penalty(&w.b, &s, PenaltyKind::DowngradeKnights, None, &[choice]);
    (w, log, s)
}

fn dropped(log: &[EconomyEvent]) -> Vec<&EconomyEvent> {
    log.iter()
        .filter(|e| matches!(e, EconomyEvent::NotCarriedOut { .. }))
        .collect()
}

#[test]
fn a_knight_downgraded_into_a_unit_at_its_cap_is_reported_and_the_default_applies() {
    let cap = kit::start().b.rules.unit_caps[UnitKind::Footman.index()] as usize;
    let (w, log, s) = downgrade(cap);
    let (stark, winterfell) = (w.h("stark"), w.a("winterfell"));
    let e = EconomyEvent::NotCarriedOut {
        house: stark,
        area: winterfell,
        why: Unfulfilled::DowngradeAtCap(UnitKind::Footman),
    };
    assert_eq!(dropped(&log), vec![&e], "{log:?}");
    // The default of A-66: an archer, since the footmen are all on the map.
    assert!(log.contains(&EconomyEvent::Downgraded {
        house: stark,
        area: winterfell,
        to: UnitKind::Archer,
    }));
    let archers = s
        .area(winterfell)
        .units
        .iter()
        .filter(|u| u.kind == UnitKind::Archer)
        .count();
    assert_eq!(archers, 1);
    let zh = e.describe(&w.b, Lang::Zh);
    assert!(
        zh.starts_with("未执行:") && zh.contains("临冬城") && zh.ends_with("(A-66)。"),
        "{zh}"
    );
    let en = e.describe(&w.b, Lang::En);
    assert!(
        en.starts_with("Not carried out: ")
            && en.contains("Winterfell")
            && en.contains("gives way to the defaults")
            && en.ends_with("(A-66)."),
        "{en}"
    );
}

#[test]
fn a_knight_downgraded_below_the_cap_is_carried_out_and_nothing_is_reported() {
    let cap = kit::start().b.rules.unit_caps[UnitKind::Footman.index()] as usize;
    let (w, log, _) = downgrade(cap - 1);
    assert!(dropped(&log).is_empty(), "{log:?}");
    assert!(log.contains(&EconomyEvent::Downgraded {
        house: w.h("stark"),
        area: w.a("winterfell"),
        to: UnitKind::Footman,
    }));
}
