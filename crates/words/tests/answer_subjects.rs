//! Answer subjects: `Re: [game] …`, no pile-up of reply marks and verdicts, no double spaces.

use maester_board::Lang;
use maester_words::answers::{Verdict, answer_subject, attachments_not_read, reply_subject};

#[test]
fn a_first_answer_is_re_game_verdict_subject() {
    assert_eq!(
        answer_subject(Lang::Zh, "g1", Verdict::Received, "第3回合 命令"),
        "Re: [g1] 已收到: 第3回合 命令"
    );
    assert_eq!(
        answer_subject(Lang::En, "g1", Verdict::NotAccepted, "orders"),
        "Re: [g1] not accepted: orders"
    );
}

#[test]
fn a_mail_for_a_closed_step_is_answered_too_late_not_refused() {
    assert_eq!(
        answer_subject(Lang::Zh, "g1", Verdict::TooLate, "第3回合 命令"),
        "Re: [g1] 已截止: 第3回合 命令"
    );
    assert_eq!(
        answer_subject(
            Lang::En,
            "g1",
            Verdict::TooLate,
            "Re: [g1] too late: orders"
        ),
        "Re: [g1] too late: orders"
    );
}

#[test]
fn answering_an_answer_does_not_pile_up() {
    let first = answer_subject(Lang::Zh, "g1", Verdict::Received, "第3回合 命令");
    // QQ Mail's reply to our answer, then our answer to that.
    let replied = format!("回复： {first}");
    assert_eq!(
        answer_subject(Lang::Zh, "g1", Verdict::NotAccepted, &replied),
        "Re: [g1] 未接受: 第3回合 命令"
    );
    let piled = "已收到:回复： 已收到:Re: RE[2]: [g1]  Fw: 命令";
    assert_eq!(
        answer_subject(Lang::Zh, "g1", Verdict::Received, piled),
        "Re: [g1] 已收到: 命令"
    );
}

#[test]
fn no_double_spaces_and_an_empty_subject_gives_a_short_one() {
    assert_eq!(
        answer_subject(
            Lang::En,
            "g1",
            Verdict::Received,
            "  Re:   [g1]   round  3 "
        ),
        "Re: [g1] received: round 3"
    );
    assert_eq!(
        answer_subject(Lang::En, "g1", Verdict::Received, ""),
        "Re: [g1] received"
    );
}

#[test]
fn words_starting_like_a_mark_are_kept() {
    assert_eq!(reply_subject("Report: round 3"), "Re: Report: round 3");
    assert_eq!(reply_subject("Re: Re: hello"), "Re: hello");
    assert_eq!(reply_subject("İstanbul re: x"), "Re: İstanbul re: x");
}

#[test]
fn attachments_are_named_in_both_languages() {
    let names = vec!["orders.txt".to_string()];
    assert!(attachments_not_read(Lang::Zh, &names).contains("附件(orders.txt)不会被读取"));
    assert!(
        attachments_not_read(Lang::En, &names).contains("Attachments (orders.txt) are not read")
    );
}
