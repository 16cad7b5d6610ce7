//! The TD-trained bot with the shipped weights: the weights file loads and is the one the
//! crate plays with; the evaluation of a few positions is pinned; on hand-made positions the
//! bot's choice is the best afterstate by its network and the choice a player of the rules
//! makes (a fill it must take, a hit it must not give, a tenir a good player takes).

use boardgames_common::{Agent, Game, UNORDERED_OUTCOMES};
use trictrac_core::ai::{TdBot, TdExpectimaxBot, TdNetwork, TdNetworkError};
use trictrac_core::scoring::DefaultScorer;
use trictrac_core::scoring::{JanKind, ScoringRules, ThrowAnalysis};
use trictrac_core::{Action, GameOptions, Ordinaire, Phase, TrictracGame};
use trictrac_core::{Colour, Position};

/// The crate's weights file, as `TdNetwork::shipped` reads it.
static SHIPPED: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/src/ai/td/td-network.bin"
));

fn form() -> Ordinaire {
    Ordinaire::of(&GameOptions::default())
}

/// The partie ordinaire continued from `position`, its side to move having thrown `throw`.
fn thrown(position: &str, throw: &str) -> TrictracGame {
    let position: Position = position.parse().expect("a position");
    let mut game =
        TrictracGame::from_position(DefaultScorer::default(), GameOptions::default(), position)
            .expect("consistent marks");
    game.apply(Action::Throw(throw.parse().expect("a throw")))
        .expect("a throw");
    game
}

/// The bot's choice, checked to be the first best of its own values of the legal actions.
fn choice_is_the_best_afterstate(game: &TrictracGame) -> (Action, Vec<(Action, f32)>) {
    let mut bot = TdBot::default();
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let choice = bot.choose(game, &legal);
    let values = bot.action_values(game);
    assert_eq!(values.len(), legal.len());
    let best = values
        .iter()
        .fold(None::<(Action, f32)>, |b, &(a, v)| match b {
            Some((_, bv)) if bv >= v => b,
            _ => Some((a, v)),
        })
        .expect("a legal action");
    assert_eq!(
        choice, best.0,
        "the choice is the best afterstate: {values:?}"
    );
    (choice, values)
}

#[test]
fn the_shipped_weights_load() {
    let network = TdNetwork::from_bytes(SHIPPED).expect("the shipped weights read");
    assert_eq!(&network, TdNetwork::shipped());
    assert_eq!(network.hidden(), 64);
    assert_eq!(network.parties(), SHIPPED_PARTIES);
    assert_eq!(network.to_bytes(), SHIPPED);
    // One byte damaged anywhere is refused.
    let mut damaged = SHIPPED.to_vec();
    damaged[1000] ^= 0x40;
    assert!(matches!(
        TdNetwork::from_bytes(&damaged),
        Err(TdNetworkError::Checksum { .. })
    ));
}

/// The parties of self-play of the shipped weights ([trictrac-bot.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/trictrac-bot.md)).
const SHIPPED_PARTIES: u64 = 1_000_000;

/// The header of the shipped file, read field by field ([trictrac-bot.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/trictrac-bot.md), "The weights
/// file (format 1)"): the magic, format version 1, feature set 1, 279 inputs, 64 hidden units,
/// 3 outputs, the reserved 0, a million parties, then 279 × 64 + 64 + 64 × 3 + 3 = 18 115
/// weights as `f32` and the FNV-1a checksum of the bytes before it.
#[test]
fn the_shipped_header_is_pinned() {
    let u16_at = |at: usize| u16::from_le_bytes([SHIPPED[at], SHIPPED[at + 1]]);
    let u64_at = |at: usize| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&SHIPPED[at..at + 8]);
        u64::from_le_bytes(b)
    };
    assert_eq!(&SHIPPED[..4], b"TTTD");
    let header: Vec<u16> = (0..6).map(|i| u16_at(4 + 2 * i)).collect();
    assert_eq!(header, [1, 1, 279, 64, 3, 0]);
    assert_eq!(u16_at(4), trictrac_core::ai::FORMAT_VERSION);
    assert_eq!(u16_at(6), trictrac_core::ai::FEATURE_SET);
    assert_eq!(usize::from(u16_at(8)), trictrac_core::ai::NUM_INPUTS);
    assert_eq!(usize::from(u16_at(12)), trictrac_core::ai::OUTPUTS);
    assert_eq!(u64_at(16), SHIPPED_PARTIES);
    let weights = 279 * 64 + 64 + 64 * 3 + 3;
    assert_eq!(SHIPPED.len(), 24 + 4 * weights + 8);
    assert_eq!(u64_at(SHIPPED.len() - 8), 0xf18d_f8bc_5813_4d3e);
}

