//! The partie à écrire at three and four players: the glossary's examples of PARTIE À
//! QUATRE JOUEURS and PARTIE À TOURNER marqué by marqué, the chouette's primauté (PARTIE À LA
//! CHOUETTE), the règlement à tourner (the vacant player's consolation, two postillons, the
//! queue des jetons) and seeded tables of bots.

use boardgames_common::{Seed, SeededDice};
use trictrac_core::ecrire::Quality;
use trictrac_core::ecrire::settlement::{EcrireRules, MarqueOutcome, SettlementError};
use trictrac_core::ecrire::table::{
    Draw, DrawThrow, Partie, Seat, TableError, TableForm, TourneurQueue, schedule,
};

const A: Seat = Seat::A;
const B: Seat = Seat::B;
const C: Seat = Seat::C;
const D: Seat = Seat::D;

/// The whole schedule of `marques` marqués: the first marqué won by `first_winner`, every
/// later one by the player with the primauté (the schedule does not depend on it), as
/// `primauté-opponent` strings.
fn full_schedule(form: TableForm, marques: u32, dice: &[u8], first_winner: Seat) -> Vec<String> {
    let mut winners = vec![first_winner];
    loop {
        let s = schedule(form, marques, dice, &winners).unwrap();
        if s.len() == marques as usize && s.iter().all(|m| m.winner.is_some()) {
            return s.iter().map(|m| m.pairing.to_string()).collect();
        }
        let next = s.last().unwrap().pairing.primaute;
        winners.push(next);
    }
}

fn names(n: usize) -> Vec<String> {
    ["Anne", "Bernard", "Claude", "Denis", "Émile"][..n]
        .iter()
        .map(|s| (*s).to_owned())
        .collect()
}

#[test]
fn teams_example_of_the_glossary_marque_by_marque() {
    // "A et B sont associés contre C et D … 5, 3, 5 et 2 ; A joue d'abord contre C mais ils
    // doivent relancer … Alors A commence et perd le marqué : il reste donc pour jouer contre
    // D, puis D contre B, B contre C, et de nouveau C contre A et ainsi de suite jusqu'au
    // dernier marqué où C jouera contre B." A and C throw again 4 and 2.
    let dice = [5, 3, 5, 2, 4, 2];
    let draw = Draw::from_values(TableForm::Teams, &dice).unwrap();
    let thrown: Vec<(Seat, u8)> = draw.throws().iter().map(|t| (t.seat, t.value)).collect();
    assert_eq!(thrown, [(A, 5), (B, 3), (C, 5), (D, 2), (A, 4), (C, 2)]);
    assert_eq!(
        full_schedule(TableForm::Teams, 8, &dice, C),
        ["A-C", "A-D", "D-B", "B-C", "C-A", "A-D", "D-B", "B-C"]
    );
    // Each player plays 4 of the 8; C, who played one marqué alone at the start, ends with one.
    // Had C won the re-throw, C would have had the primauté of the first marqué.
    let s = schedule(TableForm::Teams, 8, &[5, 3, 5, 2, 1, 6], &[]).unwrap();
    assert_eq!(s[0].pairing.to_string(), "C-A");
}

#[test]
fn teams_winner_of_the_first_retires_for_his_partner() {
    // A wins the first: A retires for B, C plays the first two.
    assert_eq!(
        full_schedule(TableForm::Teams, 8, &[5, 3, 5, 2, 4, 2], A),
        ["A-C", "C-B", "B-D", "D-A", "A-C", "C-B", "B-D", "D-A"]
    );
    // Equal dice within a team are thrown again by both: A and B throw 4, 4, then 2, 6.
    let draw = Draw::from_values(TableForm::Teams, &[4, 4, 1, 3, 2, 6]).unwrap();
    assert_eq!(draw.first().to_string(), "B-D");
}

#[test]
fn tourner_example_of_the_glossary_marque_by_marque() {
    // "les joueurs A, B et C … 6, 4 et As ; A joue d'abord contre B et a la primauté. B gagne
    // et rejoue contre C qui joue ensuite contre A ; A rejoue alors contre B et ainsi de suite
    // jusqu'au dernier marqué où C joue contre A."
    let six = full_schedule(TableForm::Tourner, 6, &[6, 4, 1], B);
    assert_eq!(six, ["A-B", "B-C", "C-A", "A-B", "B-C", "C-A"]);
    let twelve = full_schedule(TableForm::Tourner, 12, &[6, 4, 1], B);
    assert_eq!(twelve.last().unwrap(), "C-A");
    // The vacant player of each marqué is the third.
    let s = schedule(TableForm::Tourner, 6, &[6, 4, 1], &[B, B]).unwrap();
    assert_eq!(
        s.iter()
            .map(|m| m.pairing.vacant.first())
            .collect::<Vec<_>>(),
        [Some(C), Some(A), Some(B)]
    );
    // Had A won the first, B would retire for C.
    assert_eq!(
        full_schedule(TableForm::Tourner, 6, &[6, 4, 1], A),
        ["A-B", "A-C", "C-B", "B-A", "A-C", "C-B"]
    );
}

