//! What the deadline policy tells the players: late notices and the late list at a deadline
//! with grace, a deadline moved after the daemon was down or for an absence, and the answers
//! to `wait` and `absent`. Each notice is (subject, body) in the reader's language; the game
//! tag `[id]` is added by the caller. Every deadline is given already in words, with its zone.

use crate::Spelling;
use maester_board::Lang;
use maester_rules::Step;

const SIGN_ZH: &str = "\n\n—— maester 自动裁判";
const SIGN_EN: &str = "\n\n-- maester, the automatic referee";

/// The open step, as the notices name it.
pub struct StepAt<'a> {
    /// The step's name in the reader's language.
    pub step: &'a str,
    /// The round.
    pub round: u8,
}

/// To a late house at the deadline: the grace runs until `grace_until`.
pub fn late_notice(
    s: &StepAt<'_>,
    grace_until: &str,
    what: &str,
    default: &str,
    lang: Lang,
) -> (String, String) {
    let StepAt { step, round } = s;
    match lang {
        Lang::Zh => (
            format!("迟交通知:第{round}回合{step}已过截止时间"),
            format!(
                "第{round}回合{step}的截止时间已过,你还没有提交。宽限期到 {grace_until} 为止:在此之前发送仍然有效,所有迟交的家族都提交后立即结算。\n\n{what}\n\n如果宽限期结束时仍未提交,将按默认处理:{default}{SIGN_ZH}"
            ),
        ),
        Lang::En => (
            format!("Late: round {round}, {step} is past its deadline"),
            format!(
                "Round {round}, {step} is past its deadline and you have not sent yours. The grace runs until {grace_until}: what you send before then counts, and the step closes as soon as every late house has sent.\n\n{what}\n\nIf you have still sent nothing when the grace ends, the defaults apply: {default}{SIGN_EN}"
            ),
        ),
    }
}

/// To the houses that have sent (or are asked nothing) at a deadline with grace: who is late.
pub fn late_list(
    s: &StepAt<'_>,
    late: &[String],
    grace_until: &str,
    lang: Lang,
) -> (String, String) {
    let StepAt { step, round } = s;
    match lang {
        Lang::Zh => (
            format!("第{round}回合{step}:等待迟交的家族"),
            format!(
                "第{round}回合{step}的截止时间已过,以下家族还没有提交:{}。宽限期到 {grace_until} 为止,他们都提交后立即结算。{SIGN_ZH}",
                late.join("、")
            ),
        ),
        Lang::En => (
            format!("Round {round}, {step}: waiting for the late houses"),
            format!(
                "Round {round}, {step} is past its deadline and these houses have not sent theirs: {}. The grace runs until {grace_until}; the step closes as soon as they have all sent.{SIGN_EN}",
                late.join(", ")
            ),
        ),
    }
}

/// To everyone: the daemon was not running for `outage`, so the deadline moved.
pub fn moved_after_downtime(
    s: &StepAt<'_>,
    outage: &str,
    deadline: &str,
    lang: Lang,
) -> (String, String) {
    let StepAt { step, round } = s;
    match lang {
        Lang::Zh => (
            "裁判停机,截止时间顺延".into(),
            format!(
                "裁判程序停止运行了约{outage},期间无法收发邮件。为公平起见,第{round}回合{step}不会按原截止时间结算,截止时间顺延到 {deadline}。停机期间发来的命令都已收到并有效。{SIGN_ZH}"
            ),
        ),
        Lang::En => (
            "The referee was down: the deadline moves".into(),
            format!(
                "The referee was not running for about {outage} and could neither read nor send mail. So that nobody loses out, round {round}, {step} does not close at its old deadline: it now closes at {deadline}. Orders sent meanwhile have been received and count.{SIGN_EN}"
            ),
        ),
    }
}

/// To everyone: the deadline moved to the end of a player's absence.
pub fn moved_for_absence(
    s: &StepAt<'_>,
    house: &str,
    days: &str,
    deadline: &str,
    lang: Lang,
) -> (String, String) {
    let StepAt { step, round } = s;
    match lang {
        Lang::Zh => (
            "截止时间因请假顺延".into(),
            format!(
                "{house}请假({days}),原截止时间在请假期间内。第{round}回合{step}的截止时间顺延到 {deadline}。{SIGN_ZH}"
            ),
        ),
        Lang::En => (
            "The deadline moves for an absence".into(),
            format!(
                "{house} is away ({days}) and the deadline fell in that time: round {round}, {step} now closes at {deadline}.{SIGN_EN}"
            ),
        ),
    }
}

/// An absence in words: `12月20日 到 12月27日` / `2026-12-20 to 2026-12-27`.
pub fn days_text(first: &str, last: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{first} 到 {last}"),
        Lang::En => format!("{first} to {last}"),
    }
}

