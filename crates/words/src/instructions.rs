//! The step's instructions and name in words: what a house must send, shared by the answers,
//! the reports and the questions of the event phase. No example here: an example is written
//! for its reader's house (`asks`, `offer`), since another house's lines would be refused.

use crate::Spelling;
use maester_board::Lang;
use maester_rules::Step;

/// What a house must send in a step, in words.
pub fn instructions(step: Step, lang: Lang) -> String {
    match (step, lang) {
        (Step::Placement, Lang::Zh) => "请回复本邮件,写明密码和每个有部队的区域的命令,每行一个(写「帮助」可以收到写法)。".into(),
        (Step::Placement, Lang::En) => "Reply with your secret and one order per area with your units, one per line (write \"help\" for the forms).".into(),
        (Step::Plan, Lang::Zh) => "请回复本邮件,写明密码和执行方案:你的突袭目标和行军目的地,按优先顺序编号(写「帮助」可以收到写法)。".into(),
        (Step::Plan, Lang::En) => "Reply with your secret and your plan: your raid targets and march destinations, numbered by priority (write \"help\" for the forms).".into(),
        (Step::Raven, Lang::Zh) => "信鸦持有者可以回复「信鸦: 区域 新命令」修改一条自己的命令;其他玩家这一步不需要发送,也可以提前发送执行方案。".into(),
        (Step::Raven, Lang::En) => "The Raven holder may reply \"raven: area new-order\" to change one of his orders; the others send nothing now, or their plan early.".into(),
        (Step::Retreat, Lang::Zh) => "请回复「撤退 败军所在区域 到 目的区域」选择撤退区域。".into(),
        (Step::Retreat, Lang::En) => "Reply \"retreat area to destination\" to choose where a beaten force goes.".into(),
        (Step::Events, Lang::Zh) => "请回复本回合事件需要的内容:裁军、征兵、出价、野人出价、战胜奖励、建造港口或防御工事。".into(),
        (Step::Events, Lang::En) => "Reply with what this round's events ask of you: disbanding, mustering, bids, the wildling bid, leader rewards, ports or fortifications.".into(),
        (Step::EventsAnswers, Lang::Zh) => "请回答你收到的问题:平局裁决、守夜人奖励、野人惩罚或重新征兵。".into(),
        (Step::EventsAnswers, Lang::En) => "Answer the questions you were asked: tie-breaks, the Night's Watch reward, the wildling penalty or a muster revision.".into(),
        (Step::Finished, _) => String::new(),
    }
}

/// Step name in a language.
pub fn step_name(step: Step, lang: Lang) -> String {
    match lang {
        Lang::Zh => step.name_zh().to_string(),
        Lang::En => step.name_en().to_string(),
    }
}
