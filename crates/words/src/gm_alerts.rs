//! What the GM is told when the daemon could not do something by itself (`daemon::alerts`): a
//! title in English (the mail's subject after `[maester]`, and the head of the audit line) and a
//! text in English then in Chinese, as the other alerts of `mail_ops` — the daemon's stages do
//! not know which language the GM reads.

/// A title and its text.
pub type Alert = (String, String);

/// A received mail whose handling failed: not answered, nothing changed.
pub fn mail_not_handled(id: i64, from: &str, subject: &str, received: &str, why: &str) -> Alert {
    (
        "a received mail could not be handled".into(),
        format!(
            "mail {id} from {from:?}, subject {subject:?}, received {received}: {why}\n\
             It was not answered and changed nothing.\n\
             收到的第 {id} 封邮件(来自 {from},主题「{subject}」)无法处理:没有回复,也没有改变任何东西。"
        ),
    )
}

/// A step whose close failed: it stays open and is tried again at every poll.
pub fn step_not_closed(game: &str, round: u32, step: &str, why: &str) -> Alert {
    (
        "a step could not be closed".into(),
        format!(
            "game {game}, round {round} {step}: {why}\n\
             The step stays open; maester tries again at every poll.\n\
             游戏 {game} 第 {round} 回合的 {step} 步骤无法结算:该步骤保持开放,maester 每次轮询都会重试。"
        ),
    )
}

/// The backup before a close, not taken: it would leave too little room for the game.
pub fn backup_skipped(
    game: &str,
    round: u32,
    step: &str,
    (size, free, margin): (u64, u64, u64),
) -> Alert {
    (
        "a backup was skipped: too little free space".into(),
        format!(
            "the backup before closing round {round} {step} of game {game} was not taken: it \
             would take about {size} bytes of the {free} bytes free on its volume, leaving less \
             than {margin} bytes for the game. The step was closed all the same; the older \
             backups are still there. Free some space on the volume of the database.\n\
             游戏 {game} 第 {round} 回合 {step} 步骤结算前的备份没有做:它约需 {size} 字节,\
             而所在磁盘只剩 {free} 字节,做了会让游戏可用空间少于 {margin} 字节。步骤照常结算,\
             旧的备份仍在。请在数据库所在的磁盘上腾出空间。"
        ),
    )
}

/// The backup before a close failed; the step was closed all the same.
pub fn backup_failed(game: &str, round: u32, step: &str, error: &str) -> Alert {
    (
        "a backup could not be written".into(),
        format!(
            "the backup before closing round {round} {step} of game {game} failed: {error}\n\
             The step was closed all the same; the older backups are still there.\n\
             游戏 {game} 第 {round} 回合 {step} 步骤结算前的备份失败。步骤照常结算,旧的备份仍在。"
        ),
    )
}

/// A mail the SMTP server refused for good: marked failed, sent again by `gm requeue`.
pub fn smtp_refused(id: i64, to: &str, subject: &str, error: &str) -> Alert {
    (
        "a mail was refused by the SMTP server".into(),
        format!(
            "outgoing mail {id} to {to}, subject {subject:?}: {error}\n\
             It is marked failed and will not be retried; after fixing the cause, \
             `maester gm requeue --id {id}` sends it again.\n\
             发给 {to} 的第 {id} 封邮件(主题「{subject}」)被发信服务器拒绝:已标记为失败,不再重试;\
             排除原因后,`maester gm requeue --id {id}` 会重新发送。"
        ),
    )
}

/// The database passes its check again; the mails that failed because of it wait again.
pub fn database_good_again(retried: usize) -> Alert {
    let mails = crate::plural::count_en(i64::try_from(retried).unwrap_or(i64::MAX), "mail");
    let wait = if retried == 1 { "waits" } else { "wait" };
    (
        "the database is good again".into(),
        format!(
            "The database passes its check again. {mails} that had failed because of it \
             {wait} to be answered again; every other mail waited.\n\
             数据库重新通过检查。因它而失败的 {retried} 封邮件会重新处理;其他邮件一直在等待。"
        ),
    )
}

