//! The deadline policy's rows: how the open step's deadline was changed (`step_timing`), the
//! daemon's last tick (`daemon_clock`, for the downtime guard) and the players' absences.

use crate::cached::Cached;
use chrono::{DateTime, Utc};
use rusqlite::{OptionalExtension, Row, params};

use super::{Store, StoreError, StoreTx, expect_one, format_ts, parse_opt_ts, parse_ts};

/// What was changed about the deadline of one step (round and step of a game).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StepTiming {
    /// The step's own deadline, kept when an early close brings the deadline forward.
    pub scheduled: Option<DateTime<Utc>>,
    /// The end of the grace, set when the grace began (the late houses were told then).
    pub grace_until: Option<DateTime<Utc>>,
    /// A house that wrote `wait`: the step does not close early.
    pub held_by: Option<String>,
}

/// An absence of a player, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Absence {
    /// Row id (the GM cancels an absence by it).
    pub id: i64,
    /// The game.
    pub game_id: String,
    /// The house.
    pub house: String,
    /// First day, local date `YYYY-MM-DD`.
    pub first_day: String,
    /// Last day (inclusive), local date.
    pub last_day: String,
    /// Start of the first day.
    pub starts: DateTime<Utc>,
    /// End of the last day: a deadline inside the absence moves here.
    pub ends: DateTime<Utc>,
    /// Its length in days (counted against the player's cap when the player set it).
    pub days: u32,
    /// `player` or `gm`.
    pub set_by: String,
    /// When it was recorded.
    pub created_at: DateTime<Utc>,
}

/// An absence to record.
#[derive(Debug, Clone)]
pub struct NewAbsence<'a> {
    /// The game.
    pub game_id: &'a str,
    /// The house.
    pub house: &'a str,
    /// First day, local date `YYYY-MM-DD`.
    pub first_day: &'a str,
    /// Last day (inclusive).
    pub last_day: &'a str,
    /// Start of the first day.
    pub starts: DateTime<Utc>,
    /// End of the last day.
    pub ends: DateTime<Utc>,
    /// Length in days.
    pub days: u32,
    /// Whether the GM set it (not counted against the cap).
    pub by_gm: bool,
}

const ABSENCE_COLS: &str =
    "id, game_id, house, first_day, last_day, starts, ends, days, set_by, created_at";

fn absence_from_row(row: &Row<'_>) -> Result<Absence, StoreError> {
    Ok(Absence {
        id: row.get(0)?,
        game_id: row.get(1)?,
        house: row.get(2)?,
        first_day: row.get(3)?,
        last_day: row.get(4)?,
        starts: parse_ts(&row.get::<_, String>(5)?, "absences.starts")?,
        ends: parse_ts(&row.get::<_, String>(6)?, "absences.ends")?,
        days: row.get(7)?,
        set_by: row.get(8)?,
        created_at: parse_ts(&row.get::<_, String>(9)?, "absences.created_at")?,
    })
}

