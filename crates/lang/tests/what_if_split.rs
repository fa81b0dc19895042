//! A what-if mail split before it is read (`lang::what_if`): the keyword is the first line
//! after the secret, in either script or English; `假设` / `假設` / `assume` lines go to the
//! house they name, every part keeps the mail's line numbers, and a line that names no house,
//! the sender's own, or nothing is an error of its own line.

use maester_board::{Board, HouseId};
use maester_lang::Names;
use maester_lang::what_if::{AssumeError, keyword_line, split_mail, step_lines};
use maester_rules::Step;

fn board() -> Board {
    match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    }
}

fn house(b: &Board, k: &str) -> HouseId {
    b.house_by_key(k).unwrap_or_else(|| panic!("no house {k}"))
}

#[test]
fn the_keyword_is_the_first_line_after_the_secret() {
    assert_eq!(keyword_line("密码: abc\n试算\n临冬城 行军"), Some(2));
    assert_eq!(keyword_line("\n\nsecret: x\n試算"), Some(4));
    assert_eq!(keyword_line("password: x\r\nWhat If\r\n"), Some(2));
    assert_eq!(keyword_line("试算:"), Some(1));
    // An order first: no what-if, whatever follows.
    assert_eq!(keyword_line("密码: abc\n临冬城 行军\n试算"), None);
    assert_eq!(keyword_line("试算一下 临冬城"), None);
    assert_eq!(keyword_line(""), None);
}

#[test]
fn assume_lines_go_to_their_house_and_keep_their_line() {
    let b = board();
    let names = Names::from_board(&b);
    let stark = house(&b, "stark");
    let text = "密码: abc\n试算\n临冬城 行军\n假設 海怪: 派克岛 防守\nassume Lannister: Lannisport defence\n> 假设 红狮: 兰尼斯港 行军";
    let s = split_mail(text, 2, &names, stark);
    assert!(s.errors.is_empty(), "{:?}", s.errors);
    let own: Vec<&str> = s.own.split('\n').collect();
    assert_eq!(own.len(), 6);
    assert_eq!(own[0], "", "the secret is left out");
    assert_eq!(own[1], "", "the keyword is left out");
    assert_eq!(own[2], "临冬城 行军");
    assert_eq!(
        own[5], "> 假设 红狮: 兰尼斯港 行军",
        "a quoted line is no assumption"
    );
    let keys: Vec<HouseId> = s.assumed.iter().map(|(h, _)| *h).collect();
    assert_eq!(keys, [house(&b, "greyjoy"), house(&b, "lannister")]);
    let greyjoy: Vec<&str> = s.assumed[0].1.split('\n').collect();
    assert_eq!(greyjoy[3].trim(), "派克岛 防守");
    assert!(
        greyjoy
            .iter()
            .enumerate()
            .all(|(i, l)| i == 3 || l.is_empty())
    );
    assert_eq!(
        s.assumed[1].1.split('\n').nth(4).map(str::trim),
        Some("Lannisport defence")
    );
}

#[test]
fn an_assume_line_naming_no_house_the_senders_own_or_nothing_is_its_own_error() {
    let b = board();
    let names = Names::from_board(&b);
    let stark = house(&b, "stark");
    let text =
        "试算\n假设 无名氏: 派克岛 防守\n假设 白狼: 临冬城 防守\n假设 海怪:\n假设 海怪 派克岛 防守";
    let s = split_mail(text, 1, &names, stark);
    let errs: Vec<(usize, AssumeError)> =
        s.errors.iter().map(|(l, _, e)| (*l, e.clone())).collect();
    assert_eq!(
        errs,
        [
            (2, AssumeError::UnknownHouse("无名氏".into())),
            (3, AssumeError::OwnHouse),
            (4, AssumeError::Empty),
        ]
    );
    // No colon: not an assumption, left to the order language (which answers it as a line).
    assert!(s.own.ends_with("假设 海怪 派克岛 防守"));
    assert!(s.assumed.is_empty());
}

#[test]
fn the_signature_ends_the_assumptions() {
    let b = board();
    let names = Names::from_board(&b);
    let s = split_mail(
        "试算\n--\n假设 海怪: 派克岛 防守",
        1,
        &names,
        house(&b, "stark"),
    );
    assert!(s.assumed.is_empty());
}

#[test]
fn a_line_that_would_look_at_the_deck_is_its_own_error_in_any_part() {
    let b = board();
    let names = Names::from_board(&b);
    let text = "试算\n信鸦: 查看野人牌\n信鴉: 看牌\nraven: look at the wildling card\n假设 海怪: 信鸦: 看野人牌\n信鸦: 兰尼斯港 防守";
    let s = split_mail(text, 1, &names, house(&b, "lannister"));
    let errs: Vec<(usize, AssumeError)> =
        s.errors.iter().map(|(l, _, e)| (*l, e.clone())).collect();
    assert_eq!(
        errs,
        [
            (2, AssumeError::LooksAtDeck),
            (3, AssumeError::LooksAtDeck),
            (4, AssumeError::LooksAtDeck),
            (5, AssumeError::LooksAtDeck),
        ]
    );
    assert!(s.assumed.is_empty());
    // The change of an order is the holder's own line.
    assert!(s.own.ends_with("信鸦: 兰尼斯港 防守"), "{:?}", s.own);
}

#[test]
fn the_open_steps_own_lines_are_read_before_the_plan_lines() {
    let b = board();
    let names = Names::from_board(&b);
    let none = maester_lang::resolve::Context::default();
    let text = "高庭 防守\n建造港口: 高庭 雷温德海峡\n雷温德海峡战舰 突袭 西夏海\n高庭 行君\n高庭守将: 梅斯";
    // Placement: the order, the port and the line that does not read; the raid and the
    // defender are plan lines.
    assert_eq!(step_lines(text, &names, &none, Step::Placement), [1, 2, 4]);
    let raven = "信鸦: 兰尼斯港 防守\n兰尼斯港军团 移动到 石圣堂";
    assert_eq!(step_lines(raven, &names, &none, Step::Raven), [1]);
    // The plan step: every line is a plan line.
    assert!(step_lines(text, &names, &none, Step::Plan).is_empty());
}
