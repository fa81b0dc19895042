//! The names of the game's nouns as the order language spells them: unit kinds, order types and
//! orders (the canonical spelling the echo writes and the grammar reads, `行军+1`), the steps of
//! the round, event cards and their categories, one-time orders, the influence tracks. They
//! live here, below `words`, because the language needs them itself (echo, its own errors, the
//! adapter's refusals) and `words` builds on the language; `words` re-exports both traits.

use maester_board::{Lang, Order, OrderType, UnitKind};
use maester_rules::Step;
use maester_rules::event_phase::events::{Category, EventCard};
use maester_rules::optional::one_time::OneTimeKind;
use maester_rules::state::Track;

/// The Chinese and the English name of a noun of the game.
pub trait Spelling {
    /// `&'static str` for a fixed word, `String` for a composed one (a special order).
    type Text;
    /// The Chinese name.
    fn name_zh(self) -> Self::Text;
    /// The English name.
    fn name_en(self) -> Self::Text;
}

/// The name of a card, a category or a one-time order in a language.
pub trait Named {
    /// The name.
    fn name(self, lang: Lang) -> &'static str;
}

impl Spelling for UnitKind {
    type Text = &'static str;

    /// The Chinese word for the unit.
    fn name_zh(self) -> Self::Text {
        match self {
            UnitKind::Footman => "步兵",
            UnitKind::Knight => "骑士",
            UnitKind::Ship => "战舰",
            UnitKind::Siege => "攻城车",
            UnitKind::Archer => "弓箭手",
        }
    }

    /// The English word for the unit.
    fn name_en(self) -> Self::Text {
        match self {
            UnitKind::Footman => "footman",
            UnitKind::Knight => "knight",
            UnitKind::Ship => "ship",
            UnitKind::Siege => "siege engine",
            UnitKind::Archer => "archer",
        }
    }
}

impl Spelling for OrderType {
    type Text = &'static str;

    /// The Chinese name of the normal order.
    fn name_zh(self) -> Self::Text {
        match self {
            OrderType::March => "行军",
            OrderType::Defence => "防守",
            OrderType::Support => "支援",
            OrderType::Raid => "突袭",
            OrderType::Consolidate => "巩固统治",
        }
    }

    /// The English name of the normal order.
    fn name_en(self) -> Self::Text {
        match self {
            OrderType::March => "march",
            OrderType::Defence => "defence",
            OrderType::Support => "support",
            OrderType::Raid => "raid",
            OrderType::Consolidate => "consolidate",
        }
    }
}

impl Spelling for Order {
    type Text = String;

    /// Canonical Chinese spelling, e.g. `行军+1`.
    fn name_zh(self) -> Self::Text {
        if self.special {
            format!("{}+{}", self.kind.name_zh(), self.kind.special_bonus())
        } else {
            self.kind.name_zh().to_string()
        }
    }

    /// Canonical English spelling, e.g. `march+1`.
    fn name_en(self) -> Self::Text {
        if self.special {
            format!("{}+{}", self.kind.name_en(), self.kind.special_bonus())
        } else {
            self.kind.name_en().to_string()
        }
    }
}

impl Spelling for Step {
    type Text = &'static str;

    /// Chinese name.
    fn name_zh(self) -> Self::Text {
        match self {
            Step::Events => "事件阶段",
            Step::EventsAnswers => "事件阶段(平局与奖惩选择)",
            Step::Placement => "布置军事命令阶段",
            Step::Raven => "信鸦阶段",
            Step::Plan => "制定执行方案阶段",
            Step::Retreat => "选择撤退区域阶段",
            Step::Finished => "游戏结束",
        }
    }

    /// English name.
    fn name_en(self) -> Self::Text {
        match self {
            Step::Events => "event phase",
            Step::EventsAnswers => "event phase answers",
            Step::Placement => "order placement",
            Step::Raven => "Raven",
            Step::Plan => "execution plan",
            Step::Retreat => "retreat choice",
            Step::Finished => "game over",
        }
    }
}

impl Named for Category {
    /// Name in a language.
    fn name(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Category::Economic, Lang::Zh) => "经济事件",
            (Category::Political, Lang::Zh) => "政治事件",
            (Category::Military, Lang::Zh) => "军事事件",
            (Category::Economic, Lang::En) => "economic event",
            (Category::Political, Lang::En) => "political event",
            (Category::Military, Lang::En) => "military event",
        }
    }
}

