//! 可选规则 The optional rules of the variant (004:L2489–L2646, rules-spec §1.29): the one-time
//! orders (招募 Recruit, 补给车 Supply Caravan, 强行军 Forced March, 浮桥 Pontoon), switched on per
//! game. The orders' nouns are in `model::one_time`; Forced March is carried out in the march
//! sequence (`military::forced_march`), so this folder sits below the phases that use it.

pub mod one_time;
