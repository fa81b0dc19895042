//! The player's guide (`docs/players.*.md`, compiled in): its example blocks, which a test
//! reads through the order language so that the guide cannot rot, and its parts for one step,
//! which answer a `帮助` / `help` mail and teach each step's prompt.
//!
//! The guide marks what the code reads: a part for a step runs from `<!-- help: KEY -->`
//! (a step's key, or `always` for what every mail shares) to `<!-- /help -->`; an example
//! block is a fenced block whose info string is `orders KEY` (a step's key, or `any` for lines
//! read in every step). The Traditional guide is the Simplified one converted by
//! [`crate::hant`] (a test checks the file matches).

use maester_board::Lang;
use maester_rules::Step;

/// The Simplified Chinese guide.
pub const ZH: &str = include_str!("../../../docs/players.zh.md");
/// The English guide.
pub const EN: &str = include_str!("../../../docs/players.en.md");

/// The guide's text in a language.
pub fn text(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => ZH,
        Lang::En => EN,
    }
}

/// The guide in Traditional Chinese, as `docs/players.zh-Hant.md` holds it.
pub fn traditional() -> String {
    crate::hant::to_traditional(ZH)
}

/// One example block of the guide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// The step it is written for; `None`: lines read in every step.
    pub step: Option<Step>,
    /// Its key as written after `orders` (for a test's message).
    pub key: String,
    /// 1-based line of the guide where the block's first line is.
    pub line: usize,
    /// The block's lines, as a mail's text.
    pub text: String,
}

/// Every example block of a guide's text, in order.
pub fn examples(guide: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut open: Option<Example> = None;
    for (i, line) in guide.lines().enumerate() {
        let t = line.trim();
        match open.take() {
            Some(ex) if t.starts_with("```") => out.push(ex),
            Some(mut ex) => {
                ex.text.push_str(line);
                ex.text.push('\n');
                open = Some(ex);
            }
            None => {
                if let Some(key) = t.strip_prefix("```orders") {
                    let key = key.trim().to_string();
                    open = Some(Example {
                        step: Step::from_key(&key),
                        key,
                        line: i + 2,
                        text: String::new(),
                    });
                }
            }
        }
    }
    out
}

/// The raw part of a guide between `<!-- help: key -->` and the next `<!-- /help -->`.
fn raw_part<'a>(guide: &'a str, key: &str) -> Option<&'a str> {
    let start = format!("<!-- help: {key} -->");
    let from = guide.find(&start)? + start.len();
    let rest = &guide[from..];
    let to = rest.find("<!-- /help -->").unwrap_or(rest.len());
    Some(&rest[..to])
}

/// A part of the guide as a mail shows it: headings without their marks, example blocks
/// indented, code marks dropped.
fn plain(md: &str, lang: Lang) -> String {
    let mut out = String::new();
    let mut in_block = false;
    for line in md.lines() {
        let t = line.trim_end();
        if t.trim_start().starts_with("```") {
            in_block = !in_block;
            continue;
        }
        if in_block {
            out.push_str("    ");
            out.push_str(t);
        } else if let Some(h) = t.strip_prefix('#') {
            let h = h.trim_start_matches('#').trim();
            out.push_str(&match lang {
                Lang::Zh => format!("【{h}】"),
                Lang::En => format!("[{h}]"),
            });
        } else {
            out.push_str(&t.replace("**", "").replace('`', ""));
        }
        out.push('\n');
    }
    let mut text = out.trim().to_string();
    while text.contains("\n\n\n") {
        text = text.replace("\n\n\n", "\n\n");
    }
    text
}

/// The guide's key for the part a step's reader needs.
fn key_of(step: Step) -> &'static str {
    match step {
        Step::Finished => "always",
        s => s.key(),
    }
}

/// The guide's part for one step, as plain text (empty when the guide has none).
pub fn part(step: Step, lang: Lang) -> String {
    raw_part(text(lang), key_of(step))
        .map(|p| plain(p, lang))
        .unwrap_or_default()
}