impl Named for EventCard {
    /// Name in a language.
    fn name(self, lang: Lang) -> &'static str {
        use EventCard::*;
        match (self, lang) {
            (Supply, Lang::Zh) => "补给结算",
            (Supply, Lang::En) => "Supply",
            (Muster, Lang::Zh) => "征兵",
            (Muster, Lang::En) => "Mustering",
            (ClashOfKings, Lang::Zh) => "诸王争霸",
            (ClashOfKings, Lang::En) => "Clash of Kings",
            (GameOfThrones { wildlings: false }, Lang::Zh) => "权力游戏",
            (GameOfThrones { wildlings: true }, Lang::Zh) => "权力游戏(野人战斗力+2)",
            (GameOfThrones { wildlings: false }, Lang::En) => "Game of Thrones",
            (GameOfThrones { wildlings: true }, Lang::En) => "Game of Thrones (wildlings +2)",
            (SeaOfStorms, Lang::Zh) => "风暴之海",
            (SeaOfStorms, Lang::En) => "Sea of Storms",
            (FeastForCrows, Lang::Zh) => "群鸦飨宴",
            (FeastForCrows, Lang::En) => "Feast for Crows",
            (RainsOfAutumn, Lang::Zh) => "秋雨连绵",
            (RainsOfAutumn, Lang::En) => "Rains of Autumn",
            (StormOfSwords, Lang::Zh) => "干戈四起",
            (StormOfSwords, Lang::En) => "Storm of Swords",
            (WildlingAttack, Lang::Zh) => "野人入侵",
            (WildlingAttack, Lang::En) => "Wildling Attack",
            (RoughSeas, Lang::Zh) => "惊涛骇浪",
            (RoughSeas, Lang::En) => "Rough Seas (惊涛骇浪)",
            (FrozenRivers, Lang::Zh) => "河流封冻",
            (FrozenRivers, Lang::En) => "Frozen Rivers (河流封冻)",
            (LastDaysOfSummer, Lang::Zh) => "盛夏之末",
            (LastDaysOfSummer, Lang::En) => "Last Days of Summer",
            (ThroneOfBlades, Lang::Zh) => "利刃王座",
            (ThroneOfBlades, Lang::En) => "A Throne of Blades",
            (DarkWings, Lang::Zh) => "黑翼玄言",
            (DarkWings, Lang::En) => "Dark Wings, Dark Words",
            (PunishTheGuilty, Lang::Zh) => "惩恶伐罪",
            (PunishTheGuilty, Lang::En) => "Punish the Guilty",
        }
    }
}

impl Named for OneTimeKind {
    /// Name in a language.
    fn name(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (OneTimeKind::Recruit, Lang::Zh) => "招募",
            (OneTimeKind::SupplyCaravan, Lang::Zh) => "补给车",
            (OneTimeKind::ForcedMarch, Lang::Zh) => "强行军",
            (OneTimeKind::Pontoon, Lang::Zh) => "浮桥",
            (OneTimeKind::Recruit, Lang::En) => "Recruit",
            (OneTimeKind::SupplyCaravan, Lang::En) => "Supply Caravan",
            (OneTimeKind::ForcedMarch, Lang::En) => "Forced March",
            (OneTimeKind::Pontoon, Lang::En) => "Pontoon",
        }
    }
}

impl Named for Track {
    /// The name of an influence track.
    fn name(self, lang: Lang) -> &'static str {
        let t = self;
        match (t, lang) {
            (Track::IronThrone, Lang::Zh) => "铁王座",
            (Track::Fiefdoms, Lang::Zh) => "封邑",
            (Track::KingsCourt, Lang::Zh) => "御前会议",
            (Track::IronThrone, Lang::En) => "Iron Throne",
            (Track::Fiefdoms, Lang::En) => "Fiefdoms",
            (Track::KingsCourt, Lang::En) => "King's Court",
        }
    }
}

/// The word a house writes to send nothing this step (`无` / `pass`), as the echo writes it.
pub fn pass_word(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "无",
        Lang::En => "pass",
    }
}
