//! The parts of the welcome mail a new player needs besides the secret: who plays which house,
//! the house's leaders, the order limits, a short example of an order mail, the GM's address.

use crate::Spelling;
use crate::map_text::{display_width, pad};
use maester_board::{Board, HouseId, Lang, OrderType};
use maester_rules::{GameState, Step, Track};

/// The welcome mail's sections for `house`, each ending with a blank line. `roster`: every
/// house with its player's name; `gm`: the GM's address, when the config names one.
pub fn sections(
    board: &Board,
    state: &GameState,
    house: HouseId,
    roster: &[(HouseId, String)],
    gm: Option<&str>,
    lang: Lang,
) -> String {
    let zh = lang == Lang::Zh;
    let mut out = String::new();
    out.push_str(if zh { "玩家名单:\n" } else { "Players:\n" });
    let width = roster
        .iter()
        .map(|(h, _)| display_width(board.house(*h).name(lang)))
        .max()
        .unwrap_or(0);
    for (h, player) in roster {
        let you = match (*h == house, zh) {
            (true, true) => "(你)",
            (true, false) => " (you)",
            (false, _) => "",
        };
        out.push_str(&format!(
            "  {} {player}{you}\n",
            pad(board.house(*h).name(lang), width)
        ));
    }
    out.push_str(if zh {
        "\n你的将领(战斗力 攻/守):\n"
    } else {
        "\nYour leaders (strength, attack/defence):\n"
    });
    let resting =
        |id| {
            state.house(house).leaders.iter().any(|(l, st)| {
                *l == id && matches!(st, maester_rules::LeaderStatus::Resting { .. })
            })
        };
    for l in board.leaders_of(house) {
        let rest = match (resting(l.id), zh) {
            (true, true) => "(休养中)",
            (true, false) => " (resting)",
            (false, _) => "",
        };
        out.push_str(&format!(
            "  {} {} {}/{}{rest}\n",
            l.name(lang),
            l.strength,
            l.attack,
            l.defence
        ));
    }
    let limits: Vec<String> = OrderType::ALL
        .into_iter()
        .map(|k| {
            let name = if zh { k.name_zh() } else { k.name_en() };
            format!("{name} {}", board.rules.order_limit(k))
        })
        .collect();
    let rank = state.rank(Track::KingsCourt, house);
    let special = board.rules.special_orders(rank);
    out.push_str(&if zh {
        format!(
            "\n每回合命令上限:{};特殊命令(带+号)按御前会议排名给出,你现在排第{rank}名,可用{special}个。\n",
            limits.join("、")
        )
    } else {
        format!(
            "\nOrders per round at most: {}; special orders (with +) by King's Court rank: you are rank {rank}, {special} allowed.\n",
            limits.join(", ")
        )
    });
    // An order mail from the house's areas now, as the intake would take it at placement;
    // in the placement step the prompt below shows the same lines.
    if state.step != Step::Placement {
        let ex: Vec<String> = crate::offer::Offer::new(board, state, house, Step::Placement, lang)
            .placement()
            .into_iter()
            .map(|l| format!("  {l}\n"))
            .collect();
        if !ex.is_empty() {
            out.push_str(&if zh {
                format!(
                    "\n布置军事命令时的命令邮件示例(每项一行,区域名在前):\n  密码: ……\n{}",
                    ex.concat()
                )
            } else {
                format!(
                    "\nAn order mail of the placement step looks like this (one item a line, the area first):\n  secret: ...\n{}",
                    ex.concat()
                )
            });
        }
    }
    if let Some(gm) = gm {
        out.push_str(&if zh {
            format!("\n有疑问请写信给裁判(GM):{gm}\n")
        } else {
            format!("\nQuestions go to the GM: {gm}\n")
        });
    }
    out.push('\n');
    out
}

/// The welcome mail's subject.
pub fn subject(board: &Board, game: &str, house: HouseId, lang: Lang) -> String {
    let h = board.house(house).name(lang);
    match lang {
        Lang::Zh => format!("[{game}] 欢迎加入游戏:你是{h}"),
        Lang::En => format!("[{game}] Welcome: you play {h}"),
    }
}

