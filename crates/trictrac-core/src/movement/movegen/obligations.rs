//! The hook of the "must fill / must keep" obligation (rules page, law 8): a filter the
//! generation applies in its place in the filter order.

use boardgames_common::Throw;

use super::list::PlayList;
use crate::board::Position;

/// The "must fill / must keep" obligation (rules page, law 8; glossary REMPLIR et
/// CONSERVER, CONSERVER EN SORTANT): if the throw allows filling or keeping a jan, the player
/// must play so as to do it. It needs the scoring rules, so movement leaves it to an
/// implementation of this trait (the scoring module plugs one in).
///
/// It is applied fourth, after "maximum number of dice", "the higher die" and "coin par
/// effet over par puissance", before the sortie constraints (rules page, "Filters apply in
/// this order"). Implementations should only remove plays, normally through
/// [`PlayList::retain_if_any`]; if one empties the list, the list before the filter is used.
pub trait Obligations {
    /// Removes from `plays` the plays that break the obligation for `position` and `throw`.
    fn apply(&self, position: &Position, throw: Throw, plays: &mut PlayList);
}

/// No obligation: movement laws only (until scoring provides the fill/keep filter).
#[derive(Debug, Clone, Copy, Default)]
pub struct MovementOnly;

impl Obligations for MovementOnly {
    fn apply(&self, _: &Position, _: Throw, _: &mut PlayList) {}
}