/// Real decisions of the shipped weights, pinned: the play chosen and its value (the equity
/// of the afterstate for the player, from −2 to +2).
#[test]
fn decisions_are_pinned_to_the_shipped_weights() {
    let cases = [
        // The first throw, 3-1: two legal plays (B1-B4 B1-B2, or the dame tout d'une).
        (
            "B1:w15,N1:b15 w 0/0 0.0/0.0",
            "3-1",
            2,
            "3-1: B1-B4, B1-B2",
            0.004_514_287,
        ),
        // White's second throw, 5-2, with two lone dames on B4 and B6: seven legal plays.
        (
            "B1:w13,B4:w1,B6:w1,N1:b13,N6:b2 w 1/1 0.0/0.0",
            "5-2",
            7,
            "5-2: B4-B9, B6-B8",
            0.016_632_522,
        ),
    ];
    for (position, throw, count, play, value) in cases {
        let game = thrown(position, throw);
        let (choice, values) = choice_is_the_best_afterstate(&game);
        assert_eq!(values.len(), count, "{position} {throw}");
        let Action::Play(chosen) = choice else {
            panic!("{position} {throw}: a play, not {choice:?}");
        };
        assert_eq!(chosen.to_string(), play, "{position} {throw}");
        let v = values
            .iter()
            .find(|(a, _)| *a == choice)
            .map(|&(_, v)| v)
            .expect("the choice is valued");
        assert!((v - value).abs() < 1e-5, "{position} {throw}: {v}");
    }
}

#[test]
fn evaluations_are_pinned_to_the_shipped_weights() {
    let network = TdNetwork::shipped();
    let cases: [(&str, [f32; 3]); 3] = [
        // The start: White to throw first.
        (
            "B1:w15,N1:b15 w 0/0 0.0/0.0",
            [0.520_732_05, 7.475_814e-5, 6.209_533e-5],
        ),
        // White 11 trous and 6 points against 10 trous: near the end of the partie.
        (
            "B1:w3,B5:w2,B7:w2,B8:w2,B10:w2,B11:w2,B12:w2,N1:b3,N5:b2,N6:b2,N7:b2,N8:b2,N10:b2,N12:b2 w 14/14 11.6/10.0",
            [0.896_303_36, 7.300_965_5e-6, 6.807_064_4e-6],
        ),
        // Black to throw with his grand jan full, 8 points en bredouille.
        (
            "B1:w9,B5:w2,B6:w2,B8:w2,N1:b3,N7:b2,N8:b2,N9:b2,N10:b2,N11:b2,N12:b2 b 9/9 0.0/2.8*",
            [0.949_077_25, 0.000_559_722_95, 9.999_42e-6],
        ),
    ];
    for (text, pinned) in cases {
        let position: Position = text.parse().expect("a position");
        let e = network.evaluate(&position, &form());
        let got = [e.win, e.win_double, e.lose_double];
        for (g, p) in got.iter().zip(pinned) {
            assert!((g - p).abs() < 1e-5, "{text}: {got:?}, pinned {pinned:?}");
        }
        // The pavillon off: the double outcomes stay near 0.
        assert!(e.win_double < 0.05 && e.lose_double < 0.05, "{text}: {e:?}");
    }
}

/// Rules page, "Moving (laws)", law 8 (must fill): the throw lets White fill his grand jan,
/// so every legal play fills it (the laws of movement alone also allow plays that do not);
/// and the bot's evaluation would take the fill even if the law did not oblige it: with the
/// same marks, every afterstate of a play that leaves the grand jan unfilled is valued below
/// the best filling one (a full jan scores again at every throw it is kept: "Scoring",
/// conserver).
#[test]
fn a_fill_it_must_take() {
    let text = "B1:w2,B5:w1,B6:w1,B7:w2,B8:w2,B9:w2,B10:w2,B11:w1,B12:w2,N1:b9,N2:b2,N3:b2,N4:b2 w 10/10 0.0/0.2*";
    let game = thrown(text, "5-4");
    let (choice, values) = choice_is_the_best_afterstate(&game);
    let Action::Play(play) = choice else {
        panic!("a play: {choice:?}");
    };
    // Both legal plays cover B11 (5: B6-B11), the fill: 4 for the fill, 4 for the coin
    // battu, marked before the play.
    let legal: Vec<String> = values.iter().map(|(a, _)| format!("{a:?}")).collect();
    assert_eq!(values.len(), 2, "{legal:?}");
    assert_eq!(game.marking().points(Colour::White), 8);
    let mut after = *game.position();
    after.play_unchecked(&play);
    assert!(
        after
            .board()
            .is_full(Colour::White, trictrac_core::Jan::GrandJan)
    );
    // The laws of movement alone allow other plays; with the marks of the filling plays,
    // none that leaves the jan unfilled is valued as highly as the best filling one.
    let before: Position = text.parse().expect("a position");
    let movement = before.movement_plays("5-4".parse().expect("a throw"));
    let filling = before.legal_plays("5-4".parse().expect("a throw"));
    assert!(movement.len() > filling.len() + 5);
    let value = |p: &trictrac_core::Play| {
        let mut a = *game.position();
        a.play_unchecked(p);
        -TdNetwork::shipped().evaluate(&a, &form()).equity()
    };
    let best_fill = filling.iter().map(value).fold(f32::MIN, f32::max);
    let mut unfilled = 0;
    for p in movement.iter() {
        let mut a = before;
        a.play_unchecked(p);
        if !a
            .board()
            .is_full(Colour::White, trictrac_core::Jan::GrandJan)
        {
            unfilled += 1;
            assert!(
                value(p) < best_fill,
                "{p} valued {} >= {best_fill}",
                value(p)
            );
        }
    }
    assert!(unfilled > 5);
}

