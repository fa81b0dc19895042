//! The board and the templates are built once per process and built again when their source
//! changes (issue 18): a GM who edits a template of a running game in place sees the next
//! answer use it, without restarting the daemon.

mod maildir_support;

use chrono::{TimeDelta, Utc};
use maildir_support::*;
use std::path::Path;

fn copy_dir(from: &Path, to: &Path) {
    if let Err(e) = std::fs::create_dir_all(to) {
        panic!("{e}");
    }
    let Ok(rd) = std::fs::read_dir(from) else {
        panic!("cannot read {}", from.display())
    };
    for e in rd.flatten() {
        let dst = to.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &dst);
        } else if let Err(err) = std::fs::copy(e.path(), &dst) {
            panic!("{err}");
        }
    }
}

/// The answers sent to Stark's player, newest last.
fn answers(dir: &Path) -> Vec<String> {
    outbox_files(&dir.join("mail/outbox"))
        .into_iter()
        .filter(|(to, body)| to.contains("a@x.example") && body.starts_with("Re:"))
        .map(|(_, body)| body)
        .collect()
}

#[test]
fn a_template_edited_in_place_is_used_by_the_running_daemon() {
    let dir = temp_dir("templates-reload");
    let cfg = write_config(&dir, "tr");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("templates"),
        &dir.join("tpl"),
    );
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    let text = text.replace("[game]\n", "[game]\ntemplates = \"tpl\"\n");
    if let Err(e) = std::fs::write(&cfg, text) {
        panic!("{e}");
    }
    new_game_with_known_secrets(&cfg);
    let mut d = open_daemon(&cfg);
    let now = Utc::now();
    let inbox = dir.join("mail/inbox");
    let orders = |id: &str| mail_from("a@x.example", id, "secret: stark-s\r\n临冬城 行军\r\n");
    if let Err(e) = maester::demo::deliver(&inbox, "m1", &orders("m1")) {
        panic!("{e}");
    }
    if let Err(e) = d.tick(now) {
        panic!("{e}");
    }
    assert_eq!(answers(&dir).len(), 1);
    assert!(!answers(&dir)[0].contains("RELOADED-MARK"));
    // The GM edits the answer template in place: the file changes, its folders do not.
    let reply = dir.join("tpl/zh/reply.txt");
    let edited = std::fs::read_to_string(&reply).unwrap_or_default() + "\nRELOADED-MARK\n";
    if let Err(e) = std::fs::write(&reply, edited) {
        panic!("{e}");
    }
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
    if let Err(e) = std::fs::File::options()
        .write(true)
        .open(&reply)
        .and_then(|f| f.set_modified(later))
    {
        panic!("{e}");
    }
    if let Err(e) = maester::demo::deliver(&inbox, "m2", &orders("m2")) {
        panic!("{e}");
    }
    if let Err(e) = d.tick(now + TimeDelta::seconds(1)) {
        panic!("{e}");
    }
    let all = answers(&dir);
    assert_eq!(all.len(), 2, "{all:#?}");
    assert!(
        all.iter().any(|a| a.contains("RELOADED-MARK")),
        "the second answer uses the edited template: {all:#?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
