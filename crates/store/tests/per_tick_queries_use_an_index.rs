//! Every query of a tick and of a mail reads through an index (checked with SQLite's own
//! `EXPLAIN QUERY PLAN` on the SQL the store runs): no full scan of a table that grows with
//! the game's life, no sort of its rows.

use maester_store::Store;
use maester_store::plans::per_tick_queries;

#[test]
fn no_per_tick_query_scans_a_table_or_sorts_it() {
    let store = match Store::open_in_memory() {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    for (name, sql) in per_tick_queries() {
        let plan = match store.query_plan(&sql) {
            Ok(p) => p,
            Err(e) => panic!("{name}: {e}"),
        };
        assert!(!plan.is_empty(), "{name}: no plan");
        for step in &plan {
            let scans = step.starts_with("SCAN ") && !step.contains("USING");
            assert!(!scans, "{name} scans a whole table: {plan:?}");
            assert!(
                !step.contains("TEMP B-TREE"),
                "{name} sorts its rows: {plan:?}"
            );
        }
        assert!(
            plan.iter()
                .any(|s| s.contains("INDEX") || s.contains("PRIMARY KEY")),
            "{name} uses no index: {plan:?}"
        );
    }
}
