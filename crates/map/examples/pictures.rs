//! Every picture of the map's crowded military step (`tests/fixtures/crowded_step.toml`): the
//! orders revealed before it, the whole board after it and each house's own picture, in Simplified, Traditional and English, written
//! to a folder to look at (`cargo run -p maester-map --example pictures -- /tmp/pictures`).

use maester_board::{Board, Lang};
use maester_map::{MapInput, Script};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args().nth(1).unwrap_or_else(|| "pictures".into());
    std::fs::create_dir_all(&dir)?;
    let board = Board::default_board()?;
    let text = include_str!("../tests/fixtures/crowded_step.toml");
    let (state, plans) = maester_harness::scenario::bench::position(&board, text)?;
    let r = maester_rules::military::resolve(&board, &state, &plans);
    for (lang, script, tag) in [
        (Lang::Zh, Script::Simplified, "zh"),
        (Lang::Zh, Script::Traditional, "zh-Hant"),
        (Lang::En, Script::Simplified, "en"),
    ] {
        let input = MapInput {
            board: &board,
            state: &r.state,
            log: &r.log,
            lang,
            script,
            deadline: "2026-12-31 21:00 (Asia/Shanghai)",
            reported: if lang == Lang::Zh {
                "执行方案"
            } else {
                "Execution plans"
            },
            reported_round: 1,
        };
        // The orders as revealed, before the step.
        let before = MapInput {
            state: &state,
            log: &[],
            reported: "",
            reported_round: 0,
            ..input
        };
        std::fs::write(
            format!("{dir}/orders-{tag}.png"),
            maester_map::png(&before)?,
        )?;
        let painted = maester_map::paint(&input)?;
        std::fs::write(format!("{dir}/board-{tag}.png"), painted.png()?)?;
        std::fs::write(format!("{dir}/board-{tag}.svg"), maester_map::svg(&input))?;
        for h in board.house_ids() {
            let key = &board.house(h).key;
            std::fs::write(
                format!("{dir}/{key}-{tag}.png"),
                painted.house_png(&input, h)?,
            )?;
        }
    }
    println!("written to {dir}");
    Ok(())
}
