//! The three game crates answer the same questions by the same names (docs/api.md, "The
//! table"): one macro writes the same calls for each game type, so that a name missing from
//! one of them (or of another meaning: another argument, another answer) fails to compile or
//! to pass. The calls are those of the table: built from its rules with `new`, `position`,
//! `outcome` (and the provided `Game::outcome` of the same answer), `diagram` saying when the
//! game is over, `play_mut` in place, a whole game by `play_game`, `from_record` and
//! `from_record_with` back from its record.

use boardgames_common::{ByPlayer, Game, Outcome, RandomAgent, ReplayOptions, Seed, play_game};
use sugoroku_core::SugorokuGame;
use tafl_core::TaflGame;
use trictrac_core::ecrire::settlement::EcrireRules;
use trictrac_core::{EcrireGame, EcrireOptions, GameOptions, TrictracGame};

/// The same questions asked of `$game` built from `$rules`; `$first` is an action legal at
/// the start, played with `play_mut`. Returns the finished game of `play_game`.
macro_rules! same_questions {
    ($game:ident, $rules:expr, $first:expr) => {{
        let start = $game::new($rules);
        let _position = start.position();
        assert_eq!(
            start.outcome(),
            None,
            "{} is over at its start",
            <$game>::NAME
        );
        assert_eq!(Game::outcome(&start), None);
        let diagram: String = start.diagram();
        assert!(!diagram.contains("game over"), "{diagram}");

        let mut stepped = start.clone();
        let first = $first(&stepped);
        let _what_it_did = stepped
            .play_mut(first)
            .expect("an action legal at the start");
        assert_eq!(stepped.outcome(), None);

        let (mut a, mut b) = (RandomAgent::new(Seed(1)), RandomAgent::new(Seed(2)));
        let played = play_game(start, Seed(3), ByPlayer::new(&mut a, &mut b), 1_000_000)
            .expect("a whole game");
        let end = &played.state;
        let outcome: Option<Outcome> = end.outcome();
        assert!(
            outcome.is_some(),
            "{} ended without an outcome",
            <$game>::NAME
        );
        assert_eq!(outcome, Game::outcome(end));
        assert_eq!(outcome, Some(Outcome::from_returns(end.returns())));
        assert!(end.diagram().contains("game over"), "{}", end.diagram());

        let replayed = $game::from_record(&played.record).expect("its own record");
        assert_eq!(replayed.outcome(), outcome);
        let strict = $game::from_record_with(&played.record, &ReplayOptions::strict())
            .expect("its own record, strictly");
        assert_eq!(strict.diagram(), end.diagram());
        played.state
    }};
}

/// The first legal action of a state (a throw at a chance node: the first outcome).
fn first_action<G: Game>(state: &G) -> G::Action {
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    if legal.is_empty() {
        let mut outcomes = Vec::new();
        state.chance_outcomes(&mut outcomes);
        return outcomes[0].0;
    }
    legal[0]
}

#[test]
fn the_three_games_answer_the_same_questions_by_the_same_names() {
    same_questions!(
        TaflGame,
        tafl_core::Ruleset::brandubh(),
        first_action::<TaflGame>
    );
    same_questions!(
        SugorokuGame,
        sugoroku_core::Ruleset::default(),
        first_action::<SugorokuGame>
    );
    same_questions!(
        TrictracGame,
        GameOptions::default().with_trous_to_win(1),
        first_action::<TrictracGame>
    );
    same_questions!(
        EcrireGame,
        EcrireOptions::new(EcrireRules::new(1).expect("one marqué")),
        first_action::<EcrireGame>
    );
}
