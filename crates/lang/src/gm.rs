//! The GM's mail (`grammar/gm.pest`): the GM secret and one command per line; `公告` /
//! `announce` and `代交 <house>` / `submit <house>` take the following lines as their text.
//! Pure: text in, typed lines out; which game and whether the secret is right is the shell's.

use crate::normalize::normalize_line;
use pest::Parser;
use pest_derive::Parser;

/// The generated parser of a GM mail line.
#[derive(Parser)]
#[grammar = "../../grammar/gm.pest"]
struct GmParser;

/// One command of a GM mail, as written (house and step names unresolved).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GmLine {
    /// Set the open step's deadline (`+2d`, or a local time).
    Deadline(String),
    /// Pause the game.
    Pause,
    /// Resume, with a new deadline if given.
    Resume(Option<String>),
    /// Close the open step now.
    Process,
    /// The open step's results, for the GM only.
    Preview,
    /// Reopen the last closed step, or the round and step named, with the reason.
    Rollback {
        /// The round and step (as written) to go back to; the last closed step when absent.
        target: Option<(u32, String)>,
        /// Why.
        reason: String,
    },
    /// Mail a past report or the last answer again.
    Resend {
        /// The house, as written.
        house: String,
        /// Which mail.
        which: ResendWhich,
    },
    /// Correct the state: the reason and the correction's lines.
    Edit {
        /// Why.
        reason: String,
        /// The correction (a scenario's `[setup]` keys).
        text: String,
    },
    /// One entry of the schedule for the steps to come (`plan = Mon 21:00`).
    Schedule(String),
    /// A substitute takes over a house: the house, then the name and the address.
    Replace {
        /// The house, as written.
        house: String,
        /// The name and the address, as written.
        rest: String,
    },
    /// A house's player leaves with no substitute.
    Leave(String),
    /// The house's seat wants a substitute (the house as written).
    SeatOpen(String),
    /// The house's seat no longer wants one.
    SeatClose(String),
    /// Send the game's failed outgoing mails again.
    Requeue,
    /// The database's backups.
    Backups,
    /// Who has sent what.
    Who,
    /// The audit log.
    Log,
    /// A message to every player, or to the house named.
    Announce {
        /// The house, as written.
        house: Option<String>,
        /// The text.
        text: String,
    },
    /// A submission entered for a house.
    Submit {
        /// The house, as written.
        house: String,
        /// The submission's text.
        text: String,
    },
    /// An absence of a house: the house, first and last day as written.
    Absence {
        /// The house, as written.
        house: String,
        /// First day.
        from: String,
        /// Last day.
        to: String,
    },
    /// Cancel the absence with this id.
    CancelAbsence(i64),
    /// The reminder offsets, as written (none: no reminders).
    Reminders(Vec<String>),
    /// The step the following commands mean: round and step as written.
    Guard {
        /// The round.
        round: u32,
        /// The step, as written.
        step: String,
    },
}

/// Which mail `resend` means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResendWhich {
    /// The newest report.
    Report,
    /// The report of this round and step (as written).
    Step(u32, String),
    /// The last answer to the house's mail.
    Answer,
}

/// A GM mail read: the secret, the commands in order (with their line numbers), and the
/// lines that are not commands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GmMail {
    /// The secret line's value.
    pub secret: Option<String>,
    /// The commands with their 1-based line numbers.
    pub commands: Vec<(usize, GmLine)>,
    /// Lines that are no command: (line number, text).
    pub unknown: Vec<(usize, String)>,
}

enum Block {
    Announce(usize, Option<String>, Vec<String>),
    Submit(usize, String, Vec<String>),
    Edit(usize, String, Vec<String>),
}

impl Block {
    fn finish(self, out: &mut GmMail) {
        match self {
            Block::Announce(l, house, lines) => out.commands.push((
                l,
                GmLine::Announce {
                    house,
                    text: lines.join("\n").trim().to_string(),
                },
            )),
            Block::Submit(l, house, lines) => out.commands.push((
                l,
                GmLine::Submit {
                    house,
                    text: lines.join("\n"),
                },
            )),
            Block::Edit(l, reason, lines) => out.commands.push((
                l,
                GmLine::Edit {
                    reason,
                    text: lines.join("\n"),
                },
            )),
        }
    }
}

