//! 布置军事命令 and 制定执行方案: the two planning steps of the military phase (附录1,
//! 004:L1672–L1762) — which orders a house may place where, the Raven's one change, and the
//! check of an execution plan against the revealed orders. Nothing here resolves a battle: the
//! plans checked here are carried out by `military`.

pub mod placement;
pub mod plan_check;
