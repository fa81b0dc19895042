//! docs/scenarios.md's table of the cases by chapter is the suite's: every folder of
//! tests/scenarios with its number of cases, and the total. A case added or removed without the
//! table updated fails here, with the table as it should be.

use std::collections::BTreeMap;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// Cases per folder of tests/scenarios.
fn on_disk() -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    let dir = root().join("tests/scenarios");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        panic!("no {}", dir.display());
    };
    for e in entries.flatten() {
        if !e.path().is_dir() {
            continue;
        }
        let n = std::fs::read_dir(e.path())
            .map(|d| {
                d.flatten()
                    .filter(|f| f.path().extension().is_some_and(|x| x == "toml"))
                    .count()
            })
            .unwrap_or(0);
        out.insert(e.file_name().to_string_lossy().into_owned(), n);
    }
    out
}

/// The table's rows between the markers: folder → cases, and the total row.
fn in_the_doc() -> (BTreeMap<String, usize>, Option<usize>) {
    let path = root().join("docs/scenarios.md");
    let Ok(text) = std::fs::read_to_string(&path) else {
        panic!("no {}", path.display());
    };
    let (Some(start), Some(end)) = (text.find("<!-- counts"), text.find("<!-- /counts -->")) else {
        panic!("docs/scenarios.md has no counts table between its markers");
    };
    let mut rows = BTreeMap::new();
    let mut total = None;
    for line in text[start..end].lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 5 {
            continue;
        }
        let (name, count) = (cells[1], cells[3].trim_matches('*'));
        let Ok(n) = count.parse::<usize>() else {
            continue;
        };
        if name == "**all**" {
            total = Some(n);
        } else {
            rows.insert(name.trim_matches('`').to_string(), n);
        }
    }
    (rows, total)
}

#[test]
fn the_docs_count_of_cases_by_chapter_is_the_suites() {
    let disk = on_disk();
    let (doc, total) = in_the_doc();
    let sum: usize = disk.values().sum();
    let should: Vec<String> = disk
        .iter()
        .map(|(k, n)| format!("| `{k}` | … | {n} |"))
        .chain(std::iter::once(format!("| **all** | | **{sum}** |")))
        .collect();
    assert_eq!(
        doc,
        disk,
        "docs/scenarios.md's table differs from tests/scenarios; it should be:\n{}",
        should.join("\n")
    );
    assert_eq!(total, Some(sum), "the total row should be {sum}");
}
