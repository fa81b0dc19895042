//! A small volume for the disk tests: a tmpfs mounted for the test (mounting needs root; a
//! test that cannot mount says so and passes) and a file that fills it.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A mounted tmpfs, unmounted (and its mount point removed) when dropped.
pub struct Tmpfs(PathBuf);

impl Tmpfs {
    pub fn mount(dir: &Path, size: &str) -> Option<Tmpfs> {
        std::fs::create_dir_all(dir).ok()?;
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir)
            .status()
            .is_ok_and(|s| s.success());
        if ok {
            Some(Tmpfs(dir.to_path_buf()))
        } else {
            let _ = std::fs::remove_dir(dir);
            None
        }
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
        let _ = std::fs::remove_dir(&self.0);
    }
}

/// Fill the volume of `path` with that one file until the disk is full.
pub fn fill(path: &Path) {
    let Ok(mut f) = std::fs::File::create(path) else {
        return;
    };
    for size in [16 * 1024, 512, 1] {
        let chunk = vec![0u8; size];
        while f.write_all(&chunk).is_ok() {}
    }
    let _ = f.sync_all();
}

/// A game for the small-disk tests in `dir` (on its volume): a GM at gm@x.example, no grace,
/// a downtime guard that never moves a deadline; created with the secrets `<house>-s`, and its
/// daemon opened again as the service opens it.
pub fn game_on_a_small_disk(
    dir: &std::path::Path,
    id: &str,
) -> (std::path::PathBuf, maester::daemon::Daemon) {
    let cfg = crate::maildir_support::write_config(dir, id);
    let text = std::fs::read_to_string(&cfg).unwrap_or_default();
    let text = text.replace("[daemon]\n", "[daemon]\ngm_address = \"gm@x.example\"\n")
        + "[game.deadlines]\ngrace = {}\ndowntime_margin = \"30d\"\n";
    std::fs::write(&cfg, text).unwrap_or_default();
    crate::maildir_support::new_game_with_known_secrets(&cfg);
    let config = maester::config::Config::load(&cfg).unwrap_or_else(|e| panic!("{e}"));
    let d = maester::daemon::Daemon::open_existing(config).unwrap_or_else(|e| panic!("{e}"));
    (cfg, d)
}
