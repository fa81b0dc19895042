//! Schedule tests (no clock: every instant is spelled out).

use chrono::{DateTime, TimeDelta, TimeZone, Utc};
use chrono_tz::Tz;

use super::*;

fn utc(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, mo, d, h, mi, 0).unwrap()
}

/// A local wall-clock time in `tz` that exists exactly once, as UTC.
fn local(tz: Tz, y: i32, mo: u32, d: u32, h: u32, mi: u32) -> DateTime<Utc> {
    tz.with_ymd_and_hms(y, mo, d, h, mi, 0)
        .single()
        .unwrap()
        .with_timezone(&Utc)
}

fn schedule(tz: &str, steps: &str) -> Schedule {
    let text = format!("[schedule]\ntimezone = \"{tz}\"\n[schedule.steps]\n{steps}\n");
    Schedule::parse(&text).unwrap_or_else(|e| panic!("{e}"))
}

fn parse_err(text: &str) -> ScheduleError {
    Schedule::parse(text).expect_err("should be refused")
}

#[test]
fn durations_are_parsed_in_all_documented_forms() {
    let cases = [
        ("30m", 30 * 60),
        ("12h", 12 * 3600),
        ("1d", 86_400),
        ("1d12h", 36 * 3600),
        ("1d 12h 30m", 36 * 3600 + 1800),
        ("0m", 0),
    ];
    for (text, secs) in cases {
        assert_eq!(parse_duration(text), Ok(TimeDelta::seconds(secs)), "{text}");
    }
    for bad in [
        "",
        "12",
        "h",
        "12x",
        "12h1d",
        "1h1h",
        "-1h",
        "1.5h",
        "400d",
        "99999999999999999999d",
    ] {
        assert!(parse_duration(bad).is_err(), "{bad:?} accepted");
    }
}

#[test]
fn duration_step_closes_after_elapsed_time() {
    let s = schedule(
        "Asia/Shanghai",
        "placement = \"24h\"\nraven = \"1d12h\"\nretreat = \"30m\"",
    );
    let open = utc(2026, 11, 23, 13, 0);
    assert_eq!(
        s.deadline_for("placement", open),
        Ok(utc(2026, 11, 24, 13, 0))
    );
    assert_eq!(s.deadline_for("raven", open), Ok(utc(2026, 11, 25, 1, 0)));
    assert_eq!(
        s.deadline_for("retreat", open),
        Ok(utc(2026, 11, 23, 13, 30))
    );
}

#[test]
fn duration_across_berlin_spring_forward_is_elapsed_not_wall_clock() {
    let berlin = Tz::Europe__Berlin;
    let s = schedule("Europe/Berlin", "plan = \"1d\"");
    // Opens Sat 28 Mar 2026 21:00 CET; clocks jump 02:00 -> 03:00 on Sunday.
    let open = local(berlin, 2026, 3, 28, 21, 0);
    let deadline = s.deadline_for("plan", open).unwrap();
    assert_eq!(deadline - open, TimeDelta::hours(24));
    assert_eq!(
        deadline,
        local(berlin, 2026, 3, 29, 22, 0),
        "22:00 CEST on the wall"
    );
}

#[test]
fn daily_time_closes_at_the_next_occurrence_strictly_after_opening() {
    let sh = Tz::Asia__Shanghai;
    let s = schedule("Asia/Shanghai", "placement = \"daily 21:00\"");
    let at = |h, m| {
        s.deadline_for("placement", local(sh, 2026, 11, 23, h, m))
            .unwrap()
    };
    assert_eq!(at(10, 0), local(sh, 2026, 11, 23, 21, 0));
    assert_eq!(at(20, 59), local(sh, 2026, 11, 23, 21, 0));
    assert_eq!(
        at(21, 0),
        local(sh, 2026, 11, 24, 21, 0),
        "not at the opening instant"
    );
    assert_eq!(at(22, 0), local(sh, 2026, 11, 24, 21, 0));
    // A bare time means daily too.
    let bare = schedule("Asia/Shanghai", "placement = \"21:00\"");
    assert_eq!(bare, s);
}

