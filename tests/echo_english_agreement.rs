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
