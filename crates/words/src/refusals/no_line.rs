//! What an error says when no line of the mail counts toward it: that the mail has no line of
//! the part (or naming the area) it is about, and, for armies still over the supply limit, a
//! disbanding line written in the order language that the player can copy.

use crate::rule_text::{part_en, part_zh};
use maester_board::{AreaId, Board, Lang, UnitKind};
use maester_game::EventProblem;
use maester_lang::Names;
use maester_lang::ast::{Item, UnitRef, UnitSel};
use maester_rules::event_phase::economy::SupplyError;

/// "This mail has no line naming X." for an error about an area no line names.
pub(super) fn naming(area: &str, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("这封邮件没有写到{area}的行,请补上这一行。"),
        Lang::En => format!("no line of this mail names {area}: add one."),
    }
}

/// "This mail has no disbanding line." for an event problem about a part the mail has no line
/// of; with armies still over the supply limit, a disbanding line to copy.
pub(super) fn of_part(board: &Board, p: &EventProblem, lang: Lang) -> String {
    let part = p.part();
    let missing = match lang {
        Lang::Zh => format!("这封邮件没有{}行。", part_zh(part)),
        Lang::En => format!("this mail has no {} line.", part_en(part)),
    };
    let example = match p {
        EventProblem::Supply(SupplyError::StillOver { still, .. }) => {
            disband_line(board, still, lang)
        }
        _ => None,
    };
    match (example, lang) {
        (Some(line), Lang::Zh) => format!("{missing}例如(可直接复制这一行):{line}"),
        (Some(line), Lang::En) => format!("{missing} For example (copy this line): {line}"),
        (None, _) => missing,
    }
}

/// The disbanding line, in the order language, of the units of `still` in its first area (the
/// first army the default would shrink); `None` when nothing is left to disband.
pub fn disband_line(board: &Board, still: &[(AreaId, UnitKind)], lang: Lang) -> Option<String> {
    let (area, _) = still.first()?;
    let mut counts = [0u8; 5];
    for (_, k) in still.iter().filter(|(a, _)| a == area) {
        counts[k.index()] = counts[k.index()].saturating_add(1);
    }
    let item: Item<maester_lang::Resolved> = Item::Disband(vec![UnitRef {
        area: *area,
        units: UnitSel::Counts(counts),
    }]);
    let names = Names::from_board(board);
    Some(maester_lang::echo::echo_item(&item, &names, lang))
}
