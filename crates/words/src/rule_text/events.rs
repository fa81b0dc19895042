//! events

use super::RuleText;
use crate::Named;
use maester_board::{Board, Lang};
use maester_rules::event_phase::events::EventError;

impl RuleText for EventError {
    /// A sentence for the player.
    fn message(&self, board: &Board, lang: Lang) -> String {
        let rule = super::cite(self.rule(), lang);
        match (self, lang) {
            (EventError::NoDeck, Lang::Zh) => "本局游戏的事件库尚未建立".into(),
            (EventError::NoDeck, Lang::En) => "the game's event deck is not set up".into(),
            (EventError::RoundOne, Lang::Zh) => format!("第一回合没有事件阶段({rule})"),
            (EventError::RoundOne, Lang::En) => format!("round 1 has no event phase ({rule})"),
            (EventError::NotDrawn(r), Lang::Zh) => format!("第{r}回合的事件尚未生成"),
            (EventError::NotDrawn(r), Lang::En) => format!("the events of round {r} are not drawn"),
            (EventError::NotAChooser(c), l) => match l {
                Lang::Zh => format!("本回合的{}不是可选择的事件,或已经选定", c.name(l)),
                Lang::En => format!(
                    "this round's {} is not a chooser event, or is decided",
                    c.name(l)
                ),
            },
            (EventError::BadChoice(e), l) => match l {
                Lang::Zh => format!("不能选择{}({rule})", e.name(l)),
                Lang::En => format!("{} cannot be chosen ({rule})", e.name(l)),
            },
            (EventError::NotTheHolder(h), l) => match l {
                Lang::Zh => format!(
                    "{}不是有权选择该事件的家族({rule})",
                    board.house(*h).name(l)
                ),
                Lang::En => format!(
                    "{} may not choose this event ({rule})",
                    board.house(*h).name(l)
                ),
            },
        }
    }
}
