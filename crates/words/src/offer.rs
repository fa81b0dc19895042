//! The example lines a prompt offers a house, each kept only when the intake's own reading and
//! check (`lang::submit::parse_mail_with`, then `game::check`) accept it for that house in the
//! step it is written for: orders only in the areas the house holds with units, no more
//! special orders than its King's Court rank allows, within the per-kind limits and this
//! round's events; a plan's marches and raids only from its own revealed orders.

use maester_board::{AreaId, Board, HouseId, Lang, LeaderId, Order, OrderType};
use maester_lang::Names;
use maester_lang::ast::{
    Action, Alternative, Item, LeaderChoice, March, Placement, Step as LStep, StepNo, UnitRef,
    UnitSel,
};
use maester_rules::orders::Placement as Orders;
use maester_rules::{GameState, Step};

/// What builds and checks the examples of one house in one step.
pub struct Offer<'a> {
    board: &'a Board,
    names: Names,
    state: GameState,
    house: HouseId,
    lang: Lang,
}

impl<'a> Offer<'a> {
    /// The examples of `house` for `step`, checked against `state` with that step open.
    pub fn new(
        board: &'a Board,
        state: &GameState,
        house: HouseId,
        step: Step,
        lang: Lang,
    ) -> Self {
        let mut state = state.clone();
        state.step = step;
        Offer {
            board,
            names: Names::from_board(board),
            state,
            house,
            lang,
        }
    }

    /// The examples of `house` for the plan that follows `orders`, placed now (what the
    /// placement step teaches of the plan to come).
    pub fn after_placing(
        board: &'a Board,
        state: &GameState,
        house: HouseId,
        orders: &[(AreaId, Order)],
        lang: Lang,
    ) -> Self {
        let mut s = state.clone();
        let placement = Orders {
            orders: orders.to_vec(),
            one_time: Vec::new(),
        };
        maester_rules::planning::placement::apply(&mut s, &[(house, placement)]);
        Offer::new(board, &s, house, Step::Plan, lang)
    }

    /// The names the intake reads.
    pub fn names(&self) -> &Names {
        &self.names
    }

    /// The house the examples are for.
    pub fn house(&self) -> HouseId {
        self.house
    }

    /// The language of the examples.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The board.
    pub fn board(&self) -> &Board {
        self.board
    }

    /// The state the examples are checked against.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// Whether `lines`, sent as one mail, are read without error and accepted by the check.
    pub fn accepts(&self, lines: &[String]) -> bool {
        let text = lines.join("\n");
        let parsed = maester_lang::submit::parse_mail_with(
            self.board,
            &self.names,
            &self.state,
            &text,
            self.lang,
        );
        parsed.errors.is_empty()
            && parsed.submission.as_ref().is_some_and(|s| {
                maester_game::check(self.board, &self.state, self.house, s).is_ok()
            })
    }

    /// An item as the order language's echo writes it.
    pub fn echo(&self, item: &Item<maester_lang::Resolved>) -> String {
        maester_lang::echo::echo_item(item, &self.names, self.lang)
    }

    /// The house's areas with units, land first, the largest force first, then board order.
    pub fn held(&self) -> Vec<AreaId> {
        let mut v: Vec<AreaId> = self
            .board
            .area_ids()
            .filter(|a| {
                let st = self.state.area(*a);
                st.house == Some(self.house) && !st.units.is_empty()
            })
            .collect();
        v.sort_by_key(|a| {
            (
                !self.board.area(*a).is_land(),
                std::cmp::Reverse(self.state.area(*a).units.len()),
            )
        });
        v
    }

