//! `maester verify`'s checks of a game's machine-readable public record ([`MachineRecord`]):
//! pure, no file, no clock. (a) the revealed seed against the SHA-256 committed in the first
//! mail; (b) every event-phase log (each draw) re-derived by replaying from the seed; (c) every
//! listed receipt recomputed from the published submission's text; (d) every close replayed
//! with the rules from the published submissions gives the published outcome. Each check
//! reports its first mismatch; the shell reads the file and says the lines.

use crate::machine::{Close, MachineRecord, Outcome, first_state, outcome};
use crate::receipt::{Receipted, receipt};
use maester_board::Board;
use maester_game::{Options, close_steps};
use maester_rules::Step;
use maester_words::verify::{AreaSaid, Check, Differs, Field, Mismatch, Verdict};
use sha2::{Digest, Sha256};

/// Every check of `rec` (played on `board`), in order: seed, receipts, draws, replay.
pub fn verify(board: &Board, rec: &MachineRecord) -> Vec<(Check, Verdict)> {
    let Some(seed) = rec.seed.as_deref() else {
        // Without the seed no receipt can be recomputed; that each one's text is published
        // can be checked already.
        let receipts = match missing_text(rec) {
            Some(m) => Verdict::Failed(m),
            None => Verdict::NotRevealed,
        };
        return vec![
            (Check::Seed, Verdict::NotRevealed),
            (Check::Receipts, receipts),
            (Check::Draws, Verdict::NotRevealed),
            (Check::Replay, Verdict::NotRevealed),
        ];
    };
    let (draws, replay) = replay(board, seed, rec);
    vec![
        (Check::Seed, seed_check(seed, &rec.seed_sha256)),
        (Check::Receipts, receipts(board, seed, rec)),
        (Check::Draws, draws),
        (Check::Replay, replay),
    ]
}

