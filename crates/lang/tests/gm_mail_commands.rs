//! The GM's mail commands beyond the step commands: rollback to a named step, resend, edit
//! (a block up to `结束`), schedule, replace, leave, requeue and backups, in Chinese and
//! English.

use maester_lang::gm::{GmLine, ResendWhich, parse_gm_mail};

#[test]
fn rollback_resend_and_the_seat_commands_in_chinese() {
    let m = parse_gm_mail(
        "密码: s\n回滚 第2回合 plan: 误判\n回滚：误判了支援\n重发 白狼\n重发 白狼 第1回合 placement\n重发 白狼 回复\n换人 白狼 张 三 zhang@example.org\n退出 橙日\n重发失败邮件\n备份\n日程: plan = 周一 21:00, 周四 21:00\n",
    );
    assert_eq!(m.unknown, Vec::<(usize, String)>::new());
    let c: Vec<GmLine> = m.commands.into_iter().map(|(_, c)| c).collect();
    assert_eq!(
        c,
        vec![
            GmLine::Rollback {
                target: Some((2, "plan".into())),
                reason: "误判".into()
            },
            GmLine::Rollback {
                target: None,
                reason: "误判了支援".into()
            },
            GmLine::Resend {
                house: "白狼".into(),
                which: ResendWhich::Report
            },
            GmLine::Resend {
                house: "白狼".into(),
                which: ResendWhich::Step(1, "placement".into())
            },
            GmLine::Resend {
                house: "白狼".into(),
                which: ResendWhich::Answer
            },
            GmLine::Replace {
                house: "白狼".into(),
                rest: "张 三 zhang@example.org".into()
            },
            GmLine::Leave("橙日".into()),
            GmLine::Requeue,
            GmLine::Backups,
            GmLine::Schedule("plan = 周一 21:00, 周四 21:00".into()),
        ]
    );
}

#[test]
fn an_edit_takes_the_lines_up_to_end_and_english_forms_read_alike() {
    let m = parse_gm_mail(
        "secret: s\nedit: a knight was missed\nunits = \"stark: Winterfell 1F2K\"\nwildlings = 4\nend\nresend stark round 2 plan\nresend stark answer\nrollback round 1 placement wrong ruling\nschedule: default = 2d\nrequeue\nbackups\nleave martell\nreplace stark Jon Snow jon@example.org\n",
    );
    assert_eq!(m.unknown, Vec::<(usize, String)>::new());
    assert_eq!(
        m.commands,
        vec![
            (
                2,
                GmLine::Edit {
                    reason: "a knight was missed".into(),
                    text: "units = \"stark: Winterfell 1F2K\"\nwildlings = 4".into()
                }
            ),
            (
                6,
                GmLine::Resend {
                    house: "stark".into(),
                    which: ResendWhich::Step(2, "plan".into())
                }
            ),
            (
                7,
                GmLine::Resend {
                    house: "stark".into(),
                    which: ResendWhich::Answer
                }
            ),
            (
                8,
                GmLine::Rollback {
                    target: Some((1, "placement".into())),
                    reason: "wrong ruling".into()
                }
            ),
            (9, GmLine::Schedule("default = 2d".into())),
            (10, GmLine::Requeue),
            (11, GmLine::Backups),
            (12, GmLine::Leave("martell".into())),
            (
                13,
                GmLine::Replace {
                    house: "stark".into(),
                    rest: "Jon Snow jon@example.org".into()
                }
            ),
        ]
    );
}
