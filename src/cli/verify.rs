//! `maester verify`: a game's public record checked against its seed and a replay of the
//! rules (`maester::verify`); its lines on stdout, its exit code as the process's.

use maester::board::Lang;
use maester::words::hant::Script;
use std::path::Path;
use std::process::ExitCode;

/// `maester verify <path> [--lang zh|zh-Hant|en]`.
pub fn verify(path: &Path, lang: &str) -> ExitCode {
    let (lang, script) = match lang {
        "en" => (Lang::En, Script::Simplified),
        "zh-Hant" | "zh-hant" | "zh_Hant" => (Lang::Zh, Script::Traditional),
        _ => (Lang::Zh, Script::Simplified),
    };
    let v = maester::verify::verify(path, lang);
    for l in &v.lines {
        maester::say!("{}", script.write(l));
    }
    ExitCode::from(v.code)
}