/// SHA-256 of `seed`, as hex.
pub fn seed_sha256(seed: &str) -> String {
    Sha256::digest(seed.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn seed_check(seed: &str, committed: &str) -> Verdict {
    let computed = seed_sha256(seed);
    if computed.eq_ignore_ascii_case(committed.trim()) {
        Verdict::Held { count: 1 }
    } else {
        Verdict::Failed(Mismatch {
            round: 0,
            step: None,
            house: None,
            what: Differs::SeedHash {
                published: committed.to_string(),
                computed,
            },
        })
    }
}

/// The first listed receipt whose submission the record does not carry.
fn missing_text(rec: &MachineRecord) -> Option<Mismatch> {
    rec.closes.iter().find_map(|c| {
        c.steps.iter().find_map(|s| {
            s.used.iter().find_map(|u| {
                let listed = u.receipt.as_ref()?;
                let carried = c
                    .submitted
                    .iter()
                    .any(|x| x.house == u.house && x.step == s.step && x.mail);
                (!carried).then(|| Mismatch {
                    round: c.round,
                    step: Some(s.step),
                    house: Some(u.house),
                    what: Differs::NoText {
                        listed: listed.clone(),
                    },
                })
            })
        })
    })
}

fn receipts(board: &Board, seed: &str, rec: &MachineRecord) -> Verdict {
    let mut count = 0;
    for c in &rec.closes {
        for s in &c.steps {
            for u in &s.used {
                let Some(listed) = &u.receipt else {
                    continue;
                };
                let at = |what| Mismatch {
                    round: c.round,
                    step: Some(s.step),
                    house: Some(u.house),
                    what,
                };
                let Some(sub) = c
                    .submitted
                    .iter()
                    .rev()
                    .find(|x| x.house == u.house && x.step == s.step && x.mail)
                else {
                    return Verdict::Failed(at(Differs::NoText {
                        listed: listed.clone(),
                    }));
                };
                let Some(house) = board.houses.get(usize::from(u.house.0)) else {
                    return Verdict::Failed(at(Differs::NoText {
                        listed: listed.clone(),
                    }));
                };
                let computed = receipt(
                    seed,
                    &Receipted {
                        game: &rec.game,
                        house: &house.key,
                        round: sub.round,
                        step: s.step.key(),
                        text: &sub.text,
                    },
                );
                if computed != *listed {
                    return Verdict::Failed(at(Differs::Receipt {
                        listed: listed.clone(),
                        computed,
                    }));
                }
                count += 1;
            }
        }
    }
    Verdict::Held { count }
}

/// Replays every close from the seed: the draws' verdict and the outcome's. The replay goes on
/// from the state the rules give after a mismatch (each check keeps its first one), so a
/// published result changed in one close does not hide the draws of the later ones.
fn replay(board: &Board, seed: &str, rec: &MachineRecord) -> (Verdict, Verdict) {
    let mut state = first_state(board, seed, &rec.start);
    let opts = Options {
        settings: rec.start.rules,
        early_close: rec.start.early_close,
        ..Options::default()
    };
    let houses = board.houses.len();
    let names = maester_lang::submit::names(board);
    let mut draws: Option<Mismatch> = None;
    let mut result: Option<Mismatch> = None;
    let verdict = |m: Option<Mismatch>, other: Verdict| match m {
        Some(m) => Verdict::Failed(m),
        None => other,
    };
    for (n, c) in rec.closes.iter().enumerate() {
        let first = c.steps.first().map(|s| s.step);
        if c.gm_changed_before {
            let stopped = Verdict::Stopped {
                checked: n,
                round: c.round,
                step: first,
            };
            return (verdict(draws, stopped.clone()), verdict(result, stopped));
        }
        if state.step == Step::Finished {
            // A close after the end: nothing to replay it with.
            let m = field(c, first, Field::OpenStep, "…", "finished");
            result.get_or_insert(m);
            break;
        }
        if result.is_none() {
            result = reading_differs(board, &names, &state, c);
        }
        let subs = crate::record::replay_input(houses, &c.submitted);
        let out = close_steps(board, &state, &subs, opts);
        if draws.is_none() {
            draws = draws_differ(c, first, &out.economy);
        }
        if result.is_none() {
            let closed: Vec<&str> = out.steps.iter().map(|s| s.step.key()).collect();
            let published: Vec<&str> = c.steps.iter().map(|s| s.step.key()).collect();
            result = if closed != published {
                Some(field(
                    c,
                    first,
                    Field::Steps,
                    &published.join(","),
                    &closed.join(","),
                ))
            } else {
                outcome_differs(board, c, first, &c.outcome, &outcome(board, &out.state))
            };
        }
        state = out.state;
    }
    let count = rec.closes.len();
    (
        verdict(draws, Verdict::Held { count }),
        verdict(result, Verdict::Held { count }),
    )
}

/// The first submission of `c` whose published text does not read (in either language, on the
/// state the close started from, as the daemon read it when it came) as the reading the close
/// replays: the receipt binds the text, the replay uses the reading, this binds the two.
fn reading_differs(
    board: &Board,
    names: &maester_lang::Names,
    state: &maester_rules::GameState,
    c: &Close,
) -> Option<Mismatch> {
    use maester_board::Lang;
    let houses = board.houses.len();
    c.submitted
        .iter()
        .filter(|s| usize::from(s.house.0) < houses)
        .find(|s| {
            ![Lang::Zh, Lang::En].into_iter().any(|lang| {
                let p = maester_lang::submit::parse_mail_as(
                    board,
                    names,
                    state,
                    Some(s.house),
                    &s.text,
                    lang,
                );
                p.errors.is_empty() && p.submission.as_ref() == Some(&s.submission)
            })
        })
        .map(|s| Mismatch {
            round: c.round,
            step: Some(s.step),
            house: Some(s.house),
            what: Differs::Reading {
                text: short(&s.text.replace('\n', " / ")),
            },
        })
}

fn field(c: &Close, step: Option<Step>, field: Field, published: &str, replayed: &str) -> Mismatch {
    Mismatch {
        round: c.round,
        step,
        house: None,
        what: Differs::Field {
            field,
            published: published.to_string(),
            replayed: replayed.to_string(),
        },
    }
}

/// The first event-phase entry that differs, quoted as JSON.
fn draws_differ(
    c: &Close,
    step: Option<Step>,
    replayed: &[maester_rules::log_events::EconomyEvent],
) -> Option<Mismatch> {
    if c.economy.as_slice() == replayed {
        return None;
    }
    let quote = |e: Option<&maester_rules::log_events::EconomyEvent>| match e {
        Some(e) => short(&serde_json::to_string(e).unwrap_or_default()),
        None => "—".to_string(),
    };
    let i = c
        .economy
        .iter()
        .zip(replayed)
        .position(|(a, b)| a != b)
        .unwrap_or(c.economy.len().min(replayed.len()));
    Some(Mismatch {
        round: c.round,
        step,
        house: None,
        what: Differs::Draw {
            published: quote(c.economy.get(i)),
            replayed: quote(replayed.get(i)),
        },
    })
}

/// At most 200 characters of a quoted value.
fn short(s: &str) -> String {
    if s.chars().count() <= 200 {
        s.to_string()
    } else {
        format!("{}…", s.chars().take(200).collect::<String>())
    }
}

/// The first part of the outcome that differs.
fn outcome_differs(
    board: &Board,
    c: &Close,
    step: Option<Step>,
    published: &Outcome,
    replayed: &Outcome,
) -> Option<Mismatch> {
    let f = |fl: Field, p: String, r: String| Some(field(c, step, fl, &p, &r));
    if published.round != replayed.round {
        return f(
            Field::Round,
            published.round.to_string(),
            replayed.round.to_string(),
        );
    }
    if published.step != replayed.step {
        return f(
            Field::OpenStep,
            published.step.key().into(),
            replayed.step.key().into(),
        );
    }
    let opt = |o: &Option<String>| o.clone().unwrap_or_else(|| "—".into());
    if published.winner != replayed.winner {
        return f(Field::Winner, opt(&published.winner), opt(&replayed.winner));
    }
    if published.wildlings != replayed.wildlings {
        return f(
            Field::Wildlings,
            published.wildlings.to_string(),
            replayed.wildlings.to_string(),
        );
    }
    for (i, (p, r)) in published.tracks.iter().zip(&replayed.tracks).enumerate() {
        if p != r {
            return f(Field::Track(i), p.join(" > "), r.join(" > "));
        }
    }
    if published.houses.len() != replayed.houses.len() || published.tracks.len() != 3 {
        return f(
            Field::Houses,
            published.houses.len().to_string(),
            replayed.houses.len().to_string(),
        );
    }
    for (p, r) in published.houses.iter().zip(&replayed.houses) {
        let house = board.house_by_key(&r.house);
        let diff = if p.house != r.house {
            Some((Field::Houses, p.house.clone(), r.house.clone()))
        } else if p.castles != r.castles {
            Some((Field::Castles, p.castles.to_string(), r.castles.to_string()))
        } else if p.power != r.power {
            Some((Field::Power, p.power.to_string(), r.power.to_string()))
        } else if p.supply != r.supply {
            Some((Field::Supply, p.supply.to_string(), r.supply.to_string()))
        } else {
            None
        };
        if let Some((fl, a, b)) = diff {
            let mut m = field(c, step, fl, &a, &b);
            m.house = house;
            return Some(m);
        }
    }
    area_differs(c, step, published, replayed)
}

/// The first area whose units, token or garrison differ.
fn area_differs(
    c: &Close,
    step: Option<Step>,
    published: &Outcome,
    replayed: &Outcome,
) -> Option<Mismatch> {
    let said = |a: Option<&crate::machine::AreaOutcome>| {
        a.map(|a| AreaSaid {
            house: a.house.clone(),
            units: a.units.clone(),
            token: a.token.clone(),
            neutral: a.neutral,
        })
    };
    let mut keys: Vec<&str> = published
        .areas
        .iter()
        .chain(&replayed.areas)
        .map(|a| a.area.as_str())
        .collect();
    keys.sort_unstable();
    keys.dedup();
    for k in keys {
        let p = published.areas.iter().find(|a| a.area == k);
        let r = replayed.areas.iter().find(|a| a.area == k);
        if p != r {
            return Some(Mismatch {
                round: c.round,
                step,
                house: None,
                what: Differs::Area {
                    area: k.to_string(),
                    published: said(p),
                    replayed: said(r),
                },
            });
        }
    }
    None
}

/// Whether every check holds (a check not yet possible is no failure).
pub fn all_hold(checks: &[(Check, Verdict)]) -> bool {
    checks.iter().all(|(_, v)| v.ok())
}
