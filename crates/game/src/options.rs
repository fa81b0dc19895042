//! What a house may legally send in the open step, each option checked by the rules' own check
//! (the same one the intake runs), so that a prompt never offers a line it would refuse: the
//! fortifications last round's consolidation income can still become, the temporary ports that
//! can be built now, and the musters a castle's points and the supply limit allow.

use maester_board::{AreaId, Board, HouseId, UnitKind};
use maester_rules::GameState;
use maester_rules::armies::muster::{self, MusterAction, MusterItem, MusterPlan};
use maester_rules::event_phase::build::{self, BuildPlan, BuildWindow, PortBuild};

/// The provinces where `house` may turn last round's consolidation income into a fortification
/// in `window` (004:L1076, A-58): none where a fortification stands, none the map has no room
/// for, none without a footman or archer of the house, none it cannot pay.
pub fn fortify_options(
    board: &Board,
    state: &GameState,
    house: HouseId,
    window: BuildWindow,
) -> Vec<AreaId> {
    let last = state.round.saturating_sub(1);
    let mut v: Vec<AreaId> = state
        .economy
        .cp_income
        .iter()
        .filter(|c| c.house == house && c.round == last)
        .map(|c| c.area)
        .filter(|&a| {
            let plan = BuildPlan {
                fortify: vec![a],
                ..BuildPlan::default()
            };
            build::check(board, state, house, &plan, window).is_ok()
        })
        .collect();
    v.dedup();
    v
}

/// A temporary port `house` may build now: the province, the seas it may face (one: the
/// line need not name it) and its cost in power tokens (004:L1034–L1036, A-60).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortOption {
    /// The province.
    pub province: AreaId,
    /// The seas its port may face, each checked.
    pub seas: Vec<AreaId>,
    /// Power tokens it costs.
    pub cost: u8,
}

/// The temporary ports `house` can build now, in board order, each sea checked by the rules.
pub fn port_options(
    board: &Board,
    state: &GameState,
    house: HouseId,
    window: BuildWindow,
) -> Vec<PortOption> {
    let cost = build::port_cost(board, state, house);
    if state.house(house).power < cost {
        return Vec::new();
    }
    board
        .areas
        .iter()
        .filter(|p| p.is_port() && p.temporary && state.area(p.id).port_built.is_none())
        .filter_map(|p| p.port_of)
        .filter(|&province| state.controller(board, province) == Some(house))
        .filter_map(|province| {
            let site = board
                .area(province)
                .ports
                .iter()
                .copied()
                .find(|&p| board.area(p).temporary)?;
            let seas: Vec<AreaId> = board
                .area(site)
                .port_seas
                .iter()
                .copied()
                .filter(|&sea| {
                    let plan = BuildPlan {
                        ports: vec![PortBuild {
                            province,
                            sea: Some(sea),
                        }],
                        ..BuildPlan::default()
                    };
                    build::check(board, state, house, &plan, window).is_ok()
                })
                .collect();
            (!seas.is_empty()).then_some(PortOption {
                province,
                seas,
                cost,
            })
        })
        .collect()
}

/// What one castle may muster at a Mustering event: its points and every single item the rules
/// accept from it (new land units, upgrades, ships with their seas or port), each checked alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MusterOption {
    /// The castle.
    pub castle: AreaId,
    /// Its points.
    pub points: u8,
    /// The items it may muster, each legal by itself.
    pub items: Vec<MusterItem>,
    /// A new footman there would break the supply limit (004:L747).
    pub supply_full: bool,
}