    /// Up to two orders the intake accepts together: a march (special when the house may give
    /// one), then a support (or the first other order that passes), each in its own area.
    pub fn placement_orders(&self) -> Vec<(AreaId, Order)> {
        let o = |kind, special| Order { kind, special };
        let slots = [
            vec![
                o(OrderType::March, true),
                o(OrderType::March, false),
                o(OrderType::Support, false),
                o(OrderType::Defence, false),
                o(OrderType::Consolidate, false),
            ],
            vec![
                o(OrderType::Support, false),
                o(OrderType::Defence, false),
                o(OrderType::Consolidate, false),
                o(OrderType::Raid, false),
                o(OrderType::March, false),
            ],
        ];
        let mut chosen: Vec<(AreaId, Order)> = Vec::new();
        let mut lines: Vec<String> = Vec::new();
        // The march where it can go somewhere by itself (not an island's army), the rest in
        // their order.
        let mut held = self.held();
        if let Some(i) = held.iter().position(|a| self.moves_alone(*a)) {
            let first = held.remove(i);
            held.insert(0, first);
        }
        let mut areas = held.iter();
        for slot in &slots {
            let Some(&area) = areas.next() else {
                break;
            };
            for order in slot {
                let line = self.placement_line(area, *order);
                lines.push(line);
                if self.accepts(&lines) {
                    chosen.push((area, *order));
                    break;
                }
                lines.pop();
            }
        }
        chosen
    }

    /// Whether the units of `a` border an area of their own kind (land, or sea) to march to.
    fn moves_alone(&self, a: AreaId) -> bool {
        let land = self.board.area(a).is_land();
        self.state
            .neighbours(self.board, a)
            .into_iter()
            .any(|b| self.board.area(b).is_land() == land && !self.board.area(b).is_port())
    }

    /// The house's areas with a revealed march or raid order.
    pub fn marching(&self) -> Vec<AreaId> {
        self.held()
            .into_iter()
            .filter(|a| {
                self.state
                    .area(*a)
                    .order
                    .is_some_and(|o| matches!(o.kind, OrderType::March | OrderType::Raid))
            })
            .collect()
    }

    /// The placement of `order` in `area` as the echo writes it.
    pub fn placement_line(&self, area: AreaId, order: Order) -> String {
        self.echo(&Item::Placement(Placement {
            area,
            order: Some(order),
            one_time: None,
        }))
    }

    /// [`Offer::placement_orders`] as the lines of a mail.
    pub fn placement(&self) -> Vec<String> {
        self.placement_orders()
            .into_iter()
            .map(|(a, o)| self.placement_line(a, o))
            .collect()
    }

    /// The Raven holder's change of one of his revealed orders, as the intake accepts it.
    pub fn raven(&self) -> Option<String> {
        let kinds = [
            OrderType::Defence,
            OrderType::Support,
            OrderType::Consolidate,
            OrderType::Raid,
            OrderType::March,
        ];
        self.held()
            .into_iter()
            .filter(|a| self.state.area(*a).order.is_some())
            .flat_map(|a| kinds.map(|k| (a, k)))
            .map(|(area, kind)| {
                self.echo(&Item::Raven(Placement {
                    area,
                    order: Some(Order {
                        kind,
                        special: false,
                    }),
                    one_time: None,
                }))
            })
            .find(|l| self.accepts(std::slice::from_ref(l)))
    }

    /// A march of the house's own (from an area with its revealed march order) to a
    /// neighbour, numbered or not, with `leader`: the line and its two areas.
    pub fn march(
        &self,
        numbered: bool,
        leader: Option<LeaderId>,
    ) -> Option<(AreaId, AreaId, String)> {
        let froms: Vec<AreaId> = self
            .held()
            .into_iter()
            .filter(|a| self.state.area(*a).order.map(|o| o.kind) == Some(OrderType::March))
            .collect();
        for from in froms {
            let land = self.board.area(from).is_land();
            for to in self.state.neighbours(self.board, from) {
                if self.board.area(to).is_land() != land || self.board.area(to).is_port() {
                    continue;
                }
                let line = self.march_line(from, to, numbered, leader);
                if self.accepts(std::slice::from_ref(&line)) {
                    return Some((from, to, line));
                }
            }
        }
        None
    }

    /// The march of `from` to `to` as the echo writes it.
    pub fn march_line(
        &self,
        from: AreaId,
        to: AreaId,
        numbered: bool,
        leader: Option<LeaderId>,
    ) -> String {
        self.march_line_numbered(from, to, numbered.then_some(1), leader)
    }

