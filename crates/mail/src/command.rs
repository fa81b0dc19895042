//! The commands maester runs for a secret (`password_command`, `oauth2_token_command`): each
//! through `sh -c`, in a process group of its own, with a time limit. A command still running
//! at its limit is killed with its whole group (a password manager waiting for a PIN it will
//! never get, a token helper waiting for a browser), so that no command can stall a login past
//! the limit; [`kill_running`] kills the groups of the commands running now, for the binary's
//! signal handler ([`kill_on_signals`]): a stopped maester leaves no command behind.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Seconds a secret's command may run when the config does not say (`command_timeout_seconds`).
pub const DEFAULT_COMMAND_TIMEOUT_SECONDS: u64 = 15;

/// The process groups of the commands running now (0: a free slot). A fixed array of atomics,
/// so that a signal handler may read it.
static RUNNING: [AtomicI32; 16] = [const { AtomicI32::new(0) }; 16];

/// How often a running command is looked at.
const TICK: Duration = Duration::from_millis(10);

/// Why a command gave no line.
#[derive(Debug)]
pub enum CommandFailure {
    /// `sh` could not be started.
    Start(std::io::Error),
    /// Still running at the limit: killed with its process group.
    TimedOut(Duration),
    /// It exited with a failure status; the first line it wrote to stderr.
    Failed {
        /// The exit status, as the system says it.
        status: String,
        /// Its first line on stderr (may be empty).
        said: String,
    },
    /// It succeeded but printed no line.
    Empty,
}

impl std::fmt::Display for CommandFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CommandFailure::Start(e) => write!(f, "could not be started: {e}"),
            CommandFailure::TimedOut(d) => write!(
                f,
                "still running after {} s: stopped (a command that waits for input or for a \
                 browser cannot be answered here; raise command_timeout_seconds if it is only slow)",
                d.as_secs().max(1)
            ),
            CommandFailure::Failed { status, said } if said.is_empty() => {
                write!(f, "failed ({status})")
            }
            CommandFailure::Failed { status, said } => write!(f, "failed ({status}): {said}"),
            CommandFailure::Empty => write!(f, "printed nothing"),
        }
    }
}

/// Runs `command` through `sh -c` with stdin closed and returns the first line it prints,
/// or why there is none; never runs longer than `limit` (then its process group is killed).
pub fn first_line(command: &str, limit: Duration) -> Result<String, CommandFailure> {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .map_err(CommandFailure::Start)?;
    let group = i32::try_from(child.id()).unwrap_or(0);
    let slot = register(group);
    let (tx, rx) = mpsc::channel::<(bool, Vec<u8>)>();
    for (is_out, pipe) in [
        (
            true,
            child
                .stdout
                .take()
                .map(|p| Box::new(p) as Box<dyn Read + Send>),
        ),
        (
            false,
            child
                .stderr
                .take()
                .map(|p| Box::new(p) as Box<dyn Read + Send>),
        ),
    ] {
        let tx = tx.clone();
        if let Some(mut pipe) = pipe {
            std::thread::spawn(move || {
                let mut bytes = Vec::new();
                // At most 64 KiB: a secret is one line.
                let _ = (&mut pipe).take(64 * 1024).read_to_end(&mut bytes);
                let _ = tx.send((is_out, bytes));
            });
        } else {
            let _ = tx.send((is_out, Vec::new()));
        }
    }
    drop(tx);
    let start = Instant::now();
    let (mut out, mut err) = (None, None);
    let mut status = None;
    let outcome = loop {
        while let Ok((is_out, bytes)) = rx.try_recv() {
            if is_out {
                out = Some(bytes);
            } else {
                err = Some(bytes);
            }
        }
        if status.is_none() {
            match child.try_wait() {
                Ok(s) => status = s,
                Err(e) => break Err(CommandFailure::Start(e)),
            }
        }
        if let Some(s) = status {
            if out.is_some() && err.is_some() {
                break Ok(s);
            }
            // It ended, but something it left in the background holds its output open:
            // that goes now (the zombie keeps the group's id from being reused).
            kill_group(group);
        }
        if start.elapsed() >= limit {
            break Err(CommandFailure::TimedOut(limit));
        }
        std::thread::sleep(TICK);
    };
    // The group goes in every case: what the command left running in the background (holding
    // its output open, or waiting) is stopped with it.
    kill_group(group);
    let _ = child.wait();
    unregister(slot);
    let status = outcome?;
    if !status.success() {
        let said = String::from_utf8_lossy(err.as_deref().unwrap_or_default());
        return Err(CommandFailure::Failed {
            status: status.to_string(),
            said: said.lines().next().unwrap_or("").trim().to_string(),
        });
    }
    let text = String::from_utf8_lossy(out.as_deref().unwrap_or_default());
    match text.lines().next().map(|l| l.trim_end_matches('\r')) {
        Some(line) if !line.is_empty() => Ok(line.to_string()),
        _ => Err(CommandFailure::Empty),
    }
}

