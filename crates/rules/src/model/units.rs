//! Short lists of fixed capacity kept inline (no heap allocation): the units standing in one
//! area, a house's leaders, a track's houses. They are `Copy`, so copying a whole
//! [`GameState`](super::GameState) — which the rules do for every sub-step they resolve —
//! copies the map in one piece. Behaves like a `Vec` for the rules: it derefs to a slice, and
//! has the `Vec` methods the rules use (`push`, `remove`, `retain`, `clear`, `extend`, …). It
//! serialises as a plain list, exactly as a `Vec` does.
//!
//! The capacities are far above what the rules allow: an army is at most 4 units (表五) and a
//! port holds 3 ships, so an area never holds more than 8 units even while a beaten army's
//! retreat joins another; a game has 6 houses with 7 leaders each. A list read from a file
//! (a saved state, a scenario) with more items than its capacity is refused when it is read;
//! the board's validation keeps houses and leaders within theirs. A `push` onto a full list
//! keeps the list as it is (debug builds stop there, as at any broken invariant).

use maester_board::{HouseId, LeaderId, MAX_HOUSES, MAX_LEADERS, UnitKind};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::ops::{Deref, DerefMut};

/// A value for unused inline slots (never visible: only the live part is).
pub trait Slot: Copy {
    /// The filler.
    const EMPTY: Self;
}

impl Slot for Unit {
    const EMPTY: Unit = Unit {
        kind: UnitKind::Footman,
        routed: false,
    };
}

impl Slot for (LeaderId, LeaderStatus) {
    const EMPTY: (LeaderId, LeaderStatus) = (LeaderId(0), LeaderStatus::Available);
}

impl Slot for HouseId {
    const EMPTY: HouseId = HouseId(0);
}

/// One track's houses, rank 1 first (a game has 6).
pub type TrackOrder = InlineVec<HouseId, MAX_HOUSES>;

/// The units in an area (see the module documentation for the capacity).
pub type Units = InlineVec<Unit, 16>;

/// A house's leaders with their status (a house has 7).
pub type Leaders = InlineVec<(LeaderId, LeaderStatus), MAX_LEADERS>;

/// A list of at most `N` items kept inline (see the module documentation).
#[derive(Clone, Copy)]
pub struct InlineVec<T: Slot, const N: usize> {
    /// Live items: `buf[..len]`.
    len: u8,
    buf: [T; N],
}

impl<T: Slot, const N: usize> InlineVec<T, N> {
    /// How many items the list can hold.
    pub const CAPACITY: usize = if N < u8::MAX as usize {
        N
    } else {
        u8::MAX as usize
    };
    /// An empty list.
    pub const fn new() -> Self {
        InlineVec {
            len: 0,
            buf: [T::EMPTY; N],
        }
    }
    /// The items as a slice.
    pub fn as_slice(&self) -> &[T] {
        &self.buf[..self.len as usize]
    }
    /// The items as a mutable slice.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.buf[..self.len as usize]
    }
    /// How many.
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Add one item at the end (a full list stays as it is, see the module documentation).
    pub fn push(&mut self, u: T) {
        let n = self.len as usize;
        debug_assert!(n < Self::CAPACITY, "a list of capacity {N} is full");
        if n < Self::CAPACITY {
            self.buf[n] = u;
            self.len += 1;
        }
    }
    /// Remove and return the item at `i`, shifting the later ones down. Panics when `i` is out
    /// of range, like `Vec::remove`.
    pub fn remove(&mut self, i: usize) -> T {
        let n = self.len as usize;
        let u = self.buf[..n][i];
        self.buf.copy_within(i + 1..n, i);
        self.len -= 1;
        u
    }
    /// Remove and return the last item.
    pub fn pop(&mut self) -> Option<T> {
        let n = self.len();
        if n == 0 {
            None
        } else {
            Some(self.remove(n - 1))
        }
    }
    /// Insert an item at `i`, shifting the later ones up. Panics when `i` is past the end,
    /// like `Vec::insert`; a full list stays as it is.
    pub fn insert(&mut self, i: usize, u: T) {
        let n = self.len as usize;
        assert!(i <= n, "insertion index {i} past the length {n}");
        debug_assert!(n < Self::CAPACITY, "a list of capacity {N} is full");
        if n < Self::CAPACITY {
            self.buf.copy_within(i..n, i + 1);
            self.buf[i] = u;
            self.len += 1;
        }
    }
    /// Keep only the items `keep` accepts, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let n = self.len as usize;
        let mut w = 0;
        for r in 0..n {
            let u = self.buf[r];
            if keep(&u) {
                self.buf[w] = u;
                w += 1;
            }
        }
        self.len = w as u8;
    }
    /// Keep the first `n` items.
    pub fn truncate(&mut self, n: usize) {
        if n < self.len as usize {
            self.len = n as u8;
        }
    }
    /// Remove every item.
    pub fn clear(&mut self) {
        self.len = 0;
    }
    /// The items as a new `Vec`.
    pub fn to_vec(&self) -> Vec<T> {
        self.as_slice().to_vec()
    }
    /// The list of these items, or None when there are more than it can hold.
    pub fn try_from_slice(v: &[T]) -> Option<Self> {
        if v.len() > Self::CAPACITY {
            return None;
        }
        let mut u = Self::new();
        u.buf[..v.len()].copy_from_slice(v);
        u.len = v.len() as u8;
        Some(u)
    }
}

