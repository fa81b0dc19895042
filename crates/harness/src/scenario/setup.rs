//! The starting position of a scenario: the map and the tracks, what the economy keeps between
//! rounds (ports, resting leaders, last round's consolidations and rewards), and the round's
//! events, begun as the step machine begins a round.

use super::cards::fold;
use super::format::{Scenario, ScenarioError, area, house, house_lines, leader, track, units};
use maester_board::{Ability, Board, Lang};
use maester_lang::Names;
use maester_rules::event_phase::economy::CpIncome;
use maester_rules::event_phase::events::{self, Category, EventCard, EventDeck, RoundEvents};
use maester_rules::event_phase::rewards::{PendingReward, RewardKind};
use maester_rules::event_phase::wildlings::PenaltyKind;
use maester_rules::log_events::EconomyEvent;
use maester_rules::round::endgame::Leaving;
use maester_rules::state::{LeaderStatus, Unit};
use maester_rules::{GameState, Step};
use maester_words::rule_text::RuleText;

/// The seed of a scenario's event deck when the case names none.
pub const DEFAULT_SEED: &str = "scenario";

/// The wildling penalty by name.
pub fn penalty(s: &str) -> Result<PenaltyKind, ScenarioError> {
    match fold(s).as_str() {
        "裁军" | "解散" | "disband" => Ok(PenaltyKind::Disband),
        "降级" | "降级骑士" | "downgrade" | "downgradeknights" => {
            Ok(PenaltyKind::DowngradeKnights)
        }
        "禁止特殊命令" | "不能使用特殊命令" | "nospecialorders" => {
            Ok(PenaltyKind::NoSpecialOrders)
        }
        _ => Err(ScenarioError(format!(
            "wildling_penalty {s:?}: write 裁军, 降级 or 禁止特殊命令"
        ))),
    }
}

