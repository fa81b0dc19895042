//! From pest's pairs to the syntax tree ([`Item<Syntax>`]), one line at a time, and from
//! pest's errors to errors in words.

use super::ast::*;
use super::errors::{ErrorKind, Problem};
use super::expect::syntax_error;
use super::grammar::{OrderParser, Rule};
use super::normalize::NormLine;
use super::pairs::{Ctx, P, all, counts, first, num, places, unit_kind, unit_ref};
use super::parse_plan::step;
use maester_board::{Order, OrderType, UnitKind};
use maester_rules::event_phase::events::EventCard;
use pest::Parser;

/// Parse one normalised line: its items in order (several placements may share a line), none
/// for a line with nothing to do (a label alone).
pub fn parse_line(
    norm: &NormLine,
    original: &str,
    line: usize,
) -> Result<Vec<Item<Syntax>>, Problem> {
    let ctx = Ctx {
        norm,
        original,
        line,
    };
    let mut pairs =
        OrderParser::parse(Rule::line, &norm.text).map_err(|e| syntax_error(norm, original, e))?;
    let line_pair = pairs.next().expect("a line");
    for p in line_pair.into_inner() {
        match p.as_rule() {
            Rule::label | Rule::alternative_prefix | Rule::EOI => {}
            Rule::placements => {
                return all(&p, Rule::placement)
                    .into_iter()
                    .map(|c| placement(&ctx, c).map(Item::Placement))
                    .collect();
            }
            _ => return item(&ctx, p).map(|i| vec![i]),
        }
    }
    Ok(Vec::new())
}

fn item(ctx: &Ctx, p: P) -> Result<Item<Syntax>, Problem> {
    let col = ctx.col(&p);
    Ok(match p.as_rule() {
        Rule::account => Item::Account(account(ctx, p)),
        Rule::port_then_muster => return Err((col, ErrorKind::PortThenMuster)),
        Rule::arithmetic => return Err((col, ErrorKind::Arithmetic)),
        Rule::build_port => {
            let area = ctx.name(&first(&p, Rule::place).expect("place"));
            let coast = first(&p, Rule::port_coast)
                .map(|c| ctx.name(&first(&c, Rule::place).expect("place")));
            Item::BuildPort { area, coast }
        }
        Rule::demolish_port => {
            Item::DemolishPort(ctx.name(&first(&p, Rule::place).expect("place")))
        }
        Rule::destroy_captured => Item::DestroyCapturedShips,
        Rule::leader_pick => Item::LeaderPick {
            leader: ctx.name(&first(&p, Rule::pick_leader).expect("leader")),
            kill: first(&p, Rule::kw_pick_kill).is_some(),
            kinds: all(&p, Rule::unit_kind).iter().map(unit_kind).collect(),
        },
        Rule::bid => bid(ctx, p)?,
        Rule::wildling_bid => Item::WildlingBid(num(&first(&p, Rule::number).expect("number"))),
        Rule::choose => Item::Choose(chosen_event(ctx, &p)?),
        Rule::tie_break => Item::TieBreak {
            track: first(&p, Rule::track).map(|t| track(&t)),
            wildlings: first(&p, Rule::tie_wildlings).is_some(),
            order: all(&p, Rule::house).iter().map(|h| ctx.name(h)).collect(),
        },
        Rule::reward => Item::Reward(reward(ctx, p)?),
        Rule::disband => Item::Disband(unit_refs(ctx, &p)?),
        Rule::muster => Item::Muster(musters(ctx, &p)?),
        Rule::casualties => {
            Item::Casualties(all(&p, Rule::unit_kind).iter().map(unit_kind).collect())
        }
        Rule::retreat => Item::Retreat {
            from: first(&p, Rule::retreat_from).map(|r| {
                let name = first(&r, Rule::place).or_else(|| first(&r, Rule::place_marches));
                ctx.name(&name.expect("place"))
            }),
            to: places(ctx, &p),
        },
        Rule::sword => Item::Sword(unit_ref(ctx, first(&p, Rule::unit_ref).expect("unit_ref"))?),
        Rule::district => {
            let ps = places(ctx, &p);
            let [a, b] = <[Spanned<String>; 2]>::try_from(ps).expect("two places");
            Item::District {
                areas: [a, b],
                leader: ctx.name(&first(&p, Rule::leader).expect("leader")),
            }
        }
        Rule::refusal => {
            let house = ctx.name(&first(&p, Rule::house).expect("house"));
            let (mut from, mut battle) = (None, None);
            let mut after_from = false;
            let mut after_at = false;
            for c in p.clone().into_inner() {
                match c.as_rule() {
                    Rule::kw_from => after_from = true,
                    Rule::kw_at => after_at = true,
                    Rule::place if after_at => battle = Some(ctx.name(&c)),
                    Rule::place if after_from => from = Some(ctx.name(&c)),
                    _ => {}
                }
            }
            Item::Refusal {
                house,
                from,
                battle,
            }
        }
        Rule::fortify => Item::Fortify(ctx.name(&first(&p, Rule::place).expect("place"))),
        Rule::defender => {
            let leaders = all(&p, Rule::leader);
            Item::Defender {
                area: ctx.name(&first(&p, Rule::place).expect("place")),
                leader: ctx.name(&leaders[0]),
                substitute: leaders.get(1).map(|l| ctx.name(l)),
            }
        }
        Rule::no_support => {
            let ps = places(ctx, &p);
            Item::NoSupport {
                from: ps[0].clone(),
                battle: ps[1].clone(),
            }
        }
        Rule::leader_cancels => Item::Cancels {
            leader: ctx.name(
                &first(&p, Rule::leader_word)
                    .or_else(|| first(&p, Rule::leader))
                    .expect("leader"),
            ),
            targets: places(ctx, &p),
        },
        Rule::placement => Item::Placement(placement(ctx, p)?),
        Rule::drop_track => Item::DropTrack(track(&first(&p, Rule::track).expect("track"))),
        Rule::downgrade => {
            let mut v = Vec::new();
            for d in all(&p, Rule::downgrade_one) {
                let knights = match first(&d, Rule::counts) {
                    Some(c) => counts(ctx, &c)?[UnitKind::Knight.index()],
                    None => 1,
                };
                v.push(Downgrade {
                    area: ctx.name(&first(&d, Rule::place).expect("place")),
                    knights,
                    into: first(&d, Rule::unit_kind).map(|k| unit_kind(&k)),
                });
            }
            Item::Downgrade(v)
        }
        Rule::raven => Item::Raven(placement(
            ctx,
            first(&p, Rule::placement).expect("placement"),
        )?),
        Rule::step => Item::Step(step(ctx, p)?),
        r => unreachable!("unexpected item rule {r:?}"),
    })
}

