//! Headless Chromium as the browser tests run it: where it is, whether it is installed, and the
//! flags every run shares.

use std::path::Path;
use std::process::Command;

/// Debian's `chromium` package (`scripts/test.sh` installs it).
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// Whether Chromium is installed; when it is not, the test says it is skipped and why.
pub fn installed() -> bool {
    let there = Path::new(CHROMIUM).exists();
    if !there {
        eprintln!(
            "SKIPPED: {CHROMIUM} is not installed (apt-get install -y --no-install-recommends chromium)"
        );
    }
    there
}

/// Headless Chromium with a profile folder of its own, reading local files, without its own
/// traffic (updates, sync), and `budget_ms` of virtual time for the page to load its pictures
/// and run its scripts. The caller adds the window size, what to print and the page.
pub fn headless(profile: &Path, budget_ms: u32) -> Command {
    let mut c = Command::new(CHROMIUM);
    c.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--allow-file-access-from-files",
    ])
    .arg(format!("--virtual-time-budget={budget_ms}"))
    .arg(format!("--user-data-dir={}", profile.display()));
    c
}
