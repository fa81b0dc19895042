//! The event cards a scenario names: by their Chinese or English names, optionally after
//! their category (`军事: 盛夏之末`).

use super::format::ScenarioError;
use maester_board::Lang;
use maester_rules::event_phase::events::{Category, EventCard};
use maester_words::Named;

/// Every event card a scenario may name (the chooser events with `rules.one_time_orders`).
const CARDS: [EventCard; 16] = [
    EventCard::ThroneOfBlades,
    EventCard::DarkWings,
    EventCard::PunishTheGuilty,
    EventCard::Supply,
    EventCard::Muster,
    EventCard::ClashOfKings,
    EventCard::GameOfThrones { wildlings: false },
    EventCard::GameOfThrones { wildlings: true },
    EventCard::SeaOfStorms,
    EventCard::FeastForCrows,
    EventCard::RainsOfAutumn,
    EventCard::StormOfSwords,
    EventCard::WildlingAttack,
    EventCard::RoughSeas,
    EventCard::FrozenRivers,
    EventCard::LastDaysOfSummer,
];

/// A name as compared: full-width parentheses plain, no spaces, lower case.
pub(super) fn fold(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '(' => '(',
            ')' => ')',
            c => c,
        })
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The category an event card belongs to (None: 盛夏之末, which is in every bag).
pub fn category_of(card: EventCard) -> Option<Category> {
    match card {
        EventCard::Supply | EventCard::Muster | EventCard::ThroneOfBlades => {
            Some(Category::Economic)
        }
        EventCard::ClashOfKings | EventCard::GameOfThrones { .. } | EventCard::DarkWings => {
            Some(Category::Political)
        }
        EventCard::LastDaysOfSummer => None,
        _ => Some(Category::Military),
    }
}

fn category(s: &str) -> Option<Category> {
    let f = fold(s);
    let f = f.trim_end_matches("事件").trim_end_matches("event");
    match f {
        "经济" | "economic" => Some(Category::Economic),
        "政治" | "political" => Some(Category::Political),
        "军事" | "military" => Some(Category::Military),
        _ => None,
    }
}

/// An event of `[setup] events`: a card by its Chinese or English name, optionally after its
/// category (`军事: 盛夏之末`, needed for 盛夏之末).
pub fn event(s: &str) -> Result<(Category, EventCard), ScenarioError> {
    let (cat, name) = match s.split_once([':', ':']) {
        Some((c, n)) => (
            Some(category(c).ok_or_else(|| {
                ScenarioError(format!(
                    "{s:?}: the category is 经济, 政治 or 军事 (economic, political, military)"
                ))
            })?),
            n,
        ),
        None => (None, s),
    };
    let want = fold(name);
    let card = CARDS
        .into_iter()
        .find(|c| {
            let en = c.name(Lang::En);
            let short = en.split(" (").next().unwrap_or(en);
            [c.name(Lang::Zh), en, short].iter().any(|n| fold(n) == want)
        })
        .ok_or_else(|| {
            ScenarioError(format!(
                "unknown event {name:?}: write e.g. 补给结算, 征兵, 诸王争霸, 权力游戏, 权力游戏(野人战斗力+2), 风暴之海, 群鸦飨宴, 秋雨连绵, 干戈四起, 野人入侵, 惊涛骇浪, 河流封冻, 军事: 盛夏之末, 利刃王座, 黑翼玄言, 惩恶伐罪"
            ))
        })?;
    match (cat, category_of(card)) {
        (Some(c), Some(k)) if c != k => Err(ScenarioError(format!(
            "{s:?}: {} is not a {}",
            card.name(Lang::Zh),
            c.name(Lang::En)
        ))),
        (Some(c), _) | (None, Some(c)) => Ok((c, card)),
        (None, None) => Err(ScenarioError(format!(
            "{s:?}: name the category of 盛夏之末, e.g. \"军事: 盛夏之末\""
        ))),
    }
}
