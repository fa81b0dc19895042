//! 补给 and 征兵 Supply and mustering (004:L518–L792, 表五): how many armies of what size a
//! house may have, and how it raises new units from its castles. Both are chapters of their own
//! in the rulebook and standing rules of every phase: the event phase's Supply and Mustering
//! events, the one-time Recruit order, and every march, retreat and port capture that must stay
//! within the supply limit. So this folder sits just above the nouns and below every phase.

pub mod muster;
pub mod supply;