#[test]
fn tourner_equal_dice_are_thrown_again_where_they_decide() {
    // A and B equal at the top throw again (2, 5): B has the primauté against A.
    let d = Draw::from_values(TableForm::Tourner, &[6, 6, 1, 2, 5]).unwrap();
    assert_eq!(d.first().to_string(), "B-A");
    // B and C equal for the second place throw again (3, 5): A plays C.
    let d = Draw::from_values(TableForm::Tourner, &[6, 4, 4, 3, 5]).unwrap();
    assert_eq!(d.first().to_string(), "A-C");
    assert_eq!(d.throws().last(), Some(&DrawThrow { seat: C, value: 5 }));
    // All three equal: all throw again.
    let d = Draw::from_values(TableForm::Tourner, &[3, 3, 3, 1, 2, 6]).unwrap();
    assert_eq!(d.first().to_string(), "C-B");
}

#[test]
fn chouette_has_the_first_primaute_then_it_changes_with_the_opponent() {
    // "Il a la priorité du dé au premier coup de la partie et ensuite cette primauté alterne
    // à chaque changement d'adversaire." B and C throw 3 and 5: C faces the chouette A first.
    // C wins the first and retires for B, who plays two marqués, then C two… and C, who
    // played one alone at the start, plays the last alone (the model of PARTIE À QUATRE
    // JOUEURS; 8 marqués: until 2026-12 this test scheduled 7, where the closing rule fails:
    // the marqués à la chouette are now a multiple of 4).
    assert_eq!(
        full_schedule(TableForm::Chouette, 8, &[3, 5], C),
        ["A-C", "B-A", "B-A", "A-C", "A-C", "B-A", "B-A", "A-C"]
    );
    // The chouette wins the first: C plays it and the next (same opponent, same primauté),
    // then B takes the primauté. (8 marqués, 6 before.)
    assert_eq!(
        full_schedule(TableForm::Chouette, 8, &[3, 5], A),
        ["A-C", "A-C", "B-A", "B-A", "A-C", "A-C", "B-A", "B-A"]
    );
    // The chouette plays every marqué.
    for m in full_schedule(TableForm::Chouette, 12, &[6, 2], B) {
        assert!(m.contains('A'), "{m}");
    }
}

