//! Turning the data file into a [`Board`]: resolve keys to ids, then validate.

use super::file::{AreaFile, BoardFile};
use super::*;
use std::collections::HashMap;
use std::fmt;

/// What is wrong with a board data file. Every message names the entry at fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardError {
    /// The file is not valid TOML or does not have the expected shape.
    Syntax(String),
    /// One or more facts are inconsistent.
    Invalid(Vec<String>),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::Syntax(e) => write!(f, "board data file: {e}"),
            BoardError::Invalid(errs) => {
                writeln!(f, "board data file is inconsistent:")?;
                for e in errs {
                    writeln!(f, "  - {e}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for BoardError {}

/// Parse a unit list in the rulebook's notation: `1K1F`, `2S`, `3K1E`.
pub fn parse_units(s: &str) -> Option<Vec<(UnitKind, u8)>> {
    let mut out: Vec<(UnitKind, u8)> = Vec::new();
    let mut num = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            num.push(c);
        } else {
            let kind = UnitKind::from_code(c)?;
            let n: u8 = if num.is_empty() { 1 } else { num.parse().ok()? };
            num.clear();
            out.push((kind, n));
        }
    }
    if !num.is_empty() || out.is_empty() {
        return None;
    }
    Some(out)
}

impl Board {
    /// Load and validate a board from the text of a data file.
    pub fn from_toml(text: &str) -> Result<Board, BoardError> {
        let file: BoardFile =
            toml::from_str(text).map_err(|e| BoardError::Syntax(e.to_string()))?;
        let board = build(file)?;
        let problems = super::validate::check(&board);
        if problems.is_empty() {
            Ok(board)
        } else {
            Err(BoardError::Invalid(problems))
        }
    }

    /// Load and validate a board from a file path.
    pub fn from_path(path: &std::path::Path) -> Result<Board, BoardError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| BoardError::Syntax(format!("{}: {e}", path.display())))?;
        Board::from_toml(&text)
    }
}

fn build(file: BoardFile) -> Result<Board, BoardError> {
    let mut errs = Vec::new();
    let area_ids: HashMap<&str, AreaId> = file
        .areas
        .iter()
        .enumerate()
        .map(|(i, a)| (a.id.as_str(), AreaId(i as u16)))
        .collect();
    let house_ids: HashMap<&str, HouseId> = file
        .houses
        .iter()
        .enumerate()
        .map(|(i, h)| (h.id.as_str(), HouseId(i as u8)))
        .collect();
    if area_ids.len() != file.areas.len() {
        errs.push("two areas share one id".to_string());
    }
    if house_ids.len() != file.houses.len() {
        errs.push("two houses share one id".to_string());
    }
    let area = |key: &str, ctx: &str, errs: &mut Vec<String>| -> AreaId {
        match area_ids.get(key) {
            Some(id) => *id,
            None => {
                errs.push(format!("{ctx}: unknown area `{key}`"));
                AreaId(0)
            }
        }
    };
    let house = |key: &str, ctx: &str, errs: &mut Vec<String>| -> HouseId {
        match house_ids.get(key) {
            Some(id) => *id,
            None => {
                errs.push(format!("{ctx}: unknown house `{key}`"));
                HouseId(0)
            }
        }
    };

    let mut houses = Vec::new();
    for (i, h) in file.houses.iter().enumerate() {
        let ctx = format!("house `{}`", h.id);
        let mut start = Vec::new();
        for s in &h.start {
            let a = area(&s.area, &ctx, &mut errs);
            match parse_units(&s.units) {
                Some(u) => start.push((a, u)),
                None => errs.push(format!("{ctx}: bad unit list `{}`", s.units)),
            }
        }
        houses.push(House {
            id: HouseId(i as u8),
            key: h.id.clone(),
            name_zh: h.name_zh.clone(),
            name_en: h.name_en.clone(),
            aliases_zh: h.aliases_zh.clone(),
            aliases_en: h.aliases_en.clone(),
            home_seat: area(&h.home_seat, &ctx, &mut errs),
            start,
        });
    }

    let mut areas = Vec::new();
    for (i, a) in file.areas.iter().enumerate() {
        areas.push(build_area(i, a, &area, &mut errs));
    }
    for h in &houses {
        if let Some(a) = areas.get_mut(h.home_seat.index()) {
            a.home_of = Some(h.id);
        }
    }
    let port_links: Vec<(usize, AreaId)> = areas
        .iter()
        .filter_map(|a| a.port_of.map(|p| (p.index(), a.id)))
        .collect();
    for (province, port) in port_links {
        if let Some(p) = areas.get_mut(province) {
            p.ports.push(port);
        }
    }

    let kind_of = |k: &str, ctx: &str, errs: &mut Vec<String>| match k {
        "stronghold" => Some(Castle::Stronghold),
        "city" => Some(Castle::City),
        other => {
            errs.push(format!("{ctx}: unknown castle kind `{other}`"));
            None
        }
    };
    for (a, f) in areas.iter_mut().zip(file.areas.iter()) {
        if let Some(c) = &f.castle {
            a.castle = kind_of(c, &format!("area `{}`", f.id), &mut errs);
        }
    }

    let mut leaders = Vec::new();
    for (i, l) in file.leaders.iter().enumerate() {
        let ctx = format!("leader `{}`", l.name_zh);
        let ability = match &l.ability {
            None => None,
            Some(key) => match toml::Value::String(key.clone()).try_into::<Ability>() {
                Ok(a) => Some(a),
                Err(_) => {
                    errs.push(format!("{ctx}: unknown ability `{key}`"));
                    None
                }
            },
        };
        leaders.push(Leader {
            id: LeaderId(i as u8),
            house: house(&l.house, &ctx, &mut errs),
            name_zh: l.name_zh.clone(),
            short_zh: l.short_zh.clone(),
            name_en: l.name_en.clone(),
            strength: l.strength,
            attack: l.attack,
            defence: l.defence,
            ability,
        });
    }

    let track = |keys: &[String], name: &str, errs: &mut Vec<String>| -> Vec<HouseId> {
        keys.iter()
            .map(|k| house(k, &format!("track {name}"), errs))
            .collect()
    };
    let start_tracks = [
        track(&file.tracks.iron_throne, "iron_throne", &mut errs),
        track(&file.tracks.fiefdoms, "fiefdoms", &mut errs),
        track(&file.tracks.kings_court, "kings_court", &mut errs),
    ];

    let events = build_events(&file.events, &mut errs);
    if !errs.is_empty() {
        return Err(BoardError::Invalid(errs));
    }
    Ok(Board {
        name: file.meta.name,
        rules: file.rules,
        events,
        index: super::BoardIndex::of(&areas),
        areas,
        houses,
        leaders,
        start_tracks,
    })
}

