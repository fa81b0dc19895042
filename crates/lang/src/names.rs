//! Name resolution: area, house and leader names are data (a GM can load another map), so the
//! grammar only finds where a name is; a [`NameIndex`] built from `(alias, id)` pairs says
//! which id it is, or which valid names are closest.
//!
//! Matching is exact after folding: Traditional → Simplified, full-width → half-width, case,
//! spaces, apostrophes, hyphens and middle dots ignored, a leading English "the" ignored; for
//! houses also the suffix `家族` and a leading "house". On failure the index offers the
//! closest names (containment such as `君临` in `君临城`, or a small edit distance); a name
//! contained in several names (`夏海` in 东夏海 and 西夏海) is ambiguous.

use super::errors::{Lang, NameKind, Suggestion};
use super::normalize::normalize_char;
use maester_board::{AreaId, HouseId, LeaderId};

/// The result of looking a name up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup<Id> {
    /// Exactly one id has this name.
    Found(Id),
    /// Several ids could be meant.
    Ambiguous(Vec<Id>),
    /// Nothing matches; the closest ids, best first (possibly none).
    NotFound(Vec<Id>),
}

/// An index of names for one kind of thing (areas, houses or leaders).
#[derive(Clone, Debug)]
pub struct NameIndex<Id> {
    kind: NameKind,
    keys: Vec<(String, Id)>,
    display: Vec<(Id, String, String)>,
}

/// Fold a name for matching (see the module documentation).
pub fn fold(name: &str, kind: NameKind) -> String {
    let lower: String = name
        .chars()
        .map(normalize_char)
        .flat_map(char::to_lowercase)
        .collect();
    let mut s = lower.trim();
    if let Some(rest) = s.strip_prefix("the ") {
        s = rest;
    }
    if kind == NameKind::House {
        s = s.strip_prefix("house ").unwrap_or(s);
        s = s.strip_suffix("家族").unwrap_or(s);
    }
    s.chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '\'' | '-' | '•' | '.' | '_'))
        .collect()
}

impl<Id: Copy + Eq> NameIndex<Id> {
    /// An empty index for names of `kind`.
    pub fn new(kind: NameKind) -> Self {
        NameIndex {
            kind,
            keys: Vec::new(),
            display: Vec::new(),
        }
    }

