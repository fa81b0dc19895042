//! A player who reads Traditional Chinese gets every mail in Traditional: the config can say so
//! before he has written anything (`language = "zh-Hant"`), and then his welcome, reminders,
//! late notices, the GM's notices, a substitute's welcome, reports (with the map drawn in
//! Traditional, one picture shared by the seats that read it) and resends are all Traditional,
//! while the other seats keep Simplified or English.

mod policy_support;

use maester::config::MailLanguage;
use maester::daemon::gm::{GmCommand, Resend, apply};
use mail_parser::{MimeHeaders, PartType};
use policy_support::*;

/// Characters only Simplified writes, and their Traditional forms, frequent in maester's mails.
const SIMPLIFIED_ONLY: &str = "临区将时这们为说请军势图东么发还进过应该与当从门间头红换补动狮";
const TRADITIONAL_ONLY: &str = "臨區將時這們為說請軍勢圖東麼發還進過應該與當從門間頭紅換補動獅";

fn assert_traditional(what: &str, text: &str) {
    assert!(
        text.chars().any(|c| TRADITIONAL_ONLY.contains(c)),
        "{what} has no Traditional character: {text}"
    );
    let left: String = text
        .chars()
        .filter(|c| SIMPLIFIED_ONLY.contains(*c))
        .collect();
    assert!(left.is_empty(), "{what} keeps Simplified {left:?}: {text}");
}

fn assert_simplified(what: &str, text: &str) {
    assert!(
        text.chars().any(|c| SIMPLIFIED_ONLY.contains(c)),
        "{what} has no Simplified character: {text}"
    );
    let left: String = text
        .chars()
        .filter(|c| TRADITIONAL_ONLY.contains(*c))
        .collect();
    assert!(left.is_empty(), "{what} has Traditional {left:?}: {text}");
}

/// The one mail to `house` whose text holds `marker`.
fn one(dir: &std::path::Path, house: &str, marker: &str) -> String {
    let found = mails_to(dir, house, marker);
    assert_eq!(
        found.len(),
        1,
        "mails to {house} with {marker:?}: {found:#?}"
    );
    found[0].clone()
}

/// The PNG pictures of the mails to `house` (raw outbox files, parsed as a mail client would).
fn pictures_to(dir: &std::path::Path, house: &str) -> Vec<Vec<u8>> {
    std::fs::read_dir(dir.join("mail/outbox"))
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| std::fs::read(e.path()).ok())
        .filter_map(|raw| {
            let m = mail_parser::MessageParser::default().parse(&raw)?;
            let to = m.to()?.first()?.address()?.to_string();
            if to != addr(house) {
                return None;
            }
            // The whole board's picture (`cid:map.…`; the house's own is `cid:house-map.…`).
            m.parts
                .iter()
                .find_map(|p| match (&p.body, p.content_type(), p.content_id()) {
                    (PartType::Binary(b) | PartType::InlineBinary(b), Some(t), Some(id))
                        if t.subtype() == Some("png") && id.starts_with("map.") =>
                    {
                        Some(b.to_vec())
                    }
                    _ => None,
                })
        })
        .collect()
}

fn gm(d: &mut maester::daemon::Daemon, cmd: &GmCommand, at: chrono::DateTime<chrono::Utc>) {
    if let Err(e) = apply(d, "tw", cmd, at) {
        panic!("{e}");
    }
}