fn build_events(e: &super::file::EventsFile, errs: &mut Vec<String>) -> super::EventTables {
    let known = |k: &String, what: &str, errs: &mut Vec<String>| {
        if !super::EVENT_CARD_KEYS.contains(&k.as_str()) {
            errs.push(format!(
                "[events] {what}: unknown card `{k}` (known: {})",
                super::EVENT_CARD_KEYS.join(", ")
            ));
        }
    };
    for (what, bag) in [
        ("economic", &e.economic),
        ("political", &e.political),
        ("military", &e.military),
    ] {
        if bag.is_empty() {
            errs.push(format!("[events] {what}: the bag is empty"));
        }
        for k in bag {
            known(k, what, errs);
        }
    }
    for k in &e.late {
        known(k, "late", errs);
    }
    for k in &e.choosers {
        known(k, "choosers", errs);
    }
    let choosers: [String; 3] = match e.choosers.as_slice() {
        [a, b, c] => [a.clone(), b.clone(), c.clone()],
        _ => {
            errs.push("[events] choosers: one card per category, three in all".into());
            Default::default()
        }
    };
    super::EventTables {
        bags: [e.economic.clone(), e.political.clone(), e.military.clone()],
        late: e.late.clone(),
        late_from: e.late_from,
        choosers,
    }
}

fn build_area(
    i: usize,
    a: &AreaFile,
    area: &dyn Fn(&str, &str, &mut Vec<String>) -> AreaId,
    errs: &mut Vec<String>,
) -> Area {
    let ctx = format!("area `{}`", a.id);
    let kind = match a.kind.as_str() {
        "land" => AreaKind::Land,
        "sea" => AreaKind::Sea,
        "port" => AreaKind::Port,
        other => {
            errs.push(format!("{ctx}: unknown kind `{other}`"));
            AreaKind::Land
        }
    };
    let list = |v: &[String], errs: &mut Vec<String>| -> Vec<AreaId> {
        v.iter().map(|k| area(k, &ctx, errs)).collect()
    };
    let mut adjacent = list(&a.adjacent, errs);
    adjacent.sort();
    Area {
        id: AreaId(i as u16),
        key: a.id.clone(),
        kind,
        name_zh: a.name_zh.clone(),
        name_en: a.name_en.clone(),
        aliases_zh: a.aliases_zh.clone(),
        aliases_en: a.aliases_en.clone(),
        barrels: a.barrels,
        crowns: a.crowns,
        castle: None,
        island: a.island,
        neutral: a.neutral,
        home_of: None,
        river_crossings: list(&a.river_crossings, errs),
        pontoon_targets: list(&a.pontoon_targets, errs),
        port_of: a.port_of.as_deref().map(|k| area(k, &ctx, errs)),
        port_seas: list(&a.port_seas, errs),
        port_seas_as_written: a
            .port_seas_as_written
            .iter()
            .map(|(w, s)| (area(w, &ctx, errs), area(s, &ctx, errs)))
            .collect(),
        temporary: a.temporary,
        adjacent,
        ports: Vec::new(),
    }
}
