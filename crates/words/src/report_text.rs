//! The report's own words that are no event of the log: what a house that sent no plan is
//! said to have executed.

use maester_board::Lang;

/// A house that sent no execution plan: its orders ran by the defaults.
pub fn no_plan_sent(lang: Lang) -> String {
    match lang {
        Lang::Zh => "(未提交执行方案,按默认执行,A-26)".into(),
        Lang::En => "(no plan sent: the defaults ran, A-26)".into(),
    }
}
