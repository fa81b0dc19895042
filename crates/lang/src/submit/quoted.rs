//! A form filled inside the quote: players answering on a phone often fill the reply form
//! where it stands, inside the `>` quote of the referee's mail, and type their secret there.
//! The quote (its markers already removed by the mail crate) is searched for forms: a secret
//! line and the lines below it that belong to the same block. Whether a form's secret is the
//! house's real one is for the shell to check; only then is the form read as the mail.

use crate::ast::{Account, Item};

/// A form found in the quoted text: its secret and its lines, the secret's line first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotedForm {
    /// The secret as written.
    pub secret: String,
    /// The form's lines, the secret's line first, joined with `\n`.
    pub text: String,
}

/// The secret of a line that holds only `密码: …` / `secret: …`.
fn secret_of(line: &str) -> Option<String> {
    let parsed = crate::parse_syntax(line);
    match parsed.items.as_slice() {
        [entry] => match &entry.item {
            Item::Account(Account::Password(s)) => Some(s.clone()),
            _ => None,
        },
        _ => None,
    }
}

fn indent(line: &str) -> usize {
    line.chars()
        .take_while(|c| c.is_whitespace())
        .map(|c| if c == '\u{3000}' || c == '\t' { 2 } else { 1 })
        .sum()
}

/// Every form in `quoted` (the quote without its markers), in order: each secret line with
/// the lines after it up to a blank line or a line indented less than the secret's (the
/// notes below a form are indented less than its lines).
pub fn quoted_forms(quoted: &str) -> Vec<QuotedForm> {
    let lines: Vec<&str> = quoted.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(secret) = secret_of(line) else {
            continue;
        };
        let depth = indent(line);
        let block: Vec<&str> = std::iter::once(*line)
            .chain(
                lines[i + 1..]
                    .iter()
                    .copied()
                    .take_while(|l| !l.trim().is_empty() && indent(l) >= depth)
                    .take_while(|l| secret_of(l).is_none()),
            )
            .collect();
        out.push(QuotedForm {
            secret,
            text: block.join("\n"),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_form_is_the_secret_line_and_its_block() {
        let q = "你好\n    密码: 你的密码\n    龙石岛 ___\n  你的部队: 龙石岛 1F\n\n    密码: s3cret\n    龙石岛 行军\n    帮助\n\n    龙石岛 防守";
        let forms = quoted_forms(q);
        assert_eq!(forms.len(), 2, "{forms:?}");
        assert_eq!(forms[0].secret, "你的密码");
        assert_eq!(forms[0].text, "    密码: 你的密码\n    龙石岛 ___");
        assert_eq!(forms[1].secret, "s3cret");
        assert_eq!(forms[1].text, "    密码: s3cret\n    龙石岛 行军\n    帮助");
        assert!(quoted_forms("龙石岛 行军\n").is_empty());
        assert!(quoted_forms("").is_empty());
    }
}
