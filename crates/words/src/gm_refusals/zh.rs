//! The refusals in Chinese (Simplified: a GM who writes Traditional gets the answer converted
//! as a whole, like every mail).

use super::{EditFault, GmRefusal, STEP_KEYS, ScheduleFault, Sought, WhenFault, bracketed};
use crate::Spelling;
use maester_rules::Step;

/// A step as a Chinese GM reads it.
fn step(s: Step) -> &'static str {
    s.name_zh()
}

impl GmRefusal {
    /// The refusals of the mail and of its lines, in Chinese.
    pub(super) fn mail_zh(&self) -> Option<String> {
        Some(match self {
            GmRefusal::NoGame => "没有进行中的游戏".into(),
            GmRefusal::SeveralGames(ids) => format!(
                "有几局游戏在进行:请在标题中写上游戏名,为以下之一:{}",
                bracketed(ids)
            ),
            GmRefusal::WrongSecret => "GM密码不对,没有执行任何指令。".into(),
            GmRefusal::NoSecret => "邮件中没有GM密码(一行「密码: …」),没有执行任何指令。".into(),
            GmRefusal::NoStep(s) => format!(
                "没有「{s}」这一步:请写步骤的中文名或 {}",
                STEP_KEYS.replace(", ", "、").replace(" or ", " 或 ")
            ),
            GmRefusal::StepLineNotCommand => "步骤行不是指令".into(),
            GmRefusal::ReplaceForm => "写法:换人 <家族> <名字> <地址> [zh|zh-Hant|en]".into(),
            GmRefusal::ScheduleForm(text) => format!(
                "「{text}」:请写「步骤 = 时间」(例如 plan = Mon 21:00, Thu 21:00、default = 2d、\
                 timezone = Asia/Shanghai、min_open = 6h)"
            ),
            GmRefusal::ScheduleKeyValue(text) => format!("「{text}」:需要一个键和一个值"),
            GmRefusal::ScheduleEmpty => "时间表没有修改:请至少写一项「步骤 = 时间」".into(),
            GmRefusal::Schedule { detail, fault } => match fault {
                ScheduleFault::NoKey(key) => format!(
                    "时间表没有修改:没有「{key}」这一项;请写 {}、default、timezone 或 min_open",
                    STEP_KEYS.replace(", ", "、").replace(" or ", "、")
                ),
                ScheduleFault::BadValue { key, value } => format!(
                    "时间表没有修改:「{key} = {value}」读不懂(时长写成 30m、12h、1d 或 1d12h,\
                     时间写成 daily 21:00 或 Mon 21:00,多个用逗号分开;时区如 Asia/Shanghai)"
                ),
                ScheduleFault::Other => format!("时间表没有修改:{detail}"),
            },
            _ => return None,
        })
    }

