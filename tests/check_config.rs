//! Setting up: `maester check-config` says what `new-game` would do and creates nothing; two
//! houses with one address, an unknown house (with the valid names) and a typo in a key are
//! clear errors; houses may be named in Chinese; a mail secret that cannot be read fails the
//! check; what a missing `gm_address` turns off is said.

mod maildir_support;

use maildir_support::*;

#[test]
fn check_config_creates_nothing_and_accepts_chinese_house_names() {
    let dir = temp_dir("chkcfg");
    let cfg = write_config(&dir, "chk");
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    std::fs::write(&cfg, text.replace("house = \"stark\"", "house = \"白狼\"")).unwrap_or_default();
    let out = maester(&cfg, &["check-config"], None);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("game chk can be created"), "{said}");
    assert!(
        said.contains("stark") && said.contains("a@x.example"),
        "{said}"
    );
    assert!(!dir.join("maester.sqlite").exists(), "no database created");
    assert!(!dir.join("mail/outbox").exists(), "nothing sent");
    let created = maester(&cfg, &["new-game"], None);
    let said = String::from_utf8_lossy(&created.stdout);
    assert!(
        created.status.success(),
        "{}",
        String::from_utf8_lossy(&created.stderr)
    );
    assert!(
        said.contains("stark <a@x.example>") && said.contains("mail/outbox"),
        "{said}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_shared_address_an_unknown_house_and_a_key_typo_are_named() {
    let dir = temp_dir("chkcfg-bad");
    let cfg = write_config(&dir, "chk");
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    let bad = text
        .replace("address = \"b@x.example\"", "address = \"A@x.example\"")
        .replace("house = \"martell\"", "house = \"多恩\"");
    std::fs::write(&cfg, bad).unwrap_or_default();
    let out = maester(&cfg, &["check-config"], None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("#2") && err.contains("a@x.example") && err.contains("#1"),
        "{err}"
    );
    assert!(
        err.contains("\"多恩\"") && err.contains("martell (橙日)"),
        "{err}"
    );
    // new-game refuses the same config before mailing anyone.
    let out = maester(&cfg, &["new-game"], None);
    assert!(!out.status.success());
    assert!(!dir.join("mail/outbox").exists());
    // A typo in a key names the key.
    let typo = text.replace("address = \"c@x.example\"", "adress = \"c@x.example\"");
    std::fs::write(&cfg, typo).unwrap_or_default();
    let out = maester(&cfg, &["check-config"], None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("adress"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The mail passwords kept out of the file: `check-config` says where each comes from and
/// whether it could be read, and never prints it; two sources in one table is an error.
#[test]
fn check_config_names_the_password_source_and_never_prints_the_password() {
    let dir = temp_dir("chkcfg-pw");
    let cfg = write_config(&dir, "chk");
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    let servers = "transport = \"imap\"\n\n[mail.imap]\nhost = \"127.0.0.1\"\nport = 1\nsecurity = \"plain\"\n\
        user = \"referee\"\npassword_command = \"printf 'hunt%s\\\\nsecond\\\\n' er2-imap\"\n\n\
        [mail.smtp]\nhost = \"127.0.0.1\"\nport = 1\nsecurity = \"plain\"\nuser = \"referee\"\n\
        password_env = \"MAESTER_TEST_NO_SUCH_VARIABLE\"\n";
    let with_servers = text.replace("transport = \"maildir\"\n", servers);
    assert_ne!(with_servers, text, "the test config names its transport");
    std::fs::write(&cfg, &with_servers).unwrap_or_default();
    let out = maester(&cfg, &["check-config"], None);
    let said = said(&out);
    // A secret that cannot be read fails the check: the daemon could not log in.
    assert!(!out.status.success(), "{said}");
    assert!(said.contains("1 mail secret could not be read"), "{said}");
    assert!(
        said.contains("[mail.imap] password: from the first line printed by `printf 'hunt%s\\nsecond\\n' er2-imap` (password_command): read"),
        "{said}"
    );
    assert!(
        said.contains("[mail.smtp] password: from the environment variable MAESTER_TEST_NO_SUCH_VARIABLE (password_env): NOT READ"),
        "{said}"
    );
    assert!(
        !said.contains("hunter2-imap"),
        "the password itself: {said}"
    );

    let both = with_servers.replace(
        "password_command = ",
        "password = \"hunter2-file\"\npassword_command = ",
    );
    std::fs::write(&cfg, both).unwrap_or_default();
    let out = maester(&cfg, &["check-config"], None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("[mail.imap]: give only one of password, password_command"),
        "{err}"
    );
    assert!(!err.contains("hunter2-file"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn port_0_and_a_zero_downtime_margin_are_refused() {
    let dir = temp_dir("chkcfg-zero");
    let cfg = write_config(&dir, "chk");
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    let imap = text.replace(
        "transport = \"maildir\"\n",
        "transport = \"imap\"\n[mail.imap]\nhost = \"mail.example\"\nport = 0\nsecurity = \"tls\"\nuser = \"r\"\npassword = \"p\"\n\
         [mail.smtp]\nhost = \"mail.example\"\nport = 587\nsecurity = \"starttls\"\n",
    );
    std::fs::write(&cfg, imap).unwrap_or_default();
    let out = maester(&cfg, &["check-config"], None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("[mail.imap] port = 0"), "{err}");
    let margin = text + "[game.deadlines]\ndowntime_margin = \"0m\"\nearly_close_delay = \"0m\"\n";
    std::fs::write(&cfg, &margin).unwrap_or_default();
    let out = maester(&cfg, &["check-config"], None);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("downtime_margin = \"0m\""), "{err}");
    assert!(
        !err.contains("early_close_delay"),
        "a zero early close delay makes sense: {err}"
    );
    // With a margin, the zero early close delay is accepted.
    std::fs::write(
        &cfg,
        margin.replace("downtime_margin = \"0m\"", "downtime_margin = \"1h\""),
    )
    .unwrap_or_default();
    let out = maester(&cfg, &["check-config"], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_step_of_no_time_is_refused_by_check_config_and_new_game() {
    let dir = temp_dir("chkcfg-zero");
    let cfg = write_config(&dir, "zero");
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    let zero = text.replace(
        "[game.schedule.steps]\n",
        "[game.schedule.steps]\nplacement = \"0m\"\n",
    );
    assert_ne!(zero, text);
    std::fs::write(&cfg, &zero).unwrap_or_default();
    for cmd in ["check-config", "new-game"] {
        let out = maester(&cfg, &[cmd], None);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{cmd} accepted placement = \"0m\"");
        assert!(
            err.contains("placement") && err.contains("at least 1m"),
            "{cmd}: {err}"
        );
    }
    assert!(!dir.join("mail/outbox").exists(), "nothing sent");
    // The default too; a demo's immediate schedule is not refused for it.
    std::fs::write(&cfg, text.replace("default = \"1d\"", "default = \"0h\"")).unwrap_or_default();
    let out = maester(&cfg, &["check-config"], None);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("default"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Without `[daemon] gm_address` the GM's copies, alerts and commands by mail are off: said.
#[test]
fn check_config_says_what_a_missing_gm_address_turns_off() {
    let dir = temp_dir("chkcfg-gm");
    let cfg = write_config(&dir, "chk");
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    assert!(!text.contains("gm_address"), "the test config has no GM");
    let out = maester(&cfg, &["check-config"], None);
    let bare = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{bare}");
    assert!(
        bare.contains("gm_address is not set: no GM copies of the reports, no alerts"),
        "{bare}"
    );
    assert!(bare.contains("no GM commands by mail"), "{bare}");
    let with_gm = text.replace("[daemon]\n", "[daemon]\ngm_address = \"gm@x.example\"\n");
    std::fs::write(&cfg, with_gm).unwrap_or_default();
    let out = maester(&cfg, &["check-config"], None);
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{said}");
    assert!(said.contains("the GM is gm@x.example"), "{said}");
    assert!(!said.contains("not set"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}