/// How many of the opponent's 36 ordered throws hit one of the mover's dames à vrai in
/// `after` (the opponent to throw): rules page, "Scoring", battre une dame à vrai (2 a way in
/// the grand-jan table, 4 in the petit-jan table, to the hitter).
fn throws_that_hit(after: &Position) -> u32 {
    let rules = ScoringRules::default();
    let hitter = after.side_to_move();
    UNORDERED_OUTCOMES
        .iter()
        .filter(|(t, _)| {
            ThrowAnalysis::new(after, *t, &rules)
                .before_play()
                .iter()
                .any(|e| matches!(e.kind, JanKind::HitAVrai(_)) && e.beneficiary == hitter)
        })
        .map(|(t, _)| if t.is_doublet() { 1 } else { 2 })
        .sum()
}

/// Rules page, "Scoring", battre une dame à vrai: White's lone dame on B9 stands 5 and 6
/// points ahead of Black's dames on N11 and N10 (Black's path 11 and 10; B9 is his 16). Of
/// White's plays of 4-1, only B5-B9, B1-B2 covers it and leaves no dame that a throw of
/// Black's hits; every other play gives Black hits (2 a way, the grand-jan table). The bot
/// gives none.
#[test]
fn a_hit_it_must_not_give() {
    let text = "B1:w9,B5:w3,B8:w2,B9:w1,N1:b11,N10:b2,N11:b2 w 6/6 0.0/0.0";
    let game = thrown(text, "4-1");
    let (choice, values) = choice_is_the_best_afterstate(&game);
    let Action::Play(play) = choice else {
        panic!("a play: {choice:?}");
    };
    assert_eq!(play.to_string(), "4-1: B5-B9, B1-B2");
    for (a, _) in &values {
        let Action::Play(p) = a else { continue };
        let mut after = *game.position();
        after.play_unchecked(p);
        let hits = throws_that_hit(&after);
        if p == &play {
            assert_eq!(hits, 0, "{p}");
        } else {
            assert!(hits > 0, "{p} gives no hit");
        }
    }
}

/// Rules page, "Tenir ou s'en aller" and "Scoring", conserver: White's grand jan is full and
/// his 2-1 keeps it (4 points, which make 12 with his 8: two trous en bredouille, Black having
/// marked nothing). Holding keeps the plein, which scores again at every throw that keeps it
/// (his three dames on the talon play several throws without breaking it); leaving relèves
/// it. A good player holds; so does the bot, by the better of the two afterstates.
#[test]
fn a_tenir_a_good_player_takes() {
    let game = thrown(
        "B1:w3,B7:w2,B8:w2,B9:w2,B10:w2,B11:w2,B12:w2,N1:b9,N2:b2,N3:b2,N4:b2 w 10/10 0.8*/0.0",
        "2-1",
    );
    assert!(matches!(
        game.phase(),
        Phase::Choice {
            mover: Colour::White,
            ..
        }
    ));
    assert_eq!(game.marking().trous(Colour::White), 2);
    let (choice, values) = choice_is_the_best_afterstate(&game);
    assert_eq!(choice, Action::Tenir);
    assert!(values[0].1 > values[1].1 + 0.05, "{values:?}");
    // The searching bot holds too.
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    assert_eq!(
        TdExpectimaxBot::default().choose(&game, &legal),
        Action::Tenir
    );
}
