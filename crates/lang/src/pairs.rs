//! Reading pest pairs of the order grammar: the line context, finding children, numbers (also
//! in Chinese numerals) and unit references. Shared by the item and plan readers.

use super::ast::*;
use super::errors::{ErrorKind, Problem};
use super::grammar::Rule;
use super::normalize::NormLine;
use maester_board::UnitKind;
use pest::iterators::Pair;

/// A pest pair of the order grammar.
pub(super) type P<'i> = Pair<'i, Rule>;

/// Where a line is read: its normalised text (for columns), the original, the line number.
pub(super) struct Ctx<'a> {
    pub(super) norm: &'a NormLine,
    pub(super) original: &'a str,
    pub(super) line: usize,
}

impl Ctx<'_> {
    pub(super) fn col(&self, p: &P) -> usize {
        self.norm.column_at(p.as_span().start())
    }
    pub(super) fn name(&self, p: &P) -> Spanned<String> {
        Spanned {
            value: p.as_str().trim().to_string(),
            line: self.line,
            column: self.col(p),
        }
    }
}

pub(super) fn first<'i>(p: &P<'i>, rule: Rule) -> Option<P<'i>> {
    p.clone().into_inner().find(|c| c.as_rule() == rule)
}

pub(super) fn all<'i>(p: &P<'i>, rule: Rule) -> Vec<P<'i>> {
    p.clone()
        .into_inner()
        .filter(|c| c.as_rule() == rule)
        .collect()
}

pub(super) fn places(ctx: &Ctx, p: &P) -> Vec<Spanned<String>> {
    all(p, Rule::place).iter().map(|c| ctx.name(c)).collect()
}

pub(super) fn num(p: &P) -> u16 {
    p.as_str().trim().parse().unwrap_or(u16::MAX)
}

/// The value of a number in Chinese numerals up to 99 (一, 两, 十, 十二, 二十, 二十三); 0 for
/// anything else.
pub(super) fn cn_value(s: &str) -> u16 {
    let digit = |c: char| {
        "零一二三四五六七八九"
            .chars()
            .position(|d| d == c)
            .or((c == '两').then_some(2))
    };
    let cs: Vec<char> = s.chars().collect();
    match cs.as_slice() {
        [c] if *c == '十' => 10,
        [c] => digit(*c).unwrap_or(0) as u16,
        ['十', u] => 10 + digit(*u).unwrap_or(0) as u16,
        [t, '十'] => 10 * digit(*t).unwrap_or(0) as u16,
        [t, '十', u] => 10 * digit(*t).unwrap_or(0) as u16 + digit(*u).unwrap_or(0) as u16,
        _ => 0,
    }
}

pub(super) fn unit_kind(p: &P) -> UnitKind {
    let inner = p.clone().into_inner().next();
    match inner.as_ref().map(|c| c.as_rule()) {
        Some(Rule::unit_footman) => UnitKind::Footman,
        Some(Rule::unit_knight) => UnitKind::Knight,
        Some(Rule::unit_ship) => UnitKind::Ship,
        Some(Rule::unit_siege) => UnitKind::Siege,
        Some(Rule::unit_archer) => UnitKind::Archer,
        _ => {
            let code = p.as_str().trim().chars().next().unwrap_or('F');
            UnitKind::from_code(code).unwrap_or(UnitKind::Footman)
        }
    }
}

pub(super) fn counts(ctx: &Ctx, p: &P) -> Result<[u8; 5], Problem> {
    let mut out = [0u8; 5];
    for part in all(p, Rule::count_part) {
        let n = match first(&part, Rule::number) {
            Some(d) => num(&d),
            None => first(&part, Rule::cn_number).map_or(0, |c| cn_value(c.as_str())),
        };
        if n == 0 {
            return Err((ctx.col(&part), ErrorKind::ZeroCount));
        }
        let k = unit_kind(&first(&part, Rule::unit_kind).expect("unit kind"));
        let slot = &mut out[k.index()];
        *slot = slot.saturating_add(u8::try_from(n).unwrap_or(u8::MAX));
    }
    Ok(out)
}

pub(super) fn unit_ref(ctx: &Ctx, p: P) -> Result<UnitRef<Syntax>, Problem> {
    let mut area = None;
    let mut units = UnitSel::All;
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::place => area = Some(ctx.name(&c)),
            Rule::counts => units = UnitSel::Counts(counts(ctx, &c)?),
            Rule::unit_kind => units = UnitSel::Kind(unit_kind(&c)),
            _ => {}
        }
    }
    Ok(UnitRef {
        area: area.expect("place"),
        units,
    })
}
