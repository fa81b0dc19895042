//! Receipts in words: the line of an accepted submission's answer (`回执: XXXX-XXXX`), and the
//! public record's list of what each close used — the receipt of each house's submission, the
//! GM's `submit` for it, or the defaults of a silent house.

use maester_board::Lang;

/// The answer's line: the receipt of the submission it accepted, and what it is for.
pub fn answer_line(receipt: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!(
            "回执: {receipt}\n(结算后公开的战报会列出每家被采用的提交的回执;与此相同,就说明裁判用的正是你这次发来的内容。)"
        ),
        Lang::En => format!(
            "Receipt: {receipt}\n(The public report of the close lists the receipt of every house's submission it used; the same receipt there means the referee used exactly what you sent now.)"
        ),
    }
}

/// How a closed step got a house's submission.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source<'a> {
    /// The house's own mail, with its receipt.
    Mail(&'a str),
    /// The GM's `submit` for the house.
    Gm,
    /// The house sent nothing: its defaults.
    Silent,
    /// What the house sent came after the step closed and was not used: its defaults.
    Late,
}

/// One line of the public record: `house` in `step` (both named in `lang`) and what was used.
pub fn used(house: &str, step: &str, source: Source<'_>, lang: Lang) -> String {
    match (source, lang) {
        (Source::Mail(r), Lang::Zh) => format!("{house}({step}):采用的提交,回执 {r}"),
        (Source::Mail(r), Lang::En) => format!("{house} ({step}): submission used, receipt {r}"),
        (Source::Gm, Lang::Zh) => {
            format!("{house}({step}):采用的是GM代为提交的内容(submit),没有回执")
        }
        (Source::Gm, Lang::En) => {
            format!("{house} ({step}): the GM submitted for this house (submit); no receipt")
        }
        (Source::Silent, Lang::Zh) => {
            format!("{house}({step}):截止时没有收到提交,使用默认")
        }
        (Source::Late, Lang::Zh) => {
            format!("{house}({step}):提交在截止之后才到,未被采用,使用默认(迟到)")
        }
        (Source::Late, Lang::En) => format!(
            "{house} ({step}): the submission came after the deadline and was not used; default used: late"
        ),
        (Source::Silent, Lang::En) => {
            format!(
                "{house} ({step}): nothing was received by the deadline; the defaults were used"
            )
        }
    }
}
