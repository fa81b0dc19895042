//! The shell of the public record (`maester-publish` builds it): the closed steps read back from
//! the store, `maester post`, `maester site`, and the site refreshed after every close when
//! `[site] dir` is set. Files are written beside their place and renamed into it, so a web
//! server never serves half a page.

use super::{Daemon, loaded, picture};
use crate::board::Lang;
use crate::error::Error;
use crate::publish::{self, Format, Picture, StoredLog};
use crate::words::hant::Script;
use std::path::Path;

/// The closed steps of a game's line of history, oldest first: every close, less the closes a
/// GM's rollback undid; each with the state it started from and its deadline in `lang`.
pub fn steps(d: &Daemon, g: &loaded::Loaded, lang: Lang) -> Result<Vec<publish::Step>, Error> {
    let id = g.row.id.as_str();
    let mut line: Vec<publish::Step> = Vec::new();
    let mut before: Option<crate::rules::GameState> = None;
    // What the next close corrects: the first close the latest rollback undid, and its reason.
    let mut replaced: Option<(publish::Step, String)> = None;
    for (n, (seq, _, _)) in d.store.snapshot_index(id)?.into_iter().enumerate() {
        let Some(snap) = d.store.snapshot(id, seq)? else {
            continue;
        };
        let state = match super::stored::decode(snap.state) {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!(
                    game = id,
                    seq,
                    "a stored state does not read, left out: {e}"
                );
                before = None;
                continue;
            }
        };
        match publish::record::decode(&snap.log) {
            // The game's start is no step.
            StoredLog::Close { .. } if n == 0 => {}
            StoredLog::Close { events, record } => {
                let deadline = record
                    .as_ref()
                    .and_then(|r| r.deadline)
                    .map(|t| g.at(t, lang))
                    .unwrap_or_default();
                line.push(publish::Step {
                    seq,
                    before: before.take(),
                    after: state.clone(),
                    events,
                    record: record.map(|r| *r),
                    deadline,
                    closed_at: snap.created_at,
                    correction: replaced
                        .take()
                        .map(|(r, why)| correction_line(g, &r, &why, lang)),
                });
            }
            StoredLog::Gm {
                restores: Some(to), ..
            } => {
                if let Some(at) = line.iter().position(|s| s.seq > to) {
                    let why = snap
                        .log
                        .get("reason")
                        .and_then(|r| r.as_str())
                        .unwrap_or_default()
                        .to_string();
                    replaced = Some((line[at].clone(), why));
                }
                line.retain(|s| s.seq <= to);
            }
            StoredLog::Gm { .. } | StoredLog::Unreadable => {}
        }
        before = Some(state);
    }
    super::record_json::mark_late(d, g, &mut line)?;
    Ok(line)
}

/// The line of a corrected step naming the close it replaces (its round, first step and when
/// it was published) and the GM's reason: the words of the corrected report's first line.
fn correction_line(g: &loaded::Loaded, replaced: &publish::Step, why: &str, lang: Lang) -> String {
    let step = replaced
        .closed_steps()
        .first()
        .map(|s| crate::words::instructions::step_name(*s, lang))
        .unwrap_or_default();
    crate::words::report_lines::correction(
        u32::from(replaced.round()),
        &step,
        &g.at(replaced.closed_at, lang),
        why,
        lang,
    )
}

