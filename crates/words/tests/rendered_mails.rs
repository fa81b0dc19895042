//! The mails as a player reads them, built from real states of a game (the start, round 2's
//! event phase with a Mustering, a Clash of Kings and a wildling attack, its answers, the next
//! placement): the welcome, what each house is asked, the reports' sentences and the report and
//! answer templates filled with them, the deadlines and notices, the help of every step.
//! Converted to Traditional they keep no Simplified character (the converter's phrase tables
//! read 天后 in 约 2 天后 and 轮回 in 第二轮回答 as words of their own), and the rendered
//! report and answer keep their sections apart by one empty line at most.

mod kit;

use kit::start;
use maester_board::{Board, HouseId, Lang};
use maester_game as game;
use maester_rules::event_phase::events::{self, EventCard};
use maester_rules::{GameState, Step};
use maester_words::Spelling;
use maester_words::asks::{default_text, what_to_send};
use maester_words::cite::for_player;
use maester_words::economy::Describe;
use maester_words::hant::to_traditional;
use maester_words::render::Templates;
use maester_words::{deadlines, guide, notices, welcome, yours};
use minijinja::context;

/// Characters only Simplified writes (their Traditional forms differ); 后 stands for 後 in
/// every sentence of maester (none speaks of a queen).
const SIMPLIFIED_ONLY: &str =
    "这们说时间发军个临区将为请势图东么还进过应该与当从门头红换补动狮后讨论轮决选";
/// Phrases the converter takes for words of their own.
const TRAPS: &[&str] = &["天后", "輪迴"];

fn step_name(s: Step, lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => s.name_zh(),
        Lang::En => s.name_en(),
    }
}

const DEADLINE: &str = "2026年11月30日 18:35 (北京时间/Asia/Shanghai)";

/// One state of the game and what the close that led to it logged.
struct Stage {
    state: GameState,
    economy: Vec<String>,
    provisional: Vec<String>,
    silent: Vec<(Step, HouseId)>,
}

/// The start, round 2's event step, its answers step and round 2's placement.
fn stages(b: &Board, lang: Lang) -> Vec<Stage> {
    let mut s = GameState::new_game(b);
    events::start_game(b, &mut s, "mail", Default::default());
    events::fix_next_round(
        &mut s,
        2,
        [
            EventCard::Muster,
            EventCard::ClashOfKings,
            EventCard::WildlingAttack,
        ],
        None,
    );
    let mut out = vec![Stage {
        state: s.clone(),
        economy: Vec::new(),
        provisional: Vec::new(),
        silent: Vec::new(),
    }];
    for _ in 0..3 {
        let o = game::close_step(b, &s, &[]);
        let said = |v: &[maester_rules::log_events::EconomyEvent]| -> Vec<String> {
            v.iter()
                .map(|e| for_player(&e.describe(b, lang), lang))
                .collect()
        };
        s = o.state.clone();
        out.push(Stage {
            state: o.state.clone(),
            economy: said(&o.economy),
            provisional: said(&o.provisional),
            silent: o.silent(),
        });
    }
    let steps: Vec<(u8, Step)> = out.iter().map(|x| (x.state.round, x.state.step)).collect();
    assert_eq!(
        steps,
        vec![
            (1, Step::Placement),
            (2, Step::Events),
            (2, Step::EventsAnswers),
            (2, Step::Placement)
        ]
    );
    out
}

