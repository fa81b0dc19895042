//! A military district's end in words (004:L2102–L2105): which leader's district, which area
//! ended it and why (emptied by marching out, or taken by whom), and where the leader is now
//! (the other area he defends, or with the army beaten last), with the rule.

use maester_board::{Board, Lang};
use maester_rules::log::{AfterDistrict, DistrictEnd, Event};

fn board() -> Board {
    match Board::default_board() {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    }
}

fn ended(b: &Board, area: &str, why: DistrictEnd, after: AfterDistrict) -> Event {
    let (Some(stark), Some(a)) = (b.house_by_key("stark"), b.area_by_key(area)) else {
        panic!("no stark or {area}")
    };
    let Some(eddard) = b.leaders.iter().find(|l| l.name_en == "Eddard Stark") else {
        panic!("no Eddard")
    };
    Event::DistrictEnded {
        house: stark,
        leader: eddard.id,
        area: a,
        why,
        after,
    }
}

fn area(b: &Board, key: &str) -> maester_board::AreaId {
    match b.area_by_key(key) {
        Some(a) => a,
        None => panic!("no {key}"),
    }
}

#[test]
fn a_district_ended_by_a_taken_area_names_the_leader_the_taker_and_where_he_defends_004_l2105() {
    let b = board();
    let Some(baratheon) = b.house_by_key("baratheon") else {
        panic!("no baratheon")
    };
    let e = ended(
        &b,
        "karhold",
        DistrictEnd::Taken(baratheon),
        AfterDistrict::Defends(area(&b, "winterfell")),
    );
    let zh = maester_words::log::event(&b, Lang::Zh, &e);
    assert_eq!(
        zh,
        "白狼的军区将领艾德的军区解散:卡霍城被黄鹿占领;艾德转为临冬城的防守将领(004:L2105)。"
    );
    let en = maester_words::log::event(&b, Lang::En, &e);
    assert_eq!(
        en,
        "Stark's district of Eddard Stark ends: Baratheon took Karhold; Eddard Stark now defends Winterfell (004:L2105)."
    );
}

#[test]
fn a_district_ended_by_marching_out_says_the_area_was_emptied_004_l2104() {
    let b = board();
    let e = ended(
        &b,
        "karhold",
        DistrictEnd::Emptied,
        AfterDistrict::Defends(area(&b, "winterfell")),
    );
    let zh = maester_words::log::event(&b, Lang::Zh, &e);
    assert!(zh.contains("卡霍城的部队已全部行军移出"), "{zh}");
    assert!(zh.contains("转为临冬城的防守将领"), "{zh}");
    assert!(zh.contains("004:L2104"), "{zh}");
    let en = maester_words::log::event(&b, Lang::En, &e);
    assert!(en.contains("all its units marched out of Karhold"), "{en}");
}

#[test]
fn a_district_both_of_whose_areas_are_lost_says_the_leader_went_with_the_retreat_004_l2105() {
    let b = board();
    let Some(greyjoy) = b.house_by_key("greyjoy") else {
        panic!("no greyjoy")
    };
    let to = area(&b, "white-harbor");
    let e = ended(
        &b,
        "winterfell",
        DistrictEnd::Taken(greyjoy),
        AfterDistrict::Retreated(Some(to)),
    );
    let zh = maester_words::log::event(&b, Lang::Zh, &e);
    assert!(zh.contains("两个区域都已失守"), "{zh}");
    assert!(zh.contains("随最后失守区域的败军撤退到白港"), "{zh}");
    let en = maester_words::log::event(&b, Lang::En, &e);
    assert!(
        en.contains("goes with the army beaten last, to White Harbor"),
        "{en}"
    );
}

#[test]
fn a_district_end_is_shown_to_players_with_its_chapter_instead_of_the_line() {
    let b = board();
    let e = ended(
        &b,
        "karhold",
        DistrictEnd::Emptied,
        AfterDistrict::Defends(area(&b, "winterfell")),
    );
    let zh = maester_words::log::event(&b, Lang::Zh, &e);
    let player = maester_words::cite::for_player(&zh, Lang::Zh);
    assert!(!player.contains("004:L"), "{player}");
    assert!(player.contains("§五 家族将领·军区"), "{player}");
}