/// `maester post`: a closed step (the newest, or the newest close of `round`/`step`) as a
/// forum post, in parts of at most 10,000 characters.
pub fn post(
    d: &Daemon,
    game: Option<&str>,
    which: (Option<u8>, Option<crate::rules::Step>),
    format: Format,
) -> Result<Vec<String>, Error> {
    let id = picture::game_id(d, game)?;
    let g = loaded::load(d, &id)?;
    let lang = g.cfg.language.lang;
    let script = Script::of(lang == Lang::Zh && g.cfg.language.traditional());
    let all = steps(d, &g, lang)?;
    let step = all
        .iter()
        .rev()
        .find(|s| {
            which.0.is_none_or(|r| s.round() == r)
                && which.1.is_none_or(|st| s.closed_steps().contains(&st))
        })
        .ok_or_else(|| Error::NotFound(format!("a closed step of game {id} like that")))?;
    let name = publish::site::picture_name(step);
    let pic = if !g.cfg.report_map {
        Picture::None
    } else {
        match site_config(d).and_then(|s| s.game_url(&id)) {
            Some(url) => Picture::Url(format!("{url}{name}")),
            None => Picture::File(name),
        }
    };
    let mut p = publish::public(&g.board, &id, step, lang);
    // The final step's post carries the game's summary (the whole line of steps).
    if all.last().is_some_and(|l| l.seq == step.seq) {
        p.summary = publish::chronicle::summary(&g.board, &all, lang);
        p.seats = super::wanted::public_lines(d, &g, lang)?;
    }
    Ok(publish::post(&p, &pic, format, lang, script))
}

fn site_config(d: &Daemon) -> Option<&crate::config::SiteConfig> {
    d.config.site.as_ref()
}

/// `maester site`: a game's web site written into `out` (pictures already there are kept: a
/// closed step's picture never changes). The page and picture of a step no longer in the
/// record (undone by a GM's rollback) are removed: an undone result is not published. Returns
/// the number of files written.
pub fn site(
    d: &Daemon,
    game: Option<&str>,
    out: &Path,
    language: Option<crate::config::MailLanguage>,
) -> Result<usize, Error> {
    let id = picture::game_id(d, game)?;
    let g = loaded::load(d, &id)?;
    let language = language.unwrap_or(g.cfg.language);
    let lang = language.lang;
    let script = Script::of(lang == Lang::Zh && language.traditional());
    let all = steps(d, &g, lang)?;
    let finished = g.state.step == crate::rules::Step::Finished;
    let deadline = g.deadline_text(lang);
    let base_url = site_config(d).and_then(|s| s.game_url(&id));
    let seats = super::wanted::public_lines(d, &g, lang)?;
    let s = publish::Site {
        board: &g.board,
        game: &id,
        lang,
        script,
        current: &g.state,
        deadline: if finished { "" } else { &deadline },
        seed: finished.then_some(g.row.seed.as_str()),
        base_url: base_url.as_deref(),
        created: g.row.created_at,
        seats: &seats,
    };
    std::fs::create_dir_all(out).map_err(|e| io(out, e))?;
    // A public folder: readable by the web server's user (maester's own files are private).
    set_mode(out, 0o755)?;
    let mut written = 0;
    if g.cfg.report_map {
        for step in &all {
            let names: Vec<String> = std::iter::once(publish::site::picture_name(step))
                .chain(
                    g.board
                        .houses
                        .iter()
                        .map(|h| publish::site::theatre_name(step, &h.key)),
                )
                .collect();
            // Kept when they are maester's plain files; anything else (a link planted in a
            // folder others write) is drawn and written again in its place.
            if names
                .iter()
                .all(|n| std::fs::symlink_metadata(out.join(n)).is_ok_and(|m| m.is_file()))
            {
                continue;
            }
            match publish::site::pictures(&g.board, step, lang, script) {
                Ok(pictures) => {
                    for (name, png) in pictures {
                        write_atomic(&out.join(name), &png)?;
                        written += 1;
                    }
                }
                Err(e) => tracing::warn!(game = %id, "a step's picture not drawn: {e}"),
            }
        }
    }
    let mut current: std::collections::HashSet<String> = std::collections::HashSet::new();
    for f in publish::pages(&s, &all) {
        write_atomic(&out.join(&f.name), &f.bytes)?;
        current.insert(f.name);
        written += 1;
    }
    // The machine-readable record `maester verify` checks.
    let json = super::record_json::json(d, &g, &all)?;
    write_atomic(&out.join(publish::machine::FILE), &json)?;
    written += 1;
    current.extend(all.iter().map(publish::site::picture_name));
    current.extend(all.iter().flat_map(|s| {
        g.board
            .houses
            .iter()
            .map(|h| publish::site::theatre_name(s, &h.key))
    }));
    remove_undone(out, &current);
    Ok(written)
}

