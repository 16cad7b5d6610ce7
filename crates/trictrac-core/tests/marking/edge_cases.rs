//! An independent audit of the marking and of the partie's state machine (rules page
//! "Marking"; the French glossary of the laws of trictrac, JEU ou TROU, TROU SANS BOUGER,
//! CHRONOLOGIE DÉTAILLÉE D'UN COUP, SORTIE; the Breton article "Trictrac", "Poentoù, toulloù ha
//! gak", "Perzh ar gak", "Perzh ar bannielig"): cases not pinned by `marking.rs` and `game.rs`, expected marks derived by
//! hand from the sentence quoted.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use boardgames_common::{Game, Throw};
use trictrac_core::Colour::{Black, White};
use trictrac_core::marking::{Jeton, Marking};
use trictrac_core::scoring::{Scored, Scorer};
use trictrac_core::{Action, ChoiceStage, GameOptions, Phase, Primaute, TrictracGame};
use trictrac_core::{ByColour, LegalPlays, Play, Position};

/// A scorer with scripted points: each throw takes the next `before` entry (White, Black),
/// each play the next `after` entry; movement laws only for the plays.
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

fn scored(p: Option<(u8, u8)>) -> Scored {
    let (w, b) = p.unwrap_or((0, 0));
    Scored {
        points: ByColour::new(w, b),
        description: String::new(),
    }
}

impl Scorer for Script {
    fn legal_plays(&self, position: &Position, throw: Throw) -> LegalPlays {
        position.movement_plays(throw)
    }
    fn before_play(&self, _: &Position, _: Throw) -> Scored {
        scored(self.before.borrow_mut().pop_front())
    }
    fn after_play(&self, _: &Position, _: Throw, _: &Play) -> Scored {
        scored(self.after.borrow_mut().pop_front())
    }
}

fn t(s: &str) -> Throw {
    s.parse().unwrap()
}

fn fixed() -> GameOptions {
    GameOptions::default().with_primaute(Primaute::Fixed(White))
}

fn play_first(g: &mut TrictracGame<Script>) {
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(matches!(legal[0], Action::Play(_)), "{:?}", g.phase());
    g.apply(legal[0]).unwrap();
}

/// Seed 000, "Poentoù, toulloù ha gak": "mard eus 6 poent gant un den dija … mar gounez 4
/// foent ouzhpenn … 10 poent. Mar gounez 2 boent muioc'h e tistroio e jedouerig d'ar seulioù
/// hag e tilec'hio e sikell un toull pelloc'h." With the opponent having marked (no gak),
/// 6 + 4 + 2: one trou, the jeton back at the talon (it moved: not sans bouger).
#[test]
fn breton_six_four_two_is_one_trou_and_the_jeton_goes_home() {
    let mut m = Marking::new();
    m.mark(White, 6);
    m.mark(Black, 2);
    m.mark(White, 4);
    assert_eq!(m.to_string(), "0.10/0.2");
    let g = m.mark(White, 2);
    assert_eq!((g.trous, g.reste, g.sans_bouger), (1, 0, false));
    assert_eq!(m.to_string(), "1.0/0.0");
    assert_eq!((m.jeton(White), m.jeton(Black)), (Jeton::None, Jeton::None));
}

/// Seed 000, "Perzh ar gak": "Mar deu un den a-benn da c'hounez daouzek poent tra ma n'eus
/// bet hini ebet gant e enebour e kas e sikell daou doull war-raok" (12 points while the
/// opponent has none: two trous) — also when the 12 come in several throws; "Mar deu an den
/// kentañ a-benn da verkañ poentoù d'e dro … e tistro ar gak d'ar seulioù hag un toull
/// hepken": the first marking again takes the gak off the second, one trou only for either.
#[test]
fn breton_gak_for_the_first_and_for_the_second() {
    let mut m = Marking::new();
    m.mark(White, 4);
    m.mark(White, 6);
    assert_eq!(m.mark(White, 2).trous, 2);
    // Second player with the gak: White 2, Black 6 (gak), Black 6: two trous.
    let mut m = Marking::new();
    m.mark(White, 2);
    m.mark(Black, 6);
    assert_eq!(m.jeton(Black), Jeton::Double);
    assert_eq!(m.mark(Black, 6).trous, 2);
    // The first marks again in between: the gak goes home, one trou for whoever wins.
    let mut m = Marking::new();
    m.mark(White, 2);
    m.mark(Black, 6);
    assert!(m.mark(White, 2).debredouille);
    assert_eq!(m.jeton(Black), Jeton::Single);
    assert_eq!(m.mark(White, 8).trous, 1);
    let mut m = Marking::new();
    m.mark(White, 2);
    m.mark(Black, 6);
    m.mark(White, 2);
    assert_eq!(m.mark(Black, 6).trous, 1);
}

