//! Issue 39, item 7: the answer to `帮助` teaches only this game's rules — a game without the
//! optional one-time orders is not taught them.

use maester_board::Lang;
use maester_rules::Step;
use maester_words::guide::help_for;

#[test]
fn a_game_without_one_time_orders_is_not_taught_them() {
    for (lang, mark) in [(Lang::Zh, "一次性命令"), (Lang::En, "One-time orders")] {
        let on = help_for(Step::Placement, lang, true);
        let off = help_for(Step::Placement, lang, false);
        assert!(on.contains(mark), "{lang:?}: taught where on");
        assert!(
            !off.contains(mark),
            "{lang:?}: not taught where off:\n{off}"
        );
        // What follows the optional section is still there (building during placement).
        let build = if lang == Lang::Zh { "修建" } else { "build" };
        assert!(off.contains(build), "{lang:?}: the rest of the part stays");
    }
}
