//! The English echo of a march agrees with the units it names: "Winterfell units move to Moat
//! Cailin", "Winterfell 2F move to …", "Winterfell 1F moves to …" — and each still reads back as
//! the same order.

mod lang_support;

use lang_support::*;
use maester::lang::Lang;

fn english_echo(line: &str) -> String {
    let item = one(line);
    let e = echo(&item, Lang::En);
    assert_eq!(one(&e), item, "the echo {e:?} reads back as {line:?}");
    e
}

#[test]
fn all_units_of_an_area_move_in_the_plural() {
    let e = english_echo("Winterfell units move to Moat Cailin");
    assert!(e.contains("units move to Moat Cailin"), "{e}");
    assert!(!e.contains("units moves"), "{e}");
}

#[test]
fn several_counted_units_move_in_the_plural() {
    let e = english_echo("临冬城2F移动到卡林湾");
    assert!(e.contains("2F move to Moat Cailin"), "{e}");
}

#[test]
fn one_unit_moves_in_the_singular() {
    let e = english_echo("临冬城1F移动到卡林湾");
    assert!(e.contains("1F moves to Moat Cailin"), "{e}");
}

#[test]
fn a_raid_agrees_with_its_units_as_a_march_does() {
    let e = english_echo("Ironman's Bay units raid Flint's Finger");
    assert!(e.contains("Ironman's Bay units raid Flint's Finger"), "{e}");
    assert!(!e.contains("units raids"), "{e}");
    let e = english_echo("Ironman's Bay 1S raids Flint's Finger");
    assert!(e.contains("1S raids Flint's Finger"), "{e}");
}

#[test]
fn a_substitute_defender_stands_apart_from_the_defender_in_english() {
    let item = one("Winterfell defender: Robb Stark (substitute: Eddard Stark)");
    let en = echo(&item, Lang::En);
    assert!(en.starts_with("Winterfell defender: Robb"), "{en}");
    assert!(en.contains(" (substitute: Eddard"), "{en}");
    assert!(
        !en.contains("b(substitute") && !en.contains("k(substitute"),
        "{en}"
    );
    assert_eq!(one(&en), item, "{en}");
    let zh = echo(&item, Lang::Zh);
    assert!(zh.contains("临冬城守将: 罗柏(替补: 艾德"), "{zh}");
    assert_eq!(one(&zh), item, "{zh}");
}
