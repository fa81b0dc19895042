//! A player who writes Traditional Chinese is answered in Traditional Chinese: the same
//! Simplified templates, converted.

use maester_lang::normalize::is_traditional;
use maester_words::hant::to_traditional;

#[test]
fn traditional_chinese_in_traditional_chinese_out() {
    assert!(is_traditional("密碼: x\n臨冬城 行軍+1\n白港 支援"));
    assert!(!is_traditional("密码: x\n临冬城 行军+1\n白港 支援"));
    assert!(!is_traditional("secret: x\nWinterfell march+1"));
    assert_eq!(
        to_traditional("临冬城 行军+1,已收到。"),
        "臨冬城 行軍+1,已收到。"
    );
    assert_eq!(to_traditional("Winterfell march+1"), "Winterfell march+1");
}
