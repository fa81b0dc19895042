//! Short lists kept inline (no heap allocation) for the usual handful: the units standing in
//! one area, a house's leaders. Copying a whole [`GameState`](super::GameState) — which the
//! rules do for every sub-step they resolve — then copies the map in one piece instead of
//! allocating once per occupied area and per house. Behaves like a `Vec` for the rules: it
//! derefs to a slice, and has the `Vec` methods the rules use (`push`, `remove`, `retain`,
//! `clear`, `extend`, …). It serialises as a plain list, exactly as a `Vec` does.

use super::state::{LeaderStatus, Unit};
use crate::board::{HouseId, LeaderId, UnitKind};
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

/// One track's houses, rank 1 first, inline up to 8 (a game has 6).
pub type TrackOrder = InlineVec<HouseId, 8>;

/// The units in an area: inline up to 8; a larger group (never reached under the supply and
/// port limits, but possible in a hand-made position) moves to the heap.
pub type Units = InlineVec<Unit, 8>;

/// A house's leaders with their status, inline up to 8 (a house has 7).
pub type Leaders = InlineVec<(LeaderId, LeaderStatus), 8>;

/// A list kept inline up to `N` items, on the heap beyond (see the module documentation).
pub struct InlineVec<T: Slot, const N: usize> {
    /// Live inline items while `heap` is empty.
    len: u8,
    buf: [T; N],
    /// All the items once there are more than fit inline (then `len` and `buf` are unused).
    heap: Vec<T>,
}

impl<T: Slot, const N: usize> InlineVec<T, N> {
    /// An empty list.
    pub const fn new() -> Self {
        InlineVec {
            len: 0,
            buf: [T::EMPTY; N],
            heap: Vec::new(),
        }
    }
    /// The items as a slice.
    pub fn as_slice(&self) -> &[T] {
        if self.heap.is_empty() {
            &self.buf[..self.len as usize]
        } else {
            &self.heap
        }
    }
    /// The items as a mutable slice.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        if self.heap.is_empty() {
            &mut self.buf[..self.len as usize]
        } else {
            &mut self.heap
        }
    }
    /// How many.
    pub fn len(&self) -> usize {
        self.as_slice().len()
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Add one item at the end.
    pub fn push(&mut self, u: T) {
        if self.heap.is_empty() {
            let n = self.len as usize;
            if n < N && n < u8::MAX as usize {
                self.buf[n] = u;
                self.len += 1;
                return;
            }
            self.heap.reserve(n * 2);
            self.heap.extend_from_slice(&self.buf[..n]);
            self.len = 0;
        }
        self.heap.push(u);
    }
    /// Remove and return the item at `i`, shifting the later ones down. Panics when `i` is out
    /// of range, like `Vec::remove`.
    pub fn remove(&mut self, i: usize) -> T {
        if !self.heap.is_empty() {
            let u = self.heap.remove(i);
            self.inline_if_small();
            return u;
        }
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
    /// Insert an item at `i`, shifting the later ones up.
    pub fn insert(&mut self, i: usize, u: T) {
        let mut v = self.to_vec();
        v.insert(i, u);
        *self = Self::from(v);
    }
    /// Keep only the items `keep` accepts, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        if !self.heap.is_empty() {
            self.heap.retain(|u| keep(u));
            self.inline_if_small();
            return;
        }
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
        let mut i = 0;
        self.retain(|_| {
            i += 1;
            i <= n
        });
    }
    /// Remove every item.
    pub fn clear(&mut self) {
        self.len = 0;
        self.heap = Vec::new();
    }
    /// The items as a new `Vec`.
    pub fn to_vec(&self) -> Vec<T> {
        self.as_slice().to_vec()
    }
    fn inline_if_small(&mut self) {
        let n = self.heap.len();
        if n <= N && n < u8::MAX as usize {
            self.buf[..n].copy_from_slice(&self.heap);
            self.len = n as u8;
            self.heap = Vec::new();
        }
    }
}

impl<T: Slot, const N: usize> Clone for InlineVec<T, N> {
    fn clone(&self) -> Self {
        InlineVec {
            len: self.len,
            buf: self.buf,
            heap: if self.heap.is_empty() {
                Vec::new()
            } else {
                self.heap.clone()
            },
        }
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

impl<T: Slot, const N: usize> From<Vec<T>> for InlineVec<T, N> {
    fn from(v: Vec<T>) -> Self {
        if v.len() <= N && v.len() < u8::MAX as usize {
            v.into_iter().collect()
        } else {
            InlineVec {
                len: 0,
                buf: [T::EMPTY; N],
                heap: v,
            }
        }
    }
}

impl<T: Slot, const N: usize> From<&[T]> for InlineVec<T, N> {
    fn from(v: &[T]) -> Self {
        v.iter().copied().collect()
    }
}

impl<T: Slot, const N: usize> From<InlineVec<T, N>> for Vec<T> {
    fn from(u: InlineVec<T, N>) -> Vec<T> {
        if u.heap.is_empty() {
            u.to_vec()
        } else {
            u.heap
        }
    }
}

impl<T: Slot, const N: usize> IntoIterator for InlineVec<T, N> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        Vec::from(self).into_iter()
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
        Vec::<T>::deserialize(d).map(Self::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INLINE: usize = 8;

    fn u(k: UnitKind) -> Unit {
        Unit::new(k)
    }

    fn kinds(v: &Units) -> Vec<UnitKind> {
        v.iter().map(|x| x.kind).collect()
    }

    #[test]
    fn behaves_like_a_vec_inline_and_past_the_inline_size() {
        let all = [
            UnitKind::Footman,
            UnitKind::Knight,
            UnitKind::Archer,
            UnitKind::Siege,
            UnitKind::Ship,
        ];
        let mut v = Units::new();
        let mut w: Vec<Unit> = Vec::new();
        // Past the inline size and back, checking every operation against a Vec.
        for i in 0..(INLINE * 2 + 3) {
            v.push(u(all[i % 5]));
            w.push(u(all[i % 5]));
            assert_eq!(v, w);
        }
        assert_eq!(v.remove(3), w.remove(3));
        assert_eq!(v, w);
        v.retain(|x| x.kind != UnitKind::Knight);
        w.retain(|x| x.kind != UnitKind::Knight);
        assert_eq!(v, w);
        v.truncate(INLINE - 2);
        w.truncate(INLINE - 2);
        assert_eq!(v, w);
        assert_eq!(v.len(), INLINE - 2);
        v.insert(1, u(UnitKind::Siege));
        w.insert(1, u(UnitKind::Siege));
        assert_eq!(v, w);
        v[0].routed = true;
        w[0].routed = true;
        assert_eq!(v, w);
        assert_eq!(v.pop(), w.pop());
        assert_eq!(kinds(&v), w.iter().map(|x| x.kind).collect::<Vec<_>>());
        let back: Vec<Unit> = v.clone().into_iter().collect();
        assert_eq!(back, w);
        v.clear();
        assert!(v.is_empty() && v.pop().is_none());
    }

    #[test]
    fn serialises_exactly_as_a_vec_of_units() {
        let w: Vec<Unit> = (0..INLINE + 1)
            .map(|i| Unit {
                kind: UnitKind::Knight,
                routed: i % 2 == 0,
            })
            .collect();
        for n in [0, 2, INLINE + 1] {
            let v = Units::from(w[..n].to_vec());
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
}
