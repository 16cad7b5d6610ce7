//! The partie state machine with controlled points: the chronology of a turn (rules page,
//! "Marking"; glossary CHRONOLOGIE DÉTAILLÉE D'UN COUP), tenir / s'en aller, the relevé,
//! the primauté, the end of the partie, and records that replay.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use boardgames_common::{
    ByPlayer, Die, Game, RandomAgent, Record, ReplayError, ReplayOptions, Seed, Throw, Turn,
    play_game,
};
use trictrac_core::Colour::{self, Black, White};
use trictrac_core::scoring::{RaceScorer, Scored, Scorer, ThrowScorer};
use trictrac_core::{
    Action, ActionError, ChoiceStage, GameOptions, Phase, Primaute, TrictracGame, Win,
};
use trictrac_core::{ByColour, LegalPlays, Play, Position};

/// A scorer whose points are scripted: each throw takes the next `before` entry, each play
/// the next `after` entry (missing entries score nothing). Movement laws only for plays.
#[derive(Debug, Clone, Default)]
struct Script {
    before: Rc<RefCell<VecDeque<(u8, u8)>>>,
    after: Rc<RefCell<VecDeque<(u8, u8)>>>,
}

impl Script {
    fn new(before: &[(u8, u8)], after: &[(u8, u8)]) -> Script {
        Script {
            before: Rc::new(RefCell::new(before.iter().copied().collect())),
            after: Rc::new(RefCell::new(after.iter().copied().collect())),
        }
    }
}

fn scored(p: Option<(u8, u8)>, what: &str) -> Scored {
    let (w, b) = p.unwrap_or((0, 0));
    Scored {
        points: ByColour::new(w, b),
        description: if w + b > 0 {
            format!("{what} W{w} B{b}")
        } else {
            String::new()
        },
    }
}

impl Scorer for Script {
    fn legal_plays(&self, position: &Position, throw: Throw) -> LegalPlays {
        position.movement_plays(throw)
    }
    fn before_play(&self, _: &Position, _: Throw) -> Scored {
        scored(self.before.borrow_mut().pop_front(), "scripted")
    }
    fn after_play(&self, _: &Position, _: Throw, _: &Play) -> Scored {
        scored(self.after.borrow_mut().pop_front(), "after play")
    }
}

fn t(s: &str) -> Throw {
    s.parse().unwrap()
}

fn fixed(c: Colour) -> GameOptions {
    GameOptions::default().with_primaute(Primaute::Fixed(c))
}

/// Plays the first legal play.
fn play_first<S: ThrowScorer + Clone>(g: &mut TrictracGame<S>) -> String {
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(matches!(legal[0], Action::Play(_)), "{:?}", g.phase());
    g.apply_commented(legal[0]).unwrap()
}

fn marks<S: ThrowScorer + Clone>(g: &TrictracGame<S>) -> String {
    g.marking().to_string()
}

#[test]
fn a_plain_turn_marks_own_points_then_gives_the_opponent_his() {
    let mut g = TrictracGame::with_scorer(Script::new(&[(4, 2)], &[]), fixed(White));
    assert_eq!(g.turn(), Turn::Chance);
    let c = g.apply_commented(Action::Throw(t("6-5"))).unwrap();
    assert!(c.contains("White throws six et cinq"), "{c}");
    // White's own 4 are marked at once, Black's 2 wait for the play.
    assert_eq!(marks(&g), "0.4*/0.0");
    assert_eq!(
        g.phase(),
        Phase::Play {
            throw: t("6-5"),
            pending: 2
        }
    );
    assert_eq!(g.turn(), Turn::Player(boardgames_common::Player::First));
    let c = play_first(&mut g);
    // Black marks second: the double jeton, and White is no longer en bredouille.
    assert_eq!(marks(&g), "0.4/0.2*");
    assert!(c.ends_with("marks 0.4/0.2*"), "{c}");
    assert_eq!(g.phase(), Phase::Throw);
    assert_eq!(g.position().side_to_move(), Black);
    // The position carries the same marks.
    assert_eq!(
        g.position().to_string(),
        "B1:w13,B6:w1,B7:w1,N1:b15 b 1/0 0.4/0.2*"
    );
}

