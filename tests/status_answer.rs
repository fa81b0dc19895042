//! `状态` / `status` is answered as a status, never as a submission: its own opening and
//! subject, the position grouped by house (houses and areas in board order, as the report's
//! map state), neutral garrisons under their own title, no row without contents. Through the
//! real store and the Maildir transport.

mod policy_support;

use chrono::Utc;
use policy_support::*;

/// The answer's rows of the position: the lines between its first house title and the
/// deadline line.
fn position_rows(answer: &str, first_title: &str) -> Vec<String> {
    answer
        .lines()
        .skip_while(|l| l.trim() != first_title)
        .take_while(|l| !l.contains("截止时间") && !l.starts_with("Deadline"))
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

#[test]
fn status_is_answered_as_the_sorted_position_not_as_a_submission() {
    let (dir, cfg) = game("status-answer", "st", "");
    let mut d = open(&cfg);
    send(&dir, "stark", "s-zh", "状态");
    send(&dir, "greyjoy", "s-en", "status");
    tick(&mut d, Utc::now());

    let board = maester::board::Board::default_board().unwrap_or_else(|e| panic!("{e}"));
    let titles: Vec<String> = board
        .houses
        .iter()
        .map(|h| h.name(maester::board::Lang::Zh).to_string())
        .collect();
    let zh = mails_to(&dir, "stark", "当前局势").concat();
    assert!(zh.starts_with("Re: [st] 局势"), "a status subject: {zh}");
    assert!(zh.contains("当前局势"), "a status opening: {zh}");
    assert!(zh.contains("不是提交"), "{zh}");
    assert!(!zh.contains("裁判已收到"), "not a submission: {zh}");
    let rows = position_rows(&zh, &titles[0]);
    // Every house's title, in board order, then the neutral garrisons.
    let at: Vec<usize> = titles
        .iter()
        .chain(std::iter::once(&"中立".to_string()))
        .map(|t| {
            rows.iter()
                .position(|r| r.trim() == t)
                .unwrap_or_else(|| panic!("no title {t}: {rows:#?}"))
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{rows:#?}");
    // No blank rows: every area row names what stands there.
    for r in rows.iter().filter(|r| r.starts_with("  ")) {
        assert!(r.split_whitespace().count() >= 2, "a blank row: {r:?}");
    }
    assert!(
        zh.contains("中立守军"),
        "neutral areas named as neutral: {zh}"
    );
    // Each house's areas in board order.
    let stark = board
        .house_by_key("stark")
        .unwrap_or_else(|| panic!("stark"));
    let g = maester::daemon::games::load(&d, "st").unwrap_or_else(|e| panic!("{e}"));
    let names: Vec<String> = board
        .area_ids()
        .filter(|a| g.state.controller(&board, *a) == Some(stark))
        .filter(|a| !g.state.area(*a).units.is_empty())
        .map(|a| board.area(a).name(maester::board::Lang::Zh).to_string())
        .collect();
    let stark_rows: Vec<&String> = rows
        .iter()
        .skip(1)
        .take_while(|r| r.starts_with("  "))
        .collect();
    let found: Vec<usize> = names
        .iter()
        .map(|n| {
            stark_rows
                .iter()
                .position(|r| r.split_whitespace().next() == Some(n.as_str()))
                .unwrap_or_else(|| panic!("no row for {n}: {stark_rows:#?}"))
        })
        .collect();
    assert!(found.windows(2).all(|w| w[0] < w[1]), "{stark_rows:#?}");

    let en = mails_to(&dir, "greyjoy", "This answers a status request").concat();
    assert!(en.starts_with("Re: [st] status"), "a status subject: {en}");
    assert!(en.contains("This answers a status request"), "{en}");
    assert!(!en.contains("The referee received your"), "{en}");
    assert!(
        en.contains("Neutral") && en.contains("neutral garrison"),
        "{en}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
