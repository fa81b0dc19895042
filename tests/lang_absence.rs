//! The absence line of the order language: `请假: 12月20日 到 12月27日` /
//! `absent: 2026-12-20 to 2026-12-27`, its forms, its echo, and what is not one.

mod lang_support;

use lang_support::*;
use maester::lang::ast::{Account, Day, Item};
use maester::lang::{Lang, parse_submission};

fn day(year: Option<i32>, month: u32, d: u32) -> Day {
    Day {
        year,
        month,
        day: d,
    }
}

#[test]
fn an_absence_reads_in_chinese_and_english_and_echoes_back() {
    let zh = check("请假: 12月20日 到 12月27日", "请假: 12月20日 到 12月27日");
    assert_eq!(
        zh,
        Item::Account(Account::Absent(day(None, 12, 20), day(None, 12, 27)))
    );
    let en = check(
        "absent: 2026-12-20 to 2026-12-27",
        "请假: 2026-12-20 到 2026-12-27",
    );
    assert_eq!(
        en,
        Item::Account(Account::Absent(
            day(Some(2026), 12, 20),
            day(Some(2026), 12, 27)
        ))
    );
    // Full-width colon, 至, 号, Traditional 請假, no colon at all.
    for line in [
        "请假：12月20号 至 12月27号",
        "請假: 12月20日 到 12月27日",
        "请假 12月20日到12月27日",
    ] {
        assert_eq!(one(line), zh, "{line}");
    }
    assert_eq!(echo(&zh, Lang::En), "absent: 12-20 to 12-27");
}

#[test]
fn a_broken_absence_line_is_an_error_with_its_line() {
    for line in [
        "请假: 12月20日",
        "absent: tomorrow to friday",
        "请假: 2026-12-20 到",
    ] {
        let p = parse_submission(line, names());
        assert_eq!(p.errors.len(), 1, "{line}: {:?}", p.items);
        assert_eq!(p.errors[0].line, 1, "{line}");
    }
}
