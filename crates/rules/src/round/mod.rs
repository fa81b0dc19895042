//! The end of a round (附录1, 004:L2118–L2127, L255–L266): the leaders who fought go to rest, and
//! the game ends on six castles or after round 10 (or a player leaves, 004:L492). These read
//! only the nouns; the event phase (Luwin's reward recalls a resting leader) and the game's
//! steps use them.

pub mod endgame;
pub mod rest;