/// Removes from `out` the pages and pictures of steps (`r<round>-<step>-<seq>.html` / `.png`)
/// that are not in `current`: steps a rollback undid. Other files are left alone.
fn remove_undone(out: &Path, current: &std::collections::HashSet<String>) {
    let Ok(rd) = std::fs::read_dir(out) else {
        return;
    };
    for e in rd.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if is_step_file(&name)
            && !current.contains(&name)
            && let Err(err) = std::fs::remove_file(e.path())
        {
            tracing::warn!(file = %name, "an undone step's page was not removed: {err}");
        }
    }
}

/// Whether `name` is a step's page or picture as the site names them (a house's theatre:
/// `<step>.<house>.png`).
fn is_step_file(name: &str) -> bool {
    let Some(stem) = name
        .strip_suffix(".html")
        .or_else(|| name.strip_suffix(".png"))
    else {
        return false;
    };
    let stem = stem.split('.').next().unwrap_or(stem);
    let parts: Vec<&str> = stem.split('-').collect();
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    parts.len() >= 3
        && parts[0].strip_prefix('r').is_some_and(digits)
        && parts.last().is_some_and(|l| digits(l))
}

/// After a close, a GM's rollback or correction: the game's site in `[site] dir`/<game>/
/// written again, when configured. A failure is logged and told nowhere else: the site never
/// holds a close or a GM command back.
pub fn refresh(d: &Daemon, id: &str) {
    let Some(dir) = site_config(d).and_then(|s| s.dir.clone()) else {
        return;
    };
    let base = d.config.path(&dir);
    // The folder a web server is pointed at: readable by it, as each game's folder is.
    let made = std::fs::create_dir_all(&base)
        .map_err(|e| io(&base, e))
        .and_then(|()| set_mode(&base, 0o755));
    if let Err(e) = made.and_then(|()| site(d, Some(id), &base.join(id), None).map(|_| ())) {
        tracing::warn!(game = id, "the public site was not refreshed: {e}");
    }
}

/// Write `bytes` to `path` (0644: a web server reads it) through a file beside it, created
/// exclusively without following links and renamed into place (`files::write`): the site's
/// folder may be writable by others.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    crate::files::write(path, 0o644, bytes).map_err(|e| io(path, e))
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) -> Result<(), Error> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).map_err(|e| io(path, e))
}

#[cfg(not(unix))]
fn set_mode(_: &Path, _: u32) -> Result<(), Error> {
    Ok(())
}

fn io(path: &Path, e: std::io::Error) -> Error {
    Error::io(format!("writing {}", path.display()), e)
}

/// The picture the forum post of [`post`] names as a file to attach, as its file name and PNG
/// bytes (`None` when the post links the site's copy or shows no map), for `maester post` to
/// write beside where it runs.
pub fn post_picture(
    d: &Daemon,
    game: Option<&str>,
    which: (Option<u8>, Option<crate::rules::Step>),
) -> Result<Option<(String, Vec<u8>)>, Error> {
    let id = picture::game_id(d, game)?;
    let g = loaded::load(d, &id)?;
    if !g.cfg.report_map || site_config(d).and_then(|s| s.game_url(&id)).is_some() {
        return Ok(None);
    }
    let lang = g.cfg.language.lang;
    let script = Script::of(lang == Lang::Zh && g.cfg.language.traditional());
    let all = steps(d, &g, lang)?;
    let Some(step) = all.iter().rev().find(|s| {
        which.0.is_none_or(|r| s.round() == r)
            && which.1.is_none_or(|st| s.closed_steps().contains(&st))
    }) else {
        return Ok(None);
    };
    let png = publish::site::picture(&g.board, step, lang, script)
        .map_err(|e| Error::Refused(format!("the post's picture could not be drawn: {e}")))?;
    Ok(Some((publish::site::picture_name(step), png)))
}
