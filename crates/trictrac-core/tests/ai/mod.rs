//! The AI (`trictrac_core::ai`): the heuristic bot, its fast paths, its expectimax, the TD-trained bot and its
//! learning.

mod expectimax;
mod fast_paths;
mod heuristic;
mod td;
mod td_learning;
