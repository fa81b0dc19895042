//! 将领的特长 Leaders in words: every ability as it acts in a battle, a
//! leader left out of the round (004:L1772–L1774, L2099, L2119) and a military district's end
//! (004:L2102–L2105).

use super::common::W;
use crate::Spelling;
use maester_board::{AreaId, HouseId, LeaderId};
use maester_rules::log::{AbilityEffect, AfterDistrict, DistrictEnd, Event, LeaderProblem};

/// The sentence of an event of this chapter, `None` for another chapter's event.
pub(super) fn text(w: &W, e: &Event) -> Option<String> {
    let zh = w.zh();
    Some(match e {
        Event::Ability {
            house,
            leader,
            area,
            effect,
        } => {
            if zh {
                format!(
                    "{}在{}的战斗中:{}。",
                    w.h(*house),
                    w.a(*area),
                    w.ability(*leader, effect)
                )
            } else {
                format!(
                    "{} in the battle for {}: {}.",
                    w.h(*house),
                    w.a(*area),
                    w.ability(*leader, effect)
                )
            }
        }
        Event::LeaderIgnored { house, leader, why } => {
            let r = match (why, zh) {
                (LeaderProblem::NotOwn, true) => "不是本家族的将领",
                (LeaderProblem::NotOwn, false) => "not a leader of the house",
                (LeaderProblem::Resting, true) => "正在休养(004:L2119)",
                (LeaderProblem::Resting, false) => "resting (004:L2119)",
                (LeaderProblem::TwoPlaces, true) => "被部署到两个地方,以第一个为准(004:L1772)",
                (LeaderProblem::TwoPlaces, false) => {
                    "deployed in two places; the first counts (004:L1772)"
                }
                (LeaderProblem::NoUnits, true) => "该区域在本回合开始时没有本家族部队(004:L1774)",
                (LeaderProblem::NoUnits, false) => {
                    "the house had no units there when the round began (004:L1774)"
                }
                (LeaderProblem::BadDistrict, true) => {
                    "军区须是两个相邻且回合开始时都有本家族部队的区域,每家最多两个(004:L2099)"
                }
                (LeaderProblem::BadDistrict, false) => {
                    "a district is two adjacent areas held with units when the round began, two at most (004:L2099)"
                }
            };
            if zh {
                format!("{}的将领{}不参与本回合:{}。", w.h(*house), w.ld(*leader), r)
            } else {
                format!(
                    "{}'s leader {} takes no part this round: {}.",
                    w.h(*house),
                    w.ld(*leader),
                    r
                )
            }
        }
        Event::DistrictEnded {
            house,
            leader,
            area,
            why,
            after,
        } => w.district_ended(*house, *leader, *area, *why, *after),
        _ => return None,
    })
}

