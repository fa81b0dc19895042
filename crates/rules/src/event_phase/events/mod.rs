//! 事件 The events of the event phase (004:L2384–L2465) and how they are drawn.
//!
//! One bag per category, drawn without replacement and refilled when empty:
//! * economic {Supply×2, Mustering×2, Last Days of Summer};
//! * political {Clash of Kings×2, Game of Thrones×3 (one, at random, marked "wildlings +2"), LDoS};
//! * military {Sea of Storms, Feast for Crows, Rains of Autumn, Storm of Swords, Wildling
//!   Attack×2, LDoS}, and from round 6 惊涛骇浪 and 河流封冻 once each (gone for good when drawn).
//!
//! Each round and category, Winter is Coming happens with probability `wic_per_mille`/1000: the
//! bag is refilled, and the draw is made from the full bag (the cycle restarts, 004:L2446).
//! LDoS postpones the category's event (the bag keeps it) and gives the wildlings +2
//! (004:L2437–L2442). Round r+1 is drawn at the end of round r's event phase (and in round 1,
//! 附录1), from the game's own generator ([`crate::rng`]), so the same seed gives the same game.

use crate::model::events::PenaltyKind;
pub use crate::model::events::{
    Category, CategoryDraw, EventBags, EventCard, EventDeck, EventSettings, RoundEvents,
};
use crate::model::log_events::EconomyEvent;
use crate::model::rng::Rng;
use crate::model::state::{GameState, Track};
use maester_board::{Board, HouseId};
use serde::{Deserialize, Serialize};

mod deck;
pub use deck::{restore_tables, start_game};

impl Category {
    /// Processing order (004:L2389): economic → political → military.
    pub const ALL: [Category; 3] = [Category::Economic, Category::Political, Category::Military];

    /// The track whose first holder learns this category in advance (004:L1165, L1179, L1192,
    /// King → economic, sword → political, Raven → military.
    pub fn track(self) -> Track {
        match self {
            Category::Economic => Track::IronThrone,
            Category::Political => Track::Fiefdoms,
            Category::Military => Track::KingsCourt,
        }
    }
}

impl EventCard {
    /// Whether it is one of the optional chooser events (004:L2638–L2646).
    pub fn is_chooser(self) -> bool {
        matches!(
            self,
            EventCard::ThroneOfBlades | EventCard::DarkWings | EventCard::PunishTheGuilty
        )
    }

    /// Wildling increase when this event resolves (004:L2399, L2416, L2420, L2426, L2442;
    /// chooser events +1, 004:L2640).
    pub fn wildlings(self) -> u8 {
        match self {
            EventCard::GameOfThrones { wildlings: true }
            | EventCard::RainsOfAutumn
            | EventCard::StormOfSwords
            | EventCard::RoughSeas
            | EventCard::LastDaysOfSummer => 2,
            c if c.is_chooser() => 1,
            _ => 0,
        }
    }

    /// What a chooser event may become (004:L2638–L2644); empty for other cards.
    pub fn choices(self) -> &'static [EventCard] {
        use EventCard::*;
        match self {
            ThroneOfBlades => &[Muster, Supply, LastDaysOfSummer],
            DarkWings => &[
                GameOfThrones { wildlings: false },
                ClashOfKings,
                LastDaysOfSummer,
            ],
            PunishTheGuilty => &[
                SeaOfStorms,
                FeastForCrows,
                RainsOfAutumn,
                StormOfSwords,
                WildlingAttack,
                LastDaysOfSummer,
            ],
            _ => &[],
        }
    }
}

impl Default for EventSettings {
    fn default() -> Self {
        EventSettings {
            wic_per_mille: 100,
            preview: false,
            chooser_events: false,
        }
    }
}

impl EventSettings {
    /// Settings from a probability (0.0..=1.0) as the game config writes it.
    pub fn with_probability(p_wic: f64, preview: bool, chooser_events: bool) -> EventSettings {
        let p = if p_wic.is_finite() {
            p_wic.clamp(0.0, 1.0)
        } else {
            0.1
        };
        EventSettings {
            wic_per_mille: (p * 1000.0).round() as u16,
            preview,
            chooser_events,
        }
    }
}

impl CategoryDraw {
    /// The event that takes place: the card, or a chooser's choice (None while undecided).
    pub fn effective(&self) -> Option<EventCard> {
        if self.card.is_chooser() {
            self.chosen
        } else {
            Some(self.card)
        }
    }
}

