//! The laws of movement: the glossary's examples, edge cases derived by hand, the generator
//! against the slow reference on random placements, the start, the reaches, properties of
//! random games and the play API.

mod edge_cases;
mod glossary;
mod play_api;
mod properties;
mod random_placements;
mod reach;
mod start_position;
