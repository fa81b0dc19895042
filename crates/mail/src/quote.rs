//! Separating what a player wrote from what they quoted.
//!
//! Players answer the referee's report with their mail client's "Reply", so most order
//! mails carry the whole report below (or interleaved with) the new text. The rules here
//! are deliberately simple line rules, tuned for the clients seen on Chinese forums
//! (QQ Mail, 163/126, Foxmail, Outlook, Gmail, Apple Mail):
//!
//! * lines starting with `>` (or the full-width `＞`) are dropped, the text around them kept;
//! * everything from a reply header on is dropped: `On … wrote:` (also wrapped over two
//!   lines), `在 … 写道：` / `写道:` / `寫道：`, `-----Original Message-----`,
//!   `------------------ 原始邮件 ------------------`, `---- 回复的原邮件 ----`, and Outlook-style
//!   header blocks (`From:`/`发件人:`/`寄件者:` followed within a few lines by
//!   `Sent:`/`Date:`/`To:`/`Subject:`/`发送时间:`/`收件人:`/`主题:`…);
//!   A reply header followed by a `>` block is bottom- or inline-posting: only the header and
//!   the quoted lines are dropped, the player's text after the block is kept;
//! * everything after a signature separator is dropped: `-- ` (or `--`), a rule of six or more
//!   dashes (`------`, QQ's `------------------ 个人签名 ------------------` block);
//! * one-line client signatures (`Sent from my iPhone`, `发自我的iPhone`, `发自网易邮箱大师`,
//!   `Get Outlook for …`, `获取 Outlook for iOS`) are dropped;
//! * trailing lines holding only a mail address or a date (Foxmail's signature) are dropped.
//!
//! What slips through is read by the order language, which lists a line naming nothing of
//! the game as ignored; the rules here err on the side of keeping the player's text.

/// Returns `body` without quoted text, reply headers and signatures.
///
/// Lines are joined with `\n`, trailing whitespace of each line removed, leading and
/// trailing blank lines (and trailing separator lines such as `_____`) removed.
/// The result has no trailing newline. Never panics.
pub fn strip_quotes(body: &str) -> String {
    let lines: Vec<&str> = body.lines().collect();
    let mut kept: Vec<&str> = Vec::new();

    let mut i = 0;
    while i < lines.len() {
        let raw = lines[i];
        let t = norm(raw);

        if is_signature_separator(raw) || is_dash_rule(&t) || is_original_separator(&t) {
            break;
        }
        if is_reply_header_end(&t) {
            // "On Sun, Nov 1, 2026 at 8:00 PM Referee <x>\nwrote:" : drop the first half too.
            if !is_reply_header_start(&t)
                && let Some(prev) = kept.last()
                && is_reply_header_start(&norm(prev))
            {
                kept.pop();
            }
            if quoted_block_follows(&lines, i + 1) {
                // Bottom- or inline-posting: the quote is dropped line by line below, and
                // what follows it is the player's.
                i += 1;
                continue;
            }
            break;
        }
        if is_header_block_start(&lines, i) {
            break;
        }
        if is_quoted(&t) || is_client_signature(&t) {
            i += 1;
            continue;
        }
        kept.push(raw.trim_end());
        i += 1;
    }

    while kept
        .last()
        .is_some_and(|l| is_blank_or_rule(l) || is_address_or_date(&norm(l)))
    {
        kept.pop();
    }
    let start = kept
        .iter()
        .position(|l| !l.trim().is_empty())
        .unwrap_or(kept.len());
    kept[start..].join("\n")
}

/// The text `body` quotes, with its quote markers removed: the `>` lines (`> `, `>> `, `> > `,
/// full-width `＞`; the marker and one space after each level taken off, the rest of the
/// line's indentation kept), and the original mail below a reply header, an original-message
/// separator or a header block (QQ, 163, Foxmail and Outlook quote it without markers).
/// What the player wrote between quote blocks is left out, a blank line in its place, so
/// two blocks never run together. Never panics.
pub fn quoted_text(body: &str) -> String {
    let lines: Vec<&str> = body.lines().collect();
    let mut out: Vec<String> = Vec::new();
    let mut original = false;
    for (i, raw) in lines.iter().enumerate() {
        let t = norm(raw);
        if !original {
            if is_reply_header_end(&t) {
                // Followed by a `>` block (Gmail, iPhone, Thunderbird): the markers say what
                // is quoted, and the player's text after the block is his.
                original = !quoted_block_follows(&lines, i + 1);
                continue;
            }
            if is_original_separator(&t) || is_header_block_start(&lines, i) {
                original = true;
                continue;
            }
        }
        if is_quoted(&t) {
            out.push(unquoted(raw).trim_end().to_string());
        } else if original {
            out.push(raw.trim_end().to_string());
        } else if out.last().is_some_and(|l| !l.is_empty()) {
            out.push(String::new());
        }
    }
    while out.last().is_some_and(|l| l.trim().is_empty()) {
        out.pop();
    }
    out.join("\n")
}

