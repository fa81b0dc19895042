//! A substitute's catch-up mail (sent by `gm replace` beside the welcome): the rounds so far
//! for his house — per round its castles, power and supply and the standings, and the battles
//! it fought —, the last report his house was sent, and the open step: what to send (the
//! form) and by when. The pictures and the deadline's calendar event are attached by the
//! shell; the words say so.

use maester_board::Lang;

/// One round of the summary: the house's numbers after it and the standings (house, castles)
/// in their order.
pub struct RoundLine<'a> {
    /// The round.
    pub round: u8,
    /// The house's castles and strongholds.
    pub castles: usize,
    /// Its power tokens.
    pub power: u8,
    /// Its supply.
    pub supply: u8,
    /// Every house still in the game with its castles, first the most.
    pub standings: &'a [(String, usize)],
}

/// A round's line of the summary.
pub fn round_line(r: &RoundLine<'_>, lang: Lang) -> String {
    let standings: Vec<String> = r
        .standings
        .iter()
        .map(|(h, c)| format!("{h} {c}"))
        .collect();
    match lang {
        Lang::Zh => format!(
            "第{}回合后:城堡 {},权力标记 {},补给 {}。城堡排名:{}",
            r.round,
            r.castles,
            r.power,
            r.supply,
            standings.join("、")
        ),
        Lang::En => format!(
            "After round {}: castles {}, power {}, supply {}. Standings (castles): {}",
            r.round,
            r.castles,
            r.power,
            r.supply,
            standings.join(", ")
        ),
    }
}

/// A battle the house fought: the round, where, against whom (`None`: a neutral garrison),
/// whether it attacked and whether it won.
pub fn battle_line(
    round: u8,
    area: &str,
    against: Option<&str>,
    attacked: bool,
    won: bool,
    lang: Lang,
) -> String {
    match lang {
        Lang::Zh => {
            let foe = against.unwrap_or("中立守军");
            let role = if attacked { "进攻" } else { "防守" };
            let outcome = if won { "胜" } else { "败" };
            format!("第{round}回合 {area}:{role},对手{foe},{outcome}")
        }
        Lang::En => {
            let foe = against.unwrap_or("a neutral garrison");
            let role = if attacked { "attacked" } else { "defended" };
            let outcome = if won { "won" } else { "lost" };
            format!("Round {round}, {area}: {role} against {foe}, {outcome}")
        }
    }
}

/// What the catch-up says.
pub struct CatchUp<'a> {
    /// The game's id.
    pub game: &'a str,
    /// The new player's name.
    pub player: &'a str,
    /// The house's name.
    pub house: &'a str,
    /// [`round_line`]s, oldest first.
    pub rounds: &'a [String],
    /// [`battle_line`]s, oldest first.
    pub battles: &'a [String],
    /// The last report the house was sent (none before the first close).
    pub report: Option<&'a str>,
    /// That report was built again in the reader's language and script from the close the
    /// store keeps; `false`: it is the stored text, as the predecessor received it.
    pub rebuilt: bool,
    /// The open round.
    pub round: u8,
    /// The open step's name.
    pub step: &'a str,
    /// Its deadline in words.
    pub deadline: &'a str,
    /// What the house has to send now, with its form.
    pub what: &'a str,
    /// The house's picture and the whole board are attached.
    pub pictures: bool,
    /// The deadline's calendar event is attached.
    pub event: bool,
}

/// The catch-up mail: subject and text.
pub fn catch_up(c: &CatchUp<'_>, lang: Lang) -> (String, String) {
    let zh = lang == Lang::Zh;
    let mut t = String::new();
    let section = |t: &mut String, head: &str| t.push_str(&format!("\n== {head} ==\n"));
    if zh {
        t.push_str(&format!(
            "{}你好,\n\n这封信帮你了解{}到目前为止的情况。\n",
            c.player, c.house
        ));
    } else {
        t.push_str(&format!(
            "Hello {},\n\nThis mail tells you how {} has fared so far.\n",
            c.player, c.house
        ));
    }
    section(&mut t, if zh { "各回合" } else { "Round by round" });
    if c.rounds.is_empty() {
        t.push_str(if zh {
            "还没有结束的回合。\n"
        } else {
            "No round has ended yet.\n"
        });
    }
    for r in c.rounds {
        t.push_str(&format!("- {r}\n"));
    }
    section(
        &mut t,
        if zh {
            "你的家族打过的仗"
        } else {
            "Battles your house fought"
        },
    );
    if c.battles.is_empty() {
        t.push_str(if zh { "还没有。\n" } else { "None yet.\n" });
    }
    for b in c.battles {
        t.push_str(&format!("- {b}\n"));
    }
    section(&mut t, if zh { "现在" } else { "Now" });
    if zh {
        t.push_str(&format!(
            "第{}回合{},截止时间 {}。\n",
            c.round, c.step, c.deadline
        ));
    } else {
        t.push_str(&format!(
            "Round {}, {} is open until {}.\n",
            c.round, c.step, c.deadline
        ));
    }
    if c.event {
        t.push_str(if zh {
            "附件中的日历事件可以把截止时间加入手机日历。\n"
        } else {
            "The calendar event attached puts the deadline in your phone's calendar.\n"
        });
    }
    t.push_str(&format!("{}\n", c.what));
    if c.pictures {
        t.push_str(if zh {
            "\n附件是你的家族的局部地图和整张地图(现在的局面)。\n"
        } else {
            "\nAttached: your house's part of the map and the whole board, as they stand now.\n"
        });
    }
    if let Some(report) = c.report {
        section(
            &mut t,
            match (zh, c.rebuilt) {
                (true, true) => "你的家族收到的上一份战报(按你的语言重新生成)",
                (false, true) => {
                    "The last report your house was sent (built again in your language)"
                }
                (true, false) => {
                    "你的家族收到的上一份战报(这一次结算无法重新生成:原样附上,即前任玩家读到的语言与文字)"
                }
                (false, false) => {
                    "The last report your house was sent (that close could not be built again: as your predecessor received it, in the language they read)"
                }
            },
        );
        // The report ends with the referee's signature: the mail's own.
        t.push_str(report.trim_end());
    } else {
        t.push_str(if zh {
            "\n—— maester 自动裁判"
        } else {
            "\n-- maester, the automatic referee"
        });
    }
    let subject = if zh {
        format!("[{}] {}的近况", c.game, c.house)
    } else {
        format!("[{}] Catching up with {}", c.game, c.house)
    };
    (subject, t)
}
