//! Consistency checks run on every board when it is loaded. They are generic (true of any
//! sensible map); the counts of the rulebook's tables are checked by the tests below.

use super::*;

/// Every problem found, one sentence each; empty when the board is sound.
pub fn check(b: &Board) -> Vec<String> {
    let mut p = Vec::new();
    let name = |a: AreaId| b.area(a).key.clone();
    for a in &b.areas {
        for &n in &a.adjacent {
            if n == a.id {
                p.push(format!("area `{}` is adjacent to itself", a.key));
            } else if !b.area(n).adjacent.contains(&a.id) {
                p.push(format!(
                    "adjacency is not symmetric: `{}` lists `{}` but not the reverse",
                    a.key,
                    name(n)
                ));
            }
        }
        for &r in &a.river_crossings {
            if !b.area(r).river_crossings.contains(&a.id) {
                p.push(format!(
                    "river crossing `{}`–`{}` is listed on one side only",
                    a.key,
                    name(r)
                ));
            }
            if a.adjacent.contains(&r) {
                p.push(format!(
                    "`{}` and `{}` are both adjacent and across a river",
                    a.key,
                    name(r)
                ));
            }
        }
        match a.kind {
            AreaKind::Land => {
                let land_neighbours = a.adjacent.iter().filter(|&&n| b.area(n).is_land()).count();
                if a.island && land_neighbours > 0 {
                    p.push(format!("island `{}` has a land neighbour", a.key));
                }
                if !a.island && land_neighbours == 0 {
                    p.push(format!(
                        "`{}` has no land neighbour but is not an island",
                        a.key
                    ));
                }
                if a.port_of.is_some() || !a.port_seas.is_empty() {
                    p.push(format!("land area `{}` has port fields", a.key));
                }
            }
            AreaKind::Sea => {
                if a.barrels > 0 || a.crowns > 0 || a.castle.is_some() {
                    p.push(format!("sea `{}` has barrels, crowns or a castle", a.key));
                }
            }
            AreaKind::Port => check_port(b, a, &mut p),
        }
        if a.neutral.is_some() && !a.is_land() {
            p.push(format!("neutral garrison in non-land area `{}`", a.key));
        }
        for &t in &a.pontoon_targets {
            if !a.river_crossings.contains(&t) && !a.adjacent.contains(&t) {
                p.push(format!(
                    "pontoon target `{}` of `{}` is neither across a river nor adjacent",
                    name(t),
                    a.key
                ));
            }
        }
    }
    for h in &b.houses {
        let seat = b.area(h.home_seat);
        if !seat.is_land() || seat.castle != Some(Castle::Stronghold) {
            p.push(format!(
                "home seat of `{}` is not a stronghold province",
                h.key
            ));
        }
        for (a, units) in &h.start {
            let area = b.area(*a);
            for (k, _) in units {
                if k.is_land() != area.is_land() {
                    p.push(format!(
                        "house `{}` starts with {} in `{}`, where that unit cannot stand",
                        h.key,
                        k.key(),
                        area.key
                    ));
                }
            }
        }
    }
    for (i, t) in b.start_tracks.iter().enumerate() {
        let mut seen: Vec<HouseId> = t.clone();
        seen.sort();
        seen.dedup();
        if t.len() != b.houses.len() || seen.len() != t.len() {
            p.push(format!(
                "influence track {} is not an order of all houses",
                i + 1
            ));
        }
    }
    // The game state keeps tracks and leaders in lists of fixed capacity.
    let max_houses = super::MAX_HOUSES;
    if b.houses.len() > max_houses {
        p.push(format!(
            "{} houses: a game has at most {max_houses}",
            b.houses.len()
        ));
    }
    let max_leaders = super::MAX_LEADERS;
    for h in &b.houses {
        let n = b.leaders_of(h.id).count();
        if n == 0 {
            p.push(format!("house `{}` has no leaders", h.key));
        } else if n > max_leaders {
            p.push(format!(
                "house `{}` has {n} leaders: at most {max_leaders}",
                h.key
            ));
        }
    }
    let r = &b.rules;
    if r.supply.is_empty() {
        p.push("rules.supply is empty".into());
    }
    for (i, row) in r.supply.iter().enumerate() {
        if row.windows(2).any(|w| w[0] < w[1]) {
            p.push(format!("rules.supply row {i} is not largest first"));
        }
    }
    if r.special_orders_by_court_rank.len() != b.houses.len() {
        p.push("rules.special_orders_by_court_rank needs one entry per track rank".into());
    }
    p
}