#[test]
fn bad_input_is_a_typed_error() {
    assert_eq!(
        TableForm::Tourner.check_players(2),
        Err(TableError::Players(2))
    );
    assert_eq!(
        TableForm::Teams.check_players(5),
        Err(TableError::Players(5))
    );
    let draw = Draw::from_values(TableForm::Teams, &[5, 3, 5, 2, 4, 2]).unwrap();
    let rules = EcrireRules::new(8).unwrap();
    assert_eq!(
        Partie::new(names(5), rules, draw.clone()),
        Err(TableError::Players(5))
    );
    let e = Partie::new(names(3), rules, draw).unwrap_err();
    assert_eq!(e.to_string(), "the partie teams seats 4 players, not 3");
    let e = schedule(TableForm::Tourner, 8, &[6, 4, 1], &[]).unwrap_err();
    assert_eq!(e, TableError::NotDivisibleByThree(8));
    assert!(e.to_string().contains("divisible by 3"), "{e}");
    assert_eq!(
        schedule(TableForm::Teams, 0, &[5, 3, 5, 2, 4, 2], &[]),
        Err(TableError::ZeroMarques)
    );
    let e = schedule(TableForm::Teams, 8, &[5, 3, 7, 2], &[]).unwrap_err();
    assert_eq!(e, TableError::DieOutOfRange { index: 3, value: 7 });
    assert_eq!(
        e.to_string(),
        "die result 7 (throw 3 of the draw) is not between 1 and 6"
    );
    assert_eq!(
        schedule(TableForm::Chouette, 8, &[0, 2], &[]),
        Err(TableError::DieOutOfRange { index: 1, value: 0 })
    );
    assert_eq!(
        schedule(TableForm::Tourner, 6, &[6, 6], &[]),
        Err(TableError::DiceExhausted(2))
    );
    // C does not play the first marqué (A-B).
    let e = schedule(TableForm::Tourner, 6, &[6, 4, 1], &[C]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "marqué 1 is played by A and B: C was not seated"
    );
    // A is vacant at the second (B-C).
    assert!(matches!(
        schedule(TableForm::Tourner, 6, &[6, 4, 1], &[B, A]),
        Err(TableError::NotSeated {
            number: 2,
            winner: A,
            ..
        })
    ));
    assert_eq!(
        schedule(TableForm::Chouette, 4, &[6, 2], &[A, A, A, A, A]),
        Err(TableError::Over(4))
    );
    // The same at the table.
    let draw = Draw::from_values(TableForm::Tourner, &[6, 4, 1]).unwrap();
    let mut t = Partie::new(names(3), EcrireRules::new(6).unwrap(), draw).unwrap();
    let simple = MarqueOutcome::new(7, 3, Quality::Simple);
    assert!(matches!(
        t.record_won(C, simple),
        Err(TableError::NotSeated { number: 1, .. })
    ));
    assert_eq!(
        t.record_won(B, MarqueOutcome::new(5, 3, Quality::Simple)),
        Err(TableError::Settlement(SettlementError::BelowObligation {
            trous: 5
        }))
    );
    assert!(t.tourner_decompte().is_err());
    assert_eq!(
        "x".parse::<TableForm>().unwrap_err().to_string(),
        "unknown form \"x\" (expected tourner, chouette, teams or tourner-4)"
    );
}

fn tourner_table() -> Partie {
    let draw = Draw::from_values(TableForm::Tourner, &[6, 4, 1]).unwrap();
    Partie::new(names(3), EcrireRules::new(6).unwrap(), draw).unwrap()
}

#[test]
fn tourner_the_loser_pays_the_vacant_player_a_consolation_equal_to_the_winner() {
    let mut t = tourner_table();
    // 7 trous to 3, simple: 7 − 3 + 2 = 6 to the winner B, the consolation 2 to C.
    let m = *t
        .record_won(B, MarqueOutcome::new(7, 3, Quality::Simple))
        .unwrap();
    assert_eq!(
        (m.payment(), m.vacant_consolations()),
        (Some(6), vec![(C, 2)])
    );
    assert_eq!(m.trous, [3, 7]);
    // Marqué 2, B-C: a refait, then 7 to 3 again: 7 − 3 + 4 = 8 and 4 to the vacant A.
    t.record_refait(6).unwrap();
    let m = *t
        .record_won(C, MarqueOutcome::new(7, 3, Quality::Simple))
        .unwrap();
    assert_eq!(
        (m.payment(), m.vacant_consolations()),
        (Some(8), vec![(A, 4)])
    );
    assert_eq!(m.refaits, 1);
    // Marqué 3, C-A: a petite bredouille of 9 against 4, 2 × (9 + 2) − 4 = 18, consolation 4.
    let m = *t
        .record_won(A, MarqueOutcome::new(9, 4, Quality::PetiteBredouille))
        .unwrap();
    assert_eq!(
        (m.payment(), m.vacant_consolations()),
        (Some(18), vec![(B, 4)])
    );
    assert!(t.sheet().contains("C→A 18, C→B 4"), "{}", t.sheet());
}