impl RoundEvents {
    /// The draw of a category.
    pub fn draw(&self, c: Category) -> &CategoryDraw {
        &self.draws[c as usize]
    }
    /// The event of a category that takes place (None: undecided chooser).
    pub fn effective(&self, c: Category) -> Option<EventCard> {
        self.draw(c).effective()
    }
    /// Whether an event takes place this round in any category.
    pub fn has(&self, card: EventCard) -> bool {
        Category::ALL
            .iter()
            .any(|&c| match (self.effective(c), card) {
                (Some(EventCard::GameOfThrones { .. }), EventCard::GameOfThrones { .. }) => true,
                (Some(x), y) => x == y,
                _ => false,
            })
    }
}

/// Why an events step cannot be taken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventError {
    /// The game's deck was never set up ([`start_game`]).
    NoDeck,
    /// Round 1 has no event phase (004:L2381).
    RoundOne,
    /// No draw exists for the round.
    NotDrawn(u8),
    /// A choice for a category whose card is not a chooser event, or already decided.
    NotAChooser(Category),
    /// The choice is not allowed for that chooser card (004:L2638–L2644).
    BadChoice(EventCard),
    /// Only the holder of the matching track chooses (004:L2638–L2642).
    NotTheHolder(HouseId),
}

impl EventError {
    /// The rule the refusal follows ("004:L1691": line 1691 of the rulebook, "A-45": answer
    /// 45 of the FAQ), "" where the rulebook has no line for it. Words cite it.
    pub fn rule(&self) -> &'static str {
        match self {
            EventError::NoDeck => "",
            EventError::RoundOne => "004:L2381",
            EventError::NotDrawn(..) => "",
            EventError::NotAChooser(..) => "",
            EventError::BadChoice(..) => "004:L2638–L2644",
            EventError::NotTheHolder(..) => "004:L2638",
        }
    }
}

fn deck_mut(state: &mut GameState) -> Result<&mut EventDeck, EventError> {
    state
        .economy
        .deck
        .as_mut()
        .map(std::sync::Arc::make_mut)
        .ok_or(EventError::NoDeck)
}

/// Replace the drawn events of the next round with these cards (no Winter is Coming, nothing
/// chosen yet): a fixed draw for a test, a scenario or a GM who replays a round. Without a deck
/// nothing changes.
pub fn fix_next_round(
    state: &mut GameState,
    round: u8,
    cards: [EventCard; 3],
    wildling_penalty: Option<PenaltyKind>,
) {
    if let Some(deck) = state.economy.deck.as_mut().map(std::sync::Arc::make_mut) {
        deck.upcoming = vec![RoundEvents {
            round,
            draws: cards.map(|card| CategoryDraw {
                winter: false,
                card,
                chosen: None,
            }),
            wildling_penalty,
        }];
    }
}

/// The events of the round in progress, if any.
pub fn current(state: &GameState) -> Option<&RoundEvents> {
    state.economy.deck.as_ref().and_then(|d| d.current.as_ref())
}

/// The drawn events of a future round, if drawn.
pub fn upcoming(state: &GameState, round: u8) -> Option<&RoundEvents> {
    state
        .economy
        .deck
        .as_ref()
        .and_then(|d| d.upcoming.iter().find(|r| r.round == round))
}

/// Add to the wildlings, up to the cap (11/5 changelog, A-69); logs the change.
pub fn raise_wildlings(
    board: &Board,
    state: &mut GameState,
    by: u8,
    cause: EventCard,
    log: &mut Vec<EconomyEvent>,
) {
    if by == 0 {
        return;
    }
    let from = state.wildlings;
    let to = from.saturating_add(by).min(board.rules.wildlings_max);
    state.wildlings = to;
    log.push(EconomyEvent::WildlingsRise {
        cause,
        by,
        from,
        to,
    });
}

/// Start the event phase of `state.round` (≥ 2): the drawn events become the round's events and
/// are announced, Winter is Coming and postponements are named, and the wildlings rise for every
/// event already decided, in category order. With the preview rule, the round three
/// ahead is drawn and announced too.
pub fn begin_round(board: &Board, state: &mut GameState) -> Result<Vec<EconomyEvent>, EventError> {
    let round = state.round;
    if round <= 1 {
        return Err(EventError::RoundOne);
    }
    let deck = deck_mut(state)?;
    let Some(pos) = deck.upcoming.iter().position(|r| r.round == round) else {
        return Err(EventError::NotDrawn(round));
    };
    let ev = deck.upcoming.remove(pos);
    deck.upcoming.retain(|r| r.round > round);
    deck.current = Some(ev.clone());
    let mut log = Vec::new();
    if deck.settings.preview {
        let last = round
            .saturating_add(deck.lookahead())
            .min(board.rules.rounds.saturating_add(1));
        for r in deck.draw_through(last) {
            log.push(EconomyEvent::EventsDrawn { round: r });
        }
    }
    for c in Category::ALL {
        let d = ev.draw(c);
        if d.winter {
            log.push(EconomyEvent::WinterIsComing { category: c });
        }
        log.push(EconomyEvent::EventAnnounced {
            round,
            category: c,
            card: d.card,
        });
        if let Some(p) = ev
            .wildling_penalty
            .filter(|_| d.card == EventCard::WildlingAttack)
        {
            log.push(EconomyEvent::WildlingPenaltyAnnounced { penalty: p });
        }
        if let Some(e) = d.effective() {
            apply_increment(board, state, c, e, d.card, &mut log);
        }
    }
    Ok(log)
}