/// Every castle of `house` with points, with what it may muster now. A castle whose province
/// is at the supply limit offers no new land unit (004:L747); its upgrades and ships remain.
pub fn muster_options(board: &Board, state: &GameState, house: HouseId) -> Vec<MusterOption> {
    let budget = muster::points(board, state, house);
    let ports = muster::ports_now(board, state);
    let ok = |it: &MusterItem| {
        let plan = MusterPlan {
            items: vec![it.clone()],
        };
        muster::is_valid(board, state, house, &plan, &budget, &ports)
    };
    budget
        .iter()
        .filter(|(_, p)| *p > 0)
        .map(|&(castle, points)| {
            let mut items = castle_items(board, castle, &ports);
            let footman = MusterPlan {
                items: vec![MusterItem {
                    castle,
                    action: MusterAction::Unit(UnitKind::Footman),
                }],
            };
            let supply_full = muster::check(board, state, house, &footman, &budget, &ports)
                .is_err_and(|e| e.contains(&muster::MusterError::Supply(castle)));
            items.retain(ok);
            MusterOption {
                castle,
                points,
                items,
                supply_full,
            }
        })
        .collect()
}

/// Whether `house` can muster anything at all now: [`muster_options`] offers an item (who
/// is asked at a Mustering), found at the first legal item instead of every castle's every
/// item checked (the step machine asks it at every close of an event window).
pub fn can_muster(board: &Board, state: &GameState, house: HouseId) -> bool {
    can_muster_with(board, state, house, &muster::ports_now(board, state))
}

/// [`can_muster`] with the ports that exist now (`muster::ports_now`), worked out once for
/// every house asked about one state.
pub fn can_muster_with(board: &Board, state: &GameState, house: HouseId, ports: &[AreaId]) -> bool {
    let budget = muster::points(board, state, house);
    if budget.iter().all(|(_, p)| *p == 0) {
        return false;
    }
    let items = budget
        .iter()
        .filter(|(_, p)| *p > 0)
        .flat_map(|&(castle, _)| {
            let mut items = castle_items(board, castle, ports);
            // The upgrades (after the four new units) first: they need no supply check, the
            // dearest part of an item's check.
            if let Some(first) = items.get_mut(..8) {
                first.rotate_left(4);
            }
            items
        });
    muster::any_alone_valid(board, state, house, items, &budget, ports)
}

/// Every single item a castle might muster (each still to be checked): new land units,
/// upgrades, a ship in each sea beside it or its port.
fn castle_items(board: &Board, castle: AreaId, ports: &[AreaId]) -> Vec<MusterItem> {
    let mut items: Vec<MusterItem> = Vec::new();
    let kinds = [
        UnitKind::Footman,
        UnitKind::Archer,
        UnitKind::Knight,
        UnitKind::Siege,
    ];
    for k in kinds {
        items.push(MusterItem {
            castle,
            action: MusterAction::Unit(k),
        });
    }
    for from in [UnitKind::Footman, UnitKind::Archer] {
        for to in [UnitKind::Knight, UnitKind::Siege] {
            items.push(MusterItem {
                castle,
                action: MusterAction::Upgrade { from, to },
            });
        }
    }
    // `adjacent` is in board order, as the seas are listed.
    for place in board
        .area(castle)
        .adjacent
        .iter()
        .copied()
        .filter(|&a| board.area(a).is_sea())
        .chain(
            board
                .area(castle)
                .ports
                .iter()
                .copied()
                .filter(|p| ports.contains(p)),
        )
    {
        items.push(MusterItem {
            castle,
            action: MusterAction::Ship(vec![place]),
        });
    }
    items
}

/// A house's armies (areas with two or more of its units) with their sizes, in board order,
/// and the sizes its supply level allows (表五): what a supply refusal names.
pub fn armies_and_allowance(
    board: &Board,
    state: &GameState,
    house: HouseId,
    delta: &[(AreaId, i32)],
) -> (Vec<(AreaId, u8)>, Vec<u8>) {
    let mut armies: Vec<(AreaId, u8)> = Vec::new();
    for a in board.area_ids() {
        let st = state.area(a);
        let own = if st.house == Some(house) {
            st.units.len() as i32
        } else {
            0
        };
        let extra: i32 = delta.iter().filter(|(x, _)| *x == a).map(|(_, n)| n).sum();
        let n = own + extra;
        if n >= 2 {
            armies.push((a, n.min(i32::from(u8::MAX)) as u8));
        }
    }
    let limits = board
        .rules
        .supply_limits(state.house(house).barrels)
        .to_vec();
    (armies, limits)
}
