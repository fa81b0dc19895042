//! The words of the chronicle (`maester-publish`'s `chronicle` and `standings`): the standings
//! page's headings and its charts' labels, and the end-of-game summary the final report, the
//! forum post and the site carry — the ranking with the tie-breaks the rules use, castles over
//! time, battles fought and won, leaders used and the largest battle. The figures are handed in;
//! nothing is counted here.

use maester_board::Lang;

/// A heading or a label of the chronicle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heading {
    /// The standings page (its title and its link).
    StandingsPage,
    /// The castles chart.
    Castles,
    /// The power chart.
    Power,
    /// The supply chart.
    Supply,
    /// The charts' horizontal axis.
    Round,
    /// The game's start on that axis.
    Start,
    /// The end-of-game summary.
    Summary,
    /// The final ranking.
    Ranking,
    /// Castles over time.
    CastlesOverTime,
    /// Battles per house.
    Battles,
    /// Leaders used per house.
    Leaders,
    /// The largest battle.
    Largest,
}

/// The heading in a language.
pub fn heading(h: Heading, lang: Lang) -> &'static str {
    let zh = lang == Lang::Zh;
    let pick = |z: &'static str, e: &'static str| if zh { z } else { e };
    match h {
        Heading::StandingsPage => pick("局势走势", "Standings over time"),
        Heading::Castles => pick("城堡(城市与要塞)", "Castles (cities and strongholds)"),
        Heading::Power => pick("手中势力标志", "Power tokens in hand"),
        Heading::Supply => pick("补给(有效木桶)", "Supply (effective barrels)"),
        Heading::Round => pick("回合", "Round"),
        Heading::Start => pick("开局", "start"),
        Heading::Summary => pick("终局总结", "The game in summary"),
        Heading::Ranking => pick("最终排名", "Final ranking"),
        Heading::CastlesOverTime => pick(
            "城堡数(开局,然后每回合结束时)",
            "Castles (at the start, then at the end of each round)",
        ),
        Heading::Battles => pick("各家族的战斗(参战/获胜)", "Battles per house (fought/won)"),
        Heading::Leaders => pick("出战的将领", "Leaders who fought"),
        Heading::Largest => pick("规模最大的战斗", "The largest battle"),
    }
}

/// What the standings page shows, said once under its title.
pub fn standings_intro(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => {
            "每张图一项数据:开局时与每回合结束时(该回合最后一次结算之后)各家族的数值,颜色与地图相同。只用公开的结算结果:未公布的出价和私密通知不在其中。"
        }
        Lang::En => {
            "One chart per measure: each house at the start and at the end of each round (after the round's last close), in its colour on the map. Only published results are used: no bid before it is revealed, no private notice."
        }
    }
}

/// The charts' table of figures (for a reader without pictures): the caption.
pub fn figures_caption(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "数值表",
        Lang::En => "The figures",
    }
}

/// No round has ended yet: nothing to chart.
pub fn nothing_yet(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "还没有结束的回合。",
        Lang::En => "No round has ended yet.",
    }
}

/// One place of the final ranking.
pub fn ranking_line(
    place: usize,
    house: &str,
    castles: u8,
    barrels: u8,
    tokens: u8,
    lang: Lang,
) -> String {
    match lang {
        Lang::Zh => {
            format!("{place}. {house}:城堡{castles},有效木桶{barrels},手中势力标志{tokens}")
        }
        Lang::En => format!(
            "{place}. {house}: {}, {}, {} in hand",
            crate::plural::count_en(castles, "castle"),
            crate::plural::count_en(barrels, "barrel"),
            crate::plural::count_en(tokens, "token"),
        ),
    }
}