#[test]
fn tourner_one_player_wins_two_postillons_and_the_queue() {
    let mut t = tourner_table();
    let simple = MarqueOutcome::new(7, 3, Quality::Simple);
    // A-B, B-C, C-A, A-B, B-C, C-A: B wins his four marqués, C beats A twice.
    for w in [B, B, C, B, B, C] {
        t.record_won(w, simple).unwrap();
    }
    let d = t.tourner_decompte().unwrap();
    // Received: A 2 + 2 as vacant; B 4 × 6 and 2 × 2; C 2 × 6 and 2 × 2.
    assert_eq!(d.received, [4, 28, 16]);
    // Two jetons de marqué per marqué lost, at each one's place: all to B, ahead before the paris.
    assert_eq!(d.put_out, [8, 0, 4]);
    assert_eq!(d.queue, TourneurQueue::Seat(B));
    let [ab, ac, bc] = d.pairs[..] else {
        panic!("three pairs: {:?}", d.pairs)
    };
    // A-B: B won both, the postillon (28); B also has 2 × 2 consolations from A and A's 8
    // jetons de queue: 12 + 4 + 8 + 28 = 52.
    assert_eq!(ab.won, [0, 2]);
    assert!(ab.paris.postillon);
    assert_eq!(ab.paris.jetons, 28);
    assert_eq!(
        (ab.accounts, ab.winner, ab.difference),
        ([0, 52], Some(B), 52)
    );
    assert_eq!(ab.fiches, 5);
    // B-C: B's second postillon: 12 + C's 4 jetons de queue + 28 = 44.
    assert_eq!(bc.won, [2, 0]);
    assert!(bc.paris.postillon);
    assert_eq!((bc.accounts, bc.winner), ([44, 0], Some(B)));
    // A-C: C's postillon against A; each was paid 2 × 2 as vacant by the other.
    assert_eq!(ac.consolations, [4, 4]);
    assert_eq!((ac.accounts, ac.difference), ([4, 44], 40));
    assert_eq!((d.balance(A), d.balance(B), d.balance(C)), (-92, 96, -4));
    let sheet = t.sheet();
    assert!(sheet.contains("Balances: A -92, B +96, C -4"), "{sheet}");
}

#[test]
fn tourner_queue_ignored_or_shared() {
    let draw = Draw::from_values(TableForm::Tourner, &[6, 4, 1]).unwrap();
    let rules = EcrireRules::new(3).unwrap().with_queue_des_jetons(false);
    let mut t = Partie::new(names(3), rules, draw).unwrap();
    let simple = MarqueOutcome::new(7, 3, Quality::Simple);
    // B beats A, C beats B, A beats C: each receives 6 + 2.
    for w in [B, C, A] {
        t.record_won(w, simple).unwrap();
    }
    let d = t.tourner_decompte().unwrap();
    assert_eq!(d.queue, TourneurQueue::Ignored);
    assert_eq!(d.received, [8, 8, 8]);
    let draw = Draw::from_values(TableForm::Tourner, &[6, 4, 1]).unwrap();
    let mut t = Partie::new(names(3), EcrireRules::new(3).unwrap(), draw).unwrap();
    for w in [B, C, A] {
        t.record_won(w, simple).unwrap();
    }
    assert_eq!(t.tourner_decompte().unwrap().queue, TourneurQueue::Shared);
    let total: i128 = t.balances().unwrap().iter().map(|b| b.1).sum();
    assert_eq!(total, 0);
}

#[test]
fn teams_settle_as_two_sides() {
    let draw = Draw::from_values(TableForm::Teams, &[5, 3, 5, 2, 4, 2]).unwrap();
    // Four marqués (two before 2026-12: in teams the winner of the first retires and must
    // play the last alone, which only a multiple of 4 allows).
    let mut t = Partie::new(names(4), EcrireRules::new(4).unwrap(), draw).unwrap();
    // A-C: C wins 8 to 3 simple (7); A-D: A wins 6 to 0 in petite bredouille (16).
    t.record_won(C, MarqueOutcome::new(8, 3, Quality::Simple))
        .unwrap();
    assert_eq!(t.current().unwrap().to_string(), "A-D");
    t.record_won(A, MarqueOutcome::new(6, 0, Quality::PetiteBredouille))
        .unwrap();
    // D-B: D wins 7 to 3 (6); B-C: B wins 7 to 3 (6).
    assert_eq!(t.current().unwrap().to_string(), "D-B");
    t.record_won(D, MarqueOutcome::new(7, 3, Quality::Simple))
        .unwrap();
    t.record_won(B, MarqueOutcome::new(7, 3, Quality::Simple))
        .unwrap();
    // Two marqués each, no paris; the queue des jetons (8) to A+B: 16 + 6 + 8 against 7 + 6.
    assert_eq!(
        t.balances().unwrap(),
        [("A+B".to_owned(), 17), ("C+D".to_owned(), -17)]
    );
    assert!(t.current().is_none());
    assert_eq!(
        t.record_won(A, MarqueOutcome::new(6, 0, Quality::Simple)),
        Err(TableError::Over(4))
    );
}

