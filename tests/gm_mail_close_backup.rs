//! A step closed by the GM's mail is backed up like any other close: the backup is taken
//! outside the mail's batch transaction (SQLite refuses to copy a database its own connection
//! is writing: "database is locked"), and the WAL is checkpointed after the close.

mod maildir_support;

use chrono::{TimeDelta, Utc};
use maildir_support::*;

#[test]
fn a_close_by_gm_mail_is_backed_up_and_checkpointed() {
    let dir = temp_dir("gmclosebk");
    let now = Utc::now();
    let (_cfg, mut d) = new_game_with_gm(&dir, "gmbk", now);
    // A player's mail in the same batch, before the GM's.
    let player = mail_from("a@x.example", "p1", "secret: stark-s\r\n临冬城 行军+1\r\n");
    let gm = gm_mail("gmbk", "g1", "密码: gm-s\r\n第1回合 placement\r\n结算\r\n");
    deliver_raw(&dir, &[("p1", player), ("g1", gm)]);
    tick_without_failure(&mut d, now + TimeDelta::seconds(5));
    let step: String = match d
        .store
        .connection()
        .query_row("SELECT step FROM games", [], |r| r.get(0))
    {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    assert_ne!(step, "placement", "the GM's mail closed the step");
    let backups = maester::daemon::backups::list(&d).unwrap_or_default();
    assert_eq!(backups.len(), 1, "{backups:?}");
    assert_eq!(
        (backups[0].round, backups[0].step.as_str()),
        (1, "placement")
    );
    let problems: i64 = match d.store.connection().query_row(
        "SELECT COUNT(*) FROM audit WHERE action = 'problem' AND detail LIKE '%backup%'",
        [],
        |r| r.get(0),
    ) {
        Ok(n) => n,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(problems, 0, "no backup failure told to the GM");
    let wal = std::fs::metadata(dir.join("maester.sqlite-wal")).map_or(0, |m| m.len());
    assert_eq!(wal, 0, "the WAL is checkpointed (truncated) after the tick");
    let _ = std::fs::remove_dir_all(&dir);
}