#[test]
fn tenir_then_the_opponent_marks_with_the_double_jeton() {
    // White reaches 14 with his own points: trou, choice; he holds, keeps 2 de reste; Black's 2
    // from the same throw start with the double jeton.
    let pos: Position = "B1:w15,N1:b15 w 0/0 0.10*/0.0".parse().unwrap();
    let mut g =
        TrictracGame::from_position(Script::new(&[(4, 2)], &[]), fixed(White), pos).unwrap();
    g.apply(Action::Throw(t("4-2"))).unwrap();
    assert_eq!(marks(&g), "2.2*/0.0");
    assert_eq!(
        g.phase(),
        Phase::Choice {
            mover: White,
            throw: t("4-2"),
            stage: ChoiceStage::BeforePlay,
            pending: 2
        }
    );
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert_eq!(legal, [Action::Tenir, Action::SenAller]);
    g.apply(Action::Tenir).unwrap();
    play_first(&mut g);
    assert_eq!(marks(&g), "2.2/0.2*");
    assert_eq!(g.position().side_to_move(), Black);
}

#[test]
fn tenir_without_reste_gives_the_opponent_one_jeton() {
    let pos: Position = "B1:w15,N1:b15 w 0/0 0.8/0.3*".parse().unwrap();
    let mut g =
        TrictracGame::from_position(Script::new(&[(4, 2)], &[]), fixed(White), pos).unwrap();
    g.apply(Action::Throw(t("4-2"))).unwrap();
    // 8 + 4 = 12: a simple trou sans bouger, Black's jeton back to the talon.
    assert_eq!(marks(&g), "1.0/0.0");
    g.apply(Action::Tenir).unwrap();
    play_first(&mut g);
    assert_eq!(marks(&g), "1.0/0.2*");
}

#[test]
fn s_en_aller_wipes_the_jetons_and_the_opponents_points_of_the_throw() {
    let pos: Position = "B1:w13,B6:w1,B7:w1,N1:b15 w 1/1 0.6/0.8*".parse().unwrap();
    let mut g =
        TrictracGame::from_position(Script::new(&[(10, 4)], &[]), fixed(White), pos).unwrap();
    g.apply(Action::Throw(t("5-5"))).unwrap();
    assert_eq!(marks(&g), "1.4*/0.0");
    let c = g.apply_commented(Action::SenAller).unwrap();
    assert!(c.contains("s'en va"), "{c}");
    // Trous kept, no reste, Black marks nothing of this throw; dames relevées, White again.
    assert_eq!(marks(&g), "1.0/0.0");
    assert_eq!(g.phase(), Phase::Throw);
    assert_eq!(*g.position(), {
        let mut p = Position::start();
        p.set_marks(White, g.marking().to_marks().white).unwrap();
        p
    });
    assert_eq!(g.position().side_to_move(), White);
}

#[test]
fn no_choice_on_a_trou_won_from_the_opponents_points() {
    // White's throw gives Black 12 (à faux, impuissance …): Black marks them after White's play,
    // wins 2 trous en bredouille, and may not s'en aller: he simply throws next.
    let mut g = TrictracGame::with_scorer(Script::new(&[(0, 12)], &[]), fixed(White));
    g.apply(Action::Throw(t("6-5"))).unwrap();
    play_first(&mut g);
    assert_eq!(marks(&g), "0.0/2.0");
    assert_eq!(g.phase(), Phase::Throw);
    assert_eq!(g.position().side_to_move(), Black);
}

#[test]
fn sortie_keeps_the_opponents_points_and_releve_lets_the_player_throw_again() {
    // White's last dame on N2; Black has 3 with the double jeton. The throw gives Black 2
    // (scripted à faux); White bears off his last dame: 4 for the sortie make his trou
    // (10 + 4, simple: Black held the double jeton, débredouillé now), choice after the play.
    let pos: Position = "N1:b15,N2:w1 w 20/20 0.10/0.3*".parse().unwrap();
    let mut g =
        TrictracGame::from_position(Script::new(&[(0, 2)], &[(4, 0)]), fixed(White), pos).unwrap();
    g.apply(Action::Throw(t("6-5"))).unwrap();
    assert_eq!(marks(&g), "0.10/0.3*");
    play_first(&mut g);
    assert_eq!(marks(&g), "1.2*/0.0");
    assert!(matches!(
        g.phase(),
        Phase::Choice {
            mover: White,
            stage: ChoiceStage::AfterPlay,
            pending: 2,
            ..
        }
    ));
    let c = g.apply_commented(Action::Tenir).unwrap();
    // Black marks his 2 with the double jeton (White kept a reste); relevé; White throws again.
    assert_eq!(marks(&g), "1.2/0.2*");
    assert!(c.contains("relevé, White throws again"), "{c}");
    assert_eq!(g.phase(), Phase::Throw);
    assert_eq!(g.position().to_string(), "B1:w15,N1:b15 w 0/0 1.2/0.2*");
}

