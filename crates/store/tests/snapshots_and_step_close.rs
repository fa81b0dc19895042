//! Snapshots numbered per game; closing a step commits the snapshot, the reports and the next
//! step together; a game is created once, with a valid id.

mod support;

use maester_store::*;
use serde_json::json;
use support::*;

#[test]
fn snapshots_are_numbered_per_game_and_readable_by_number() {
    let (_db, mut store) = store_with_game("snap");
    store
        .transaction(|tx| {
            tx.create_game(&NewGame {
                id: "other",
                config: "",
                seed_hash: "h",
                seed: "s",
                round: 1,
                step: "placement",
                deadline: None,
                created_at: t(8, 0),
            })
        })
        .unwrap();
    assert!(store.latest_snapshot("demo").unwrap().is_none());
    let log = json!([]);
    for (i, step) in ["placement", "raven", "plan"].iter().enumerate() {
        let state = json!({ "step": step, "i": i });
        let seq = store
            .transaction(|tx| {
                tx.add_snapshot(&NewSnapshot {
                    game_id: "demo",
                    round: 1,
                    step,
                    after_seq: i as i64,
                    state: &state,
                    log: &log,
                    created_at: t(10, i as u32),
                })
            })
            .unwrap();
        assert_eq!(seq, i as i64 + 1);
    }
    let other = store
        .transaction(|tx| {
            tx.add_snapshot(&NewSnapshot {
                game_id: "other",
                round: 1,
                step: "placement",
                after_seq: 0,
                state: &log,
                log: &log,
                created_at: t(10, 0),
            })
        })
        .unwrap();
    assert_eq!(other, 1, "each game has its own sequence");
    let latest = store.latest_snapshot("demo").unwrap().unwrap();
    assert_eq!((latest.seq, latest.step.as_str()), (3, "plan"));
    let second = store.snapshot("demo", 2).unwrap().unwrap();
    assert_eq!(second.state, json!({"step": "raven", "i": 1}));
    assert!(store.snapshot("demo", 4).unwrap().is_none());
    assert_eq!(store.snapshot_index("demo").unwrap().len(), 3);
}

#[test]
fn deadline_resolution_commits_snapshot_reports_and_step_together() {
    let (_db, mut store) = store_with_game("resolve");
    assert_eq!(store.games_due(t(20, 59)).unwrap().len(), 0);
    assert_eq!(store.games_due(t(21, 0)).unwrap().len(), 1);
    let to = vec!["ned@example.com".to_string()];
    let state = json!({"round": 1});
    let resolve = |store: &mut Store, fail: bool| {
        store.transaction(|tx| {
            tx.add_snapshot(&NewSnapshot {
                game_id: "demo",
                round: 1,
                step: "raven",
                after_seq: 0,
                state: &state,
                log: &state,
                created_at: t(21, 0),
            })?;
            tx.queue_outgoing(&outgoing("report-1-placement@maester", &to, None))?;
            tx.set_game_step("demo", 1, "raven", Some(t(23, 0)), t(21, 0))?;
            tx.append_audit(Some("demo"), "daemon", "resolve", "placement", t(21, 0))?;
            if fail {
                return Err(StoreError::Setup("crash".into()));
            }
            Ok(())
        })
    };
    assert!(resolve(&mut store, true).is_err());
    let game = store.game("demo").unwrap().unwrap();
    assert_eq!(
        (game.step.as_str(), game.deadline),
        ("placement", Some(t(21, 0)))
    );
    assert!(store.latest_snapshot("demo").unwrap().is_none());
    assert!(store.due_outgoing(t(21, 0), 10).unwrap().is_empty());
    assert!(store.audit_log(Some("demo"), 10).unwrap().is_empty());

    resolve(&mut store, false).unwrap();
    let game = store.game("demo").unwrap().unwrap();
    assert_eq!(
        (game.step.as_str(), game.deadline),
        ("raven", Some(t(23, 0)))
    );
    assert_eq!(
        store.latest_snapshot("demo").unwrap().map(|s| s.seq),
        Some(1)
    );
    assert_eq!(store.due_outgoing(t(21, 0), 10).unwrap().len(), 1);
    assert_eq!(store.audit_log(None, 10).unwrap()[0].action, "resolve");
    assert!(store.games_due(t(22, 0)).unwrap().is_empty());
    store
        .transaction(|tx| tx.set_game_status("demo", GameStatus::Paused, t(22, 0)))
        .unwrap();
    assert!(store.games_due(t(23, 30)).unwrap().is_empty(), "paused");
}

#[test]
fn creating_a_game_twice_or_with_a_bad_id_is_refused() {
    let (_db, mut store) = store_with_game("gameid");
    let g = |id: &'static str| NewGame {
        id,
        config: "",
        seed_hash: "",
        seed: "",
        round: 1,
        step: "placement",
        deadline: None,
        created_at: t(8, 0),
    };
    let twice = store.transaction(|tx| tx.create_game(&g("demo")));
    assert!(matches!(twice, Err(StoreError::AlreadyExists { .. })));
    let bad = store.transaction(|tx| tx.create_game(&g("no spaces")));
    assert!(matches!(bad, Err(StoreError::Invalid { .. })));
}
