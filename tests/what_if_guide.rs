//! The players' guides teach the what-if (issue 38): every `what-if <step> <house>` example of
//! the Simplified, Traditional and English guides, sent by that house in that step, is tried
//! (no line refused) and answered in the guide's own script and language.

mod policy_support;
mod what_if_support;

use policy_support::*;
use what_if_support::*;

/// One `what-if` example: its step, its house's key, its lines without the secret.
struct Example {
    step: String,
    house: &'static str,
    text: String,
}

fn examples(guide: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut open: Option<Example> = None;
    for line in guide.lines() {
        let t = line.trim();
        match open.take() {
            Some(ex) if t.starts_with("```") => out.push(ex),
            Some(mut ex) => {
                let secret = ["密码", "密碼", "secret"].iter().any(|k| t.starts_with(k));
                if !secret {
                    ex.text.push_str(line);
                    ex.text.push('\n');
                }
                open = Some(ex);
            }
            None => {
                if let Some(rest) = t.strip_prefix("```what-if") {
                    let mut w = rest.split_whitespace();
                    let step = w.next().unwrap_or_default().to_string();
                    let house = match w.next().unwrap_or_default() {
                        "红狮" | "紅獅" | "Lannister" => "lannister",
                        other => panic!("a what-if example for {other:?}: add it here"),
                    };
                    open = Some(Example {
                        step,
                        house,
                        text: String::new(),
                    });
                }
            }
        }
    }
    out
}

/// What an answer in one language must and must not hold.
struct Said {
    /// Every answer of a what-if that was tried.
    tried: &'static str,
    /// An answer whose lines were refused.
    refused: &'static str,
    /// The placement example's port, built.
    built: &'static str,
    /// The Raven example's change, made.
    raven: &'static str,
}

/// Send every example of `guide` in its step, as Lannister reading English or Chinese.
fn every_example_is_tried(tag: &str, guide: &str, english: bool, said: Said) {
    let ex = examples(guide);
    let steps: Vec<&str> = ex.iter().map(|e| e.step.as_str()).collect();
    assert_eq!(steps, ["placement", "raven"], "{tag}: the examples");
    let (dir, cfg) = game_edited(tag, tag, |t| {
        if english {
            t.replace("name = \"C\"\n", "name = \"C\"\nlanguage = \"en\"\n")
        } else {
            t
        }
    });
    let mut d = open(&cfg);
    for (i, e) in ex.iter().enumerate() {
        if e.step == "raven" {
            to_the_raven_step(&mut d, &dir, tag);
        }
        assert_eq!(row(&d, tag).step, e.step);
        send(&dir, e.house, &format!("g{i}"), &e.text);
        let now = deadline(&d, tag) - hours(30);
        tick(&mut d, now);
        let got = mails_to(&dir, e.house, said.tried);
        assert_eq!(got.len(), i + 1, "{tag} {}: {got:?}", e.step);
        let Some(a) = got
            .iter()
            .find(|m| m.contains(said.built) == (e.step == "placement"))
        else {
            panic!("{tag} {}: no answer with its building: {got:?}", e.step);
        };
        assert!(!a.contains(said.refused), "{tag} {}: {a}", e.step);
        if e.step == "raven" {
            assert!(a.contains(said.raven), "{tag}: the change is tried: {a}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_simplified_guide_teaches_the_what_if() {
    let guide = include_str!("../docs/players.zh.md");
    let said = Said {
        tried: "这只是试算",
        refused: "没有试算",
        built: "建成",
        raven: "使用信鸦",
    };
    every_example_is_tried("wgz", guide, false, said);
}

#[test]
fn the_traditional_guide_teaches_the_what_if() {
    let guide = include_str!("../docs/players.zh-Hant.md");
    let said = Said {
        tried: "這只是試算",
        refused: "沒有試算",
        built: "建成",
        raven: "使用信鴉",
    };
    every_example_is_tried("wgt", guide, false, said);
}

#[test]
fn the_english_guide_teaches_the_what_if() {
    let guide = include_str!("../docs/players.en.md");
    let said = Said {
        tried: "This is only a what-if",
        refused: "nothing was tried",
        built: "builds",
        raven: "used the Raven",
    };
    every_example_is_tried("wge", guide, true, said);
}
