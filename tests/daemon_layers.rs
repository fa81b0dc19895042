//! The daemon reads top-down (ARCHITECTURE.md, "The root package"): every file of `src/daemon/`
//! uses only files of its own layer or of the layers below, and within a layer no two files
//! use each other in a loop. This test reads the sources' own paths (`super::x`,
//! `crate::daemon::x`, `use super::{…}`, and in `mod.rs` a bare `x::`) and holds them against
//! the layers below; a new file of the daemon must be given its layer here.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The daemon's layers, from the ground up. `mod` is `src/daemon/mod.rs` (the `Daemon`).
const LAYERS: &[(&str, &[&str])] = &[
    (
        "the ground",
        &[
            "cache", "letters", "disk", "outage", "random", "receipts", "stored", "lock",
        ],
    ),
    ("the daemon's parts", &["mod"]),
    (
        "what the stages share",
        &[
            "loaded",
            "alerts",
            "mailbox",
            "requeue",
            "silence",
            "wanted",
            "room",
            "report_map",
        ],
    ),
    (
        "the stages",
        &[
            "games",
            "executed_plans",
            "house_report",
            "absences",
            "deadlines",
            "reminders",
            "new_game",
            "setup",
            "publish",
            "gm_copy",
            "corrected",
            "notify",
            "sending",
            "guard",
            "backups",
            "damage",
            "picture",
            "refusals",
            "what_ifs",
            "chronicle",
            "record_json",
        ],
    ),
    (
        "the top",
        &["tick", "status", "gm_mail", "gm", "receive", "intake"],
    ),
];

/// Names `mod.rs` defines (a path to one of them is a use of `mod`).
const MOD_ITEMS: &[&str] = &["Daemon", "Tick", "DamageState", "failpoint", "panicpoint"];

fn daemon_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/daemon")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        panic!("{} cannot be read", dir.display())
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The room of a file: `daemon/x.rs` and everything under `daemon/x/` are `x`.
fn room_of(path: &Path) -> String {
    let rel = path
        .strip_prefix(daemon_dir())
        .unwrap_or_else(|_| panic!("{} outside src/daemon", path.display()));
    let first = rel
        .components()
        .next()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .unwrap_or_default();
    first.trim_end_matches(".rs").to_string()
}

/// The identifiers of `text` that follow `prefix` (`super::`, `crate::daemon::`), including
/// every name of a `{…}` list that follows it.
fn names_after(text: &str, prefix: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(prefix) {
        let before_ok = rest[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == ':'));
        rest = &rest[i + prefix.len()..];
        if !before_ok {
            continue;
        }
        if let Some(list) = rest.strip_prefix('{') {
            let end = list.find('}').unwrap_or(list.len());
            for part in list[..end].split(',') {
                let name: String = part
                    .trim()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                out.push(name);
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            out.push(name);
        }
    }
    out
}

/// The rooms a file uses.
fn uses(path: &Path, rooms: &BTreeSet<String>) -> BTreeSet<String> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{} cannot be read: {e}", path.display()));
    let own = room_of(path);
    let in_subfolder = path.parent() != Some(daemon_dir().as_path());
    let mut found = BTreeSet::new();
    let mut take = |name: &str| {
        if rooms.contains(name) && name != own {
            found.insert(name.to_string());
        } else if MOD_ITEMS.contains(&name) && own != "mod" {
            found.insert("mod".to_string());
        }
    };
    for n in names_after(&text, "crate::daemon::") {
        take(&n);
    }
    let parent = if in_subfolder {
        "super::super::"
    } else {
        "super::"
    };
    if own != "mod" {
        for n in names_after(&text, parent) {
            take(&n);
        }
    } else {
        // In mod.rs the daemon's files are named bare.
        for r in rooms {
            let written = format!("{r}::");
            let bare = text.match_indices(&written).any(|(i, _)| {
                text[..i]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !(c.is_alphanumeric() || c == '_' || c == ':'))
            });
            if bare {
                found.insert(r.clone());
            }
        }
        found.remove("mod");
    }
    found
}

fn layer_of(room: &str) -> Option<usize> {
    LAYERS.iter().position(|(_, rs)| rs.contains(&room))
}

#[test]
fn every_file_of_the_daemon_uses_only_its_own_layer_and_those_below() {
    let mut files = Vec::new();
    rust_files(&daemon_dir(), &mut files);
    let rooms: BTreeSet<String> = files.iter().map(|p| room_of(p)).collect();
    let mut unplaced = Vec::new();
    for r in &rooms {
        if layer_of(r).is_none() {
            unplaced.push(r.clone());
        }
    }
    assert!(
        unplaced.is_empty(),
        "files of src/daemon with no layer in this test (give them one, as ARCHITECTURE.md \
         describes): {unplaced:?}"
    );
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut upward = Vec::new();
    for f in &files {
        let from = room_of(f);
        for to in uses(f, &rooms) {
            let (lf, lt) = (layer_of(&from), layer_of(&to));
            if lt > lf {
                upward.push(format!(
                    "{} ({}) uses {to} ({})",
                    f.display(),
                    LAYERS[lf.unwrap_or(0)].0,
                    LAYERS[lt.unwrap_or(0)].0
                ));
            }
            graph.entry(from.clone()).or_default().insert(to);
        }
    }
    assert!(upward.is_empty(), "uses running up:\n{}", upward.join("\n"));
    // No loop: a depth-first walk finds no file on its own path.
    fn walk(
        n: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == n) {
            let mut lp = path[i..].to_vec();
            lp.push(n.to_string());
            return Some(lp);
        }
        if done.contains(n) {
            return None;
        }
        path.push(n.to_string());
        for m in graph.get(n).into_iter().flatten() {
            if let Some(lp) = walk(m, graph, path, done) {
                return Some(lp);
            }
        }
        path.pop();
        done.insert(n.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for r in &rooms {
        let mut path = Vec::new();
        if let Some(lp) = walk(r, &graph, &mut path, &mut done) {
            panic!(
                "files of the daemon using each other in a loop: {}",
                lp.join(" → ")
            );
        }
    }
}

#[test]
fn the_reading_of_paths_sees_every_way_a_use_is_written() {
    // The test above is only as good as its reading: a use written each way is seen, and a
    // longer name that merely ends like a path is not.
    for (written, prefix, want) in [
        ("use super::{Daemon, tick};", "super::", "tick"),
        ("let x = super::games::load(d);", "super::", "games"),
        ("use crate::daemon::tick::Foo;", "crate::daemon::", "tick"),
        ("fn f(d: &super::Daemon) {}", "super::", "Daemon"),
        (
            "use super::super::{alerts, letters::Letter};",
            "super::super::",
            "letters",
        ),
    ] {
        let names = names_after(written, prefix);
        assert!(
            names.iter().any(|n| n == want),
            "{written:?}: {names:?} should name {want}"
        );
    }
    assert!(names_after("use self::super::tick;", "super::").is_empty());
    assert_eq!(layer_of("tick"), Some(LAYERS.len() - 1));
    assert_eq!(layer_of("random"), Some(0));
}