fn account(ctx: &Ctx, p: P) -> Account {
    let inner = p.into_inner().next().expect("account kind");
    match inner.as_rule() {
        Rule::account_password => {
            let s = first(&inner, Rule::secret).expect("secret");
            let col = ctx.col(&s);
            let raw: String = ctx.original.chars().skip(col - 1).collect();
            Account::Password(raw.trim().to_string())
        }
        Rule::account_help => Account::Help,
        Rule::account_status => Account::Status,
        Rule::account_history => Account::History,
        Rule::account_nowait => Account::NoWait,
        Rule::account_pass => Account::Pass,
        Rule::account_absent => {
            let mut days = inner
                .into_inner()
                .filter(|p| p.as_rule() == Rule::absence_date)
                .filter_map(|p| crate::ast::Day::parse(p.as_str()));
            let none = crate::ast::Day {
                year: None,
                month: 0,
                day: 0,
            };
            let first = days.next().unwrap_or(none);
            Account::Absent(first, days.next().unwrap_or(none))
        }
        _ => Account::Wait,
    }
}

fn track(p: &P) -> Track {
    match p.clone().into_inner().next().map(|c| c.as_rule()) {
        Some(Rule::track_iron) => Track::IronThrone,
        Some(Rule::track_fief) => Track::Fiefdoms,
        _ => Track::KingsCourt,
    }
}

fn bid(ctx: &Ctx, p: P) -> Result<Item<Syntax>, Problem> {
    let col = ctx.col(&p);
    let named = all(&p, Rule::track_bid);
    let mut v: [Option<u16>; 3] = [None; 3];
    if named.is_empty() {
        let n = all(&p, Rule::number);
        for (slot, x) in v.iter_mut().zip(&n) {
            *slot = Some(num(x));
        }
    } else {
        for tb in named {
            let t = track(&first(&tb, Rule::track).expect("track"));
            let slot = &mut v[t as usize];
            if slot.is_some() {
                return Err((ctx.col(&tb), ErrorKind::DuplicateTrack(t)));
            }
            *slot = Some(num(&first(&tb, Rule::number).expect("number")));
        }
    }
    let tracks = [Track::IronThrone, Track::Fiefdoms, Track::KingsCourt];
    for (t, x) in tracks.iter().zip(v) {
        if x.is_none() {
            return Err((col, ErrorKind::MissingTrack(*t)));
        }
    }
    Ok(Item::Bid {
        iron_throne: v[0].unwrap_or(0),
        fiefdoms: v[1].unwrap_or(0),
        kings_court: v[2].unwrap_or(0),
    })
}

fn reward(ctx: &Ctx, p: P) -> Result<Reward<Syntax>, Problem> {
    let inner = p
        .into_inner()
        .find(|c| {
            matches!(
                c.as_rule(),
                Rule::reward_recall
                    | Rule::reward_rest
                    | Rule::reward_upgrade
                    | Rule::reward_muster
                    | Rule::reward_capture
            )
        })
        .expect("reward kind");
    Ok(match inner.as_rule() {
        Rule::reward_recall => {
            Reward::Recall(ctx.name(&first(&inner, Rule::leader).expect("leader")))
        }
        Rule::reward_rest => Reward::Rest(ctx.name(&first(&inner, Rule::leader).expect("leader"))),
        Rule::reward_upgrade => Reward::Upgrade(unit_refs(ctx, &inner)?),
        Rule::reward_muster => Reward::Muster(musters(ctx, &inner)?),
        _ => Reward::Capture(captured(&inner)),
    })
}

