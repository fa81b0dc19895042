//! The canonical echo: one canonical spelling per item and language. Parsing an echo gives the
//! same resolved item again (tested for every corpus line and for random items).

use super::ast::*;
use super::errors::Lang;
use super::names::Names;
use crate::numerals::{cn_number, step_ref};
use crate::vocab::{Named, Spelling};
use maester_board::{AreaId, HouseId, LeaderId, UnitKind};

struct Echo<'a> {
    names: &'a Names,
    lang: Lang,
}

/// Whether the units named are several, for the English verb: "units move", "1F moves".
fn several(u: &UnitRef<Resolved>) -> bool {
    match u.units {
        UnitSel::All => true,
        UnitSel::Counts(c) => c.iter().map(|n| u32::from(*n)).sum::<u32>() > 1,
        UnitSel::Kind(_) => false,
    }
}

/// `2F1K` in the order of [`UnitKind::ALL`].
pub fn counts_code(c: &[u8; 5]) -> String {
    UnitKind::ALL
        .iter()
        .filter(|k| c[k.index()] > 0)
        .map(|k| format!("{}{}", c[k.index()], k.code()))
        .collect()
}

impl Echo<'_> {
    fn zh(&self) -> bool {
        self.lang == Lang::Zh
    }
    fn w<'s>(&self, zh: &'s str, en: &'s str) -> &'s str {
        if self.zh() { zh } else { en }
    }
    fn area(&self, a: AreaId) -> &str {
        self.names.areas.name(a, self.lang)
    }
    fn house(&self, h: HouseId) -> &str {
        self.names.houses.name(h, self.lang)
    }
    fn leader(&self, l: LeaderId) -> &str {
        self.names.leaders.name(l, self.lang)
    }
    fn kind(&self, k: UnitKind) -> &'static str {
        if self.zh() { k.name_zh() } else { k.name_en() }
    }
    fn join_areas(&self, v: &[AreaId], sep: &str) -> String {
        v.iter()
            .map(|a| self.area(*a))
            .collect::<Vec<_>>()
            .join(sep)
    }
    fn units(&self, u: &UnitRef<Resolved>) -> String {
        let area = self.area(u.area);
        let sep = if self.zh() { "" } else { " " };
        match u.units {
            UnitSel::All => format!("{area}{sep}{}", self.w("部队", "units")),
            UnitSel::Kind(k) => format!("{area}{sep}{}", self.kind(k)),
            UnitSel::Counts(c) => format!("{area}{sep}{}", counts_code(&c)),
        }
    }

    fn predicate(&self, p: &Predicate<Resolved>) -> String {
        let zh = self.zh();
        match p {
            Predicate::Fallen { area, fallen } => match (zh, fallen) {
                (true, true) => format!("{}失守", self.area(*area)),
                (true, false) => format!("{}未失守", self.area(*area)),
                (false, true) => format!("{} has fallen", self.area(*area)),
                (false, false) => format!("{} is held", self.area(*area)),
            },
            Predicate::ForeignUnits { area, present } => match (zh, present) {
                (true, true) => format!("{}有其他家族的部队", self.area(*area)),
                (true, false) => format!("{}没有其他家族的部队", self.area(*area)),
                (false, true) => format!("{} has foreign units", self.area(*area)),
                (false, false) => format!("{} has no foreign units", self.area(*area)),
            },
            Predicate::StepTaken(s) if zh => {
                format!("第{}步执行的是{}", cn_number(s.major), step_ref(*s))
            }
            Predicate::StepTaken(s) => format!("step {} was {}", s.major, step_ref(*s)),
            Predicate::Garrison { area, cmp, value } => match (zh, cmp) {
                (true, Cmp::Greater) => format!("{}驻军战斗力大于{value}", self.area(*area)),
                (true, Cmp::Less) => format!("{}驻军战斗力小于{value}", self.area(*area)),
                (false, Cmp::Greater) => format!("garrison of {} > {value}", self.area(*area)),
                (false, Cmp::Less) => format!("garrison of {} < {value}", self.area(*area)),
            },
            Predicate::AttackedMe { house, attacked } => match (zh, attacked) {
                (true, true) => format!("{}在本回合攻击了我", self.house(*house)),
                (true, false) => format!("{}在本回合没有攻击我", self.house(*house)),
                (false, true) => format!("{} has attacked me this round", self.house(*house)),
                (false, false) => format!("{} has not attacked me this round", self.house(*house)),
            },
        }
    }

    /// `A且B或C` / `A and B or C`: "and" binds first, so every condition reads back the same.
    fn condition(&self, c: &Cond<Resolved>) -> String {
        let (and, or) = (self.w("且", " and "), self.w("或", " or "));
        c.any
            .iter()
            .map(|g| {
                g.iter()
                    .map(|p| self.predicate(p))
                    .collect::<Vec<_>>()
                    .join(and)
            })
            .collect::<Vec<_>>()
            .join(or)
    }

    fn side(&self, s: &Side<Resolved>) -> &str {
        match s {
            Side::House(h) => self.house(*h),
            Side::Neutral(a) => self.area(*a),
        }
    }

    fn march(&self, m: &March<Resolved>) -> String {
        // English agrees with the units named: "Winterfell units move to", "Winterfell 1F
        // moves to" (both read back).
        let verb = match (m.forced, self.zh(), several(&m.units)) {
            (false, true, _) => "移动到",
            (true, true, _) => "强行军到",
            (false, false, true) => "move to",
            (false, false, false) => "moves to",
            (true, false, _) => "forced march to",
        };
        let mut s = format!("{} {verb} {}", self.units(&m.units), self.area(m.to));
        let mut slots = Vec::new();
        match &m.leader {
            Some(LeaderChoice::Named(l)) => {
                slots.push(format!("{}: {}", self.w("将领", "leader"), self.leader(*l)))
            }
            Some(LeaderChoice::Conditional {
                condition,
                then,
                otherwise,
            }) => {
                s += &if self.zh() {
                    format!(
                        "(如果{},行军将领为{};否则,将领为{})",
                        self.condition(condition),
                        self.leader(*then),
                        self.leader(*otherwise)
                    )
                } else {
                    format!(
                        " (if {}, leader {}; otherwise, leader {})",
                        self.condition(condition),
                        self.leader(*then),
                        self.leader(*otherwise)
                    )
                }
            }
            None => {}
        }
        if let Some(d) = m.defender {
            slots.push(format!("{}: {}", self.w("防守", "defend"), self.leader(d)));
        }
        if !slots.is_empty() {
            s += &format!("{}({})", self.w("", " "), slots.join("; "));
        }
        if m.special {
            s += self.w("(行军+1)", " (march+1)");
        }
        if m.leave_token {
            s += self.w("(放置势力标志)", " (leave power token)");
        }
        s
    }

    fn action(&self, a: &Action<Resolved>) -> String {
        let zh = self.zh();
        match a {
            Action::March(m) => self.march(m),
            // English agrees with the units named, as a march does: "units raid", "1F raids".
            Action::Raid { units, targets } => format!(
                "{} {} {}",
                self.units(units),
                self.w("突袭", if several(units) { "raid" } else { "raids" }),
                self.join_areas(targets, self.w(" 和 ", " and "))
            ),
            Action::Support { from, target } => {
                let mut s = match from {
                    Some(f) => format!("{} {}", self.area(*f), self.w("支援", "supports")),
                    None => self.w("支援", "support").to_string(),
                };
                s += &match target {
                    SupportTarget::Attack { units, to } if zh => {
                        format!(" {} 移动到 {}", self.units(units), self.area(*to))
                    }
                    SupportTarget::Attack { units, to } => {
                        format!(" {} moving to {}", self.units(units), self.area(*to))
                    }
                    SupportTarget::Defence { side, area } if zh => {
                        format!(" {} 防守 {}", self.side(side), self.area(*area))
                    }
                    SupportTarget::Defence { side, area } => {
                        format!(" {} defending {}", self.side(side), self.area(*area))
                    }
                };
                s
            }
            Action::Transport { seas, units, to } => format!(
                "{} {} {} {} {}",
                self.join_areas(seas, self.w(" 和 ", " and ")),
                self.w("运输", "transport"),
                self.units(units),
                self.w("移动到", "to"),
                self.area(*to)
            ),
        }
    }

    fn step(&self, s: &Step<Resolved>) -> String {
        let mut out = s
            .number
            .map(|n| format!("{}) ", step_ref(n)))
            .unwrap_or_default();
        let mut clauses = Vec::new();
        for alt in &s.alternatives {
            for (i, (a, f)) in alt.actions.iter().enumerate() {
                let mut c = String::new();
                if i == 0 {
                    match &alt.condition {
                        Some(Condition::If(p)) if self.zh() => {
                            c += &format!("如果{},则", self.condition(p))
                        }
                        Some(Condition::If(p)) => c += &format!("if {}, then ", self.condition(p)),
                        Some(Condition::Otherwise) => c += self.w("否则,", "otherwise, "),
                        None => {}
                    }
                }
                c += &self.action(a);
                if let Some(f) = f {
                    c += &if self.zh() {
                        format!(
                            ",如果{}导致该命令不能被执行,则{}",
                            self.condition(&f.because),
                            self.action(&f.then)
                        )
                    } else {
                        format!(
                            ", if it fails because {}, then {}",
                            self.condition(&f.because),
                            self.action(&f.then)
                        )
                    };
                }
                clauses.push(c);
            }
        }
        out += &clauses.join(self.w(";", "; "));
        out += self.w("。", ".");
        out
    }

    fn musters(&self, v: &[Muster<Resolved>]) -> String {
        let zh = self.zh();
        v.iter()
            .map(|m| match m {
                Muster::Recruit { area, units, to } if to.is_empty() => self.units(&UnitRef {
                    area: *area,
                    units: UnitSel::Counts(*units),
                }),
                Muster::Recruit { area, units, to } => format!(
                    "{} {} {}",
                    self.units(&UnitRef {
                        area: *area,
                        units: UnitSel::Counts(*units)
                    }),
                    self.w("到", "to"),
                    self.join_areas(to, " > ")
                ),
                Muster::Upgrade { area, units, into } => format!(
                    "{} {} {}",
                    self.units(&UnitRef {
                        area: *area,
                        units: UnitSel::Counts(*units)
                    }),
                    if zh { "升级为" } else { "upgrade to" },
                    self.kind(*into)
                ),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn track(&self, t: Track) -> &'static str {
        match t {
            Track::IronThrone => self.w("铁王座", "Iron Throne"),
            Track::Fiefdoms => self.w("封邑", "Fiefdoms"),
            Track::KingsCourt => self.w("御前会议", "King's Court"),
        }
    }

    fn item(&self, item: &Item<Resolved>) -> String {
        let zh = self.zh();
        match item {
            Item::Placement(p) => self.placement(p),
            Item::Raven(p) => format!(
                "{}: {}",
                self.w("信鸦", "raven"),
                self.item(&Item::Placement(p.clone()))
            ),
            Item::Step(s) => self.step(s),
            Item::Defender {
                area,
                leader,
                substitute,
            } => self.defender(*area, *leader, *substitute),
            Item::District { areas, leader } => format!(
                "{}: {} + {} {}: {}",
                self.w("军区", "district"),
                self.area(areas[0]),
                self.area(areas[1]),
                self.w("守将", "defender"),
                self.leader(*leader)
            ),
            Item::Refusal {
                house,
                from,
                battle,
            } => self.refusal(*house, *from, *battle),
            Item::NoSupport { from, battle } => {
                format!(
                    "{} {} {}",
                    self.area(*from),
                    self.w("不支援", "does not support"),
                    self.area(*battle)
                )
            }
            Item::Casualties(v) => format!(
                "{}: {}",
                self.w("阵亡顺序", "casualties"),
                v.iter()
                    .map(|k| self.kind(*k))
                    .collect::<Vec<_>>()
                    .join(" > ")
            ),
            Item::Retreat { from, to } => {
                let mut s = format!("{}: ", self.w("撤退", "retreat"));
                if let Some(f) = from {
                    s += &format!("{} {} ", self.area(*f), self.w("到", "to"));
                }
                s + &self.join_areas(to, " > ")
            }
            Item::Fortify(a) => format!("{}: {}", self.w("修建防御工事", "fortify"), self.area(*a)),
            Item::Sword(u) => format!("{}: {}", self.w("瓦雷利亚钢剑", "sword"), self.units(u)),
            Item::Cancels { leader, targets } => {
                let list = self.join_areas(targets, ", ");
                let l = self.leader(*leader);
                if zh {
                    format!("{l}取消: {list}")
                } else {
                    format!("cancel list of {l}: {list}")
                }
            }
            Item::Disband(v) => format!(
                "{}: {}",
                self.w("裁军", "disband"),
                v.iter()
                    .map(|u| self.units(u))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Item::Muster(v) => format!("{}: {}", self.w("征兵", "muster"), self.musters(v)),
            Item::Bid {
                iron_throne,
                fiefdoms,
                kings_court,
            } => format!(
                "{} {iron_throne} {} {fiefdoms} {} {kings_court}",
                self.track(Track::IronThrone),
                self.track(Track::Fiefdoms),
                self.track(Track::KingsCourt)
            ),
            Item::WildlingBid(n) => format!("{}: {n}", self.w("野人", "wildlings")),
            // The card's name without the note some English names carry (`Rough Seas (惊涛骇浪)`).
            Item::Choose(e) => {
                let name = e.name(self.lang);
                let name = name.split(" (").next().unwrap_or(name);
                format!("{}: {name}", self.w("选择", "choose"))
            }
            Item::DropTrack(t) => {
                format!("{}: {}", self.w("降级领域", "drop track"), self.track(*t))
            }
            Item::Downgrade(v) => self.downgrade(v),
            Item::Reward(r) => self.reward(r),
            Item::BuildPort { area, coast } => {
                let mut s = format!(
                    "{} {}",
                    self.w("建造港口:", "build port at"),
                    self.area(*area)
                );
                if let Some(c) = coast {
                    s += &format!(" {} {}", self.w("到", "on"), self.area(*c));
                }
                s
            }
            Item::DestroyCapturedShips => self
                .w("摧毁俘虏的战舰", "destroy captured ships")
                .to_string(),
            Item::LeaderPick {
                leader,
                kill,
                kinds,
            } => self.leader_pick(*leader, *kill, kinds),
            Item::DemolishPort(a) => {
                format!(
                    "{} {}",
                    self.w("摧毁港口:", "destroy port at"),
                    self.area(*a)
                )
            }
            Item::TieBreak {
                track,
                wildlings,
                order,
            } => self.tie_break(*track, *wildlings, order),
            Item::Account(a) => self.account(a),
        }
    }

    fn placement(&self, p: &Placement<Resolved>) -> String {
        let zh = self.zh();
        let mut s = self.area(p.area).to_string();
        if let Some(o) = p.order {
            s += " ";
            s += &if zh {
                o.name_zh()
            } else if o.kind == maester_board::OrderType::Consolidate {
                format!("consolidate power{}", if o.special { "+1" } else { "" })
            } else {
                o.name_en()
            };
        }
        if let Some(t) = &p.one_time {
            s += if p.order.is_some() && !zh { ", " } else { " " };
            s += &match t {
                OneTime::Recruit => self.w("招募", "recruit").to_string(),
                OneTime::SupplyCaravan => self.w("补给车", "supply caravan").to_string(),
                OneTime::ForcedMarch => self.w("强行军", "forced march").to_string(),
                OneTime::Pontoon(None) => self.w("浮桥", "pontoon").to_string(),
                OneTime::Pontoon(Some(b)) => {
                    format!("{} {}", self.w("浮桥 到", "pontoon to"), self.area(*b))
                }
            };
        }
        s
    }

    fn defender(&self, area: AreaId, leader: LeaderId, substitute: Option<LeaderId>) -> String {
        let zh = self.zh();
        let mut s = if zh {
            format!("{}守将: {}", self.area(area), self.leader(leader))
        } else {
            format!("{} defender: {}", self.area(area), self.leader(leader))
        };
        if let Some(l) = substitute {
            s += &format!(
                "{}({}: {})",
                self.w("", " "),
                self.w("替补", "substitute"),
                self.leader(l)
            );
        }
        s
    }

    fn refusal(&self, house: HouseId, from: Option<AreaId>, battle: Option<AreaId>) -> String {
        let zh = self.zh();
        let mut s = format!("{} {}", self.w("拒绝", "refuse"), self.house(house));
        if zh {
            if let Some(f) = from {
                s += &format!(" 从 {}", self.area(f));
            }
            s += " 的支援";
        } else {
            s += " support";
            if let Some(f) = from {
                s += &format!(" from {}", self.area(f));
            }
        }
        if let Some(b) = battle {
            s += &format!(" {} {}", self.w("在", "at"), self.area(b));
        }
        s
    }

    fn downgrade(&self, v: &[Downgrade<Resolved>]) -> String {
        format!(
            "{}: {}",
            self.w("降级", "downgrade"),
            v.iter()
                .map(|d| {
                    let mut s = format!("{} {}K", self.area(d.area), d.knights);
                    if let Some(k) = d.into {
                        s += &format!(" {} {}", self.w("为", "to"), self.kind(k));
                    }
                    s
                })
                .collect::<Vec<_>>()
                .join(", ")
        )
    }

    fn reward(&self, r: &Reward<Resolved>) -> String {
        let body = match r {
            Reward::Recall(l) => {
                format!("{} {}", self.w("召回", "recall"), self.leader(*l))
            }
            Reward::Rest(l) => format!("{} {}", self.w("休养", "rest"), self.leader(*l)),
            Reward::Upgrade(v) => format!(
                "{} {}",
                self.w("升级", "upgrade"),
                v.iter()
                    .map(|u| self.units(u))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Reward::Muster(v) => {
                format!("{} {}", self.w("征兵", "muster"), self.musters(v))
            }
            Reward::Capture(t) => {
                format!("{} {}", self.w("夺取", "capture"), self.track(*t))
            }
        };
        format!("{}: {body}", self.w("奖励", "reward"))
    }

    fn leader_pick(&self, leader: LeaderId, kill: bool, kinds: &[UnitKind]) -> String {
        let verb = match kill {
            true => self.w("歼灭", " kills"),
            false => self.w("升级", " upgrades"),
        };
        let list = kinds
            .iter()
            .map(|k| self.kind(*k))
            .collect::<Vec<_>>()
            .join(" > ");
        format!("{}{verb}: {list}", self.leader(leader))
    }

    fn tie_break(&self, track: Option<Track>, wildlings: bool, order: &[HouseId]) -> String {
        let mut s = self.w("平局", "tie").to_string();
        if let Some(t) = track {
            s += &format!(" {}", self.track(t));
        } else if wildlings {
            s += self.w(" 野人", " wildlings");
        }
        s += ": ";
        s + &order
            .iter()
            .map(|h| self.house(*h))
            .collect::<Vec<_>>()
            .join(" > ")
    }

    fn account(&self, a: &Account) -> String {
        match a {
            Account::Password(p) => format!("{}: {p}", self.w("密码", "password")),
            Account::Help => self.w("帮助", "help").to_string(),
            Account::Status => self.w("状态", "status").to_string(),
            Account::History => self.w("历史", "history").to_string(),
            Account::Wait => self.w("等待", "wait").to_string(),
            Account::NoWait => self.w("不等待", "nowait").to_string(),
            Account::Pass => self.w("无", "pass").to_string(),
            Account::Absent(a, b) => {
                let day = |d: &crate::ast::Day| match d.year {
                    Some(y) => format!("{y}-{:02}-{:02}", d.month, d.day),
                    None if self.zh() => format!("{}月{}日", d.month, d.day),
                    None => format!("{:02}-{:02}", d.month, d.day),
                };
                format!(
                    "{}: {} {} {}",
                    self.w("请假", "absent"),
                    day(a),
                    self.w("到", "to"),
                    day(b)
                )
            }
        }
    }
}

/// The canonical spelling of one resolved item in `lang`.
pub fn echo_item(item: &Item<Resolved>, names: &Names, lang: Lang) -> String {
    Echo { names, lang }.item(item)
}
