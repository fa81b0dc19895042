//! `maester status` as text, in one language: the game's step and deadline, who has sent and
//! who is awaited, the areas, the tracks, the houses and the wildlings — every house named as the
//! language names it, never by its data key.

use crate::Named;
use crate::map_labels::map_labels;
use crate::view::StateView;
use maester_board::Lang;
use maester_rules::Track;

/// What the status says before the board, gathered by the shell.
#[derive(Debug, Clone)]
pub struct StatusHead<'a> {
    /// The game's id.
    pub game: &'a str,
    /// The GM paused it.
    pub paused: bool,
    /// The round.
    pub round: u8,
    /// The open step's name in the language.
    pub step: &'a str,
    /// The deadline, as the reader reads it.
    pub deadline: &'a str,
    /// The houses (keys) that sent what the open step asks.
    pub sent: &'a [String],
    /// The houses (keys) still awaited.
    pub waiting: &'a [String],
    /// The deadline policy's lines (grace, absences, reminders), already in the language.
    pub policy: &'a [String],
    /// Mails that bounced in the last 7 days.
    pub bounces: &'a [String],
    /// The command that draws the map, as the reader runs it.
    pub map_command: &'a str,
}

struct Words {
    game: &'static str,
    paused: &'static str,
    round: (&'static str, &'static str),
    deadline: &'static str,
    sent: &'static str,
    waiting: &'static str,
    none: &'static str,
    list_sep: &'static str,
    bounced: &'static str,
    map: &'static str,
}

const ZH: Words = Words {
    game: "游戏",
    paused: "(已暂停)",
    round: ("第", "回合"),
    deadline: "截止",
    sent: "已发送",
    waiting: "等待",
    none: "无",
    list_sep: "、",
    bounced: "退信(7天内)",
    map: "地图图片",
};

const EN: Words = Words {
    game: "game",
    paused: " (PAUSED)",
    round: ("round ", ""),
    deadline: "deadline",
    sent: "sent",
    waiting: "waiting for",
    none: "-",
    list_sep: ", ",
    bounced: "bounced (7 days)",
    map: "the map picture",
};

/// The status text of a game (`maester status`), in `lang`.
pub fn status_text(h: &StatusHead<'_>, v: &StateView, lang: Lang) -> String {
    let w = match lang {
        Lang::Zh => &ZH,
        Lang::En => &EN,
    };
    let l = map_labels(lang);
    let (colon, comma) = match lang {
        Lang::Zh => (":", ","),
        Lang::En => (": ", ", "),
    };
    let name = |key: &str| {
        v.houses
            .iter()
            .find(|x| x.key == key)
            .map(|x| x.name.clone())
            .unwrap_or_else(|| key.to_string())
    };
    let names = |keys: &[String]| {
        if keys.is_empty() {
            w.none.to_string()
        } else {
            keys.iter()
                .map(|k| name(k))
                .collect::<Vec<_>>()
                .join(w.list_sep)
        }
    };
    let mut out = format!(
        "{} {}{}{colon}{}{}{}{comma}{} — {} {}\n",
        w.game,
        h.game,
        if h.paused { w.paused } else { "" },
        w.round.0,
        h.round,
        w.round.1,
        h.step,
        w.deadline,
        h.deadline
    );
    if !h.sent.is_empty() || !h.waiting.is_empty() {
        out.push_str(&format!(
            "  {}{colon}{}; {}{colon}{}\n",
            w.sent,
            names(h.sent),
            w.waiting,
            names(h.waiting)
        ));
    }
    for line in h.policy {
        out.push_str(line);
        out.push('\n');
    }
    if !h.bounces.is_empty() {
        out.push_str(&format!("  {}{colon}{}\n", w.bounced, h.bounces.join(", ")));
    }
    for a in &v.areas {
        out.push_str(&format!(
            "  {:<12} {:<10} {}{}{}\n",
            a.name,
            a.holder_name.clone().unwrap_or_default(),
            a.units_text,
            if a.token.is_some() { " ⚑" } else { "" },
            a.neutral
                .map(|n| format!(" {} {n}", l.neutral))
                .unwrap_or_default()
        ));
    }
    for (track, keys) in [
        (Track::IronThrone, &v.iron_throne),
        (Track::Fiefdoms, &v.fiefdoms),
        (Track::KingsCourt, &v.kings_court),
    ] {
        let order: Vec<String> = keys.iter().map(|k| name(k)).collect();
        out.push_str(&format!(
            "  {}{colon}{}\n",
            track.name(lang),
            order.join(" > ")
        ));
    }
    for x in &v.houses {
        out.push_str(&format!(
            "  {:<10} {} {} (+{} {}), {} {}, {} {}\n",
            x.name,
            l.power,
            x.power,
            x.power_on_map,
            l.on_map,
            l.barrels,
            x.barrels,
            l.castles,
            x.castles
        ));
    }
    out.push_str(&format!("  {} {}\n", l.wildlings, v.wildlings));
    out.push_str(&format!("  {}{colon}{}\n", w.map, h.map_command));
    out
}
