//! Never offer what would be refused: the event step's prompt lists only the fortifications,
//! ports and musters the rules accept, its examples pass the same check the intake runs (in
//! Simplified, Traditional and English), and a muster refused for supply names the armies and
//! what supply allows.

mod kit;

use kit::start;
use maester_board::Lang;
use maester_game as game;
use maester_rules::event_phase::events::{self, EventCard};
use maester_rules::{GameState, Step};
use maester_words::asks::what_to_send;
use maester_words::check::check;
use maester_words::hant::Script;

/// Round 2's event step, with `edit` made to round 1 before it closes.
fn round_two_after(
    b: &maester_board::Board,
    cards: [EventCard; 3],
    edit: impl FnOnce(&mut GameState),
) -> GameState {
    let mut s = GameState::new_game(b);
    events::start_game(b, &mut s, "mail", Default::default());
    events::fix_next_round(&mut s, 2, cards, None);
    edit(&mut s);
    let s = game::close_step(b, &s, &[]).state;
    assert_eq!((s.round, s.step), (2, Step::Events));
    s
}

/// The indented example lines of a prompt (the lines a player copies).
fn examples(prompt: &str) -> Vec<String> {
    prompt
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   ") && !l.starts_with("  ·"))
        .map(|l| l.trim().to_string())
        .filter(|l| l.contains(':') || l.contains(':'))
        .collect()
}

fn accepted(b: &maester_board::Board, s: &GameState, house: &str, line: &str, lang: Lang) {
    let r = check(b, s.clone(), house, None, line, lang).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        r.valid,
        "{house}: offered `{line}` is refused: {:?}",
        r.errors
    );
}

/// The prompt in each reader's script; Traditional is what a zh-Hant seat reads.
fn prompts(
    b: &maester_board::Board,
    s: &GameState,
    h: maester_board::HouseId,
) -> Vec<(String, Lang)> {
    let zh = what_to_send(b, s, h, Lang::Zh);
    vec![
        (Script::Traditional.write(&zh), Lang::Zh),
        (zh, Lang::Zh),
        (what_to_send(b, s, h, Lang::En), Lang::En),
    ]
}

/// Round 2's Mustering event with Martell at the lowest supply (armies of 2 and 2) holding
/// Sunspear 2 and Salt Shore 2: a new land unit in either breaks supply (004:L747).
fn tight_martell(w: &kit::W) -> GameState {
    let m = w.h("martell");
    let salt = w.a("salt-shore");
    round_two_after(
        &w.b,
        [
            EventCard::Muster,
            EventCard::GameOfThrones { wildlings: false },
            EventCard::SeaOfStorms,
        ],
        |s| {
            s.house_mut(m).barrels = 0;
            s.area_mut(salt)
                .units
                .push(maester_rules::Unit::new(maester_board::UnitKind::Footman));
        },
    )
}

#[test]
fn no_fortification_is_offered_where_one_stands_a_58() {
    let w = start();
    let bar = w.h("baratheon");
    let (stone, wood) = (w.a("dragonstone"), w.a("kingswood"));
    let mut s = round_two_after(
        &w.b,
        [
            EventCard::Supply,
            EventCard::GameOfThrones { wildlings: false },
            EventCard::SeaOfStorms,
        ],
        |s| {
            for a in [stone, wood] {
                s.economy
                    .cp_income
                    .push(maester_rules::event_phase::economy::CpIncome {
                        house: bar,
                        area: a,
                        round: 1,
                        income: 1,
                    });
            }
            s.area_mut(stone).fortification = Some(bar);
        },
    );
    for (prompt, lang) in prompts(&w.b, &s, bar) {
        let stone_name = w.b.area(stone).name(lang).to_string();
        let fortify_lines: Vec<&str> = prompt
            .lines()
            .filter(|l| l.contains("防御工事") || l.contains("防禦工事") || l.contains("fortif"))
            .collect();
        assert!(
            !fortify_lines
                .iter()
                .any(|l| l.contains(&stone_name)
                    || l.contains(&Script::Traditional.write(&stone_name))),
            "Dragonstone is fortified already: {prompt}"
        );
        assert!(
            !fortify_lines.is_empty(),
            "Kingswood may be fortified: {prompt}"
        );
        for ex in examples(&prompt) {
            accepted(&w.b, &s, "baratheon", &ex, lang);
        }
    }
    // With the only income where a fortification stands, Baratheon is not asked at all.
    s.economy.cp_income.retain(|c| c.area == stone);
    assert!(!game::expected(&w.b, &s).contains(&bar));
}