#[test]
fn seeded_tables_of_bots_play_to_the_end_and_every_ledger_sums_to_zero() {
    for (form, n, marques) in [
        (TableForm::Tourner, 3, 3),
        (TableForm::Chouette, 3, 4),
        (TableForm::Teams, 4, 4),
        (TableForm::TournerAQuatre, 4, 4),
    ] {
        let play = |seed: u64| {
            let mut dice = SeededDice::new(Seed(seed));
            let mut t = Partie::seat(
                form,
                names(n),
                EcrireRules::new(marques).unwrap(),
                &mut dice,
            )
            .unwrap();
            t.play_bots(Seed(seed)).unwrap();
            t
        };
        let t = play(5);
        assert!(t.is_over());
        assert_eq!(t.decided(), marques);
        let balances = t.balances().unwrap();
        assert_eq!(balances.len(), if form.is_tourner() { n } else { 2 });
        assert_eq!(balances.iter().map(|b| b.1).sum::<i128>(), 0, "{form}");
        if form.is_tourner() {
            for p in t.tourner_decompte().unwrap().pairs {
                assert_eq!(p.balance(p.seats[0]) + p.balance(p.seats[1]), 0);
            }
        }
        // Every marqué was played by the scheduled players.
        let winners: Vec<Seat> = t
            .entries()
            .iter()
            .filter_map(|e| match e.result {
                trictrac_core::ecrire::table::TableResult::Won { winner, .. } => Some(winner),
                trictrac_core::ecrire::table::TableResult::Refait => None,
            })
            .collect();
        let dice: Vec<u8> = t.draw().throws().iter().map(|d| d.value).collect();
        let s = schedule(form, marques, &dice, &winners).unwrap();
        let decided: Vec<_> = t
            .entries()
            .iter()
            .filter(|e| e.payment().is_some())
            .map(|e| e.pairing)
            .collect();
        assert_eq!(s.iter().map(|m| m.pairing).collect::<Vec<_>>(), decided);
        // The same seed, the same table.
        assert_eq!(play(5), t);
    }
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    fn form() -> impl Strategy<Value = TableForm> {
        prop_oneof![
            Just(TableForm::Tourner),
            Just(TableForm::Chouette),
            Just(TableForm::Teams),
            Just(TableForm::TournerAQuatre)
        ]
    }

    proptest! {
        /// Any dice, winners and marqués: a schedule or a typed error, never a panic; every
        /// marqué seats two different players (and à tourner a third vacant), the chouette
        /// plays them all, and every player à tourner plays two in a row then sits one out.
        #[test]
        fn any_input_is_a_schedule_or_an_error(
            form in form(),
            marques in 0u32..16,
            dice in prop::collection::vec(0u8..9, 0..12),
            winners in prop::collection::vec(0usize..4, 0..16),
        ) {
            let winners: Vec<Seat> = winners.into_iter().filter_map(Seat::new).collect();
            if let Ok(s) = schedule(form, marques, &dice, &winners) {
                for m in &s {
                    let p = m.pairing;
                    prop_assert_ne!(p.primaute, p.opponent);
                    prop_assert!(p.primaute.index() < form.players());
                    prop_assert!(p.opponent.index() < form.players());
                    if let Some(w) = m.winner {
                        prop_assert!(p.seats(w));
                    }
                    match form {
                        TableForm::Chouette => prop_assert!(p.seats(A)),
                        TableForm::Tourner | TableForm::TournerAQuatre => {
                            let v = p.vacant.first().unwrap();
                            prop_assert!(!p.seats(v));
                            prop_assert!(p.vacant.iter().all(|v| !p.seats(v)));
                        }
                        TableForm::Teams => {
                            prop_assert_ne!(p.primaute.index() / 2, p.opponent.index() / 2);
                        }
                    }
                }
                if form.is_tourner() {
                    for w in s.windows(2).skip(1) {
                        prop_assert_eq!(w[1].pairing.primaute, w[0].pairing.opponent);
                    }
                }
            }
        }
    }
}

#[test]
fn teams_and_chouette_the_closing_rule_needs_a_multiple_of_four() {
    // PARTIE À QUATRE JOUEURS: "chaque joueur se retire après avoir joué deux marqués de
    // suite ; sauf le dernier coup où celui qui au début n'avait joué qu'un seul marqué
    // termine alors la partie, ne jouant à nouveau qu'un seul marqué." The winner of the first
    // plays one, then blocks of two alternate, then he plays one: 1 + 2 × odd + 1 marqués.
    // PARTIE À LA CHOUETTE: "La partie se déroule selon le même modèle".
    for form in [TableForm::Teams, TableForm::Chouette] {
        for marques in [1, 2, 3, 5, 6, 7, 10] {
            let e = form.check_marques(marques).unwrap_err();
            assert_eq!(e, TableError::NotAMultipleOfFour { form, marques });
            let text = e.to_string();
            assert!(
                text.contains("only in a multiple of 4 marqués (4, 8, 12, 16 …)"),
                "{text}"
            );
            assert!(text.contains(&format!("not {marques}")), "{text}");
        }
        for marques in [4, 8, 12, 16] {
            assert_eq!(form.check_marques(marques), Ok(()));
        }
    }
    // Where it holds, the player who played the first alone plays the last alone, whoever
    // won the first.
    for (marques, first) in [(4, C), (8, C), (12, C), (4, A), (12, A)] {
        let s = full_schedule(TableForm::Teams, marques, &[5, 3, 5, 2, 4, 2], first);
        let last = s.last().unwrap();
        assert!(
            last.contains(first.to_string().as_str()),
            "{marques}: {s:?}"
        );
    }
}

