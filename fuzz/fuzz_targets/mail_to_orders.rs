//! Any bytes as an incoming mail: MIME decoding, quote stripping, the order language and the
//! validation against a game's state must neither panic nor run away.
#![no_main]

use libfuzzer_sys::fuzz_target;
use maester::board::{Board, Lang};
use maester::lang::Names;
use maester::rules::{GameState, Step};
use std::sync::OnceLock;

static BOARD: OnceLock<Option<(Board, Names)>> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let Some((board, names)) = BOARD
        .get_or_init(|| {
            Board::default_board().ok().map(|b| {
                let n = Names::from_board(&b);
                (b, n)
            })
        })
        .as_ref()
    else {
        return;
    };
    let mail = maester::mail::decode(data);
    let mut state = GameState::new_game(board);
    for step in [Step::Placement, Step::Plan] {
        state.step = step;
        let parsed =
            maester::lang::submit::parse_mail_with(board, names, &state, &mail.orders_text, Lang::Zh);
        if let Some(sub) = parsed.partial.as_ref() {
            for h in board.house_ids() {
                let _ = maester::game::check(board, &state, h, sub);
            }
        }
    }
});