#[test]
fn a_seat_the_config_says_reads_traditional_gets_every_mail_in_traditional() {
    // Stark (A) and Tyrell (E) read Traditional, Greyjoy (B) English, the others Simplified.
    let (dir, cfg) = game_edited("trad-everywhere", "tw", |t| {
        let t = t
            .replace("name = \"A\"\n", "name = \"A\"\nlanguage = \"zh-Hant\"\n")
            .replace("name = \"E\"\n", "name = \"E\"\nlanguage = \"ZH-hant\"\n");
        format!("{t}[game.reminders]\nbefore = [\"24h\"]\n")
    });
    let mut d = open(&cfg);
    let seat = |d: &maester::daemon::Daemon, h: &str| match d.store.house("tw", h) {
        Ok(Some(s)) => s,
        other => panic!("{other:?}"),
    };
    assert!(seat(&d, "stark").traditional && seat(&d, "tyrell").traditional);
    assert!(!seat(&d, "lannister").traditional && !seat(&d, "greyjoy").traditional);
    let dl = deadline(&d, "tw");

    // The welcome mails, queued at creation and sent at the first tick.
    tick(&mut d, dl - hours(30));
    assert_traditional("stark's welcome", &one(&dir, "stark", "歡迎"));
    assert_simplified("lannister's welcome", &one(&dir, "lannister", "欢迎"));
    assert!(mails_to(&dir, "greyjoy", "Welcome").len() == 1);
    // The copy kept once it is sent, its secret masked, is the Traditional text too.
    let mid = maester::mail::new_message_id(&d.sender.domain, b"welcome:tw:stark");
    let kept = match d.store.outgoing_by_message_id(&mid) {
        Ok(Some(o)) => maester::mail::decode(&o.raw).body,
        other => panic!("{other:?}"),
    };
    assert!(
        kept.contains("********") && !kept.contains("stark-s"),
        "{kept}"
    );
    assert_traditional("stark's kept welcome", &kept);

    // The reminder 24 h before the deadline, to every seat (nobody has sent).
    tick(&mut d, dl - hours(23));
    assert_traditional("stark's reminder", &one(&dir, "stark", "提醒"));
    assert_simplified("lannister's reminder", &one(&dir, "lannister", "提醒"));

    // Everyone but stark sends; the deadline passes: stark's late notice, the others' list.
    for (i, h) in ["greyjoy", "lannister", "baratheon", "tyrell", "martell"]
        .iter()
        .enumerate()
    {
        send_orders(&dir, h, &format!("o{i}"));
    }
    tick(&mut d, dl - hours(2));
    let t = tick(&mut d, dl + hours(1) / 60);
    assert_eq!(t.steps_closed, 0, "{t:?}");
    assert_traditional("stark's late notice", &one(&dir, "stark", "遲交通知"));
    assert_traditional("tyrell's late list", &one(&dir, "tyrell", "等待遲交的家族"));
    assert_simplified(
        "lannister's late list",
        &one(&dir, "lannister", "等待迟交的家族"),
    );

    // Stark sends in the grace: the step closes, the reports go out with their pictures.
    send(&dir, "stark", "o-stark", "临冬城 行军+1");
    let t = tick(&mut d, dl + hours(1));
    assert_eq!(t.steps_closed, 1, "{t:?}");
    // Stark wrote Simplified this time: his seat now reads Simplified (learnt from his mail);
    // tyrell, who wrote nothing telling, still reads Traditional.
    assert!(!seat(&d, "stark").traditional);
    assert!(seat(&d, "tyrell").traditional);
    assert_traditional("tyrell's report", &one(&dir, "tyrell", "結果"));
    let trad = pictures_to(&dir, "tyrell");
    let simp = pictures_to(&dir, "lannister");
    let also_simp = pictures_to(&dir, "stark");
    assert_eq!((trad.len(), simp.len()), (1, 1), "one picture each");
    assert_ne!(trad[0], simp[0], "the Traditional picture is drawn apart");
    assert_eq!(
        also_simp.first(),
        simp.first(),
        "one picture per script, shared"
    );

    // The GM's notices, a substitute's welcome in Traditional, a resend.
    let at = dl + hours(2);
    gm(
        &mut d,
        &GmCommand::Announce {
            house: None,
            text: "请注意:下一步的截止时间不变。".into(),
        },
        at,
    );
    tick(&mut d, at);
    assert_traditional(
        "tyrell's announcement",
        &one(&dir, "tyrell", "截止時間不變"),
    );
    assert_simplified(
        "lannister's announcement",
        &one(&dir, "lannister", "截止时间不变"),
    );
    let language = MailLanguage::parse("zh-Hant");
    assert!(language.is_some_and(|l| l.traditional()));
    gm(
        &mut d,
        &GmCommand::Replace {
            house: "lannister".into(),
            name: "Zed".into(),
            address: "z@x.example".into(),
            language,
        },
        at,
    );
    tick(&mut d, at);
    assert!(
        seat(&d, "lannister").traditional,
        "the substitute reads Traditional"
    );
    let welcome: Vec<String> = outbox_files(&dir.join("mail/outbox"))
        .into_iter()
        .filter(|(t, _)| t.contains("z@x.example"))
        .map(|(_, b)| b)
        .collect();
    // The welcome and the catch-up (the rounds so far), both in Traditional.
    assert_eq!(welcome.len(), 2, "{welcome:#?}");
    for m in &welcome {
        assert_traditional("the substitute's welcome and catch-up", m);
    }
    assert_traditional(
        "tyrell's notice of the substitute",
        &one(&dir, "tyrell", "Zed"),
    );
    assert_simplified(
        "baratheon's notice of the substitute",
        &one(&dir, "baratheon", "Zed"),
    );
    gm(
        &mut d,
        &GmCommand::Resend {
            house: "tyrell".into(),
            which: Resend::Report(None),
        },
        at,
    );
    tick(&mut d, at);
    let reports = mails_to(&dir, "tyrell", "結果");
    assert_eq!(reports.len(), 2, "the report and its resend");
    assert_traditional("tyrell's resent report", &reports[1]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_config_reads_zh_hant_beside_zh_and_en() {
    let table = |language: &str| {
        format!(
            "id = \"g\"\nlanguage = \"{language}\"\n[schedule]\ntimezone = \"UTC\"\n[schedule.steps]\ndefault = \"1d\"\n\
             [[players]]\nhouse = \"stark\"\nname = \"A\"\naddress = \"a@x.example\"\n\
             [[players]]\nhouse = \"greyjoy\"\nname = \"B\"\naddress = \"b@x.example\"\n\
             language = \"zh\"\n"
        )
    };
    for (word, key) in [
        ("zh", "zh"),
        ("en", "en"),
        ("zh-Hant", "zh-Hant"),
        ("zh_tw", "zh-Hant"),
    ] {
        let cfg = match maester::config::GameConfig::from_text(&table(word)) {
            Ok(c) => c,
            Err(e) => panic!("{word}: {e}"),
        };
        assert_eq!(cfg.language.key(), key, "{word}");
        assert_eq!(
            cfg.players[0].language_in(&cfg).key(),
            key,
            "the game's, {word}"
        );
        assert_eq!(cfg.players[1].language_in(&cfg).key(), "zh", "his own");
    }
    let Err(e) = maester::config::GameConfig::from_text(&table("klingon")) else {
        panic!("an unknown language is refused");
    };
    assert!(e.to_string().contains("zh-Hant"), "{e}");
}

#[test]
fn a_game_in_zh_hant_makes_every_chinese_seat_and_its_substitutes_traditional() {
    let (dir, cfg) = game_edited("trad-game", "tg", |t| {
        t.replace("[game]\n", "[game]\nlanguage = \"zh-Hant\"\n")
    });
    let mut d = open(&cfg);
    let seat = |d: &maester::daemon::Daemon, h: &str| match d.store.house("tg", h) {
        Ok(Some(s)) => s,
        other => panic!("{other:?}"),
    };
    for h in ["stark", "lannister", "baratheon", "tyrell", "martell"] {
        assert!(seat(&d, h).traditional, "{h}");
    }
    assert!(!seat(&d, "greyjoy").traditional, "the English reader");
    let dl = deadline(&d, "tg");
    tick(&mut d, dl - hours(30));
    assert_traditional("martell's welcome", &one(&dir, "martell", "歡迎"));
    // A substitute with no language given reads the seat's language in the game's script.
    if let Err(e) = apply(
        &mut d,
        "tg",
        &GmCommand::Replace {
            house: "martell".into(),
            name: "Zed".into(),
            address: "z@x.example".into(),
            language: None,
        },
        dl - hours(29),
    ) {
        panic!("{e}");
    }
    tick(&mut d, dl - hours(29));
    assert!(seat(&d, "martell").traditional);
    let welcome: Vec<String> = outbox_files(&dir.join("mail/outbox"))
        .into_iter()
        .filter(|(t, _)| t.contains("z@x.example"))
        .map(|(_, b)| b)
        .collect();
    // The welcome and the catch-up (the rounds so far), both in Traditional.
    assert_eq!(welcome.len(), 2, "{welcome:#?}");
    for m in &welcome {
        assert_traditional("the substitute's welcome and catch-up", m);
    }
    let _ = std::fs::remove_dir_all(&dir);
}
