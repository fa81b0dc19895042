//! From the syntax tree to the resolved tree: every name is looked up in [`Names`]; every
//! name that fails gives its own error (with suggestions), so a line reports all its bad names.
//! A name that is no name but one character off (or the start of) exactly one area or leader
//! the mail may name ([`Context`]) is read as it, and the reading is returned to be said.

use super::ast::*;
use super::errors::Problem;
use super::errors::{ErrorKind, NameKind, Suggestion};
use super::names::{Lookup, NameIndex, Names};
use maester_board::{AreaId, HouseId, LeaderId};

/// What a mail may name, for reading a name one character off: the areas and leaders of the
/// house writing it. Empty (the writer is not known): no name is read as another.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Context {
    /// The areas the house's lines may name (its own and their neighbours).
    pub areas: Vec<AreaId>,
    /// The house's leaders.
    pub leaders: Vec<LeaderId>,
}

/// A name read as another one (`卡林弯` as 卡林湾), said in the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// 1-based column of the name in its line.
    pub column: usize,
    /// The name as written.
    pub written: String,
    /// What kind of name it is.
    pub kind: NameKind,
    /// The name it is read as.
    pub read_as: Suggestion,
}

struct Resolver<'a> {
    names: &'a Names,
    context: &'a Context,
    problems: Vec<Problem>,
    readings: Vec<Reading>,
}

