//! The search node for node: self-play games pinned so that a change meant to leave the
//! search alone (owning the rules in the game, issue 33, section 1; a faster move generator)
//! changes no move and no node count of the searcher. Pinned first from the build before the
//! rules left the process-wide table; the Fidchell game again when the evaluation learnt
//! Fidchell's goal (`attacker_self`, the guards of the corners still to visit); the Brandubh
//! and Copenhagen games when it learnt forced escapes (`forced_escape`, silent under
//! Fidchell's four corners: its game is the same); the Copenhagen game again when the
//! search learnt to score a repetition as the rules do, at the rule's occurrence rather than
//! at the first return (issue 49: Copenhagen's perpetual repetition, which the defenders
//! lose, had scored 20 soldiers at the first return; the Fidchell game, whose repetition
//! draws, and the Brandubh game, whose searches met no return to an earlier position, are
//! the same node for node). Those three are searched with the hand-set weights
//! (`EvalWeights::DEFAULT` on every board), which no change since has touched; a fourth game,
//! Copenhagen with the level's own configuration, pins the weights tuned for 11×11
//! (`EvalWeights::TUNED_11X11`, issue 49), which every level searches there since they were
//! shipped.

use boardgames_common::{ByPlayer, Seed, play_game};
use tafl_core::ai::{EvalWeights, Level, SearchLimits, Searcher};
use tafl_core::{Ruleset, TaflGame};

/// A pinned game: the ruleset, whether the level's board weights are searched (else the
/// hand-set ones on every board), the seed, the plies, the moves, the nodes of the attackers'
/// and the defenders' searchers.
type PinnedGame = (Ruleset, bool, u64, usize, &'static str, (u64, u64));

#[test]
fn self_play_games_are_the_pinned_ones_node_for_node() {
    // Ovate's configuration at 2 000 nodes a move, seeds `Seed(s).derive(1)` and `derive(2)`,
    // as printed by the same program built from the build that brought `forced_escape`
    // (Fidchell: from the build that brought `attacker_self`; Copenhagen: from the build
    // that scores repetitions at the rule's occurrence).
    let pinned: [PinnedGame; 4] = [
        (
            Ruleset::fidchell(),
            false,
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
            false,
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
            false,
            3,
            46,
            "e1-e3 d6-d3 d1-d2 f4-d4 a4-c4 f5-f3xe3 k4-e4xd4 d3-e3xe4 k5-h5 f6-f4 h1-h4 \
             g7-h7 d11-d6xe6 f3-i3 e11-e8 e7-e6 d6-d3 f4-f3 g1-g3 g6-g8 c4-e4 e3-e2 d3-e3 \
             i3-h3xg3 b6-d6xe6 h3-h1 h4-h3 e5-c5 d2-d5 f3-f4 h3-h4 g5-e5xd5 j6-i6 e5-d5 \
             e4-d4xd5 f4-e4xe3 d4-c4 c5-c8 d6-d8 e4-e3 c4-c3 e3-j3 k6-j6 j3-j1 e8-e9 j1-k1",
            (46000, 42638),
        ),
        // The same seed with the weights tuned for 11×11, pinned from the build that shipped
        // them.
        (
            Ruleset::copenhagen(),
            true,
            3,
            70,
            "a8-d8 f8-i8 e1-e3 e7-c7 a4-d4 f7-e7 d8-f8 e7-e9 k4-h4 f6-f7 f8-a8 g5-g4 k5-i5 \
             c7-c10 a7-c7 e9-e10 f10-f9 f7-f8 f9-b9 f8-f9 h11-h9 f9-f10 g11-g10 i8-i10 \
             g10-g8 f10-g10 g8-b8 g10-g11 h9-h11 i10-i11xh11 j6-j11 g11-g9 j11-j9 i11-i6 \
             f11-i11 g9-g10 j9-j10 g10-g9 k8-k9 g9-j9 k6-j6 d6-d8 b9-e9xe10 f5-f9 e9-a9 \
             f9-e9 a9-b9 e6-c6 a5-c5xc6 c10-i10 c7-c10 g4-g2 e3-g3xg2 g7-j7 a8-a7 f4-f3 \
             c10-h10xi10 j9-f9 d11-d10 i6-i10 h10-h8 e9-e6 d1-d3 f9-c9 e11-c11 c9-c10 \
             d10-h10xi10 c10-a10 d3-d2 a10-a11",
            (70000, 66883),
        ),
    ];
    for (ruleset, board_weights, seed, plies, moves, nodes) in pinned {
        let name = format!("{} (board weights: {board_weights})", ruleset.name());
        let mut config = Level::Ovate.config();
        config.limits = SearchLimits::nodes(2_000);
        if !board_weights {
            config = config.with_weights(EvalWeights::DEFAULT);
        }
        assert_eq!(
            config.weights_for(ruleset.rules()) == EvalWeights::TUNED_11X11,
            board_weights && ruleset.rules().size == 11,
            "{name}"
        );
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
        assert_eq!(played_moves.join(" "), moves, "{name}");
        assert_eq!(played_moves.len(), plies, "{name}");
        assert_eq!(
            (attackers.nodes_searched(), defenders.nodes_searched()),
            nodes,
            "{name}"
        );
        assert!(played.state.status().is_over(), "{name}");
    }
}
