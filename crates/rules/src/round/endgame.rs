//! 游戏结束 The end of the game (004:L255–L266, A-74, A-75) and a player leaving (004:L492, A-21).
//!
//! Six castles win at once; otherwise after round 10 the most castles win, ties broken by
//! effective barrels, then tokens in hand; still tied, one extra round is played, after which the
//! whole chain is applied again and a remaining tie is a draw.

pub use crate::model::economy::{GameResult, Standing, WinHow};
use crate::model::log_events::EconomyEvent;
use crate::model::state::{GameState, Step};
use maester_board::{Board, HouseId};
use serde::{Deserialize, Serialize};

impl Standing {
    fn key(&self) -> (u8, u8, u8) {
        (self.castles, self.barrels, self.tokens)
    }
}

/// The standings of the houses still played (not turned neutral), best first; equal houses in
/// Iron Throne order.
pub fn standings(board: &Board, state: &GameState) -> Vec<Standing> {
    let counts = state.castle_counts(board);
    let mut v: Vec<Standing> = state
        .throne_order()
        .iter()
        .filter(|&&h| !state.house(h).neutral)
        .map(|&h| Standing {
            house: h,
            castles: counts
                .get(h.index())
                .copied()
                .unwrap_or(0)
                .min(u8::MAX as usize) as u8,
            barrels: state.house(h).barrels,
            tokens: state.house(h).power,
        })
        .collect();
    v.sort_by_key(|s| std::cmp::Reverse(s.key()));
    v
}

fn finish(state: &mut GameState, result: GameResult, log: &mut Vec<EconomyEvent>) {
    if let GameResult::Won { house, .. } = &result {
        state.winner = Some(*house);
    }
    state.step = Step::Finished;
    state.economy.result = Some(result.clone());
    log.push(EconomyEvent::GameOver { result });
}

/// The six-castle check, for any moment of the game (004:L266, A-74): the house with six or
/// more castles wins; should several reach it at once, the end-of-game chain ranks them.
pub fn check_solo(
    board: &Board,
    state: &GameState,
) -> (GameState, Option<GameResult>, Vec<EconomyEvent>) {
    let mut s = state.clone();
    let mut log = Vec::new();
    if state.step == Step::Finished {
        return (s, state.economy.result.clone(), log);
    }
    let need = board.rules.castles_to_win;
    let top = standings(board, state)
        .into_iter()
        .find(|st| st.castles >= need);
    let result = top.map(|st| GameResult::Won {
        house: st.house,
        castles: st.castles,
        how: WinHow::SixCastles,
    });
    if let Some(r) = &result {
        finish(&mut s, r.clone(), &mut log);
    }
    (s, result, log)
}

/// What the end of a round means for the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoundEnd {
    /// The next round follows.
    Continue,
    /// The game is over.
    Over(GameResult),
    /// Round 10 ended tied on the whole chain: one extra round (004:L260, A-75).
    ExtraRound(Vec<HouseId>),
}

/// The end of round `state.round`: a six-castle win, else after the last round the chain of
/// 004:L257–L261. The standings are logged for the report.
pub fn end_of_round(board: &Board, state: &GameState) -> (GameState, RoundEnd, Vec<EconomyEvent>) {
    let (mut s, solo, mut log) = check_solo(board, state);
    if let Some(r) = solo {
        return (s, RoundEnd::Over(r), log);
    }
    let last = board.rules.rounds;
    if state.round < last {
        return (s, RoundEnd::Continue, log);
    }
    let st = standings(board, state);
    for x in &st {
        log.push(EconomyEvent::Standing {
            house: x.house,
            castles: x.castles,
            barrels: x.barrels,
            tokens: x.tokens,
        });
    }
    let Some(best) = st.first().copied() else {
        return (s, RoundEnd::Continue, log);
    };
    let tied: Vec<HouseId> = st
        .iter()
        .filter(|x| x.key() == best.key())
        .map(|x| x.house)
        .collect();
    if tied.len() == 1 {
        let how = match st.get(1) {
            Some(second) if second.castles == best.castles && second.barrels == best.barrels => {
                WinHow::Tokens
            }
            Some(second) if second.castles == best.castles => WinHow::Barrels,
            _ => WinHow::Castles,
        };
        let r = GameResult::Won {
            house: best.house,
            castles: best.castles,
            how,
        };
        finish(&mut s, r.clone(), &mut log);
        return (s, RoundEnd::Over(r), log);
    }
    if state.round == last && !state.economy.extra_round {
        s.economy.extra_round = true;
        log.push(EconomyEvent::ExtraRound {
            houses: tied.clone(),
        });
        return (s, RoundEnd::ExtraRound(tied), log);
    }
    let r = GameResult::Draw { houses: tied };
    finish(&mut s, r.clone(), &mut log);
    (s, RoundEnd::Over(r), log)
}

/// How a departed player is replaced (004:L492).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Leaving {
    /// The GM seats a substitute: nothing changes but the player.
    Substitute,
    /// No substitute: the house turns neutral: its units stay and take no more orders,
    /// it bids 0, and it is fought as a neutral force.
    Neutral,
}

/// A player leaves the game.
pub fn player_leaves(
    state: &GameState,
    house: HouseId,
    how: Leaving,
) -> (GameState, Vec<EconomyEvent>) {
    let mut s = state.clone();
    match how {
        Leaving::Substitute => (s, vec![EconomyEvent::PlayerSubstituted { house }]),
        Leaving::Neutral => {
            s.house_mut(house).neutral = true;
            for a in s.areas.iter_mut().filter(|a| a.house == Some(house)) {
                a.order = None;
            }
            s.economy.pending_rewards.retain(|r| r.house != house);
            (s, vec![EconomyEvent::HouseNeutral { house }])
        }
    }
}
