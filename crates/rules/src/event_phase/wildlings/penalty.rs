//! 野人入侵的惩罚 The penalty of a lost wildling attack (004:L1128–L1132, A-66): every
//! player (not a house that has left, 004:L492) suffers the penalty drawn with the attack —
//! disbanding, downgrading knights, or losing a rank on its best track — and the lowest bidder
//! suffers more; the player's choice or the default.

use super::*;

fn house_units(state: &GameState, house: HouseId) -> Vec<(AreaId, UnitKind, usize)> {
    let mut v = Vec::new();
    for (i, a) in state.areas.iter().enumerate() {
        if a.house == Some(house) {
            for u in &a.units {
                v.push((AreaId(i as u16), u.kind, a.units.len()));
            }
        }
    }
    v
}

/// Points of units disbanded by the penalty: 2, the lowest bidder 4, at most what the house has.
pub fn disband_due(board: &Board, state: &GameState, house: HouseId, worst: bool) -> u8 {
    let want = if worst { 4u32 } else { 2 };
    let have: u32 = state
        .areas
        .iter()
        .filter(|a| a.house == Some(house))
        .flat_map(|a| a.units.iter())
        .map(|u| economy::value(board, u.kind) as u32)
        .sum();
    want.min(have) as u8
}

/// The default disbanding: as many one-point units as possible (F, A, S), then two-point
/// ones (E, K), worth exactly the points due; each taken from the house's largest army first.
pub fn default_penalty_disband(
    board: &Board,
    state: &GameState,
    house: HouseId,
    due: u8,
) -> Vec<(AreaId, UnitKind)> {
    let mut units = house_units(state, house);
    units.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    let of = |k: UnitKind| units.iter().filter(move |u| u.1 == k).map(|u| (u.0, u.1));
    let ones: Vec<(AreaId, UnitKind)> = CHEAP_FIRST
        .iter()
        .filter(|k| economy::value(board, **k) == 1)
        .flat_map(|&k| of(k))
        .collect();
    let twos: Vec<(AreaId, UnitKind)> = CHEAP_FIRST
        .iter()
        .filter(|k| economy::value(board, **k) >= 2)
        .flat_map(|&k| of(k))
        .collect();
    let due = due as usize;
    let mut n1 = ones.len().min(due);
    while n1 > 0 && (!(due - n1).is_multiple_of(2) || (due - n1) / 2 > twos.len()) {
        n1 -= 1;
    }
    let n2 = ((due - n1) / 2).min(twos.len());
    ones.into_iter()
        .take(n1)
        .chain(twos.into_iter().take(n2))
        .collect()
}

/// The default downgrade target: a footman, an archer if footmen are at their cap, None
/// (disband) if both are.
fn downgrade_target(board: &Board, state: &GameState, house: HouseId) -> Option<UnitKind> {
    [UnitKind::Footman, UnitKind::Archer]
        .into_iter()
        .find(|&k| state.unit_count(house, k) < board.rules.unit_caps[k.index()] as usize)
}

/// The house's best rank and the tracks that share it.
pub fn best_tracks(state: &GameState, house: HouseId) -> Vec<Track> {
    let tracks = crate::event_phase::bidding::TRACKS;
    let best = tracks
        .iter()
        .map(|&t| state.rank(t, house))
        .min()
        .unwrap_or(usize::MAX);
    tracks
        .into_iter()
        .filter(|&t| state.rank(t, house) == best)
        .collect()
}

