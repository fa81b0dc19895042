//! Generated players who play a game by mail through the daemon: at every step each house the
//! open step asks writes the simulator's random legal submission in the order language, in its
//! own language and script, into the game's Maildir inbox; then the daemon ticks, and when the
//! tick closed nothing, ticks again past the step's deadline. Used by `maester bench --store`
//! and by the tests that play whole games by mail.

use crate::board::Lang;
use crate::daemon::{Daemon, games};
use crate::error::Error;
use crate::lang::submit as parse;
use crate::sim::{Rng, submission, text};
use chrono::{DateTime, TimeDelta, Utc};
use std::path::Path;

/// One seat as its generated player writes.
#[derive(Clone, Debug)]
pub struct Seat {
    /// The house's key (`stark`).
    pub house: String,
    /// The mailbox's user, before `@`.
    pub user: String,
    /// The seat's secret, written on the mail's first line.
    pub secret: String,
    /// The language the player writes.
    pub lang: Lang,
    /// Chinese written in Traditional characters (the seat's script is learnt from its mails).
    pub traditional: bool,
}

impl Seat {
    /// A seat writing `lang` (Simplified Chinese when `zh`), secret `{house}{suffix}`.
    pub fn new(house: &str, user: &str, lang: Lang, secret_suffix: &str) -> Seat {
        Seat {
            house: house.to_string(),
            user: user.to_string(),
            secret: format!("{house}{secret_suffix}"),
            lang,
            traditional: false,
        }
    }

    /// The same seat writing Traditional characters.
    pub fn traditional(mut self) -> Seat {
        self.traditional = true;
        self
    }
}

/// The players of one game, writing from `{user}@{domain}` to `referee`.
pub struct Players {
    seats: Vec<Seat>,
    domain: String,
    referee: String,
    rng: Rng,
    sent: usize,
}

impl Players {
    /// Players for `seats`, their orders drawn from `seed`.
    pub fn new(seats: Vec<Seat>, domain: &str, referee: &str, seed: u64) -> Players {
        Players {
            seats,
            domain: domain.to_string(),
            referee: referee.to_string(),
            rng: Rng::new(seed),
            sent: 0,
        }
    }

    /// Mails written so far.
    pub fn sent(&self) -> usize {
        self.sent
    }

    /// Every house the open step of `game` asks writes its mail into `inbox` (none for a house
    /// `silent` names, none when the simulator's player stays silent): the mails written.
    pub fn write(
        &mut self,
        d: &Daemon,
        game: &str,
        inbox: &Path,
        now: DateTime<Utc>,
        silent: impl Fn(&str) -> bool,
    ) -> Result<usize, Error> {
        let g = games::load(d, game)?;
        let names = parse::names(&g.board);
        let mut n = 0;
        for h in crate::game::expected(&g.board, &g.state) {
            let key = &g.board.house(h).key;
            if silent(key) {
                continue;
            }
            let Some(seat) = self.seats.iter().find(|s| s.house == *key) else {
                continue;
            };
            let Some(sub) = submission(&g.board, &g.state, h, &mut self.rng) else {
                continue;
            };
            let word = if seat.lang == Lang::En {
                "secret"
            } else {
                "密码"
            };
            let body = format!(
                "{word}: {}\n{}\n",
                seat.secret,
                text::text(&sub, &names, seat.lang).join("\n")
            );
            let body = if seat.traditional {
                crate::words::hant::to_traditional(&body)
            } else {
                body
            };
            self.sent += 1;
            n += 1;
            let (user, domain, k) = (&seat.user, &self.domain, self.sent);
            let raw = format!(
                "From: {user} <{user}@{domain}>\r\nTo: {}\r\nSubject: [{game}] orders\r\n\
                 Message-ID: <robot{k}@{domain}>\r\nDate: {}\r\nMIME-Version: 1.0\r\n\
                 Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\
                 \r\n{body}",
                self.referee,
                now.to_rfc2822()
            );
            crate::demo::deliver(inbox, &format!("robot{k}.eml"), raw.as_bytes())?;
        }
        Ok(n)
    }
}

/// A tick five minutes on and, when it closed nothing, another a minute past the open step's
/// deadline (`now` moves with them): the steps closed.
pub fn tick_on(d: &mut Daemon, game: &str, now: &mut DateTime<Utc>) -> Result<usize, Error> {
    *now += TimeDelta::minutes(5);
    let mut closed = d.tick(*now)?.steps_closed;
    if closed == 0 {
        let deadline = d.store.game(game)?.and_then(|g| g.deadline);
        *now = deadline.unwrap_or(*now) + TimeDelta::minutes(1);
        closed += d.tick(*now)?.steps_closed;
    }
    Ok(closed)
}
