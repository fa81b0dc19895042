//! What can be wrong with an event-phase, Raven or retreat submission, in the player's words,
//! and which part of the mail it is about.

use crate::board::{AreaId, Board, HouseId, Lang};
use crate::rules::bidding::BidError;
use crate::rules::build::BuildError;
use crate::rules::economy::SupplyError;
use crate::rules::events::EventCard;
use crate::rules::muster::MusterError;
use crate::rules::rewards::RewardError;
use crate::rules::wildlings::WildlingError;

/// The part of a submission a problem is about (to point at its line).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// `裁军:` lines.
    Disband,
    /// `征兵:` lines.
    Muster,
    /// Clash of Kings bids.
    Clash,
    /// The wildling bid.
    WildlingBid,
    /// `奖励:` claims of leader rewards.
    Claim,
    /// Ports and fortifications.
    Build,
    /// `平局:` lines.
    Tie,
    /// The Night's Watch reward.
    Reward,
    /// The wildling penalty.
    Penalty,
    /// `信鸦:`.
    Raven,
    /// `撤退 … 到 …`.
    Retreat,
    /// `选择:` the chooser's event (004:L2640–L2644).
    Choice,
}

/// A problem with an event-phase, Raven or retreat submission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventProblem {
    /// This round has no event that asks for it (or there is nothing to claim).
    NotThisRound(Part),
    /// The question is not this house's.
    NotAsked(Part),
    /// Supply.
    Supply(SupplyError),
    /// Mustering (the muster plan or a revision).
    Muster(Part, MusterError),
    /// Bids.
    Bid(Part, BidError),
    /// The wildling reward or penalty.
    Wildling(Part, WildlingError),
    /// A leader reward claim.
    Reward(RewardError),
    /// Building.
    Build(BuildError),
    /// A house named in a tie-break is not among the tied houses.
    NotTied(HouseId),
    /// The house decides several ties: the line must name the track.
    NameTheTrack,
    /// Both bids together are more than the tokens in hand (004:L1155, L1106).
    OverHand {
        /// Bid in all.
        bid: u32,
        /// Tokens in hand.
        hand: u8,
    },
    /// No force of the house waits for a retreat choice there.
    NoRetreat(AreaId),
    /// While a chooser card is undecided only the choice is sent; the rest follows once
    /// it is published.
    ChoiceFirst(Part),
    /// The house does not hold the track whose first chooses this round's chooser card.
    NotTheChooser {
        /// The undecided chooser cards and who chooses each.
        cards: Vec<(EventCard, Option<HouseId>)>,
    },
    /// The round's chooser card was decided already (by its holder or by the default): a
    /// choice sent now comes too late.
    AlreadyChosen {
        /// The chooser card.
        card: EventCard,
        /// The event it became.
        chosen: EventCard,
    },
    /// The named event is not an option of the house's chooser card (004:L2640–L2644).
    NotAnOption {
        /// The chooser card.
        card: EventCard,
        /// What was named.
        named: EventCard,
    },
    /// None of the areas named is one of the force's possible retreat areas.
    NotACandidate {
        /// Where the force was beaten.
        from: AreaId,
        /// The areas it may retreat to.
        candidates: Vec<AreaId>,
    },
}

impl EventProblem {
    /// The part of the mail it is about.
    pub fn part(&self) -> Part {
        match self {
            EventProblem::NotThisRound(p)
            | EventProblem::NotAsked(p)
            | EventProblem::ChoiceFirst(p)
            | EventProblem::Muster(p, _)
            | EventProblem::Bid(p, _)
            | EventProblem::Wildling(p, _) => *p,
            EventProblem::Supply(_) => Part::Disband,
            EventProblem::Reward(_) => Part::Claim,
            EventProblem::Build(_) => Part::Build,
            EventProblem::NotTied(_) | EventProblem::NameTheTrack => Part::Tie,
            EventProblem::OverHand { .. } => Part::Clash,
            EventProblem::NoRetreat(_) | EventProblem::NotACandidate { .. } => Part::Retreat,
            EventProblem::NotTheChooser { .. }
            | EventProblem::NotAnOption { .. }
            | EventProblem::AlreadyChosen { .. } => Part::Choice,
        }
    }

