//! Property-style tests of the order language: random resolved items (from a tiny deterministic
//! PRNG of our own) survive the canonical echo in both languages, and random or adversarial input
//! never panics nor runs away.

mod lang_support;

use lang_support::*;
use maester::board::UnitKind;
use maester::lang::ast::*;
use maester::lang::{ErrorKind, Lang, parse_submission};

// ------------------------------------------------------------------ random items round trip

/// A tiny deterministic PRNG (xorshift64*), so that the tests need no extra crate.
struct Rng<'a>(u64, &'a maester::lang::Names);
impl Rng<'_> {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn coin(&mut self) -> bool {
        self.below(2) == 0
    }
    fn area(&mut self) -> maester::board::AreaId {
        let all: Vec<_> = self.1.areas.entries().map(|(id, _, _)| id).collect();
        all[self.below(all.len())]
    }
    fn areas(&mut self, min: usize, max: usize) -> Vec<maester::board::AreaId> {
        (0..min + self.below(max - min + 1))
            .map(|_| self.area())
            .collect()
    }
    fn house(&mut self) -> maester::board::HouseId {
        let all: Vec<_> = self.1.houses.entries().map(|(id, _, _)| id).collect();
        all[self.below(all.len())]
    }
    fn leader(&mut self) -> maester::board::LeaderId {
        let all: Vec<_> = self.1.leaders.entries().map(|(id, _, _)| id).collect();
        all[self.below(all.len())]
    }
    fn kind(&mut self) -> UnitKind {
        UnitKind::ALL[self.below(5)]
    }
    fn counts(&mut self) -> [u8; 5] {
        let mut c = [0u8; 5];
        c[self.below(5)] = 1 + self.below(9) as u8;
        if self.coin() {
            c[self.below(5)] = 1 + self.below(9) as u8;
        }
        c
    }
    fn units(&mut self) -> UnitRef<Resolved> {
        let units = match self.below(3) {
            0 => UnitSel::All,
            1 => UnitSel::Kind(self.kind()),
            _ => UnitSel::Counts(self.counts()),
        };
        UnitRef {
            area: self.area(),
            units,
        }
    }
    fn step_no(&mut self) -> StepNo {
        StepNo {
            major: 1 + self.below(20) as u16,
            minor: self.coin().then(|| 1 + self.below(9) as u16),
        }
    }
    fn predicate(&mut self) -> Predicate<Resolved> {
        match self.below(5) {
            0 => Predicate::Fallen {
                area: self.area(),
                fallen: self.coin(),
            },
            1 => Predicate::ForeignUnits {
                area: self.area(),
                present: self.coin(),
            },
            2 => Predicate::StepTaken(self.step_no()),
            3 => Predicate::Garrison {
                area: self.area(),
                cmp: if self.coin() { Cmp::Greater } else { Cmp::Less },
                value: self.below(20) as u8,
            },
            _ => Predicate::AttackedMe {
                house: self.house(),
                attacked: self.coin(),
            },
        }
    }
    /// One predicate most of the time; else up to three groups of up to three (且 / 或).
    fn cond(&mut self) -> Cond<Resolved> {
        if self.below(3) > 0 {
            return Cond::one(self.predicate());
        }
        let groups = 1 + self.below(3);
        Cond {
            any: (0..groups)
                .map(|_| (0..1 + self.below(3)).map(|_| self.predicate()).collect())
                .collect(),
        }
    }
    fn action(&mut self) -> Action<Resolved> {
        match self.below(4) {
            0 => Action::March(March {
                units: self.units(),
                to: self.area(),
                forced: self.coin(),
                special: self.coin(),
                leader: match self.below(3) {
                    0 => None,
                    1 => Some(LeaderChoice::Named(self.leader())),
                    _ => Some(LeaderChoice::Conditional {
                        condition: self.cond(),
                        then: self.leader(),
                        otherwise: self.leader(),
                    }),
                },
                defender: self.coin().then(|| self.leader()),
                leave_token: self.coin(),
            }),
            1 => Action::Raid {
                units: self.units(),
                targets: self.areas(1, 2),
            },
            2 => Action::Support {
                from: self.coin().then(|| self.area()),
                target: if self.coin() {
                    SupportTarget::Attack {
                        units: self.units(),
                        to: self.area(),
                    }
                } else {
                    // A neutral is named by its place and defends only it (004:L202).
                    match self.1.neutrals.get(self.below(4)) {
                        Some(&n) => SupportTarget::Defence {
                            side: Side::Neutral(n),
                            area: n,
                        },
                        None => SupportTarget::Defence {
                            side: Side::House(self.house()),
                            area: self.area(),
                        },
                    }
                },
            },
            _ => Action::Transport {
                seas: self.areas(1, 3),
                units: self.units(),
                to: self.area(),
            },
        }
    }
    fn step(&mut self) -> Step<Resolved> {
        let n = 1 + self.below(3);
        let alternatives = (0..n)
            .map(|i| Alternative {
                condition: match (i, self.below(3)) {
                    (0, 0) => None,
                    (_, 1) if i > 0 => Some(Condition::Otherwise),
                    _ => Some(Condition::If(self.cond())),
                },
                actions: (0..1 + self.below(2))
                    .map(|_| {
                        let a = self.action();
                        let f = self.coin().then(|| Fallback {
                            because: self.cond(),
                            then: self.action(),
                        });
                        (a, f)
                    })
                    .collect(),
            })
            .collect();
        Step {
            number: self.coin().then(|| self.step_no()),
            alternatives,
        }
    }
    fn muster(&mut self) -> Muster<Resolved> {
        if self.coin() {
            Muster::Recruit {
                area: self.area(),
                units: self.counts(),
                to: self.areas(0, 2),
            }
        } else {
            Muster::Upgrade {
                area: self.area(),
                units: self.counts(),
                into: self.kind(),
            }
        }
    }
    fn track(&mut self) -> Track {
        [Track::IronThrone, Track::Fiefdoms, Track::KingsCourt][self.below(3)]
    }
    fn item(&mut self) -> Item<Resolved> {
        match self.below(22) {
            0 => Item::Placement(Placement {
                area: self.area(),
                order: Some(maester::board::Order {
                    kind: maester::board::OrderType::ALL[self.below(5)],
                    special: self.coin(),
                }),
                one_time: match self.below(5) {
                    0 => Some(OneTime::Recruit),
                    1 => Some(OneTime::SupplyCaravan),
                    2 => Some(OneTime::ForcedMarch),
                    3 => Some(OneTime::Pontoon(self.coin().then(|| self.area()))),
                    _ => None,
                },
            }),
            1..=5 => Item::Step(self.step()),
            6 => Item::Defender {
                area: self.area(),
                leader: self.leader(),
                substitute: self.coin().then(|| self.leader()),
            },
            7 => Item::District {
                areas: [self.area(), self.area()],
                leader: self.leader(),
            },
            8 => Item::Refusal {
                house: self.house(),
                from: self.coin().then(|| self.area()),
                battle: self.coin().then(|| self.area()),
            },
            9 => Item::Casualties((0..1 + self.below(4)).map(|_| self.kind()).collect()),
            10 => Item::Retreat {
                from: self.coin().then(|| self.area()),
                to: self.areas(1, 3),
            },
            11 => Item::Sword(self.units()),
            12 => Item::Cancels {
                leader: self.leader(),
                targets: self.areas(1, 3),
            },
            13 => Item::Muster((0..1 + self.below(3)).map(|_| self.muster()).collect()),
            14 => Item::Bid {
                iron_throne: self.below(20) as u16,
                fiefdoms: self.below(20) as u16,
                kings_court: self.below(20) as u16,
            },
            15 => Item::Reward(match self.below(5) {
                0 => Reward::Recall(self.leader()),
                1 => Reward::Rest(self.leader()),
                2 => Reward::Upgrade((0..1 + self.below(2)).map(|_| self.units()).collect()),
                3 => Reward::Muster(vec![self.muster()]),
                _ => Reward::Capture(self.track()),
            }),
            17 => Item::Choose(
                [
                    maester::rules::event_phase::events::EventCard::Muster,
                    maester::rules::event_phase::events::EventCard::Supply,
                    maester::rules::event_phase::events::EventCard::ClashOfKings,
                    maester::rules::event_phase::events::EventCard::WildlingAttack,
                    maester::rules::event_phase::events::EventCard::LastDaysOfSummer,
                ][self.below(5)],
            ),
            16 => Item::BuildPort {
                area: self.area(),
                coast: self.coin().then(|| self.area()),
            },
            19 => Item::DemolishPort(self.area()),
            20 if self.coin() => Item::DestroyCapturedShips,
            20 => Item::LeaderPick {
                leader: self.leader(),
                kill: self.coin(),
                kinds: (0..1 + self.below(2)).map(|_| self.kind()).collect(),
            },
            _ => {
                let track = self.coin().then(|| self.track());
                Item::TieBreak {
                    track,
                    wildlings: track.is_none() && self.coin(),
                    order: (0..2 + self.below(3)).map(|_| self.house()).collect(),
                }
            }
        }
    }
}