fn kill_group(group: i32) {
    if group > 0 {
        // SAFETY: kill(2) of the process group this module created for the command.
        unsafe {
            libc::kill(-group, libc::SIGKILL);
        }
    }
}

fn register(group: i32) -> Option<usize> {
    RUNNING.iter().position(|slot| {
        slot.compare_exchange(0, group, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    })
}

fn unregister(slot: Option<usize>) {
    if let Some(s) = slot.and_then(|i| RUNNING.get(i)) {
        s.store(0, Ordering::SeqCst);
    }
}

/// Kills the process group of every command running now. Async-signal-safe (atomics and
/// kill(2) only), for a signal handler.
pub fn kill_running() {
    for slot in &RUNNING {
        kill_group(slot.swap(0, Ordering::SeqCst));
    }
}

extern "C" fn on_signal(sig: libc::c_int) {
    kill_running();
    // SAFETY: signal(2) and raise(2) are async-signal-safe; the default action then ends the
    // process as the signal would have without this handler.
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        libc::raise(sig);
    }
}

/// Installs a handler for SIGTERM, SIGINT and SIGHUP that kills the running commands' groups
/// and then lets the signal end the process as before. Called once by the binary at start.
pub fn kill_on_signals() {
    for sig in [libc::SIGTERM, libc::SIGINT, libc::SIGHUP] {
        // SAFETY: the handler only touches atomics and calls async-signal-safe functions.
        unsafe {
            libc::signal(sig, on_signal as *const () as libc::sighandler_t);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_line_is_the_secret() {
        let got = first_line("printf 'one\\ntwo\\n'", Duration::from_secs(5));
        assert_eq!(got.ok().as_deref(), Some("one"));
    }

    #[test]
    fn a_failing_or_silent_command_says_so() {
        let got = first_line("echo nope >&2; exit 3", Duration::from_secs(5));
        match got {
            Err(CommandFailure::Failed { said, .. }) => assert_eq!(said, "nope"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            first_line("true", Duration::from_secs(5)),
            Err(CommandFailure::Empty)
        ));
    }

    #[test]
    fn a_command_that_never_ends_is_stopped_at_its_limit_with_its_children() {
        let dir = std::env::temp_dir().join(format!("maester-cmd-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let pidfile = dir.join("child.pid");
        let command = format!("sleep 600 & echo $! > {}; wait", pidfile.display());
        let start = Instant::now();
        let got = first_line(&command, Duration::from_millis(500));
        assert!(matches!(got, Err(CommandFailure::TimedOut(_))), "{got:?}");
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "{:?}",
            start.elapsed()
        );
        let pid: i32 = std::fs::read_to_string(&pidfile)
            .ok()
            .and_then(|t| t.trim().parse().ok())
            .unwrap_or(0);
        assert!(pid > 0, "the command wrote its child's pid");
        // The killed child is reaped by init soon after; wait a little for it to be gone.
        let gone = (0..100).any(|_| {
            std::thread::sleep(Duration::from_millis(20));
            !alive(pid)
        });
        assert!(gone, "the background sleep {pid} was killed with the group");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_background_child_holding_the_output_does_not_hold_the_answer() {
        let start = Instant::now();
        let got = first_line("echo token; sleep 600 &", Duration::from_secs(3));
        assert_eq!(got.ok().as_deref(), Some("token"));
        assert!(start.elapsed() < Duration::from_secs(5));
    }

    fn alive(pid: i32) -> bool {
        // A zombie is dead for this purpose.
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .map(|s| !s.contains(") Z "))
            .unwrap_or(false)
    }
}