    /// A sentence for the player.
    pub fn message(&self, board: &Board, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        let n = |a: &AreaId| board.area(*a).name(lang).to_string();
        match self {
            EventProblem::NotThisRound(p) => not_this_round(*p, lang),
            EventProblem::NotAsked(p) if zh => {
                format!("这个问题不是问你的({}),本行不生效。", part_zh(*p))
            }
            EventProblem::NotAsked(p) => {
                format!("this question ({}) is not yours to answer.", part_en(*p))
            }
            EventProblem::Supply(e) => e.message(board, lang),
            EventProblem::Muster(_, e) => e.message(board, lang),
            EventProblem::Bid(_, e) => e.message(board, lang),
            EventProblem::Wildling(_, e) => e.message(board, lang),
            EventProblem::Reward(e) => e.message(board, lang),
            EventProblem::Build(e) => e.message(board, lang),
            EventProblem::NotTied(h) if zh => format!(
                "{}不在平局的家族之中(004:L1157)",
                board.house(*h).name(lang)
            ),
            EventProblem::NotTied(h) => format!(
                "{} is not one of the tied houses (004:L1157)",
                board.house(*h).name(lang)
            ),
            EventProblem::NameTheTrack if zh => {
                "你要裁决不止一个平局,请写明领域,例如「平局 封邑: 红狮 > 白狼」。".into()
            }
            EventProblem::NameTheTrack => {
                "you decide several ties: name the track, e.g. \"tie fiefdoms: Lannister > Stark\"."
                    .into()
            }
            EventProblem::OverHand { bid, hand } if zh => format!(
                "诸王争霸和野人的出价合计{bid}个势力标志,超过你手中的{hand}个(004:L1155、L1106)"
            ),
            EventProblem::OverHand { bid, hand } => format!(
                "your Clash of Kings and wildling bids total {bid} tokens, more than the {hand} in your hand (004:L1155, L1106)"
            ),
            EventProblem::ChoiceFirst(p) if zh => format!(
                "本回合先由持有者选择事件(004:L2640–L2644, A-71);{}在选择公布之后再发送,本行不生效。",
                part_zh(*p)
            ),
            EventProblem::ChoiceFirst(p) => format!(
                "this round's chooser event is chosen first (004:L2640–L2644, A-71); send your {} once the choice is published. The line has no effect.",
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
                    format!(
                        "你不是有权选择事件的家族:{}(004:L2640–L2644)",
                        who.join(";")
                    )
                } else {
                    format!(
                        "you do not choose this round's event: {} (004:L2640–L2644)",
                        who.join("; ")
                    )
                }
            }
            EventProblem::AlreadyChosen { card, chosen } if zh => format!(
                "{}已经选定为{},选择的期限已过,本行不生效(004:L2640–L2644)。",
                card.name(lang),
                chosen.name(lang)
            ),
            EventProblem::AlreadyChosen { card, chosen } => format!(
                "{} was already decided: {}. The time to choose has passed; the line has no effect (004:L2640–L2644).",
                card.name(lang),
                chosen.name(lang)
            ),
            EventProblem::NotAnOption { card, named } if zh => format!(
                "{}不能选择{},可选:{}(004:L2640–L2644)",
                card.name(lang),
                named.name(lang),
                card.options_text(lang)
            ),
            EventProblem::NotAnOption { card, named } => format!(
                "{} cannot become {}; the options are: {} (004:L2640–L2644)",
                card.name(lang),
                named.name(lang),
                card.options_text(lang)
            ),
            EventProblem::NoRetreat(a) if zh => {
                format!("你在{}没有等待选择撤退区域的部队(A-48)", n(a))
            }
            EventProblem::NoRetreat(a) => format!(
                "no force of yours beaten in {} waits for a retreat choice (A-48)",
                n(a)
            ),
            EventProblem::NotACandidate { from, candidates } => {
                let list: Vec<String> = candidates.iter().map(&n).collect();
                if zh {
                    format!("{}的部队只能撤退到:{}(A-48)", n(from), list.join("、"))
                } else {
                    format!(
                        "the force beaten in {} may retreat only to: {} (A-48)",
                        n(from),
                        list.join(", ")
                    )
                }
            }
        }
    }
}

fn part_zh(p: Part) -> &'static str {
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

fn part_en(p: Part) -> &'static str {
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

fn not_this_round(p: Part, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("本回合的事件不需要{}(004:L2384),本行不生效。", part_zh(p)),
        Lang::En => format!(
            "this round's events ask for no {} (004:L2384); the line has no effect.",
            part_en(p)
        ),
    }
}
