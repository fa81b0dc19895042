//! The rule tables the data file keys by name (`{ F = 7, A = 3, … }`), read into arrays indexed
//! like [`UnitKind::ALL`] and [`OrderType::ALL`]. Every key must be there; an unknown key is an
//! error too, so a typo in the file does not go unnoticed.

use crate::{OrderType, UnitKind};
use serde::de::Error;
use serde::{Deserialize, Deserializer};
use std::collections::BTreeMap;

fn by_keys<'de, D: Deserializer<'de>>(d: D, keys: [String; 5]) -> Result<[u8; 5], D::Error> {
    let mut m = BTreeMap::<String, u8>::deserialize(d)?;
    let mut out = [0u8; 5];
    for (slot, key) in out.iter_mut().zip(&keys) {
        *slot = m
            .remove(key)
            .ok_or_else(|| D::Error::custom(format!("missing `{key}`")))?;
    }
    match m.keys().next() {
        Some(k) => Err(D::Error::custom(format!(
            "unknown `{k}` (expected one of {})",
            keys.join(", ")
        ))),
        None => Ok(out),
    }
}

/// A table keyed by unit code (`F`, `A`, `S`, `K`, `E`).
pub(crate) fn per_unit<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; 5], D::Error> {
    by_keys(d, UnitKind::ALL.map(|k| k.code().to_string()))
}

/// A table keyed by order key (`march`, `defence`, …).
pub(crate) fn per_order<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; 5], D::Error> {
    by_keys(d, OrderType::ALL.map(|k| k.key().to_string()))
}
