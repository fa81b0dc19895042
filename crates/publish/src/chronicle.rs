//! The chronicle: what the closed steps the store keeps say about the whole game — each
//! house's castles, power and supply at the start and at the end of every round (the
//! standings page's charts), and at the end the summary the final report, the forum post and
//! the site carry: the final ranking with the tie-breaks the rules use, castles over time,
//! battles fought and won, the leaders who fought and the largest battle. Every figure is read
//! from the stored states and the stored battle events (`Event::Battle`), never guessed; a
//! step a GM's rollback undid is not in the line of steps it is handed.

use crate::report::Step;
use maester_board::{Board, HouseId, Lang, LeaderId};
use maester_rules::log::{BattleReport, Defender, Event};
use maester_rules::round::endgame::{GameResult, WinHow, standings};
use maester_rules::{GameState, Step as RuleStep};
use maester_words::chronicle::{self as w, Heading, Side};
use maester_words::cite;

/// One house's figures at a point of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figures {
    /// Castles (cities and strongholds) it controls.
    pub castles: u8,
    /// Power tokens in hand.
    pub power: u8,
    /// Supply: effective barrels.
    pub supply: u8,
}

/// The houses' figures at one point: the game's start (round 0) or the end of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    /// 0 for the start, else the round that ended.
    pub round: u8,
    /// Each charted house's figures, in the board's order.
    pub houses: Vec<(HouseId, Figures)>,
}

/// What is charted: one of a house's figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// Castles.
    Castles,
    /// Power tokens in hand.
    Power,
    /// Supply.
    Supply,
}

impl Measure {
    /// Every measure, in the page's order.
    pub const ALL: [Measure; 3] = [Measure::Castles, Measure::Power, Measure::Supply];

    /// This measure of `f`.
    pub fn of(self, f: &Figures) -> u8 {
        match self {
            Measure::Castles => f.castles,
            Measure::Power => f.power,
            Measure::Supply => f.supply,
        }
    }

    /// Its heading.
    pub fn heading(self) -> Heading {
        match self {
            Measure::Castles => Heading::Castles,
            Measure::Power => Heading::Power,
            Measure::Supply => Heading::Supply,
        }
    }

    /// A stable key (the chart's `id`).
    pub fn key(self) -> &'static str {
        match self {
            Measure::Castles => "castles",
            Measure::Power => "power",
            Measure::Supply => "supply",
        }
    }
}

/// A house's figures in a state.
pub fn figures(board: &Board, state: &GameState, h: HouseId) -> Figures {
    let clamp = |n: usize| u8::try_from(n).unwrap_or(u8::MAX);
    Figures {
        castles: clamp(state.castles(board, h)),
        power: state.house(h).power,
        supply: state.house(h).barrels,
    }
}

/// The houses charted: those a player held at the start (a house a player left stays charted).
fn charted(board: &Board, start: &GameState) -> Vec<HouseId> {
    board
        .house_ids()
        .filter(|h| !start.house(*h).neutral)
        .collect()
}

/// The points of the charts: the start (when the store still has it) and the end of every
/// round that ended — the state after the close that ended it, the round's last close.
pub fn points(board: &Board, steps: &[Step]) -> Vec<Point> {
    let Some(first) = steps.first() else {
        return Vec::new();
    };
    let start = first.before.as_ref().unwrap_or(&first.after);
    let houses = charted(board, start);
    let at = |round: u8, s: &GameState| Point {
        round,
        houses: houses.iter().map(|h| (*h, figures(board, s, *h))).collect(),
    };
    let mut out = Vec::new();
    if let Some(b) = &first.before {
        out.push(at(0, b));
    }
    for (i, step) in steps.iter().enumerate() {
        let round = step.round();
        let ended = step.after.round > round || step.after.step == RuleStep::Finished;
        let last_of_round = steps.get(i + 1).is_none_or(|n| n.round() != round);
        if ended && last_of_round && out.last().is_none_or(|p: &Point| p.round < round) {
            out.push(at(round, &step.after));
        }
    }
    out
}

/// One battle of the game with the round it was fought in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Battle {
    /// The round.
    pub round: u8,
    /// The battle as the close logged it.
    pub report: BattleReport,
}

/// Every battle the closes logged, in order.
pub fn battles(steps: &[Step]) -> Vec<Battle> {
    steps
        .iter()
        .flat_map(|s| {
            s.events.iter().filter_map(move |e| match e {
                Event::Battle(b) => Some(Battle {
                    round: s.round(),
                    report: b.clone(),
                }),
                _ => None,
            })
        })
        .collect()
}

/// A house's battles: fought, won, and the leaders it fought with (each with its count, in
/// the order first used).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Battles fought, attacking or defending.
    pub fought: usize,
    /// Battles won.
    pub won: usize,
    /// Leaders who fought, with their battles.
    pub leaders: Vec<(LeaderId, usize)>,
}

