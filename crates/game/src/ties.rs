//! The King's tie lines (004:L1157, L1163): which tie a line decides, by its label or by the
//! houses it names, and which houses may decide the new King's ties in the window where the
//! old King orders the Iron Throne.

use super::EventAnswers;
use super::problems::{EventProblem, Part};
use maester_board::HouseId;
use maester_rules::Track;
use maester_rules::event_phase::Question;

/// What a tie line decides: a Clash of Kings track's tie, or the wildling tie (lowest or
/// highest bid: an attack has one of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TieKind {
    Clash(Track),
    Wildlings,
}

/// The tie lines of an answer with their label (None: unlabelled).
pub(crate) fn tie_lines(a: &EventAnswers) -> impl Iterator<Item = (Option<TieKind>, &[HouseId])> {
    let clash = a
        .ties
        .iter()
        .map(|(t, o)| (t.map(TieKind::Clash), o.as_slice()));
    let wild = a
        .wildling_ties
        .iter()
        .map(|o| (Some(TieKind::Wildlings), o.as_slice()));
    clash.chain(wild)
}

/// The houses that may be King once the old King has ordered the Iron Throne ties, sent in
/// the same window (004:L1157): `king` (King by the default order) and the houses tied with
/// him for first place.
pub fn kings_to_be(qs: &[Question], king: Option<HouseId>) -> Vec<HouseId> {
    let Some(k) = king else {
        return Vec::new();
    };
    let mut v = vec![k];
    for q in qs {
        if let Question::ClashTie(t) = q
            && t.track == Track::IronThrone
            && t.houses.contains(&k)
        {
            for h in &t.houses {
                if !v.contains(h) {
                    v.push(*h);
                }
            }
        }
    }
    v
}

/// Whether `house` decides a tie whose decider is `decider`: it is the decider, or, for a tie
/// the new King decides (`new_king`), it may become King (`kings_to_be`).
fn decides(qs: &[Question], house: HouseId, decider: Option<HouseId>, new_king: bool) -> bool {
    if new_king {
        kings_to_be(qs, decider).contains(&house)
    } else {
        decider == Some(house)
    }
}

/// What a tie-break line of `house` naming `named` decides: which tie and its tied houses. An
/// unlabelled line means the only tie the house decides, or the one whose houses it names
/// (004:L1163): the one tie that has them all, or else the one tie whose houses are exactly
/// those; a label narrows it to a track or to the wildling tie.
pub(crate) fn tie_target(
    qs: &[Question],
    house: HouseId,
    label: Option<TieKind>,
    named: &[HouseId],
) -> Result<(TieKind, Vec<HouseId>), EventProblem> {
    // The ties this house decides that the line may mean.
    let hits: Vec<(TieKind, &Vec<HouseId>)> = qs
        .iter()
        .filter_map(|q| match q {
            Question::ClashTie(t)
                if decides(qs, house, t.decider, t.track != Track::IronThrone) =>
            {
                Some((TieKind::Clash(t.track), &t.houses))
            }
            Question::WildlingTie { king, houses, .. } if decides(qs, house, *king, true) => {
                Some((TieKind::Wildlings, houses))
            }
            _ => None,
        })
        .filter(|(k, _)| label.is_none_or(|l| l == *k))
        .collect();
    if hits.is_empty() {
        return Err(EventProblem::NotAsked(Part::Tie));
    }
    // Unlabelled: the ties among whose houses every named house is, when that leaves any.
    let fits: Vec<(TieKind, &Vec<HouseId>)> = hits
        .iter()
        .filter(|(_, hs)| named.iter().all(|h| hs.contains(h)))
        .copied()
        .collect();
    // Several ties have them all: the one tie whose houses are exactly those named (004:L1163).
    let exact: Vec<(TieKind, &Vec<HouseId>)> = fits
        .iter()
        .filter(|(_, hs)| hs.len() == named.len())
        .copied()
        .collect();
    let pool = if label.is_none() && exact.len() == 1 && fits.len() > 1 {
        exact
    } else if label.is_none() && !fits.is_empty() {
        fits
    } else {
        hits
    };
    let kind = pool[0].0;
    if pool.iter().any(|(k, _)| *k != kind) {
        return Err(EventProblem::NameTheTrack);
    }
    // Several ties of one track (different bids): any of their houses may be ordered.
    Ok((
        kind,
        pool.iter().flat_map(|(_, h)| h.iter().copied()).collect(),
    ))
}

/// The unlabelled tie lines of `house`'s answers that were read by the houses they name while
/// the house decides several ties (004:L1163), each with the tie it was taken for (`None`: the
/// wildling tie), so that the answer can say which. Lines that cannot be read are left out
/// (the check refuses them).
pub fn read_by_houses(
    qs: &[Question],
    house: HouseId,
    a: &EventAnswers,
) -> Vec<(Vec<HouseId>, Option<Track>)> {
    let several = qs
        .iter()
        .filter(|q| match q {
            Question::ClashTie(t) => decides(qs, house, t.decider, t.track != Track::IronThrone),
            Question::WildlingTie { king, .. } => decides(qs, house, *king, true),
            _ => false,
        })
        .count()
        > 1;
    if !several {
        return Vec::new();
    }
    tie_lines(a)
        .filter(|(label, _)| label.is_none())
        .filter_map(|(_, named)| {
            let (kind, _) = tie_target(qs, house, None, named).ok()?;
            let track = match kind {
                TieKind::Clash(t) => Some(t),
                TieKind::Wildlings => None,
            };
            Some((named.to_vec(), track))
        })
        .collect()
}
