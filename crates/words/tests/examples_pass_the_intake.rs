//! Never offer what would be refused, in the military steps and the welcome: every example line
//! a house is shown — the welcome, the placement prompt, the Raven and plan prompts with their
//! leader lines, the no-leader warning, a refused mail's hint — is sent through the intake's
//! own reading and check for that house in that state (Simplified, Traditional and English),
//! for houses of every King's Court rank (004:L1196), and names only areas it holds.

mod kit;

use kit::start;
use maester_board::{Board, HouseId, Lang};
use maester_game as game;
use maester_rules::{GameState, Step, Track};
use maester_words::asks::what_to_send;
use maester_words::check::check;
use maester_words::hant::Script;

const HOUSES: [&str; 6] = [
    "stark",
    "greyjoy",
    "lannister",
    "baratheon",
    "tyrell",
    "martell",
];

/// The lines a player copies: the indented lines under a header that offers an example, the
/// secret's line left out.
fn copied(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut open = false;
    for l in text.lines() {
        if !l.starts_with(' ') {
            open = ["例如", "e.g.", "示例", "looks like this"]
                .iter()
                .any(|w| l.contains(w));
            continue;
        }
        let t = l.trim();
        let secret = ["密码", "密碼", "secret"].iter().any(|s| t.starts_with(s));
        if open && l.starts_with("  ") && !l.starts_with("   ") && !t.starts_with('·') && !secret {
            out.push(t.to_string());
        }
    }
    out
}

fn key(b: &Board, h: HouseId) -> String {
    b.house(h).key.clone()
}

fn accepted(b: &Board, s: &GameState, h: HouseId, step: Step, text: &str, lang: Lang) -> bool {
    check(b, s.clone(), &key(b, h), Some(step.key()), text, lang)
        .unwrap_or_else(|e| panic!("{e}"))
        .valid
}

/// The text in each reader's script, with the language its lines are read in.
fn scripts(zh: String, en: String) -> Vec<(String, Lang)> {
    vec![
        (Script::Traditional.write(&zh), Lang::Zh),
        (zh, Lang::Zh),
        (en, Lang::En),
    ]
}

/// Round 1's placement with the King's Court turned `r` places: every house at every rank.
fn placement_at(b: &Board, r: usize) -> GameState {
    let mut s = GameState::new_game(b);
    s.tracks[Track::KingsCourt as usize].rotate_left(r);
    s
}

/// The state after placement closed with every house's own placement example sent.
fn examples_placed(b: &Board, s: &GameState) -> GameState {
    let subs: Vec<(HouseId, game::Submission)> = HOUSES
        .iter()
        .filter_map(|k| {
            let h = b.house_by_key(k)?;
            let lines = copied(&what_to_send(b, s, h, Lang::En))
                .into_iter()
                .filter(|l| accepted(b, s, h, Step::Placement, l, Lang::En))
                .collect::<Vec<_>>()
                .join("\n");
            let parsed = maester_lang::submit::parse_mail(b, s, &lines, Lang::En);
            Some((h, parsed.submission?))
        })
        .collect();
    assert_eq!(subs.len(), 6, "every house has a placement example");
    game::close_step(b, s, &subs).state
}

