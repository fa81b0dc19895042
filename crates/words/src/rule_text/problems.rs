//! problems

use super::RuleText;
use crate::Named;
use crate::event_text::CardText;
use maester_board::{AreaId, Board, Lang};
use maester_game::{EventProblem, Part};

impl RuleText for EventProblem {
    /// A sentence for the player.
    fn message(&self, board: &Board, lang: Lang) -> String {
        let rule = super::cite(self.rule(), lang);
        let zh = lang == Lang::Zh;
        let n = |a: &AreaId| board.area(*a).name(lang).to_string();
        match self {
            EventProblem::NotThisRound(p) => not_this_round(*p, &rule, lang),
            EventProblem::NotAsked(p) if zh => {
                format!("这个问题不是问你的({}),本行不生效。", part_zh(*p))
            }
            EventProblem::NotAsked(p) => {
                format!("this question ({}) is not yours to answer.", part_en(*p))
            }
            EventProblem::Supply(e) => e.message(board, lang),
            EventProblem::Muster(_, e) => e.message(board, lang),
            EventProblem::MusterSupply {
                castle,
                size,
                armies,
                limits,
            } => super::supply::muster_over(board, *castle, *size, armies, limits, &rule, lang),
            EventProblem::Bid(_, e) => e.message(board, lang),
            EventProblem::Wildling(_, e) => e.message(board, lang),
            EventProblem::Reward(e) => e.message(board, lang),
            EventProblem::Build(e) => e.message(board, lang),
            EventProblem::NotTied(h) if zh => {
                format!("{}不在平局的家族之中({rule})", board.house(*h).name(lang))
            }
            EventProblem::NotTied(h) => format!(
                "{} is not one of the tied houses ({rule})",
                board.house(*h).name(lang)
            ),
            EventProblem::NameTheTrack if zh => {
                "你要裁决不止一个平局,请写明领域,例如「平局 封邑: 红狮 > 白狼」。".into()
            }
            EventProblem::NameTheTrack => {
                "you decide several ties: name the track, e.g. \"tie fiefdoms: Lannister > Stark\"."
                    .into()
            }
            EventProblem::ChoiceFirst(p) if zh => format!(
                "本回合先由持有者选择事件({rule});{}在选择公布之后再发送,本行不生效。",
                part_zh(*p)
            ),
            EventProblem::ChoiceFirst(p) => format!(
                "this round's chooser event is chosen first ({rule}); send your {} once the choice is published. The line has no effect.",
                part_en(*p)
            ),
            EventProblem::NotTheChooser { cards } => {
                let who: Vec<String> = cards
                    .iter()
                    .map(|(c, h)| {
                        let h = h.map(|h| board.house(h).name(lang)).unwrap_or_default();
                        if zh {
                            format!("{}由{h}选择", c.name(lang))
                        } else {
                            format!("{} is chosen by {h}", c.name(lang))
                        }
                    })
                    .collect();
                if zh {
                    format!("你不是有权选择事件的家族:{}({rule})", who.join(";"))
                } else {
                    format!(
                        "you do not choose this round's event: {} ({rule})",
                        who.join("; ")
                    )
                }
            }
            EventProblem::AlreadyChosen { card, chosen } if zh => format!(
                "{}已经选定为{},选择的期限已过,本行不生效({rule})。",
                card.name(lang),
                chosen.name(lang)
            ),
            EventProblem::AlreadyChosen { card, chosen } => format!(
                "{} was already decided: {}. The time to choose has passed; the line has no effect ({rule}).",
                card.name(lang),
                chosen.name(lang)
            ),
            EventProblem::NotAnOption { card, named } if zh => format!(
                "{}不能选择{},可选:{}({rule})",
                card.name(lang),
                named.name(lang),
                card.options_text(lang)
            ),
            EventProblem::NotAnOption { card, named } => format!(
                "{} cannot become {}; the options are: {} ({rule})",
                card.name(lang),
                named.name(lang),
                card.options_text(lang)
            ),
            EventProblem::NoRetreat(a) if zh => {
                format!("你在{}没有等待选择撤退区域的部队({rule})", n(a))
            }
            EventProblem::NoRetreat(a) => format!(
                "no force of yours beaten in {} waits for a retreat choice ({rule})",
                n(a)
            ),
            EventProblem::NotACandidate { from, candidates } => {
                let list: Vec<String> = candidates.iter().map(&n).collect();
                if zh {
                    format!("{}的部队只能撤退到:{}({rule})", n(from), list.join("、"))
                } else {
                    format!(
                        "the force beaten in {} may retreat only to: {} ({rule})",
                        n(from),
                        list.join(", ")
                    )
                }
            }
        }
    }
}

pub(crate) fn part_zh(p: Part) -> &'static str {
    match p {
        Part::Disband => "裁军",
        Part::Muster => "征兵",
        Part::Clash => "诸王争霸出价",
        Part::WildlingBid => "野人出价",
        Part::Claim => "战胜奖励",
        Part::Build => "建造",
        Part::Tie => "平局裁决",
        Part::Reward => "守夜人奖励",
        Part::Penalty => "野人惩罚",
        Part::Raven => "信鸦",
        Part::Retreat => "撤退",
        Part::Choice => "选择事件",
    }
}

pub(crate) fn part_en(p: Part) -> &'static str {
    match p {
        Part::Disband => "disbanding",
        Part::Muster => "mustering",
        Part::Clash => "Clash of Kings bids",
        Part::WildlingBid => "wildling bid",
        Part::Claim => "leader reward",
        Part::Build => "building",
        Part::Tie => "tie-break",
        Part::Reward => "Night's Watch reward",
        Part::Penalty => "wildling penalty",
        Part::Raven => "Raven",
        Part::Retreat => "retreat",
        Part::Choice => "event choice",
    }
}

fn not_this_round(p: Part, rule: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("本回合的事件不需要{}({rule}),本行不生效。", part_zh(p)),
        Lang::En => format!(
            "this round's events ask for no {} ({rule}); the line has no effect.",
            part_en(p)
        ),
    }
}