    /// Add a thing with its canonical Chinese and English names and any aliases.
    pub fn add<'a>(
        &mut self,
        id: Id,
        zh: &str,
        en: &str,
        aliases: impl IntoIterator<Item = &'a str>,
    ) {
        self.display.push((id, zh.to_string(), en.to_string()));
        let aliases: Vec<&str> = aliases.into_iter().collect();
        for name in [zh, en].iter().chain(aliases.iter()) {
            let key = fold(name, self.kind);
            if !key.is_empty() && !self.keys.iter().any(|(k, i)| *k == key && *i == id) {
                self.keys.push((key, id));
            }
        }
    }

    /// What kind of names this index holds.
    pub fn kind(&self) -> NameKind {
        self.kind
    }

    /// Every id with its canonical names, in insertion order.
    pub fn entries(&self) -> impl Iterator<Item = (Id, &str, &str)> {
        self.display
            .iter()
            .map(|(i, z, e)| (*i, z.as_str(), e.as_str()))
    }

    /// Every name and alias (folded) with its id.
    pub fn keys(&self) -> impl Iterator<Item = (&str, Id)> {
        self.keys.iter().map(|(k, i)| (k.as_str(), *i))
    }

    /// The canonical name of `id` in `lang` (empty if unknown).
    pub fn name(&self, id: Id, lang: Lang) -> &str {
        self.display
            .iter()
            .find(|(i, _, _)| *i == id)
            .map_or("", |(_, z, e)| if lang == Lang::Zh { z } else { e })
    }

    /// The canonical names of `id` as a suggestion.
    pub fn suggestion(&self, id: Id) -> Suggestion {
        Suggestion {
            zh: self.name(id, Lang::Zh).to_string(),
            en: self.name(id, Lang::En).to_string(),
        }
    }

    fn distinct(ids: impl IntoIterator<Item = Id>) -> Vec<Id> {
        let mut out: Vec<Id> = Vec::new();
        for id in ids {
            if !out.contains(&id) {
                out.push(id);
            }
        }
        out
    }

    /// The id with exactly this name (after folding), if there is exactly one.
    pub fn exact(&self, name: &str) -> Option<Id> {
        let q = fold(name, self.kind);
        let ids = Self::distinct(self.keys.iter().filter(|(k, _)| *k == q).map(|(_, i)| *i));
        (ids.len() == 1).then(|| ids[0])
    }

    /// The length in characters of the longest folded name.
    pub fn longest(&self) -> usize {
        self.keys
            .iter()
            .map(|(k, _)| k.chars().count())
            .max()
            .unwrap_or(0)
    }

    /// Look a name up.
    pub fn lookup(&self, name: &str) -> Lookup<Id> {
        let q = fold(name, self.kind);
        let exact = Self::distinct(self.keys.iter().filter(|(k, _)| *k == q).map(|(_, i)| *i));
        match exact.len() {
            1 => return Lookup::Found(exact[0]),
            n if n > 1 => return Lookup::Ambiguous(exact),
            _ => {}
        }
        let qc: Vec<char> = q.chars().collect();
        if qc.len() >= 2 {
            // Contained in several names that are equally close (夏海 in 东夏海 and 西夏海).
            let shortest = self
                .keys
                .iter()
                .filter(|(k, _)| k.contains(&q))
                .map(|(k, _)| k.chars().count())
                .min();
            let containing = Self::distinct(
                self.keys
                    .iter()
                    .filter(|(k, _)| k.contains(&q) && Some(k.chars().count()) == shortest)
                    .map(|(_, i)| *i),
            );
            if containing.len() > 1 {
                return Lookup::Ambiguous(containing);
            }
        }
        let mut scored: Vec<(usize, usize, Id)> = Vec::new();
        for (order, (k, id)) in self.keys.iter().enumerate() {
            let kc: Vec<char> = k.chars().collect();
            let shorter = qc.len().min(kc.len());
            let contains = shorter >= 2 && (k.contains(&q) || q.contains(k.as_str()));
            let d = crate::keywords::edit_distance(&qc, &kc);
            let limit = match qc.len().max(kc.len()) {
                0..=4 => 1,
                5..=8 => 2,
                _ => 3,
            };
            let mut score = if contains {
                qc.len().abs_diff(kc.len()).min(d)
            } else {
                d
            };
            // Typos rarely hit the first character: prefer names that start the same way.
            score += usize::from(qc.first() != kc.first());
            if contains || d <= limit {
                scored.push((score, order, *id));
            }
        }
        scored.sort_by_key(|&(score, order, _)| (score, order));
        // Offer only the closest names.
        let best = scored.first().map_or(0, |s| s.0);
        let ids = Self::distinct(
            scored
                .into_iter()
                .take_while(|s| s.0 == best)
                .map(|(_, _, i)| i),
        );
        Lookup::NotFound(ids.into_iter().take(3).collect())
    }
}

impl<Id: Copy + Eq> NameIndex<Id> {
    /// The ids a name that is no name may mean: names one character off (one insertion,
    /// deletion or substitution, counted in characters after folding) or starting with it.
    /// A name shorter than 2 characters (4 in Latin letters) means nothing: too short to tell.
    pub fn near(&self, name: &str) -> Vec<Id> {
        let q: Vec<char> = fold(name, self.kind).chars().collect();
        let shortest = if q.iter().all(char::is_ascii) { 4 } else { 2 };
        if q.len() < shortest {
            return Vec::new();
        }
        Self::distinct(
            self.keys
                .iter()
                .filter(|(k, _)| {
                    let k: Vec<char> = k.chars().collect();
                    k.starts_with(&q) || one_edit_apart(&q, &k)
                })
                .map(|(_, i)| *i),
        )
    }
}

/// Whether two different words are one insertion, deletion or substitution apart.
fn one_edit_apart(a: &[char], b: &[char]) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    match long.len() - short.len() {
        0 => short.iter().zip(long).filter(|(x, y)| x != y).count() == 1,
        1 => {
            let same_start = short.iter().zip(long).take_while(|(x, y)| x == y).count();
            short[same_start..] == long[same_start + 1..]
        }
        _ => false,
    }
}

/// The names of one board: areas, houses and leaders.
#[derive(Clone, Debug)]
pub struct Names {
    /// Area names and aliases.
    pub areas: NameIndex<AreaId>,
    /// House names, nicknames and aliases.
    pub houses: NameIndex<HouseId>,
    /// Leader short names (简称), full names and English names.
    pub leaders: NameIndex<LeaderId>,
    /// The areas of the neutral garrisons, which are named by their place (004:L202).
    pub neutrals: Vec<AreaId>,
}

