//! The partie à écrire through the game: marqué endings (trou d'obligation, points given,
//! refait, marqué volontaire, pavillon, grande bredouille), the primauté and colours between
//! marqués, records that replay to the same ledger, and bad records (French glossary of the
//! laws of trictrac, LA PARTIE À DEUX JOUEURS, TROU D'OBLIGATION).

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use boardgames_common::Player::{First as A, Second as B};
use boardgames_common::{
    ByPlayer, Game, Record, ReplayError, ReplayOptions, Seed, Throw, Turn, play_game,
};
use trictrac_core::Colour::{Black, White};
use trictrac_core::TurnPhase;
use trictrac_core::ai::Bot;
use trictrac_core::ecrire::settlement::EcrireRules;
use trictrac_core::ecrire::{Convention, MarqueResult, Quality};
use trictrac_core::scoring::{DefaultScorer, Scored, Scorer};
use trictrac_core::{Action, ActionError, Primaute, TagError};
use trictrac_core::{ByColour, LegalPlays, Play, Position};
use trictrac_core::{EcrireGame, EcrireOptions};

/// Scripted points: each throw takes the next entry (White's, Black's points); plays score
/// nothing. Movement laws only.
#[derive(Debug, Clone, Default)]
struct Script(Rc<RefCell<VecDeque<(u8, u8)>>>);

impl Script {
    fn new(points: &[(u8, u8)]) -> Script {
        Script(Rc::new(RefCell::new(points.iter().copied().collect())))
    }
}

impl PartialEq for Script {
    fn eq(&self, _: &Script) -> bool {
        true
    }
}
impl Eq for Script {}

impl Scorer for Script {
    fn legal_plays(&self, position: &Position, throw: Throw) -> LegalPlays {
        position.movement_plays(throw)
    }
    fn before_play(&self, _: &Position, _: Throw) -> Scored {
        let (w, b) = self.0.borrow_mut().pop_front().unwrap_or((0, 0));
        Scored {
            points: ByColour::new(w, b),
            description: String::new(),
        }
    }
    fn after_play(&self, _: &Position, _: Throw, _: &Play) -> Scored {
        Scored::default()
    }
}

fn game(points: &[(u8, u8)], marques: u32) -> EcrireGame<Script> {
    let mut options = EcrireOptions::new(EcrireRules::new(marques).unwrap());
    options.primaute = Primaute::Fixed(White);
    EcrireGame::with_scorer(Script::new(points), options)
}

/// Throws 2-1 (any throw: the points are scripted), then plays the first legal play when a
/// play is due.
fn throw(g: &mut EcrireGame<Script>) -> String {
    g.apply_commented(Action::Throw("2-1".parse().unwrap()))
        .unwrap()
}

fn play(g: &mut EcrireGame<Script>) {
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(
        matches!(legal[0], Action::Play(_)),
        "{:?}",
        g.turns().phase()
    );
    g.apply(legal[0]).unwrap();
}

fn choice(g: &EcrireGame<Script>) -> bool {
    matches!(g.turns().phase(), TurnPhase::Choice { .. })
}

fn won(g: &EcrireGame<Script>, i: usize) -> (boardgames_common::Player, u64, Quality) {
    match g.ledger().entries()[i].result {
        MarqueResult::Won {
            winner,
            quality,
            settlement,
            ..
        } => (winner, settlement.payment, quality),
        MarqueResult::Refait => panic!("refait"),
    }
}

#[test]
fn six_trous_won_on_the_opponents_points_do_not_end_the_marque() {
    // "Terminer le marqué": "Contrairement à la partie ordinaire, il n'est pas possible de
    // terminer un marqué par des points qu'on a reçus de l'adversaire. Il faut pouvoir s'en
    // aller."
    // White's throw gives Black 36 points: 3 jeux en bredouille, 6 trous; no choice.
    let mut g = game(&[(0, 36), (0, 12)], 2);
    throw(&mut g);
    play(&mut g);
    assert_eq!(g.marque().trous(Black), 6);
    assert!(!choice(&g));
    assert_eq!(g.ledger().entries().len(), 0);
    assert_eq!(g.turns().position().side_to_move(), Black);
    // Black's own 12 points: 2 more trous, and the choice; holding goes on.
    throw(&mut g);
    assert!(choice(&g));
    assert_eq!(g.marque().trous(Black), 8);
    g.apply(Action::Tenir).unwrap();
    assert_eq!(g.ledger().entries().len(), 0);
}

