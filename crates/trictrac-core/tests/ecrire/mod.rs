//! The partie à écrire: the game, the marqué, the settlement, the tables of 3 and 4 players.

mod game;
mod marque;
mod settlement;
mod table;