/// `md` without its sections on an optional rule this game has switched off: a heading that
/// names the optional rule ("(可选规则)", "(optional rule)") and what follows it up to the next
/// heading of its level or above.
fn without_optional(md: &str) -> String {
    let mut out = String::new();
    let mut skipping: Option<usize> = None;
    for line in md.lines() {
        let level = line.chars().take_while(|c| *c == '#').count();
        if level > 0 {
            if skipping.is_some_and(|l| level <= l) {
                skipping = None;
            }
            if skipping.is_none() && (line.contains("可选规则") || line.contains("optional rule"))
            {
                skipping = Some(level);
            }
        }
        if skipping.is_none() {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The answer to a `帮助` / `help` mail: the guide's part for the open step, then what every
/// mail shares.
pub fn help(step: Step, lang: Lang) -> String {
    help_for(step, lang, true)
}

/// [`help`] for a game whose optional one-time orders are on or off (`one_time_orders`): a game
/// without them is not taught them.
pub fn help_for(step: Step, lang: Lang, one_time_orders: bool) -> String {
    let head = match lang {
        Lang::Zh => format!(
            "当前这一步是「{}」。这一步的写法:",
            crate::instructions::step_name(step, lang)
        ),
        Lang::En => format!(
            "The open step is \"{}\". How to write it:",
            crate::instructions::step_name(step, lang)
        ),
    };
    let always = raw_part(text(lang), "always")
        .map(|p| plain(p, lang))
        .unwrap_or_default();
    let mut out = String::new();
    if step != Step::Finished {
        out.push_str(&head);
        out.push_str("\n\n");
        let part = match raw_part(text(lang), key_of(step)) {
            Some(p) if !one_time_orders => plain(&without_optional(p), lang),
            Some(p) => plain(p, lang),
            None => String::new(),
        };
        out.push_str(&part);
        out.push_str("\n\n");
    }
    out.push_str(&always);
    out.push('\n');
    out
}

/// The few example lines of a step that matter most, for a prompt: the first example block
/// written for the step, without its secret line.
pub fn short_example(step: Step, lang: Lang) -> Vec<String> {
    examples(text(lang))
        .into_iter()
        .find(|e| e.step == Some(step))
        .map(|e| {
            e.text
                .lines()
                .filter(|l| !is_secret_line(l))
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

fn is_secret_line(l: &str) -> bool {
    let l = l.trim_start().to_lowercase();
    l.starts_with("密码") || l.starts_with("secret")
}

/// The guide's lines for deploying leaders, for a plan prompt (the leader examples of the
/// plan part).
pub fn leader_examples(lang: Lang) -> Vec<String> {
    examples(text(lang))
        .into_iter()
        .filter(|e| e.step == Some(Step::Plan))
        .flat_map(|e| e.text.lines().map(str::to_string).collect::<Vec<_>>())
        .filter(|l| {
            l.contains("将领:")
                || l.contains("守将")
                || l.contains("(leader:")
                || l.contains("defender:")
        })
        .take(2)
        .collect()
}

/// The subject of the answer to a `帮助` / `help` mail.
pub fn help_subject(lang: Lang, game: &str) -> String {
    match lang {
        Lang::Zh => format!("Re: [{game}] 写法指南"),
        Lang::En => format!("Re: [{game}] how to write your mail"),
    }
}

/// What the answer to a `帮助` / `help` mail is about: its reader, the open step, what the
/// house itself must send (only when the mail proved it is the house's: the secret), the
/// deadline.
pub struct HelpMail<'a> {
    /// The player's name.
    pub player: &'a str,
    /// The house's name.
    pub house: &'a str,
    /// The open step.
    pub step: Step,
    /// What this house must send now (`asks::what_to_send`), when the secret was given.
    pub own: Option<String>,
    /// The deadline in words.
    pub deadline: &'a str,
    /// Whether the game plays the optional one-time orders (else the answer leaves them out).
    pub one_time_orders: bool,
}

/// The answer to a `帮助` / `help` mail: the guide's part for the open step and what every
/// mail shares; nothing private unless the secret was given.
pub fn help_mail(m: &HelpMail, lang: Lang) -> String {
    let mut out = match lang {
        Lang::Zh => format!("{}({})你好,\n\n", m.player, m.house),
        Lang::En => format!("Dear {} ({}),\n\n", m.player, m.house),
    };
    if let Some(own) = m.own.as_deref().filter(|s| !s.is_empty()) {
        out.push_str(match lang {
            Lang::Zh => "【你这一步要发送的】\n",
            Lang::En => "[What you must send now]\n",
        });
        out.push_str(own);
        out.push_str("\n\n");
    }
    out.push_str(&help_for(m.step, lang, m.one_time_orders));
    out.push('\n');
    match lang {
        Lang::Zh => out.push_str(&format!(
            "本阶段截止时间:{}\n这封回信没有改变任何内容;每一步都可以再写「帮助」。\n\n—— maester 自动裁判(本邮件为自动回复)\n",
            m.deadline
        )),
        Lang::En => out.push_str(&format!(
            "Deadline of this step: {}\nThis answer changed nothing; write \"help\" again in any step.\n\n—— maester, the automatic referee (an automatic answer)\n",
            m.deadline
        )),
    }
    out
}

/// What an accepted `无` / `pass` means in a step: the defaults the house takes.
pub fn pass_means(step: Step, lang: Lang) -> String {
    let zh = match step {
        Step::Placement => "你这一步不放任何命令:你的区域都没有命令(到截止时间前还可以重新提交)。",
        Step::Raven => "你不用信鸦修改命令:你已公布的命令全部保持不变。也可以现在就发送执行方案。",
        Step::Plan => "你这一步没有执行方案:你的行军、突袭都不执行,支援照常按默认提供,将领不参战。",
        Step::Events => {
            "你这一步不发送任何内容:出价为 0,不征兵、不领奖励、不修建;补给超限时按地图顺序裁军(A-57)。"
        }
        Step::EventsAnswers => "你不回答这一步的问题:每个问题按默认裁决(A-26)。",
        Step::Retreat => "你不选择撤退区域:败军撤到地图顺序的第一个候选区域(A-48)。",
        Step::Finished => "游戏已经结束。",
    };
    let en = match step {
        Step::Placement => {
            "You place no order this step: none of your areas gets one (you may still send orders before the deadline)."
        }
        Step::Raven => {
            "You change no order with the Raven: your revealed orders stand unchanged. You may send your plan now."
        }
        Step::Plan => {
            "You send no plan: your marches and raids are not carried out, your supports are given by default, no leader fights."
        }
        Step::Events => {
            "You send nothing this step: bids of 0, no mustering, no reward, no building; over the supply limit, units are disbanded in board order (A-57)."
        }
        Step::EventsAnswers => "You answer no question: each is decided by its default (A-26).",
        Step::Retreat => {
            "You choose no retreat: the force goes to the first candidate in board order (A-48)."
        }
        Step::Finished => "The game is over.",
    };
    match lang {
        Lang::Zh => zh.to_string(),
        Lang::En => en.to_string(),
    }
}

/// What `无` / `pass` means in the Raven step from a house that does not hold the Raven: it is
/// asked nothing there, and its orders stand.
pub fn raven_pass_not_asked(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => {
            "这一步只问信鸦持有者,你不需要发送;你保留已公布的命令。也可以现在就发送执行方案。"
        }
        Lang::En => {
            "Only the Raven holder is asked in this step: you need not send anything. You keep your revealed orders; you may send your plan now."
        }
    }
}

/// What a refused mail's answer adds: a few example lines of the open step written for the
/// house itself — the examples of its own prompt (`asks::what_is_asked`, each accepted by the
/// intake's check for it), for the plan a leader of its own too — and where the whole guide
/// is.
pub fn refusal_hint(
    board: &maester_board::Board,
    state: &maester_rules::GameState,
    house: maester_board::HouseId,
    lang: Lang,
) -> String {
    let asked = crate::asks::what_is_asked(board, state, house, lang);
    let mut lines: Vec<String> = asked
        .lines()
        .filter(|l| l.starts_with("  ") && !l.starts_with("   ") && !l.starts_with("  ·"))
        .map(str::trim)
        .filter(|l| !is_secret_line(l))
        .take(3)
        .map(str::to_string)
        .collect();
    if matches!(state.step, Step::Plan | Step::Raven) {
        lines.extend(crate::teach::leader_example(board, state, house, lang));
    }
    if lines.is_empty() {
        return crate::teach::ask_for_help(lang).to_string();
    }
    let head = match lang {
        Lang::Zh => "这一步的写法,例如:",
        Lang::En => "This step's forms, e.g.:",
    };
    let body: Vec<String> = lines.iter().map(|l| format!("  {l}")).collect();
    format!(
        "{head}\n{}\n{}",
        body.join("\n"),
        crate::teach::ask_for_help(lang)
    )
}