/// How the ranking is ordered, with the rules it follows; `six` when a house won by holding six
/// castles (the others then ranked by the same chain).
pub fn tie_breaks(six: bool, lang: Lang) -> String {
    let chain = match lang {
        Lang::Zh => {
            "排名先比城市和要塞数,相同时比有效木桶数,再相同时比手中势力标志,仍相同者按铁王座顺序排列(004:L257–L259, A-75)"
        }
        Lang::En => {
            "ranked by castles, then effective barrels, then tokens in hand, then the Iron Throne order (004:L257–L259, A-75)"
        }
    };
    match (six, lang) {
        (true, Lang::Zh) => format!("胜者随时占领6座城市和要塞即获胜(004:L266, A-74);{chain}。"),
        (true, Lang::En) => {
            format!("The winner held six castles, an immediate win (004:L266, A-74); {chain}.")
        }
        (false, Lang::Zh) => format!("{chain}。"),
        (false, Lang::En) => {
            let mut s = chain.to_string();
            if let Some(first) = s.get(..1) {
                s = format!("{}{}", first.to_uppercase(), s.get(1..).unwrap_or_default());
            }
            format!("{s}.")
        }
    }
}

/// A house's castles over time, compact: `House: 3 → 4 → 4`.
pub fn castles_line(house: &str, values: &[u8], lang: Lang) -> String {
    let list: Vec<String> = values.iter().map(u8::to_string).collect();
    match lang {
        Lang::Zh => format!("{house}:{}", list.join(" → ")),
        Lang::En => format!("{house}: {}", list.join(" → ")),
    }
}

/// A house's battles: fought and won.
pub fn battles_line(house: &str, fought: usize, won: usize, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{house}:参战{fought}场,获胜{won}场"),
        Lang::En => format!(
            "{house}: fought {}, won {won}",
            crate::plural::count_en(fought as i64, "battle")
        ),
    }
}

/// The leaders a house fought with, each with the number of its battles (none: said so).
pub fn leaders_line(house: &str, leaders: &[(String, usize)], lang: Lang) -> String {
    let list: Vec<String> = leaders
        .iter()
        .map(|(name, n)| format!("{name}×{n}"))
        .collect();
    match (list.is_empty(), lang) {
        (true, Lang::Zh) => format!("{house}:无"),
        (true, Lang::En) => format!("{house}: none"),
        (false, Lang::Zh) => format!("{house}:{}", list.join("、")),
        (false, Lang::En) => format!("{house}: {}", list.join(", ")),
    }
}

/// One side of the largest battle: who, its leader if one fought, its total.
pub struct Side<'a> {
    /// The house, or the neutral garrison.
    pub name: &'a str,
    /// Its leader's name, if one fought.
    pub leader: Option<&'a str>,
    /// Its total strength.
    pub total: i32,
}

/// The largest battle of the game (most strength of both sides together).
pub fn largest(
    round: u8,
    area: &str,
    attacker: &Side<'_>,
    defender: &Side<'_>,
    attacker_won: bool,
    lang: Lang,
) -> String {
    let side = |s: &Side<'_>| match (s.leader, lang) {
        (Some(l), Lang::Zh) => format!("{}({l}){}", s.name, s.total),
        (Some(l), Lang::En) => format!("{} ({l}) {}", s.name, s.total),
        (None, _) => format!("{} {}", s.name, s.total),
    };
    let winner = if attacker_won {
        attacker.name
    } else {
        defender.name
    };
    let sum = attacker.total + defender.total;
    match lang {
        Lang::Zh => format!(
            "第{round}回合,{area}:进攻方{} 对 防守方{},合计战斗力{sum},{winner}获胜",
            side(attacker),
            side(defender)
        ),
        Lang::En => format!(
            "round {round}, {area}: attacker {} against defender {}, {sum} strength in all; {winner} won",
            side(attacker),
            side(defender)
        ),
    }
}

/// No battle was fought in the whole game.
pub fn no_battles(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "整局没有发生战斗。",
        Lang::En => "No battle was fought in the whole game.",
    }
}

/// The neutral garrison, as a side of a battle.
pub fn neutral(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "中立守军",
        Lang::En => "the neutral garrison",
    }
}

/// A chart's text alternative: what it shows.
pub fn chart_alt(measure: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("折线图:各家族的{measure},按回合"),
        Lang::En => format!("Line chart: each house's {measure}, by round"),
    }
}