impl Resolver<'_> {
    fn look<Id: Copy + Eq>(
        &mut self,
        ix: &NameIndex<Id>,
        s: &Spanned<String>,
        dummy: Id,
        allowed: &[Id],
    ) -> Id {
        let kind: NameKind = ix.kind();
        match ix.lookup(&s.value) {
            Lookup::Found(id) => id,
            Lookup::Ambiguous(ids) => {
                let candidates = ids.into_iter().map(|i| ix.suggestion(i)).collect();
                self.problems.push((
                    s.column,
                    ErrorKind::AmbiguousName {
                        kind,
                        name: s.value.clone(),
                        candidates,
                    },
                ));
                dummy
            }
            Lookup::NotFound(ids) => {
                let near: Vec<Id> = match kind {
                    NameKind::Area | NameKind::Leader => ix
                        .near(&s.value)
                        .into_iter()
                        .filter(|i| allowed.contains(i))
                        .collect(),
                    _ => Vec::new(),
                };
                if let [id] = near.as_slice() {
                    self.readings.push(Reading {
                        column: s.column,
                        written: s.value.trim().to_string(),
                        kind,
                        read_as: ix.suggestion(*id),
                    });
                    return *id;
                }
                let offered = if near.len() > 1 { near } else { ids };
                let suggestions = offered
                    .into_iter()
                    .take(3)
                    .map(|i| ix.suggestion(i))
                    .collect();
                self.problems.push((
                    s.column,
                    ErrorKind::UnknownName {
                        kind,
                        name: s.value.clone(),
                        suggestions,
                    },
                ));
                dummy
            }
        }
    }
    fn area(&mut self, s: &Spanned<String>) -> AreaId {
        let (names, context) = (self.names, self.context);
        self.look(&names.areas, s, AreaId(u16::MAX), &context.areas)
    }
    fn house(&mut self, s: &Spanned<String>) -> HouseId {
        let names = self.names;
        self.look(&names.houses, s, HouseId(u8::MAX), &[])
    }
    fn leader(&mut self, s: &Spanned<String>) -> LeaderId {
        let (names, context) = (self.names, self.context);
        self.look(&names.leaders, s, LeaderId(u8::MAX), &context.leaders)
    }
    /// Another house's leader (Melisandre sends an opponent's leader to rest): named exactly.
    fn any_leader(&mut self, s: &Spanned<String>) -> LeaderId {
        let names = self.names;
        self.look(&names.leaders, s, LeaderId(u8::MAX), &[])
    }
    fn areas(&mut self, v: &[Spanned<String>]) -> Vec<AreaId> {
        v.iter().map(|a| self.area(a)).collect()
    }
    fn units(&mut self, u: &UnitRef<Syntax>) -> UnitRef<Resolved> {
        UnitRef {
            area: self.area(&u.area),
            units: u.units,
        }
    }

    fn predicate(&mut self, p: &Predicate<Syntax>) -> Predicate<Resolved> {
        match p {
            Predicate::Fallen { area, fallen } => Predicate::Fallen {
                area: self.area(area),
                fallen: *fallen,
            },
            Predicate::ForeignUnits { area, present } => Predicate::ForeignUnits {
                area: self.area(area),
                present: *present,
            },
            Predicate::StepTaken(s) => Predicate::StepTaken(*s),
            Predicate::Garrison { area, cmp, value } => Predicate::Garrison {
                area: self.area(area),
                cmp: *cmp,
                value: *value,
            },
            Predicate::AttackedMe { house, attacked } => Predicate::AttackedMe {
                house: self.house(house),
                attacked: *attacked,
            },
        }
    }

    fn condition(&mut self, c: &Cond<Syntax>) -> Cond<Resolved> {
        Cond {
            any: c
                .any
                .iter()
                .map(|g| g.iter().map(|p| self.predicate(p)).collect())
                .collect(),
        }
    }

    /// The defending side of a support line: a house, or else the neutral garrison named by
    /// its place (004:L202), which defends only its own place.
    fn side(&mut self, s: &Side<Syntax>, defended: AreaId) -> Side<Resolved> {
        let name = match s {
            Side::Neutral(a) => return Side::Neutral(self.area(a)),
            Side::House(h) => h,
        };
        if let Lookup::Found(id) = self.names.houses.lookup(&name.value) {
            return Side::House(id);
        }
        let place = name.value.trim().trim_end_matches("家族");
        let neutral = self
            .names
            .areas
            .exact(place)
            .filter(|a| self.names.neutrals.contains(a));
        let Some(a) = neutral else {
            if let Some(a) = self.names.areas.exact(place) {
                let area = self.names.areas.suggestion(a);
                self.problems
                    .push((name.column, ErrorKind::AreaNotHouse { area }));
                return Side::House(HouseId(u8::MAX));
            }
            return Side::House(self.house(name));
        };
        if a != defended && defended.0 != u16::MAX {
            let ix = &self.names.areas;
            self.problems.push((
                name.column,
                ErrorKind::NeutralElsewhere {
                    neutral: ix.suggestion(a),
                    area: ix.suggestion(defended),
                },
            ));
        }
        Side::Neutral(a)
    }

    fn action(&mut self, a: &Action<Syntax>) -> Action<Resolved> {
        match a {
            Action::March(m) => Action::March(March {
                units: self.units(&m.units),
                to: self.area(&m.to),
                forced: m.forced,
                special: m.special,
                leader: m.leader.as_ref().map(|l| match l {
                    LeaderChoice::Named(n) => LeaderChoice::Named(self.leader(n)),
                    LeaderChoice::Conditional {
                        condition,
                        then,
                        otherwise,
                    } => LeaderChoice::Conditional {
                        condition: self.condition(condition),
                        then: self.leader(then),
                        otherwise: self.leader(otherwise),
                    },
                }),
                defender: m.defender.as_ref().map(|d| self.leader(d)),
                leave_token: m.leave_token,
            }),
            Action::Raid { units, targets } => Action::Raid {
                units: self.units(units),
                targets: self.areas(targets),
            },
            Action::Support { from, target } => Action::Support {
                from: from.as_ref().map(|f| self.area(f)),
                target: match target {
                    SupportTarget::Attack { units, to } => SupportTarget::Attack {
                        units: self.units(units),
                        to: self.area(to),
                    },
                    SupportTarget::Defence { side, area } => {
                        let area = self.area(area);
                        SupportTarget::Defence {
                            side: self.side(side, area),
                            area,
                        }
                    }
                },
            },
            Action::Transport { seas, units, to } => Action::Transport {
                seas: self.areas(seas),
                units: self.units(units),
                to: self.area(to),
            },
        }
    }

    fn step(&mut self, s: &Step<Syntax>) -> Step<Resolved> {
        Step {
            number: s.number,
            alternatives: s
                .alternatives
                .iter()
                .map(|alt| Alternative {
                    condition: alt.condition.as_ref().map(|c| match c {
                        Condition::If(c) => Condition::If(self.condition(c)),
                        Condition::Otherwise => Condition::Otherwise,
                    }),
                    actions: alt
                        .actions
                        .iter()
                        .map(|(a, f)| {
                            let a = self.action(a);
                            let f = f.as_ref().map(|f| Fallback {
                                because: self.condition(&f.because),
                                then: self.action(&f.then),
                            });
                            (a, f)
                        })
                        .collect(),
                })
                .collect(),
        }
    }

    fn musters(&mut self, v: &[Muster<Syntax>]) -> Vec<Muster<Resolved>> {
        v.iter()
            .map(|m| match m {
                Muster::Recruit { area, units, to } => Muster::Recruit {
                    area: self.area(area),
                    units: *units,
                    to: self.areas(to),
                },
                Muster::Upgrade { area, units, into } => Muster::Upgrade {
                    area: self.area(area),
                    units: *units,
                    into: *into,
                },
            })
            .collect()
    }

    fn item(&mut self, item: &Item<Syntax>) -> Item<Resolved> {
        match item {
            Item::Placement(p) => Item::Placement(Placement {
                area: self.area(&p.area),
                order: p.order,
                one_time: p.one_time.as_ref().map(|o| match o {
                    OneTime::Recruit => OneTime::Recruit,
                    OneTime::SupplyCaravan => OneTime::SupplyCaravan,
                    OneTime::ForcedMarch => OneTime::ForcedMarch,
                    OneTime::Pontoon(b) => OneTime::Pontoon(b.as_ref().map(|b| self.area(b))),
                }),
            }),
            Item::Raven(p) => Item::Raven(Placement {
                area: self.area(&p.area),
                order: p.order,
                one_time: p.one_time.as_ref().map(|o| match o {
                    OneTime::Recruit => OneTime::Recruit,
                    OneTime::SupplyCaravan => OneTime::SupplyCaravan,
                    OneTime::ForcedMarch => OneTime::ForcedMarch,
                    OneTime::Pontoon(b) => OneTime::Pontoon(b.as_ref().map(|b| self.area(b))),
                }),
            }),
            Item::Step(s) => Item::Step(self.step(s)),
            Item::Defender {
                area,
                leader,
                substitute,
            } => Item::Defender {
                area: self.area(area),
                leader: self.leader(leader),
                substitute: substitute.as_ref().map(|l| self.leader(l)),
            },
            Item::District { areas, leader } => Item::District {
                areas: [self.area(&areas[0]), self.area(&areas[1])],
                leader: self.leader(leader),
            },
            Item::Refusal {
                house,
                from,
                battle,
            } => Item::Refusal {
                house: self.house(house),
                from: from.as_ref().map(|a| self.area(a)),
                battle: battle.as_ref().map(|a| self.area(a)),
            },
            Item::NoSupport { from, battle } => Item::NoSupport {
                from: self.area(from),
                battle: self.area(battle),
            },
            Item::Casualties(v) => Item::Casualties(v.clone()),
            Item::Retreat { from, to } => Item::Retreat {
                from: from.as_ref().map(|a| self.area(a)),
                to: self.areas(to),
            },
            Item::Fortify(a) => Item::Fortify(self.area(a)),
            Item::Sword(u) => Item::Sword(self.units(u)),
            Item::Cancels { leader, targets } => Item::Cancels {
                leader: self.leader(leader),
                targets: self.areas(targets),
            },
            Item::Disband(v) => Item::Disband(v.iter().map(|u| self.units(u)).collect()),
            Item::Muster(v) => Item::Muster(self.musters(v)),
            Item::Bid {
                iron_throne,
                fiefdoms,
                kings_court,
            } => Item::Bid {
                iron_throne: *iron_throne,
                fiefdoms: *fiefdoms,
                kings_court: *kings_court,
            },
            Item::WildlingBid(n) => Item::WildlingBid(*n),
            Item::Choose(e) => Item::Choose(*e),
            Item::DropTrack(t) => Item::DropTrack(*t),
            Item::Downgrade(v) => Item::Downgrade(
                v.iter()
                    .map(|d| Downgrade {
                        area: self.area(&d.area),
                        knights: d.knights,
                        into: d.into,
                    })
                    .collect(),
            ),
            Item::Reward(r) => Item::Reward(match r {
                Reward::Recall(l) => Reward::Recall(self.leader(l)),
                Reward::Rest(l) => Reward::Rest(self.any_leader(l)),
                Reward::Upgrade(v) => Reward::Upgrade(v.iter().map(|u| self.units(u)).collect()),
                Reward::Muster(v) => Reward::Muster(self.musters(v)),
                Reward::Capture(t) => Reward::Capture(*t),
            }),
            Item::BuildPort { area, coast } => Item::BuildPort {
                area: self.area(area),
                coast: coast.as_ref().map(|c| self.area(c)),
            },
            Item::DemolishPort(a) => Item::DemolishPort(self.area(a)),
            Item::DestroyCapturedShips => Item::DestroyCapturedShips,
            Item::LeaderPick {
                leader,
                kill,
                kinds,
            } => Item::LeaderPick {
                leader: self.leader(leader),
                kill: *kill,
                kinds: kinds.clone(),
            },
            Item::TieBreak {
                track,
                wildlings,
                order,
            } => Item::TieBreak {
                track: *track,
                wildlings: *wildlings,
                order: order.iter().map(|h| self.house(h)).collect(),
            },
            Item::Account(a) => Item::Account(a.clone()),
        }
    }
}

/// Resolve every name of an item; on failure, every bad name with its column.
pub fn resolve_item(item: &Item<Syntax>, names: &Names) -> Result<Item<Resolved>, Vec<Problem>> {
    resolve_item_in(item, names, &Context::default()).0
}

/// [`resolve_item`] for a writer whose [`Context`] is known; also the names read as another
/// (one character off), to be said in the answer.
pub fn resolve_item_in(
    item: &Item<Syntax>,
    names: &Names,
    context: &Context,
) -> (Result<Item<Resolved>, Vec<Problem>>, Vec<Reading>) {
    let mut r = Resolver {
        names,
        context,
        problems: Vec::new(),
        readings: Vec::new(),
    };
    let out = r.item(item);
    if r.problems.is_empty() {
        (Ok(out), r.readings)
    } else {
        (Err(r.problems), Vec::new())
    }
}