/// The answer's line when an absence is recorded.
pub fn absence_taken(days: &str, used: u32, cap: u32, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!(
            "请假已登记:{days}。截止时间落在这段时间内时会顺延到请假结束。本局已用请假{used}天(上限{cap}天)。"
        ),
        Lang::En => format!(
            "Absence recorded: {days}. A deadline falling in it moves to its end. Days of absence used in this game: {used} of {cap}."
        ),
    }
}

/// Why an absence is refused: over the cap.
pub fn absence_over_cap(days: u32, used: u32, cap: u32, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!(
            "请假{days}天超过了上限:本局每位玩家最多请假{cap}天,你已用{used}天。请缩短请假,或请GM代为登记。"
        ),
        Lang::En => format!(
            "An absence of {} is over the limit: {} per player per game, and you have used {used}. Make it shorter, or ask the GM to set it.",
            crate::plural::count_en(days, "day"),
            crate::plural::count_en(cap, "day")
        ),
    }
}

/// Why an absence is refused: it ends in the past, or ends before it starts.
pub fn absence_bad_dates(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "请假的日期不对:结束日期不能早于开始日期,也不能已经过去。",
        Lang::En => {
            "The absence's dates do not work: it cannot end before it starts, nor in the past."
        }
    }
}

/// To everyone: the GM recorded an absence of `house`.
pub fn absence_set_by_gm(house: &str, days: &str, lang: Lang) -> (String, String) {
    match lang {
        Lang::Zh => (
            "GM登记了请假".into(),
            format!(
                "GM通知:GM为{house}登记了请假:{days}。截止时间落在这段时间内时会顺延到请假结束。{SIGN_ZH}"
            ),
        ),
        Lang::En => (
            "The GM recorded an absence".into(),
            format!(
                "From the GM: {house} is away {days}. A deadline falling in that time moves to its end.{SIGN_EN}"
            ),
        ),
    }
}

/// The answer's line to `wait` (the deadline it closes at is the answer's deadline line).
pub fn waiting_asked(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => {
            "已收到「等待」:这一步不会因为所有家族都已提交而提前结算,将在下面的截止时间结算。"
        }
        Lang::En => {
            "Wait noted: this step will not close early when everyone has sent; it closes at its deadline, given below."
        }
    }
}

/// The answer's line to `nowait`.
pub fn no_wait_asked(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => "已收到「不等待」:所有家族都提交后,这一步可以提前结算。",
        Lang::En => "No-wait noted: this step may close early again once everyone has sent.",
    }
}

/// The answer's line when every house has sent: the step closes early, at the answer's
/// deadline line (brought forward: said once, there).
pub fn closing_soon(lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => {
            "所有家族都已提交:这一步提前到下面的截止时间结算。在此之前仍可修改;如需更多时间,请发送「等待」。"
        }
        Lang::En => {
            "Every house has sent: this step closes early, at the deadline below. You may still correct yours until then; to stop the early close, send \"wait\"."
        }
    }
}

/// An outage's length in words (whole hours, or days and hours).
pub fn outage_text(hours: i64, lang: Lang) -> String {
    let (d, h) = (hours / 24, hours % 24);
    match (lang, d, h) {
        (Lang::Zh, 0, h) => format!("{h}小时"),
        (Lang::Zh, d, 0) => format!("{d}天"),
        (Lang::Zh, d, h) => format!("{d}天{h}小时"),
        (Lang::En, 0, h) => format!("{h} h"),
        (Lang::En, d, 0) => crate::plural::count_en(d, "day"),
        (Lang::En, d, h) => format!("{} {h} h", crate::plural::count_en(d, "day")),
    }
}

/// `2026年11月23日 21:00 (北京时间/Asia/Shanghai)`: a local time for Chinese-speaking players,
/// from its date, its `HH:MM`, the zone's IANA name and whether the zone is Beijing time.
pub fn local_time_zh(date: (i32, u32, u32), hhmm: &str, zone: &str, beijing: bool) -> String {
    let (y, m, d) = date;
    let zone = if beijing {
        format!("北京时间/{zone}")
    } else {
        zone.to_string()
    };
    format!("{y}年{m}月{d}日 {hhmm} ({zone})")
}

/// How one step's deadline is set, as the welcome mails tell it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StepDeadline {
    /// A fixed time after the step opens, in minutes.
    After(i64),
    /// The next of these local times: a weekday (0 = Monday) or every day, and `HH:MM`.
    At(Vec<(Option<u8>, String)>),
}

/// A game's schedule as the welcome mails tell it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScheduleText {
    /// Each step named in the schedule, by its stable key (`placement`, `plan`, …).
    pub steps: Vec<(String, StepDeadline)>,
    /// The rule of the steps not named.
    pub default: Option<StepDeadline>,
    /// The game's time zone (IANA name).
    pub zone: String,
    /// The zone is China's (said 北京时间 in Chinese).
    pub beijing: bool,
    /// Every deadline is the moment the step opens (a demo or a test game).
    pub immediate: bool,
}