impl<T: Slot, const N: usize> Default for InlineVec<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Slot, const N: usize> Deref for InlineVec<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Slot, const N: usize> DerefMut for InlineVec<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<T: Slot + PartialEq, const N: usize> PartialEq for InlineVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Slot + Eq, const N: usize> Eq for InlineVec<T, N> {}

impl<T: Slot + PartialEq, const N: usize> PartialEq<Vec<T>> for InlineVec<T, N> {
    fn eq(&self, other: &Vec<T>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Slot + std::fmt::Debug, const N: usize> std::fmt::Debug for InlineVec<T, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Slot, const N: usize> Extend<T> for InlineVec<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for u in iter {
            self.push(u);
        }
    }
}

impl<'a, T: Slot + 'a, const N: usize> Extend<&'a T> for InlineVec<T, N> {
    fn extend<I: IntoIterator<Item = &'a T>>(&mut self, iter: I) {
        for u in iter {
            self.push(*u);
        }
    }
}

impl<T: Slot, const N: usize> FromIterator<T> for InlineVec<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut u = Self::new();
        u.extend(iter);
        u
    }
}

/// The items of a `Vec` the caller knows to fit (a track of the board's houses): as many
/// `push`es.
impl<T: Slot, const N: usize> From<Vec<T>> for InlineVec<T, N> {
    fn from(v: Vec<T>) -> Self {
        v.into_iter().collect()
    }
}

impl<T: Slot, const N: usize> From<InlineVec<T, N>> for Vec<T> {
    fn from(u: InlineVec<T, N>) -> Vec<T> {
        u.to_vec()
    }
}

impl<T: Slot, const N: usize> IntoIterator for InlineVec<T, N> {
    type Item = T;
    type IntoIter = std::iter::Take<std::array::IntoIter<T, N>>;
    fn into_iter(self) -> Self::IntoIter {
        self.buf.into_iter().take(self.len as usize)
    }
}

impl<'a, T: Slot, const N: usize> IntoIterator for &'a InlineVec<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<'a, T: Slot, const N: usize> IntoIterator for &'a mut InlineVec<T, N> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_mut_slice().iter_mut()
    }
}