fn check_port(b: &Board, a: &Area, p: &mut Vec<String>) {
    let Some(land) = a.port_of else {
        p.push(format!("port `{}` has no province (port_of)", a.key));
        return;
    };
    if !b.area(land).is_land() {
        p.push(format!("port `{}` belongs to a non-land area", a.key));
    }
    if a.port_seas.is_empty() {
        p.push(format!("port `{}` faces no sea", a.key));
    }
    for &(written, s) in &a.port_seas_as_written {
        if !b.area(written).is_sea() || !a.port_seas.contains(&s) {
            p.push(format!(
                "port `{}`: `{}` as written must be a sea standing for one of its port_seas",
                a.key,
                b.area(written).key
            ));
        }
    }
    for &s in &a.port_seas {
        if !b.area(s).is_sea() {
            p.push(format!(
                "port `{}` faces `{}`, which is not a sea",
                a.key,
                b.area(s).key
            ));
        }
        if !b.area(land).adjacent.contains(&s) {
            p.push(format!(
                "port `{}` faces `{}`, which does not touch its province",
                a.key,
                b.area(s).key
            ));
        }
    }
    if a.temporary {
        if !a.adjacent.is_empty() {
            p.push(format!(
                "temporary port site `{}` lists neighbours; it is linked to its province and sea only once built",
                a.key
            ));
        }
    } else {
        let mut want = vec![land];
        want.extend(a.port_seas.iter().copied());
        want.sort();
        if a.port_seas.len() != 1 || a.adjacent != want {
            p.push(format!(
                "natural port `{}` must face one sea and touch exactly its province and that sea",
                a.key
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Board {
        match Board::default_board() {
            Ok(b) => b,
            Err(e) => panic!("default board does not load: {e}"),
        }
    }

    #[test]
    fn default_board_loads_and_is_consistent() {
        let b = board();
        assert_eq!(b.houses.len(), 6);
        assert_eq!(b.leaders.len(), 42);
    }

    #[test]
    fn area_kinds_match_the_map_38_land_12_sea_8_natural_ports_11_port_sites() {
        let b = board();
        let count = |f: &dyn Fn(&Area) -> bool| b.areas.iter().filter(|a| f(a)).count();
        assert_eq!(count(&|a| a.is_land()), 38);
        assert_eq!(count(&|a| a.is_sea()), 12);
        assert_eq!(
            count(&|a| a.is_port() && !a.temporary),
            8,
            "表九 natural ports"
        );
        assert_eq!(
            count(&|a| a.is_port() && a.temporary),
            11,
            "表十 temporary port sites"
        );
    }

    #[test]
    fn table_4_barrels_21_provinces_24_barrels() {
        let b = board();
        let provinces = b.areas.iter().filter(|a| a.barrels > 0).count();
        let total: u32 = b.areas.iter().map(|a| a.barrels as u32).sum();
        assert_eq!((provinces, total), (21, 24));
    }

    #[test]
    fn table_7_crowns_18_provinces_19_crowns() {
        let b = board();
        let provinces = b.areas.iter().filter(|a| a.crowns > 0).count();
        let total: u32 = b.areas.iter().map(|a| a.crowns as u32).sum();
        assert_eq!((provinces, total), (18, 19));
    }

    #[test]
    fn table_6_ten_strongholds_ten_cities() {
        let b = board();
        let n = |c| b.areas.iter().filter(|a| a.castle == Some(c)).count();
        assert_eq!(n(Castle::Stronghold), 10);
        assert_eq!(n(Castle::City), 10);
    }

    #[test]
    fn table_8_home_seats_are_the_six_strongholds_of_the_houses() {
        let b = board();
        let seats: Vec<&str> = b
            .houses
            .iter()
            .map(|h| b.area(h.home_seat).key.as_str())
            .collect();
        assert_eq!(
            seats,
            [
                "winterfell",
                "pyke",
                "lannisport",
                "dragonstone",
                "highgarden",
                "sunspear"
            ]
        );
    }

    #[test]
    fn islands_pyke_dragonstone_arbor_have_no_land_neighbours() {
        let b = board();
        let mut islands: Vec<&str> = b
            .areas
            .iter()
            .filter(|a| a.island)
            .map(|a| a.key.as_str())
            .collect();
        islands.sort();
        assert_eq!(islands, ["dragonstone", "pyke", "the-arbor"]);
    }

    #[test]
    fn neutral_garrisons_eyrie_6_kings_landing_5_004_l395() {
        let b = board();
        let eyrie = b.area_by_key("the-eyrie").map(|a| b.area(a).neutral);
        let kl = b.area_by_key("kings-landing").map(|a| b.area(a).neutral);
        assert_eq!((eyrie, kl), (Some(Some(6)), Some(Some(5))));
    }

    #[test]
    fn leaders_a03_every_house_strength_sums_9_attack_plus_defence_5() {
        let b = board();
        for h in &b.houses {
            let ls: Vec<&Leader> = b.leaders_of(h.id).collect();
            assert_eq!(ls.len(), 7, "{}", h.key);
            let cs: u32 = ls.iter().map(|l| l.strength as u32).sum();
            let ad: u32 = ls.iter().map(|l| (l.attack + l.defence) as u32).sum();
            assert_eq!((cs, ad), (9, 5), "house {}", h.key);
        }
    }

    #[test]
    fn table_3_start_tracks_king_baratheon_sword_greyjoy_raven_lannister() {
        let b = board();
        let first = |t: usize| b.house(b.start_tracks[t][0]).key.clone();
        assert_eq!(
            (first(0), first(1), first(2)),
            ("baratheon".into(), "greyjoy".into(), "lannister".into())
        );
    }

    #[test]
    fn table_5_supply_rows_match_t08() {
        let b = board();
        let r = &b.rules;
        assert_eq!(r.supply_limits(0), [2, 2]);
        assert_eq!(r.supply_limits(3), [3, 2, 2, 2]);
        assert_eq!(r.supply_limits(5), [4, 3, 2, 2]);
        assert_eq!(r.supply_limits(6), [4, 3, 2, 2, 2]);
        assert_eq!(
            r.supply_limits(9),
            [4, 3, 2, 2, 2],
            "more than 6 barrels counts as 6"
        );
    }

    #[test]
    fn start_units_table_1_barrels_match_table_2() {
        let b = board();
        let expect = [
            ("stark", 1),
            ("greyjoy", 2),
            ("lannister", 2),
            ("baratheon", 2),
            ("tyrell", 2),
            ("martell", 2),
        ];
        for (key, barrels) in expect {
            let h = b.house_by_key(key).map(|h| b.house(h));
            let got: u32 = h
                .map(|h| h.start.iter().map(|(a, _)| b.area(*a).barrels as u32).sum())
                .unwrap_or(99);
            assert_eq!(got, barrels, "{key}");
        }
    }

    #[test]
    fn asymmetric_adjacency_is_reported_with_the_area_names() {
        let text = DEFAULT_BOARD_TOML.replacen(
            "adjacent = [\"crackclaw-point\", \"harrenhal\",",
            "adjacent = [\"crackclaw-point\", \"harrenhal\", \"sunspear\",",
            1,
        );
        match Board::from_toml(&text) {
            Err(BoardError::Invalid(errs)) => {
                assert!(
                    errs.iter()
                        .any(|e| e.contains("blackwater") && e.contains("sunspear")),
                    "{errs:?}"
                )
            }
            other => panic!("expected an invalid board, got {other:?}"),
        }
    }

    #[test]
    fn unknown_area_key_is_reported() {
        let text = DEFAULT_BOARD_TOML.replacen(
            "home_seat = \"winterfell\"",
            "home_seat = \"winterfel\"",
            1,
        );
        match Board::from_toml(&text) {
            Err(BoardError::Invalid(errs)) => {
                assert!(errs.iter().any(|e| e.contains("winterfel")), "{errs:?}")
            }
            other => panic!("expected an invalid board, got {other:?}"),
        }
    }
}