#[test]
fn sortie_with_the_race_scorer() {
    let pos: Position = "N1:b15,N2:w1 w 20/20 0.0/0.0".parse().unwrap();
    let mut g = TrictracGame::from_position(RaceScorer, fixed(White), pos).unwrap();
    g.apply(Action::Throw(t("3-3"))).unwrap();
    play_first(&mut g);
    // 6 for the sortie on a doublet, then the relevé.
    assert_eq!(marks(&g), "0.6*/0.0");
    assert_eq!(g.position().to_string(), "B1:w15,N1:b15 w 0/0 0.6*/0.0");
}

#[test]
fn primaute_one_die_each() {
    let options = GameOptions::default().with_primaute(Primaute::OneDieEach);
    let mut g = TrictracGame::with_scorer(Script::default(), options);
    let mut outcomes = Vec::new();
    g.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 6);
    let d = |v| Action::PrimauteDie(Die::new(v).unwrap());
    g.apply(d(3)).unwrap();
    g.apply(d(3)).unwrap();
    assert_eq!(g.phase(), Phase::Primaute { white: None });
    g.apply(d(2)).unwrap();
    g.apply(d(5)).unwrap();
    assert_eq!(g.phase(), Phase::Throw);
    assert_eq!(g.position().side_to_move(), Black);
    g.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 21);
    // A fresh throw: Black may start with a doublet.
    g.apply(Action::Throw(t("6-6"))).unwrap();
    assert_eq!(g.turn(), Turn::Player(boardgames_common::Player::Second));
}

#[test]
fn primaute_first_throw_from_the_dice() {
    let options = GameOptions::default().with_primaute(Primaute::FirstThrowFromDice);
    let mut g = TrictracGame::with_scorer(Script::new(&[(0, 0)], &[]), options);
    let d = |v| Action::PrimauteDie(Die::new(v).unwrap());
    g.apply(d(5)).unwrap();
    g.apply(d(2)).unwrap();
    // White has the primauté and plays 5-2 as his first throw.
    assert_eq!(
        g.phase(),
        Phase::Play {
            throw: t("5-2"),
            pending: 0
        }
    );
    assert_eq!(g.position().side_to_move(), White);
}

#[test]
fn the_partie_ends_at_the_trous_to_win_even_on_received_points() {
    let options = fixed(White).with_trous_to_win(4);
    // Black reaches 4 trous with points White's throw gave him.
    let mut g = TrictracGame::with_scorer(Script::new(&[(0, 24)], &[]), options);
    g.apply(Action::Throw(t("6-5"))).unwrap();
    play_first(&mut g);
    assert_eq!(
        g.phase(),
        Phase::Over(Win {
            winner: Black,
            bredouille: false
        })
    );
    assert_eq!(g.returns(), ByPlayer::new(-1.0, 1.0));
    assert!(g.is_terminal());
    let mut legal = vec![Action::Tenir];
    g.legal_actions(&mut legal);
    assert!(legal.is_empty());
    assert!(matches!(
        g.apply(Action::Throw(t("1-1"))),
        Err(ActionError::WrongPhase { .. })
    ));

    // With the pavillon: won while the opponent has no trou, double.
    let options = fixed(White).with_trous_to_win(4).with_pavillon(true);
    let mut g = TrictracGame::with_scorer(Script::new(&[(24, 0)], &[]), options);
    g.apply(Action::Throw(t("6-5"))).unwrap();
    assert_eq!(
        g.phase(),
        Phase::Over(Win {
            winner: White,
            bredouille: true
        })
    );
    assert_eq!(g.returns(), ByPlayer::new(2.0, -2.0));
}

