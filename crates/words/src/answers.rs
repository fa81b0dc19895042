//! The words of the referee's answers to a player's mail that are not in the `reply`
//! template: the subject (`Re: [game] 已收到: …`, never piling up over a conversation) and the
//! whole-mail refusals (orders sent only as an attachment).

use maester_board::Lang;

/// Prefixes a conversation piles up in front of a subject: mail clients' reply and forward
/// marks, and the referee's own words of an earlier answer.
const PREFIXES: &[&str] = &[
    "re",
    "aw",
    "sv",
    "fw",
    "fwd",
    "回复",
    "回覆",
    "答复",
    "答覆",
    "转发",
    "轉寄",
    "已收到",
    "未接受",
    "已截止",
    "局势",
    "局勢",
    "received",
    "not accepted",
    "too late",
    "status",
];

/// What became of a player's mail, as the answer's subject says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Taken: orders stored, a command answered.
    Received,
    /// Refused: nothing changed; the answer says what to correct.
    NotAccepted,
    /// For a step that has closed: nothing changed, and nothing is to be sent again.
    TooLate,
    /// `状态` / `status` answered: the position, no submission.
    Status,
}

/// A subject with every leading reply mark (`Re:`, `回复：`, `Re[2]:`), the game's tag and the
/// referee's earlier verdicts removed, and its spaces collapsed.
pub fn bare_subject(subject: &str, tag: Option<&str>) -> String {
    let mut s = subject.replace('\u{3000}', " ");
    if let Some(tag) = tag {
        s = s.replace(tag, " ");
    }
    let mut rest = s.trim();
    'strip: loop {
        // ASCII lower case keeps every byte offset.
        let lower = rest.to_ascii_lowercase();
        for p in PREFIXES {
            if let Some(after) = lower.strip_prefix(p) {
                let after = after.trim_start();
                // `Re[2]:` / `Re(2):`
                let after = match after.strip_prefix(['[', '(']) {
                    Some(a) => a
                        .trim_start_matches(|c: char| c.is_ascii_digit())
                        .strip_prefix([']', ')'])
                        .unwrap_or(after),
                    None => after,
                };
                if let Some(after) = after.strip_prefix([':', '：']) {
                    let cut = rest.len() - after.len();
                    if let Some(r) = rest.get(cut..) {
                        rest = r.trim_start();
                        continue 'strip;
                    }
                }
            }
        }
        break;
    }
    rest.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The subject of the answer to a registered player's mail: `Re: [game] 已收到: <subject>`
/// (`Re: [game] received: <subject>`; `未接受` / `not accepted`; `已截止` / `too late` for a
/// step that has closed), whatever reply marks the player's subject carried.
pub fn answer_subject(lang: Lang, game: &str, verdict: Verdict, original: &str) -> String {
    let tag = format!("[{game}]");
    let verdict = match (lang, verdict) {
        (Lang::Zh, Verdict::Received) => "已收到",
        (Lang::Zh, Verdict::NotAccepted) => "未接受",
        (Lang::Zh, Verdict::TooLate) => "已截止",
        (Lang::En, Verdict::Received) => "received",
        (Lang::En, Verdict::NotAccepted) => "not accepted",
        (Lang::En, Verdict::TooLate) => "too late",
        (Lang::Zh, Verdict::Status) => "局势",
        (Lang::En, Verdict::Status) => "status",
    };
    let rest = bare_subject(original, Some(&tag));
    if rest.is_empty() {
        format!("Re: {tag} {verdict}")
    } else {
        format!("Re: {tag} {verdict}: {rest}")
    }
}

/// The subject of any other answer: `Re: <subject>` without piled-up marks.
pub fn reply_subject(original: &str) -> String {
    let rest = bare_subject(original, None);
    if rest.is_empty() {
        "Re:".into()
    } else {
        format!("Re: {rest}")
    }
}

/// The mail has no secret in its text but has attachments: they are never read.
pub fn attachments_not_read(lang: Lang, names: &[String]) -> String {
    let list = names.join(", ");
    match lang {
        Lang::Zh => format!(
            "邮件正文中没有密码。附件({list})不会被读取:请把密码和命令直接写在邮件正文里(纯文本),然后重新发送。"
        ),
        Lang::En => format!(
            "The mail's text has no secret. Attachments ({list}) are not read: write the secret and the orders in the mail itself, as plain text, and send it again."
        ),
    }
}

/// What the answer says of an unlabelled tie line read by the houses it names, while the King
/// decides several ties (004:L1163): the tie it was taken for (`None`: the wildling tie).
pub fn tie_line_read(
    board: &maester_board::Board,
    lang: Lang,
    named: &[maester_board::HouseId],
    track: Option<maester_rules::Track>,
) -> String {
    let zh = lang == Lang::Zh;
    let houses: Vec<&str> = named.iter().map(|h| board.house(*h).name(lang)).collect();
    let tie = match (track, zh) {
        (Some(t), true) => format!("{}的平局", crate::economy::track_name(t, lang)),
        (Some(t), false) => format!("the {} tie", crate::economy::track_name(t, lang)),
        (None, true) => "野人出价的平局".to_string(),
        (None, false) => "the wildling bid tie".to_string(),
    };
    if zh {
        format!(
            "“平局: {}”没有写领域:按其中的家族,只能是{tie},已按此裁决(004:L1163)。",
            houses.join(" > ")
        )
    } else {
        format!(
            "Your tie line “{}” names no track: by its houses it can only be {tie}, and is taken for it (004:L1163).",
            houses.join(" > ")
        )
    }
}

/// The opening of the answer to `状态` / `status`: the position of the game as it stands, said
/// as a status (no submission was made, nothing changed).
pub fn status_heading(game: &str, round: u8, step: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!(
            "{game} 第{round}回合{step}的当前局势如下。这是局势查询,不是提交,没有改变任何内容。"
        ),
        Lang::En => format!(
            "The position of {game} in round {round}, {step}, as it stands. This answers a status request: it is no submission and changed nothing."
        ),
    }
}

/// The position the answer to `状态` / `status` shows: each house's areas (houses and their
/// areas in board order), then the neutral garrisons under their own title; areas where
/// nothing stands are left out (`map_text::state_groups`, as the report's map state).
pub fn status_position(
    board: &maester_board::Board,
    state: &maester_rules::GameState,
    lang: Lang,
) -> String {
    let groups = crate::map_text::state_groups(board, None, state, lang);
    let mut out = String::new();
    for l in crate::map_text::state_lines(&groups) {
        out.push_str(l.trim_end());
        out.push('\n');
    }
    out
}

/// Whether an echo line is the `状态` / `status` command itself (the status answer lists the
/// mail's other commands only).
pub fn is_status_echo(line: &str) -> bool {
    matches!(line.trim(), "状态" | "狀態" | "status")
}