#[test]
fn tourner_at_four_the_older_form() {
    // PARTIE À TOURNER: "Jadis, à quatre joueurs, on pouvait faire une partie à tourner plutôt
    // qu'en équipe si on le souhaitait." Its rules at three extended to four (this crate's
    // reading): "Au premier marqué celui qui a perdu se retire et est remplacé par l'autre
    // joueur" (the one who waited longest), each plays two in a row; "celui qui a perdu,
    // outre la consolation qu'il paye de droit à son adversaire, en paye une égale à celui
    // qui est vacant": to each of the two.
    assert_eq!(TableForm::TournerAQuatre.players(), 4);
    assert_eq!("tourner-4".parse(), Ok(TableForm::TournerAQuatre));
    // A 6, B 4, C 2, D ace: A-B first (A the primauté), C then D wait.
    let draw = Draw::from_values(TableForm::TournerAQuatre, &[6, 4, 2, 1]).unwrap();
    assert_eq!(draw.first().to_string(), "A-B");
    assert_eq!(draw.first().vacant.iter().collect::<Vec<_>>(), [C, D]);
    // B wins the first: A retires behind C and D.
    assert_eq!(
        full_schedule(TableForm::TournerAQuatre, 8, &[6, 4, 2, 1], B),
        ["A-B", "B-C", "C-D", "D-A", "A-B", "B-C", "C-D", "D-A"]
    );
    // Equal dice that decide the order of the waiting are thrown again: C and D 2, 2, then
    // 1 and 5: D waits first.
    let d = Draw::from_values(TableForm::TournerAQuatre, &[6, 4, 2, 2, 1, 5]).unwrap();
    assert_eq!(d.first().vacant.iter().collect::<Vec<_>>(), [D, C]);
    // A multiple of 4 marqués.
    assert_eq!(
        TableForm::TournerAQuatre.check_marques(6),
        Err(TableError::NotAMultipleOfFour {
            form: TableForm::TournerAQuatre,
            marques: 6
        })
    );
    // The settlement: four marqués of 7 to 3, simple (6 to the winner, 2 to each vacant).
    let mut t = Partie::new(names(4), EcrireRules::new(4).unwrap(), draw).unwrap();
    let simple = MarqueOutcome::new(7, 3, Quality::Simple);
    let m = *t.record_won(B, simple).unwrap();
    assert_eq!(m.vacant_consolations(), [(C, 2), (D, 2)]);
    for w in [B, C, D] {
        t.record_won(w, simple).unwrap();
    }
    let d = t.tourner_decompte().unwrap();
    assert_eq!(d.received, [4, 16, 10, 10]);
    assert_eq!(d.put_out, [4, 0, 2, 2]);
    assert_eq!(d.queue, TourneurQueue::Seat(B));
    assert_eq!(d.pairs.len(), 6);
    // A and C never meet at the tablier: each paid the other a consolation while vacant.
    let ac = d.pairs[1];
    assert_eq!(
        (ac.seats, ac.won, ac.consolations),
        ([A, C], [0, 0], [2, 4])
    );
    let bd = d.pairs[4];
    assert_eq!(
        (bd.seats, bd.won, bd.consolations),
        ([B, D], [0, 0], [2, 0])
    );
    let total: i128 = [A, B, C, D].iter().map(|s| d.balance(*s)).sum();
    assert_eq!(total, 0);
    assert_eq!(t.balances().unwrap().len(), 4);
    let sheet = t.sheet();
    assert!(sheet.contains("A→B 6, A→C 2, A→D 2"), "{sheet}");
    assert!(sheet.contains("(put out: A 4, B 0, C 2, D 2)"), "{sheet}");
}
