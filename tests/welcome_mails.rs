//! What a player is told when he joins (issue 17): the welcome mail at a new game and the
//! welcome of a substitute seated mid-game (004:L492) both carry the roster, the house's units,
//! its leaders (a resting one marked), the order limits, a short example, the game's schedule
//! and the GM's address.

mod maildir_support;

use maildir_support::*;
use std::path::{Path, PathBuf};

/// A game on Maildir with a weekly calendar schedule in Beijing time and a GM address.
fn config(dir: &Path, id: &str) -> PathBuf {
    let cfg = write_config(dir, id);
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    let text = text
        .replace(
            "address = \"referee@test.maester\"\n",
            "address = \"referee@test.maester\"\ngm_address = \"gm@x.example\"\n",
        )
        .replace(
            "timezone = \"UTC\"\n[game.schedule.steps]\ndefault = \"1d\"\n",
            "timezone = \"Asia/Shanghai\"\n[game.schedule.steps]\nplacement = \"Mon 21:00, Thu 21:00\"\nplan = \"daily 22:30\"\ndefault = \"36h\"\n",
        );
    assert!(text.contains("gm_address") && text.contains("daily 22:30"));
    if let Err(e) = std::fs::write(&cfg, text) {
        panic!("{e}");
    }
    cfg
}

fn mail_to(dir: &Path, addr: &str, subject_has: &str) -> String {
    let sent = outbox_files(&dir.join("mail/outbox"));
    let found: Vec<&String> = sent
        .iter()
        .filter(|(t, b)| t.contains(addr) && b.contains(subject_has))
        .map(|(_, b)| b)
        .collect();
    match found.as_slice() {
        [one] => (*one).clone(),
        _ => panic!("expected one mail to {addr} with {subject_has:?}: {found:#?}"),
    }
}

#[test]
fn welcome_mail_lists_roster_units_leaders_limits_example_schedule_and_gm() {
    let dir = temp_dir("welcome-all");
    let cfg = config(&dir, "w1");
    new_game_with_known_secrets(&cfg);
    // The welcome mails are queued with the game and sent at the next tick.
    run_once(&cfg);
    let w = mail_to(&dir, "a@x.example", "欢迎加入游戏");
    for want in [
        "  白狼 A(你)\n",
        "  红狮 C\n",
        "你的部队:\n",
        "  临冬城 步兵×1 骑士×1\n",
        "艾德 3 0/2",
        "每回合命令上限:",
        // The example of the open step: Stark's own orders, within his rank's special orders.
        "每行一个,例如:\n  密码: 你的密码\n  临冬城 行军+1\n  白港 支援\n",
        "截止时间的安排:\n",
        "每周一 21:00、每周四 21:00 (北京时间)截止",
        "每天 22:30 (北京时间)截止",
        "其余各步 开始后36小时截止",
        "gm@x.example",
    ] {
        assert!(w.contains(want), "welcome lacks {want:?}:\n{w}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn substitute_welcome_lists_his_units_leaders_roster_and_schedule_004_l492() {
    let dir = temp_dir("welcome-substitute");
    let cfg = config(&dir, "w2");
    new_game_with_known_secrets(&cfg);
    let out = maester(
        &cfg,
        &[
            "gm",
            "replace",
            "--house",
            "stark",
            "--name",
            "Zed",
            "--email",
            "z@x.example",
        ],
        None,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let w = mail_to(&dir, "z@x.example", "接手");
    for want in [
        "你的部队:\n",
        "  临冬城 步兵×1 骑士×1\n",
        "  白港 步兵×1\n",
        "玩家名单:\n  白狼 Zed(你)\n  海怪 B\n  红狮 C\n",
        "艾德 3 0/2",
        "每回合命令上限:",
        "截止时间的安排:\n",
        "每周一 21:00、每周四 21:00 (北京时间)截止",
        "gm@x.example",
    ] {
        assert!(
            w.contains(want),
            "the substitute's welcome lacks {want:?}:\n{w}"
        );
    }
    assert!(
        !w.contains("  白狼 A"),
        "the old player is not in the roster:\n{w}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