fn apply_house_penalty(
    board: &Board,
    s: &mut GameState,
    kind: PenaltyKind,
    house: HouseId,
    worst: bool,
    choice: Option<&PenaltyChoice>,
    log: &mut Vec<EconomyEvent>,
) {
    match kind {
        PenaltyKind::Disband => {
            let due = disband_due(board, s, house, worst);
            let chosen = match choice {
                Some(PenaltyChoice::Disband(u)) if board.has_areas(u.iter().map(|x| x.0)) => {
                    Some(u.clone())
                }
                _ => None,
            };
            let listed = chosen
                .as_ref()
                .map(|u| u.iter().map(|x| economy::value(board, x.1)).sum::<u8>());
            let valid = chosen.as_ref().filter(|u| {
                listed == Some(due) && {
                    let mut t = s.clone();
                    let mut l = Vec::new();
                    u.iter().all(|&(a, k)| {
                        economy::remove_unit(
                            board,
                            &mut t,
                            house,
                            a,
                            k,
                            DisbandReason::Wildlings,
                            &mut l,
                        )
                    })
                }
            });
            let (units, reason) = match valid {
                Some(u) => (u.clone(), DisbandReason::Wildlings),
                None => (
                    default_penalty_disband(board, s, house, due),
                    DisbandReason::WildlingsDefault,
                ),
            };
            for (a, k) in units {
                economy::remove_unit(board, s, house, a, k, reason, log);
            }
        }
        PenaltyKind::DowngradeKnights => {
            let knights = s.unit_count(house, UnitKind::Knight);
            let due = if worst { knights } else { knights.min(2) };
            let chosen = match choice {
                Some(PenaltyChoice::Downgrade(v))
                    if v.len() == due && board.has_areas(v.iter().map(|x| x.0)) =>
                {
                    Some(v.clone())
                }
                _ => None,
            };
            // The choice is tried on a copy (made only when there is a choice): all or nothing.
            // The first downgrade that fails is reported before the defaults are applied.
            let mut failed = None;
            let tried = chosen.as_ref().and_then(|v| {
                let mut t = s.clone();
                let mut l = Vec::new();
                for &(a, to) in v {
                    let knight_there = t.occupant(a) == Some(house)
                        && t.area(a).units.iter().any(|u| u.kind == UnitKind::Knight);
                    if !downgrade(board, &mut t, house, a, Some(to), &mut l) {
                        // A knight there and a footman or archer asked for: only the cap
                        // stopped it (the answer refuses the other failures).
                        let cap =
                            knight_there && matches!(to, UnitKind::Footman | UnitKind::Archer);
                        failed = Some((a, to, cap));
                        return None;
                    }
                }
                Some((t, l))
            });
            if let Some((t, l)) = tried {
                *s = t;
                log.extend(l);
            } else {
                if let Some((area, to, true)) = failed {
                    log.push(EconomyEvent::NotCarriedOut {
                        house,
                        area,
                        why: Unfulfilled::DowngradeAtCap(to),
                    });
                }
                for _ in 0..due {
                    let Some(a) = board.area_ids().find(|&a| {
                        s.occupant(a) == Some(house)
                            && s.area(a).units.iter().any(|u| u.kind == UnitKind::Knight)
                    }) else {
                        break;
                    };
                    downgrade(board, s, house, a, None, log);
                }
            }
        }
        PenaltyKind::NoSpecialOrders => {
            if !worst {
                return;
            }
            let best = best_tracks(s, house);
            let pick = match choice {
                Some(PenaltyChoice::Track(t)) if best.contains(t) => Some(*t),
                _ => None,
            };
            let default = pick.is_none() && best.len() > 1;
            let Some(t) = pick.or(best.first().copied()) else {
                return;
            };
            let tr = &mut s.tracks[t as usize];
            let from = tr
                .iter()
                .position(|x| *x == house)
                .map(|p| p + 1)
                .unwrap_or(0);
            tr.retain(|x| *x != house);
            tr.push(house);
            log.push(EconomyEvent::TrackDropped {
                house,
                track: t,
                from: from as u8,
                default,
            });
        }
    }
}

/// Downgrade one knight of the house in `area` to `to` (None: the default target); a knight that
/// cannot be downgraded because F and A are both at their caps is disbanded (004:L1131).
fn downgrade(
    board: &Board,
    s: &mut GameState,
    house: HouseId,
    area: AreaId,
    to: Option<UnitKind>,
    log: &mut Vec<EconomyEvent>,
) -> bool {
    if s.occupant(area) != Some(house)
        || !s
            .area(area)
            .units
            .iter()
            .any(|u| u.kind == UnitKind::Knight)
    {
        return false;
    }
    let default = downgrade_target(board, s, house);
    let target = match to {
        Some(k) if matches!(k, UnitKind::Footman | UnitKind::Archer) => {
            if s.unit_count(house, k) < board.rules.unit_caps[k.index()] as usize {
                Some(k)
            } else if default.is_none() {
                None
            } else {
                return false;
            }
        }
        Some(_) => return false,
        None => default,
    };
    match target {
        Some(k) => {
            if let Some(u) = s
                .area_mut(area)
                .units
                .iter_mut()
                .find(|u| u.kind == UnitKind::Knight)
            {
                u.kind = k;
            }
            log.push(EconomyEvent::Downgraded { house, area, to: k });
            true
        }
        None => economy::remove_unit(
            board,
            s,
            house,
            area,
            UnitKind::Knight,
            DisbandReason::KnightCannotDowngrade,
            log,
        ),
    }
}

/// Apply a lost attack's penalty to every player (a house that has left is spared, 004:L492),
/// `worst` (the lowest bidder the King named) suffering more; choices missing or invalid take the defaults of A-66. Penalty 3 also bans
/// special orders for the round (004:L1132).
pub fn apply_penalty(
    board: &Board,
    state: &GameState,
    kind: PenaltyKind,
    worst: Option<HouseId>,
    choices: &[(HouseId, PenaltyChoice)],
) -> (GameState, Vec<EconomyEvent>) {
    let mut s = state.clone();
    let log = apply_penalty_in(board, &mut s, kind, worst, choices);
    (s, log)
}

/// [`apply_penalty`] on the caller's state, changed in place. The houses are walked in the
/// Iron Throne order taken before the first change, as the copying version did.
pub fn apply_penalty_in(
    board: &Board,
    s: &mut GameState,
    kind: PenaltyKind,
    worst: Option<HouseId>,
    choices: &[(HouseId, PenaltyChoice)],
) -> Vec<EconomyEvent> {
    // Every *player* suffers the loss (004:L1126, L1130); the units of a house that has left
    // stay where they are (004:L492).
    let order: Vec<HouseId> = s
        .throne_order()
        .iter()
        .copied()
        .filter(|h| !s.house(*h).neutral)
        .collect();
    let mut log = vec![EconomyEvent::WildlingPenalty { penalty: kind }];
    if kind == PenaltyKind::NoSpecialOrders {
        s.economy.special_orders_banned = Some(s.round);
        log.push(EconomyEvent::SpecialOrdersBanned { round: s.round });
    }
    for h in order {
        let choice = choices.iter().find(|(x, _)| *x == h).map(|(_, c)| c);
        apply_house_penalty(board, s, kind, h, worst == Some(h), choice, &mut log);
    }
    log
}