    /// The march of `from` to `to` as the echo writes it, as step `number` of the plan.
    pub fn march_line_numbered(
        &self,
        from: AreaId,
        to: AreaId,
        number: Option<u16>,
        leader: Option<LeaderId>,
    ) -> String {
        let step = LStep {
            number: number.map(|major| StepNo { major, minor: None }),
            alternatives: vec![Alternative {
                condition: None,
                actions: vec![(
                    Action::March(March {
                        units: UnitRef {
                            area: from,
                            units: UnitSel::All,
                        },
                        to,
                        forced: false,
                        special: false,
                        leader: leader.map(LeaderChoice::Named),
                        defender: None,
                        leave_token: false,
                    }),
                    None,
                )],
            }],
        };
        self.echo(&Item::Step(step))
    }

    /// A raid of the house's own (from an area with its revealed raid order) on a neighbour.
    pub fn raid(&self) -> Option<String> {
        let froms: Vec<AreaId> = self
            .held()
            .into_iter()
            .filter(|a| self.state.area(*a).order.map(|o| o.kind) == Some(OrderType::Raid))
            .collect();
        // Only a target whose order the raid can remove: never the house's own area, nor an
        // order no raid takes (it would be accepted, then not carried out).
        froms.into_iter().find_map(|from| {
            raid_targets(self.board, &self.state, self.house, from)
                .into_iter()
                .map(|to| self.raid_line(from, to))
                .find(|l| self.accepts(std::slice::from_ref(l)))
        })
    }

    /// The raid of `from` on `to` as the echo writes it.
    pub fn raid_line(&self, from: AreaId, to: AreaId) -> String {
        self.echo(&Item::Step(LStep {
            number: None,
            alternatives: vec![Alternative {
                condition: None,
                actions: vec![(
                    Action::Raid {
                        units: UnitRef {
                            area: from,
                            units: UnitSel::All,
                        },
                        targets: vec![to],
                    },
                    None,
                )],
            }],
        }))
    }

    /// `leader` defending `area`, as the echo writes it.
    pub fn defender_line(&self, area: AreaId, leader: LeaderId) -> String {
        self.echo(&Item::Defender {
            area,
            leader,
            substitute: None,
        })
    }

    /// The Raven's change of the order in `area` to `order`, as the echo writes it.
    pub fn raven_line(&self, area: AreaId, order: Order) -> String {
        self.echo(&Item::Raven(Placement {
            area,
            order: Some(order),
            one_time: None,
        }))
    }

    /// A defence leader for one of the house's areas, as the intake accepts it.
    pub fn defender(&self, leader: LeaderId) -> Option<String> {
        self.held()
            .into_iter()
            .filter(|a| self.board.area(*a).is_land())
            .map(|area| self.defender_line(area, leader))
            .find(|l| self.accepts(std::slice::from_ref(l)))
    }
}

/// The areas a raid from `from` can take an order from (004:L1436): a neighbour the raid's
/// geometry reaches, held by another house, with a raid, support or consolidate order (or a
/// one-time order of that kind).
pub fn raid_targets(board: &Board, state: &GameState, h: HouseId, from: AreaId) -> Vec<AreaId> {
    let src = board.area(from);
    state
        .neighbours(board, from)
        .into_iter()
        .filter(|&t| {
            let dst = board.area(t);
            if src.is_land() {
                dst.is_land() && !dst.is_port()
            } else if src.is_port() {
                dst.is_sea()
            } else {
                !dst.is_port() || state.port_sea(board, t) == Some(from)
            }
        })
        .filter(|&t| {
            let st = state.area(t);
            let victim = st.house.filter(|v| *v != h);
            let removable = st.order.is_some_and(|o| {
                matches!(
                    o.kind,
                    OrderType::Raid | OrderType::Support | OrderType::Consolidate
                )
            });
            let one_time = st
                .one_time
                .is_some_and(|p| p.kind.raidable() && Some(p.house) == victim);
            victim.is_some() && (removable || one_time)
        })
        .collect()
}
