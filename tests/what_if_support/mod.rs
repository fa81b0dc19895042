//! What the what-if tests share: the tried lines of an answer, closing a step now, a game in
//! its Raven step, and the store as text.
#![allow(dead_code)]

use super::policy_support::*;
use std::path::Path;

/// The tried phase's lines of a what-if answer (the indented lines after its heading).
pub fn tried_lines(answer: &str, heading: &str) -> Vec<String> {
    answer
        .lines()
        .skip_while(|l| !l.contains(heading))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(|l| l.trim().to_string())
        .collect()
}

/// Close the open step now, as the GM's `process` does.
pub fn close_now(d: &mut maester::daemon::Daemon, id: &str) {
    let at = deadline(d, id) - hours(1);
    let close = maester::daemon::gm::GmCommand::Process {
        step: None,
        round: None,
    };
    if let Err(e) = maester::daemon::gm::apply(d, id, &close, at) {
        panic!("{e}");
    }
    tick(d, at);
}

/// Every house's orders for real, then the Raven step: Lannister (the Raven holder) marches
/// from Lannisport and defends the Golden Sound, Greyjoy marches from Ironman's Bay.
pub fn to_the_raven_step(d: &mut maester::daemon::Daemon, dir: &std::path::Path, id: &str) {
    send(dir, "lannister", "r1", "兰尼斯港 行军\n金声海 防守");
    send(dir, "greyjoy", "r2", "铁民湾 行军\n派克岛 防守");
    for (h, o) in HOME_ORDERS
        .iter()
        .filter(|(h, _)| !["lannister", "greyjoy"].contains(h))
    {
        send(dir, h, &format!("r-{h}"), o);
    }
    let t0 = deadline(d, id) - hours(60);
    tick(d, t0);
    tick(d, t0 + hours(1));
    assert_eq!(row(d, id).step, "raven");
}

/// Everything the store holds apart from the mails and the outgoing queue, as text.
pub fn store_dump(dir: &Path) -> String {
    let db = dir.join("maester.sqlite");
    let conn = match rusqlite::Connection::open(&db) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    let mut tables: Vec<String> = Vec::new();
    {
        let mut st = match conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        };
        let rows = match st.query_map([], |r| r.get::<_, String>(0)) {
            Ok(r) => r,
            Err(e) => panic!("{e}"),
        };
        for t in rows.flatten() {
            // The mails and the outgoing queue hold the what-if's own rows; the daemon's clock
            // is written by every tick, mail or none.
            if !matches!(
                t.as_str(),
                "mails" | "outbox" | "outbox_parts" | "blobs" | "sqlite_sequence" | "daemon_clock"
            ) {
                tables.push(t);
            }
        }
    }
    let mut out = String::new();
    for t in tables {
        let mut st = match conn.prepare(&format!("SELECT * FROM \"{t}\" ORDER BY rowid")) {
            Ok(s) => s,
            Err(_) => match conn.prepare(&format!("SELECT * FROM \"{t}\"")) {
                Ok(s) => s,
                Err(e) => panic!("{e}"),
            },
        };
        let n = st.column_count();
        let rows = match st.query_map([], |r| {
            let mut v = Vec::new();
            for i in 0..n {
                v.push(match r.get_ref(i)? {
                    rusqlite::types::ValueRef::Text(t) | rusqlite::types::ValueRef::Blob(t) => {
                        String::from_utf8_lossy(t).into_owned()
                    }
                    other => format!("{other:?}"),
                });
            }
            Ok(v.join("|"))
        }) {
            Ok(r) => r,
            Err(e) => panic!("{e}"),
        };
        out.push_str(&format!("## {t}\n"));
        for r in rows.flatten() {
            out.push_str(&r);
            out.push('\n');
        }
    }
    out
}

/// Every line a what-if tried is said by one of the real reports.
pub fn each_said_for_real(tried: &[String], real: &[String]) {
    for l in tried {
        assert!(
            real.iter().any(|m| m.contains(l.as_str())),
            "no real report says {l:?}:\n{}",
            real.join("\n=====\n")
        );
    }
}
