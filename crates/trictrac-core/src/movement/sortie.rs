//! The kinds of numbers during the sortie (bearing off): sortant, défaillant, excédant.

use boardgames_common::Die;

use crate::board::OFF;
use crate::board::Position;
use crate::movement::Laws;

/// What a number can do for the side to move once all his dames are in his jan de retour
/// (glossary NOMBRE SORTANT, NOMBRE DÉFAILLANT, NOMBRE EXCÉDANT; rules page law 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SortieNumber {
    /// *Nombre sortant*: brings a dame exactly to the edge (path 25). It may instead be
    /// played inside the jan.
    Sortant,
    /// *Nombre défaillant*: cannot bring a dame exactly to the edge, can and must be played
    /// inside the jan.
    Defaillant,
    /// *Nombre excédant*: neither bears off exactly nor can be played inside; it bears off
    /// the dame farthest from the edge, and only that one.
    Excedant,
}

impl SortieNumber {
    /// Every `SortieNumber`, in the order of its declaration.
    pub const ALL: [SortieNumber; 3] = [
        SortieNumber::Sortant,
        SortieNumber::Defaillant,
        SortieNumber::Excedant,
    ];
    /// The number of `SortieNumber`s.
    pub const NUM: usize = 3;
}

impl Position {
    /// The kind of number `die` is for the side to move, considered alone on the current
    /// board, or `None` if not all his dames on the board are in his jan de retour, or if the
    /// number is unplayable (not sortant, blocked inside, and the farthest dame is not beyond
    /// reach of the edge: glossary SORTIE, "ternes" example).
    #[must_use]
    pub fn sortie_number(&self, die: Die) -> Option<SortieNumber> {
        let colour = self.side_to_move;
        let c = self.board.path_counts(colour);
        if !self.board.all_in_jan_de_retour(colour) || self.board.on_board(colour) == 0 {
            return None;
        }
        let d = die.get();
        if c[(OFF - d) as usize] > 0 {
            return Some(SortieNumber::Sortant);
        }
        let laws = Laws::new(&self.board, colour);
        if (19..OFF - d).any(|p| c[p as usize] > 0 && laws.can_stop(p + d)) {
            return Some(SortieNumber::Defaillant);
        }
        match self.board.rearmost(colour) {
            Some(p) if p + d > OFF => Some(SortieNumber::Excedant),
            _ => None,
        }
    }
}