impl Scenario {
    /// The position at the start of the round, before its events are begun.
    pub fn position(&self, board: &Board, names: &Names) -> Result<GameState, ScenarioError> {
        let st = &self.setup;
        if st.start {
            let given = !st.units.trim().is_empty()
                || !st.tokens.trim().is_empty()
                || !st.fortifications.trim().is_empty()
                || !st.events.is_empty()
                || !st.one_time_used.is_empty()
                || st.round.is_some_and(|r| r != 1);
            if given {
                return Err(ScenarioError(
                    "`start = true` is the board's own start: no units, tokens, events or round"
                        .into(),
                ));
            }
            let mut s = GameState::new_game(board);
            let seed = st.seed.as_deref().unwrap_or(DEFAULT_SEED);
            // As `maester new-game` does: the optional rules of 004 §七 come together.
            let optional = st.rules.one_time_orders;
            if optional {
                maester_rules::optional::one_time::enable(board, &mut s);
            }
            let settings = events::EventSettings {
                preview: optional,
                chooser_events: optional,
                ..events::EventSettings::default()
            };
            events::start_game(board, &mut s, seed, settings);
            return Ok(s);
        }
        let mut s = GameState::new_game(board);
        for a in s.areas.iter_mut() {
            a.units.clear();
            a.house = None;
        }
        if let Some(r) = st.round {
            s.round = r;
        }
        // A position set up by hand has no Supply basis: a caravan counts every province new.
        s.one_time.enabled = st.rules.one_time_orders;
        super::history::mark_used(self, board, names, &mut s)?;
        for (h, items) in house_lines(board, names, &st.units)? {
            for item in items {
                let split = item
                    .find(|c: char| c.is_ascii_digit())
                    .ok_or_else(|| ScenarioError(format!("{item:?}: write `area 2F1K`")))?;
                let (a, u) = item.split_at(split);
                let a = area(names, a)?;
                let sa = s.area_mut(a);
                if sa.house.is_some_and(|x| x != h) {
                    return Err(ScenarioError(format!("two houses in {item:?}")));
                }
                sa.house = Some(h);
                let new = units(u)?;
                if sa.units.len() + new.len() > maester_rules::Units::CAPACITY {
                    return Err(ScenarioError(format!(
                        "{item:?}: more than {} units in one area",
                        maester_rules::Units::CAPACITY
                    )));
                }
                sa.units.extend(new.into_iter().map(Unit::new));
            }
        }
        for (h, items) in house_lines(board, names, &st.tokens)? {
            for item in items {
                s.area_mut(area(names, item)?).token = Some(h);
            }
        }
        for (h, items) in house_lines(board, names, &st.fortifications)? {
            for item in items {
                s.area_mut(area(names, item)?).fortification = Some(h);
            }
        }
        for (h, n) in &st.power {
            let h = house(board, names, h)?;
            s.house_mut(h).power = *n;
        }
        for (h, n) in &st.barrels {
            let h = house(board, names, h)?;
            s.house_mut(h).barrels = *n;
        }
        for (a, n) in &st.neutral {
            let a = area(names, a)?;
            s.area_mut(a).neutral = (*n > 0).then_some(*n);
        }
        s.tracks = [
            track(board, names, &st.iron_throne, &board.start_tracks[0])?.into(),
            track(board, names, &st.fiefdoms, &board.start_tracks[1])?.into(),
            track(board, names, &st.kings_court, &board.start_tracks[2])?.into(),
        ];
        s.wildlings = st.wildlings.unwrap_or(0);
        for p in &st.ports {
            self.port(board, names, &mut s, p)?;
        }
        for (l, since) in &st.resting {
            let id = leader(names, l)?;
            let h = board.leader(id).house;
            for (x, status) in s.house_mut(h).leaders.iter_mut() {
                if *x == id {
                    *status = LeaderStatus::Resting { since: *since };
                }
            }
        }
        let last = s.round.saturating_sub(1);
        for (a, income) in &st.consolidated {
            let id = area(names, a)?;
            let h = s
                .controller(board, id)
                .ok_or_else(|| ScenarioError(format!("consolidated {a:?}: nobody controls it")))?;
            s.economy.cp_income.push(CpIncome {
                house: h,
                area: id,
                round: last,
                income: *income,
            });
        }
        for (l, beaten) in &st.rewards {
            let id = leader(names, l)?;
            let kind = match board.leader(id).ability {
                Some(Ability::Melisandre) => RewardKind::Melisandre,
                Some(Ability::Luwin) => RewardKind::Luwin,
                Some(Ability::Doran) => RewardKind::Doran,
                _ => {
                    return Err(ScenarioError(format!(
                        "rewards {l:?}: only 梅丽珊卓, 鲁温 and 道朗 have a reward claimed later"
                    )));
                }
            };
            s.economy.pending_rewards.push(PendingReward {
                house: board.leader(id).house,
                leader: id,
                kind,
                round: last,
                beaten: beaten
                    .iter()
                    .map(|h| house(board, names, h))
                    .collect::<Result<_, _>>()?,
            });
        }
        for h in &st.left {
            let h = house(board, names, h)?;
            s = maester_rules::round::endgame::player_leaves(&s, h, Leaving::Neutral).0;
        }
        Ok(s)
    }

    fn port(
        &self,
        board: &Board,
        names: &Names,
        s: &mut GameState,
        p: &str,
    ) -> Result<(), ScenarioError> {
        let mut words = p.split_whitespace();
        let province = area(names, words.next().unwrap_or_default())?;
        let sea = words.next().map(|w| area(names, w)).transpose()?;
        let site = board
            .area(province)
            .ports
            .iter()
            .copied()
            .find(|&x| board.area(x).temporary && s.area(x).port_built.is_none())
            .ok_or_else(|| ScenarioError(format!("ports {p:?}: no temporary port site there")))?;
        let seas = &board.area(site).port_seas;
        let sea = match sea {
            Some(x) if seas.contains(&x) => x,
            None if seas.len() == 1 => seas[0],
            _ => {
                return Err(ScenarioError(format!(
                    "ports {p:?}: name the sea the port faces ({})",
                    seas.iter()
                        .map(|x| board.area(*x).name_zh.clone())
                        .collect::<Vec<_>>()
                        .join(", ")
                )));
            }
        };
        s.area_mut(site).port_built = Some(sea);
        Ok(())
    }