/// What the welcome mail says of one seat, besides the sections.
pub struct Welcome<'a> {
    /// The game's id.
    pub game: &'a str,
    /// The house played.
    pub house: HouseId,
    /// The player's name.
    pub player: &'a str,
    /// The house's secret.
    pub secret: &'a str,
    /// SHA-256 of the game's seed, as hex.
    pub seed_hash: &'a str,
    /// The first deadline, written in the game's time zone.
    pub deadline: &'a str,
    /// The [`sections`] of this seat.
    pub sections: &'a str,
    /// The game's schedule ([`crate::deadlines::schedule_section`]).
    pub schedule: &'a str,
}

/// The house's units, a line per area (`  临冬城 2步兵`), each line ending with a newline.
pub fn units(board: &Board, state: &GameState, house: HouseId, lang: Lang) -> String {
    let mut out = String::new();
    for a in board
        .area_ids()
        .filter(|a| state.occupant(*a) == Some(house))
    {
        let kinds: Vec<_> = state.area(a).units.iter().map(|u| u.kind).collect();
        out.push_str(&format!(
            "  {} {}\n",
            board.area(a).name(lang),
            crate::log::units(&kinds, lang)
        ));
    }
    out
}

/// The welcome mail's text: the secret, the units, the sections, the open step and its
/// deadline, what to send, the seed's hash.
pub fn text(board: &Board, state: &GameState, w: &Welcome, lang: Lang) -> String {
    let Welcome {
        game,
        house,
        player,
        secret,
        seed_hash,
        deadline,
        sections,
        schedule,
    } = *w;
    let h = board.house(house).name(lang);
    let units = units(board, state, house, lang);
    let ask = crate::form::what_to_send_with_form(board, state, house, Some(secret), lang);
    match lang {
        Lang::Zh => format!(
            "{player}你好,\n\n你在游戏 {game} 中扮演{h}。\n你的密码是:{secret}\n每封命令邮件都要写上一行「密码: {secret}」,并且从这个邮箱地址发出。请不要把密码告诉别人。\n\n你的部队:\n{}\n\n{sections}现在是第1回合{}, 截止时间 {deadline}。\n{ask}\n\n{schedule}本局随机种子的SHA-256:{seed_hash}(游戏结束时公布种子,供核对每一次抽取)。\n\n—— maester 自动裁判",
            units.trim_end(),
            Step::Placement.name_zh(),
        ),
        Lang::En => format!(
            "Hello {player},\n\nYou play {h} in game {game}.\nYour secret is: {secret}\nPut a line \"secret: {secret}\" in every order mail, and send it from this address. Keep the secret to yourself.\n\nYour units:\n{}\n\n{sections}Round 1, {} is open until {deadline}.\n{ask}\n\n{schedule}SHA-256 of this game's random seed: {seed_hash} (the seed is published at the end so that every draw can be checked).\n\n-- maester, the automatic referee",
            units.trim_end(),
            Step::Placement.name_en(),
        ),
    }
}

/// The public preview of rounds 2–4 (optional rules) and the house's secret notices, added
/// before the welcome mail's signature.
pub fn add_previews(
    text: &mut String,
    state: &GameState,
    drawn: &[u8],
    notices: &[maester_rules::event_phase::AdvanceNotice],
    house: HouseId,
    lang: Lang,
) {
    use crate::event_text::NoticeText;
    let public: Vec<String> = crate::event_text::preview_lines(state, drawn, lang)
        .into_iter()
        .map(|l| format!("  {l}"))
        .collect();
    if !public.is_empty() {
        // The public preview of rounds 2–4 (004:L2632, T-50), before the signature.
        let at = text.rfind("\n\n").unwrap_or(text.len());
        text.insert_str(at, &format!("\n\n{}", public.join("\n")));
    }
    let mine: Vec<String> = notices
        .iter()
        .filter(|n| n.house == house)
        .map(|n| format!("  {}", n.describe(lang)))
        .collect();
    if !mine.is_empty() {
        // Before the signature.
        let at = text.rfind("\n\n").unwrap_or(text.len());
        let head = match lang {
            Lang::Zh => "\n\n== 仅发给你的消息 ==\n",
            Lang::En => "\n\n== For you only ==\n",
        };
        text.insert_str(at, &format!("{head}{}", mine.join("\n")));
    }
}