#[test]
fn random_items_survive_the_echo_round_trip() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15, names());
    for _ in 0..600 {
        let item = rng.item();
        for lang in [Lang::Zh, Lang::En] {
            let text = echo(&item, lang);
            let p = parse_submission(&text, names());
            assert!(p.errors.is_empty(), "{text}\n{}", p.error_report(Lang::En));
            assert_eq!(p.items[0].item, item, "{text}");
        }
    }
}

#[test]
fn a_whole_echoed_plan_reads_back_line_by_line() {
    let mut rng = Rng(42, names());
    let items: Vec<Item<Resolved>> = (0..40).map(|_| rng.item()).collect();
    for lang in [Lang::Zh, Lang::En] {
        let mail: Vec<String> = items.iter().map(|i| echo(i, lang)).collect();
        let p = parse_submission(&mail.join("\r\n"), names());
        assert!(p.errors.is_empty(), "{}", p.error_report(lang));
        assert_eq!(
            p.items.into_iter().map(|e| e.item).collect::<Vec<_>>(),
            items
        );
    }
}

// ------------------------------------------------------------------ robustness

#[test]
fn random_input_never_panics_nor_runs_away() {
    const PIECES: &[&str] = &[
        "临冬城",
        "夏海",
        "移动到",
        "行军+1",
        "突袭",
        "支援",
        "防守",
        "运输",
        "和",
        "如果",
        "则",
        "否则",
        "失守",
        "(",
        ")",
        "（",
        "：",
        ":",
        ";",
        ",",
        "。",
        "2K1F",
        "1",
        "-",
        ")",
        "将领",
        "守将:",
        "阿莎",
        "[",
        "]",
        "Winterfell",
        "moves to",
        " ",
        "  ",
        "\t",
        "\u{200B}",
        "+",
        ">",
        "军团",
        "部队",
        "仅当",
        "时",
        "=",
        "第一步执行的是",
        "1-1",
        "驻军战斗力大于",
        "家族",
        "在本回合没有攻击我",
        "密码",
        "奖励:",
        "征兵:",
        "升级为",
        "骑士",
        "建造港口",
        "在",
        "取消",
        "拒绝",
        "的支援",
        "铁王座",
        "if",
        "then",
        "leader",
        "\u{FEFF}",
        "臨",
        "Ｋ",
    ];
    let mut rng = Rng(7, names());
    for round in 0..3000 {
        let text = if round % 3 == 0 {
            let bytes: Vec<u8> = (0..rng.below(200)).map(|_| rng.next() as u8).collect();
            String::from_utf8_lossy(&bytes).into_owned()
        } else {
            (0..rng.below(30))
                .map(|_| PIECES[rng.below(PIECES.len())])
                .collect::<Vec<_>>()
                .join(if rng.coin() { "" } else { "\n" })
        };
        let p = parse_submission(&text, names());
        assert!(
            !p.errors.iter().any(|e| e.kind == ErrorKind::Internal),
            "internal error on {text:?}"
        );
        for e in &p.errors {
            let _ = e.message(Lang::Zh);
            let _ = e.message(Lang::En);
        }
    }
}