#[test]
fn pavillon_is_taken_by_the_second_and_lost_when_the_first_wins_again() {
    let options = fixed(White).with_trous_to_win(6).with_pavillon(true);
    // White wins 2 trous (bredouille); Black then wins 2 (he takes the pavillon); White wins
    // a trou again: nobody can win the partie double any more.
    let script = Script::new(&[(12, 0), (0, 0), (0, 0), (0, 12), (12, 0)], &[]);
    let mut g = TrictracGame::with_scorer(script, options);
    g.apply(Action::Throw(t("6-5"))).unwrap();
    g.apply(Action::Tenir).unwrap();
    play_first(&mut g);
    assert_eq!(g.marking().pavillon(), None);
    assert!(g.marking().is_partie_en_bredouille(White));
    g.apply(Action::Throw(t("6-5"))).unwrap();
    play_first(&mut g);
    g.apply(Action::Throw(t("4-2"))).unwrap();
    play_first(&mut g);
    g.apply(Action::Throw(t("4-1"))).unwrap();
    g.apply(Action::Tenir).unwrap();
    play_first(&mut g);
    assert_eq!(marks(&g), "2.0/2.0p");
    assert_eq!(g.marking().pavillon(), Some(Black));
    assert!(!g.marking().is_partie_en_bredouille(White));
    g.apply(Action::Throw(t("3-1"))).unwrap();
    assert_eq!(marks(&g), "4.0/2.0");
    assert_eq!(g.marking().pavillon(), None);
}

#[test]
fn illegal_and_misplaced_actions_are_refused_without_change() {
    let mut g = TrictracGame::with_scorer(Script::default(), fixed(White));
    let before = g.clone();
    assert!(matches!(
        g.apply(Action::Tenir),
        Err(ActionError::WrongPhase { .. })
    ));
    g.apply(Action::Throw(t("6-5"))).unwrap();
    let play = g.position().parse_play("6-5: B1-B7, B1-B6").unwrap();
    let other = g.position().parse_play("6-5: B1-B7, B1-B6").unwrap();
    assert_eq!(play, other);
    let wrong = Action::Play(
        Position::start()
            .movement_plays(t("6-4"))
            .get(0)
            .copied()
            .unwrap(),
    );
    let mid = g.clone();
    assert!(matches!(g.apply(wrong), Err(ActionError::IllegalPlay(_))));
    assert_eq!(g.phase(), mid.phase());
    assert_eq!(g.position(), mid.position());
    assert!(g.parse_action("6-5: B1-B12").is_err());
    assert_eq!(
        g.parse_action("6-5: B1-B7, B1-B6").unwrap(),
        Action::Play(play)
    );
    assert!(g.parse_action("tenir").is_err());
    assert_eq!(g.position(), before.position());
    assert_ne!(g.phase(), before.phase());
}

#[test]
fn a_recorded_partie_replays_to_the_same_state() {
    let options = GameOptions::default()
        .with_trous_to_win(2)
        .with_pavillon(true);
    let game = TrictracGame::with_scorer(RaceScorer, options);
    let (mut a, mut b) = (RandomAgent::new(Seed(11)), RandomAgent::new(Seed(12)));
    let played = play_game(game, Seed(5), ByPlayer::new(&mut a, &mut b), 1_000_000).unwrap();
    assert!(played.state.is_terminal());
    let text = played.record.to_string();
    assert!(text.contains("[Primaute \"first throw\"]"), "{text}");
    assert!(text.contains("primauté"), "{text}");
    let parsed: Record = text.parse().unwrap();
    let replayed =
        TrictracGame::from_record_with_scorer(&parsed, RaceScorer, &ReplayOptions::strict())
            .unwrap();
    assert_eq!(replayed, played.state);
    // Every entry carries the marks after it.
    assert!(
        played
            .record
            .entries()
            .iter()
            .all(|e| e.comment.as_deref().is_some_and(|c| c.contains("marks ")))
    );
    // The same seed and agents give the same partie as boardgames_common::play_game.
    let (mut a, mut b) = (RandomAgent::new(Seed(11)), RandomAgent::new(Seed(12)));
    let plain = boardgames_common::play_game(
        TrictracGame::with_scorer(RaceScorer, options),
        Seed(5),
        ByPlayer::new(&mut a, &mut b),
        1_000_000,
    )
    .unwrap();
    assert_eq!(plain.state, played.state);
    assert!(plain.record.actions().eq(played.record.actions()));
}