/// Seed 000, "Perzh ar bannielig": "Mar ne zeu ket an eil den a-benn da c'hounez an droiad
/// gak d'e dro e lakaer ar bannielig er-maez eus an tablez, rak den ne c'hallo gounez an
/// droiad gak." Once the first to win trous wins again after the second took the pavillon,
/// nobody can win the partie double for the rest of the partie, whoever wins next.
#[test]
fn pavillon_once_lost_is_out_of_the_partie() {
    let mut m = Marking::new();
    m.mark(White, 12);
    m.mark(Black, 12);
    assert_eq!(m.pavillon(), Some(Black));
    m.mark(White, 12);
    for (c, p) in [(Black, 12), (Black, 12), (White, 12), (Black, 24)] {
        m.mark(c, p);
        assert_eq!(m.pavillon(), None);
        assert!(!m.is_partie_en_bredouille(White) && !m.is_partie_en_bredouille(Black));
    }
}

/// Rules page, "Tenir ou s'en aller": "a player who wins a trou with points from his own
/// throw may s'en aller: no reste is marked, both jetons are wiped, the opponent marks nothing
/// from that throw, all dames are relevées, and the leaving player throws again." The trou
/// here is made by the sortie of White's last dame (points of his own throw, after the play);
/// the throw also gave Black 2 (scripted à faux), which he must not mark.
#[test]
fn s_en_aller_on_the_sortie_trou() {
    let pos: Position = "N1:b15,N2:w1 w 20/20 0.10/0.3*".parse().unwrap();
    let mut g =
        TrictracGame::from_position(Script::new(&[(0, 2)], &[(4, 0)]), fixed(), pos).unwrap();
    g.apply(Action::Throw(t("6-5"))).unwrap();
    play_first(&mut g);
    assert!(matches!(
        g.phase(),
        Phase::Choice {
            stage: ChoiceStage::AfterPlay,
            ..
        }
    ));
    g.apply(Action::SenAller).unwrap();
    assert_eq!(g.marking().to_string(), "1.0/0.0");
    assert_eq!(g.phase(), Phase::Throw);
    assert_eq!(g.position().to_string(), "B1:w15,N1:b15 w 0/0 1.0/0.0");
}

/// Glossary CHRONOLOGIE, 4-5 then 7: a player who holds after a trou won before the play may
/// win another trou with the points of the play (the last sortie) and choose again. White
/// has 8, Black 3 with the double jeton. White's 14 before the play: débredouille Black, one
/// simple trou (8 + 4), 10 de reste, which open a jeu where Black has nothing (en
/// bredouille); tenir. The sortie's 4 then make 14: a second jeu, en bredouille, 2 trous,
/// 2 de reste, and a second choice; tenir, relevé, White throws again.
#[test]
fn tenir_then_the_sortie_wins_another_trou_with_its_own_choice() {
    let pos: Position = "N1:b15,N2:w1 w 20/20 0.8/0.3*".parse().unwrap();
    let mut g =
        TrictracGame::from_position(Script::new(&[(14, 0)], &[(4, 0)]), fixed(), pos).unwrap();
    g.apply(Action::Throw(t("6-5"))).unwrap();
    assert_eq!(g.marking().to_string(), "1.10*/0.0");
    assert!(matches!(
        g.phase(),
        Phase::Choice {
            stage: ChoiceStage::BeforePlay,
            ..
        }
    ));
    g.apply(Action::Tenir).unwrap();
    play_first(&mut g);
    assert_eq!(g.marking().to_string(), "3.2*/0.0");
    assert!(matches!(
        g.phase(),
        Phase::Choice {
            stage: ChoiceStage::AfterPlay,
            mover: White,
            ..
        }
    ));
    g.apply(Action::Tenir).unwrap();
    // Relevé, the marks kept, White throws again (glossary SORTIE; CHRONOLOGIE 6).
    assert_eq!(g.position().to_string(), "B1:w15,N1:b15 w 0/0 3.2*/0.0");
}

/// The French glossary of the laws of trictrac (JAN DE RENCONTRE): "une partie ne peut pas être
/// commencée par un doublet". The default primauté is therefore the one where the two primauté dice are the
/// first throw (equal dice thrown again): over every pair of primauté dice, the default game
/// never starts with a doublet, and the higher die's owner plays first.
#[test]
fn by_default_no_partie_starts_with_a_doublet() {
    use boardgames_common::Die;
    assert_eq!(
        GameOptions::default().primaute,
        Primaute::FirstThrowFromDice
    );
    for w in 1..=6u8 {
        for b in 1..=6u8 {
            let mut g = TrictracGame::with_scorer(Script::default(), GameOptions::default());
            g.apply(Action::PrimauteDie(Die::new(w).unwrap())).unwrap();
            g.apply(Action::PrimauteDie(Die::new(b).unwrap())).unwrap();
            match g.phase() {
                Phase::Play { throw, .. } => {
                    assert!(!throw.is_doublet());
                    assert_eq!(throw, Throw::from_values(w, b).unwrap());
                    let first = if w > b { White } else { Black };
                    assert_eq!(g.position().side_to_move(), first);
                }
                Phase::Primaute { white: None } => assert_eq!(w, b),
                other => panic!("{w} {b}: {other:?}"),
            }
        }
    }
}