impl StoreTx<'_> {
    /// What was changed about the deadline of this step (all empty when nothing was).
    pub fn step_timing(
        &self,
        game_id: &str,
        round: u32,
        step: &str,
    ) -> Result<StepTiming, StoreError> {
        let row = self
            .conn
            .row(
                "SELECT scheduled, grace_until, held_by FROM step_timing
                 WHERE game_id = ?1 AND round = ?2 AND step = ?3",
                params![game_id, round, step],
                |r| {
                    Ok((
                        r.get::<_, Option<String>>(0)?,
                        r.get::<_, Option<String>>(1)?,
                        r.get::<_, Option<String>>(2)?,
                    ))
                },
            )
            .optional()?;
        let Some((scheduled, grace, held_by)) = row else {
            return Ok(StepTiming::default());
        };
        Ok(StepTiming {
            scheduled: parse_opt_ts(scheduled, "step_timing.scheduled")?,
            grace_until: parse_opt_ts(grace, "step_timing.grace_until")?,
            held_by,
        })
    }

    /// Records what was changed about the deadline of this step (replacing what was there).
    pub fn set_step_timing(
        &self,
        game_id: &str,
        round: u32,
        step: &str,
        t: &StepTiming,
    ) -> Result<(), StoreError> {
        self.conn.exec(
            "INSERT INTO step_timing (game_id, round, step, scheduled, grace_until, held_by)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (game_id, round, step) DO UPDATE SET
                scheduled = excluded.scheduled, grace_until = excluded.grace_until,
                held_by = excluded.held_by",
            params![
                game_id,
                round,
                step,
                t.scheduled.map(format_ts),
                t.grace_until.map(format_ts),
                t.held_by
            ],
        )?;
        Ok(())
    }

    /// Forgets how the deadlines of a game's steps were changed: called when a step closes or
    /// reopens, so that a step opened again (the same round and step) starts afresh.
    pub fn clear_step_timing(&self, game_id: &str) -> Result<(), StoreError> {
        self.conn
            .exec("DELETE FROM step_timing WHERE game_id = ?1", [game_id])?;
        Ok(())
    }

    /// The daemon's last tick, if it ever ticked.
    pub fn last_tick(&self) -> Result<Option<DateTime<Utc>>, StoreError> {
        let text: Option<String> = self
            .conn
            .row("SELECT last_tick FROM daemon_clock WHERE id = 1", [], |r| {
                r.get(0)
            })
            .optional()?;
        parse_opt_ts(text, "daemon_clock.last_tick")
    }

    /// Records a tick at `at`; the recorded time never moves backwards (a clock set back).
    pub fn record_tick(&self, at: DateTime<Utc>) -> Result<(), StoreError> {
        self.conn.exec(
            "INSERT INTO daemon_clock (id, last_tick) VALUES (1, ?1)
             ON CONFLICT (id) DO UPDATE SET last_tick = max(last_tick, excluded.last_tick)",
            [format_ts(at)],
        )?;
        Ok(())
    }

    /// Records an absence; returns its id.
    pub fn add_absence(&self, a: &NewAbsence<'_>, at: DateTime<Utc>) -> Result<i64, StoreError> {
        if a.ends <= a.starts {
            return Err(StoreError::Invalid {
                what: "absences",
                detail: format!("{} to {} ends before it starts", a.first_day, a.last_day),
            });
        }
        self.conn.exec(
            "INSERT INTO absences (game_id, house, first_day, last_day, starts, ends, days,
                                   set_by, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                a.game_id,
                a.house,
                a.first_day,
                a.last_day,
                format_ts(a.starts),
                format_ts(a.ends),
                a.days,
                if a.by_gm { "gm" } else { "player" },
                format_ts(at)
            ],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    /// Cancels an absence of a game (its days count no more).
    pub fn cancel_absence(
        &self,
        game_id: &str,
        id: i64,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let n = self.conn.exec(
            "UPDATE absences SET cancelled_at = ?3
             WHERE game_id = ?1 AND id = ?2 AND cancelled_at IS NULL",
            params![game_id, id, format_ts(at)],
        )?;
        expect_one(n, || format!("absence {id} of game {game_id}"))
    }

    /// The absences of a game not cancelled, by start.
    pub fn absences(&self, game_id: &str) -> Result<Vec<Absence>, StoreError> {
        let sql = format!(
            "SELECT {ABSENCE_COLS} FROM absences WHERE game_id = ?1 AND cancelled_at IS NULL
             ORDER BY starts, id"
        );
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query([game_id])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push(absence_from_row(row)?);
        }
        Ok(out)
    }

    /// Running games whose deadline falls inside an absence of one of their houses, with that
    /// absence (the deadline may have to move to its end).
    pub fn deadlines_in_absences(&self) -> Result<Vec<Absence>, StoreError> {
        let cols: Vec<String> = ABSENCE_COLS.split(", ").map(|c| format!("a.{c}")).collect();
        let sql = format!(
            "SELECT {} FROM absences a JOIN games g ON g.id = a.game_id
             WHERE g.status = 'running' AND a.cancelled_at IS NULL AND g.deadline IS NOT NULL
               AND g.deadline >= a.starts AND g.deadline < a.ends
             ORDER BY a.game_id, a.ends DESC",
            cols.join(", ")
        );
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let mut rows = stmt.query([])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push(absence_from_row(row)?);
        }
        Ok(out)
    }
}

impl Store {
    /// See [`StoreTx::step_timing`].
    pub fn step_timing(
        &self,
        game_id: &str,
        round: u32,
        step: &str,
    ) -> Result<StepTiming, StoreError> {
        self.view().step_timing(game_id, round, step)
    }

