//! The errors of a refused submission, each with the line it is about: for a player's
//! answer (intake) and for a submission the GM enters (gm).

use crate::board::Lang;
use crate::daemon::letters::ErrorLine;
use crate::daemon::loaded::Loaded;
use crate::game::SubmissionError;
use crate::lang::submit as parse;

pub(crate) fn validation_errors(
    g: &Loaded,
    e: &SubmissionError,
    lang: Lang,
    parsed: &parse::ParsedMail,
) -> Vec<ErrorLine> {
    crate::words::refusals::submission_errors(&g.board, e, lang, parsed)
}
