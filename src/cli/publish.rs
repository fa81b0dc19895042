//! `maester post` and `maester site`: the campaign's public record, from the store.

use maester::config::{Config, MailLanguage};
use maester::daemon::Daemon;
use maester::error::Error;
use maester::publish::Format;
use maester::rules::Step;
use std::path::{Path, PathBuf};

/// `maester post`: a closed step as a forum post on stdout; parts separated by a line. The
/// picture the post asks to attach is written into `picture_dir` (default: the config file's
/// folder) and its path said on stderr.
pub fn post(
    config: &Path,
    game: Option<String>,
    (round, step): (Option<u8>, Option<String>),
    format: &str,
    picture_dir: Option<PathBuf>,
) -> Result<(), Error> {
    let format = match format {
        "bbcode" => Format::Bbcode,
        "markdown" | "md" => Format::Markdown,
        other => {
            return Err(Error::Refused(format!(
                "--format {other}: use bbcode or markdown"
            )));
        }
    };
    let step = match step.as_deref() {
        None => None,
        Some(s) => Some(Step::from_key(s).ok_or_else(|| {
            Error::Refused(format!(
                "--step {s}: use events, events_answers, placement, raven, plan or retreat"
            ))
        })?),
    };
    let d = Daemon::open_existing(Config::load(config)?)?;
    let parts = maester::daemon::publish::post(&d, game.as_deref(), (round, step), format)?;
    let n = parts.len();
    for (i, p) in parts.iter().enumerate() {
        if n > 1 {
            maester::say_raw!(
                "----- {}/{n} ({} characters) -----",
                i + 1,
                p.chars().count()
            );
        }
        maester::say_raw!("{p}");
    }
    if let Some((name, png)) =
        maester::daemon::publish::post_picture(&d, game.as_deref(), (round, step))?
    {
        let dir = picture_dir
            .or_else(|| Some(d.config.base.clone()).filter(|b| !b.as_os_str().is_empty()))
            .unwrap_or_else(|| PathBuf::from("."));
        let path = dir.join(&name);
        std::fs::write(&path, &png).map_err(|e| Error::file(&path, e))?;
        eprintln!(
            "maester: the picture the post asks to attach: {} ({} bytes)",
            path.display(),
            png.len()
        );
    }
    Ok(())
}

/// `maester site`: a game's static web site written into `out`.
pub fn site(
    config: &Path,
    game: Option<String>,
    out: &Path,
    lang: Option<String>,
) -> Result<(), Error> {
    let lang = match lang {
        None => None,
        Some(l) => Some(
            MailLanguage::parse(&l)
                .ok_or_else(|| Error::Refused(format!("--lang {l}: use zh, zh-Hant or en")))?,
        ),
    };
    let d = Daemon::open_existing(Config::load(config)?)?;
    let n = maester::daemon::publish::site(&d, game.as_deref(), out, lang)?;
    maester::say_raw!(
        "{}: {n} files written; open {}",
        out.display(),
        out.join("index.html").display()
    );
    Ok(())
}