/// The disk of the database is full: everything waits, nothing is marked failed.
pub fn disk_full(error: &str, database: &str) -> Alert {
    (
        "disk full".into(),
        format!(
            "{error}\nThe database is {database}. Mails wait in the mailbox and in the outbox; \
             nothing is marked failed because of it, and maester goes on by itself once there is \
             room again.\n\
             磁盘已满(数据库:{database})。邮件在邮箱和发件队列中等待,不会因此被标记为失败;\
             腾出空间后 maester 会自动继续。"
        ),
    )
}

/// The title of the note that a close waits for disk space (also how a restart finds that the
/// GM was told already).
pub const CLOSE_WAITS: &str = "a step waits for disk space";

/// The first line of that note: which step waits (the note's text begins with it).
pub fn close_waits_step(game: &str, round: u8, step: &str) -> String {
    format!("round {round} {step} of game {game} waits for disk space")
}

/// Why it waits: the first line and the bytes needed and free.
pub fn close_waits_why(waits: &str, needs: u64, room: u64) -> String {
    format!(
        "{waits}: its close needs about {needs} bytes free on the volume of the database, \
         {room} are free"
    )
}

/// The whole note: `why`, what happens meanwhile, what to free; `too_small`: the volume's size
/// and the size it needs (MB) when even an empty volume could not hold the close.
pub fn close_waits(why: &str, database: &str, too_small: Option<(u64, u64)>) -> String {
    let (small_en, small_zh) = match too_small {
        Some((total, mb)) => (
            format!(
                "\nThe volume holds {total} bytes in all: too small for this close even with \
                 nothing else on it. Move the game's folder to a volume of at least {mb} MB."
            ),
            format!(
                "该磁盘总共只有 {total} 字节,即使清空也放不下这次结算:请把游戏文件夹移到至少 {mb} MB 的磁盘上。"
            ),
        ),
        None => (String::new(), String::new()),
    };
    format!(
        "{why}.\nNothing of the close was written: the step stays open, the players' mails are \
         still taken in and answered, and the step is closed at the first poll with room \
         enough. Free space on the volume of {database} (old backups, logs, other files).\
         {small_en}\n\
         磁盘空间不足,这一步的结算在等待:结算的任何内容都没有写入,步骤保持开放,玩家的邮件照常\
         接收和回复,有足够空间后的第一次轮询就会结算。请在 {database} 所在的磁盘上腾出空间\
         (旧备份、日志、其他文件)。{small_zh}"
    )
}

/// Deadlines moved out after the daemon was not running: `detail` says which and how.
pub fn deadlines_moved(detail: &str) -> Alert {
    (
        "deadlines moved after the daemon was not running".into(),
        format!(
            "{detail}\n\
             maester 停止运行期间错过的截止时间已顺延,玩家已收到通知。"
        ),
    )
}

/// The IMAP or SMTP server (`server`) unreachable for over an hour, or refusing maester's login
/// (`login_failed`): since when, how many tries failed, the last error, what waits meanwhile.
pub fn mail_server_down(
    server: &str,
    login_failed: bool,
    (since, failures, last_error): (&str, u32, &str),
) -> Alert {
    let what = if login_failed {
        format!(
            "maester cannot log in to the {server} server: its password or token could not be \
             read or was refused"
        )
    } else {
        format!("the {server} server has been unreachable for over an hour")
    };
    let reading = server == "IMAP";
    let (effect, effect_zh) = if reading {
        (
            "No new mail is read meanwhile; deadlines still close and answers are still sent.",
            "在此期间不读取新邮件;截止时间照常结算,回复照常发送。",
        )
    } else {
        (
            "Nothing is sent meanwhile; every mail stays queued and goes out once the server \
             answers. Mails are still read and deadlines still close.",
            "在此期间不发送任何邮件;所有邮件留在队列中,服务器恢复后发出。邮件照常读取,截止时间照常结算。",
        )
    };
    let head_zh = if login_failed {
        format!("maester 无法登录 {server} 服务器:密码或令牌无法读取或被拒绝。")
    } else {
        format!("{server} 服务器已超过一小时无法连接。")
    };
    (
        what,
        format!(
            "Failing since {since} ({failures} tries failed). Last error: {last_error}\n{effect}\n\
             `maester check-mail` tries the login step by step.\n\
             {head_zh}自 {since} 起失败({failures} 次)。{effect_zh}`maester check-mail` 可逐步检查登录。"
        ),
    )
}