impl W<'_> {
    /// A district ended (004:L2102–L2105): why, and where its leader is now.
    fn district_ended(
        &self,
        house: HouseId,
        leader: LeaderId,
        area: AreaId,
        why: DistrictEnd,
        after: AfterDistrict,
    ) -> String {
        let (who, lost) = (self.ld(leader), self.a(area));
        let rule = match after {
            AfterDistrict::Retreated(_) => "004:L2105",
            AfterDistrict::Defends(_) => why.rule(),
        };
        let cause = match (why, self.zh()) {
            (DistrictEnd::Emptied, true) => format!("{lost}的部队已全部行军移出"),
            (DistrictEnd::Emptied, false) => format!("all its units marched out of {lost}"),
            (DistrictEnd::Taken(o), true) => format!("{lost}被{}占领", self.h(o)),
            (DistrictEnd::Taken(o), false) => format!("{} took {lost}", self.h(o)),
        };
        let now = match (after, self.zh()) {
            (AfterDistrict::Defends(k), true) => format!("{who}转为{}的防守将领", self.a(k)),
            (AfterDistrict::Defends(k), false) => format!("{who} now defends {}", self.a(k)),
            (AfterDistrict::Retreated(Some(t)), true) => format!(
                "军区的两个区域都已失守,{who}随最后失守区域的败军撤退到{}",
                self.a(t)
            ),
            (AfterDistrict::Retreated(Some(t)), false) => format!(
                "both its areas are lost: {who} goes with the army beaten last, to {}",
                self.a(t)
            ),
            (AfterDistrict::Retreated(None), true) => {
                format!("军区的两个区域都已失守,{who}随最后失守区域的败军撤退")
            }
            (AfterDistrict::Retreated(None), false) => {
                format!("both its areas are lost: {who} goes with the army beaten last")
            }
        };
        if self.zh() {
            format!(
                "{}的军区将领{who}的军区解散:{cause};{now}({rule})。",
                self.h(house)
            )
        } else {
            format!(
                "{}'s district of {who} ends: {cause}; {now} ({rule}).",
                self.h(house)
            )
        }
    }

    /// The one rule of a leader's ability that kills a unit: Loras A-14, Arianne A-15.
    fn killing_rule(&self, l: LeaderId) -> &'static str {
        match self.b.leader(l).ability {
            Some(maester_board::Ability::Arianne) => "A-15",
            _ => "A-14",
        }
    }

    fn ability(&self, l: LeaderId, e: &AbilityEffect) -> String {
        let who = self.ld(l);
        match (e, self.zh()) {
            (AbilityEffect::SetValue(k, v), true) => format!(
                "{who}的特长:所率{}的战斗力为{v}(不包括支援部队,A-11)",
                self.unit(*k)
            ),
            (AbilityEffect::SetValue(k, v), false) => format!(
                "{who}'s ability: the {}s he leads count {v} (not supporters, A-11)",
                self.unit(*k)
            ),
            (AbilityEffect::Killed(h, a, k), true) => format!(
                "{who}的特长:立即歼灭{}在{}的1个{}(不计入阵亡,{})",
                self.h(*h),
                self.a(*a),
                self.unit(*k),
                self.killing_rule(l)
            ),
            (AbilityEffect::Killed(h, a, k), false) => format!(
                "{who}'s ability kills one {} of {} in {} at once (not a casualty, {})",
                self.unit(*k),
                self.h(*h),
                self.a(*a),
                self.killing_rule(l)
            ),
            (AbilityEffect::Upgraded(a, k), true) => format!(
                "{who}的特长:{}的1个{}升级为骑士(A-16)",
                self.a(*a),
                self.unit(*k)
            ),
            (AbilityEffect::Upgraded(a, k), false) => format!(
                "{who}'s ability upgrades one {} in {} to a knight (A-16)",
                self.unit(*k),
                self.a(*a)
            ),
            (AbilityEffect::IgnoredSupport(a), true) => format!(
                "{who}的特长:无视对方来自{}的支援(支援+1仍然有效)",
                self.a(*a)
            ),
            (AbilityEffect::IgnoredSupport(a), false) => format!(
                "{who}'s ability ignores the enemy's support from {} (a support+1 bonus still counts)",
                self.a(*a)
            ),
            (AbilityEffect::CancelledDefence(a), true) => format!(
                "{who}的特长:撤销{}的防守命令,本回合不再有效(A-17)",
                self.a(*a)
            ),
            (AbilityEffect::CancelledDefence(a), false) => format!(
                "{who}'s ability cancels the defence order in {} for the rest of the round (A-17)",
                self.a(*a)
            ),
            (AbilityEffect::Blocked(o), true) => {
                format!("{who}的特长:{}的特殊能力无效(A-13)", self.ld(*o))
            }
            (AbilityEffect::Blocked(o), false) => {
                format!(
                    "{who}'s ability: {}'s special ability does not work (A-13)",
                    self.ld(*o)
                )
            }
            (AbilityEffect::ZeroedLeader(o), true) => {
                format!("{who}的特长:{}的战斗力降为0", self.ld(*o))
            }
            (AbilityEffect::ZeroedLeader(o), false) => {
                format!("{who}'s ability: {}'s combat strength is 0", self.ld(*o))
            }
            (AbilityEffect::ZeroedShips, true) => {
                format!("{who}的特长:敌方支援战舰的战斗力降为0(支援+1仍然有效)")
            }
            (AbilityEffect::ZeroedShips, false) => format!(
                "{who}'s ability: the enemy's supporting ships count 0 (a support+1 bonus still counts)"
            ),
            (AbilityEffect::DoubledDefence, true) => format!("{who}的特长:防守命令效果加倍"),
            (AbilityEffect::DoubledDefence, false) => {
                format!("{who}'s ability doubles the defence order")
            }
            (AbilityEffect::Tokens(n), true) => format!("{who}战胜,获得{n}个势力标志"),
            (AbilityEffect::Tokens(n), false) => {
                format!("{who} wins: {}", super::count_en(*n, "power token"))
            }
            (AbilityEffect::CancelledOrder(h, a, o), true) => format!(
                "{who}战胜,立即取消{}在{}的{}命令(A-18)",
                self.h(*h),
                self.a(*a),
                o.name_zh()
            ),
            (AbilityEffect::CancelledOrder(h, a, o), false) => format!(
                "{who} wins and cancels {}'s {} order in {} at once (A-18)",
                self.h(*h),
                o.name_en(),
                self.a(*a)
            ),
            (AbilityEffect::Reward, true) => {
                format!("{who}战胜,可在下一回合事件阶段领取奖励(A-52)")
            }
            (AbilityEffect::Reward, false) => {
                format!("{who} wins: the reward is claimed in the next round's event phase (A-52)")
            }
            (AbilityEffect::NoEffect, true) => format!("{who}的特长没有可作用的对象"),
            (AbilityEffect::NoEffect, false) => format!("{who}'s ability has nothing to act on"),
        }
    }
}