/// Read a GM mail's text.
pub fn parse_gm_mail(text: &str) -> GmMail {
    let mut out = GmMail::default();
    let mut block: Option<Block> = None;
    for (i, original) in text.lines().enumerate() {
        let n = i + 1;
        let norm = normalize_line(original);
        let parsed = GmParser::parse(Rule::gm_line, &norm.text)
            .ok()
            .and_then(|mut p| p.next())
            .and_then(|line| line.into_inner().next());
        if let Some(b) = block.as_mut() {
            let ends = parsed.as_ref().is_some_and(|p| p.as_rule() == Rule::gm_end);
            if !ends {
                match b {
                    Block::Announce(_, _, lines)
                    | Block::Submit(_, _, lines)
                    | Block::Edit(_, _, lines) => lines.push(original.to_string()),
                }
                continue;
            }
            if let Some(b) = block.take() {
                b.finish(&mut out);
            }
            continue;
        }
        if norm.text.is_empty() {
            continue;
        }
        let Some(p) = parsed else {
            out.unknown.push((n, original.trim().to_string()));
            continue;
        };
        let arg = |p: &pest::iterators::Pair<Rule>| {
            p.clone()
                .into_inner()
                .next()
                .map(|a| a.as_str().trim().to_string())
        };
        match p.as_rule() {
            Rule::gm_secret => out.secret = arg(&p),
            Rule::gm_deadline => out
                .commands
                .push((n, GmLine::Deadline(arg(&p).unwrap_or_default()))),
            Rule::gm_pause => out.commands.push((n, GmLine::Pause)),
            Rule::gm_resume => out.commands.push((n, GmLine::Resume(arg(&p)))),
            Rule::gm_process => out.commands.push((n, GmLine::Process)),
            Rule::gm_preview => out.commands.push((n, GmLine::Preview)),
            Rule::gm_rollback => out.commands.push((n, rollback(p))),
            Rule::gm_resend => out.commands.push((n, resend(p))),
            Rule::gm_edit => block = Some(Block::Edit(n, arg(&p).unwrap_or_default(), Vec::new())),
            Rule::gm_schedule => out
                .commands
                .push((n, GmLine::Schedule(arg(&p).unwrap_or_default()))),
            Rule::gm_replace => {
                let mut inner = p.into_inner().map(|x| x.as_str().trim().to_string());
                let house = inner.next().unwrap_or_default();
                let rest = inner.next().unwrap_or_default();
                out.commands.push((n, GmLine::Replace { house, rest }));
            }
            Rule::gm_leave => out
                .commands
                .push((n, GmLine::Leave(arg(&p).unwrap_or_default()))),
            Rule::gm_seat_open => out
                .commands
                .push((n, GmLine::SeatOpen(arg(&p).unwrap_or_default()))),
            Rule::gm_seat_close => out
                .commands
                .push((n, GmLine::SeatClose(arg(&p).unwrap_or_default()))),
            Rule::gm_requeue => out.commands.push((n, GmLine::Requeue)),
            Rule::gm_backups => out.commands.push((n, GmLine::Backups)),
            Rule::gm_who => out.commands.push((n, GmLine::Who)),
            Rule::gm_log => out.commands.push((n, GmLine::Log)),
            Rule::gm_announce => block = Some(Block::Announce(n, arg(&p), Vec::new())),
            Rule::gm_submit => {
                block = Some(Block::Submit(n, arg(&p).unwrap_or_default(), Vec::new()))
            }
            Rule::gm_guard => {
                let mut inner = p.into_inner();
                let round = inner
                    .next()
                    .and_then(|r| r.as_str().parse().ok())
                    .unwrap_or(0);
                let step = inner
                    .next()
                    .map(|s| s.as_str().to_string())
                    .unwrap_or_default();
                out.commands.push((n, GmLine::Guard { round, step }));
            }
            Rule::gm_absence => {
                let parts: Vec<String> = p
                    .into_inner()
                    .map(|a| a.as_str().trim().to_string())
                    .collect();
                match parts.as_slice() {
                    [house, from, to] => out.commands.push((
                        n,
                        GmLine::Absence {
                            house: house.clone(),
                            from: from.clone(),
                            to: to.clone(),
                        },
                    )),
                    _ => out.unknown.push((n, original.trim().to_string())),
                }
            }
            Rule::gm_cancel_absence => match arg(&p).and_then(|a| a.parse().ok()) {
                Some(id) => out.commands.push((n, GmLine::CancelAbsence(id))),
                None => out.unknown.push((n, original.trim().to_string())),
            },
            Rule::gm_reminders => out.commands.push((
                n,
                GmLine::Reminders(p.into_inner().map(|a| a.as_str().to_string()).collect()),
            )),
            _ => out.unknown.push((n, original.trim().to_string())),
        }
    }
    if let Some(b) = block.take() {
        b.finish(&mut out);
    }
    out
}

