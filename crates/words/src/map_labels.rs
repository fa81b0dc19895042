//! The words drawn on the map picture (`maester-map`): the panel's headings, the short unit
//! marks of the unit chips, a battle's result. The area, house, leader, order and step names
//! come from the board and the vocabulary like everywhere else.

use maester_board::{Lang, UnitKind};

/// Every fixed word of the map picture in one language.
#[derive(Clone, Copy, Debug)]
pub struct MapLabels {
    /// `第3回合` / `Round 3` (the number is put in by [`MapLabels::round`]).
    pub round_prefix: &'static str,
    /// Suffix after the round number.
    pub round_suffix: &'static str,
    /// `下一截止` next deadline.
    pub deadline: &'static str,
    /// Heading of the house column.
    pub house: &'static str,
    /// Power tokens in hand.
    pub power: &'static str,
    /// Power tokens on the map.
    pub on_map: &'static str,
    /// Supply barrels.
    pub barrels: &'static str,
    /// Castles held.
    pub castles: &'static str,
    /// Units on the board.
    pub units: &'static str,
    /// Leaders available / resting.
    pub leaders: &'static str,
    /// Wildling strength.
    pub wildlings: &'static str,
    /// A neutral garrison.
    pub neutral: &'static str,
    /// The attacker won.
    pub attacker_won: &'static str,
    /// The defender held.
    pub defender_won: &'static str,
    /// Legend: a march.
    pub legend_march: &'static str,
    /// Legend: a raid.
    pub legend_raid: &'static str,
    /// Legend: a retreat.
    pub legend_retreat: &'static str,
    /// Legend: a battle.
    pub legend_battle: &'static str,
    /// Legend: a power token.
    pub legend_token: &'static str,
    /// Legend: stronghold.
    pub legend_stronghold: &'static str,
    /// Legend: city.
    pub legend_city: &'static str,
    /// Legend: fortification.
    pub legend_fortification: &'static str,
    /// Routed units.
    pub routed: &'static str,
    /// The winner, once the game is over.
    pub winner: &'static str,
    /// Legend: an attack that was repulsed.
    pub legend_repulsed: &'static str,
    /// Legend: what the routed mark means.
    pub legend_routed: &'static str,
    /// Legend: an order not carried out (struck through).
    pub legend_not_done: &'static str,
    /// Casualties of the loser: before the number.
    pub casualties_prefix: &'static str,
    /// Casualties of the loser: after the number.
    pub casualties_suffix: &'static str,
    /// The step reported: before its name.
    pub results_prefix: &'static str,
    /// The step reported: after its name.
    pub results_suffix: &'static str,
    /// Title of the house picture: the reader's own house.
    pub your_house: &'static str,
    /// A beaten force waiting for its player to choose where it retreats.
    pub waiting_retreat: &'static str,
}

const ZH: MapLabels = MapLabels {
    round_prefix: "第",
    round_suffix: "回合",
    deadline: "下一截止",
    house: "家族",
    power: "手中势力",
    on_map: "图上",
    barrels: "木桶",
    castles: "城堡",
    units: "单位",
    leaders: "将领(可用/休养)",
    wildlings: "野人",
    neutral: "中立",
    attacker_won: "攻方胜",
    defender_won: "守方胜",
    legend_march: "行军",
    legend_raid: "突袭",
    legend_retreat: "撤退",
    legend_battle: "战斗",
    legend_token: "势力标志",
    legend_stronghold: "要塞",
    legend_city: "城市",
    legend_fortification: "防御工事",
    routed: "溃",
    winner: "胜者",
    waiting_retreat: "待撤退",
    legend_repulsed: "进攻受阻",
    legend_routed: "溃=败兵(本回合战败)",
    legend_not_done: "未执行的命令",
    casualties_prefix: "败方损失",
    casualties_suffix: "",
    results_prefix: "",
    results_suffix: "结果",
    your_house: "你的家族",
};

const EN: MapLabels = MapLabels {
    round_prefix: "Round ",
    round_suffix: "",
    deadline: "Next deadline",
    house: "House",
    power: "Power",
    on_map: "on map",
    barrels: "Barrels",
    castles: "Castles",
    units: "Units",
    leaders: "Leaders (ready/resting)",
    wildlings: "Wildlings",
    neutral: "neutral",
    attacker_won: "attacker won",
    defender_won: "defender held",
    legend_march: "march",
    legend_raid: "raid",
    legend_retreat: "retreat",
    legend_battle: "battle",
    legend_token: "power token",
    legend_stronghold: "stronghold",
    legend_city: "city",
    legend_fortification: "fortification",
    routed: "routed",
    winner: "Winner",
    waiting_retreat: "to retreat",
    legend_repulsed: "repulsed",
    legend_routed: "routed = beaten this round",
    legend_not_done: "order not carried out",
    casualties_prefix: "loser lost ",
    casualties_suffix: "",
    results_prefix: "results of ",
    results_suffix: "",
    your_house: "Your house",
};

/// The map's words in a language.
pub fn map_labels(lang: Lang) -> MapLabels {
    match lang {
        Lang::Zh => ZH,
        Lang::En => EN,
    }
}

impl MapLabels {
    /// Every word of the set (the font subset must hold each of their characters).
    pub fn words(&self) -> Vec<&'static str> {
        vec![
            self.round_prefix,
            self.round_suffix,
            self.deadline,
            self.house,
            self.power,
            self.on_map,
            self.barrels,
            self.castles,
            self.units,
            self.leaders,
            self.wildlings,
            self.neutral,
            self.attacker_won,
            self.defender_won,
            self.legend_march,
            self.legend_raid,
            self.legend_retreat,
            self.legend_battle,
            self.legend_token,
            self.legend_stronghold,
            self.legend_city,
            self.legend_fortification,
            self.routed,
            self.winner,
            self.waiting_retreat,
            self.legend_repulsed,
            self.legend_not_done,
            self.legend_routed,
            self.casualties_prefix,
            self.casualties_suffix,
            self.results_prefix,
            self.results_suffix,
            self.your_house,
        ]
    }

    /// `败方损失2` / `loser lost 2`.
    pub fn casualties(&self, n: u8) -> String {
        format!("{}{n}{}", self.casualties_prefix, self.casualties_suffix)
    }

    /// `行军结果` / `results of March`: the step a picture reports.
    pub fn results(&self, step: &str) -> String {
        format!("{}{step}{}", self.results_prefix, self.results_suffix)
    }

    /// `第3回合` / `Round 3`.
    pub fn round(&self, round: u8) -> String {
        format!("{}{round}{}", self.round_prefix, self.round_suffix)
    }
}

/// The one-character mark of a unit kind on a unit chip: `步` / `F`.
pub fn unit_mark(kind: UnitKind, lang: Lang) -> &'static str {
    match (lang, kind) {
        (Lang::Zh, UnitKind::Footman) => "步",
        (Lang::Zh, UnitKind::Knight) => "骑",
        (Lang::Zh, UnitKind::Ship) => "舰",
        (Lang::Zh, UnitKind::Siege) => "攻",
        (Lang::Zh, UnitKind::Archer) => "弓",
        (Lang::En, UnitKind::Footman) => "F",
        (Lang::En, UnitKind::Knight) => "K",
        (Lang::En, UnitKind::Ship) => "S",
        (Lang::En, UnitKind::Siege) => "E",
        (Lang::En, UnitKind::Archer) => "A",
    }
}
