//! The errors of a refused submission, each with the line it is about: for a player's
//! answer (intake) and for a submission the GM enters (gm).

use crate::board::Lang;
use crate::daemon::letters::ErrorLine;
use crate::daemon::loaded::Loaded;
use crate::game::SubmissionError;
use crate::lang::submit as parse;
use crate::words::rule_text::RuleText;

pub(crate) fn validation_errors(
    g: &Loaded,
    e: &SubmissionError,
    lang: Lang,
    parsed: &parse::ParsedMail,
) -> Vec<ErrorLine> {
    match e {
        SubmissionError::WrongStep { open, sent } => vec![ErrorLine {
            line: 0,
            column: 0,
            text: String::new(),
            message: crate::words::whole_mail::wrong_step(*open, *sent, lang),
        }],
        SubmissionError::Plan(errs) => error_lines(
            errs,
            |e| parsed.line_of_area(e.area()),
            |e| e.message(&g.board, lang),
        ),
        SubmissionError::Event(errs) => error_lines(
            errs,
            |e| parsed.line_of_part(e.part()),
            |e| e.message(&g.board, lang),
        ),
        SubmissionError::Placement(errs) => error_lines(
            errs,
            |e| parsed.line_of_placement_error(e),
            |e| e.message(&g.board, lang),
        ),
    }
}

/// Each error with the line it is about (its number and text) and its message.
fn error_lines<E>(
    errs: &[E],
    line_of: impl Fn(&E) -> (usize, String),
    message: impl Fn(&E) -> String,
) -> Vec<ErrorLine> {
    errs.iter()
        .map(|e| {
            let (line, text) = line_of(e);
            ErrorLine {
                line,
                column: 0,
                text,
                message: message(e),
            }
        })
        .collect()
}
