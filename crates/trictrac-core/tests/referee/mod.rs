//! The referee of people playing by hand: the école, the fausse case, coins, the partie.

mod coin;
mod ecole;
mod fausse_case;
mod partie;
mod support;
