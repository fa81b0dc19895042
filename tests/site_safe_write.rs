//! The site's folder may be writable by others: a link planted at a file's temporary name
//! (`.index.html.tmp`) or at a page itself is never written through, and the page published is
//! maester's own plain file, not a link.

#![cfg(unix)]

mod maildir_support;

use maildir_support::*;
use std::os::unix::fs::symlink;

#[test]
fn a_link_planted_at_the_temporary_name_is_never_followed() {
    let dir = temp_dir("site-safe");
    let cfg = write_config(&dir, "safe");
    new_game_with_known_secrets(&cfg);
    let out = dir.join("www");
    std::fs::create_dir_all(&out).unwrap_or_else(|e| panic!("{e}"));
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, b"not maester's").unwrap_or_else(|e| panic!("{e}"));
    symlink(&victim, out.join(".index.html.tmp")).unwrap_or_else(|e| panic!("{e}"));
    symlink(&victim, out.join("feed.xml")).unwrap_or_else(|e| panic!("{e}"));
    let run = maester(&cfg, &["site", "--out", &out.to_string_lossy()], None);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(&victim).unwrap_or_default(),
        "not maester's",
        "the link's target is untouched"
    );
    for name in ["index.html", "feed.xml"] {
        let meta = std::fs::symlink_metadata(out.join(name)).unwrap_or_else(|e| panic!("{e}"));
        assert!(meta.file_type().is_file(), "{name} is a plain file");
    }
    let index = std::fs::read_to_string(out.join("index.html")).unwrap_or_default();
    assert!(index.contains("<html"), "{index}");
    assert!(
        std::fs::symlink_metadata(out.join(".index.html.tmp")).is_err(),
        "nothing left at the temporary name"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