#[test]
fn replay_reports_the_bad_action() {
    let text = "[Game \"Trictrac\"]\n[Primaute \"White\"]\n\n1. 6-5\n2. tenir\n";
    let record: Record = text.parse().unwrap();
    match TrictracGame::from_record_with_scorer(&record, RaceScorer, &ReplayOptions::strict()) {
        Err(ReplayError::Action { index: 2, .. }) => {}
        other => panic!("{other:?}"),
    }
    let record: Record = "[Game \"Tafl\"]\n\n".parse().unwrap();
    assert!(matches!(
        TrictracGame::from_record_with_scorer(&record, RaceScorer, &ReplayOptions::strict()),
        Err(ReplayError::OtherGame(_))
    ));
}

#[test]
fn a_partie_from_a_set_position_records_and_replays() {
    let options = fixed(White).with_trous_to_win(1);
    let pos: Position = "B1:w13,B6:w1,B7:w1,N1:b15 b 1/0 0.4/0.2*".parse().unwrap();
    let game = TrictracGame::from_position(RaceScorer, options, pos).unwrap();
    let (mut a, mut b) = (RandomAgent::new(Seed(3)), RandomAgent::new(Seed(4)));
    let played = play_game(game, Seed(9), ByPlayer::new(&mut a, &mut b), 1_000_000).unwrap();
    assert_eq!(
        played.record.tag("Position"),
        Some("B1:w13,B6:w1,B7:w1,N1:b15 b 1/0 0.4/0.2*")
    );
    let replayed =
        TrictracGame::from_record_with_scorer(&played.record, RaceScorer, &ReplayOptions::strict())
            .unwrap();
    assert_eq!(replayed, played.state);
}

#[test]
fn inconsistent_marks_are_refused() {
    // White alone has points but is not en bredouille: impossible.
    let pos: Position = "B1:w15,N1:b15 w 0/0 0.4/0.0".parse().unwrap();
    assert_eq!(
        TrictracGame::from_position(RaceScorer, fixed(White), pos).err(),
        Some(trictrac_core::marking::MarkingError::SoleMarkerNotEnBredouille(White))
    );
}

/// A coin taken par puissance to fill the grand jan when the throw cannot take it par
/// effet: the game lists it as the only play, reads it back from its own text, and plays it.
/// With a dame on B6 (B6 and B8 take the coin par effet) it is refused: coin par effet comes
/// before the obligation, without exception (glossary COINS, PRENDRE SON COIN).
#[test]
fn par_puissance_play_left_by_the_fill_obligation_is_parsed_and_replayed() {
    use trictrac_core::scoring::JanScorer;
    let options = GameOptions::default().with_primaute(Primaute::Fixed(White));
    let throw: Throw = "6-4".parse().unwrap();
    let text = "6-4: B7-B12, B9-B12 (par puissance)";
    let effet: Position = "B1:w2,B6:w1,B7:w3,B8:w2,B9:w3,B10:w2,B11:w2,N1:b15 w 10/10 0.0/0.0"
        .parse()
        .unwrap();
    let mut game = TrictracGame::from_position(JanScorer::default(), options, effet).unwrap();
    game.apply(Action::Throw(throw)).unwrap();
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    assert_eq!(legal.len(), 4);
    assert!(matches!(
        game.parse_action(text),
        Err(ActionError::IllegalPlay(_))
    ));
    assert_eq!(game.marking().points(White), 0);

    let position: Position = "B1:w2,B2:w1,B7:w3,B8:w2,B9:w3,B10:w2,B11:w2,N1:b15 w 10/10 0.0/0.0"
        .parse()
        .unwrap();
    let mut game = TrictracGame::from_position(JanScorer::default(), options, position).unwrap();
    game.apply(Action::Throw(throw)).unwrap();
    game.legal_actions(&mut legal);
    assert_eq!(legal.len(), 1);
    assert_eq!(game.action_text(legal[0]), text);
    assert!(position.parse_play(text).is_ok());
    assert_eq!(game.parse_action(text).unwrap(), legal[0]);
    game.apply(legal[0]).unwrap();
    assert_eq!(
        game.position().board().count(White, "B12".parse().unwrap()),
        2
    );
    // White marked the fill of his grand jan (4 points) before playing.
    assert_eq!(game.marking().points(White), 4);
}