fn apply_increment(
    board: &Board,
    state: &mut GameState,
    c: Category,
    effective: EventCard,
    card: EventCard,
    log: &mut Vec<EconomyEvent>,
) {
    if effective == EventCard::LastDaysOfSummer {
        log.push(EconomyEvent::Postponed { category: c });
    }
    // A chooser's +1 plus whatever the chosen event gives (LDoS chosen: +3 in all, 004:L2644).
    let (by, cause) = if card.is_chooser() {
        (card.wildlings() + effective.wildlings(), card)
    } else {
        (effective.wildlings(), effective)
    };
    raise_wildlings(board, state, by, cause, log);
}

/// The house that chooses a chooser card of a category: the first of the matching track now.
pub fn chooser_of(state: &GameState, c: Category) -> Option<HouseId> {
    state.tracks[c.track() as usize].first().copied()
}

/// The chooser cards of the round in progress still undecided, with who chooses each now (the
/// first of the matching track, A-71), in category order. Empty outside an event phase.
pub fn pending_choices(state: &GameState) -> Vec<(Category, Option<HouseId>)> {
    let Some(ev) = current(state).filter(|e| e.round == state.round) else {
        return Vec::new();
    };
    Category::ALL
        .iter()
        .filter(|c| ev.draw(**c).card.is_chooser() && ev.draw(**c).chosen.is_none())
        .map(|c| (*c, chooser_of(state, *c)))
        .collect()
}

/// Decide a chooser event (004:L2638–L2644): `choice` is the holder's, or None when he was
/// silent — then the first option the rulebook lists is taken (Mustering, Game of Thrones, Sea of
/// Storms) and the log says so. A chosen Wildling Attack draws its penalty now.
pub fn choose(
    board: &Board,
    state: &mut GameState,
    category: Category,
    house: Option<HouseId>,
    choice: Option<EventCard>,
) -> Result<Vec<EconomyEvent>, EventError> {
    let holder = chooser_of(state, category);
    if let (Some(h), Some(k)) = (house, holder)
        && h != k
    {
        return Err(EventError::NotTheHolder(h));
    }
    let deck = deck_mut(state)?;
    let Some(cur) = deck.current.as_mut() else {
        return Err(EventError::NotDrawn(0));
    };
    let d = cur.draws[category as usize];
    if !d.card.is_chooser() || d.chosen.is_some() {
        return Err(EventError::NotAChooser(category));
    }
    let options = d.card.choices();
    let (picked, default) = match choice {
        Some(c) if options.contains(&c) => (c, false),
        Some(c) => return Err(EventError::BadChoice(c)),
        None => (
            options
                .first()
                .copied()
                .unwrap_or(EventCard::LastDaysOfSummer),
            true,
        ),
    };
    cur.draws[category as usize].chosen = Some(picked);
    let needs_penalty = picked == EventCard::WildlingAttack && cur.wildling_penalty.is_none();
    if needs_penalty {
        let p = deck.draw_penalty();
        if let Some(cur) = deck.current.as_mut() {
            cur.wildling_penalty = Some(p);
        }
    }
    let mut log = vec![EconomyEvent::EventChosen {
        category,
        by: holder,
        card: picked,
        default,
    }];
    if let Some(p) = current(state)
        .and_then(|c| c.wildling_penalty)
        .filter(|_| picked == EventCard::WildlingAttack)
    {
        log.push(EconomyEvent::WildlingPenaltyAnnounced { penalty: p });
    }
    apply_increment(board, state, category, picked, d.card, &mut log);
    Ok(log)
}

/// End of the event phase (and of round 1's placement start): draw the next round (the next
/// three with the preview rule) so that the holders can be told.
pub fn end_event_phase(
    board: &Board,
    state: &mut GameState,
) -> Result<Vec<EconomyEvent>, EventError> {
    let last_round = board.rules.rounds.saturating_add(1);
    let round = state.round;
    let deck = deck_mut(state)?;
    let last = round.saturating_add(deck.lookahead()).min(last_round);
    Ok(deck
        .draw_through(last)
        .into_iter()
        .map(|round| EconomyEvent::EventsDrawn { round })
        .collect())
}