#[test]
fn six_trous_and_leaving_ends_the_marque() {
    // TROU D'OBLIGATION: "il s'agit du sixième trou qu'un joueur doit avoir marqué (gagné)
    // pour que le marqué puisse être terminé. À partir de ce trou d'obligation, dès qu'un
    // joueur s'en va, le marqué est obligatoirement terminé." "La primauté et éventuellement
    // la couleur des dames alternent à chaque marqué sauf s'il y a refait."
    let mut g = game(&[(0, 36), (0, 12)], 2);
    throw(&mut g);
    play(&mut g);
    let text = throw(&mut g);
    assert!(choice(&g), "{text}");
    let text = g.apply_commented(Action::SenAller).unwrap();
    assert!(
        text.ends_with("B wins marqué 1 8-0 petite bredouille: 20 jetons"),
        "{text}"
    );
    assert_eq!(won(&g, 0), (B, 20, Quality::PetiteBredouille));
    // The next marqué: B has the primauté and, the colours alternating, plays White.
    assert_eq!(g.primaute(), Some(B));
    assert_eq!(g.colour_of(B), White);
    assert_eq!(g.turns().position().side_to_move(), White);
    assert_eq!(g.marque().trous(White), 0);
    assert_eq!(g.turns().phase(), TurnPhase::Throw);
}

#[test]
fn leaving_before_the_trou_d_obligation_goes_on() {
    // "Un marqué est terminé lorsqu'un des joueurs a obtenu au moins 6 trous, et que l'un ou
    // l'autre joueur s'en va ; ce sixième trou s'appelle le trou d'obligation": 4 trous are
    // not enough.
    let mut g = game(&[(24, 0)], 2);
    throw(&mut g);
    assert!(choice(&g));
    let text = g.apply_commented(Action::SenAller).unwrap();
    assert!(text.ends_with("the marqué goes on (levé)"), "{text}");
    assert!(g.marque().has_leve(White));
    assert_eq!(g.marque().trous(White), 4);
    assert_eq!(g.turns().position().side_to_move(), White);
}

#[test]
fn equal_trous_make_a_refait_with_primaute_and_colour_kept() {
    // "Refait": "À partir de six trous gagnés, si un joueur s'en va et que son adversaire se
    // trouve avoir un nombre égal de trous, en bredouille ou non peu importe : il y a refait,
    // c'est-à-dire que le marqué est nul. Alors il faut le recommencer, et le joueur qui avait
    // eu au début du marqué la primauté du dé, la reprend de droit pour ce nouveau marqué et
    // conserve sa couleur de dames." TROU D'OBLIGATION: "le nombre de trous qu'on peut marquer
    // n'est pas limité" (12 each here).
    // White 12 trous (holds), Black 12 trous and leaves: refait.
    let mut g = game(&[(72, 0), (0, 72), (36, 0)], 2);
    throw(&mut g);
    g.apply(Action::Tenir).unwrap();
    play(&mut g);
    throw(&mut g);
    let text = g.apply_commented(Action::SenAller).unwrap();
    assert!(
        text.contains("refait of marqué 1 at 12 trous each: replayed, A keeps the primauté"),
        "{text}"
    );
    assert_eq!(g.ledger().pending_refaits(), 1);
    assert_eq!((g.primaute(), g.colour_of(A)), (Some(A), White));
    assert_eq!(g.turns().position().side_to_move(), White);
    // The replayed marqué: A 6-0 in petite bredouille; the consolation doubled:
    // 2 × (6 + 4) = 20.
    throw(&mut g);
    g.apply(Action::SenAller).unwrap();
    assert_eq!(won(&g, 1), (A, 20, Quality::PetiteBredouille));
    assert_eq!(g.ledger().entries()[1].number, 1);
    // Then the primauté and the colours alternate.
    assert_eq!((g.primaute(), g.colour_of(A)), (Some(B), Black));
    assert_eq!(g.turn(), Turn::Chance);
}

#[test]
fn marque_volontaire_is_a_legal_choice() {
    // White 8 trous and holds; Black takes 6 and leaves behind: White wins 8-6 simple, 4.
    let mut g = game(&[(48, 0), (0, 36)], 2);
    throw(&mut g);
    g.apply(Action::Tenir).unwrap();
    play(&mut g);
    throw(&mut g);
    assert!(choice(&g));
    let text = g.apply_commented(Action::SenAller).unwrap();
    assert!(
        text.ends_with("A wins marqué 1 8-6 simple: 4 jetons"),
        "{text}"
    );
}

