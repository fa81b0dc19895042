//! The documentation cannot drift from the files it describes:
//! - every key of `config.example.toml`, commented out or not, is documented in
//!   `docs/configuration.md`, and every key documented there is in the example;
//! - every relative link `](path)` in `README.md` and `docs/*.md` points to a file that exists;
//! - the README stays a front page.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// `[a.b]` or `[[a.b]]` at the start of `text`: the table's dotted name.
fn table_header(text: &str) -> Option<String> {
    let t = text.trim();
    let inner = t
        .strip_prefix("[[")
        .and_then(|r| r.split_once("]]"))
        .or_else(|| t.strip_prefix('[').and_then(|r| r.split_once(']')))
        .map(|(name, after)| (name.trim(), after.trim()))?;
    let (name, after) = inner;
    let is_name = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '.');
    (is_name && (after.is_empty() || after.starts_with('#'))).then(|| name.to_string())
}

/// `key = …` at the start of `text`: the key.
fn key_of(text: &str) -> Option<String> {
    let t = text.trim_start();
    let end = t
        .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'))
        .unwrap_or(t.len());
    let (key, rest) = t.split_at(end);
    let starts_with_letter = key.starts_with(|c: char| c.is_ascii_lowercase());
    (starts_with_letter && rest.trim_start().starts_with('=')).then(|| key.to_string())
}

/// Every `table.key` of a TOML example, the commented-out ones (`# key = …` under `# [table]`)
/// included. A comment's prose never reads as `word =` at the start of a comment line.
fn example_keys(text: &str) -> BTreeSet<String> {
    let mut table = String::new();
    let mut keys = BTreeSet::new();
    for line in text.lines() {
        let line = line.trim_start();
        let body = line.strip_prefix('#').map(str::trim_start).unwrap_or(line);
        if let Some(name) = table_header(body) {
            table = name;
        } else if let Some(key) = key_of(body) {
            keys.insert(format!("{table}.{key}"));
        }
    }
    keys
}

/// Every `table.key` documented in `docs/configuration.md`: a heading names the table
/// (``## `[daemon]` ``), and each row of the tables under it whose first cell is `` `key` ``
/// documents one key.
fn documented_keys(text: &str) -> BTreeSet<String> {
    let mut table: Option<String> = None;
    let mut keys = BTreeSet::new();
    for line in text.lines() {
        if line.starts_with('#') {
            let heading = line.trim_start_matches('#').trim();
            table = heading
                .strip_prefix('`')
                .and_then(|h| h.strip_suffix('`'))
                .and_then(table_header);
            continue;
        }
        let (Some(table), Some(row)) = (&table, line.trim().strip_prefix('|')) else {
            continue;
        };
        let first = row.split('|').next().unwrap_or("").trim();
        if let Some(key) = first.strip_prefix('`').and_then(|k| k.strip_suffix('`'))
            && key_of(&format!("{key} =")).as_deref() == Some(key)
        {
            keys.insert(format!("{table}.{key}"));
        }
    }
    keys
}

/// The keys of the password settings that keep a password out of the file. They are
/// documented before they reach `config.example.toml` on every branch; once the example names
/// `password_command`, they must all be in it like every other key.
const PASSWORD_KEYS: [&str; 4] = [
    "mail.imap.password_command",
    "mail.imap.password_env",
    "mail.smtp.password_command",
    "mail.smtp.password_env",
];

/// What is wrong between the example's keys and the documented ones.
fn key_problems(example: &BTreeSet<String>, documented: &BTreeSet<String>) -> Vec<String> {
    let passwords_in_example = example.iter().any(|k| k.ends_with(".password_command"));
    let mut problems = Vec::new();
    for k in example.difference(documented) {
        problems.push(format!(
            "{k}: in config.example.toml, not in docs/configuration.md"
        ));
    }
    for k in documented.difference(example) {
        if !passwords_in_example && PASSWORD_KEYS.contains(&k.as_str()) {
            continue;
        }
        problems.push(format!(
            "{k}: in docs/configuration.md, not in config.example.toml"
        ));
    }
    problems
}

