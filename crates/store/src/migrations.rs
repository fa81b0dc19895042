//! Versioned schema migrations, tracked in `PRAGMA user_version`.
//!
//! `MIGRATIONS[i]` brings the schema from version `i` to `i + 1`. Each one
//! runs once, in its own IMMEDIATE transaction together with the version
//! bump, so two processes opening a fresh file cannot both apply it.
//! Never edit a released migration: append a new one.

use rusqlite::{Connection, OptionalExtension, TransactionBehavior};

use super::StoreError;

/// The schema version this build creates and understands.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// The migrations, oldest first.
const MIGRATIONS: &[&str] = &[
    V1, V2, V3, V4, V5, V6, V7, V8, V9, V10, V11, V12, V13, V14, V15,
];

/// Version 1: the initial schema.
const V1: &str = r#"
CREATE TABLE games (
    id          TEXT PRIMARY KEY NOT NULL,          -- short name, e.g. 'demo'
    created_at  TEXT NOT NULL,                      -- RFC 3339 UTC
    updated_at  TEXT NOT NULL,
    config      TEXT NOT NULL,                      -- the game's TOML
    seed_hash   TEXT NOT NULL,                      -- published commitment to the seed
    seed        TEXT NOT NULL,                      -- kept secret until the game ends
    status      TEXT NOT NULL DEFAULT 'running'
                CHECK (status IN ('running', 'paused', 'finished')),
    round       INTEGER NOT NULL CHECK (round >= 0),
    step        TEXT NOT NULL,                      -- e.g. 'placement'
    deadline    TEXT                                -- RFC 3339 UTC; NULL = none
) STRICT;

CREATE TABLE houses (
    game_id     TEXT NOT NULL REFERENCES games(id),
    house       TEXT NOT NULL,                      -- e.g. 'stark'
    player_name TEXT NOT NULL,
    address     TEXT NOT NULL,                      -- lower-cased e-mail address
    secret_salt TEXT NOT NULL,
    secret_hash TEXT NOT NULL,                      -- hex SHA-256 of salt+game+house+secret
    language    TEXT NOT NULL DEFAULT 'zh' CHECK (language IN ('zh', 'en')),
    PRIMARY KEY (game_id, house)
) STRICT;
CREATE INDEX houses_by_address ON houses(address);

CREATE TABLE mails (
    id           INTEGER PRIMARY KEY,
    mail_key     TEXT NOT NULL UNIQUE,              -- 'imap:<uidvalidity>:<uid>', 'maildir:<name>'
    message_id   TEXT,                              -- without <>, NULL if the mail had none
    from_addr    TEXT NOT NULL,
    subject      TEXT NOT NULL,
    received_at  TEXT NOT NULL,
    raw          BLOB NOT NULL,                     -- the mail exactly as received
    game_id      TEXT REFERENCES games(id),
    house        TEXT,
    status       TEXT NOT NULL DEFAULT 'new'
                 CHECK (status IN ('new', 'processed', 'ignored')),
    outcome      TEXT,                              -- short human reason
    processed_at TEXT
) STRICT;
CREATE UNIQUE INDEX mails_by_message_id ON mails(message_id) WHERE message_id IS NOT NULL;
CREATE INDEX mails_new ON mails(status) WHERE status = 'new';

CREATE TABLE submissions (
    id            INTEGER PRIMARY KEY,
    game_id       TEXT NOT NULL,
    house         TEXT NOT NULL,
    round         INTEGER NOT NULL,
    step          TEXT NOT NULL,
    kind          TEXT NOT NULL,                    -- e.g. 'orders', 'bid', 'retreat'
    text          TEXT NOT NULL,                    -- canonical text
    parsed        TEXT NOT NULL,                    -- JSON
    mail_id       INTEGER REFERENCES mails(id),     -- NULL when entered by the GM
    received_at   TEXT NOT NULL,
    superseded_by INTEGER REFERENCES submissions(id),
    FOREIGN KEY (game_id, house) REFERENCES houses(game_id, house)
) STRICT;
CREATE INDEX submissions_by_step ON submissions(game_id, round, step, house, kind);

CREATE TABLE snapshots (
    game_id    TEXT NOT NULL REFERENCES games(id),
    seq        INTEGER NOT NULL CHECK (seq >= 1),   -- 1, 2, 3 … per game
    round      INTEGER NOT NULL,
    step       TEXT NOT NULL,
    state      TEXT NOT NULL,                       -- JSON
    log        TEXT NOT NULL,                       -- JSON
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) STRICT;

CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY,
    game_id         TEXT REFERENCES games(id),
    message_id      TEXT NOT NULL UNIQUE,
    to_addrs        TEXT NOT NULL,                  -- comma-separated addresses
    subject         TEXT NOT NULL,
    raw             BLOB NOT NULL,                  -- the complete message to send
    status          TEXT NOT NULL DEFAULT 'queued'
                    CHECK (status IN ('queued', 'sent', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_error      TEXT,
    created_at      TEXT NOT NULL,
    next_attempt_at TEXT NOT NULL,                  -- not sent before this time
    sent_at         TEXT,
    reply_to_mail   INTEGER REFERENCES mails(id)
) STRICT;
CREATE INDEX outbox_queued ON outbox(next_attempt_at) WHERE status = 'queued';

CREATE TABLE audit (
    id      INTEGER PRIMARY KEY,
    game_id TEXT REFERENCES games(id),
    at      TEXT NOT NULL,
    actor   TEXT NOT NULL,                          -- 'daemon', 'gm', 'house:stark' …
    action  TEXT NOT NULL,
    detail  TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX audit_by_game ON audit(game_id, id);
"#;

/// Version 2: a mail whose intake failed (an error or a panic while answering it) is marked
/// `failed` with the reason instead of staying `new` and blocking every later tick. SQLite
/// cannot change a CHECK constraint in place, so the table is rebuilt (the documented
/// create-copy-drop-rename procedure; foreign keys are off while migrations run).
const V2: &str = r#"
CREATE TABLE mails_v2 (
    id           INTEGER PRIMARY KEY,
    mail_key     TEXT NOT NULL UNIQUE,
    message_id   TEXT,
    from_addr    TEXT NOT NULL,
    subject      TEXT NOT NULL,
    received_at  TEXT NOT NULL,
    raw          BLOB NOT NULL,
    game_id      TEXT REFERENCES games(id),
    house        TEXT,
    status       TEXT NOT NULL DEFAULT 'new'
                 CHECK (status IN ('new', 'processed', 'ignored', 'failed')),
    outcome      TEXT,                              -- short human reason (the error when failed)
    processed_at TEXT
) STRICT;
INSERT INTO mails_v2 (id, mail_key, message_id, from_addr, subject, received_at, raw, game_id,
                      house, status, outcome, processed_at)
    SELECT id, mail_key, message_id, from_addr, subject, received_at, raw, game_id,
           house, status, outcome, processed_at FROM mails;
DROP TABLE mails;
ALTER TABLE mails_v2 RENAME TO mails;
CREATE UNIQUE INDEX mails_by_message_id ON mails(message_id) WHERE message_id IS NOT NULL;
CREATE INDEX mails_new ON mails(status) WHERE status = 'new';
"#;

/// Version 3: a game paused by the GM remembers when (the time left on the open step is
/// counted from then when it resumes).
const V3: &str = r#"
ALTER TABLE games ADD COLUMN paused_at TEXT;                -- RFC 3339 UTC; NULL unless paused
"#;

/// Version 4: the GM's secret per game (GM commands by mail), hashed like the houses'.
const V4: &str = r#"
CREATE TABLE gm_secrets (
    game_id     TEXT PRIMARY KEY NOT NULL REFERENCES games(id),
    secret_salt TEXT NOT NULL,
    secret_hash TEXT NOT NULL                      -- Argon2id PHC string
) STRICT;
"#;

/// Version 5: the copy of an outgoing mail to keep once it is sent, when the mail itself
/// holds a secret (a welcome mail, a substitute's secret): `raw` is replaced by it at
/// `mark_sent`, so the secret is on the wire but not kept in the database.
const V5: &str = r#"
ALTER TABLE outbox ADD COLUMN kept_after_send BLOB;
"#;

/// Version 6: the reminders sent before a deadline, one row per game, round, step and offset
/// (the key makes each reminder go out once, whatever runs at the same time).
const V6: &str = r#"
CREATE TABLE reminders_sent (
    game_id     TEXT NOT NULL REFERENCES games(id),
    round       INTEGER NOT NULL CHECK (round >= 0),
    step        TEXT NOT NULL,
    before_secs INTEGER NOT NULL CHECK (before_secs >= 0), -- how long before the deadline
    sent_at     TEXT NOT NULL,                  -- RFC 3339 UTC
    PRIMARY KEY (game_id, round, step, before_secs)
) STRICT;
"#;

/// Version 7: indexes for the queries of every tick and every mail, so that their cost stays
/// flat as a store grows: the current submissions of a step (the earlier, superseded ones are
/// left out of the index), and the running games whose deadline has come.
const V7: &str = r#"
CREATE INDEX submissions_current ON submissions(game_id, round, step, house, kind)
    WHERE superseded_by IS NULL;
CREATE INDEX games_due ON games(deadline, id) WHERE status = 'running' AND deadline IS NOT NULL;
"#;

/// Version 8, the deadline policy: how the open step's deadline was changed (its scheduled
/// deadline, the end of its grace, a house that asked to wait), the daemon's last tick (the
/// downtime guard) and the players' absences.
const V8: &str = r#"
CREATE TABLE step_timing (
    game_id     TEXT NOT NULL REFERENCES games(id),
    round       INTEGER NOT NULL CHECK (round >= 0),
    step        TEXT NOT NULL,
    scheduled   TEXT,                           -- the step's deadline before an early close
    grace_until TEXT,                           -- set when the grace began (late houses told)
    held_by     TEXT,                           -- a house wrote `wait`: no early close
    PRIMARY KEY (game_id, round, step)
) STRICT;
CREATE TABLE daemon_clock (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    last_tick   TEXT NOT NULL                   -- RFC 3339 UTC; never moves backwards
) STRICT;
CREATE TABLE absences (
    id           INTEGER PRIMARY KEY,
    game_id      TEXT NOT NULL REFERENCES games(id),
    house        TEXT NOT NULL,
    first_day    TEXT NOT NULL,                 -- local date, YYYY-MM-DD
    last_day     TEXT NOT NULL,                 -- local date, inclusive
    starts       TEXT NOT NULL,                 -- RFC 3339 UTC: start of first_day
    ends         TEXT NOT NULL,                 -- RFC 3339 UTC: end of last_day
    days         INTEGER NOT NULL CHECK (days > 0),
    set_by       TEXT NOT NULL CHECK (set_by IN ('player', 'gm')),
    created_at   TEXT NOT NULL,
    cancelled_at TEXT
) STRICT;
CREATE INDEX absences_by_game ON absences(game_id, house);
"#;

/// Version 9 (mail content hash): a duplicate mail is the same sender and the same content,
/// never the Message-ID alone (anyone could reuse a player's Message-ID and make his orders
/// vanish). Each mail keeps the SHA-256 of its raw bytes as received (the raw copy itself may
/// later be redacted), and the Message-ID index is no longer unique.
const V9: &str = r#"
ALTER TABLE mails ADD COLUMN raw_sha256 TEXT;               -- hex SHA-256 of the raw bytes as received
DROP INDEX mails_by_message_id;
CREATE INDEX mails_by_message_id ON mails(message_id) WHERE message_id IS NOT NULL;
"#;

/// Version 10 (mail operations): what a mail operator needs to run the mailbox without a person.
/// Each outgoing mail has a kind (`answer` to a received mail, `report`, `notice`): answers go
/// out with the null envelope sender, and a daily sending budget serves answers and reports
/// before notices. `imap_marks` is the highest IMAP UID taken in per folder and UIDVALIDITY, so a
/// mail a person opened first is still read. `bounces` are the delivery failures (DSNs) of
/// maester's own mail, for the GM and `status`.
const V10: &str = r#"
ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT 'report'
    CHECK (kind IN ('answer', 'report', 'notice'));
CREATE INDEX outbox_by_created ON outbox(created_at);
CREATE INDEX outbox_due_ranked ON outbox(kind = 'notice', id) WHERE status = 'queued';
CREATE INDEX mails_by_seat ON mails(game_id, house, processed_at);

CREATE TABLE imap_marks (
    folder       TEXT NOT NULL,                     -- e.g. 'INBOX', 'Junk'
    uid_validity INTEGER NOT NULL,
    last_uid     INTEGER NOT NULL CHECK (last_uid >= 0), -- every UID up to it is stored
    updated_at   TEXT NOT NULL,
    PRIMARY KEY (folder, uid_validity)
) STRICT;

CREATE TABLE bounces (
    id          INTEGER PRIMARY KEY,
    mail_id     INTEGER REFERENCES mails(id),       -- the DSN as received
    outbox_id   INTEGER REFERENCES outbox(id),      -- maester's mail that bounced, when known
    game_id     TEXT REFERENCES games(id),
    recipient   TEXT NOT NULL,                      -- Final-Recipient
    status      TEXT NOT NULL,                      -- e.g. '5.1.1'
    diagnostic  TEXT NOT NULL DEFAULT '',
    at          TEXT NOT NULL
) STRICT;
CREATE INDEX bounces_by_at ON bounces(at);
"#;

/// Version 11: the Chinese script each seat writes in, learnt from the mails it
/// sends (`hans` Simplified, the default; `hant` Traditional), so that its reports are converted
/// to Traditional like its answers.
const V11: &str = r#"
ALTER TABLE houses ADD COLUMN script TEXT NOT NULL DEFAULT 'hans'
    CHECK (script IN ('hans', 'hant'));
"#;

/// Version 12: the answers to one address since a time (the hourly answer cap, asked for every
/// mail) are counted in an index of their own, instead of among every answer of the hour.
const V12: &str = r#"
CREATE INDEX outbox_answers_to ON outbox(lower(to_addrs), created_at) WHERE kind = 'answer';
"#;

/// Version 13 (a mail delivered twice): the SHA-256 of the headers a sender writes and the body
/// (`maester_mail::content_digest`), the same for every delivery of one message whatever trace
/// headers the servers on the way added. A mail with the sender, Message-ID and content digest
/// of a stored one is stored as a second delivery (`ignored`), never answered again.
const V13: &str = r#"
ALTER TABLE mails ADD COLUMN content_sha256 TEXT;           -- sender-written headers + body
"#;

/// Version 14 (issue 40): the long base64 runs of outgoing mails (the pictures, the forum
/// files) kept once in `blobs` by their SHA-256, and where each goes back in `outbox.raw`
/// (`blobs.rs`). Mails stored before stay whole (no part: `raw` is the mail).
const V14: &str = r#"
CREATE TABLE blobs (
    sha256 TEXT PRIMARY KEY,                       -- hex SHA-256 of the bytes
    bytes  BLOB NOT NULL
) STRICT;
CREATE TABLE outbox_parts (
    outbox_id INTEGER NOT NULL REFERENCES outbox(id),
    at        INTEGER NOT NULL,                    -- byte offset in outbox.raw
    sha256    TEXT NOT NULL REFERENCES blobs(sha256),
    PRIMARY KEY (outbox_id, at)
) STRICT;
CREATE INDEX outbox_parts_by_blob ON outbox_parts(sha256);
"#;

/// Version 15 (issue 40, a campaign in 25 MB): a blob may be kept as the bytes its base64
/// lines encode, `wrap` the shape of its lines (`packing::Wrap`; NULL: `bytes` is the text
/// as it goes in the mail); an outgoing mail's `raw` may be deflated (`packed` = 1; the mails
/// stored before stay as they are, 0). Indexes so that one game's rows are found without
/// reading every game's (a backup of one game, `backup.rs`).
const V15: &str = r#"
ALTER TABLE blobs ADD COLUMN wrap INTEGER;
ALTER TABLE outbox ADD COLUMN packed INTEGER NOT NULL DEFAULT 0;
CREATE INDEX outbox_by_game ON outbox(game_id);
CREATE INDEX bounces_by_game ON bounces(game_id);
"#;

/// Reads `PRAGMA user_version`.
pub(super) fn user_version(conn: &Connection) -> Result<i64, StoreError> {
    Ok(conn.pragma_query_value(None, "user_version", |row| row.get(0))?)
}

/// Applies every migration the database has not seen yet. Foreign keys are switched off while
/// they run (a table rebuild drops a referenced table) and checked before each commit.
pub(super) fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    if user_version(conn)? >= SCHEMA_VERSION {
        return check_not_newer(user_version(conn)?);
    }
    conn.pragma_update(None, "foreign_keys", false)?;
    let result = migrate_all(conn);
    conn.pragma_update(None, "foreign_keys", true)?;
    result
}

fn migrate_all(conn: &mut Connection) -> Result<(), StoreError> {
    loop {
        // Cheap check first, then re-check under the write lock.
        if user_version(conn)? >= SCHEMA_VERSION {
            return check_not_newer(user_version(conn)?);
        }
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let version = user_version(&tx)?;
        check_not_newer(version)?;
        let Some(sql) = usize::try_from(version)
            .ok()
            .and_then(|v| MIGRATIONS.get(v))
        else {
            return Ok(());
        };
        tx.execute_batch(sql)?;
        let broken: Option<String> = tx
            .query_row("PRAGMA foreign_key_check", [], |row| row.get(0))
            .optional()?;
        if let Some(table) = broken {
            return Err(StoreError::Corrupt {
                what: "foreign keys",
                detail: format!(
                    "migration {} left a dangling reference in {table}",
                    version + 1
                ),
            });
        }
        tx.pragma_update(None, "user_version", version + 1)?;
        tx.commit()?;
        tracing::debug!(version = version + 1, "applied database migration");
    }
}

fn check_not_newer(version: i64) -> Result<(), StoreError> {
    if version > SCHEMA_VERSION {
        return Err(StoreError::SchemaTooNew {
            found: version,
            supported: SCHEMA_VERSION,
        });
    }
    if version < 0 {
        return Err(StoreError::Corrupt {
            what: "user_version",
            detail: format!("negative schema version {version}"),
        });
    }
    Ok(())
}