/// The schedule section of a welcome mail: one line per step in round order, then the rule
/// for the others; ends with a blank line.
pub fn schedule_section(s: &ScheduleText, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let mut out = String::from(if zh {
        "截止时间的安排:\n"
    } else {
        "When each step closes:\n"
    });
    if s.immediate {
        out.push_str(if zh {
            "  每一步一开始就结算(演示或测试游戏)。\n\n"
        } else {
            "  every step closes as soon as it opens (a demo or test game).\n\n"
        });
        return out;
    }
    let zone = match (zh, s.beijing) {
        (true, true) => "北京时间".to_string(),
        _ => s.zone.clone(),
    };
    let mut named: Vec<(Step, &StepDeadline)> = s
        .steps
        .iter()
        .filter_map(|(k, r)| Step::from_key(k).map(|st| (st, r)))
        .collect();
    named.sort_by_key(|(st, _)| Step::ALL.iter().position(|x| x == st));
    let width = named
        .iter()
        .map(|(st, _)| crate::map_text::display_width(&step_label(*st, lang)))
        .max()
        .unwrap_or(0);
    for (st, rule) in &named {
        let name = crate::map_text::pad(&step_label(*st, lang), width);
        out.push_str(&format!(
            "  {name} {}\n",
            rule_words(rule, &zone, false, lang)
        ));
    }
    if let Some(rule) = &s.default {
        let rest = if zh { "其余各步" } else { "other steps" };
        out.push_str(&format!(
            "  {rest} {}\n",
            rule_words(rule, &zone, true, lang)
        ));
    }
    out.push('\n');
    out
}

/// A step's name in the reader's language.
fn step_label(st: Step, lang: Lang) -> String {
    match lang {
        Lang::Zh => st.name_zh().to_string(),
        Lang::En => st.name_en().to_string(),
    }
}

/// One step's rule in words: `开始后24小时截止` / `closes 24 hours after it opens`,
/// `每周一 21:00、每周四 21:00 (北京时间)截止`; `several`: said of the other steps (English verbs agree).
fn rule_words(rule: &StepDeadline, zone: &str, several: bool, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    let (close, opens) = if several {
        ("close", "they open")
    } else {
        ("closes", "it opens")
    };
    match rule {
        StepDeadline::After(minutes) => {
            let (h, m) = (minutes / 60, minutes % 60);
            match (zh, m) {
                (true, 0) => format!("开始后{h}小时截止"),
                (true, _) => format!("开始后{h}小时{m}分钟截止"),
                (false, 0) => format!(
                    "{close} {} after {opens}",
                    crate::plural::count_en(h, "hour")
                ),
                (false, _) => format!(
                    "{close} {} {} after {opens}",
                    crate::plural::count_en(h, "hour"),
                    crate::plural::count_en(m, "minute")
                ),
            }
        }
        StepDeadline::At(times) => {
            let each: Vec<String> = times
                .iter()
                .map(|(day, hm)| match (day, zh) {
                    (Some(d), true) => format!("每{} {hm}", WEEKDAYS_ZH[usize::from(*d % 7)]),
                    (None, true) => format!("每天 {hm}"),
                    (Some(d), false) => format!("{} {hm}", WEEKDAYS_EN[usize::from(*d % 7)]),
                    (None, false) => format!("daily {hm}"),
                })
                .collect();
            if zh {
                format!("{} ({zone})截止", each.join("、"))
            } else {
                format!("{close} {} ({zone})", each.join(", "))
            }
        }
    }
}

const WEEKDAYS_ZH: [&str; 7] = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"];
const WEEKDAYS_EN: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/// How long until a deadline, in words: `约 23 小时后` / `in 23 h` (whole hours, rounded;
/// minutes under two hours; days and hours from two days on); `已到` / `now` when it passed.
pub fn relative(minutes: i64, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    if minutes <= 0 {
        return if zh { "即刻".into() } else { "now".into() };
    }
    if minutes < 120 {
        return if zh {
            format!("{minutes} 分钟后")
        } else {
            format!("in {minutes} min")
        };
    }
    let hours = (minutes + 30) / 60;
    if hours < 48 {
        return if zh {
            format!("约 {hours} 小时后")
        } else {
            format!("in {hours} h")
        };
    }
    let (d, h) = (hours / 24, hours % 24);
    match (zh, h) {
        (true, 0) => format!("约 {d} 天后"),
        (true, h) => format!("约 {d} 天 {h} 小时后"),
        (false, 0) => format!("in {d} days"),
        (false, h) => format!("in {d} days {h} h"),
    }
}

/// A deadline with how long is left: `2026年11月29日 21:00 (北京时间/Asia/Shanghai),约 23 小时后`
/// / `Sun 29 Nov 2026 21:00 Asia/Shanghai (in 23 h)`.
pub fn with_relative(at: &str, minutes: i64, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{at},{}", relative(minutes, lang)),
        Lang::En => format!("{at} ({})", relative(minutes, lang)),
    }
}