/// `第3回合 plan` / `round 3 plan`: the round and the step as written.
fn round_step(p: pest::iterators::Pair<Rule>) -> Option<(u32, String)> {
    let mut inner = p.into_inner();
    let round = inner.next()?.as_str().parse().ok()?;
    let step = inner.next()?.as_str().to_string();
    Some((round, step))
}

fn rollback(p: pest::iterators::Pair<Rule>) -> GmLine {
    let mut target = None;
    let mut reason = String::new();
    for x in p.into_inner() {
        match x.as_rule() {
            Rule::gm_round_step => target = round_step(x),
            _ => reason = x.as_str().trim().to_string(),
        }
    }
    GmLine::Rollback { target, reason }
}

fn resend(p: pest::iterators::Pair<Rule>) -> GmLine {
    let mut house = String::new();
    let mut which = ResendWhich::Report;
    for x in p.into_inner() {
        match x.as_rule() {
            Rule::gm_answer => which = ResendWhich::Answer,
            Rule::gm_round_step => {
                if let Some((r, s)) = round_step(x) {
                    which = ResendWhich::Step(r, s);
                }
            }
            _ => house = x.as_str().trim().to_string(),
        }
    }
    GmLine::Resend { house, which }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absences_and_reminders_by_gm_mail() {
        let m = parse_gm_mail(
            "请假 白狼 12月20日 到 12月27日\nabsence stark 2026-12-20 to 2026-12-27\n取消请假 3\ncancel absence x\n提醒 24h 4h\nreminders\n",
        );
        let absence = |house: &str, from: &str, to: &str| GmLine::Absence {
            house: house.into(),
            from: from.into(),
            to: to.into(),
        };
        assert_eq!(
            m.commands,
            vec![
                (1, absence("白狼", "12月20日", "12月27日")),
                (2, absence("stark", "2026-12-20", "2026-12-27")),
                (3, GmLine::CancelAbsence(3)),
                (5, GmLine::Reminders(vec!["24h".into(), "4h".into()])),
                (6, GmLine::Reminders(Vec::new())),
            ]
        );
        assert_eq!(m.unknown, vec![(4, "cancel absence x".to_string())]);
    }

    #[test]
    fn a_gm_mail_in_chinese_reads_its_secret_commands_and_blocks() {
        let m = parse_gm_mail(
            "密码：gm-s\n第1回合 placement\n延期 +1d\n谁没交\n代交 白狼\n临冬城 行军+1\n白港 支援\n结束\n公告\n周六休战。\n大家辛苦了\n",
        );
        assert_eq!(m.secret.as_deref(), Some("gm-s"));
        assert_eq!(
            m.commands,
            vec![
                (
                    2,
                    GmLine::Guard {
                        round: 1,
                        step: "placement".into()
                    }
                ),
                (3, GmLine::Deadline("+1d".into())),
                (4, GmLine::Who),
                (
                    5,
                    GmLine::Submit {
                        house: "白狼".into(),
                        text: "临冬城 行军+1\n白港 支援".into()
                    }
                ),
                (
                    9,
                    GmLine::Announce {
                        house: None,
                        text: "周六休战。\n大家辛苦了".into()
                    }
                ),
            ]
        );
        assert!(m.unknown.is_empty());
    }

    #[test]
    fn english_commands_and_unknown_lines() {
        let m = parse_gm_mail("secret: x\nPAUSE\nresume +2d\nrollback wrong ruling\nfoo bar\n");
        assert_eq!(
            m.commands,
            vec![
                (2, GmLine::Pause),
                (3, GmLine::Resume(Some("+2d".into()))),
                (
                    4,
                    GmLine::Rollback {
                        target: None,
                        reason: "wrong ruling".into()
                    }
                ),
            ]
        );
        assert_eq!(m.unknown, vec![(5, "foo bar".to_string())]);
    }

    #[test]
    fn seat_open_and_close_by_gm_mail() {
        let m = parse_gm_mail(
            "密码: x\n招替补 白狼\n取消招替补: 白狼\nseat-open stark\nSeat Close stark\n招募替補 海怪\n",
        );
        assert_eq!(
            m.commands,
            vec![
                (2, GmLine::SeatOpen("白狼".into())),
                (3, GmLine::SeatClose("白狼".into())),
                (4, GmLine::SeatOpen("stark".into())),
                (5, GmLine::SeatClose("stark".into())),
                (6, GmLine::SeatOpen("海怪".into())),
            ]
        );
        assert!(m.unknown.is_empty(), "{:?}", m.unknown);
    }
}