/// A quoted line without its markers: each level's `>` (or `＞`) and one space after it.
fn unquoted(raw: &str) -> &str {
    let mut s = raw;
    loop {
        let t = s.trim_start_matches([' ', '\t', '\u{a0}', '\u{3000}']);
        let Some(rest) = t.strip_prefix(['>', '＞']) else {
            return s;
        };
        s = rest.strip_prefix(' ').unwrap_or(rest);
    }
}

/// Trimmed line with non-breaking and ideographic spaces turned into ASCII spaces.
fn norm(line: &str) -> String {
    line.replace(['\u{a0}', '\u{3000}'], " ").trim().to_string()
}

fn is_quoted(t: &str) -> bool {
    t.starts_with('>') || t.starts_with('＞')
}

/// The first non-blank line from `from` on is quoted (`>`).
fn quoted_block_follows(lines: &[&str], from: usize) -> bool {
    lines
        .iter()
        .skip(from)
        .map(|l| norm(l))
        .find(|l| !l.is_empty())
        .is_some_and(|l| is_quoted(&l))
}

/// A rule of six or more dashes, alone or around a word: a signature block follows (QQ Mail's
/// `------------------ 个人签名 ------------------`, Foxmail's and many hand-made ones).
fn is_dash_rule(t: &str) -> bool {
    t.starts_with("------")
}

/// A line holding only a mail address (`Theon@foxmail.com`) or a date (`2026-11-25`,
/// `2026年11月25日`): Foxmail and others sign with them.
fn is_address_or_date(t: &str) -> bool {
    let t = t.trim_matches(|c: char| c.is_whitespace() || matches!(c, '<' | '>'));
    if t.is_empty() {
        return false;
    }
    let address = !t.contains(char::is_whitespace)
        && t.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty() && domain.contains('.') && !domain.contains('@')
        });
    let date = t.chars().any(|c| c.is_ascii_digit())
        && t.chars().all(|c| {
            c.is_ascii_digit() || matches!(c, '-' | '/' | '.' | ' ' | ':' | '年' | '月' | '日')
        });
    address || date
}

/// The usenet signature separator "-- ", also when a client ate the trailing space.
fn is_signature_separator(raw: &str) -> bool {
    let r = raw.trim_end_matches(['\r', '\n']);
    r == "-- " || r.trim() == "--"
}

/// `-----Original Message-----`, `------------------ 原始邮件 ------------------`, ...
fn is_original_separator(t: &str) -> bool {
    let starts_rule = t.starts_with("--") || t.starts_with("__") || t.starts_with("==");
    if !starts_rule {
        return false;
    }
    let lower = t.to_lowercase();
    [
        "original message",
        "original e-mail",
        "原始邮件",
        "原始郵件",
        "原邮件",
        "原郵件",
        "原始信件",
    ]
    .iter()
    .any(|k| lower.contains(k))
}

fn is_reply_header_start(t: &str) -> bool {
    t.starts_with("On ") || t.starts_with('在') || t.starts_with("於") || t.starts_with("于")
}

fn is_reply_header_end(t: &str) -> bool {
    let lower = t.to_lowercase();
    lower.ends_with("wrote:")
        || ["写道：", "写道:", "寫道：", "寫道:", "写道", "寫道"]
            .iter()
            .any(|k| t.ends_with(k))
}

const FROM_KEYS: &[&str] = &[
    "from:",
    "发件人:",
    "发件人：",
    "寄件者:",
    "寄件者：",
    "發件人:",
    "發件人：",
];
const OTHER_KEYS: &[&str] = &[
    "sent:",
    "date:",
    "to:",
    "cc:",
    "subject:",
    "发送时间:",
    "发送时间：",
    "时间:",
    "时间：",
    "日期:",
    "日期：",
    "收件人:",
    "收件人：",
    "抄送:",
    "抄送：",
    "主题:",
    "主题：",
    "寄件日期:",
    "寄件日期：",
    "傳送時間:",
    "傳送時間：",
    "收件者:",
    "收件者：",
    "主旨:",
    "主旨：",
];

fn starts_with_key(t: &str, keys: &[&str]) -> bool {
    let lower = t.to_lowercase();
    keys.iter().any(|k| lower.starts_with(k))
}

/// An Outlook/Foxmail/QQ quote header block: a `From:` line followed within the next
/// four non-blank lines by another header line (`Sent:`, `To:`, `主题:`…).
fn is_header_block_start(lines: &[&str], i: usize) -> bool {
    if !starts_with_key(&norm(lines[i]), FROM_KEYS) {
        return false;
    }
    lines
        .iter()
        .skip(i + 1)
        .map(|l| norm(l))
        .filter(|l| !l.is_empty())
        .take(4)
        .any(|l| starts_with_key(&l, OTHER_KEYS))
}

