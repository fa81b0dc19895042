//! `maester post` and `maester site`: the campaign's public record, from the store.

use maester::config::{Config, MailLanguage};
use maester::daemon::Daemon;
use maester::error::Error;
use maester::publish::Format;
use maester::rules::Step;
use std::path::Path;

/// `maester post`: a closed step as a forum post on stdout; parts separated by a line.
pub fn post(
    config: &Path,
    game: Option<String>,
    round: Option<u8>,
    step: Option<String>,
    format: &str,
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
