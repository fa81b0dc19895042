//! Numbers as the canonical echo writes them: Chinese numerals for step numbers (第十二步) and
//! `major-minor` step references.

use crate::ast::StepNo;

/// `n` in Chinese numerals (up to 99; larger numbers in digits).
pub(crate) fn cn_number(n: u16) -> String {
    const D: [&str; 10] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    match n {
        0..=9 => D[n as usize].to_string(),
        10 => "十".to_string(),
        11..=19 => format!("十{}", D[(n % 10) as usize]),
        20..=99 if n.is_multiple_of(10) => format!("{}十", D[(n / 10) as usize]),
        20..=99 => format!("{}十{}", D[(n / 10) as usize], D[(n % 10) as usize]),
        _ => n.to_string(),
    }
}

/// A step reference as written in a plan: `3` or `3-1`.
pub(crate) fn step_ref(s: StepNo) -> String {
    match s.minor {
        Some(m) => format!("{}-{m}", s.major),
        None => s.major.to_string(),
    }
}