/// A record whose comment or result contradicts the rules is refused, naming the action.
#[test]
fn replay_checks_comments_and_the_result() {
    use trictrac_core::scoring::{DefaultScorer, JanScorer};
    let mut a = RandomAgent::new(Seed(1));
    let mut b = RandomAgent::new(Seed(2));
    let agents: ByPlayer<&mut dyn boardgames_common::Agent<TrictracGame<DefaultScorer>>> =
        ByPlayer::new(&mut a, &mut b);
    let played = play_game(
        TrictracGame::with_scorer(JanScorer::default(), GameOptions::default()),
        Seed(3),
        agents,
        1_000_000,
    )
    .unwrap();
    let text = played.record.to_string();
    assert!(
        TrictracGame::from_record_with_scorer(
            &played.record,
            JanScorer::default(),
            &ReplayOptions::strict()
        )
        .is_ok()
    );

    // The third entry is the first play; its comment gives the marks after it.
    let entry = &played.record.entries()[2];
    let comment = entry.comment.clone().unwrap();
    let forged = text.replacen(&format!("{{{comment}}}"), "{marks 0.8*/0.0}", 1);
    let forged: Record = forged.parse().unwrap();
    match TrictracGame::from_record_with_scorer(
        &forged,
        JanScorer::default(),
        &ReplayOptions::strict(),
    ) {
        Err(ReplayError::Comment { index: 3, error }) => {
            assert_eq!(error.recorded, "marks 0.8*/0.0", "{error}");
        }
        other => panic!("expected a comment mismatch at action 3, got {other:?}"),
    }

    let result = played.record.tag("Result").unwrap().to_string();
    let other = if result == "1-0" { "0-1" } else { "1-0" };
    let mut wrong = played.record.clone();
    wrong.set_tag("Result", other).unwrap();
    assert!(matches!(
        TrictracGame::from_record_with_scorer(
            &wrong,
            JanScorer::default(),
            &ReplayOptions::strict()
        ),
        Err(ReplayError::Result(_))
    ));

    let mut zero = played.record.clone();
    zero.set_tag("Trous", "0").unwrap();
    assert!(matches!(
        TrictracGame::from_record_with_scorer(
            &zero,
            JanScorer::default(),
            &ReplayOptions::strict()
        ),
        Err(ReplayError::Tags(trictrac_core::TagError::BadTag {
            tag: "Trous",
            ..
        }))
    ));
}

/// JAN DE RENCONTRE (glossary: "amener en second les mêmes nombres que ceux obtenus juste
/// avant par l'adversaire lors du premier lancer de dés … 4 points par coup simple et 6 par
/// doublet"): with the convention on, the partie keeps the first throw and scores it for the
/// second player; off (the default) it scores nothing. After a relevé the first throws
/// start again; a partie resumed after one throw knows the opening from its record's
/// `Opening` tag.
#[test]
fn jan_de_rencontre_scored_by_the_partie() {
    use trictrac_core::scoring::JanScorer;
    use trictrac_core::scoring::ScoringRules;
    let on = JanScorer {
        rules: ScoringRules::default().with_jan_de_rencontre(true),
    };
    let mut g = TrictracGame::with_scorer(on, fixed(White));
    g.apply(Action::Throw(t("5-3"))).unwrap();
    play_first(&mut g);
    let comment = g.apply_commented(Action::Throw(t("5-3"))).unwrap();
    assert!(comment.contains("jan de rencontre"), "{comment}");
    assert_eq!(g.marking().points(Black), 4);

    // Another throw: nothing.
    let mut g = TrictracGame::with_scorer(on, fixed(White));
    g.apply(Action::Throw(t("5-3"))).unwrap();
    play_first(&mut g);
    g.apply(Action::Throw(t("5-2"))).unwrap();
    assert_eq!(g.marking().points(Black), 0);

    // The convention off.
    let mut g = TrictracGame::with_scorer(JanScorer::default(), fixed(White));
    g.apply(Action::Throw(t("5-3"))).unwrap();
    play_first(&mut g);
    g.apply(Action::Throw(t("5-3"))).unwrap();
    assert_eq!(g.marking().points(Black), 0);

    // Resumed after White's first throw: the opening comes with the partie, and the record
    // carries it.
    let after_one: Position = "B1:w13,B6:w1,B4:w1,N1:b15 b 1/0 0.0/0.0".parse().unwrap();
    let short = fixed(White).with_trous_to_win(1);
    let g = TrictracGame::from_position(on, short, after_one)
        .unwrap()
        .with_opening(Some(t("5-3")));
    let mut a = RandomAgent::new(Seed(1));
    let mut b = RandomAgent::new(Seed(2));
    let agents: ByPlayer<&mut dyn boardgames_common::Agent<TrictracGame<JanScorer>>> =
        ByPlayer::new(&mut a, &mut b);
    let played = play_game(g, Seed(5), agents, 100_000).unwrap();
    assert_eq!(played.record.tag("Opening"), Some("5-3"));
    let replayed =
        TrictracGame::from_record_with_scorer(&played.record, on, &ReplayOptions::strict())
            .unwrap();
    assert_eq!(replayed, played.state);
    let mut g = TrictracGame::from_position(on, fixed(White), after_one)
        .unwrap()
        .with_opening(Some(t("5-3")));
    assert!(
        g.record_tags()
            .contains(&("Opening".to_string(), "5-3".to_string()))
    );
    g.apply(Action::Throw(t("5-3"))).unwrap();
    assert_eq!(g.marking().points(Black), 4);
}

