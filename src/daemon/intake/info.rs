//! What an account command (帮助 / help, 状态 / status) adds to the answer.

use super::Command;
use crate::board::Lang;
use crate::daemon::games::Loaded;

pub(super) fn info_for(
    g: &Loaded,
    house: crate::board::HouseId,
    c: &Command,
    lang: Lang,
    info: &mut String,
) {
    match c {
        Command::Help => info.push_str(&crate::words::form::what_to_send_with_form(
            &g.board, &g.state, house, None, lang,
        )),
        Command::Status => info.push_str(&crate::words::answers::status_position(
            &g.board, &g.state, lang,
        )),
        Command::Wait | Command::NoWait | Command::History | Command::Absent { .. } => {}
    }
    if !info.is_empty() && !info.ends_with('\n') {
        info.push('\n');
    }
}