/// `house`'s record in `battles`.
pub fn record(battles: &[Battle], house: HouseId) -> Record {
    let mut r = Record::default();
    for b in battles {
        let b = &b.report;
        let (side, leader, won) = if b.attacker == house {
            (true, b.attacker_leader, b.attacker_won)
        } else if b.defender == Defender::House(house) {
            (true, b.defender_leader, !b.attacker_won)
        } else {
            (false, None, false)
        };
        if !side {
            continue;
        }
        r.fought += 1;
        r.won += usize::from(won);
        if let Some(l) = leader {
            match r.leaders.iter_mut().find(|(x, _)| *x == l) {
                Some((_, n)) => *n += 1,
                None => r.leaders.push((l, 1)),
            }
        }
    }
    r
}

/// The largest battle: the most strength of both sides together (the first of equals).
pub fn largest(battles: &[Battle]) -> Option<&Battle> {
    battles.iter().reduce(|best, b| {
        let sum = |x: &Battle| x.report.attack_total + x.report.defence_total;
        if sum(b) > sum(best) { b } else { best }
    })
}

/// The end-of-game summary in words: sections of a heading and lines, rule references as a
/// player reads them. Empty while the game goes on.
pub fn summary(board: &Board, steps: &[Step], lang: Lang) -> Vec<(String, Vec<String>)> {
    let Some(last) = steps.last() else {
        return Vec::new();
    };
    let end = &last.after;
    if end.step != RuleStep::Finished {
        return Vec::new();
    }
    let name = |h: HouseId| board.house(h).name(lang).to_string();
    let mut out = Vec::new();
    // The ranking as the rules rank at the end (004:L257–L259): the winner first.
    let mut ranked = standings(board, end);
    let result = last
        .record
        .as_ref()
        .and_then(|r| r.result.clone())
        .or_else(|| end.economy.result.clone());
    let six = matches!(
        result,
        Some(GameResult::Won {
            how: WinHow::SixCastles,
            ..
        })
    );
    if let Some(GameResult::Won { house, .. }) = &result
        && let Some(i) = ranked.iter().position(|s| s.house == *house)
    {
        let w = ranked.remove(i);
        ranked.insert(0, w);
    }
    let mut ranking: Vec<String> = ranked
        .iter()
        .enumerate()
        .map(|(i, s)| w::ranking_line(i + 1, &name(s.house), s.castles, s.barrels, s.tokens, lang))
        .collect();
    ranking.push(cite::for_player(&w::tie_breaks(six, lang), lang));
    out.push((w::heading(Heading::Ranking, lang).to_string(), ranking));
    let pts = points(board, steps);
    let houses: Vec<HouseId> = pts
        .first()
        .map(|p| p.houses.iter().map(|(h, _)| *h).collect())
        .unwrap_or_default();
    let castles = houses
        .iter()
        .map(|h| {
            let v: Vec<u8> = pts
                .iter()
                .filter_map(|p| {
                    p.houses
                        .iter()
                        .find(|(x, _)| x == h)
                        .map(|(_, f)| f.castles)
                })
                .collect();
            w::castles_line(&name(*h), &v, lang)
        })
        .collect();
    out.push((
        w::heading(Heading::CastlesOverTime, lang).to_string(),
        castles,
    ));
    let all = battles(steps);
    let records: Vec<(HouseId, Record)> = houses.iter().map(|h| (*h, record(&all, *h))).collect();
    out.push((
        w::heading(Heading::Battles, lang).to_string(),
        records
            .iter()
            .map(|(h, r)| w::battles_line(&name(*h), r.fought, r.won, lang))
            .collect(),
    ));
    out.push((
        w::heading(Heading::Leaders, lang).to_string(),
        records
            .iter()
            .map(|(h, r)| {
                let list: Vec<(String, usize)> = r
                    .leaders
                    .iter()
                    .map(|(l, n)| (board.leader(*l).name(lang).to_string(), *n))
                    .collect();
                w::leaders_line(&name(*h), &list, lang)
            })
            .collect(),
    ));
    let big = match largest(&all) {
        Some(b) => {
            let r = &b.report;
            let leader = |l: Option<LeaderId>| l.map(|l| board.leader(l).name(lang).to_string());
            let (al, dl) = (leader(r.attacker_leader), leader(r.defender_leader));
            let defender = match r.defender {
                Defender::House(h) => name(h),
                Defender::Neutral => w::neutral(lang).to_string(),
            };
            let attacker = name(r.attacker);
            w::largest(
                b.round,
                board.area(r.area).name(lang),
                &Side {
                    name: &attacker,
                    leader: al.as_deref(),
                    total: r.attack_total,
                },
                &Side {
                    name: &defender,
                    leader: dl.as_deref(),
                    total: r.defence_total,
                },
                r.attacker_won,
                lang,
            )
        }
        None => w::no_battles(lang).to_string(),
    };
    out.push((w::heading(Heading::Largest, lang).to_string(), vec![big]));
    out
}