/// Why a map file could not be read by [`Names::from_map_json`].
#[derive(Debug)]
pub enum MapJsonError {
    /// Not JSON.
    Json(serde_json::Error),
    /// A part the file must have.
    Missing(&'static str),
    /// More entries of a kind than ids can number.
    TooMany(&'static str),
}

impl std::fmt::Display for MapJsonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MapJsonError::Json(e) => write!(f, "{e}"),
            MapJsonError::Missing(what) => write!(f, "the map has no {what}"),
            MapJsonError::TooMany(what) => write!(f, "too many {what} in the map"),
        }
    }
}

impl std::error::Error for MapJsonError {}

/// The names of one leader, for [`Names::from_map_json`].
#[derive(Clone, Debug)]
pub struct LeaderNames<'a> {
    /// The short name (简称), used as the canonical Chinese name.
    pub zh: &'a str,
    /// The canonical English name.
    pub en: &'a str,
    /// Other names (full Chinese name, full English name, …).
    pub aliases: &'a [&'a str],
}

impl Names {
    /// Empty indexes.
    pub fn new() -> Self {
        Names {
            areas: NameIndex::new(NameKind::Area),
            houses: NameIndex::new(NameKind::House),
            leaders: NameIndex::new(NameKind::Leader),
            neutrals: Vec::new(),
        }
    }

    /// Build the indexes from a map file in the format of `data/source/westeros-map.json`
    /// (`areas[]` and `houses[]`, ids = positions in those arrays) and a leader roster
    /// (ids = positions in `leaders`). Houses are named by nickname in Chinese (白狼) and by
    /// family name in English (Stark), as the rulebook does.
    pub fn from_map_json(json: &str, leaders: &[LeaderNames]) -> Result<Names, MapJsonError> {
        let v: serde_json::Value = serde_json::from_str(json).map_err(MapJsonError::Json)?;
        let mut names = Names::new();
        let strs = |x: &serde_json::Value, key: &str| -> Vec<String> {
            match &x[key] {
                serde_json::Value::String(s) => vec![s.clone()],
                serde_json::Value::Array(a) => a
                    .iter()
                    .filter_map(|s| s.as_str().map(String::from))
                    .collect(),
                _ => Vec::new(),
            }
        };
        let areas = v["areas"]
            .as_array()
            .ok_or(MapJsonError::Missing("areas[]"))?;
        for (i, a) in areas.iter().enumerate() {
            let id = AreaId(u16::try_from(i).map_err(|_| MapJsonError::TooMany("areas"))?);
            let zh = a["name_zh"]
                .as_str()
                .ok_or(MapJsonError::Missing("an area's name_zh"))?;
            let en = a["name_en"]
                .as_str()
                .ok_or(MapJsonError::Missing("an area's name_en"))?;
            let aliases: Vec<String> = [strs(a, "aliases_zh"), strs(a, "aliases_en")].concat();
            names
                .areas
                .add(id, zh, en, aliases.iter().map(String::as_str));
            if a["neutral_garrison"].as_u64().is_some() {
                names.neutrals.push(id);
            }
        }
        let houses = v["houses"]
            .as_array()
            .ok_or(MapJsonError::Missing("houses[]"))?;
        for (i, h) in houses.iter().enumerate() {
            let id = HouseId(u8::try_from(i).map_err(|_| MapJsonError::TooMany("houses"))?);
            let en = h["name_en"]
                .as_str()
                .ok_or(MapJsonError::Missing("a house's name_en"))?;
            let family = h["name_zh"].as_str().unwrap_or(en);
            let zh = h["nickname_zh"].as_str().unwrap_or(family);
            let aliases: Vec<String> =
                [vec![family.to_string()], strs(h, "nickname_aliases_zh")].concat();
            names
                .houses
                .add(id, zh, en, aliases.iter().map(String::as_str));
        }
        for (i, l) in leaders.iter().enumerate() {
            let id = LeaderId(u8::try_from(i).map_err(|_| MapJsonError::TooMany("leaders"))?);
            names.leaders.add(id, l.zh, l.en, l.aliases.iter().copied());
        }
        Ok(names)
    }
}

