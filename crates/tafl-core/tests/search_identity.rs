//! The search node for node: self-play games pinned so that a change meant to leave the
//! search alone (owning the rules in the game, issue 33, section 1; a faster move generator)
//! changes no move and no node count of the searcher. Pinned first from the build before the
//! rules left the process-wide table; the Fidchell game again when the evaluation learnt
//! Fidchell's goal (`attacker_self`, the guards of the corners still to visit); the Brandubh
//! and Copenhagen games when it learnt forced escapes (`forced_escape`, silent under
//! Fidchell's four corners: its game is the same).

use boardgames_common::{ByPlayer, Seed, play_game};
use tafl_core::ai::{Level, SearchLimits, Searcher};
use tafl_core::{Ruleset, TaflGame};

/// A pinned game: the ruleset, the seed, the plies, the moves, the nodes of the attackers' and
/// the defenders' searchers.
type PinnedGame = (Ruleset, u64, usize, &'static str, (u64, u64));

#[test]
fn self_play_games_are_the_pinned_ones_node_for_node() {
    // Ovate's configuration at 2 000 nodes a move, seeds `Seed(s).derive(1)` and `derive(2)`,
    // as printed by the same program built from the build that brought `forced_escape`
    // (Fidchell: from the build that brought `attacker_self`).
    let pinned: [PinnedGame; 3] = [
        (
            Ruleset::fidchell(),
            1,
            80,
            "c7-c6 d3-d2xd1 e7-e6 d2-c2xc1 e1-c1 d4-d1 a3-b3 d5-d6xd7 a4-b4 e5-f5xg5 e6-f6 \
             f5-f4xg4 g3-g4 c2-e2 a5-b5 c3-c2xc1 b5-b7 d1-g1 f6-e6xd6 g1-a1 b4-b6 f4-f3 g4-g3 \
             c2-c3 b3-b2 f3-f4 g3-g4 c4-b4 e6-d6 e3-g3 d6-f6 f4-f3 g4-g6 c3-c2 b2-a2 c2-b2xa2 \
             f6-d6 f3-f6xg6 b7-c7 a1-a7 c7-b7 a7-a1 b7-d7 b2-c2 d6-e6 a1-d1 e6-d6 c5-f5 d7-b7 \
             b4-b5 b7-d7 e4-a4 d7-b7 f5-f2 b7-d7 c2-c3 d7-c7 e2-e4 c7-d7 c3-c4 d7-b7 e4-e2 \
             b7-c7 a4-a6 c7-b7 a6-a2 b7-c7 e2-e3 c7-b7 e3-c3 b7-d7 b5-b2 d7-c7 c3-c2 c7-b7 \
             g3-f3 b7-c7 d1-g1 c7-e7 g1-g7",
            (80000, 76280),
        ),
        (
            Ruleset::brandubh(),
            2,
            42,
            "f4-f5 e4-e3 f5-e5 e3-e1 d2-c2 d3-f3 d6-f6 f3-f2 b4-b3 e1-e2 f6-f4 \
             d5-b5 d7-d5 c4-c6 d5-d6 c6-b6 b3-c3 d4-d3 f4-f3 b5-b2 a4-a2xb2 b6-b4 \
             d1-d2 b4-b3xc3 a2-a3 d3-d4 c2-c4 b3-b4xc4 f3-c3 b4-b2 c3-c2 b2-b6 c2-c4 \
             b6-b4xc4 a3-c3 b4-b2 c3-c4 b2-c2xd2 e5-e6 d4-d1 c4-b4 d1-g1",
            (42000, 38170),
        ),
        (
            Ruleset::copenhagen(),
            3,
            192,
            "e1-e3 d6-d3 d1-d2 d3-d7 d11-d8 d7-d6 e11-e8 f8-g8 d8-d7 d6-d5 h11-h8 \
             g8-g9 e8-c8 g7-h7 h8-h9 g9-d9 c8-c9 d9-d11 d7-d9 f7-g7 f10-f7 e7-d7 \
             f7-f8 e6-e10 b6-d6 f4-d4 f11-e11 e10-c10 c9-c4 d4-f4 d9-a9 e5-e6 c4-c8 \
             d5-c5 c8-d8xd7 c10-c6xd6 a7-c7 d11-d10 d8-d6 h6-h3 e11-d11 d10-f10 \
             h9-h8 e6-e9 d11-f11 f10-e10 a5-b5 e9-h9xh8 a6-b6xc6 c5-c4 b5-b4 c4-c1 \
             f1-d1 c1-c3 f2-h2 f4-h4 k4-i4 g7-f7 g11-g9 h9-j9 f11-e11 e10-f10 k8-k9 \
             j9-i9 d2-d3 c3-c6 a9-f9 f10-c10 c7-e7 g6-g8 d6-d10 c6-c8 d3-d8 c8-c7 \
             d8-d7 c10-c8 d10-d8 c8-c9 b6-b9 c9-c10 k9-j9 i9-i7 e11-h11 g8-g7 g9-g8 \
             h7-h6 h11-h7 h6-g6 k7-j7xi7 c7-b7 b9-b8 f5-b5 e7-e6 b7-b6 b8-b10 \
             c10-g10 g8-h8 g10-i10 f9-i9 i10-f10 i9-f9 g5-g4 i4-i3 g4-g3 j9-j11 \
             f10-i10 j11-f11 g6-g4 f9-i9 i10-g10 a4-a5 b5-i5 j6-i6 i5-d5 e6-d6 f6-e6 \
             f8-e8 b6-c6xd6 f11-f8xf7 g7-f7 d7-e7 g10-g7 d8-d6 e6-f6 b10-b6xc6 d5-h5 \
             b4-f4 h5-c5 h8-g8 c5-e5 i6-g6xg7 e5-e4xf4 g8-g7xf7 f6-f2 d6-d2 f2-e2xe3 \
             a5-a3 e2-e3 a3-d3 e4-c4 e7-e4 c4-c3xd3 d2-d3 c3-c5 e4-c4 e3-e7 d3-d7 \
             c5-c7xd7 k5-h5 c7-c9 i9-d9 e7-b7 e8-b8 b7-a7 b6-a6 a7-e7 f8-e8 e7-f7 \
             e8-f8 f7-f3 d9-d3 f3-f2 d3-d2 f2-f5 c4-c5 f5-f4 d2-d4 f4-f2 d4-d2 f2-f3 \
             d2-d3 c9-f9 h7-h10 f3-e3 c5-e5 e3-e2 d3-d2 f9-c9 b8-c8 g4-c4 h10-c10xc9 \
             c4-c2xd2 g1-e1 e2-d2 g6-d6 c2-c4 a6-a2 d2-b2 d6-b6 b2-b1 c8-c7 b1-a1",
            (192000, 188577),
        ),
    ];
    for (ruleset, seed, plies, moves, nodes) in pinned {
        let name = ruleset.name().to_string();
        let mut config = Level::Ovate.config();
        config.limits = SearchLimits::nodes(2_000);
        let mut attackers = Searcher::new(config, Seed(seed).derive(1));
        let mut defenders = Searcher::new(config, Seed(seed).derive(2));
        let played = play_game(
            TaflGame::new(ruleset),
            Seed(seed),
            ByPlayer::new(&mut attackers, &mut defenders),
            1_000,
        )
        .unwrap();
        let played_moves: Vec<String> = played
            .state
            .moves()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(played_moves.len(), plies, "{name}");
        assert_eq!(played_moves.join(" "), moves, "{name}");
        assert_eq!(
            (attackers.nodes_searched(), defenders.nodes_searched()),
            nodes,
            "{name}"
        );
        assert!(played.state.status().is_over(), "{name}");
    }
}
