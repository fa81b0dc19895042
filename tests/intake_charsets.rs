//! Mails in the charsets players really use, end to end: MIME decoding (GBK, Big5, HTML-only,
//! quoted replies) into the order language and the typed orders the rules consume.

use maester::board::{Board, Lang, OrderType};
use maester::game::Submission;
use maester::lang::submit::parse_mail;
use maester::rules::{GameState, Step};

fn fixture(name: &str) -> Vec<u8> {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/mail")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The fixtures hold a placement line and two plan lines; read them for both steps.
fn read(name: &str) -> (Vec<String>, Vec<String>) {
    let board = match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    let mail = maester::mail::decode(&fixture(name));
    let mut state = GameState::new_game(&board);
    let mut out = (Vec::new(), Vec::new());
    for step in [Step::Placement, Step::Plan] {
        state.step = step;
        let p = parse_mail(&board, &state, &mail.orders_text, Lang::Zh);
        let errors: Vec<String> = p
            .errors
            .iter()
            .map(|e| format!("{}: {}", e.line, e.message))
            .collect();
        if step == Step::Placement {
            // The placement line is accepted; the two plan lines belong to the other step.
            assert_eq!(errors.len(), 2, "{name}: {errors:?}");
            if let Some(Submission::Placement(pl)) = &p.partial {
                assert_eq!(pl.orders.len(), 1);
                assert_eq!(pl.orders[0].1.kind, OrderType::March);
                assert!(pl.orders[0].1.special);
            } else {
                panic!("{name}: no placement read");
            }
            out.0 = p.echo;
        } else {
            if let Some(Submission::Plan(plan)) = &p.partial {
                assert_eq!(plan.marches.len(), 1, "{name}");
                assert_eq!(plan.raids.len(), 1, "{name}");
            } else {
                panic!("{name}: no plan read: {errors:?}");
            }
            out.1 = p.echo;
        }
    }
    out
}

#[test]
fn gbk_quoted_printable_orders_reach_the_rules() {
    let (placement, plan) = read("gbk_qp.eml");
    assert_eq!(placement, ["临冬城 行军+1"]);
    assert_eq!(plan, ["御林步兵 移动到 君临。", "狭海战舰 突袭 五指半岛。"]);
}

#[test]
fn big5_traditional_orders_read_as_the_same_orders() {
    assert_eq!(read("big5_base64.eml"), read("gbk_qp.eml"));
}

#[test]
fn html_only_gbk_mail_with_a_quoted_reply_reads_only_the_new_orders() {
    assert_eq!(read("html_only_gbk.eml"), read("gbk_qp.eml"));
}
