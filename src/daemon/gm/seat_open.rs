//! `seat-open` / `seat-close`: a house's seat wants a substitute, or no longer does. The mark
//! is an audit line (`daemon::wanted` reads it back); the forum post and the site say which
//! house wants a substitute and how to apply. `replace` and `leave` clear it as well.

use super::{GmOutcome, house_for_gm, house_of};
use crate::board::Lang;
use crate::daemon::Daemon;
use crate::daemon::games::Loaded;
use crate::daemon::wanted;
use crate::error::Error;
use crate::words::gm_refusals::GmRefusal;
use chrono::{DateTime, Utc};

pub(super) fn open(
    d: &mut Daemon,
    g: &Loaded,
    house: &str,
    now: DateTime<Utc>,
    gm_lang: Lang,
) -> Result<GmOutcome, Error> {
    let (hid, key) = super::playing_house(g, house, GmRefusal::NeutralForGood)?;
    let already = wanted::houses(d, g)?.contains(&hid);
    if !already {
        d.store.append_audit(
            Some(&g.row.id),
            "gm",
            wanted::OPEN,
            &format!("{key} wants a substitute"),
            now,
        )?;
    }
    Ok(GmOutcome {
        summary: crate::words::seats::opened(&house_for_gm(g, &key, gm_lang), already, gm_lang),
        queued: 0,
        secret: None,
    })
}

pub(super) fn close(
    d: &mut Daemon,
    g: &Loaded,
    house: &str,
    now: DateTime<Utc>,
    gm_lang: Lang,
) -> Result<GmOutcome, Error> {
    let hid = house_of(g, house)?;
    let key = g.board.house(hid).key.clone();
    let was_open = wanted::houses(d, g)?.contains(&hid);
    if was_open {
        d.store.append_audit(
            Some(&g.row.id),
            "gm",
            wanted::CLOSE,
            &format!("{key} no longer wants a substitute"),
            now,
        )?;
    }
    Ok(GmOutcome {
        summary: crate::words::seats::closed(&house_for_gm(g, &key, gm_lang), was_open, gm_lang),
        queued: 0,
        secret: None,
    })
}