#[test]
fn long_adversarial_lines_stay_fast() {
    let start = std::time::Instant::now();
    let line = "临冬城".repeat(600);
    let mail = [line.as_str(); 12].join("\n");
    let p = parse_submission(&mail, names());
    assert_eq!(p.errors.len(), 12);
    let long_name = format!("{} 防守", "临冬城".repeat(600));
    let p = parse_submission(&long_name, names());
    assert!(matches!(p.errors[0].kind, ErrorKind::UnknownName { .. }));
    let nested = "(".repeat(1990);
    let _ = parse_submission(&nested, names());
    let english = "a ".repeat(990);
    let _ = parse_submission(&english, names());
    assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
}

// ------------------------------------------------------------------ the board's own names

#[test]
fn the_default_board_names_read_every_corpus_line_and_echo() {
    let board = maester::board::Board::default_board().expect("default board");
    let names = maester::lang::Names::from_board(&board);
    let corpus = std::fs::read_to_string(corpus_path()).expect("the order-line corpus");
    let mut n = 0;
    for line in corpus.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let p = parse_submission(line, &names);
        assert!(p.errors.is_empty(), "{line}\n{}", p.error_report(Lang::En));
        for e in &p.items {
            for lang in [Lang::Zh, Lang::En] {
                let text = maester::lang::echo::echo_item(&e.item, &names, lang);
                let back = parse_submission(&text, &names);
                assert!(
                    back.errors.is_empty(),
                    "{text}\n{}",
                    back.error_report(Lang::En)
                );
                assert_eq!(back.items[0].item, e.item, "{text}");
            }
        }
        n += 1;
    }
    assert_eq!(n, 57, "the order lines of tests/fixtures/order-lines.txt");
    let mut rng = Rng(99, &names);
    for _ in 0..300 {
        let item = rng.item();
        for lang in [Lang::Zh, Lang::En] {
            let text = maester::lang::echo::echo_item(&item, &names, lang);
            let back = parse_submission(&text, &names);
            assert!(
                back.errors.is_empty(),
                "{text}\n{}",
                back.error_report(Lang::En)
            );
            assert_eq!(back.items[0].item, item, "{text}");
        }
    }
}