#[test]
fn weekly_times_pick_the_nearest_listed_day() {
    let sh = Tz::Asia__Shanghai;
    let s = schedule("Asia/Shanghai", "plan = \"Mon 21:00, Thu 21:00\"");
    // 2026-11-24 is a Tuesday.
    let tue = local(sh, 2026, 11, 24, 9, 0);
    assert_eq!(
        s.deadline_for("plan", tue),
        Ok(local(sh, 2026, 11, 26, 21, 0))
    );
    let fri = local(sh, 2026, 11, 27, 9, 0);
    assert_eq!(
        s.deadline_for("plan", fri),
        Ok(local(sh, 2026, 11, 30, 21, 0))
    );
    let mon_late = local(sh, 2026, 11, 30, 21, 30);
    assert_eq!(
        s.deadline_for("plan", mon_late),
        Ok(local(sh, 2026, 12, 3, 21, 0))
    );
    let zh = schedule("Asia/Shanghai", "plan = \"周一 21:00，星期四 21:00\"");
    assert_eq!(zh, s, "Chinese day names and comma");
    let long = schedule("Asia/Shanghai", "plan = \"monday 21:00, THU 21:00\"");
    assert_eq!(long, s);
}

#[test]
fn calendar_deadline_closer_than_min_open_moves_to_the_next_occurrence() {
    let sh = Tz::Asia__Shanghai;
    let text = "[schedule]\ntimezone = \"Asia/Shanghai\"\nmin_open = \"6h\"\n\
                [schedule.steps]\nplacement = \"daily 21:00\"\nraven = \"2h\"\n";
    let s = Schedule::parse(text).unwrap();
    let at = |h| {
        s.deadline_for("placement", local(sh, 2026, 11, 23, h, 0))
            .unwrap()
    };
    assert_eq!(
        at(15),
        local(sh, 2026, 11, 23, 21, 0),
        "exactly 6h is enough"
    );
    assert_eq!(at(16), local(sh, 2026, 11, 24, 21, 0), "5h is too short");
    // min_open does not stretch durations.
    let open = local(sh, 2026, 11, 23, 16, 0);
    assert_eq!(
        s.deadline_for("raven", open),
        Ok(open + TimeDelta::hours(2))
    );
}

#[test]
fn daily_time_follows_the_wall_clock_across_dst() {
    let berlin = Tz::Europe__Berlin;
    let s = schedule("Europe/Berlin", "plan = \"daily 21:00\"");
    // Spring: Sat 21:30 CET -> Sun 21:00 CEST is only 22.5 hours later.
    let open = local(berlin, 2026, 3, 28, 21, 30);
    let d = s.deadline_for("plan", open).unwrap();
    assert_eq!(d, utc(2026, 3, 29, 19, 0));
    // Autumn: Sat 21:30 CEST -> Sun 21:00 CET.
    let open = local(berlin, 2026, 10, 24, 21, 30);
    assert_eq!(s.deadline_for("plan", open), Ok(utc(2026, 10, 25, 20, 0)));
}

#[test]
fn nonexistent_local_time_in_spring_gap_uses_the_offset_before_the_gap() {
    // Berlin: 2026-03-29 02:00 CET jumps to 03:00 CEST; 02:30 does not exist.
    let s = schedule("Europe/Berlin", "plan = \"Sun 02:30\"");
    let d = s.deadline_for("plan", utc(2026, 3, 27, 12, 0)).unwrap();
    assert_eq!(d, utc(2026, 3, 29, 1, 30), "02:30 CET = 03:30 CEST");
    // New York: 2026-03-08 02:00 EST jumps to 03:00 EDT.
    let s = schedule("America/New_York", "plan = \"daily 02:30\"");
    let d = s.deadline_for("plan", utc(2026, 3, 8, 5, 0)).unwrap();
    assert_eq!(d, utc(2026, 3, 8, 7, 30), "02:30 EST = 03:30 EDT");
    // The day after, 02:30 exists again (EDT).
    let d = s.deadline_for("plan", d).unwrap();
    assert_eq!(d, utc(2026, 3, 9, 6, 30));
}

