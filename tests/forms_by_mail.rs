//! Issue 39: six players who only fill in the forms their mails carry, through the real store and
//! the Maildir transport. Each takes the newest mail that holds a reply form (the welcome, then
//! the report), replaces every `___` with a choice listed under it — honouring what the form
//! states: an order kind at most once here, a leader once — and sends the form back as it
//! stands, its comment lines included. Every such mail is accepted, in placement and in the plan
//! that follows.

mod maildir_support;

use chrono::{TimeDelta, Utc};
use maildir_support::*;
use std::path::Path;

/// Every mail the daemon wrote, oldest first: (recipients, subject + body).
fn sent(dir: &Path) -> Vec<(String, String)> {
    let out = dir.join("mail/outbox");
    let mut names: Vec<std::path::PathBuf> = std::fs::read_dir(&out)
        .map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    names.sort();
    names
        .into_iter()
        .map(|p| {
            let d = maester::mail::decode(&std::fs::read(p).unwrap_or_default());
            (d.to.join(","), format!("{}\n{}", d.subject, d.body))
        })
        .collect()
}

/// The form of the newest mail to `addr` that holds one: its indented lines after the heading.
fn newest_form(dir: &Path, addr: &str) -> Option<Vec<String>> {
    sent(dir)
        .into_iter()
        .rev()
        .filter(|(to, _)| to.contains(addr))
        .find_map(|(_, body)| {
            let mut lines = body.lines().skip_while(|l| !l.contains("回复模板"));
            lines.next()?;
            let form: Vec<String> = lines
                .take_while(|l| l.starts_with("    "))
                .map(|l| l[4..].to_string())
                .collect();
            (!form.is_empty()).then_some(form)
        })
}

/// The choices a hint lists for each of `n` blanks: its last `n` parts (`;`), each the names
/// after its last colon, split by `、`.
fn choices(hint: &str, n: usize) -> Vec<Vec<String>> {
    let parts: Vec<&str> = hint.trim().trim_start_matches("//").split(';').collect();
    parts[parts.len().saturating_sub(n)..]
        .iter()
        .map(|p| {
            let names = p.rsplit([':', ':']).next().unwrap_or("");
            let names = names.split('(').next().unwrap_or(names);
            names
                .split('、')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect()
        })
        .collect()
}

/// The form filled: line `i` takes its `i`-th choice (so no order kind twice), a leader not
/// yet used, the first destination.
fn fill(form: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut used: Vec<String> = Vec::new();
    for (i, line) in form.iter().enumerate() {
        if line.trim_start().starts_with("//") {
            out.push(line.clone());
            continue;
        }
        let n = line.matches("___").count();
        let hint = form.get(i + 1).filter(|h| h.trim_start().starts_with("//"));
        let Some(hint) = hint else {
            out.push(line.clone());
            continue;
        };
        let mut filled = line.clone();
        for (k, c) in choices(hint, n).into_iter().enumerate() {
            let pick = if k == 0 && n == 1 && !line.contains("守将") {
                c.get(i / 2 % c.len().max(1)).cloned()
            } else {
                c.iter().find(|x| !used.contains(x)).cloned()
            };
            if let Some(p) = pick {
                if k > 0 || line.contains("守将") {
                    used.push(p.clone());
                }
                filled = filled.replacen("___", &p, 1);
            }
        }
        out.push(filled);
    }
    out
}

#[test]
fn six_players_who_only_fill_their_forms_are_accepted_in_placement_and_plan() {
    let dir = temp_dir("forms-by-mail");
    let t0 = Utc::now();
    let (_cfg, mut d) = new_game_with_gm(&dir, "fm", t0);
    d.tick(t0).unwrap_or_else(|e| panic!("{e}"));
    let players = ["a", "b", "c", "d", "e", "f"];
    let mut t = t0;
    for (round, wait) in [
        ("placement", TimeDelta::minutes(1)),
        ("plan", TimeDelta::days(3)),
    ] {
        t += wait;
        if round == "plan" {
            // The placement step closes at its deadline, then the Raven step at its own.
            d.tick(t).unwrap_or_else(|e| panic!("{e}"));
            t += TimeDelta::days(2);
            d.tick(t).unwrap_or_else(|e| panic!("{e}"));
        }
        let mut expect = 0;
        for (i, (p, h)) in players.iter().zip(HOUSES).enumerate() {
            let addr = format!("{p}@x.example");
            let Some(form) = newest_form(&dir, &addr) else {
                continue;
            };
            let mut lines = fill(&form);
            lines[0] = format!("密码: {h}-s");
            assert!(
                !lines
                    .iter()
                    .any(|l| !l.trim_start().starts_with("//") && l.contains("___")),
                "{round}: every blank filled for {h}: {lines:#?}\nform: {form:#?}"
            );
            let body = lines.join("\r\n");
            let id = format!("{round}-{i}");
            maester::demo::deliver(&dir.join("mail/inbox"), &id, &mail_from(&addr, &id, &body))
                .unwrap_or_else(|e| panic!("{e}"));
            expect += 1;
        }
        assert!(expect >= 3, "{round}: forms found for {expect} houses");
        t += TimeDelta::seconds(5);
        d.tick(t).unwrap_or_else(|e| panic!("{e}"));
        let answers: Vec<String> = sent(&dir)
            .into_iter()
            .filter(|(_, b)| b.starts_with("Re:"))
            .map(|(_, b)| b)
            .collect();
        assert!(answers.len() >= expect, "{round}: every form answered");
        for a in answers.iter().rev().take(expect) {
            assert!(a.contains("已收到"), "{round}: not accepted:\n{a}");
            assert!(
                !a.contains("未接受") && !a.contains("没有读取") && !a.contains("没有名为"),
                "{round}: a filled form was refused:\n{a}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