    /// See [`StoreTx::last_tick`].
    pub fn last_tick(&self) -> Result<Option<DateTime<Utc>>, StoreError> {
        self.view().last_tick()
    }

    /// See [`StoreTx::absences`].
    pub fn absences(&self, game_id: &str) -> Result<Vec<Absence>, StoreError> {
        self.view().absences(game_id)
    }

    /// See [`StoreTx::deadlines_in_absences`].
    pub fn deadlines_in_absences(&self) -> Result<Vec<Absence>, StoreError> {
        self.view().deadlines_in_absences()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NewGame;
    use chrono::TimeDelta;

    fn store_with_game(deadline: DateTime<Utc>) -> Result<Store, StoreError> {
        let mut store = Store::open_in_memory()?;
        store.transaction(|tx| {
            tx.create_game(&NewGame {
                id: "g",
                config: "",
                seed_hash: "h",
                seed: "s",
                round: 1,
                step: "placement",
                deadline: Some(deadline),
                created_at: deadline - TimeDelta::days(3),
            })
        })?;
        Ok(store)
    }

    fn t0() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-12-20T12:00:00Z")
            .map(|t| t.with_timezone(&Utc))
            .unwrap_or_default()
    }

    #[test]
    fn the_last_tick_never_moves_backwards() -> Result<(), StoreError> {
        let mut store = store_with_game(t0())?;
        assert_eq!(store.last_tick()?, None);
        store.transaction(|tx| tx.record_tick(t0()))?;
        store.transaction(|tx| tx.record_tick(t0() - TimeDelta::days(2)))?;
        assert_eq!(store.last_tick()?, Some(t0()));
        store.transaction(|tx| tx.record_tick(t0() + TimeDelta::hours(1)))?;
        assert_eq!(store.last_tick()?, Some(t0() + TimeDelta::hours(1)));
        Ok(())
    }

    #[test]
    fn a_deadline_inside_an_absence_is_found_until_it_is_cancelled() -> Result<(), StoreError> {
        let mut store = store_with_game(t0())?;
        let absence = |starts, ends| NewAbsence {
            game_id: "g",
            house: "stark",
            first_day: "2026-12-19",
            last_day: "2026-12-21",
            starts,
            ends,
            days: 3,
            by_gm: false,
        };
        let before = absence(t0() - TimeDelta::days(5), t0() - TimeDelta::days(1));
        let around = absence(t0() - TimeDelta::days(1), t0() + TimeDelta::days(1));
        store.transaction(|tx| tx.add_absence(&before, t0()))?;
        let id = store.transaction(|tx| tx.add_absence(&around, t0()))?;
        let hits = store.deadlines_in_absences()?;
        assert_eq!(hits.iter().map(|a| a.id).collect::<Vec<_>>(), vec![id]);
        let backwards = absence(t0(), t0() - TimeDelta::days(1));
        assert!(
            store
                .transaction(|tx| tx.add_absence(&backwards, t0()))
                .is_err()
        );
        store.transaction(|tx| tx.cancel_absence("g", id, t0()))?;
        assert!(store.deadlines_in_absences()?.is_empty());
        assert_eq!(store.absences("g")?.len(), 1);
        assert!(
            store
                .transaction(|tx| tx.cancel_absence("g", id, t0()))
                .is_err()
        );
        Ok(())
    }

    #[test]
    fn step_timing_is_per_step_and_cleared_when_a_step_closes() -> Result<(), StoreError> {
        let mut store = store_with_game(t0())?;
        assert_eq!(
            store.step_timing("g", 1, "placement")?,
            StepTiming::default()
        );
        let t = StepTiming {
            scheduled: Some(t0()),
            grace_until: Some(t0() + TimeDelta::hours(12)),
            held_by: Some("stark".into()),
        };
        store.transaction(|tx| tx.set_step_timing("g", 1, "placement", &t))?;
        assert_eq!(store.step_timing("g", 1, "placement")?, t);
        assert_eq!(store.step_timing("g", 1, "plan")?, StepTiming::default());
        store.transaction(|tx| tx.clear_step_timing("g"))?;
        assert_eq!(
            store.step_timing("g", 1, "placement")?,
            StepTiming::default()
        );
        Ok(())
    }
}