#[test]
fn ambiguous_local_time_in_autumn_means_its_first_occurrence() {
    // Berlin: 2026-10-25 03:00 CEST falls back to 02:00 CET; 02:30 happens twice.
    let s = schedule("Europe/Berlin", "plan = \"daily 02:30\"");
    let d = s.deadline_for("plan", utc(2026, 10, 24, 12, 0)).unwrap();
    assert_eq!(d, utc(2026, 10, 25, 0, 30), "02:30 CEST, the first one");
    // Opened between the two 02:30s: the next one is the next day's.
    let d = s.deadline_for("plan", utc(2026, 10, 25, 0, 45)).unwrap();
    assert_eq!(d, utc(2026, 10, 26, 1, 30));
    // New York: 2026-11-01 02:00 EDT falls back to 01:00 EST; 01:30 is twice.
    let s = schedule("America/New_York", "plan = \"Sun 01:30\"");
    let d = s.deadline_for("plan", utc(2026, 10, 30, 12, 0)).unwrap();
    assert_eq!(d, utc(2026, 11, 1, 5, 30), "01:30 EDT, the first one");
}

#[test]
fn unknown_step_uses_default_or_is_a_clear_error() {
    let open = utc(2026, 11, 23, 13, 0);
    let s = schedule("UTC", "placement = \"24h\"");
    let err = s.deadline_for("tiebreak", open).unwrap_err();
    assert_eq!(err, ScheduleError::UnknownStep("tiebreak".into()));
    assert!(err.to_string().contains("tiebreak"));
    let s = schedule("UTC", "placement = \"24h\"\ndefault = \"12h\"");
    assert_eq!(
        s.deadline_for("tiebreak", open),
        Ok(open + TimeDelta::hours(12))
    );
    assert_eq!(
        s.deadline_for("placement", open),
        Ok(open + TimeDelta::hours(24))
    );
}

#[test]
fn load_errors_name_the_key_and_the_bad_value() {
    let head = "[schedule]\ntimezone = \"Asia/Shanghai\"\n[schedule.steps]\n";
    let cases = [
        (format!("{head}placement = \"24x\""), "schedule.steps.placement", "24x"),
        (format!("{head}raven = \"Mon 25:00\""), "schedule.steps.raven", "Mon 25:00"),
        (format!("{head}plan = \"Moon 21:00\""), "schedule.steps.plan", "Moon 21:00"),
        (format!("{head}plan = \"Mon 21:00, 30m\""), "schedule.steps.plan", "30m"),
        (format!("{head}plan = 24"), "schedule.steps.plan", "24"),
        (format!("{head}Plan = \"24h\""), "schedule.steps.Plan", "Plan"),
        (
            "[schedule]\ntimezone = \"Asia/Shangai\"\n[schedule.steps]\nplan = \"1d\"".into(),
            "schedule.timezone",
            "Asia/Shangai",
        ),
        (
            "[schedule]\ntimezone = \"UTC\"\nmin_open = \"six hours\"\n[schedule.steps]\nplan = \"1d\"".into(),
            "schedule.min_open",
            "six hours",
        ),
    ];
    for (text, key, value) in cases {
        let msg = parse_err(&text).to_string();
        assert!(
            msg.contains(key) && msg.contains(value),
            "{msg:?} lacks {key} / {value}"
        );
    }
    let msg = parse_err("[schedule]\n[schedule.steps]\nplan = \"1d\"").to_string();
    assert!(msg.contains("schedule.timezone"), "{msg}");
    let msg = parse_err("[schedule]\ntimezone = \"UTC\"\ntimezone2 = 1\n").to_string();
    assert!(msg.contains("schedule.timezone2"), "{msg}");
    assert!(
        parse_err("[game]\nname = \"x\"\n")
            .to_string()
            .contains("schedule")
    );
    assert!(
        parse_err("[schedule]\ntimezone = \"UTC\"\n")
            .to_string()
            .contains("schedule.steps")
    );
    assert!(matches!(parse_err("not toml ="), ScheduleError::Toml(_)));
}

