//! The units standing in one area, kept inline (no heap allocation) for the usual handful, so
//! that copying a whole [`GameState`](super::GameState) — which the rules do for every
//! sub-step they resolve — copies the map in one piece instead of allocating once per occupied
//! area. Behaves like a `Vec<Unit>` for the rules: it derefs to a slice, and has the `Vec`
//! methods the rules use (`push`, `remove`, `retain`, `clear`, `extend`, …). It serialises as a
//! plain list, exactly as a `Vec<Unit>` does.

use super::state::Unit;
use crate::board::UnitKind;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::ops::{Deref, DerefMut};

/// Units kept inline; a larger group (never reached under the supply and port limits, but
/// possible in a hand-made position) moves to the heap.
const INLINE: usize = 8;

/// A filler for unused inline slots (never visible: only `..len` is live).
const FILLER: Unit = Unit {
    kind: UnitKind::Footman,
    routed: false,
};

/// The units in an area (see the module documentation).
pub struct Units {
    /// Live inline units while `heap` is empty.
    len: u8,
    buf: [Unit; INLINE],
    /// All the units once there are more than fit inline (then `len` and `buf` are unused).
    heap: Vec<Unit>,
}

impl Units {
    /// No units.
    pub const fn new() -> Units {
        Units {
            len: 0,
            buf: [FILLER; INLINE],
            heap: Vec::new(),
        }
    }
    /// The units as a slice.
    pub fn as_slice(&self) -> &[Unit] {
        if self.heap.is_empty() {
            &self.buf[..self.len as usize]
        } else {
            &self.heap
        }
    }
    /// The units as a mutable slice.
    pub fn as_mut_slice(&mut self) -> &mut [Unit] {
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
    /// Add one unit at the end.
    pub fn push(&mut self, u: Unit) {
        if self.heap.is_empty() {
            let n = self.len as usize;
            if n < INLINE {
                self.buf[n] = u;
                self.len += 1;
                return;
            }
            self.heap.reserve(INLINE * 2);
            self.heap.extend_from_slice(&self.buf);
            self.len = 0;
        }
        self.heap.push(u);
    }
    /// Remove and return the unit at `i`, shifting the later ones down. Panics when `i` is out
    /// of range, like `Vec::remove`.
    pub fn remove(&mut self, i: usize) -> Unit {
        if !self.heap.is_empty() {
            let u = self.heap.remove(i);
            if self.heap.len() <= INLINE {
                self.inline_from_heap();
            }
            return u;
        }
        let n = self.len as usize;
        let u = self.buf[..n][i];
        self.buf.copy_within(i + 1..n, i);
        self.len -= 1;
        u
    }
    /// Remove and return the last unit.
    pub fn pop(&mut self) -> Option<Unit> {
        let n = self.len();
        if n == 0 {
            None
        } else {
            Some(self.remove(n - 1))
        }
    }
    /// Insert a unit at `i`, shifting the later ones up.
    pub fn insert(&mut self, i: usize, u: Unit) {
        let mut v = self.to_vec();
        v.insert(i, u);
        *self = Units::from(v);
    }
    /// Keep only the units `keep` accepts, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&Unit) -> bool) {
        if !self.heap.is_empty() {
            self.heap.retain(|u| keep(u));
            if self.heap.len() <= INLINE {
                self.inline_from_heap();
            }
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
    /// Keep the first `n` units.
    pub fn truncate(&mut self, n: usize) {
        let mut i = 0;
        self.retain(|_| {
            i += 1;
            i <= n
        });
    }
    /// Remove every unit.
    pub fn clear(&mut self) {
        self.len = 0;
        self.heap = Vec::new();
    }
    /// The units as a new `Vec`.
    pub fn to_vec(&self) -> Vec<Unit> {
        self.as_slice().to_vec()
    }
    fn inline_from_heap(&mut self) {
        let n = self.heap.len();
        self.buf[..n].copy_from_slice(&self.heap);
        self.len = n as u8;
        self.heap = Vec::new();
    }
}

impl Clone for Units {
    fn clone(&self) -> Units {
        Units {
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

impl Default for Units {
    fn default() -> Units {
        Units::new()
    }
}

impl Deref for Units {
    type Target = [Unit];
    fn deref(&self) -> &[Unit] {
        self.as_slice()
    }
}

impl DerefMut for Units {
    fn deref_mut(&mut self) -> &mut [Unit] {
        self.as_mut_slice()
    }
}

impl PartialEq for Units {
    fn eq(&self, other: &Units) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Units {}

impl PartialEq<Vec<Unit>> for Units {
    fn eq(&self, other: &Vec<Unit>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl std::fmt::Debug for Units {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Extend<Unit> for Units {
    fn extend<I: IntoIterator<Item = Unit>>(&mut self, iter: I) {
        for u in iter {
            self.push(u);
        }
    }
}

impl<'a> Extend<&'a Unit> for Units {
    fn extend<I: IntoIterator<Item = &'a Unit>>(&mut self, iter: I) {
        for u in iter {
            self.push(*u);
        }
    }
}

impl FromIterator<Unit> for Units {
    fn from_iter<I: IntoIterator<Item = Unit>>(iter: I) -> Units {
        let mut u = Units::new();
        u.extend(iter);
        u
    }
}

impl From<Vec<Unit>> for Units {
    fn from(v: Vec<Unit>) -> Units {
        if v.len() <= INLINE {
            v.into_iter().collect()
        } else {
            Units {
                len: 0,
                buf: [FILLER; INLINE],
                heap: v,
            }
        }
    }
}

impl From<&[Unit]> for Units {
    fn from(v: &[Unit]) -> Units {
        v.iter().copied().collect()
    }
}

impl From<Units> for Vec<Unit> {
    fn from(u: Units) -> Vec<Unit> {
        if u.heap.is_empty() {
            u.to_vec()
        } else {
            u.heap
        }
    }
}

impl IntoIterator for Units {
    type Item = Unit;
    type IntoIter = std::vec::IntoIter<Unit>;
    fn into_iter(self) -> Self::IntoIter {
        Vec::from(self).into_iter()
    }
}

impl<'a> IntoIterator for &'a Units {
    type Item = &'a Unit;
    type IntoIter = std::slice::Iter<'a, Unit>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<'a> IntoIterator for &'a mut Units {
    type Item = &'a mut Unit;
    type IntoIter = std::slice::IterMut<'a, Unit>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_mut_slice().iter_mut()
    }
}

impl Serialize for Units {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Units {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Units, D::Error> {
        Vec::<Unit>::deserialize(d).map(Units::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