#[test]
fn every_muster_and_port_offered_is_accepted_and_sunspear_is_not_offered_over_supply_004_l747() {
    let w = start();
    let s = tight_martell(&w);
    for key in [
        "stark",
        "greyjoy",
        "lannister",
        "baratheon",
        "tyrell",
        "martell",
    ] {
        let h = w.h(key);
        for (prompt, lang) in prompts(&w.b, &s, h) {
            let ex = examples(&prompt);
            assert!(!ex.is_empty(), "{key}: no example: {prompt}");
            for line in ex {
                accepted(&w.b, &s, key, &line, lang);
            }
            // Every castle's listed item, written as a line of its own.
            for o in game::muster_options(&w.b, &s, h) {
                for it in &o.items {
                    let plan = maester_rules::armies::muster::MusterPlan {
                        items: vec![it.clone()],
                    };
                    let budget = maester_rules::armies::muster::points(&w.b, &s, h);
                    let ports = maester_rules::armies::muster::ports_now(&w.b, &s);
                    assert!(
                        maester_rules::armies::muster::check(&w.b, &s, h, &plan, &budget, &ports)
                            .is_ok()
                    );
                }
            }
        }
    }
    // The case: Martell's `muster: Sunspear 1F` breaks supply; it is not the example.
    let m = w.h("martell");
    let sunspear = w.b.area(w.a("sunspear")).name(Lang::En).to_string();
    let refused = check(
        &w.b,
        s.clone(),
        "martell",
        None,
        &format!("muster: {sunspear} 1F"),
        Lang::En,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(!refused.valid);
    let en = what_to_send(&w.b, &s, m, Lang::En);
    let refused_line = format!("muster: {sunspear} 1F");
    assert!(!en.lines().any(|l| l.trim() == refused_line), "{en}");
    assert!(en.contains("supply is full"), "{en}");
}

#[test]
fn a_muster_over_supply_names_the_armies_and_the_allowance_with_its_line_004_l747() {
    let w = start();
    let s = tight_martell(&w);
    let sunspear = w.a("sunspear");
    let zh = check(
        &w.b,
        s.clone(),
        "martell",
        None,
        &format!(
            "出价: 0 0 0\n征兵: {} 1F",
            w.b.area(sunspear).name(Lang::Zh)
        ),
        Lang::Zh,
    );
    // No Clash of Kings this round: the first line is refused too, on its own line.
    let zh = zh.unwrap_or_else(|e| panic!("{e}"));
    let supply = zh
        .errors
        .iter()
        .find(|e| e.message.contains("补给上限"))
        .unwrap_or_else(|| panic!("{:?}", zh.errors));
    assert_eq!(supply.line, 2, "{supply:?}");
    let name = w.b.area(sunspear).name(Lang::Zh);
    let salt = w.b.area(w.a("salt-shore")).name(Lang::Zh);
    assert!(
        supply.message.contains("你的军团为")
            && supply.message.contains(&format!("{name} 2"))
            && supply.message.contains(&format!("{salt} 2")),
        "{}",
        supply.message
    );
    assert!(
        supply.message.contains("补给轨道只允许规模为2、2的军团"),
        "{}",
        supply.message
    );
    assert!(
        supply.message.contains(&format!("{name}的军团达到3个单位")),
        "{}",
        supply.message
    );
    let en = check(
        &w.b,
        s,
        "martell",
        None,
        &format!("muster: {} 1F", w.b.area(sunspear).name(Lang::En)),
        Lang::En,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let m = &en.errors[0].message;
    assert_eq!(en.errors[0].line, 1);
    assert!(
        m.contains("your armies are") && m.contains("the supply track allows armies of"),
        "{m}"
    );
}

/// Round 2 with a Clash of Kings and a wildling attack: every house bids from its 5 tokens.
fn clash_and_wildlings(w: &kit::W) -> GameState {
    round_two_after(
        &w.b,
        [
            EventCard::Supply,
            EventCard::ClashOfKings,
            EventCard::WildlingAttack,
        ],
        |_| {},
    )
}

#[test]
fn bids_with_a_port_over_the_hand_are_refused_whole_with_every_item_a_64() {
    let w = start();
    let s = clash_and_wildlings(&w);
    let stark = w.h("stark");
    let hand = s.house(stark).power;
    let port = game::port_options(
        &w.b,
        &s,
        stark,
        maester_rules::event_phase::build::BuildWindow::EventPhase,
    )
    .into_iter()
    .next()
    .unwrap_or_else(|| panic!("Stark can build a port"));
    let site = w.b.area(port.province).name(Lang::Zh).to_string();
    let cost = port.cost;
    // The reviewer's mail: bids 1 1 0, a wildling bid of 1, a port; one token too many.
    let bids = hand - cost - 1;
    let mail = format!("出价: 1 {bids} 0\n野人: 1\n建造港口: {site}");
    let r =
        check(&w.b, s.clone(), "stark", None, &mail, Lang::Zh).unwrap_or_else(|e| panic!("{e}"));
    assert!(!r.valid, "{mail}");
    let e = &r.errors[0];
    assert!(
        e.message.contains(&format!("共花费{}个", hand + 1))
            && e.message.contains(&format!("建造港口({site}){cost}个"))
            && e.message.contains(&format!("诸王争霸出价{}个", 1 + bids))
            && e.message.contains("野人出价1个")
            && e.message.contains(&format!("手中{hand}个")),
        "{}",
        e.message
    );
    let quoted: Vec<usize> = std::iter::once(e.line)
        .chain(e.also.iter().map(|q| q.line))
        .collect();
    assert_eq!(quoted, vec![1, 2, 3], "every spending line: {e:?}");
    // Without the wildling bid it fits, and so does the wildling bid without the port.
    for ok in [
        format!("出价: 1 {bids} 0\n建造港口: {site}"),
        format!("出价: 1 {bids} 0\n野人: 1"),
    ] {
        let r =
            check(&w.b, s.clone(), "stark", None, &ok, Lang::Zh).unwrap_or_else(|e| panic!("{e}"));
        assert!(r.valid, "{ok}: {:?}", r.errors);
    }
    // Bids alone within the hand, over it with the port: refused too, in English.
    let en_site = w.b.area(port.province).name(Lang::En);
    let over = format!("bid: {} 0 0\nbuild port at {en_site}", hand - cost + 1);
    let r =
        check(&w.b, s.clone(), "stark", None, &over, Lang::En).unwrap_or_else(|e| panic!("{e}"));
    assert!(!r.valid, "{over}");
    assert!(
        r.errors[0]
            .message
            .contains(&format!("port at {en_site} {cost}"))
            && r.errors[0].fix.contains("1 power token fewer"),
        "{:?}",
        r.errors[0]
    );
    // The prompt's limit counts the building and the wildling bid.
    let zh = what_to_send(&w.b, &s, stark, Lang::Zh);
    assert!(
        zh.contains("连同野人出价和建造港口、防御工事的费用"),
        "{zh}"
    );
    let en = what_to_send(&w.b, &s, stark, Lang::En);
    assert!(en.contains("the cost of any port or fortification"), "{en}");
}

#[test]
fn a_refusal_s_examples_are_the_house_s_own_and_legal_in_the_open_step() {
    let w = start();
    for s in [clash_and_wildlings(&w), tight_martell(&w)] {
        for key in [
            "stark",
            "greyjoy",
            "lannister",
            "baratheon",
            "tyrell",
            "martell",
        ] {
            let h = w.h(key);
            for lang in [Lang::Zh, Lang::En] {
                let hint = maester_words::guide::refusal_hint(&w.b, &s, h, lang);
                for ex in examples(&hint) {
                    accepted(&w.b, &s, key, &ex, lang);
                }
                let muster = current_muster(&s);
                assert!(
                    muster || !(hint.contains("征兵") || hint.contains("muster")),
                    "{key}: no Mustering this round: {hint}"
                );
            }
        }
    }
}

fn current_muster(s: &GameState) -> bool {
    events::current(s).is_some_and(|e| e.has(EventCard::Muster))
}

#[test]
fn the_bid_and_wildling_examples_copied_together_fit_any_hand_a_64() {
    let w = start();
    let stark = w.h("stark");
    for power in 1..=5 {
        let mut s = clash_and_wildlings(&w);
        s.house_mut(stark).power = power;
        for (prompt, lang) in prompts(&w.b, &s, stark) {
            let bids: Vec<String> = examples(&prompt)
                .into_iter()
                .filter(|l| {
                    ["出价", "出價", "野人", "bid", "wildlings"]
                        .iter()
                        .any(|k| l.starts_with(k))
                })
                .collect();
            assert_eq!(bids.len(), 2, "{power}: {prompt}");
            accepted(&w.b, &s, "stark", &bids.join("\n"), lang);
        }
    }
}