#[test]
fn check_steps_catches_typos_and_missing_steps() {
    let known = [
        "placement",
        "raven",
        "plan",
        "retreat",
        "events",
        "tiebreak",
    ];
    let s = schedule("UTC", "placment = \"24h\"\ndefault = \"1d\"");
    let msg = s.check_steps(&known).unwrap_err().to_string();
    assert!(msg.contains("placment"), "{msg}");
    let s = schedule("UTC", "placement = \"24h\"");
    let msg = s.check_steps(&known).unwrap_err().to_string();
    assert!(msg.contains("schedule.steps.raven"), "{msg}");
    let s = schedule("UTC", "placement = \"24h\"\ndefault = \"1d\"");
    assert_eq!(s.check_steps(&known), Ok(()));
}

#[test]
fn immediate_schedule_closes_every_step_when_it_opens() {
    let open = utc(2026, 11, 23, 13, 0) + TimeDelta::milliseconds(123);
    let s = Schedule::immediate();
    assert_eq!(s.deadline_for("placement", open), Ok(open));
    assert_eq!(s.deadline_for("anything", open), Ok(open));
    let s =
        Schedule::parse("[schedule]\ntimezone = \"Asia/Shanghai\"\nimmediate = true\n").unwrap();
    assert!(s.is_immediate());
    assert_eq!(s.deadline_for("raven", open), Ok(open));
    let s = schedule("UTC", "plan = \"1d\"").into_immediate();
    assert_eq!(s.deadline_for("plan", open), Ok(open));
}

#[test]
fn schedule_deserializes_inside_a_game_config() {
    #[derive(serde::Deserialize)]
    struct GameConfig {
        schedule: Schedule,
    }
    let text =
        "[schedule]\ntimezone = \"Europe/Berlin\"\n[schedule.steps]\nplan = \"daily 21:00\"\n";
    let cfg: GameConfig = toml::from_str(text).unwrap();
    assert_eq!(cfg.schedule, Schedule::parse(text).unwrap());
    let bad = "[schedule]\ntimezone = \"Mars/Olympus\"\n[schedule.steps]\nplan = \"1d\"\n";
    let err = toml::from_str::<GameConfig>(bad).err().unwrap().to_string();
    assert!(err.contains("Mars/Olympus"), "{err}");
}

#[test]
fn deadlines_are_formatted_for_players_in_the_game_time_zone() {
    let d = utc(2026, 11, 23, 13, 0);
    let sh = schedule("Asia/Shanghai", "plan = \"1d\"");
    assert_eq!(
        sh.format_deadline_zh(d),
        "2026年11月23日 21:00 (北京时间/Asia/Shanghai)"
    );
    assert_eq!(
        sh.format_deadline_en(d),
        "Mon 23 Nov 2026 21:00 Asia/Shanghai"
    );
    let early = utc(2026, 12, 2, 22, 5);
    assert_eq!(
        sh.format_deadline_zh(early),
        "2026年12月3日 06:05 (北京时间/Asia/Shanghai)"
    );
    assert_eq!(
        sh.format_deadline_en(early),
        "Thu 3 Dec 2026 06:05 Asia/Shanghai"
    );
    let berlin = Tz::Europe__Berlin;
    assert_eq!(
        format_deadline_zh(d, berlin),
        "2026年11月23日 14:00 (Europe/Berlin)"
    );
    assert_eq!(
        format_deadline_en(utc(2026, 7, 1, 19, 0), berlin),
        "Wed 1 Jul 2026 21:00 Europe/Berlin"
    );
}
