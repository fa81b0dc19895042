//! The chronicle's figures from the stored steps: each house's battles fought and won and the
//! leaders it fought with are counted from the battle events (a neutral garrison is nobody's),
//! the largest battle is the most strength of both sides (the first of equals), the charts'
//! points are the start and the state after each round's last close (a round not ended is not
//! charted), and the summary appears only once the game is over, ranking the winner first with
//! the rules' tie-breaks cited as a player reads them.

use chrono::Utc;
use maester_board::{Board, HouseId, Lang, LeaderId};
use maester_publish::Step;
use maester_publish::chronicle::{self, Battle};
use maester_publish::record::Record;
use maester_rules::log::{BattleReport, Defender, Event};
use maester_rules::round::endgame::{GameResult, WinHow};
use maester_rules::{GameState, Step as RuleStep};

fn board() -> Board {
    Board::default_board().unwrap_or_else(|e| panic!("{e}"))
}

fn houses(b: &Board) -> Vec<HouseId> {
    b.house_ids().collect()
}

fn leader(b: &Board, h: HouseId) -> LeaderId {
    b.leaders_of(h)
        .next()
        .map(|l| l.id)
        .unwrap_or_else(|| panic!("a leader"))
}

fn battle(
    b: &Board,
    attacker: HouseId,
    defender: Defender,
    totals: (i32, i32),
    attacker_won: bool,
    leaders: (Option<LeaderId>, Option<LeaderId>),
) -> Event {
    let area = b.area_ids().next().unwrap_or_else(|| panic!("an area"));
    Event::Battle(BattleReport {
        area,
        attacker,
        from: area,
        defender,
        attack: Vec::new(),
        defence: Vec::new(),
        attack_total: totals.0,
        defence_total: totals.1,
        attacker_won,
        tie: None,
        attacker_leader: leaders.0,
        defender_leader: leaders.1,
        casualties: 0,
    })
}

fn step(seq: i64, round: u8, before: &GameState, after: &GameState, events: Vec<Event>) -> Step {
    Step {
        seq,
        before: Some(before.clone()),
        after: after.clone(),
        events,
        record: Some(Record {
            round,
            ..Record::default()
        }),
        deadline: String::new(),
        closed_at: Utc::now(),
        correction: None,
    }
}

#[test]
fn battles_fought_won_and_leaders_are_counted_from_the_battle_events() {
    let b = board();
    let h = houses(&b);
    let (a, d) = (h[0], h[1]);
    let (la, ld) = (leader(&b, a), leader(&b, d));
    let s = GameState::new_game(&b);
    let steps = vec![
        step(
            2,
            1,
            &s,
            &s,
            vec![
                battle(
                    &b,
                    a,
                    Defender::House(d),
                    (5, 4),
                    true,
                    (Some(la), Some(ld)),
                ),
                battle(&b, d, Defender::Neutral, (3, 6), false, (Some(ld), None)),
            ],
        ),
        step(
            3,
            2,
            &s,
            &s,
            vec![battle(
                &b,
                d,
                Defender::House(a),
                (7, 2),
                true,
                (None, Some(la)),
            )],
        ),
    ];
    let all = chronicle::battles(&steps);
    assert_eq!(
        all.iter().map(|x| x.round).collect::<Vec<_>>(),
        [1, 1, 2],
        "each battle keeps the round of its close"
    );
    let ra = chronicle::record(&all, a);
    assert_eq!((ra.fought, ra.won), (2, 1));
    assert_eq!(ra.leaders, [(la, 2)]);
    let rd = chronicle::record(&all, d);
    assert_eq!((rd.fought, rd.won), (3, 1));
    assert_eq!(rd.leaders, [(ld, 2)]);
    let third = chronicle::record(&all, h[2]);
    assert_eq!((third.fought, third.won, third.leaders.len()), (0, 0, 0));
    // 5+4 = 9 = 7+2: the first of equals.
    let big: Option<&Battle> = chronicle::largest(&all);
    assert_eq!(big.map(|x| x.report.attack_total), Some(5));
    assert!(chronicle::largest(&[]).is_none());
}

#[test]
fn the_points_are_the_start_and_the_state_after_each_round_s_last_close() {
    let b = board();
    let h = houses(&b)[0];
    let s0 = GameState::new_game(&b);
    let mut s1 = s0.clone();
    s1.step = RuleStep::Plan;
    s1.house_mut(h).power = 9;
    let mut s2 = s1.clone();
    s2.round = 2;
    s2.step = RuleStep::Placement;
    s2.house_mut(h).power = 11;
    let mut s3 = s2.clone();
    s3.step = RuleStep::Plan;
    s3.house_mut(h).power = 1;
    let steps = vec![
        step(2, 1, &s0, &s1, Vec::new()),
        step(3, 1, &s1, &s2, Vec::new()),
        step(4, 2, &s2, &s3, Vec::new()),
    ];
    let pts = chronicle::points(&b, &steps);
    assert_eq!(pts.iter().map(|p| p.round).collect::<Vec<_>>(), [0, 1]);
    let power = |i: usize| {
        pts[i]
            .houses
            .iter()
            .find(|(x, _)| *x == h)
            .map(|(_, f)| f.power)
    };
    assert_eq!(power(0), Some(s0.house(h).power));
    assert_eq!(power(1), Some(11), "after round 1's last close");
    assert_eq!(pts[1].houses.len(), houses(&b).len());
    assert!(
        chronicle::summary(&b, &steps, Lang::Zh).is_empty(),
        "not over"
    );
}

#[test]
fn the_summary_ranks_the_winner_first_and_cites_the_tie_breaks_for_a_player() {
    let b = board();
    let hs = houses(&b);
    let s0 = GameState::new_game(&b);
    let mut end = s0.clone();
    end.step = RuleStep::Finished;
    // The last house in every order wins by six castles (the result decides the first place).
    let winner = hs[hs.len() - 1];
    end.winner = Some(winner);
    end.economy.result = Some(GameResult::Won {
        house: winner,
        castles: 6,
        how: WinHow::SixCastles,
    });
    let steps = vec![step(2, 1, &s0, &end, Vec::new())];
    for lang in [Lang::Zh, Lang::En] {
        let sum = chronicle::summary(&b, &steps, lang);
        assert_eq!(sum.len(), 5, "ranking, castles, battles, leaders, largest");
        let ranking = &sum[0].1;
        assert!(
            ranking[0].contains(b.house(winner).name(lang)),
            "{lang:?}: {ranking:?}"
        );
        assert_eq!(ranking.len(), hs.len() + 1);
        let cite = ranking.last().cloned().unwrap_or_default();
        assert!(!cite.contains("004:L"), "{lang:?}: {cite}");
        // as a player reads them (crates/words/data/citations.toml).
        let (six, ties) = match lang {
            Lang::Zh => ("随时检查6座城堡", "终局平局与加赛回合"),
            Lang::En => ("six castles win at any moment", "end-of-game ties"),
        };
        assert!(
            cite.contains(six) && cite.contains(ties),
            "{lang:?}: {cite}"
        );
        assert_eq!(sum[4].1, [maester_words::chronicle::no_battles(lang)]);
    }
}