impl Names {
    /// The names of a loaded board: areas and houses with their aliases (and the house's key),
    /// leaders by short name (简称), English name and full Chinese name.
    pub fn from_board(board: &maester_board::Board) -> Names {
        let mut n = Names::new();
        for a in &board.areas {
            let aliases = a.aliases_zh.iter().chain(&a.aliases_en).map(String::as_str);
            n.areas.add(a.id, &a.name_zh, &a.name_en, aliases);
            if a.neutral.is_some() {
                n.neutrals.push(a.id);
            }
        }
        for h in &board.houses {
            let aliases = h
                .aliases_zh
                .iter()
                .chain(&h.aliases_en)
                .chain([&h.key])
                .map(String::as_str);
            n.houses.add(h.id, &h.name_zh, &h.name_en, aliases);
        }
        for l in &board.leaders {
            let given = given_name(board, l);
            n.leaders.add(
                l.id,
                &l.short_zh,
                &l.name_en,
                [l.name_zh.as_str()].into_iter().chain(given.as_deref()),
            );
        }
        n
    }
}

/// A leader's English given name when it is his name too: no other leader shares it and it is
/// no title (`Tywin`, not `House` or `Maester`); unique, it is read without a question.
pub(crate) fn given_name(
    board: &maester_board::Board,
    l: &maester_board::Leader,
) -> Option<String> {
    let first = |l: &maester_board::Leader| l.name_en.split(' ').next().unwrap_or("").to_string();
    let g = first(l);
    let title = ["The", "House", "Maester", "Queen", "Lord", "Ser"].contains(&g.as_str());
    let unique = g.chars().count() >= 3
        && !title
        && g != l.name_en
        && board.leaders.iter().filter(|o| first(o) == g).count() == 1;
    unique.then_some(g)
}

impl Default for Names {
    fn default() -> Self {
        Names::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seas() -> NameIndex<u8> {
        let mut ix = NameIndex::new(NameKind::Area);
        ix.add(0, "东夏海", "East Summer Sea", ["东夏日之海"]);
        ix.add(1, "西夏海", "West Summer Sea", []);
        ix.add(2, "君临", "King's Landing", ["君临城"]);
        ix.add(3, "卡林湾", "Moat Cailin", ["Moat Calin"]);
        ix.add(4, "风息堡", "Storm's End", []);
        ix
    }

    #[test]
    fn exact_after_folding() {
        let ix = seas();
        assert_eq!(ix.lookup("君臨城"), Lookup::Found(2));
        assert_eq!(ix.lookup("kings landing"), Lookup::Found(2));
        assert_eq!(ix.lookup("The King’s Landing"), Lookup::Found(2));
        assert_eq!(ix.lookup("ＭＯＡＴ ＣＡＩＬＩＮ"), Lookup::Found(3));
    }

    #[test]
    fn summer_sea_is_ambiguous() {
        assert_eq!(seas().lookup("夏海"), Lookup::Ambiguous(vec![0, 1]));
        assert_eq!(seas().lookup("Summer Sea"), Lookup::Ambiguous(vec![0, 1]));
    }

    #[test]
    fn typos_get_suggestions() {
        let ix = seas();
        assert_eq!(ix.lookup("卡林"), Lookup::NotFound(vec![3]));
        assert_eq!(ix.lookup("风息城"), Lookup::NotFound(vec![4]));
        assert_eq!(ix.lookup("Storms Edn"), Lookup::NotFound(vec![4]));
        assert_eq!(ix.lookup("龙石岛"), Lookup::NotFound(vec![]));
    }

    #[test]
    fn near_names_are_one_character_off_or_a_start() {
        let ix = seas();
        assert_eq!(ix.near("卡林弯"), vec![3]);
        assert_eq!(ix.near("卡林"), vec![3]);
        assert_eq!(ix.near("風息城"), vec![4]);
        assert_eq!(ix.near("风城"), Vec::<u8>::new(), "two characters off");
        assert_eq!(ix.near("夏海"), vec![0, 1], "one off from both seas");
        assert_eq!(ix.near("卡"), Vec::<u8>::new(), "too short");
        assert_eq!(
            ix.near("Storms Edn"),
            Vec::<u8>::new(),
            "a swap is two edits"
        );
        assert_eq!(ix.near("Storms Ed"), vec![4]);
        assert_eq!(
            ix.near("Sto"),
            Vec::<u8>::new(),
            "too short in Latin letters"
        );
    }

    #[test]
    fn houses_fold_suffix_and_prefix() {
        let mut ix = NameIndex::new(NameKind::House);
        ix.add(0u8, "白狼", "Stark", ["史塔克"]);
        assert_eq!(ix.lookup("白狼家族"), Lookup::Found(0));
        assert_eq!(ix.lookup("House Stark"), Lookup::Found(0));
        assert_eq!(ix.lookup("史塔克家族"), Lookup::Found(0));
    }
}