#[test]
fn pavillon_taken_and_lost_through_the_game() {
    let mut g = game(&[(24, 0), (0, 24), (12, 0)], 2);
    throw(&mut g);
    g.apply(Action::Tenir).unwrap();
    play(&mut g);
    throw(&mut g);
    g.apply(Action::Tenir).unwrap();
    play(&mut g);
    assert_eq!(g.marque().pavillon(), Some(Black));
    throw(&mut g);
    assert!(g.marque().trous(White) > 4);
    assert_eq!(g.marque().pavillon(), None);
}

#[test]
fn grande_bredouille_lost_by_leaving_at_the_seventh_trou() {
    // White 6 trous (holds); Black 1 point; White 6 points (with the double jeton); Black 1
    // point (débredouille White); White 6 more: 12 points not en bredouille, 1 trou: 7.
    // Leaving makes a petite bredouille (Black has no trou): 2 × 9 = 18.
    let mut g = game(&[(36, 0), (0, 1), (6, 0), (0, 1), (6, 0)], 2);
    throw(&mut g);
    g.apply(Action::Tenir).unwrap();
    play(&mut g);
    for _ in 0..3 {
        throw(&mut g);
        play(&mut g);
    }
    throw(&mut g);
    assert_eq!(g.marque().trous(White), 7);
    g.apply(Action::SenAller).unwrap();
    assert_eq!(won(&g, 0), (A, 18, Quality::PetiteBredouille));
}

#[test]
fn grande_bredouille_in_the_annexe_convention_through_the_game() {
    // 108 points: 9 jeux en bredouille, 18 trous in one throw: ×6 arithmetic.
    let mut options = EcrireOptions::new(
        EcrireRules::new(2)
            .unwrap()
            .with_convention("annexe".parse::<Convention>().unwrap()),
    );
    options.primaute = Primaute::Fixed(White);
    let mut g = EcrireGame::with_scorer(Script::new(&[(108, 0)]), options);
    throw(&mut g);
    g.apply(Action::SenAller).unwrap();
    assert_eq!(won(&g, 0), (A, 6 * 20, Quality::GrandeBredouille));
}

fn bots_partie(seed: u64, rules: EcrireRules) -> boardgames_common::PlayedGame<EcrireGame> {
    let (mut a, mut b) = (Bot::default(), Bot::default());
    play_game(
        EcrireGame::new(EcrireOptions::new(rules)),
        Seed(seed),
        ByPlayer::new(&mut a, &mut b),
        1_000_000,
    )
    .unwrap()
}

#[test]
fn a_seeded_partie_of_eight_marques_between_bots_balances_and_replays() {
    // CHRONOLOGIE DE LA PARTIE À ÉCRIRE: "4. Déterminer le nombre de marqués à jouer. 5. Tirer
    // au sort pour déterminer les premiers joueurs et la primauté. 6. Jouer les marqués en
    // faisant alterner les joueurs (le cas échéant). 7. Procéder au décompte final."
    // DESCRIPTION: "consiste à faire plusieurs marqués dont le nombre est convenu à l'avance
    // entre les joueurs"; STRUCTURE DE LA PARTIE à ÉCRIRE: "12 points font un jeu, simple ou
    // double, qui donne 1 ou 2 trous ; 6 trous marqués ou davantage (sans limite) font un
    // marqué ... un certain nombre de marqués (6, 8, 12, etc.) font une partie."
    let played = bots_partie(11, EcrireRules::new(8).unwrap());
    let ledger = played.state.ledger();
    assert!(ledger.is_over());
    assert_eq!(ledger.decided(), 8);
    for e in ledger.entries() {
        if let trictrac_core::ecrire::MarqueResult::Won { winner, .. } = e.result {
            assert!(e.trous[winner] >= 6, "{e:?}");
        }
    }
    let d = ledger.decompte().unwrap();
    assert_eq!(d.balance(A) + d.balance(B), 0);
    let r = played.state.returns();
    assert_eq!(r.first + r.second, 0.0);
    assert_eq!(ledger.balance(A) + ledger.balance(B), 0);
    // Replaying the record, through its text, gives the same ledger.
    let text = played.record.to_string();
    let record: Record = text.parse().unwrap();
    let replayed = EcrireGame::from_record_with_scorer(
        &record,
        DefaultScorer::default(),
        &ReplayOptions::strict(),
    )
    .unwrap();
    assert_eq!(replayed.ledger(), ledger);
    assert!(record.tag("Ledger").is_some());
}

