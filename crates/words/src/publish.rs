//! The words of the campaign's public record (`maester-publish`): the forum post's and the web
//! site's headings, labels and the few sentences of their own. The report's sentences (the log,
//! the events, the defaults, the control changes) are the report's, from `log`, `economy`,
//! `asks` and `map_text`; only what a post or a page adds around them is here.

use maester_board::Lang;

/// A heading or a label of the public record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    /// Orders revealed, per house.
    Revealed,
    /// The execution plans as executed.
    Plans,
    /// The adjudication (the military log).
    Adjudication,
    /// The event phase and the end of the round.
    Economy,
    /// The provisional results of the first event window.
    Provisional,
    /// Decisions taken for silent players.
    Defaults,
    /// What each closed step used of each house: a receipt, the GM's submit, the defaults.
    Receipts,
    /// Changes of control.
    ControlChanges,
    /// The tracks.
    Tracks,
    /// The Iron Throne track.
    IronThrone,
    /// The Fiefdoms track.
    Fiefdoms,
    /// The King's Court track.
    KingsCourt,
    /// The houses' standings.
    Standings,
    /// A house.
    House,
    /// A house's orders (a table's column).
    Orders,
    /// A house's plan (a table's column).
    Plan,
    /// Castles and strongholds held.
    Castles,
    /// Power tokens in hand.
    Power,
    /// Power tokens on the map.
    PowerOnMap,
    /// Supply (barrels).
    Supply,
    /// The wildlings' strength.
    Wildlings,
    /// The map picture.
    Map,
    /// The whole board's picture (a step's page shows it by theatre).
    WholeBoard,
    /// The history page (every closed step).
    History,
    /// The front page.
    Home,
    /// The previous step.
    Previous,
    /// The next step.
    Next,
    /// The feed of the steps.
    Feed,
    /// The open step.
    OpenStep,
    /// Its deadline.
    Deadline,
    /// The latest closed step.
    Latest,
    /// No step closed yet.
    NothingYet,
}

/// The label in a language.
pub fn label(l: Label, lang: Lang) -> &'static str {
    let zh = lang == Lang::Zh;
    match l {
        Label::Revealed => pick(zh, "公布的军事命令", "Orders revealed"),
        Label::Plans => pick(zh, "公布的执行方案", "Execution plans as executed"),
        Label::Adjudication => pick(zh, "裁决过程", "Adjudication"),
        Label::Economy => pick(zh, "事件与回合结束", "Events and the end of the round"),
        Label::Provisional => pick(
            zh,
            "暂定结果(第二轮回答之前,未回答者按默认)",
            "Provisional results (before the answers; silence keeps the defaults)",
        ),
        Label::Defaults => pick(zh, "代为决定", "Decided on a player's behalf"),
        Label::Receipts => pick(zh, "采用的提交(回执)", "Submissions used (receipts)"),
        Label::ControlChanges => pick(zh, "控制权变化", "Changes of control"),
        Label::Tracks => pick(zh, "势力排名", "Tracks"),
        Label::IronThrone => pick(zh, "铁王座", "Iron Throne"),
        Label::Fiefdoms => pick(zh, "封邑", "Fiefdoms"),
        Label::KingsCourt => pick(zh, "御前会议", "King's Court"),
        Label::Standings => pick(zh, "各家族", "Houses"),
        Label::House => pick(zh, "家族", "House"),
        Label::Orders => pick(zh, "命令", "Orders"),
        Label::Plan => pick(zh, "执行方案", "Plan"),
        Label::Castles => pick(zh, "城堡", "Castles"),
        Label::Power => pick(zh, "手中势力", "Power"),
        Label::PowerOnMap => pick(zh, "地图上势力", "On the map"),
        Label::Supply => pick(zh, "补给", "Supply"),
        Label::Wildlings => pick(zh, "野人战斗力", "Wildlings"),
        Label::Map => pick(zh, "地图", "Map"),
        Label::WholeBoard => pick(zh, "整张地图", "The whole board"),
        Label::History => pick(zh, "战报目录", "History"),
        Label::Home => pick(zh, "首页", "Home"),
        Label::Previous => pick(zh, "上一步", "Previous step"),
        Label::Next => pick(zh, "下一步", "Next step"),
        Label::Feed => pick(zh, "订阅(Atom)", "Feed (Atom)"),
        Label::OpenStep => pick(zh, "进行中的步骤", "Open step"),
        Label::Deadline => pick(zh, "截止时间", "Deadline"),
        Label::Latest => pick(zh, "最新战报", "Latest report"),
        Label::NothingYet => pick(zh, "还没有结束的步骤。", "No step has closed yet."),
    }
}

fn pick(zh: bool, z: &'static str, e: &'static str) -> &'static str {
    if zh { z } else { e }
}

/// The caption of a house's theatre on a step's page.
pub fn theatre_of(house: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{house}的战区"),
        Lang::En => format!("{house}'s theatre"),
    }
}

/// The title of a step's public report: the game, the round and the steps it closed.
pub fn title(game: &str, round: u8, closed: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{game} 第{round}回合 · {closed}结果"),
        Lang::En => format!("{game} round {round} · results of {closed}"),
    }
}

/// The title of a game's front page.
pub fn site_title(game: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{game} · 权力的游戏 邮件团"),
        Lang::En => format!("{game} · A Game of Thrones by mail"),
    }
}

/// A round and a step, short (the history's rows, the front page).
pub fn round_step(round: u8, step: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("第{round}回合 {step}"),
        Lang::En => format!("round {round}, {step}"),
    }
}

/// What comes next: the open step and its deadline.
pub fn next_step(round: u8, step: &str, deadline: &str, lang: Lang) -> String {
    match (deadline.is_empty(), lang) {
        (false, Lang::Zh) => format!("下一步:第{round}回合 {step},截止时间 {deadline}。"),
        (true, Lang::Zh) => format!("下一步:第{round}回合 {step}。"),
        (false, Lang::En) => format!("Next: round {round}, {step}, deadline {deadline}."),
        (true, Lang::En) => format!("Next: round {round}, {step}."),
    }
}

/// The game is over (when the report has no result sentence of its own).
pub fn game_over(winner: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("游戏结束,胜者:{winner}。"),
        Lang::En => format!("The game is over. Winner: {winner}."),
    }
}

/// The wildlings' strength, as a line.
pub fn wildlings(n: u8, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("野人战斗力:{n}"),
        Lang::En => format!("Wildlings: {n}"),
    }
}

/// The note beside a picture the forum post cannot link: upload it with the post.
pub fn attach_picture(file: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("地图:{file}(请把这张图片作为附件上传到本帖)"),
        Lang::En => format!("Map: {file} (attach this picture to the post)"),
    }
}

/// The heading of one part of a post split in several.
pub fn part(title: &str, n: usize, of: usize, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{title}(第{n}/{of}帖)"),
        Lang::En => format!("{title} (part {n} of {of})"),
    }
}

/// The seed, published on the final page as the final report publishes it.
pub fn seed(seed: &str, lang: Lang) -> String {
    crate::whole_mail::seed_published(seed, lang)
}

/// A step whose close was stored by an older maester: only its battles and the map remain.
pub fn older_record(lang: Lang) -> &'static str {
    pick(
        lang == Lang::Zh,
        "(此步骤由旧版本 maester 记录,只保存了裁决过程与地图。)",
        "(recorded by an older maester: only the adjudication and the map were kept.)",
    )
}

/// The footer of every page and post.
pub fn footer(lang: Lang) -> &'static str {
    pick(
        lang == Lang::Zh,
        "—— maester 自动裁判",
        "-- maester, the automatic referee",
    )
}
