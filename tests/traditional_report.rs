//! A house whose player writes Traditional Chinese gets its step reports in Traditional
//! Chinese (text and HTML), learnt from the mails it sends; the other houses keep Simplified
//! (and English for the player who reads English).

mod policy_support;

use policy_support::*;

#[test]
fn a_house_that_wrote_traditional_gets_a_traditional_report_the_others_simplified() {
    let (dir, cfg) = game("trad-report", "tr", "");
    let mut d = open(&cfg);
    let dl = deadline(&d, "tr");
    send(&dir, "stark", "t-stark", "臨冬城 行軍+1\n白港 支援");
    for (i, (h, order)) in HOME_ORDERS.iter().enumerate().skip(1) {
        send(&dir, h, &format!("s{i}"), order);
    }
    // Everyone has sent: the step closes early, 30 minutes after the last mail.
    let t0 = dl - hours(48);
    tick(&mut d, t0);
    tick(&mut d, t0 + chrono::TimeDelta::minutes(31));
    let report = |house: &str| -> String {
        let found: Vec<String> = outbox_files(&dir.join("mail/outbox"))
            .into_iter()
            .filter(|(t, b)| {
                t.contains(&addr(house))
                    && (b.contains("结果") || b.contains("結果") || b.contains("results"))
            })
            .map(|(_, b)| b)
            .collect();
        match found.last() {
            Some(r) => r.clone(),
            None => panic!(
                "no report to {house}: {:?}",
                outbox_files(&dir.join("mail/outbox"))
                    .iter()
                    .map(|(t, b)| (t.clone(), b.lines().next().unwrap_or_default().to_string()))
                    .collect::<Vec<_>>()
            ),
        }
    };
    let stark = report("stark");
    assert!(stark.contains("臨冬城"), "Traditional report: {stark}");
    assert!(stark.contains("公佈的軍事命令"), "{stark}");
    assert!(
        !stark.contains("临冬城") && !stark.contains("势力"),
        "{stark}"
    );
    let lannister = report("lannister");
    assert!(
        lannister.contains("临冬城"),
        "Simplified report: {lannister}"
    );
    assert!(lannister.contains("公布的军事命令"), "{lannister}");
    assert!(!lannister.contains("臨冬城"), "{lannister}");
    let greyjoy = report("greyjoy");
    assert!(greyjoy.contains("Winterfell"), "English report: {greyjoy}");
    // The HTML alternative is converted as well.
    let raw: Vec<Vec<u8>> = std::fs::read_dir(dir.join("mail/outbox"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| std::fs::read(e.path()).unwrap_or_default())
        .collect();
    let html = raw
        .iter()
        .filter_map(|r| mail_parser::MessageParser::default().parse(r))
        .filter(|m| {
            m.to()
                .and_then(|t| t.first())
                .and_then(|a| a.address())
                .is_some_and(|a| a == addr("stark"))
                && m.subject().is_some_and(|s| s.contains("結果"))
        })
        .filter_map(|m| m.body_html(0).map(|h| h.to_string()))
        .next_back()
        .unwrap_or_default();
    assert!(
        html.contains("臨冬城") && !html.contains("临冬城"),
        "{html}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