    /// Whether the round opens with an event phase.
    pub fn has_event_phase(&self) -> bool {
        !self.setup.events.is_empty()
    }

    /// Begin the round's event phase as the step machine begins a round (`events::begin_round`):
    /// the events are announced and raise the wildlings. A category the case does not list
    /// holds 盛夏之末 in the deck, which changes nothing there; its announcement and its +2 are
    /// left out, so that a case is not about events it does not name.
    pub fn begin_events(
        &self,
        board: &Board,
        mut s: GameState,
    ) -> Result<(GameState, Vec<EconomyEvent>), ScenarioError> {
        if s.round < 2 {
            return Err(ScenarioError(
                "round 1 has no event phase (004:L2381): set `round` to 2 or more".into(),
            ));
        }
        let one_time = self.setup.rules.one_time_orders;
        let (draws, named) = super::history::round_draw(&self.setup.events, one_time)?;
        let listed: [Option<EventCard>; 3] =
            std::array::from_fn(|i| named[i].then_some(draws[i].card));
        // A penalty may also be set for a Wildling Attack the Raven holder may choose (004:L2644).
        let attack = matches!(
            listed[Category::Military as usize],
            Some(EventCard::WildlingAttack | EventCard::PunishTheGuilty)
        );
        let wildling_penalty = match (&self.setup.wildling_penalty, attack) {
            (Some(p), true) => Some(penalty(p)?),
            // Punish the Guilty without a preset: drawn if the attack is chosen.
            (None, true)
                if listed[Category::Military as usize] != Some(EventCard::WildlingAttack) =>
            {
                None
            }
            (None, true) => Some(PenaltyKind::Disband),
            (Some(_), false) => {
                return Err(ScenarioError(
                    "wildling_penalty without 野人入侵 (or 惩恶伐罪) among the events".into(),
                ));
            }
            (None, false) => None,
        };
        let seed = self.setup.seed.as_deref().unwrap_or(DEFAULT_SEED);
        // With the optional rules the coming rounds are previewed in public (004:L2632).
        let settings = events::EventSettings {
            preview: one_time,
            ..events::EventSettings::default()
        };
        let mut deck = EventDeck::new(seed, settings, events::EventBags::of(board));
        deck.upcoming = vec![RoundEvents {
            round: s.round,
            draws,
            wildling_penalty,
        }];
        deck.upcoming
            .extend(super::history::next_round(self, s.round)?);
        s.economy.deck = Some(std::sync::Arc::new(deck));
        let before = s.wildlings;
        let log = events::begin_round(board, &mut s)
            .map_err(|e| ScenarioError(e.message(board, Lang::En)))?;
        // Only the listed events count.
        let mut now = before;
        let mut kept = Vec::new();
        let mut filler = false;
        for mut e in log {
            match &e {
                EconomyEvent::EventAnnounced { category, .. } => {
                    filler = listed[*category as usize].is_none();
                }
                EconomyEvent::WinterIsComing { .. } | EconomyEvent::EventsDrawn { .. } => {
                    filler = false;
                }
                _ => {}
            }
            if filler {
                continue;
            }
            if let EconomyEvent::WildlingsRise { by, from, to, .. } = &mut e {
                *from = now;
                now = now.saturating_add(*by).min(board.rules.wildlings_max);
                *to = now;
            }
            kept.push(e);
        }
        s.wildlings = now;
        s.step = Step::Events;
        Ok((s, kept))
    }
}
