//! A GM's rollback to an earlier step withdraws what the players sent for the steps after it:
//! a plan sent against orders that are placed again no longer counts, is not published, and
//! the players are told to send it again; what was sent for the reopened step itself stands.
//! Through the real store and the Maildir transport.

mod maildir_support;

use chrono::{DateTime, TimeDelta, Utc};
use maester::daemon::Daemon;
use maester::daemon::gm::{GmCommand, apply};
use maester::rules::Step;
use maildir_support::*;

fn deliver(dir: &std::path::Path, from: &str, id: &str, body: &str) {
    if let Err(e) = maester::demo::deliver(&dir.join("mail/inbox"), id, &mail_from(from, id, body))
    {
        panic!("{e}");
    }
}

fn tick(d: &mut Daemon, now: DateTime<Utc>) {
    if let Err(e) = d.tick(now) {
        panic!("{e}");
    }
}

fn gm(d: &mut Daemon, cmd: GmCommand, now: DateTime<Utc>) {
    if let Err(e) = apply(d, "rb", &cmd, now) {
        panic!("{cmd:?}: {e}");
    }
    if let Err(e) = d.send_outbox(now) {
        panic!("{e}");
    }
}

fn process() -> GmCommand {
    GmCommand::Process {
        step: None,
        round: None,
    }
}