#[test]
fn bad_records_are_typed_errors() {
    let played = bots_partie(2, EcrireRules::new(1).unwrap());
    let text = played.record.to_string();
    let with_tag =
        |tag: &str, value: &str| -> Result<EcrireGame, ReplayError<TagError, ActionError>> {
            let old = format!("[{tag} \"{}\"]", played.record.tag(tag).unwrap());
            let forged: Record = text
                .replace(&old, &format!("[{tag} \"{value}\"]"))
                .parse()
                .unwrap();
            EcrireGame::from_record_with_scorer(
                &forged,
                DefaultScorer::default(),
                &ReplayOptions::strict(),
            )
        };
    let e = with_tag("Marques", "0").unwrap_err();
    assert!(
        matches!(
            e,
            ReplayError::Tags(TagError::BadTag { tag: "Marques", .. })
        ),
        "{e}"
    );
    assert!(e.to_string().contains("at least 1 marqué"), "{e}");
    let e = with_tag("Fiche", "0").unwrap_err();
    assert!(e.to_string().contains("at least 1 jeton"), "{e}");
    let e = with_tag("Convention", "turquoise").unwrap_err();
    assert!(e.to_string().contains("unknown convention"), "{e}");
    assert!(with_tag("Remainder", "some").is_err());
    assert!(with_tag("JetonsDeMarque", "3").is_err());
    assert!(with_tag("Colours", "swapped").is_err());
    assert!(with_tag("QueueDesJetons", "maybe").is_err());
    // Numbers out of range name the value and the range, not the integer conversion's words
    // (a Marques of 14 digits was "out of range integral type conversion attempted").
    for (tag, value, expected) in [
        (
            "Marques",
            "12345678901234",
            "expected a whole number from 0 to 4294967295",
        ),
        (
            "Fiche",
            "99999999999",
            "expected a whole number from 0 to 4294967295",
        ),
        (
            "JetonsDeMarque",
            "-1",
            "expected a whole number from 0 to 4294967295",
        ),
        (
            "QueueGenerale",
            "1.5",
            "expected a whole number from 0 to 18446744073709551615",
        ),
    ] {
        let e = with_tag(tag, value).unwrap_err().to_string();
        assert!(e.contains(&format!("{tag} tag: \"{value}\"")), "{e}");
        assert!(e.contains(expected), "{e}");
        assert!(!e.contains("integral type"), "{e}");
    }
    // A ledger that contradicts the marqués.
    let ledger = played.record.tag("Ledger").unwrap().to_owned();
    let e = with_tag("Ledger", "A 1000").unwrap_err();
    assert!(
        matches!(&e, ReplayError::Result(r) if r.tag == "Ledger" && r.recorded == "A 1000"),
        "{e}"
    );
    assert!(e.to_string().contains(&ledger), "{e}");
    // A record of the partie ordinaire.
    let e = with_tag("Game", "Trictrac").unwrap_err();
    assert!(matches!(e, ReplayError::OtherGame(_)), "{e}");
    // More marqués than played: the record stops short, the Result disagrees.
    let e = with_tag("Marques", "2").unwrap_err();
    assert!(
        matches!(e, ReplayError::Action { .. } | ReplayError::Comment { .. }),
        "{e}"
    );
}

#[test]
fn seeded_parties_between_bots_end_in_every_convention() {
    use trictrac_core::ecrire::Progression;
    let conventions = [
        Convention::Base,
        Convention::Annexe(Progression::Arithmetic),
        Convention::Annexe(Progression::Geometric),
        Convention::SansLever,
    ];
    for (i, convention) in conventions.into_iter().enumerate() {
        for seed in 0..1u64 {
            let rules = EcrireRules::new(2).unwrap().with_convention(convention);
            let played = bots_partie(100 + seed + 10 * i as u64, rules);
            assert!(played.state.is_terminal(), "{convention} seed {seed}");
            let d = played.state.ledger().decompte().unwrap();
            assert_eq!(d.balance(A) + d.balance(B), 0);
            let replayed = EcrireGame::from_record_with_scorer(
                &played.record,
                DefaultScorer::default(),
                &ReplayOptions::strict(),
            )
            .unwrap();
            assert_eq!(replayed.ledger(), played.state.ledger(), "{convention}");
        }
    }
}
