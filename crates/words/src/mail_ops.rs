//! What the mailbox's guards say: the one answer a stranger may get (the same whoever he is),
//! the warning on a mail whose sender's domain failed its DKIM/SPF/DMARC checks, and what the
//! GM is told about wrong secrets, mails without a secret past the hourly cap, and bounced mail.

use maester_board::Lang;

/// The answer to an address that holds no seat, at most once a day (`unknown_senders =
/// "daily"`). Bilingual, since nothing is known of the sender, and worded so that it says
/// nothing about which addresses are players'.
pub fn stranger_answer() -> String {
    "你好,\n\n这里是 maester,一个按邮件进行的桌游自动裁判。只有登记过的玩家、带着自己的密码发来的邮件才会被读取;\
     这封邮件没有改变任何内容。如有疑问,请联系你的GM。本地址每天最多自动回复一次。\n\n\
     Hello,\n\nThis is maester, an automatic referee for a board game played by mail. Only mails of \
     registered players that carry their secret are read; this mail changed nothing. If in doubt, \
     ask your GM. This address answers automatically at most once a day.\n\n—— maester"
        .to_string()
}

/// The line added to an answer when the receiving server found that the mail's sender domain
/// failed its checks (`failures` as `dkim=fail (qq.com)`, joined).
pub fn auth_warning(failures: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!(
            "注意:收件服务器对这封邮件的发件域名检查未通过({failures})。如果这封邮件不是你发的,你的密码可能已经泄露,请立即告诉GM。"
        ),
        Lang::En => format!(
            "Note: the receiving server's checks of this mail's sender domain failed ({failures}). If you did not send it, your secret may have leaked: tell the GM at once."
        ),
    }
}

/// What the GM is told when a house reaches the day's limit of wrong secrets:
/// (subject line, detail).
pub fn wrong_secrets_alert(game: &str, house: &str, count: u32, from: &str) -> (String, String) {
    (
        format!("house {house} of game {game}: {count} wrong secrets today"),
        format!(
            "{count} mails for house {house} of game {game} came with a wrong secret today (the last from {from}).\n\
             Someone may be guessing the secret. Further wrong secrets for this house get no answer until tomorrow (UTC);\n\
             the mails are kept. `maester gm` can give the house a new secret.\n\
             今天有 {count} 封发给游戏 {game} 中家族 {house} 的邮件密码错误(最后一封来自 {from})。可能有人在猜密码;\
             今天(UTC)之内该家族的错误密码邮件不再回复,邮件仍会保存。"
        ),
    )
}

/// The GM's notice (once a day and address) that an address passed the hourly cap of answers
/// to mails without a secret: (subject line, text). `seats` names the address's seats as
/// `game/house`.
pub fn secretless_notice(addr: &str, seats: &[String], answered: u32) -> (String, String) {
    let seats = if seats.is_empty() {
        "-".to_string()
    } else {
        seats.join(", ")
    };
    (
        format!("{addr}: mails without a secret no longer answered this hour"),
        format!(
            "{addr} (seats: {seats}) sent more mails without a secret than the hourly cap of answers \
             ({answered} answered in the last hour); the next ones are kept but not answered until the hour has passed.\n\
             A mail with the house's right secret is still always answered. It may be a robot, or someone writing from \
             the player's address; you are told once a day per address.\n\n\
             {addr}(座位:{seats})在一小时内发来的不带密码的邮件超过了回复上限(最近一小时已回复 {answered} 封);\
             之后的这类邮件会保存但在一小时内不再回复。带有正确密码的邮件仍然总会得到回复。\
             可能是自动回复程序,或有人冒用该玩家的地址;每个地址每天只通知一次。\n"
        ),
    )
}

/// What the GM is told when a mail with a house's right secret failed the sender-domain checks:
/// (subject line, detail). `detail` names the mail, its sender and the failed checks.
pub fn auth_alert(game: &str, detail: &str) -> (String, String) {
    (
        format!("game {game}: a mail with a house's right secret failed sender authentication"),
        format!(
            "{detail}\n\
             The receiving server could not confirm that the sender's domain sent it: the secret may \
             have leaked. The player was warned in his answer; `maester gm` can give the house a new secret.\n\
             收件服务器无法确认这封带有正确密码的邮件来自发件人的域名:密码可能已经泄露。玩家已在回复中得到提醒。"
        ),
    )
}

/// What the GM is told when a mail of maester's did not arrive: (subject line, detail).
pub fn bounce_alert(
    recipient: &str,
    status: &str,
    diagnostic: &str,
    subject: Option<&str>,
) -> (String, String) {
    let what = match subject {
        Some(s) => format!("the mail {s:?}"),
        None => "a mail of maester's".to_string(),
    };
    (
        format!("a mail to {recipient} bounced ({status})"),
        format!(
            "{what} could not be delivered to {recipient}: status {status}{}.\n\
             The player may not have his report or answer: check the address with him.\n\
             maester 发出的邮件无法送达 {recipient}(状态 {status})。玩家可能没有收到战报或回复,请与他核对邮箱地址。",
            if diagnostic.is_empty() {
                String::new()
            } else {
                format!(" ({diagnostic})")
            }
        ),
    )
}

/// What the GM is told when maester could not do something (`what`: a short title, `detail`:
/// what happened), in both languages; further problems within the hour go to the audit log only.
pub fn problem_alert(what: &str, detail: &str) -> String {
    format!(
        "maester could not do something and needs you to look.\n\
         maester 有一件事没能完成,请查看。\n\n\
         {what}\n\n{detail}\n\n\
         Further problems within the hour are only written to the audit log \
         (maester status, the database's audit table).\n\
         一小时内的其他问题只写入审计日志。\n\n-- maester"
    )
}

/// The test mail of `maester check-mail --send-test` (to the GM, and to the referee's own
/// mailbox, where it is looked for and deleted): subject and text, bilingual like the GM's
/// alerts of the mailbox.
pub fn test_mail(referee: &str) -> (String, String) {
    (
        "maester: 测试邮件 / test mail".to_string(),
        format!(
            "这是 `maester check-mail --send-test` 发出的测试邮件:裁判邮箱 {referee} 能够发信。\
             不需要回复。\n\nThis is the test mail of `maester check-mail --send-test`: the \
             referee's mailbox {referee} can send mail. No answer is needed.\n\n—— maester"
        ),
    )
}
