//! The catch-up's last-report heading says how the report comes: built again in the new
//! player's language, or — when the close could not be built again — as the predecessor
//! received it, in both languages and in Traditional characters.

use maester_board::Lang;
use maester_words::catch_up::{CatchUp, catch_up};
use maester_words::hant::to_traditional;

fn text(rebuilt: bool, lang: Lang) -> String {
    let c = CatchUp {
        game: "g",
        player: "P",
        house: "Stark",
        rounds: &[],
        battles: &[],
        report: Some("the report\n\n-- maester, the automatic referee"),
        rebuilt,
        round: 2,
        step: "order placement",
        deadline: "tomorrow",
        what: "",
        pictures: false,
        event: false,
    };
    catch_up(&c, lang).1
}

#[test]
fn a_report_built_again_says_so_and_a_stored_one_says_whose_it_was() {
    let en = text(true, Lang::En);
    assert!(
        en.contains("== The last report your house was sent (built again in your language) =="),
        "{en}"
    );
    let en = text(false, Lang::En);
    assert!(en.contains("could not be built again"), "{en}");
    assert!(en.contains("as your predecessor received it"), "{en}");

    let zh = text(true, Lang::Zh);
    assert!(zh.contains("按你的语言重新生成"), "{zh}");
    assert!(to_traditional(&zh).contains("按你的語言重新生成"), "{zh}");
    let zh = text(false, Lang::Zh);
    assert!(zh.contains("无法重新生成"), "{zh}");
    assert!(zh.contains("前任玩家读到的语言与文字"), "{zh}");
    assert!(to_traditional(&zh).contains("無法重新生成"), "{zh}");
}
