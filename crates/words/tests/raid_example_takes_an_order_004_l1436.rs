//! A raid is offered only against an order it can remove (004:L1436): never the house's own
//! area (accepted by the plan's check, then not carried out), never an order no raid takes.

mod kit;

use kit::start;
use maester_board::{Lang, Order, OrderType};
use maester_rules::{GameState, Step};
use maester_words::offer::Offer;

#[test]
fn the_raid_example_never_targets_the_house_s_own_area() {
    let w = start();
    let mut s = GameState::new_game(&w.b);
    let greyjoy = w.h("greyjoy");
    // Greyjoy's ships in Pyke's port raid; the only land they border is Pyke, Greyjoy's own.
    let port = w.a("port-of-pyke");
    assert_eq!(
        s.area(port).house,
        Some(greyjoy),
        "Greyjoy's ships start in the port"
    );
    s.area_mut(port).order = Some(Order {
        kind: OrderType::Raid,
        special: false,
    });
    s.step = Step::Plan;
    let offer = Offer::new(&w.b, &s, greyjoy, Step::Plan, Lang::Zh);
    // Before the fix the example was `派克岛港口部队 突袭 铁民湾` or Pyke: an own area.
    let own: Vec<String> =
        w.b.area_ids()
            .filter(|a| s.area(*a).house == Some(greyjoy))
            .map(|a| w.b.area(a).name(Lang::Zh).to_string())
            .collect();
    if let Some(l) = offer.raid() {
        assert!(!own.iter().any(|o| l.contains(&format!("突袭 {o}"))), "{l}");
    }
    let form = maester_words::form::form(&w.b, &s, greyjoy, Lang::Zh);
    for l in &form.lines {
        if l.area == Some(port) {
            assert!(
                !l.blanks[0].choices.iter().any(|c| own.contains(c)),
                "{l:?}"
            );
        }
    }
}