    /// The refusals of a command, in Chinese.
    pub(super) fn command_zh(&self) -> String {
        match self {
            GmRefusal::GameOver(game) => format!("游戏 {game} 已经结束"),
            GmRefusal::WrongStep {
                game,
                open,
                meant,
                closing,
            } => format!(
                "游戏 {game} 现在是第{}回合{},不是{}{}:{}",
                open.0,
                step(open.1),
                meant.0.map(|r| format!("第{r}回合")).unwrap_or_default(),
                meant.1.map(step).unwrap_or("这一步"),
                if *closing {
                    "没有结算"
                } else {
                    "没有执行任何操作"
                }
            ),
            GmRefusal::Stale { game, .. } => {
                format!("游戏 {game} 在准备这条指令时已有变化(步骤已结算或被改动):没有执行任何操作")
            }
            GmRefusal::NotClosed(_) => {
                "这一步在此期间已有变化(已结算、截止时间已改或游戏已结束):没有结算".into()
            }
            GmRefusal::NoHouse { name, houses } => format!(
                "没有「{name}」这个家族:请写家族的中文名或 {}",
                houses.join("、")
            ),
            GmRefusal::NeutralNoOrders(h) => format!("{}是中立家族:不接受命令", h.zh),
            GmRefusal::NeutralForGood(h) => {
                format!("{}已成为中立家族(玩家已退出):中立家族不能再交给玩家", h.zh)
            }
            GmRefusal::NeutralAlready(h) => format!("{}已经是中立家族", h.zh),
            GmRefusal::NoSeat { game, house } => format!("游戏 {game} 没有{}的席位", house.zh),
            GmRefusal::NotAccepted { house, lines } => format!(
                "给{}录入的提交没有被接受,没有任何改变:\n{}",
                house.zh,
                lines
                    .iter()
                    .map(|(n, text, why)| format!("  第{n}行:{text} —— {why}"))
                    .collect::<Vec<_>>()
                    .join("\n")
            ),
            GmRefusal::NoOrders(h) => format!("文本中没有{}的命令", h.zh),
            GmRefusal::NoRollback { game, target } => match target {
                Some((r, s)) => {
                    format!("游戏 {game} 没有第{r}回合{}之前的状态可以回滚", step(*s))
                }
                None => format!("游戏 {game} 还没有结算过的步骤可以回滚"),
            },
            GmRefusal::BadWhen { text, fault, .. } => match fault {
                WhenFault::Duration => {
                    format!("截止时间「{text}」读不懂:时长写成 +30m、+12h、+1d 或 +1d12h")
                }
                WhenFault::TooFar => format!("截止时间「{text}」太远了"),
                WhenFault::NotATime => format!(
                    "截止时间「{text}」读不懂:请写 +2d、+12h、+1d12h 或当地时间,如 2026-12-01 20:00"
                ),
                WhenFault::NoLocalTime { zone } => {
                    format!("截止时间「{text}」在时区 {zone} 中不存在(夏令时调整)")
                }
            },
            GmRefusal::NotInFuture { when, at } => format!(
                "「{when}」即 {},不在将来:要现在结算这一步请用「结算」",
                at.zh
            ),
            GmRefusal::PausedUseResume => "游戏已暂停:请用「恢复」给出新的截止时间".into(),
            GmRefusal::PausedAlready(game) => format!("游戏 {game} 已经暂停"),
            GmRefusal::NotPaused(game) => format!("游戏 {game} 没有暂停"),
            GmRefusal::EmptyAnnouncement => "公告是空的".into(),
            GmRefusal::Edit(fault) => format!(
                "更正没有执行,没有任何改变:{}",
                match fault {
                    EditFault::NoReason => "请写明给玩家看的理由".into(),
                    EditFault::Unread(why) => format!("读不懂更正的内容({why})"),
                    EditFault::Breaks(broken) => format!(
                        "结果违反了必须始终成立的规则(命令行加 --force 才能强制执行):\n  {}",
                        broken.join("\n  ")
                    ),
                    EditFault::NoChange => "状态已经是这样".into(),
                }
            ),
            GmRefusal::GmCopyIsAReport => "GM副本是战报:重发回信要写家族".into(),
            GmRefusal::NoGmAddress => "没有设置 [daemon] gm_address:没有GM副本可以重发".into(),
            GmRefusal::NoReport { game, step: s } => match s {
                Some((r, s)) => format!("游戏 {game} 没有第{r}回合{}的战报", step(*s)),
                None => format!("游戏 {game} 还没有战报"),
            },
            GmRefusal::NotStored { sought, house } => {
                format!("给{}的{}不在数据库中", house.zh, sought_zh(sought))
            }
            GmRefusal::ResendFailed {
                sought,
                house,
                detail,
            } => format!("给{}的{}无法重发:{detail}", house.zh, sought_zh(sought)),
            GmRefusal::NotADay(s) => format!("「{s}」不是日期:请写 2026-12-20 或 12-20"),
            GmRefusal::BadDays { from, to } => {
                format!("{from} 到 {to}:没有这些日期,或结束早于开始,或已经过去")
            }
            GmRefusal::NoAbsence { id, game } => {
                format!("游戏 {game} 没有可以取消的请假 {id}")
            }
            GmRefusal::BadReminder { text, detail } => match text {
                Some(t) => {
                    format!("提醒没有修改:「{t}」不是大于 0 的时长(写成 24h、4h、30m 或 1d12h)")
                }
                None => format!("提醒没有修改:{detail}"),
            },
            // The mail's own refusals are said by `mail_zh`.
            _ => String::new(),
        }
    }
}

fn sought_zh(s: &Sought) -> String {
    match s {
        Sought::LastAnswer => "上一封回信".into(),
        Sought::Report(Some((r, s))) => format!("第{r}回合{}战报", step(*s)),
        Sought::Report(None) => "战报".into(),
    }
}
