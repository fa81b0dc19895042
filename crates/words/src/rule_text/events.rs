//! events

use super::RuleText;
use crate::Named;
use crate::board::{Board, Lang};
use crate::rules::events::EventError;

impl RuleText for EventError {
    /// A sentence for the player.
    fn message(&self, board: &Board, lang: Lang) -> String {
        match (self, lang) {
            (EventError::NoDeck, Lang::Zh) => "本局游戏的事件库尚未建立".into(),
            (EventError::NoDeck, Lang::En) => "the game's event deck is not set up".into(),
            (EventError::RoundOne, Lang::Zh) => "第一回合没有事件阶段(004:L2381)".into(),
            (EventError::RoundOne, Lang::En) => "round 1 has no event phase (004:L2381)".into(),
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
                Lang::Zh => format!("不能选择{}(004:L2636–L2644)", e.name(l)),
                Lang::En => format!("{} cannot be chosen (004:L2636–L2644)", e.name(l)),
            },
            (EventError::NotTheHolder(h), l) => match l {
                Lang::Zh => format!(
                    "{}不是有权选择该事件的家族(004:L2636)",
                    board.house(*h).name(l)
                ),
                Lang::En => format!(
                    "{} may not choose this event (004:L2636)",
                    board.house(*h).name(l)
                ),
            },
        }
    }
}
