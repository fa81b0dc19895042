//! Statements prepared once per connection: every query the store runs per mail goes through
//! SQLite's statement cache instead of being parsed and planned again each time.

use rusqlite::{Connection, Params, Row};

/// How many prepared statements a connection keeps (the per-mail path uses a few dozen).
pub(crate) const CAPACITY: usize = 128;

/// `execute` and `query_row` through the connection's statement cache.
pub(crate) trait Cached {
    /// Runs one statement (an insert, update or delete): the rows changed.
    fn exec<P: Params>(&self, sql: &str, params: P) -> rusqlite::Result<usize>;
    /// The first row of a query, mapped by `f` (`QueryReturnedNoRows` when there is none).
    fn row<T, P, F>(&self, sql: &str, params: P, f: F) -> rusqlite::Result<T>
    where
        P: Params,
        F: FnOnce(&Row<'_>) -> rusqlite::Result<T>;
}

impl Cached for Connection {
    fn exec<P: Params>(&self, sql: &str, params: P) -> rusqlite::Result<usize> {
        self.prepare_cached(sql)?.execute(params)
    }

    fn row<T, P, F>(&self, sql: &str, params: P, f: F) -> rusqlite::Result<T>
    where
        P: Params,
        F: FnOnce(&Row<'_>) -> rusqlite::Result<T>,
    {
        self.prepare_cached(sql)?.query_row(params, f)
    }
}
