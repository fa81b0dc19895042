//! The event step's optional and mustering lines, listing only what the rules would accept
//! (`game::options`): no fortification where one stands, no port where none can be built, and
//! musters only within the castles' points and the supply limit.

use super::{area, list, zh};
use maester_board::{Board, HouseId, Lang, UnitKind};
use maester_game as game;
use maester_lang::ast::{Item, Muster};
use maester_rules::GameState;
use maester_rules::armies::muster::{MusterAction, MusterItem};
use maester_rules::event_phase::build::BuildWindow;

fn echo(board: &Board, item: &Item<maester_lang::Resolved>, lang: Lang) -> String {
    let names = maester_lang::Names::from_board(board);
    maester_lang::echo::echo_item(item, &names, lang)
}

fn one(k: UnitKind) -> [u8; 5] {
    let mut u = [0u8; 5];
    u[k.index()] = 1;
    u
}

/// The order language's form of one muster item.
pub(crate) fn as_muster(it: &MusterItem) -> Muster<maester_lang::Resolved> {
    match &it.action {
        MusterAction::Unit(k) => Muster::Recruit {
            area: it.castle,
            units: one(*k),
            to: Vec::new(),
        },
        MusterAction::Upgrade { from, to } => Muster::Upgrade {
            area: it.castle,
            units: one(*from),
            into: *to,
        },
        MusterAction::Ship(places) => Muster::Recruit {
            area: it.castle,
            units: one(UnitKind::Ship),
            to: places.clone(),
        },
    }
}

/// What a castle's item reads as after the castle's name (`1F`, `1F 升级为骑士`, `1S 到 海域`).
fn short(board: &Board, it: &MusterItem, lang: Lang) -> String {
    let full = echo(board, &Item::Muster(vec![as_muster(it)]), lang);
    let castle = area(board, it.castle, lang);
    let after_kw = full.split_once(": ").map_or(full.as_str(), |(_, r)| r);
    after_kw
        .strip_prefix(&castle)
        .map_or(after_kw, str::trim_start)
        .to_string()
}

/// The mustering lines of a house at a Mustering event: each castle with its points and what it
/// may muster, an example the rules accept, and the default; `None` when it has no point.
pub(super) fn muster_text(
    board: &Board,
    state: &GameState,
    h: HouseId,
    lang: Lang,
) -> Option<String> {
    let opts = game::muster_options(board, state, h);
    if opts.is_empty() {
        return None;
    }
    let z = zh(lang);
    let mut rows: Vec<String> = Vec::new();
    for o in &opts {
        let c = area(board, o.castle, lang);
        let items: Vec<String> = o.items.iter().map(|it| short(board, it, lang)).collect();
        let land = o
            .items
            .iter()
            .any(|it| matches!(it.action, MusterAction::Unit(_)));
        let mut row = match (items.is_empty(), z) {
            (true, true) => format!("  · {c}({}点):现在不能征兵", o.points),
            (true, false) => format!("  · {c} ({} pt): nothing can be mustered now", o.points),
            (false, true) => format!("  · {c}({}点):{}", o.points, list(items, lang)),
            (false, false) => format!("  · {c} ({} pt): {}", o.points, list(items, lang)),
        };
        if !land && o.supply_full {
            row.push_str(if z {
                "(补给已满:这里不能再添陆军,004:L747)"
            } else {
                " (supply is full: no new land unit here, 004:L747)"
            });
        }
        rows.push(row);
    }
    let example = opts
        .iter()
        .find_map(|o| o.items.first())
        .map(|it| echo(board, &Item::Muster(vec![as_muster(it)]), lang));
    let rows = rows.join("\n");
    Some(match (example, z) {
        (Some(ex), true) => format!(
            "征兵:你的城堡各自可以征募(每项单独合乎规则,同一城堡合计不超过其点数):\n{rows}\n例如:\n  {ex}\n不回复则不征兵(A-26)。"
        ),
        (Some(ex), false) => format!(
            "Mustering: what each of your castles may muster (each item legal by itself; a castle's items together within its points):\n{rows}\nE.g.:\n  {ex}\nWithout an answer nothing is mustered (A-26)."
        ),
        (None, true) => {
            format!("征兵:你的城堡现在都不能征兵(补给上限或兵力上限):\n{rows}\n本回合你不征兵。")
        }
        (None, false) => format!(
            "Mustering: none of your castles can muster now (supply or unit limits):\n{rows}\nYou muster nothing this round."
        ),
    })
}

/// The optional building lines of the event step: each fortification last round's
/// consolidation income can still become, and the temporary ports that can be built now
/// with their cost (004:L1034–L1036); nothing when nothing can be built.
pub(super) fn build_text(board: &Board, state: &GameState, h: HouseId, lang: Lang) -> Vec<String> {
    let z = zh(lang);
    let mut lines = Vec::new();
    for a in game::fortify_options(board, state, h, BuildWindow::EventPhase) {
        let name = area(board, a, lang);
        let ex = echo(board, &Item::Fortify(a), lang);
        lines.push(if z {
            format!("(可选)把上一回合{name}的巩固统治收益转为防御工事(004:L1076,A-58):\n  {ex}")
        } else {
            format!("(optional) turn last round's consolidation income in {name} into a fortification (004:L1076, A-58):\n  {ex}")
        });
    }
    let ports = game::port_options(board, state, h, BuildWindow::EventPhase);
    if let Some(first) = ports.first() {
        let sites: Vec<String> = ports
            .iter()
            .map(|p| {
                let seas: Vec<String> = p.seas.iter().map(|s| area(board, *s, lang)).collect();
                format!(
                    "{}{}",
                    area(board, p.province, lang),
                    if z {
                        format!("(面向{})", seas.join("/"))
                    } else {
                        format!(" (facing {})", seas.join("/"))
                    }
                )
            })
            .collect();
        let coast = (first.seas.len() > 1).then(|| first.seas[0]);
        let ex = echo(
            board,
            &Item::BuildPort {
                area: first.province,
                coast,
            },
            lang,
        );
        let cost = first.cost;
        lines.push(if z {
            format!(
                "(可选)建造临时港口,花费{cost}个势力标志(004:L1034–L1036),可建在:{}。例如:\n  {ex}",
                list(sites, lang)
            )
        } else {
            format!(
                "(optional) build a temporary port for {} (004:L1034–L1036), at: {}. E.g.:\n  {ex}",
                crate::plural::count_en(cost, "power token"),
                list(sites, lang)
            )
        });
    }
    lines
}