#[test]
fn every_key_of_the_example_config_is_documented_and_every_documented_key_is_in_it() {
    let example = example_keys(&read("config.example.toml"));
    let documented = documented_keys(&read("docs/configuration.md"));
    assert!(
        example.len() > 50,
        "config.example.toml read as {} keys",
        example.len()
    );
    let problems = key_problems(&example, &documented);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_key_missing_on_either_side_is_reported() {
    let example = example_keys(
        "[daemon]\naddress = \"a\"\n# gm_address = \"g\"\n# [mail.imap]\n# host = \"h\"  # a comment\n#  prose: not = a key\n[[game.players]]\nhouse = \"stark\"\n",
    );
    let want: BTreeSet<String> = [
        "daemon.address",
        "daemon.gm_address",
        "mail.imap.host",
        "game.players.house",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(example, want);
    let documented = documented_keys(
        "# Title\n| `address` | x |\n## `[daemon]`\n| key | default |\n|---|---|\n| `address` | required |\n| `gm_address` | none |\n### `[mail.imap]`\n| `host` | x |\n| `port` | x |\n## `[[game.players]]`\n| `house` | x |\n",
    );
    assert_eq!(
        key_problems(&example, &documented),
        vec!["mail.imap.port: in docs/configuration.md, not in config.example.toml".to_string()]
    );
    let mut fewer = documented.clone();
    fewer.remove("daemon.gm_address");
    fewer.remove("mail.imap.port");
    assert_eq!(
        key_problems(&example, &fewer),
        vec!["daemon.gm_address: in config.example.toml, not in docs/configuration.md".to_string()]
    );
}

#[test]
fn the_password_keys_are_waived_only_while_the_example_has_none() {
    let documented: BTreeSet<String> = ["mail.imap.host", "mail.imap.password_env"]
        .into_iter()
        .map(String::from)
        .collect();
    let without: BTreeSet<String> = ["mail.imap.host"].into_iter().map(String::from).collect();
    assert!(key_problems(&without, &documented).is_empty());
    let with: BTreeSet<String> = ["mail.imap.host", "mail.smtp.password_command"]
        .into_iter()
        .map(String::from)
        .collect();
    let problems = key_problems(&with, &documented);
    assert_eq!(problems.len(), 2, "{problems:?}");
}

/// The player's guides are written on another branch: until `docs/players.zh.md` exists, links
/// to these three may point nowhere; once it exists, all three must.
const PLAYER_GUIDES: [&str; 3] = [
    "docs/players.zh.md",
    "docs/players.zh-Hant.md",
    "docs/players.en.md",
];

/// The targets of the `](target)` links of a Markdown text, as written.
fn link_targets(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = rest[..end].trim();
        let target = target.split_once(' ').map_or(target, |(t, _)| t);
        out.push(target.to_string());
        rest = &rest[end..];
    }
    out
}

/// The file a relative link of `file` (a path from the repository's root) points to, from the
/// root; `None` for a web address, a mail address or an anchor in the same page.
fn link_file(file: &str, target: &str) -> Option<String> {
    if target.is_empty()
        || target.starts_with('#')
        || target.contains("://")
        || target.starts_with("mailto:")
    {
        return None;
    }
    let path = target.split('#').next().unwrap_or(target);
    let dir = Path::new(file).parent().unwrap_or(Path::new(""));
    let mut parts: Vec<String> = dir
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p.to_string()),
        }
    }
    Some(parts.join("/"))
}

/// The broken links of the README and the guides, as `file: target`.
fn broken_links(exists: &dyn Fn(&str) -> bool, files: &[(String, String)]) -> Vec<String> {
    let guides_merged = exists(PLAYER_GUIDES[0]);
    let mut broken = Vec::new();
    for (file, text) in files {
        for target in link_targets(text) {
            let Some(path) = link_file(file, &target) else {
                continue;
            };
            if exists(&path) {
                continue;
            }
            if !guides_merged && file == "README.md" && PLAYER_GUIDES.contains(&path.as_str()) {
                continue;
            }
            broken.push(format!(
                "{file}: ]({target}) points to {path}, which does not exist"
            ));
        }
    }
    broken
}

fn markdown_files() -> Vec<(String, String)> {
    let mut files = vec![("README.md".to_string(), read("README.md"))];
    let mut docs: Vec<String> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .collect();
    docs.sort();
    for name in docs {
        let rel = format!("docs/{name}");
        let text = read(&rel);
        files.push((rel, text));
    }
    files
}

#[test]
fn every_relative_link_of_the_readme_and_the_guides_points_to_a_file() {
    let files = markdown_files();
    assert!(
        files.len() >= 6,
        "README.md and the guides: {}",
        files.len()
    );
    let exists = |p: &str| root().join(p).exists();
    let broken = broken_links(&exists, &files);
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn a_broken_link_is_reported_and_the_player_guides_are_waived_only_before_they_exist() {
    let files = vec![
        (
            "README.md".to_string(),
            "[a](docs/gm.md) [b](docs/players.zh.md#orders) [e](docs/players.en.md) [web](https://x.org/y) [c](#top)"
                .to_string(),
        ),
        (
            "docs/gm.md".to_string(),
            "[up](../README.md) [gone](operations.md#backups) [p](players.en.md)".to_string(),
        ),
    ];
    let before = |p: &str| ["docs/gm.md", "README.md"].contains(&p);
    assert_eq!(
        broken_links(&before, &files),
        vec![
            "docs/gm.md: ](operations.md#backups) points to docs/operations.md, which does not exist"
                .to_string(),
            "docs/gm.md: ](players.en.md) points to docs/players.en.md, which does not exist"
                .to_string(),
        ]
    );
    let after = |p: &str| ["docs/gm.md", "README.md", "docs/players.zh.md"].contains(&p);
    let broken = broken_links(&after, &files);
    assert_eq!(broken.len(), 3, "{broken:?}");
    assert!(
        broken[0].starts_with("README.md: ](docs/players.en.md)"),
        "{broken:?}"
    );
    let merged = |p: &str| {
        [
            "docs/gm.md",
            "README.md",
            "docs/players.zh.md",
            "docs/players.en.md",
            "docs/operations.md",
        ]
        .contains(&p)
    };
    assert!(broken_links(&merged, &files).is_empty());
}

#[test]
fn the_readme_is_a_front_page_of_at_most_250_lines() {
    let lines = read("README.md").lines().count();
    assert!(lines <= 250, "README.md has {lines} lines");
}
