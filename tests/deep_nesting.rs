//! A mail whose text lies more than 20 multiparts deep is answered "nested too deeply", not
//! "no secret": the player learns what to change. Run through the real store and the Maildir
//! transport; the answer decoded and read as the player gets it.

mod maildir_support;

use chrono::Utc;
use maildir_support::*;

fn nested(depth: usize, body: &str) -> String {
    let mut mail = String::from(
        "From: <a@x.example>\r\nTo: referee@test.maester\r\nSubject: orders\r\n\
         Message-ID: <deep@x.example>\r\nMIME-Version: 1.0\r\n",
    );
    for i in 0..depth {
        mail.push_str(&format!(
            "Content-Type: multipart/mixed; boundary=\"b{i}\"\r\n\r\n--b{i}\r\n"
        ));
    }
    mail.push_str(&format!(
        "Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    ));
    for i in (0..depth).rev() {
        mail.push_str(&format!("--b{i}--\r\n"));
    }
    mail
}

#[test]
fn a_text_nested_more_than_20_multiparts_deep_is_answered_too_deeply_nested() {
    let shallow = maester::mail::decode(nested(5, "secret: stark-s").as_bytes());
    assert!(shallow.body.contains("stark-s"), "{shallow:?}");
    assert!(!shallow.too_deeply_nested);
    let deep = maester::mail::decode(nested(25, "secret: stark-s").as_bytes());
    assert!(deep.too_deeply_nested, "{deep:?}");
    assert!(!deep.body.contains("stark-s"));

    let dir = temp_dir("deepnest");
    let cfg = write_config(&dir, "deep");
    new_game_with_known_secrets(&cfg);
    let mut d = open_daemon(&cfg);
    let raw = nested(25, "secret: stark-s\r\n临冬城 行军+1");
    if let Err(e) = maester::demo::deliver(&dir.join("mail/inbox"), "deep", raw.as_bytes()) {
        panic!("{e}");
    }
    let t = d.tick(Utc::now()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(t.answered, 1, "{t:?}");
    let answers: Vec<String> = outbox_files(&dir.join("mail/outbox"))
        .into_iter()
        .filter(|(to, b)| to.contains("a@x.example") && b.starts_with("Re: "))
        .map(|(_, b)| b)
        .collect();
    assert_eq!(answers.len(), 1, "{answers:#?}");
    assert!(answers[0].contains("嵌套得太深"), "{}", answers[0]);
    assert!(!answers[0].contains("没有密码"), "{}", answers[0]);
    let _ = std::fs::remove_dir_all(&dir);
}