fn is_client_signature(t: &str) -> bool {
    let lower = t.to_lowercase();
    let tight: String = lower.chars().filter(|c| !c.is_whitespace()).collect();
    lower.starts_with("sent from my ")
        || lower.starts_with("sent from mail for ")
        || lower.starts_with("sent from outlook")
        || lower.starts_with("get outlook for ")
        || tight.starts_with("获取outlookfor")
        || tight.starts_with("获取outlook")
        || tight.starts_with("發自我的")
        || tight.starts_with("发自我的")
        || tight.starts_with("发自网易邮箱")
        || tight.starts_with("发自手机qq邮箱")
        || tight.starts_with("来自手机qq邮箱")
        || (tight.starts_with("从我的") && tight.ends_with("发送"))
        || (tight.starts_with("從我的") && tight.ends_with("傳送"))
}

/// Blank, or a horizontal rule such as `________` or `-----` left above a cut quote.
fn is_blank_or_rule(line: &str) -> bool {
    line.trim()
        .chars()
        .all(|c| c == '_' || c == '-' || c == '=' || c.is_whitespace())
}

#[cfg(test)]
mod tests {
    use super::{quoted_text, strip_quotes};

    #[test]
    fn quoted_text_is_the_quote_without_its_markers() {
        let body = "谢谢\n\n> 密码: 你的密码\n>     龙石岛 ___\n>> 旧的\n> > 更旧\n＞全角\n我的话\n> 第二块";
        assert_eq!(
            quoted_text(body),
            "密码: 你的密码\n    龙石岛 ___\n旧的\n更旧\n全角\n\n第二块"
        );
    }

    #[test]
    fn quoted_text_of_a_top_posting_client_is_the_original_below_its_header() {
        let body = "好的\n\n------------------ 原始邮件 ------------------\n发件人: 裁判\n    密码: s3cret\n    龙石岛 行军";
        assert_eq!(
            quoted_text(body),
            "发件人: 裁判\n    密码: s3cret\n    龙石岛 行军"
        );
        let outlook = "ok\n\nFrom: referee\nSent: today\nSubject: r\n\nsecret: s3cret";
        assert!(quoted_text(outlook).ends_with("secret: s3cret"));
    }

    #[test]
    fn a_bottom_posted_reply_after_a_gt_block_is_not_quoted() {
        let body = "On Sun, Referee <r@x> wrote:\n> old report\n\nsecret: mine\n临冬城 行军";
        assert_eq!(quoted_text(body), "old report");
        assert_eq!(quoted_text("no quote at all"), "");
    }

    const ORDERS: &str = "临冬城 行军+1\n御林步兵 移动到 君临城\n狭海战舰 突袭 五指半岛";

    #[test]
    fn gt_quotes_are_dropped_but_text_between_them_is_kept() {
        let body = "> 第2回合 结果\n临冬城 行军+1\n> 旧命令\n御林步兵 移动到 君临城\n＞ 全角引用";
        assert_eq!(strip_quotes(body), "临冬城 行军+1\n御林步兵 移动到 君临城");
    }

    #[test]
    fn chinese_reply_header_wrapped_over_two_lines_is_dropped() {
        let body =
            format!("{ORDERS}\n\n在 2026年11月1日 周日 20:00，裁判\n<referee@x> 写道：\n旧文本");
        assert_eq!(strip_quotes(&body), ORDERS);
    }

    #[test]
    fn english_wrote_line_is_dropped_with_what_follows() {
        let body = format!("{ORDERS}\r\nOn Sun, Nov 1, 2026, Referee <r@x> wrote:\r\nold\r\n");
        assert_eq!(strip_quotes(&body), ORDERS);
    }

    #[test]
    fn foxmail_chinese_header_block_is_dropped() {
        let body = format!(
            "{ORDERS}\n\n________________________________\n发件人：裁判\n发送时间：2026年11月1日 20:00\n收件人：stark\n主题：结果\n\n旧文本"
        );
        assert_eq!(strip_quotes(&body), ORDERS);
    }

    #[test]
    fn lone_from_line_without_header_block_is_kept() {
        let body = "From: 临冬城\n临冬城 行军+1";
        assert_eq!(strip_quotes(body), body);
    }

    #[test]
    fn phone_client_signature_line_is_dropped() {
        let body = format!("{ORDERS}\n\n发自我的iPhone");
        assert_eq!(strip_quotes(&body), ORDERS);
    }

    #[test]
    fn signature_without_trailing_space_still_cuts() {
        let body = format!("{ORDERS}\n--\nStark");
        assert_eq!(strip_quotes(&body), ORDERS);
    }

    #[test]
    fn empty_and_all_quoted_bodies_give_empty_text() {
        assert_eq!(strip_quotes(""), "");
        assert_eq!(strip_quotes("> a\n> b\n"), "");
    }
}
