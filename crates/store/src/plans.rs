//! The queries run on every tick and for every mail, by name, as SQLite plans them
//! (`EXPLAIN QUERY PLAN`): the test suite checks that each one reads through an index, so that
//! a tick costs the same on a store of 100 games and 100,000 mails as on a new one.

use super::{Store, StoreError};

/// The per-tick and per-mail queries: (name, SQL), the SQL exactly as the store runs it.
pub fn per_tick_queries() -> Vec<(&'static str, String)> {
    vec![
        (
            "due_outgoing_ranked",
            super::mailops::due_outgoing_ranked_sql(),
        ),
        (
            "unprocessed_mails_after",
            super::mails::unprocessed_mails_after_sql(),
        ),
        ("games_due", super::games::games_due_sql()),
        (
            "current_submissions",
            super::mails::current_submissions_sql(),
        ),
        ("latest_submission", super::mails::latest_submission_sql()),
        (
            "latest_snapshot_seq",
            "SELECT COALESCE(MAX(seq), 0) FROM snapshots WHERE game_id = ?1".into(),
        ),
        (
            "houses_by_address",
            "SELECT game_id FROM houses WHERE address = ?1".into(),
        ),
        ("answers_to_since", super::mailops::answers_to_since_sql()),
        (
            "mail_by_message_id",
            "SELECT id FROM mails WHERE message_id = ?1".into(),
        ),
    ]
}

impl Store {
    /// The plan SQLite makes for `sql`: one line per step (`SEARCH t USING INDEX …`).
    pub fn query_plan(&self, sql: &str) -> Result<Vec<String>, StoreError> {
        let mut stmt = self
            .connection()
            .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))?;
        let n = stmt.parameter_count();
        let mut rows = stmt.query(rusqlite::params_from_iter(std::iter::repeat_n(
            rusqlite::types::Null,
            n,
        )))?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push(row.get::<_, String>(3)?);
        }
        Ok(out)
    }
}
