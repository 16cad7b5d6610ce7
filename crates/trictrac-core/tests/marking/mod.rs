//! The marking: points, trous, bredouille, tenir ou s'en aller.

mod edge_cases;
mod sequences;