#[test]
fn the_placement_prompt_and_the_welcome_offer_only_legal_orders_at_every_rank_004_l1196() {
    let w = start();
    for r in 0..6 {
        let s = placement_at(&w.b, r);
        let plan_state = examples_placed(&w.b, &s);
        for k in HOUSES {
            let h = w.h(k);
            let rank = s.rank(Track::KingsCourt, h);
            let allowed = w.b.rules.special_orders(rank);
            let welcome = |lang| {
                let sections = maester_words::welcome::sections(&w.b, &s, h, &[], None, lang);
                let wl = maester_words::welcome::Welcome {
                    game: "g",
                    house: h,
                    player: "P",
                    secret: "x",
                    seed_hash: "0",
                    deadline: "soon",
                    sections: &sections,
                    schedule: "",
                };
                maester_words::welcome::text(&w.b, &s, &wl, lang)
            };
            let texts = [
                scripts(
                    what_to_send(&w.b, &s, h, Lang::Zh),
                    what_to_send(&w.b, &s, h, Lang::En),
                ),
                scripts(welcome(Lang::Zh), welcome(Lang::En)),
            ];
            for lang in [Lang::Zh, Lang::En] {
                // A refused mail's hint: this house's own orders, legal now.
                let hint = maester_words::guide::refusal_hint(&w.b, &s, h, lang);
                let lines = copied(&hint);
                assert!(!lines.is_empty(), "{k}: {hint}");
                for l in lines {
                    assert!(
                        accepted(&w.b, &s, h, Step::Placement, &l, lang)
                            || accepted(&w.b, &plan_state, h, Step::Plan, &l, lang),
                        "{k} rank {rank}: `{l}` is refused: {hint}"
                    );
                }
            }
            for (text, lang) in texts.into_iter().flatten() {
                let lines = copied(&text);
                let orders: Vec<&String> = lines
                    .iter()
                    .filter(|l| accepted(&w.b, &s, h, Step::Placement, l, lang))
                    .collect();
                assert!(
                    !orders.is_empty(),
                    "{k} rank {rank}: no order example: {text}"
                );
                let all = orders
                    .iter()
                    .map(|l| l.as_str())
                    .collect::<Vec<_>>()
                    .join("\n");
                assert!(
                    accepted(&w.b, &s, h, Step::Placement, &all, lang),
                    "{k} rank {rank}: the example orders together are refused: {all}"
                );
                let specials = orders.iter().filter(|l| l.contains('+')).count();
                assert!(
                    specials <= allowed as usize,
                    "{k} rank {rank} ({allowed} allowed): {text}"
                );
                // The rest are the plan's leader lines, for the orders just shown.
                for l in lines.iter().filter(|l| !orders.contains(l)) {
                    assert!(
                        accepted(&w.b, &plan_state, h, Step::Plan, l, lang),
                        "{k} rank {rank}: `{l}` is refused: {text}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_raven_and_plan_prompts_offer_each_house_its_own_marches_and_leaders() {
    let w = start();
    for r in [0, 3] {
        let placed = examples_placed(&w.b, &placement_at(&w.b, r));
        assert_eq!(placed.step, Step::Raven);
        let plan = game::close_step(&w.b, &placed, &[]).state;
        assert_eq!(plan.step, Step::Plan);
        for s in [&placed, &plan] {
            for k in HOUSES {
                let h = w.h(k);
                let zh = what_to_send(&w.b, s, h, Lang::Zh);
                let en = what_to_send(&w.b, s, h, Lang::En);
                for (text, lang) in scripts(zh, en) {
                    let lines = copied(&text);
                    assert!(!lines.is_empty(), "{k}: no example in {:?}: {text}", s.step);
                    for l in lines {
                        assert!(
                            accepted(&w.b, s, h, s.step, &l, lang),
                            "{k} in {:?}: `{l}` is refused: {text}",
                            s.step
                        );
                    }
                    let hint = maester_words::guide::refusal_hint(&w.b, s, h, lang);
                    for l in copied(&hint) {
                        assert!(accepted(&w.b, s, h, s.step, &l, lang), "{k}: {hint}");
                    }
                }
            }
        }
    }
}

#[test]
fn a_house_without_a_march_is_offered_no_march_and_the_plan_example_is_its_own() {
    let w = start();
    let s = placement_at(&w.b, 0);
    let tyrell = w.h("tyrell");
    // Every house places its example but Tyrell, who sends `无`.
    let subs: Vec<(HouseId, game::Submission)> = HOUSES
        .iter()
        .filter(|k| **k != "tyrell")
        .filter_map(|k| {
            let h = w.b.house_by_key(k)?;
            let lines = copied(&what_to_send(&w.b, &s, h, Lang::Zh))
                .into_iter()
                .filter(|l| accepted(&w.b, &s, h, Step::Placement, l, Lang::Zh))
                .collect::<Vec<_>>()
                .join("\n");
            Some((
                h,
                maester_lang::submit::parse_mail(&w.b, &s, &lines, Lang::Zh).submission?,
            ))
        })
        .collect();
    let raven = game::close_step(&w.b, &s, &subs).state;
    assert_eq!(raven.step, Step::Raven);
    let zh = what_to_send(&w.b, &raven, tyrell, Lang::Zh);
    assert!(
        !zh.contains("移动到") && zh.contains("你没有行军或突袭命令"),
        "{zh}"
    );
    for l in copied(&zh) {
        assert!(
            accepted(&w.b, &raven, tyrell, Step::Raven, &l, Lang::Zh),
            "`{l}`: {zh}"
        );
    }
    // Greyjoy's plan example is Greyjoy's own, not Stark's.
    let greyjoy = w.h("greyjoy");
    let en = what_to_send(&w.b, &raven, greyjoy, Lang::En);
    assert!(!en.contains("Winterfell"), "{en}");
    let own = copied(&en);
    assert!(own.iter().any(|l| l.starts_with("1) ")), "{en}");
}

#[test]
fn the_no_leader_warning_deploys_a_leader_on_the_player_s_own_march() {
    let w = start();
    let mut s = placement_at(&w.b, 0);
    let greyjoy = w.h("greyjoy");
    let (gw, pyke) = (w.a("greywater-watch"), w.a("pyke"));
    let march = maester_board::Order {
        kind: maester_board::OrderType::March,
        special: false,
    };
    let support = maester_board::Order {
        kind: maester_board::OrderType::Support,
        special: false,
    };
    s.area_mut(gw).order = Some(march);
    s.area_mut(pyke).order = Some(support);
    s.step = Step::Plan;
    // The reviewer's plan: Greywater Watch to Moat Cailin, no leader.
    let to = w.b.area(w.a("moat-cailin")).name(Lang::En).to_string();
    let text = format!("1) {} units move to {to}", w.b.area(gw).name(Lang::En));
    assert!(accepted(&w.b, &s, greyjoy, Step::Plan, &text, Lang::En));
    let parsed = maester_lang::submit::parse_mail(&w.b, &s, &text, Lang::En);
    let Some(game::Submission::Plan(plan)) = parsed.submission else {
        panic!("{:?}", parsed.errors)
    };
    for lang in [Lang::En, Lang::Zh] {
        let warn = maester_words::teach::no_leader_warning(&w.b, &s, greyjoy, &plan, lang)
            .unwrap_or_else(|| panic!("no warning"));
        let to = w.b.area(w.a("moat-cailin")).name(lang);
        assert!(
            warn.contains(&format!("{to}(")) || warn.contains(&format!("{to} (")),
            "{warn}"
        );
        let quoted: Vec<&str> = warn.split(['「', '」', '"']).skip(1).step_by(2).collect();
        assert!(!quoted.is_empty(), "{warn}");
        for l in quoted {
            assert!(
                accepted(&w.b, &s, greyjoy, Step::Plan, l, lang),
                "`{l}`: {warn}"
            );
        }
    }
}

#[test]
fn a_substitute_s_welcome_shows_only_areas_the_house_holds_now() {
    let w = start();
    let mut s = placement_at(&w.b, 0);
    let greyjoy = w.h("greyjoy");
    // Greyjoy lost Greywater Watch; another step than placement is open.
    let gw = w.a("greywater-watch");
    s.area_mut(gw).units.clear();
    s.area_mut(gw).house = None;
    s.step = Step::Plan;
    for lang in [Lang::Zh, Lang::En] {
        let sections = maester_words::welcome::sections(&w.b, &s, greyjoy, &[], None, lang);
        let name = w.b.area(gw).name(lang);
        assert!(!sections.contains(name), "{sections}");
        let lines = copied(&sections);
        assert!(!lines.is_empty(), "{sections}");
        let all = lines.join("\n");
        assert!(
            accepted(&w.b, &s, greyjoy, Step::Placement, &all, lang),
            "{sections}"
        );
        assert!(
            !all.contains('+'),
            "rank 6 gives no special order: {sections}"
        );
    }
}

/// Round 2's placement after an event phase with `cards`, `edit` made before it.
fn round_two_placement(
    b: &Board,
    cards: [maester_rules::event_phase::events::EventCard; 3],
    edit: impl Fn(&mut GameState),
) -> GameState {
    use maester_rules::event_phase::events;
    let mut s = GameState::new_game(b);
    events::start_game(b, &mut s, "mail", Default::default());
    events::fix_next_round(&mut s, 2, cards, None);
    for _ in 0..6 {
        if (s.round, s.step) == (2, Step::Placement) {
            break;
        }
        s = game::close_step(b, &s, &[]).state;
    }
    assert_eq!((s.round, s.step), (2, Step::Placement));
    edit(&mut s);
    s
}

#[test]
fn round_two_s_placement_examples_keep_the_round_s_bans_a_66_a_45() {
    use maester_rules::event_phase::events::EventCard;
    let w = start();
    let got = EventCard::GameOfThrones { wildlings: false };
    let states = [
        // Storm of Swords: no defence; the wildlings' penalty: no special order this round.
        round_two_placement(
            &w.b,
            [EventCard::Supply, got, EventCard::StormOfSwords],
            |s| {
                s.economy.special_orders_banned = Some(2);
            },
        ),
        // Rough seas: no order at sea; Sea of Storms would ban raids.
        round_two_placement(&w.b, [EventCard::Supply, got, EventCard::RoughSeas], |s| {
            s.tracks[Track::KingsCourt as usize].rotate_left(1);
        }),
        round_two_placement(
            &w.b,
            [EventCard::Supply, got, EventCard::SeaOfStorms],
            |_| {},
        ),
    ];
    for (i, s) in states.iter().enumerate() {
        for k in HOUSES {
            let h = w.h(k);
            let zh = what_to_send(&w.b, s, h, Lang::Zh);
            let en = what_to_send(&w.b, s, h, Lang::En);
            for (text, lang) in scripts(zh, en) {
                let orders: Vec<String> = copied(&text)
                    .into_iter()
                    .filter(|l| accepted(&w.b, s, h, Step::Placement, l, lang))
                    .collect();
                assert!(!orders.is_empty(), "{k} in state {i}: {text}");
                assert!(
                    accepted(&w.b, s, h, Step::Placement, &orders.join("\n"), lang),
                    "{k} in state {i}: {orders:?}"
                );
                if i == 0 {
                    assert!(!orders.iter().any(|l| l.contains('+')), "{k}: {text}");
                }
            }
        }
    }
}
