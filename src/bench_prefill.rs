//! `maester bench-intake --prefill N`: a store that has lived — `N` old mails over 100 earlier
//! games, each with its houses and snapshot, the submissions, answers and audit rows such mails
//! leave — written straight into the tables in one transaction (not through intake: filling
//! the store must not take longer than the measure), so that the per-mail cost of intake can be
//! compared between an empty store and a full one.

use crate::error::Error;
use std::time::Instant;

/// How many earlier games the old mails are spread over.
pub const OLD_GAMES: usize = 100;

/// Fill the store of the bench game `bench` with `mails` old mails over [`OLD_GAMES`] games
/// (copies of the bench game, finished or running with a deadline far off). Returns the
/// seconds it took. `corpus(i)` is the raw bytes of the `i`-th mail (the bench's generator).
pub fn prefill(
    store: &crate::store::Store,
    mails: usize,
    corpus: fn(usize) -> Vec<u8>,
) -> Result<f64, Error> {
    let start = Instant::now();
    let conn = store.connection();
    let sql = |e| Error::Config(format!("prefill: {e}"));
    conn.execute_batch("BEGIN IMMEDIATE").map_err(sql)?;
    let filled = fill(store, mails, corpus);
    let end = if filled.is_ok() { "COMMIT" } else { "ROLLBACK" };
    conn.execute_batch(end).map_err(sql)?;
    filled?;
    Ok(start.elapsed().as_secs_f64())
}

fn fill(
    store: &crate::store::Store,
    mails: usize,
    corpus: fn(usize) -> Vec<u8>,
) -> Result<(), Error> {
    let conn = store.connection();
    let sql = |e| Error::Config(format!("prefill: {e}"));
    for g in 0..OLD_GAMES {
        let id = format!("old{g:03}");
        // Half the old games are over, the others still running, their deadline far off.
        let status = if g % 2 == 0 { "finished" } else { "running" };
        conn.execute(
            "INSERT INTO games (id, created_at, updated_at, config, seed_hash, seed, status, round,
                                step, deadline)
             SELECT ?1, created_at, updated_at, replace(config, '\"bench\"', '\"' || ?1 || '\"'),
                    seed_hash, seed, ?2, round, step, '2099-01-01T00:00:00Z'
             FROM games WHERE id = 'bench'",
            (&id, status),
        )
        .map_err(sql)?;
        conn.execute(
            "INSERT INTO houses (game_id, house, player_name, address, secret_salt, secret_hash,
                                 language)
             SELECT ?1, house, player_name, ?1 || '-' || address, secret_salt, secret_hash, language
             FROM houses WHERE game_id = 'bench'",
            [&id],
        )
        .map_err(sql)?;
        conn.execute(
            "INSERT INTO snapshots (game_id, seq, round, step, state, log, created_at)
             SELECT ?1, seq, round, step, state, log, created_at FROM snapshots
             WHERE game_id = 'bench'",
            [&id],
        )
        .map_err(sql)?;
    }
    let houses = [
        "stark",
        "greyjoy",
        "lannister",
        "baratheon",
        "tyrell",
        "martell",
    ];
    let mut mail = conn.prepare(
        "INSERT INTO mails (mail_key, message_id, from_addr, subject, received_at, raw, game_id,
                            house, status, outcome, processed_at)
         VALUES (?1, ?2, ?3, '[bench] orders', '2026-01-01T00:00:00Z', ?4, ?5, ?6, 'processed',
                 'orders accepted', '2026-01-01T00:00:00Z')",
    )
    .map_err(sql)?;
    let mut sub = conn
        .prepare(
            "INSERT INTO submissions (game_id, house, round, step, kind, text, parsed, mail_id,
                                  received_at)
         VALUES (?1, ?2, ?3, 'placement', 'orders', ?4, '{}', ?5, '2026-01-01T00:00:00Z')",
        )
        .map_err(sql)?;
    let mut out = conn
        .prepare(
            "INSERT INTO outbox (game_id, message_id, to_addrs, subject, raw, status, created_at,
                             next_attempt_at, sent_at, reply_to_mail)
         VALUES (?1, ?2, ?3, 'Re: [bench] orders', ?4, 'sent', '2026-01-01T00:00:00Z',
                 '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', ?5)",
        )
        .map_err(sql)?;
    let mut audit = conn
        .prepare(
            "INSERT INTO audit (game_id, at, actor, action, detail)
         VALUES (?1, '2026-01-01T00:00:00Z', ?2, 'submission accepted', 'placement')",
        )
        .map_err(sql)?;
    for i in 0..mails {
        let game = format!("old{:03}", i % OLD_GAMES);
        let house = houses[(i / OLD_GAMES) % houses.len()];
        let from = format!("{game}-{house}@x.example");
        let raw = corpus(i);
        let key = format!("maildir:old{i:07}");
        let message_id = format!("old-{i}@x.example");
        mail.execute((&key, &message_id, &from, &raw, &game, house))
            .map_err(sql)?;
        let mail_id = conn.last_insert_rowid();
        let round = 1 + (i / (OLD_GAMES * houses.len())) % 10;
        sub.execute((&game, house, round as i64, "march", mail_id))
            .map_err(sql)?;
        out.execute((&game, format!("re-{message_id}"), &from, &raw, mail_id))
            .map_err(sql)?;
        audit
            .execute((&game, format!("house:{house}")))
            .map_err(sql)?;
    }
    Ok(())
}
