//! 战斗 One battle (004:L2214–L2254): unit values in context, defence order, supports, castle,
//! fortification and home-seat bonuses, march+1, ties by Fiefdoms; then casualties, siege engines
//! and uncovered archers, and the loser's retreat. Attacks on neutrals follow 004:L2257.

use super::log::{BattleReport, Defender, Event, Loss, Term, TermKind, TieBreak};
use super::military::Ctx;
use super::state::{Track, Unit};
use crate::board::{AreaId, HouseId, OrderType, UnitKind};

/// Whether a battle area counts as hard (city, stronghold or fortification): siege engines 4,
/// archers defend at 2, no knight-versus-archer counter (004:L282–L306).
fn hard(ctx: &Ctx, area: AreaId) -> bool {
    ctx.board.area(area).castle.is_some() || ctx.state.area(area).fortification.is_some()
}

/// Value of one unit attacking (or supporting an attack) into `area` (004:L282, T-01).
pub fn attack_value(kind: UnitKind, hard: bool, fortified: bool) -> i32 {
    match kind {
        UnitKind::Footman | UnitKind::Ship | UnitKind::Archer => 1,
        // 004:L1090: each attacking or supporting knight −1 against a fortification.
        UnitKind::Knight => {
            if fortified {
                1
            } else {
                2
            }
        }
        UnitKind::Siege => {
            if hard {
                4
            } else {
                0
            }
        }
    }
}

/// Value of one unit defending (or supporting a defence) of `area` (004:L282, T-01).
pub fn defence_value(kind: UnitKind, hard: bool) -> i32 {
    match kind {
        UnitKind::Footman | UnitKind::Ship => 1,
        UnitKind::Knight => 2,
        UnitKind::Siege => 0,
        UnitKind::Archer => {
            if hard {
                2
            } else {
                1
            }
        }
    }
}

struct Side {
    terms: Vec<Term>,
    archers_zeroed: bool,
}

fn units_term(kinds: Vec<UnitKind>, value: i32) -> Term {
    Term {
        what: TermKind::Units(kinds),
        value,
    }
}

/// Supporting areas for one side of a battle at `area`: own supports are automatic (004:L1396).
/// Cross-house support needs matching submissions (military-phase issue); it is not given here.
fn supports(ctx: &Ctx, area: AreaId, house: HouseId, exclude: &[AreaId]) -> Vec<AreaId> {
    let b = ctx.board;
    let battle = b.area(area);
    ctx.state
        .neighbours(b, area)
        .into_iter()
        .filter(|s| !exclude.contains(s))
        .filter(|&s| ctx.state.occupant(s) == Some(house) && ctx.has_order(s, OrderType::Support))
        .filter(|&s| {
            let src = b.area(s);
            // Land units never support sea battles; port ships support only their sea (004:L1380).
            if battle.is_land() {
                !src.is_port()
            } else {
                !src.is_land()
            }
        })
        .collect()
}

fn add_supports(
    ctx: &Ctx,
    side: &mut Side,
    area: AreaId,
    house: HouseId,
    attacking: bool,
    exclude: &[AreaId],
) {
    let (hard_area, fortified) = (
        hard(ctx, area),
        ctx.state.area(area).fortification.is_some(),
    );
    for s in supports(ctx, area, house, exclude) {
        let units: Vec<Unit> = ctx
            .state
            .area(s)
            .units
            .iter()
            .filter(|u| !u.routed)
            .copied()
            .collect();
        let kinds: Vec<UnitKind> = units.iter().map(|u| u.kind).collect();
        let value: i32 = kinds
            .iter()
            .map(|k| {
                if *k == UnitKind::Archer && side.archers_zeroed {
                    0
                } else if attacking {
                    attack_value(*k, hard_area, fortified)
                } else {
                    defence_value(*k, hard_area)
                }
            })
            .sum();
        side.terms.push(Term {
            what: TermKind::Support(house, s, kinds),
            value,
        });
        if ctx.order(s).map(|o| o.special).unwrap_or(false) {
            side.terms.push(Term {
                what: TermKind::SupportBonus(s),
                value: 1,
            });
        }
    }
}

fn total(terms: &[Term]) -> i32 {
    terms.iter().map(|t| t.value).sum()
}

