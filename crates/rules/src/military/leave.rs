//! An area left empty by a house's last units (004:L912, L945, L1064, L1094): what stays
//! behind and what is lost with it.

use crate::military::ctx::Ctx;
use crate::model::log::Event;
use maester_board::{AreaId, HouseId};

/// An area the house's last units left: its order lapses; a fortification dissolves (004:L1094);
/// a token is left if the plan asked for it and a token is in hand (004:L912, A-35); a conquered
/// home seat left empty returns to its house (004:L945).
pub fn vacate(ctx: &mut Ctx, house: HouseId, area: AreaId, leave_token: bool) {
    if !ctx.state.area(area).units.is_empty() {
        return;
    }
    let b = ctx.board;
    ctx.emptied[area.index()] = true;
    let st = ctx.state.area_mut(area);
    st.house = None;
    st.order = None;
    if st.fortification.is_some() {
        st.fortification = None;
        ctx.log.push(Event::FortificationGone { area });
    }
    if b.area(area).is_land() {
        if leave_token && ctx.state.area(area).token.is_none() && ctx.state.house(house).power > 0 {
            ctx.state.house_mut(house).power -= 1;
            ctx.state.area_mut(area).token = Some(house);
            ctx.log.push(Event::TokenPlaced { house, area });
        }
        if let Some(home) = b.area(area).home_of
            && home != house
            && ctx.state.area(area).token.is_none()
        {
            ctx.log.push(Event::HomeSeatReverted { house: home, area });
        }
        // Ships in the port of a province the house no longer controls are lost (004:L1064).
        crate::military::ports::lose_ports_if_uncontrolled(ctx, area);
    }
    ctx.refresh_pontoons();
    crate::military::leaders::check_districts(ctx);
    ctx.check_victory();
}