/// The track of Doran's capture: named, or by its item (瓦雷利亚钢剑 → 封邑, 信鸦 → 御前会议).
fn captured(p: &P) -> Track {
    if first(p, Rule::capture_sword).is_some() {
        Track::Fiefdoms
    } else if first(p, Rule::capture_raven).is_some() {
        Track::KingsCourt
    } else {
        first(p, Rule::track).map_or(Track::IronThrone, |t| track(&t))
    }
}

fn unit_refs(ctx: &Ctx, p: &P) -> Result<Vec<UnitRef<Syntax>>, Problem> {
    all(p, Rule::unit_ref)
        .into_iter()
        .map(|u| unit_ref(ctx, u))
        .collect()
}

fn musters(ctx: &Ctx, p: &P) -> Result<Vec<Muster<Syntax>>, Problem> {
    let mut out = Vec::new();
    for c in p.clone().into_inner() {
        let rule = c.as_rule();
        if !matches!(
            rule,
            Rule::muster_units | Rule::muster_ships | Rule::muster_upgrade
        ) {
            continue;
        }
        let ps = places(ctx, &c);
        let units = counts(ctx, &first(&c, Rule::counts).expect("counts"))?;
        out.push(if rule == Rule::muster_upgrade {
            Muster::Upgrade {
                area: ps[0].clone(),
                units,
                into: unit_kind(&first(&c, Rule::unit_kind).expect("unit kind")),
            }
        } else {
            Muster::Recruit {
                area: ps[0].clone(),
                units,
                to: ps[1..].to_vec(),
            }
        });
    }
    Ok(out)
}

fn order_type(ctx: &Ctx, p: P) -> Result<Order, Problem> {
    let mut kind = OrderType::March;
    let mut bonus = None;
    for c in p.clone().into_inner() {
        match c.as_rule() {
            Rule::order_march => kind = OrderType::March,
            Rule::order_defence => kind = OrderType::Defence,
            Rule::order_support => kind = OrderType::Support,
            Rule::order_raid => kind = OrderType::Raid,
            Rule::order_consolidate => kind = OrderType::Consolidate,
            Rule::order_bonus => {
                let d = c
                    .as_str()
                    .chars()
                    .last()
                    .and_then(|d| d.to_digit(10))
                    .unwrap_or(0);
                bonus = Some((ctx.col(&c), d as u8));
            }
            _ => {}
        }
    }
    match bonus {
        None => Ok(Order {
            kind,
            special: false,
        }),
        Some((_, b)) if b == kind.special_bonus() => Ok(Order {
            kind,
            special: true,
        }),
        Some((col, given)) => Err((col, ErrorKind::WrongBonus { order: kind, given })),
    }
}

fn placement(ctx: &Ctx, p: P) -> Result<Placement<Syntax>, Problem> {
    let mut out = Placement {
        area: ctx.name(&first(&p, Rule::place).expect("place")),
        order: None,
        one_time: None,
    };
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::order_type => out.order = Some(order_type(ctx, c)?),
            Rule::one_time => {
                let k = c.clone().into_inner().next().expect("kind");
                out.one_time = Some(match k.as_rule() {
                    Rule::onetime_recruit => OneTime::Recruit,
                    Rule::onetime_caravan => OneTime::SupplyCaravan,
                    Rule::onetime_forced => OneTime::ForcedMarch,
                    _ => OneTime::Pontoon(first(&c, Rule::place).map(|b| ctx.name(&b))),
                });
            }
            _ => {}
        }
    }
    Ok(out)
}

/// The event of a `选择:` line (004:L2640–L2644); an unknown name is answered with the list.
fn chosen_event(ctx: &Ctx, p: &P) -> Result<EventCard, Problem> {
    if let Some(o) = first(p, Rule::event_other) {
        let found = o.as_str().trim().to_string();
        return Err((ctx.col(&o), ErrorKind::UnknownEvent { found }));
    }
    let Some(name) = first(p, Rule::event_name).and_then(|n| n.into_inner().next()) else {
        return Err((ctx.col(p), ErrorKind::Internal));
    };
    Ok(match name.as_rule() {
        Rule::ev_supply => EventCard::Supply,
        Rule::ev_muster => EventCard::Muster,
        Rule::ev_got => EventCard::GameOfThrones { wildlings: false },
        Rule::ev_cok => EventCard::ClashOfKings,
        Rule::ev_sea => EventCard::SeaOfStorms,
        Rule::ev_feast => EventCard::FeastForCrows,
        Rule::ev_rains => EventCard::RainsOfAutumn,
        Rule::ev_swords => EventCard::StormOfSwords,
        Rule::ev_wildlings => EventCard::WildlingAttack,
        Rule::ev_rough => EventCard::RoughSeas,
        Rule::ev_frozen => EventCard::FrozenRivers,
        _ => EventCard::LastDaysOfSummer,
    })
}
