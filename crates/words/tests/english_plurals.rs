//! English sentences count naturally: "1 castle", "2 castles", never "1 castles".

mod kit;

use kit::start;
use maester_board::Lang;
use maester_rules::log_events::EconomyEvent;
use maester_words::economy::Describe;
use maester_words::log::count_en;

#[test]
fn english_counts_are_singular_for_one_and_plural_otherwise() {
    assert_eq!(count_en(1u8, "power token"), "1 power token");
    assert_eq!(count_en(0u8, "power token"), "0 power tokens");
    assert_eq!(count_en(3u8, "castle"), "3 castles");
    let w = start();
    let one = EconomyEvent::Standing {
        house: w.h("stark"),
        castles: 1,
        barrels: 1,
        tokens: 1,
    }
    .describe(&w.b, Lang::En);
    assert!(
        one.contains("1 castle, 1 effective barrel, 1 token in hand"),
        "{one}"
    );
    let two = EconomyEvent::Standing {
        house: w.h("stark"),
        castles: 2,
        barrels: 0,
        tokens: 5,
    }
    .describe(&w.b, Lang::En);
    assert!(
        two.contains("2 castles, 0 effective barrels, 5 tokens in hand"),
        "{two}"
    );
}
