//! A folder others may write: a link planted at the temporary name, or at the place itself, is
//! never written through; the file ends up a plain file of maester's with the bytes asked for.

#![cfg(unix)]

use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::PathBuf;

fn folder(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("maester-files-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap_or_else(|e| panic!("{e}"));
    d
}

fn read(p: &std::path::Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn a_link_planted_at_the_temporary_name_is_not_followed() {
    let d = folder("tmp-link");
    let victim = d.join("victim.txt");
    std::fs::write(&victim, b"keep me").unwrap_or_else(|e| panic!("{e}"));
    let place = d.join("index.html");
    symlink(&victim, d.join(".index.html.tmp")).unwrap_or_else(|e| panic!("{e}"));
    maester_files::write(&place, 0o644, b"<p>site</p>").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(read(&victim), b"keep me");
    let meta = std::fs::symlink_metadata(&place).unwrap_or_else(|e| panic!("{e}"));
    assert!(meta.file_type().is_file(), "a plain file, not a link");
    assert_eq!(meta.permissions().mode() & 0o777, 0o644);
    assert_eq!(read(&place), b"<p>site</p>");
    assert!(std::fs::symlink_metadata(d.join(".index.html.tmp")).is_err());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_link_at_the_place_itself_is_replaced_not_written_through() {
    let d = folder("place-link");
    let victim = d.join("victim.txt");
    std::fs::write(&victim, b"keep me").unwrap_or_else(|e| panic!("{e}"));
    let place = d.join("feed.xml");
    symlink(&victim, &place).unwrap_or_else(|e| panic!("{e}"));
    maester_files::write(&place, 0o644, b"<feed/>").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(read(&victim), b"keep me");
    assert!(
        std::fs::symlink_metadata(&place)
            .unwrap_or_else(|e| panic!("{e}"))
            .file_type()
            .is_file()
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn create_new_refuses_a_planted_link() {
    let d = folder("create-new");
    let victim = d.join("victim.txt");
    std::fs::write(&victim, b"keep me").unwrap_or_else(|e| panic!("{e}"));
    let tmp = d.join("tmp-mail");
    symlink(&victim, &tmp).unwrap_or_else(|e| panic!("{e}"));
    let got = maester_files::create_new(&tmp, 0o600);
    assert!(got.is_err(), "the link is refused");
    assert_eq!(read(&victim), b"keep me");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn fill_hands_a_private_path_and_a_planted_link_at_its_folder_is_not_followed() {
    let d = folder("fill");
    let elsewhere = folder("fill-elsewhere");
    let place = d.join("backup.sqlite");
    symlink(&elsewhere, d.join(".backup.sqlite.tmp.d")).unwrap_or_else(|e| panic!("{e}"));
    let got = maester_files::fill(&place, |p| {
        let parent = p.parent().map(|x| x.to_path_buf()).unwrap_or_default();
        let mode = std::fs::symlink_metadata(&parent)
            .map(|m| (m.file_type().is_dir(), m.permissions().mode() & 0o777))
            .unwrap_or((false, 0));
        assert_eq!(mode, (true, 0o700), "a private folder of its own");
        std::fs::write(p, b"copy")
    });
    assert!(matches!(got, Ok(Ok(()))), "{got:?}");
    assert_eq!(read(&place), b"copy");
    assert_eq!(
        std::fs::read_dir(&elsewhere)
            .map(|r| r.count())
            .unwrap_or(9),
        0,
        "nothing written where the link pointed"
    );
    assert!(std::fs::symlink_metadata(d.join(".backup.sqlite.tmp.d")).is_err());
    let _ = std::fs::remove_dir_all(&d);
    let _ = std::fs::remove_dir_all(&elsewhere);
}