/// The house `house` attacks `to` from `from` with `moving` (still standing in `from`).
pub fn attack(
    ctx: &mut Ctx,
    house: HouseId,
    from: AreaId,
    to: AreaId,
    moving: Vec<Unit>,
    march_bonus: bool,
) {
    let b = ctx.board;
    let hard_area = hard(ctx, to);
    let fortified = ctx.state.area(to).fortification.is_some();
    let defender = match ctx.state.occupant(to) {
        Some(h) if ctx.state.area(to).neutral.is_none() => Defender::House(h),
        _ => Defender::Neutral,
    };
    let defenders: Vec<Unit> = ctx.state.area(to).units.clone();
    // Knights counter archers in the field (004:L306, A-12).
    let has_knight = |us: &[Unit]| us.iter().any(|u| u.kind == UnitKind::Knight && !u.routed);
    let field = b.area(to).is_land() && !hard_area && defender != Defender::Neutral;
    let att_zero = field && has_knight(&defenders) && !has_knight(&moving);
    let def_zero = field && has_knight(&moving) && !has_knight(&defenders);

    let mut att = Side {
        terms: Vec::new(),
        archers_zeroed: att_zero,
    };
    let value = moving
        .iter()
        .map(|u| {
            if u.kind == UnitKind::Archer && att_zero {
                0
            } else {
                attack_value(u.kind, hard_area, fortified)
            }
        })
        .sum();
    att.terms
        .push(units_term(moving.iter().map(|u| u.kind).collect(), value));
    add_supports(ctx, &mut att, to, house, true, &[from]);
    if march_bonus {
        att.terms.push(Term {
            what: TermKind::MarchBonus,
            value: 1,
        });
    }
    if b.area(to).home_of == Some(house) {
        att.terms.push(Term {
            what: TermKind::HomeSeat,
            value: 1,
        });
    }

    let mut def = Side {
        terms: Vec::new(),
        archers_zeroed: def_zero,
    };
    match defender {
        Defender::Neutral => {
            let strength = ctx.state.area(to).neutral.unwrap_or(0) as i32;
            def.terms.push(Term {
                what: TermKind::Neutral,
                value: strength,
            });
        }
        Defender::House(d) => {
            let value = defenders
                .iter()
                .map(|u| {
                    if u.routed || (u.kind == UnitKind::Archer && def_zero) {
                        0
                    } else {
                        defence_value(u.kind, hard_area)
                    }
                })
                .sum();
            def.terms.push(units_term(
                defenders.iter().map(|u| u.kind).collect(),
                value,
            ));
            if let Some(o) = ctx.order(to).filter(|o| o.kind == OrderType::Defence) {
                def.terms.push(Term {
                    what: TermKind::DefenceOrder,
                    value: if o.special { 2 } else { 1 },
                });
            }
            add_supports(ctx, &mut def, to, d, false, &[to]);
            if b.area(to).castle.is_some() {
                def.terms.push(Term {
                    what: TermKind::Castle,
                    value: 1,
                });
            } else if fortified {
                def.terms.push(Term {
                    what: TermKind::Fortification,
                    value: 1,
                });
            }
            if b.area(to).home_of == Some(d) {
                def.terms.push(Term {
                    what: TermKind::HomeSeat,
                    value: 1,
                });
            }
        }
    }
    let (a, d) = (total(&att.terms), total(&def.terms));
    let (attacker_won, tie) = if a != d {
        (a > d, None)
    } else {
        match defender {
            Defender::Neutral => (true, Some(TieBreak::AttackerVsNeutral)),
            Defender::House(dh) => {
                let winner = if ctx.state.rank(Track::Fiefdoms, house)
                    < ctx.state.rank(Track::Fiefdoms, dh)
                {
                    house
                } else {
                    dh
                };
                (winner == house, Some(TieBreak::Fiefdoms(winner)))
            }
        }
    };
    ctx.log.push(Event::Battle(BattleReport {
        area: to,
        attacker: house,
        from,
        defender,
        attack: att.terms,
        defence: def.terms,
        attack_total: a,
        defence_total: d,
        attacker_won,
        tie,
    }));
    if attacker_won {
        match defender {
            Defender::Neutral => {
                ctx.state.area_mut(to).neutral = None;
                ctx.state.area_mut(to).units.clear();
                ctx.log.push(Event::NeutralBeaten { area: to });
            }
            Defender::House(dh) => {
                let beaten = std::mem::take(&mut ctx.state.area_mut(to).units);
                let st = ctx.state.area_mut(to);
                st.house = None;
                st.order = None;
                st.token = None;
                if st.fortification == Some(dh) {
                    st.fortification = None;
                    ctx.log.push(Event::FortificationGone { area: to });
                }
                let survivors = losses(ctx, dh, to, beaten);
                super::retreat::defender_retreats(ctx, dh, to, from, survivors);
            }
        }
        ctx.taken[to.index()] = true;
        // The attackers move in.
        let mut pick: Vec<usize> = Vec::new();
        for w in &moving {
            let st = ctx.state.area(from);
            if let Some(i) = (0..st.units.len()).find(|i| !pick.contains(i) && st.units[*i] == *w) {
                pick.push(i);
            }
        }
        let arrived = super::march::take_units(ctx, from, &pick);
        super::march::put_units(ctx, house, to, arrived);
        capture_ports(ctx, to);
        ctx.check_victory();
    } else {
        // The attackers stay (they return to where they came from), beaten.
        let mut pick: Vec<usize> = Vec::new();
        for w in &moving {
            let st = ctx.state.area(from);
            if let Some(i) = (0..st.units.len()).find(|i| !pick.contains(i) && st.units[*i] == *w) {
                pick.push(i);
            }
        }
        let beaten = super::march::take_units(ctx, from, &pick);
        let mut survivors = losses(ctx, house, from, beaten);
        // Units beaten by a neutral are not routed (004:L2331).
        if defender != Defender::Neutral {
            for u in survivors.iter_mut() {
                u.routed = true;
            }
        }
        super::march::put_units(ctx, house, from, survivors);
        if ctx.state.area(from).units.is_empty() {
            super::march::vacate(ctx, house, from, false);
        }
    }
}

