//! The player's guide cannot rot: every example block of `docs/players.*.md` is read through
//! the order language (`lang::parse_submission`) and through the submission adapter of its
//! step (`lang::submit::parse_mail`), and must be read whole — no error, no ignored line; the
//! Traditional guide is the Simplified one converted.

use maester_board::{Board, Lang};
use maester_rules::{GameState, Step};
use maester_words::guide;

fn board() -> Board {
    match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    }
}

/// A state at `step`, with the optional one-time orders on (the guide shows them).
fn state_at(b: &Board, step: Step) -> GameState {
    let mut s = GameState::new_game(b);
    maester_rules::optional::one_time::enable(b, &mut s);
    s.step = step;
    s
}

/// Every failure of a guide's examples, as readable lines.
fn failures(guide_text: &str, name: &str, lang: Lang) -> (usize, Vec<String>) {
    let b = board();
    let names = maester_lang::submit::names(&b);
    let examples = guide::examples(guide_text);
    let mut bad = Vec::new();
    for ex in &examples {
        let steps: Vec<Step> = match ex.step {
            Some(s) => vec![s],
            None if ex.key == "any" => vec![Step::Placement, Step::Plan, Step::Events],
            None => {
                bad.push(format!(
                    "{name}:{}: unknown block key {:?}",
                    ex.line, ex.key
                ));
                continue;
            }
        };
        let p = maester_lang::parse_submission(&ex.text, &names);
        if p.items.is_empty() {
            bad.push(format!("{name}:{}: a block with no line read", ex.line));
        }
        for e in &p.errors {
            bad.push(format!(
                "{name}:{}: {:?}: {}",
                ex.line + e.line - 1,
                e.text,
                e.message(lang)
            ));
        }
        for (l, t) in &p.ignored {
            bad.push(format!(
                "{name}:{}: ignored as no order: {t:?}",
                ex.line + l - 1
            ));
        }
        for step in steps {
            let s = state_at(&b, step);
            let m = maester_lang::submit::parse_mail(&b, &s, &ex.text, lang);
            for e in &m.errors {
                bad.push(format!(
                    "{name}:{} ({}): {:?}: {}",
                    ex.line + e.line.max(1) - 1,
                    step.key(),
                    e.text,
                    e.message
                ));
            }
            if m.submission.is_none() && m.commands.is_empty() && m.secret.is_none() {
                bad.push(format!(
                    "{name}:{} ({}): the block is no submission of its step",
                    ex.line,
                    step.key()
                ));
            }
        }
    }
    (examples.len(), bad)
}

fn check(guide_text: &str, name: &str, lang: Lang) {
    let (n, bad) = failures(guide_text, name, lang);
    assert!(n >= 20, "{name}: only {n} example blocks found");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn every_example_of_the_chinese_guide_is_read_by_the_parser_of_its_step() {
    check(guide::ZH, "docs/players.zh.md", Lang::Zh);
}

#[test]
fn every_example_of_the_english_guide_is_read_by_the_parser_of_its_step() {
    check(guide::EN, "docs/players.en.md", Lang::En);
}

#[test]
fn every_example_of_the_traditional_guide_is_read_by_the_parser_of_its_step() {
    let hant = include_str!("../../../docs/players.zh-Hant.md");
    check(hant, "docs/players.zh-Hant.md", Lang::Zh);
}

#[test]
fn the_traditional_guide_is_the_simplified_one_converted() {
    let want = guide::traditional();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/players.zh-Hant.md");
    if std::env::var_os("MAESTER_WRITE_GUIDE").is_some()
        && let Err(e) = std::fs::write(path, &want)
    {
        panic!("{e}");
    }
    let have = include_str!("../../../docs/players.zh-Hant.md");
    assert!(
        have == want,
        "docs/players.zh-Hant.md differs from the converted docs/players.zh.md; \
         regenerate it: MAESTER_WRITE_GUIDE=1 cargo test -p maester-words --test players_guide"
    );
}

#[test]
fn a_refused_example_is_found() {
    // The check itself fails on a bad line and on a guide without examples.
    let bad = "```orders plan\n临冬城军团 移动到 不存在的地方\n```\n";
    let (n, errs) = failures(bad, "bad", Lang::Zh);
    assert_eq!(n, 1);
    assert!(!errs.is_empty());
    let (n, _) = failures("no blocks here", "empty", Lang::Zh);
    assert_eq!(n, 0);
}

#[test]
fn every_step_has_a_part_in_both_languages() {
    for lang in [Lang::Zh, Lang::En] {
        for step in [
            Step::Placement,
            Step::Raven,
            Step::Plan,
            Step::Retreat,
            Step::Events,
            Step::EventsAnswers,
        ] {
            let p = guide::part(step, lang);
            assert!(p.lines().count() > 3, "{lang:?} {step:?}: {p}");
            assert!(
                !guide::short_example(step, lang).is_empty(),
                "{lang:?} {step:?}"
            );
        }
        assert_eq!(guide::leader_examples(lang).len(), 2, "{lang:?}");
    }
}

#[test]
fn every_chinese_keyword_and_name_reads_back_from_traditional() {
    // What a Traditional reader copies from his guide or his mails must read as the Simplified
    // original: every character of the grammar's keywords and of the board's names, converted
    // as maester converts them, normalises back.
    let mut text = String::new();
    for g in [
        include_str!("../../../grammar/submission.pest"),
        include_str!("../../../grammar/placement.pest"),
        include_str!("../../../grammar/plan.pest"),
        include_str!("../../../grammar/events.pest"),
        include_str!("../../../grammar/lexicon.pest"),
    ] {
        // Keywords only: the quoted strings, not the comments.
        for l in g.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for (i, part) in l.split('"').enumerate() {
                if i % 2 == 1 {
                    text.push_str(part);
                    text.push('\n');
                }
            }
        }
    }
    let b = board();
    for a in b.area_ids() {
        text.push_str(b.area(a).name(Lang::Zh));
        text.push('\n');
    }
    for l in &b.leaders {
        text.push_str(l.name(Lang::Zh));
        text.push('\n');
    }
    let hant = maester_words::hant::to_traditional(&text);
    let mut bad: Vec<String> = Vec::new();
    for (s, t) in text.chars().zip(hant.chars()) {
        let back = maester_lang::normalize::normalize_char(t);
        let s = maester_lang::normalize::normalize_char(s);
        if back != s && !bad.iter().any(|x| x.starts_with(t)) {
            bad.push(format!("{t}→{back} (want {s})"));
        }
    }
    assert_eq!(text.chars().count(), hant.chars().count());
    assert!(bad.is_empty(), "{}", bad.join(", "));
}
