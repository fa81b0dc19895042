//! 制定执行方案 The execution plan in words: which alternative of a step ran, a step or an
//! order that could not be carried out and why, the next one moving up (递补, A-28), a plan
//! rejected.

use super::common::W;
use crate::Spelling;
use maester_rules::log::{Event, Skip};

/// The sentence of an event of this chapter, `None` for another chapter's event.
pub(super) fn text(w: &W, e: &Event) -> Option<String> {
    let zh = w.zh();
    Some(match e {
        Event::Skipped {
            house,
            from,
            order,
            why,
        } => {
            let o = if zh { order.name_zh() } else { order.name_en() };
            if zh {
                format!(
                    "{}在{}的{}命令未执行:{};下一条命令递补(A-28)。",
                    w.h(*house),
                    w.a(*from),
                    o,
                    w.skip(why)
                )
            } else {
                format!(
                    "{}'s {} order in {} is not executed: {}; the next one moves up (A-28).",
                    w.h(*house),
                    o,
                    w.a(*from),
                    w.skip(why)
                )
            }
        }
        Event::StepChosen {
            house,
            step,
            alternative,
            fallback,
        } => match (zh, fallback) {
            (true, false) => format!(
                "{}的第{step}步执行{step}-{alternative}(条件成立的第一个选项,A-29)。",
                w.h(*house)
            ),
            (true, true) => format!(
                "{}的第{step}步:{step}-{alternative}不能执行,改为执行其备选命令(004:L1300)。",
                w.h(*house)
            ),
            (false, false) => format!(
                "{}'s step {step} runs {step}-{alternative} (the first alternative whose condition holds, A-29).",
                w.h(*house)
            ),
            (false, true) => format!(
                "{}'s step {step}: {step}-{alternative} cannot be executed, so its fallback runs (004:L1300).",
                w.h(*house)
            ),
        },
        Event::StepSkipped { house, step } => {
            if zh {
                format!(
                    "{}的第{step}步没有可执行的选项,跳过;下一步递补(004:L1312, A-28)。",
                    w.h(*house)
                )
            } else {
                format!(
                    "{}'s step {step} has no alternative that can run: skipped, the next step moves up (004:L1312, A-28).",
                    w.h(*house)
                )
            }
        }
        Event::PlanRejected { house } => {
            if zh {
                format!(
                    "{}的执行方案提到了地图上不存在的区域、家族或将领,本回合按未提交方案处理(A-26)。",
                    w.h(*house)
                )
            } else {
                format!(
                    "{}'s plan names areas, houses or leaders that do not exist: the house is treated as silent this round (A-26).",
                    w.h(*house)
                )
            }
        }
        _ => return None,
    })
}

impl W<'_> {
    fn skip(&self, why: &Skip) -> String {
        match (why, self.zh()) {
            (Skip::OrderGone, true) => "该命令已不存在(被突袭或失守)".into(),
            (Skip::OrderGone, false) => "the order is gone (raided or the area was lost)".into(),
            (Skip::NoUnits, true) => "该区域已没有本家族部队".into(),
            (Skip::NoUnits, false) => "no units of the house are left there".into(),
            (Skip::NotReachable(a), true) => format!("无法到达{}", self.a(*a)),
            (Skip::NotReachable(a), false) => {
                format!("{} cannot be reached from there", self.a(*a))
            }
            (Skip::NothingToRaid(a), true) => format!("{}没有可被突袭的命令(A-40)", self.a(*a)),
            (Skip::NothingToRaid(a), false) => {
                format!("{} holds no order a raid can remove (A-40)", self.a(*a))
            }
            (Skip::UnitsMissing, true) => "指定的部队不在那里".into(),
            (Skip::UnitsMissing, false) => "the units named are not there".into(),
            (Skip::Supply(a), true) => format!("进入{}会超出补给上限(004:L633)", self.a(*a)),
            (Skip::Supply(a), false) => format!(
                "entering {} would break the supply limit (004:L633)",
                self.a(*a)
            ),
            (Skip::SecondAttack(a), true) => format!(
                "同一军团一回合只能进攻一次,取消进攻{}(004:L1259)",
                self.a(*a)
            ),
            (Skip::SecondAttack(a), false) => format!(
                "an army attacks once a round; the attack on {} is cancelled (004:L1259)",
                self.a(*a)
            ),
            (Skip::WrongTerrain(a), true) => {
                format!("陆军不能下海,战舰不能上岸:{}(004:L1234)", self.a(*a))
            }
            (Skip::WrongTerrain(a), false) => format!(
                "land units cannot go to sea nor ships ashore: {} (004:L1234)",
                self.a(*a)
            ),
            (Skip::SiegeCannotRaid, true) => "攻城车不能突袭(004:L1441)".into(),
            (Skip::SiegeCannotRaid, false) => "siege engines cannot raid (004:L1441)".into(),
            (Skip::TwoSieges(a), true) => format!(
                "一个军团最多只能有一支攻城车,{}的军团已有一支(004:L636, L1246)",
                self.a(*a)
            ),
            (Skip::TwoSieges(a), false) => format!(
                "an army holds one siege engine at most, and the army in {} has one (004:L636, L1246)",
                self.a(*a)
            ),
            (Skip::PortFull(a), true) => format!("{}已满(最多3艘战舰,004:L638)", self.a(*a)),
            (Skip::PortFull(a), false) => {
                format!("{} is full (3 ships at most, 004:L638)", self.a(*a))
            }
            (Skip::ChainBroken(a), true) => format!(
                "没有通往{}的完整海运链,或有家族没有提交运输命令(004:L1569, L1587)",
                self.a(*a)
            ),
            (Skip::ChainBroken(a), false) => format!(
                "no unbroken transport chain to {}, or a carrier sent no transport order (004:L1569, L1587)",
                self.a(*a)
            ),
            (Skip::EventBan, true) => "本回合的事件禁止执行该命令(A-45)".into(),
            (Skip::EventBan, false) => "the event in force forbids it this round (A-45)".into(),
            (Skip::Routed, true) => "败兵不能执行任何命令(004:L2323)".into(),
            (Skip::Routed, false) => "routed units carry out no orders (004:L2323)".into(),
        }
    }
}