/// The pavillon is part of the position notation (`p` after the holder's marks), so a
/// partie set up from a position resumes with the same marking: a seeded partie with the
/// pavillon is stopped whenever someone holds it, and a partie set up from its position text
/// has the same marking.
#[test]
fn pavillon_resumes_from_the_position() {
    let options = GameOptions::default()
        .with_pavillon(true)
        .with_primaute(Primaute::Fixed(White))
        .with_trous_to_win(12);
    let mut found = 0;
    for seed in 0..40u64 {
        let mut game = TrictracGame::with_scorer(RaceScorer, options);
        let mut rng = Seed(seed).rng();
        let mut outcomes = Vec::new();
        let mut legal = Vec::new();
        for _ in 0..20_000 {
            match game.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    if game.marking().pavillon().is_some() {
                        let text = game.position().to_string();
                        assert!(text.contains('p'), "{text}");
                        let pos: Position = text.parse().unwrap();
                        let resumed =
                            TrictracGame::from_position(RaceScorer, options, pos).unwrap();
                        assert_eq!(resumed.marking(), game.marking(), "{text}");
                        found += 1;
                        break;
                    }
                    game.chance_outcomes(&mut outcomes);
                    let a = boardgames_common::sample_chance(&outcomes, &mut rng).unwrap();
                    game.apply(a).unwrap();
                }
                Turn::Player(_) => {
                    game.legal_actions(&mut legal);
                    // Always hold, so that trous come from both sides.
                    let a = if legal.contains(&Action::Tenir) {
                        Action::Tenir
                    } else {
                        legal[(seed as usize) % legal.len()]
                    };
                    game.apply(a).unwrap();
                }
            }
        }
    }
    assert!(found > 0, "no seeded partie reached a pavillon");
    // The notation checks the pavillon: one holder, both with trous.
    let ok: Position = "B1:w15,N1:b15 w 0/0 2.0/1.4*p".parse().unwrap();
    assert_eq!(ok.to_string(), "B1:w15,N1:b15 w 0/0 2.0/1.4*p");
    assert!(ok.marks(Black).pavillon);
    assert!(
        "B1:w15,N1:b15 w 0/0 2.0p/1.4*p"
            .parse::<Position>()
            .is_err()
    );
    assert!("B1:w15,N1:b15 w 0/0 0.0/1.4*p".parse::<Position>().is_err());
}

#[test]
fn replay_with_limits_refuses_a_record_beyond_them_before_any_work() {
    use boardgames_common::{RecordLimitError, RecordLimits};
    let options = GameOptions::default().with_trous_to_win(2);
    let (mut a, mut b) = (RandomAgent::new(Seed(21)), RandomAgent::new(Seed(22)));
    let played = play_game(
        TrictracGame::with_scorer(RaceScorer, options),
        Seed(7),
        ByPlayer::new(&mut a, &mut b),
        1_000_000,
    )
    .unwrap();
    let n = played.record.actions().len();
    let exact = RecordLimits::DEFAULT.with_max_actions(n);
    let replayed = TrictracGame::from_record_with_scorer(
        &played.record,
        RaceScorer,
        &ReplayOptions::with_limits(exact),
    )
    .unwrap();
    assert_eq!(replayed, played.state);
    let tight = RecordLimits::DEFAULT.with_max_actions(n - 1);
    assert_eq!(
        TrictracGame::from_record_with_scorer(
            &played.record,
            RaceScorer,
            &ReplayOptions::with_limits(tight)
        ),
        Err(ReplayError::Limit(RecordLimitError::Actions {
            count: n,
            max: n - 1
        }))
    );
}