/// A report as the shell fills the template: the house's block, the log, the defaults, the
/// tracks and the houses, what to send next.
fn report(b: &Board, t: &Templates, st: &Stage, h: HouseId, lang: Lang) -> String {
    let closed = yours::Closed {
        board: b,
        before: None,
        after: &st.state,
        log: &[],
        economy: &[],
        provisional: &[],
        silent: &st.silent,
    };
    let (heading, next_heading, template_heading) = yours::headings(b.house(h).name(lang), lang);
    let step = step_name(st.state.step, lang);
    let deadline = deadlines::with_relative(DEADLINE, 2 * 24 * 60 + 3, lang);
    let asked = game::expected(b, &st.state).contains(&h);
    let tpl = yours::template(b, &st.state, h, lang);
    let defaults: Vec<String> = st
        .silent
        .iter()
        .map(|(s, x)| for_player(&default_text(b, *s, *x, lang), lang))
        .collect();
    let houses: Vec<minijinja::Value> = b
        .house_ids()
        .map(|x| {
            context! {
                name => b.house(x).name(lang),
                power => st.state.house(x).power,
                power_on_map => 0,
                barrels => 1,
                castles => 1,
                leaders_available => vec!["A", "B"],
                leaders_resting => Vec::<String>::new(),
            }
        })
        .collect();
    let ctx = context! {
        game => "g1",
        round => st.state.round,
        closed => step,
        house => b.house(h).name(lang),
        yours => context! {
            heading,
            happened => yours::happened(&closed, h, lang),
            next_heading,
            next => yours::next_line(st.state.round, step, &deadline, asked, lang),
            template_heading,
            template => tpl.lines.clone(),
            notes => tpl.notes.clone(),
        },
        economy => st.economy.clone(),
        provisional => st.provisional.clone(),
        defaults,
        map_lines => vec!["  A", "  B"],
        tracks => context! { iron_throne => "1", fiefdoms => "2", kings_court => "3" },
        map => context! { houses, wildlings => 2 },
        next_round => st.state.round,
        next_step => step,
        deadline,
        instructions => for_player(&what_to_send(b, &st.state, h, lang), lang),
    };
    t.render("report", lang, &ctx)
        .unwrap_or_else(|e| panic!("the report renders: {e}"))
}

/// An answer to a `无` mail as the intake fills the template: the default the house takes,
/// who is still awaited, the deadline.
fn answer(t: &Templates, step: Step, lang: Lang) -> String {
    let info = format!("{}\n", for_player(&guide::pass_means(step, lang), lang));
    let waiting = format!(
        "{}\n",
        notices::still_waiting(2, 6, &["A".into(), "B".into()], lang)
    );
    let ctx = context! {
        player => "Arya",
        house => "Stark",
        accepted => true,
        step => step_name(step, lang),
        game => "g1",
        round => 2,
        echo => Vec::<String>::new(),
        info,
        waiting,
        deadline => deadlines::with_relative(DEADLINE, 3 * 24 * 60, lang),
    };
    t.render("reply", lang, &ctx)
        .unwrap_or_else(|e| panic!("the answer renders: {e}"))
}

/// Every text of the game in `lang`, named by what it is.
fn texts(lang: Lang) -> Vec<(String, String)> {
    let w = start();
    let b = &w.b;
    let t = match Templates::load(None) {
        Ok(t) => t,
        Err(e) => panic!("{e}"),
    };
    let mut out: Vec<(String, String)> = Vec::new();
    let stages = stages(b, lang);
    let roster: Vec<(HouseId, String)> = b.house_ids().map(|h| (h, "P".to_string())).collect();
    for h in b.house_ids() {
        let name = b.house(h).key.clone();
        out.push((
            format!("welcome {name}"),
            welcome::sections(b, &stages[0].state, h, &roster, Some("gm@x"), lang),
        ));
        for st in &stages {
            let at = format!("{name} {:?}", st.state.step);
            out.push((
                format!("asks {at}"),
                for_player(&what_to_send(b, &st.state, h, lang), lang),
            ));
            out.push((format!("report {at}"), report(b, &t, st, h, lang)));
            out.push((
                format!("hint {at}"),
                for_player(&guide::refusal_hint(b, &st.state, h, lang), lang),
            ));
        }
    }
    for step in [
        Step::Placement,
        Step::Raven,
        Step::Plan,
        Step::Events,
        Step::EventsAnswers,
        Step::Retreat,
    ] {
        out.push((format!("answer {step:?}"), answer(&t, step, lang)));
        out.push((
            format!("help {step:?}"),
            for_player(&guide::help(step, lang), lang),
        ));
    }
    for minutes in [5, 90, 300, 1440, 2879, 2880, 3000, 4320, 10080] {
        out.push((
            format!("deadline in {minutes} min"),
            deadlines::with_relative(DEADLINE, minutes, lang),
        ));
        let (subject, body) = notices::reminder(
            &notices::Reminder {
                step: step_name(Step::Events, lang),
                round: 2,
                deadline: &deadlines::with_relative(DEADLINE, minutes, lang),
                before: "24h",
                what: &what_to_send(b, &stages[1].state, w.h("stark"), lang),
                default: &default_text(b, Step::Events, w.h("stark"), lang),
                waiting: &notices::still_waiting(1, 6, &["A".into()], lang),
            },
            lang,
        );
        out.push((
            format!("reminder {minutes}"),
            for_player(&format!("{subject}\n{body}"), lang),
        ));
    }
    for hours in [3, 24, 50, 72] {
        out.push((
            format!("outage {hours} h"),
            deadlines::outage_text(hours, lang),
        ));
    }
    out
}

