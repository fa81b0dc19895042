//! `maester simulate`: whole random games through the step machine, the same hash for the same
//! seed, no invariant broken; and the invariants do catch a broken state.

use maester::board::{Board, UnitKind};
use maester::rules::{GameState, Unit};
use std::process::Command;

fn simulate(games: &str, seed: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_maester"))
        .args(["simulate", "--games", games, "--seed", seed])
        .output()
        .unwrap_or_else(|e| panic!("running maester: {e}"));
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

fn line<'a>(text: &'a str, head: &str) -> &'a str {
    text.lines()
        .find(|l| l.starts_with(head))
        .unwrap_or_else(|| panic!("no {head:?} line in {text}"))
}

#[test]
fn simulate_50_games_seed_1_twice_same_hash_no_violation() {
    let a = simulate("50", "1");
    let b = simulate("50", "1");
    assert_eq!(line(&a, "violations:"), "violations: 0", "{a}");
    assert_eq!(line(&a, "hash:"), line(&b, "hash:"));
    assert!(line(&a, "50 games").contains("games/s"));
    let other = simulate("3", "2");
    assert_ne!(line(&other, "hash:"), line(&a, "hash:"));
}

#[test]
fn the_invariants_catch_a_ship_on_land_two_houses_and_a_broken_track() {
    let b = Board::default_board().unwrap_or_else(|e| panic!("{e}"));
    let mut s = GameState::new_game(&b);
    assert!(maester::sim::invariants(&b, &s).is_empty());
    let wf = b
        .area_by_key("winterfell")
        .unwrap_or_else(|| panic!("winterfell"));
    s.area_mut(wf).units.push(Unit::new(UnitKind::Ship));
    s.tracks[0].pop();
    let v = maester::sim::invariants(&b, &s);
    assert!(v.iter().any(|x| x.contains("cannot stand")), "{v:?}");
    assert!(v.iter().any(|x| x.contains("permutation")), "{v:?}");
}

/// 表五 (004:L633): an army larger than the barrels allow is caught, and so is a track that names
/// a house twice; a lone extra unit (not an army) is not a supply matter.
#[test]
fn the_invariants_catch_an_army_over_supply_004_l633_and_a_house_twice_on_a_track() {
    let b = Board::default_board().unwrap_or_else(|e| panic!("{e}"));
    let mut s = GameState::new_game(&b);
    let wf = b
        .area_by_key("winterfell")
        .unwrap_or_else(|| panic!("winterfell"));
    for _ in 0..4 {
        s.area_mut(wf).units.push(Unit::new(UnitKind::Footman));
    }
    let v = maester::sim::invariants(&b, &s);
    assert!(
        v.iter().any(|x| x.contains("over the supply limit")),
        "{v:?}"
    );
    let mut s = GameState::new_game(&b);
    s.tracks[1][0] = s.tracks[1][1];
    let v = maester::sim::invariants(&b, &s);
    assert!(v.iter().any(|x| x.contains("track 1")), "{v:?}");
    assert!(!v.iter().any(|x| x.contains("supply")), "{v:?}");
}

/// The houses a close call says must send next (`StepOutcome::expected`, which the simulator
/// feeds into the next call instead of working them out again) are `game::expected` of the state
/// it leaves, after every step of whole games; and `castle_counts` (A-74's count for every house
/// in one pass) agrees with `castles` house by house.
#[test]
fn step_outcome_expected_is_game_expected_of_the_state_left_and_castle_counts_a74() {
    let b = Board::default_board().unwrap_or_else(|e| panic!("{e}"));
    let mut checked = 0;
    let mut asked = 0;
    for g in 0..3 {
        maester::sim::play(&b, 7, g, |s, out, _| {
            assert_eq!(out.expected, maester::game::expected(&b, s), "game {g}");
            let counts = s.castle_counts(&b);
            for h in b.house_ids() {
                assert_eq!(counts[h.index()], s.castles(&b, h), "game {g}");
            }
            checked += 1;
            asked += out.expected.len();
        });
    }
    assert!(checked > 30, "{checked}");
    assert!(asked > 0);
}

/// The rest of the invariants, each broken once on a new game: unit caps (7F 3A 6S 4K 3E,
/// 004:L578), the 20-token cap (004:L808), a token at sea, a token beside another house's units,
/// units on a neutral garrison, a routed unit and an order left after the military phase, ships
/// in a temporary port that was never built.
#[test]
fn the_invariants_catch_caps_tokens_garrisons_routed_units_orders_and_unbuilt_ports() {
    let b = Board::default_board().unwrap_or_else(|e| panic!("{e}"));
    let area = |k: &str| b.area_by_key(k).unwrap_or_else(|| panic!("{k}"));
    let mut s = GameState::new_game(&b);
    let wf = area("winterfell");
    let stark = s
        .area(wf)
        .house
        .unwrap_or_else(|| panic!("winterfell is held"));
    // Four more knights, spread as armies of two so that supply is not what breaks.
    for k in ["karhold", "castle-black"] {
        let a = s.area_mut(area(k));
        a.house = Some(stark);
        a.units.push(Unit::new(UnitKind::Knight));
        a.units.push(Unit::new(UnitKind::Knight));
    }
    s.house_mut(stark).power = 20;
    s.area_mut(area("the-shivering-sea")).token = Some(stark);
    let other = b
        .house_ids()
        .find(|h| *h != stark)
        .unwrap_or_else(|| panic!("a second house"));
    s.area_mut(area("white-harbor")).token = Some(other);
    let garrison = b
        .areas
        .iter()
        .find(|a| a.neutral.is_some())
        .unwrap_or_else(|| panic!("a neutral garrison"))
        .id;
    s.area_mut(garrison).house = Some(other);
    s.area_mut(garrison)
        .units
        .push(Unit::new(UnitKind::Footman));
    s.area_mut(wf).units[0].routed = true;
    s.area_mut(wf).order = Some(maester::board::Order {
        kind: maester::board::OrderType::Defence,
        special: false,
    });
    let port = area("port-of-moat-cailin");
    s.area_mut(port).house = Some(stark);
    s.area_mut(port).units.push(Unit::new(UnitKind::Ship));
    let v = maester::sim::invariants(&b, &s);
    for want in [
        "Knight over the cap 4",
        "owns",
        "a power token at sea",
        "a token of another",
        "neutral garrison",
        "routed unit",
        "an order left on the map",
        "a port that does not exist",
    ] {
        assert!(v.iter().any(|x| x.contains(want)), "{want}: {v:?}");
    }
}