fn step(d: &Daemon) -> String {
    match d.store.game("rb") {
        Ok(Some(g)) => g.step,
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_rollback_to_placement_withdraws_the_plans_sent_after_it() {
    let dir = temp_dir("rollback-withdraws");
    let cfg = write_config(&dir, "rb");
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    std::fs::write(
        &cfg,
        text.replace("name = \"B\"\n", "name = \"B\"\nlanguage = \"en\"\n"),
    )
    .unwrap_or_default();
    let t0: DateTime<Utc> = "2026-05-04T02:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut d = new_game_at(&cfg, t0);
    tick(&mut d, t0);
    // Placement: Stark marches from Winterfell; then placement closes (no Raven change is due
    // in this round: the plan step opens).
    deliver(
        &dir,
        "a@x.example",
        "p1",
        "密码: stark-s\n临冬城 行军\n白港 支援\n",
    );
    let mut now = t0 + TimeDelta::minutes(1);
    tick(&mut d, now);
    gm(&mut d, process(), now);
    assert_eq!(step(&d), Step::Plan.key());
    // Stark sends his plan.
    deliver(
        &dir,
        "a@x.example",
        "p2",
        "密码: stark-s\n1) 临冬城部队 移动到 卡林湾\n",
    );
    now += TimeDelta::minutes(1);
    tick(&mut d, now);
    let plans = |d: &Daemon| {
        d.store
            .current_submissions("rb", 1, Step::Plan.key())
            .unwrap_or_else(|e| panic!("{e}"))
    };
    assert_eq!(plans(&d).len(), 1, "the plan is stored");
    // The GM rolls back to placement: the plan is withdrawn, the placement orders stand.
    now += TimeDelta::minutes(1);
    let rolled = apply(
        &mut d,
        "rb",
        &GmCommand::Rollback {
            reason: "重新布置".into(),
            when: None,
            target: Some((1, Step::Placement)),
        },
        now,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    if let Err(e) = d.send_outbox(now) {
        panic!("{e}");
    }
    // The GM is told the same: one house's placement stands, Stark's plan is withdrawn.
    let s = rolled.summary;
    assert!(
        (s.contains("仍然有效:1家") && s.contains("已作废:史塔克(第1回合"))
            || (s.contains("Standing: what 1 house sent")
                && s.contains("withdrawn: stark (round 1")),
        "{s}"
    );
    assert_eq!(step(&d), Step::Placement.key());
    assert!(
        plans(&d).is_empty(),
        "the plan sent after placement is withdrawn"
    );
    let placed = d
        .store
        .current_submissions("rb", 1, Step::Placement.key())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(placed.len(), 1, "the placement orders stand");
    let told = |addr: &str| -> String {
        outbox_files(&dir.join("mail/outbox"))
            .into_iter()
            .filter(|(to, b)| {
                to.contains(addr) && (b.contains("重新进行") || b.contains("is run again"))
            })
            .map(|(_, b)| b)
            .collect()
    };
    // Stark's notice says once what stands (his placement orders) and once what is withdrawn
    // (his plan), and nothing else about either.
    let stark = told("a@x.example");
    assert_eq!(
        stark.matches("仍然有效").count(),
        1,
        "what stands, said once: {stark}"
    );
    assert!(stark.contains("仍然有效:你为这一步提交的内容"), "{stark}");
    assert_eq!(stark.matches("作废").count(), 1, "withdrawn, once: {stark}");
    assert!(
        stark.contains("已作废:你为第1回合制定执行方案阶段提交的内容"),
        "the plan is void: {stark}"
    );
    // Greyjoy (en) sent nothing: nothing of his stands or is withdrawn, and it says so.
    let greyjoy = told("b@x.example");
    assert!(
        greyjoy.contains("You had sent nothing for this step."),
        "{greyjoy}"
    );
    assert!(
        greyjoy.contains("Nothing of yours is withdrawn."),
        "{greyjoy}"
    );
    assert!(!greyjoy.contains("Stands:"), "{greyjoy}");
    // Placement closes again: Stark is asked for his plan anew.
    now += TimeDelta::minutes(1);
    gm(&mut d, process(), now);
    assert_eq!(step(&d), Step::Plan.key());
    let g = maester::daemon::games::load(&d, "rb").unwrap_or_else(|e| panic!("{e}"));
    let who = maester::daemon::gm::sent_and_missing(&d, &g).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        who.iter().any(|(h, at)| h == "stark" && at.is_none()),
        "Stark's old plan does not count: {who:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn after_a_rollback_to_the_retreat_step_the_retreat_asked_is_accepted() {
    let dir = temp_dir("rollback-retreat");
    let cfg = write_config(&dir, "rb");
    let t0: DateTime<Utc> = "2026-05-04T02:00:00Z"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let mut d = new_game_at(&cfg, t0);
    let mut now = t0 + TimeDelta::minutes(1);
    // Stark's two knights in Moat Cailin attack Greyjoy's footman in Greywater Watch.
    gm(
        &mut d,
        GmCommand::Edit {
            text: "units = \"白狼: 卡林湾 2K\"\n".into(),
            reason: "setup".into(),
            force: true,
            guard: maester::daemon::games::Guard {
                round: None,
                step: None,
            },
        },
        now,
    );
    deliver(&dir, "a@x.example", "o1", "密码: stark-s\n卡林湾 行军+1\n");
    deliver(&dir, "b@x.example", "o2", "密码: greyjoy-s\n灰水望 防守\n");
    tick(&mut d, now);
    while step(&d) != Step::Plan.key() {
        now += TimeDelta::minutes(1);
        gm(&mut d, process(), now);
    }
    deliver(
        &dir,
        "a@x.example",
        "p1",
        "密码: stark-s\n1) 卡林湾部队 移动到 灰水望\n",
    );
    now += TimeDelta::minutes(1);
    tick(&mut d, now);
    now += TimeDelta::minutes(1);
    gm(&mut d, process(), now);
    assert_eq!(
        step(&d),
        Step::Retreat.key(),
        "Greyjoy is asked where to retreat"
    );
    // The retreat step closes on the default; the GM rolls it back.
    now += TimeDelta::minutes(1);
    gm(&mut d, process(), now);
    assert_ne!(step(&d), Step::Retreat.key());
    now += TimeDelta::minutes(1);
    gm(
        &mut d,
        GmCommand::Rollback {
            reason: "撤退重选".into(),
            when: None,
            target: Some((1, Step::Retreat)),
        },
        now,
    );
    assert_eq!(
        step(&d),
        Step::Retreat.key(),
        "the retreat step is open again"
    );
    deliver(
        &dir,
        "b@x.example",
        "r1",
        "密码: greyjoy-s\n撤退 灰水望 到 海疆城\n",
    );
    now += TimeDelta::minutes(1);
    tick(&mut d, now);
    let answers: Vec<String> = outbox_files(&dir.join("mail/outbox"))
        .into_iter()
        .filter(|(to, b)| to.contains("b@x.example") && b.starts_with("Re:"))
        .map(|(_, b)| b)
        .filter(|b| b.contains("撤退"))
        .collect();
    assert_eq!(answers.len(), 1, "{answers:#?}");
    let answer = &answers[0];
    assert!(
        answer.contains("裁判已收到你的选择撤退区域阶段"),
        "accepted: {answer}"
    );
    assert!(answer.contains("撤退: 灰水望 到 海疆城"), "{answer}");
    assert!(!answer.contains("不属于这个阶段"), "{answer}");
    let _ = std::fs::remove_dir_all(&dir);
}