/// The first text that breaks `ok`, with a few characters around the place.
fn around(text: &str, at: usize) -> String {
    let from = text[..at]
        .char_indices()
        .rev()
        .nth(20)
        .map_or(0, |(i, _)| i);
    let to = text[at..]
        .char_indices()
        .nth(20)
        .map_or(text.len(), |(i, _)| at + i);
    text[from..to].to_string()
}

#[test]
fn traditional_mails_keep_no_simplified_character() {
    for (simplified, traditional) in [
        ("约 2 天后", "約 2 天後"),
        ("约 3 天 2 小时后", "約 3 天 2 小時後"),
        (
            "暂定结果(第二轮回答之前,未回答者按默认)",
            "暫定結果(第二輪回答之前,未回答者按默認)",
        ),
        (
            "暂定结果在第二轮回答后才生效",
            "暫定結果在第二輪回答後才生效",
        ),
    ] {
        assert_eq!(to_traditional(simplified), traditional);
    }
    let texts = texts(Lang::Zh);
    assert!(texts.len() > 80, "{} texts", texts.len());
    let mut wrong = Vec::new();
    for (what, zh) in &texts {
        let hant = to_traditional(zh);
        for trap in TRAPS {
            if let Some(at) = hant.find(trap) {
                wrong.push(format!("{what}: {trap} in …{}…", around(&hant, at)));
            }
        }
        if let Some((at, c)) = hant
            .char_indices()
            .find(|(_, c)| SIMPLIFIED_ONLY.contains(*c))
        {
            wrong.push(format!("{what}: {c} in …{}…", around(&hant, at)));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn reports_and_answers_keep_one_empty_line_between_sections() {
    for lang in [Lang::Zh, Lang::En] {
        let texts = texts(lang);
        let mut rendered = 0;
        for (what, text) in texts
            .iter()
            .filter(|(w, _)| w.starts_with("report") || w.starts_with("answer"))
        {
            rendered += 1;
            let lines: Vec<&str> = text.lines().collect();
            for (i, pair) in lines.windows(2).enumerate() {
                assert!(
                    !(pair[0].trim().is_empty() && pair[1].trim().is_empty()),
                    "{what}: two empty lines after line {i}:\n{text}"
                );
            }
        }
        assert!(rendered > 20, "{rendered} rendered mails");
    }
}

/// A ruling's words a player reads (`规则:…`, `rule: …`) open a parenthesis or follow a `;`
/// or a `,` in one (`(附录1, 规则:…)`): never inside a clause (`按规则:…默认裁军`). A
/// `规则:` that ends its line is a heading, not a reference; the help (the player's guide) is
/// prose that speaks of rules in words of its own ("lists each with its rule: …") and is left
/// out.
#[test]
fn rulings_stand_in_parentheses_in_every_mail() {
    let mut wrong = Vec::new();
    let mut seen = 0;
    for lang in [Lang::Zh, Lang::En] {
        for (what, text) in texts(lang) {
            if what.starts_with("help") {
                continue;
            }
            for mark in ["规则:", "rule: "] {
                for (at, _) in text.match_indices(mark) {
                    seen += 1;
                    let before = text[..at].trim_end();
                    if text[at + mark.len()..].starts_with('\n') {
                        continue;
                    }
                    if !before.ends_with(['(', ';', ',', ',']) {
                        wrong.push(format!("{what}: …{}…", around(&text, at)));
                    }
                }
            }
        }
    }
    assert!(seen > 20, "{seen} rulings read");
    assert!(wrong.is_empty(), "{wrong:#?}");
}