impl<T: Slot + Serialize, const N: usize> Serialize for InlineVec<T, N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de, T: Slot + Deserialize<'de>, const N: usize> Deserialize<'de> for InlineVec<T, N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<T>::deserialize(d)?;
        Self::try_from_slice(&v).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "{} items where at most {} fit (units in one area, leaders of a house, houses on a track)",
                v.len(),
                Self::CAPACITY
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CAP: usize = Units::CAPACITY;

    fn u(k: UnitKind) -> Unit {
        Unit::new(k)
    }

    fn kinds(v: &Units) -> Vec<UnitKind> {
        v.iter().map(|x| x.kind).collect()
    }

    #[test]
    fn behaves_like_a_vec_up_to_its_capacity() {
        let all = [
            UnitKind::Footman,
            UnitKind::Knight,
            UnitKind::Archer,
            UnitKind::Siege,
            UnitKind::Ship,
        ];
        let mut v = Units::new();
        let mut w: Vec<Unit> = Vec::new();
        // Up to the capacity and back, checking every operation against a Vec.
        for i in 0..CAP {
            v.push(u(all[i % 5]));
            w.push(u(all[i % 5]));
            assert_eq!(v, w);
        }
        assert_eq!(v.len(), CAP);
        assert_eq!(v.remove(3), w.remove(3));
        assert_eq!(v, w);
        v.retain(|x| x.kind != UnitKind::Knight);
        w.retain(|x| x.kind != UnitKind::Knight);
        assert_eq!(v, w);
        v.truncate(6);
        w.truncate(6);
        assert_eq!(v, w);
        assert_eq!(v.len(), 6);
        v.insert(1, u(UnitKind::Siege));
        w.insert(1, u(UnitKind::Siege));
        assert_eq!(v, w);
        v.insert(v.len(), u(UnitKind::Ship));
        w.insert(w.len(), u(UnitKind::Ship));
        assert_eq!(v, w);
        v[0].routed = true;
        w[0].routed = true;
        assert_eq!(v, w);
        assert_eq!(v.pop(), w.pop());
        assert_eq!(kinds(&v), w.iter().map(|x| x.kind).collect::<Vec<_>>());
        let back: Vec<Unit> = v.into_iter().collect();
        assert_eq!(back, w);
        v.clear();
        assert!(v.is_empty() && v.pop().is_none());
    }

    #[test]
    fn a_copy_is_independent_of_its_original() {
        let mut a = Units::new();
        a.push(u(UnitKind::Knight));
        let mut b = a;
        b.push(u(UnitKind::Ship));
        b[0].routed = true;
        assert_eq!(a.len(), 1);
        assert!(!a[0].routed);
        assert_eq!(b.len(), 2);
    }

    #[test]
    fn capacity_is_above_what_the_rules_allow_in_one_area() {
        // An army is at most 4 units (表五, 004:L578) and a port holds 3 ships: an area holds at
        // most 8 even while a beaten army retreats into another of the same house.
        let b = match maester_board::Board::default_board() {
            Ok(b) => b,
            Err(e) => panic!("{e}"),
        };
        let largest = (0..=7u8)
            .flat_map(|barrels| b.rules.supply_limits(barrels).to_vec())
            .max()
            .unwrap_or(0) as usize;
        assert!(2 * largest.max(b.rules.port_capacity as usize) <= CAP);
        assert!(b.houses.len() <= TrackOrder::CAPACITY);
        for h in &b.houses {
            assert!(b.leaders_of(h.id).count() <= Leaders::CAPACITY);
        }
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "is full")]
    fn a_push_onto_a_full_list_is_a_broken_invariant() {
        let mut v = Units::new();
        for _ in 0..=CAP {
            v.push(u(UnitKind::Footman));
        }
    }

    #[test]
    fn serialises_exactly_as_a_vec_of_units() {
        let w: Vec<Unit> = (0..CAP)
            .map(|i| Unit {
                kind: UnitKind::Knight,
                routed: i % 2 == 0,
            })
            .collect();
        for n in [0, 2, CAP] {
            let v = match Units::try_from_slice(&w[..n]) {
                Some(v) => v,
                None => panic!("{n} units fit"),
            };
            let (a, b) = match (serde_json::to_string(&v), serde_json::to_string(&w[..n])) {
                (Ok(a), Ok(b)) => (a, b),
                _ => panic!("not serialisable"),
            };
            assert_eq!(a, b);
            let back: Units = match serde_json::from_str(&a) {
                Ok(x) => x,
                Err(e) => panic!("{e}"),
            };
            assert_eq!(back, v);
        }
    }

    #[test]
    fn a_saved_list_longer_than_the_capacity_is_refused_when_read() {
        let w: Vec<Unit> = (0..=CAP).map(|_| Unit::new(UnitKind::Footman)).collect();
        let text = match serde_json::to_string(&w) {
            Ok(t) => t,
            Err(e) => panic!("{e}"),
        };
        match serde_json::from_str::<Units>(&text) {
            Ok(v) => panic!("read {} units", v.len()),
            Err(e) => assert!(e.to_string().contains("at most"), "{e}"),
        }
        assert!(Units::try_from_slice(&w).is_none());
    }
}

/// One unit on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Unit type.
    pub kind: UnitKind,
    /// 败兵: routed this round (strength 0, no orders) — 004:L2323.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub routed: bool,
}

/// A leader's availability.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LeaderStatus {
    /// Available for deployment.
    Available,
    /// 休养 resting since the end of this round.
    Resting {
        /// Round the rest began.
        since: u8,
    },
}

/// Index of a track in [`GameState::tracks`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Track {
    /// 铁王座 Iron Throne.
    IronThrone = 0,
    /// 封邑 Fiefdoms.
    Fiefdoms = 1,
    /// 御前会议 King's Court.
    KingsCourt = 2,
}
