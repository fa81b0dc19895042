//! 事件牌库 The event deck: the three bags, the game's generator, Winter is Coming, the
//! late events of round 6 on, and the rounds drawn ahead.

use super::*;

impl EventCard {
    /// Every card with its key in the board's `[events]` table (`board::EVENT_CARD_KEYS`).
    pub const KEYS: [(&'static str, EventCard); 16] = [
        ("supply", EventCard::Supply),
        ("muster", EventCard::Muster),
        ("clash-of-kings", EventCard::ClashOfKings),
        (
            "game-of-thrones",
            EventCard::GameOfThrones { wildlings: false },
        ),
        (
            "game-of-thrones-wildlings",
            EventCard::GameOfThrones { wildlings: true },
        ),
        ("sea-of-storms", EventCard::SeaOfStorms),
        ("feast-for-crows", EventCard::FeastForCrows),
        ("rains-of-autumn", EventCard::RainsOfAutumn),
        ("storm-of-swords", EventCard::StormOfSwords),
        ("wildling-attack", EventCard::WildlingAttack),
        ("rough-seas", EventCard::RoughSeas),
        ("frozen-rivers", EventCard::FrozenRivers),
        ("last-days-of-summer", EventCard::LastDaysOfSummer),
        ("throne-of-blades", EventCard::ThroneOfBlades),
        ("dark-wings", EventCard::DarkWings),
        ("punish-the-guilty", EventCard::PunishTheGuilty),
    ];

    /// The card of a key of the board's `[events]` table.
    pub fn from_key(key: &str) -> Option<EventCard> {
        Self::KEYS.iter().find(|(k, _)| *k == key).map(|(_, c)| *c)
    }
}

impl EventBags {
    /// The bags of a board (its keys were checked when the board was loaded).
    pub fn of(board: &Board) -> EventBags {
        let cards = |keys: &[String]| -> Vec<EventCard> {
            keys.iter().filter_map(|k| EventCard::from_key(k)).collect()
        };
        let t = &board.events;
        EventBags {
            cycle: [cards(&t.bags[0]), cards(&t.bags[1]), cards(&t.bags[2])],
            late: cards(&t.late),
            late_from: t.late_from,
            choosers: cards(&t.choosers),
        }
    }

    /// Whether the tables are missing (a deck saved before they were kept in it).
    pub fn is_empty(&self) -> bool {
        self.cycle.iter().all(Vec::is_empty)
    }

    fn full(&self, c: Category, s: &EventSettings) -> Vec<EventCard> {
        let mut v = self.cycle[c as usize].clone();
        if s.chooser_events
            && let Some(card) = self.choosers.get(c as usize)
        {
            v.push(*card);
        }
        v
    }
}

impl EventDeck {
    /// A fresh deck for a seed.
    pub fn new(seed: &str, settings: EventSettings, tables: EventBags) -> EventDeck {
        EventDeck {
            rng: Rng::from_seed(seed),
            settings,
            bags: Category::ALL.map(|c| tables.full(c, &settings)),
            tables,
            once_drawn: Vec::new(),
            upcoming: Vec::new(),
            current: None,
        }
    }

    fn refill(&mut self, c: Category, round: u8) {
        self.bags[c as usize] = self.tables.full(c, &self.settings);
        self.add_late_cards(round);
    }

    /// From round 6 the two late military cards are in the bag until drawn.
    fn add_late_cards(&mut self, round: u8) {
        if round < self.tables.late_from {
            return;
        }
        for &card in &self.tables.late {
            let bag = &mut self.bags[Category::Military as usize];
            if !self.once_drawn.contains(&card) && !bag.contains(&card) {
                bag.push(card);
            }
        }
    }

    fn draw_category(&mut self, c: Category, round: u8) -> CategoryDraw {
        self.add_late_cards(round);
        let winter = self.rng.chance_per_mille(self.settings.wic_per_mille);
        if winter || self.bags[c as usize].is_empty() {
            self.refill(c, round);
        }
        let bag = &mut self.bags[c as usize];
        let i = self.rng.below(bag.len() as u64) as usize;
        let card = if i < bag.len() {
            bag.remove(i)
        } else {
            EventCard::LastDaysOfSummer
        };
        if self.tables.late.contains(&card) {
            self.once_drawn.push(card);
        }
        CategoryDraw {
            winter,
            card,
            chosen: None,
        }
    }

    /// The wildling penalty drawn with an attack (004:L1128), uniformly among the three.
    pub fn draw_penalty(&mut self) -> PenaltyKind {
        match self.rng.below(3) {
            0 => PenaltyKind::Disband,
            1 => PenaltyKind::DowngradeKnights,
            _ => PenaltyKind::NoSpecialOrders,
        }
    }

    /// Draw one round's events.
    pub fn draw_round(&mut self, round: u8) -> RoundEvents {
        let draws = Category::ALL.map(|c| self.draw_category(c, round));
        let wildling_penalty =
            if draws[Category::Military as usize].card == EventCard::WildlingAttack {
                Some(self.draw_penalty())
            } else {
                None
            };
        RoundEvents {
            round,
            draws,
            wildling_penalty,
        }
    }

    /// Rounds drawn ahead: 1, or 3 with the preview rule (004:L2632).
    pub fn lookahead(&self) -> u8 {
        if self.settings.preview { 3 } else { 1 }
    }

    /// Draw every round up to `last` (inclusive) not drawn yet.
    pub fn draw_through(&mut self, last: u8) -> Vec<u8> {
        let mut next = self
            .upcoming
            .last()
            .map(|r| r.round + 1)
            .or(self.current.as_ref().map(|r| r.round + 1))
            .unwrap_or(2)
            .max(2);
        let mut drawn = Vec::new();
        while next <= last {
            let r = self.draw_round(next);
            self.upcoming.push(r);
            drawn.push(next);
            next += 1;
        }
        drawn
    }
}

/// Set up a game's events: the deck from the seed, and round 2's draw (rounds 2–4 with the
/// preview rule), made in round 1 as 附录1 requires ("这个步骤第一回合不能跳过").
pub fn start_game(
    board: &Board,
    state: &mut GameState,
    seed: &str,
    settings: EventSettings,
) -> Vec<EconomyEvent> {
    let mut deck = EventDeck::new(seed, settings, EventBags::of(board));
    let last = state.round.max(1).saturating_add(deck.lookahead());
    let drawn = deck.draw_through(last);
    state.economy.deck = Some(std::sync::Arc::new(deck));
    drawn
        .into_iter()
        .map(|round| EconomyEvent::EventsDrawn { round })
        .collect()
}

/// A deck saved before it kept the board's bag tables gets them from the board (a game stored by
/// an earlier version goes on with the same cards).
pub fn restore_tables(board: &Board, state: &mut GameState) {
    if let Some(deck) = state.economy.deck.as_mut()
        && deck.tables.is_empty()
    {
        std::sync::Arc::make_mut(deck).tables = EventBags::of(board);
    }
}
