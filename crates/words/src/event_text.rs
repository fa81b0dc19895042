//! The event phase's cards, notices and previews in words: what a chooser card offers, the
//! secret notices of the next round's events, the public preview, the wildling penalties
//! (004:L1130–L1132, L1165–L1192, L2448, L2632, L2640–L2644).

use crate::Named;
use maester_board::Lang;
use maester_rules::GameState;
use maester_rules::event_phase::events::{Category, EventCard};
use maester_rules::event_phase::wildlings::PenaltyKind;
use maester_rules::event_phase::{AdvanceNotice, Foresight, public_preview};

/// An event card in words.
pub trait CardText {
    /// The options of a chooser card in words, joined (`征兵/补给结算/盛夏之末`).
    fn options_text(self, lang: Lang) -> String;
    /// The card's name; for a chooser card also who chooses among what (004:L2640–L2644), as
    /// the announcements and the previews show it.
    fn describe(self, lang: Lang) -> String;
}

/// A secret notice of the next round's events in words.
pub trait NoticeText {
    /// The sentence mailed to the house.
    fn describe(&self, lang: Lang) -> String;
}

/// A wildling penalty in words.
pub trait PenaltyText {
    /// A description.
    fn describe(self, lang: Lang) -> &'static str;
}

impl CardText for EventCard {
    /// The options of a chooser card in words, joined (`征兵/补给结算/盛夏之末`).
    fn options_text(self, lang: Lang) -> String {
        let sep = match lang {
            Lang::Zh => "/",
            Lang::En => ", ",
        };
        self.choices()
            .iter()
            .map(|c| c.name(lang))
            .collect::<Vec<_>>()
            .join(sep)
    }

    /// The card's name; for a chooser card also who chooses among what (004:L2640–L2644), as
    /// the announcements and the previews show it.
    fn describe(self, lang: Lang) -> String {
        let who = match (self, lang) {
            (EventCard::ThroneOfBlades, Lang::Zh) => "国王",
            (EventCard::ThroneOfBlades, Lang::En) => "the King",
            (EventCard::DarkWings, Lang::Zh) => "瓦雷利亚钢剑持有者",
            (EventCard::DarkWings, Lang::En) => "the Valyrian sword holder",
            (EventCard::PunishTheGuilty, Lang::Zh) => "信鸦持有者",
            (EventCard::PunishTheGuilty, Lang::En) => "the Raven holder",
            _ => return self.name(lang).to_string(),
        };
        match lang {
            Lang::Zh => format!("{}({who}选择:{})", self.name(lang), self.options_text(lang)),
            Lang::En => format!(
                "{} ({who} chooses: {})",
                self.name(lang),
                self.options_text(lang)
            ),
        }
    }
}

impl NoticeText for AdvanceNotice {
    /// The sentence mailed to the house.
    fn describe(&self, lang: Lang) -> String {
        let cat = self.category.name(lang);
        match (self.what, lang) {
            (Foresight::Card(c), Lang::Zh) => format!(
                "第{}回合的{}将是:{}({})",
                self.round,
                cat,
                c.describe(lang),
                foresight_rule(self.category)
            ),
            (Foresight::Card(c), Lang::En) => format!(
                "the {} of round {} will be: {} ({})",
                cat,
                self.round,
                c.describe(lang),
                foresight_rule(self.category)
            ),
            (Foresight::WinterIsComing, Lang::Zh) => format!(
                "第{}回合的{}出现凛冬将至,你无法预知将发生什么(004:L2448)",
                self.round, cat
            ),
            (Foresight::WinterIsComing, Lang::En) => format!(
                "Winter is Coming in the {} of round {}: you cannot foresee it (004:L2448)",
                cat, self.round
            ),
        }
    }
}

/// The rule of a track holder's foresight: the event deck's categories drawn each round
/// (004:L2387) and the line of the track whose first foresees this category (the King the
/// economic, the sword the political, the Raven the military event).
fn foresight_rule(c: Category) -> &'static str {
    match c {
        Category::Economic => "004:L2387, L1165",
        Category::Political => "004:L2387, L1179",
        Category::Military => "004:L2387, L1192",
    }
}

impl PenaltyText for PenaltyKind {
    /// A description.
    fn describe(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (PenaltyKind::Disband, Lang::Zh) => {
                "每个玩家裁掉价值2点征兵点数的部队,出价最少者再裁2点(004:L1130)"
            }
            (PenaltyKind::Disband, Lang::En) => {
                "every player disbands units worth 2 mustering points, the lowest bidder 2 more (004:L1130)"
            }
            (PenaltyKind::DowngradeKnights, Lang::Zh) => {
                "每个玩家把两个骑士降级为步兵或弓箭手,出价最少者降级全部骑士(004:L1131)"
            }
            (PenaltyKind::DowngradeKnights, Lang::En) => {
                "every player downgrades two knights to footmen or archers, the lowest bidder all of them (004:L1131)"
            }
            (PenaltyKind::NoSpecialOrders, Lang::Zh) => {
                "本回合所有玩家不能使用特殊军事命令,出价最少者最高的一项排名降为最后一名(004:L1132)"
            }
            (PenaltyKind::NoSpecialOrders, Lang::En) => {
                "nobody may use special orders this round; the lowest bidder's best rank drops to last (004:L1132)"
            }
        }
    }
}

/// The public preview of the rounds a close's economy log says were drawn (optional rule,
/// 004:L2632, T-50): nothing without the rule.
pub fn preview_of(
    state: &GameState,
    economy: &[maester_rules::log_events::EconomyEvent],
    lang: Lang,
) -> Vec<String> {
    let drawn: Vec<u8> = economy
        .iter()
        .filter_map(|e| match e {
            maester_rules::log_events::EconomyEvent::EventsDrawn { round } => Some(*round),
            _ => None,
        })
        .collect();
    preview_lines(state, &drawn, lang)
}

/// The public preview of some drawn rounds as sentences (optional rule, 004:L2632, T-50):
/// nothing without the rule.
pub fn preview_lines(state: &GameState, rounds: &[u8], lang: Lang) -> Vec<String> {
    public_preview(state)
        .into_iter()
        .filter(|(r, _)| rounds.contains(r))
        .map(|(r, draws)| {
            let parts: Vec<String> = Category::ALL
                .iter()
                .zip(draws)
                .map(|(c, f)| {
                    let what = match (f, lang) {
                        (Foresight::Card(card), l) => card.describe(l),
                        (Foresight::WinterIsComing, Lang::Zh) => "凛冬将至".to_string(),
                        (Foresight::WinterIsComing, Lang::En) => "Winter is Coming".to_string(),
                    };
                    match lang {
                        Lang::Zh => format!("{}:{what}", c.name(lang)),
                        Lang::En => format!("{}: {what}", c.name(lang)),
                    }
                })
                .collect();
            match lang {
                Lang::Zh => format!("预告事件:第{r}回合 {}(004:L2632, A-71)", parts.join(";")),
                Lang::En => format!(
                    "Events preview, round {r}: {} (004:L2632, A-71)",
                    parts.join("; ")
                ),
            }
        })
        .collect()
}
