//! 004:L1163: the answer names the tie an unlabelled tie line was taken for, in zh and en.

use maester_board::{Board, Lang};
use maester_rules::Track;

fn board() -> Board {
    match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn the_answer_names_the_tie_a_line_without_a_track_was_taken_for_004_l1163() {
    let b = board();
    let (Some(stark), Some(greyjoy)) = (b.house_by_key("stark"), b.house_by_key("greyjoy")) else {
        panic!("houses");
    };
    let zh = maester_words::answers::tie_line_read(&b, Lang::Zh, &[stark, greyjoy], None);
    assert!(
        zh.contains("白狼 > 海怪") && zh.contains("野人出价的平局"),
        "{zh}"
    );
    let zh = maester_words::answers::tie_line_read(
        &b,
        Lang::Zh,
        &[greyjoy, stark],
        Some(Track::Fiefdoms),
    );
    assert!(
        zh.contains("封邑的平局") && zh.contains("004:L1163"),
        "{zh}"
    );
    let en = maester_words::answers::tie_line_read(&b, Lang::En, &[stark, greyjoy], None);
    assert!(
        en.contains("Stark > Greyjoy") && en.contains("wildling"),
        "{en}"
    );
}