/// Losses of a beaten force (004:L2239–L2254): casualties are the winner leader's attack minus
/// the loser leader's defence (no leaders fight yet: 0); siege engines are destroyed; each
/// surviving footman or knight covers one archer, the others are destroyed. Returns the rest.
fn losses(ctx: &mut Ctx, house: HouseId, area: AreaId, units: Vec<Unit>) -> Vec<Unit> {
    let sieges: Vec<UnitKind> = units
        .iter()
        .filter(|u| u.kind == UnitKind::Siege)
        .map(|u| u.kind)
        .collect();
    if !sieges.is_empty() {
        ctx.log.push(Event::Destroyed {
            house,
            area,
            units: sieges,
            why: Loss::SiegeEngine,
        });
    }
    let rest: Vec<Unit> = units
        .into_iter()
        .filter(|u| u.kind != UnitKind::Siege)
        .collect();
    let cover = rest
        .iter()
        .filter(|u| {
            matches!(
                u.kind,
                UnitKind::Footman | UnitKind::Knight | UnitKind::Ship
            )
        })
        .count();
    let mut kept = Vec::new();
    let mut lost = Vec::new();
    let mut archers = 0;
    for u in rest {
        if u.kind == UnitKind::Archer {
            archers += 1;
            if archers > cover {
                lost.push(u.kind);
                continue;
            }
        }
        kept.push(u);
    }
    if !lost.is_empty() {
        ctx.log.push(Event::Destroyed {
            house,
            area,
            units: lost,
            why: Loss::UncoveredArcher,
        });
    }
    kept
}

/// After a province changes hands, its ports follow (004:L1053–L1066): ships of the old owner in
/// a port withdraw to the port's sea when it is free of others, else they are destroyed (capture
/// of ships is for the military-phase issue); a temporary port is destroyed.
fn capture_ports(ctx: &mut Ctx, province: AreaId) {
    let owner = ctx.state.controller(ctx.board, province);
    for port in ctx.board.area(province).ports.clone() {
        let Some(h) = ctx.state.occupant(port) else {
            if ctx.board.area(port).temporary {
                ctx.state.area_mut(port).port_built = None;
            }
            continue;
        };
        if Some(h) == owner {
            continue;
        }
        let ships = std::mem::take(&mut ctx.state.area_mut(port).units);
        ctx.state.area_mut(port).house = None;
        let sea = ctx.state.port_sea(ctx.board, port);
        match sea.filter(|s| ctx.state.occupant(*s).is_none() || ctx.state.occupant(*s) == Some(h))
        {
            Some(s) => {
                let kinds = ships.iter().map(|u| u.kind).collect();
                let routed: Vec<Unit> = ships
                    .into_iter()
                    .map(|u| Unit { routed: true, ..u })
                    .collect();
                super::march::put_units(ctx, h, s, routed);
                ctx.log.push(Event::Retreated {
                    house: h,
                    from: port,
                    to: s,
                    units: kinds,
                    rule: super::log::RetreatRule::Only,
                });
            }
            None => {
                let kinds = ships.iter().map(|u| u.kind).collect();
                ctx.log.push(Event::Destroyed {
                    house: h,
                    area: port,
                    units: kinds,
                    why: Loss::NoRetreat,
                });
            }
        }
        if ctx.board.area(port).temporary {
            ctx.state.area_mut(port).port_built = None;
        }
    }
}

/// Ships in the port of a province their house no longer controls are destroyed (004:L1064).
pub fn lose_ports_if_uncontrolled(ctx: &mut Ctx, province: AreaId) {
    for port in ctx.board.area(province).ports.clone() {
        if let Some(h) = ctx.state.occupant(port)
            && ctx.state.controller(ctx.board, province) != Some(h)
        {
            let kinds = ctx.state.area(port).units.iter().map(|u| u.kind).collect();
            ctx.state.area_mut(port).units.clear();
            ctx.state.area_mut(port).house = None;
            ctx.log.push(Event::Destroyed {
                house: h,
                area: port,
                units: kinds,
                why: Loss::NoRetreat,
            });
        }
    }
}
