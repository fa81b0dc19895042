//! What can be wrong with a line the order language did read, for the open step: data, each
//! with its rule, and its sentence in both languages. The sentences live here, below `words`,
//! because an error line leaves the adapter with its message (`ErrorLine::message`) and `words`
//! builds on `lang` (see ARCHITECTURE.md, "Where the words live").

use crate::vocab::Spelling;
use maester_board::Lang;
use maester_rules::Step;
use maester_rules::optional::one_time::OneTimeError;

/// One line of a mail that parsed but cannot be taken for the open step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SubmitError {
    /// The line does not belong to the open step.
    WrongStep,
    /// A line of the execution plan while the orders are being placed: the plan step has not
    /// opened yet.
    PlanNotYet,
    /// A one-time order in a game that does not use them (`OneTimeError::Off`).
    OneTimeOff,
    /// A land unit mustered with a destination (004:L745).
    LandMusterDestination,
    /// A bid above any house's tokens (004:L808).
    BidTooLarge,
    /// A downgrade of no knight (004:L1131).
    KnightsOnly,
    /// A Raven line that is not one normal or special order (004:L1704).
    RavenOrderOnly,
    /// A second Raven change (004:L1704).
    RavenOnce,
    /// A Raven change sent with the plan (004:L1704).
    RavenAlone,
    /// Forced marches of one step into several areas, or mixed with marches (004:L2591, A-78).
    ForcedMarchMix,
    /// Marches of several areas on one step.
    SplitMarchOneArea,
    /// An alternative with no march.
    NoMarch,
    /// A fallback that is not a march.
    FallbackNotMarch,
    /// A raid with a condition (004:L1455).
    RaidCondition,
    /// Several raids on one line.
    OneRaidPerLine,
    /// Marches, raids, supports and transports on one line.
    MixedActions,
    /// Alternatives of one line that are not all marches.
    AlternativesNotMarches,
    /// A leader's pick of a unit other than a footman or an archer (004:L1805, L1911, L2003).
    PickFootOrArcher,
    /// An upgrade pick for a leader without that ability (004:L1805, A-16).
    NoUpgradeAbility,
    /// A kill pick for a leader without that ability (004:L1911, L2003).
    NoKillAbility,
}

/// A one-time order in a game that does not use them (`OneTimeError::Off`): the adapter
/// refuses the token as it reads the mail, so the sentence lives here, below `words`.
pub fn one_time_off(lang: Lang) -> String {
    let rule = OneTimeError::Off.rule();
    match lang {
        Lang::Zh => format!("一次性军事命令是可选规则,本局没有使用({rule})。"),
        Lang::En => {
            format!("one-time orders are an optional rule this game does not use ({rule}).")
        }
    }
}

impl SubmitError {
    /// The sentence for the player, `open` being the game's open step.
    pub fn message(&self, lang: Lang, open: Step) -> String {
        use SubmitError::*;
        let (zh, en) = match self {
            WrongStep => {
                return match lang {
                    Lang::Zh => format!("现在是{},这一行不属于这个阶段。", open.name_zh()),
                    Lang::En => format!(
                        "the open step is {}; this line does not belong to it.",
                        open.name_en()
                    ),
                };
            }
            PlanNotYet => {
                return match lang {
                    Lang::Zh => format!(
                        "这是执行方案的写法:制定执行方案阶段在{}结算之后才开放,届时的报告会请你提交,到时再发送这一行。",
                        open.name_zh()
                    ),
                    Lang::En => format!(
                        "this is a line of the execution plan: the plan step opens once the {} has closed, and that report will ask you for it; send this line then.",
                        open.name_en()
                    ),
                };
            }
            OneTimeOff => return one_time_off(lang),
            LandMusterDestination => (
                "陆军征募在城堡所在的区域,不能指定去向(004:L745)。",
                "land units are mustered in the castle's own province (004:L745).",
            ),
            BidTooLarge => (
                "出价太大了:最多20个势力标志(004:L808)。",
                "that bid is too large: nobody owns more than 20 tokens (004:L808).",
            ),
            KnightsOnly => (
                "降级只针对骑士,例如「降级: 临冬城 1K 为 步兵」(004:L1131)。",
                "only knights are downgraded, e.g. \"downgrade: Winterfell 1K to footman\" (004:L1131).",
            ),
            RavenOrderOnly => (
                "信鸦只能把一条命令改成另一种普通或特殊命令(004:L1704)。",
                "the Raven changes one order into another normal or special order (004:L1704).",
            ),
            RavenOnce => (
                "信鸦只能修改一条命令(004:L1704)。",
                "the Raven changes one order only (004:L1704).",
            ),
            RavenAlone => (
                "请先单独发送信鸦的修改;执行方案在修改公布之后再发(004:L1704)。",
                "send the Raven change on its own; the plan follows once the change is published (004:L1704).",
            ),
            ForcedMarchMix => (
                "同一步骤的强行军必须都进入同一个区域,且不能与普通行军混合。",
                "the forced march lines of one step go into one area and do not mix with marches.",
            ),
            SplitMarchOneArea => (
                "同一步骤只能是同一区域部队的行军(分兵);其他区域的行军请另起一行编号。",
                "one step moves the units of one area (a split march); number marches of other areas on their own lines.",
            ),
            NoMarch => ("没有行军。", "no march."),
            FallbackNotMarch => (
                "“不能执行则…”之后应是另一条行军。",
                "the fallback after \"if … cannot be executed\" must be another march.",
            ),
            RaidCondition => (
                "突袭不能带条件;按优先顺序排列突袭即可(004:L1455)。",
                "raids take no conditions; list them in priority order (004:L1455).",
            ),
            OneRaidPerLine => ("一行只写一个突袭。", "one raid per line."),
            MixedActions => (
                "一行不能混合行军、突袭、支援和运输。",
                "a line cannot mix marches, raids, supports and transports.",
            ),
            AlternativesNotMarches => (
                "同一行的备选命令必须都是行军。",
                "the alternatives of one line must all be marches.",
            ),
            PickFootOrArcher => (
                "只能选择步兵或弓箭手(004:L1805、L1911、L2003)。",
                "only a footman or an archer can be chosen (004:L1805, L1911, L2003).",
            ),
            NoUpgradeAbility => (
                "只有蓝礼和艾拉莉亚的特长会升级部队,例如「蓝礼升级: 弓箭手」(004:L1805,A-16)。",
                "only Renly's and Ellaria's abilities upgrade a unit, e.g. \"Renly upgrades: archer\" (004:L1805, A-16).",
            ),
            NoKillAbility => (
                "只有洛拉斯和亚莲恩的特长由你预先选择被歼灭的部队,例如「洛拉斯歼灭: 弓箭手」(004:L1911,L2003)。",
                "only for Loras and Arianne do you choose in advance which of your units dies, e.g. \"Loras kills: archer\" (004:L1911, L2003).",
            ),
        };
        match lang {
            Lang::Zh => zh.to_string(),
            Lang::En => en.to_string(),
        }
    }
}
