//! The per-player containers of the four crates have one shape (docs/api.md, "a value per
//! player"): trictrac's `ByColour`, tafl's `BySide` and common's `ByPlayer` go through the
//! same generic checks, so that an impl missing from one of them fails to compile; and
//! every fieldless public enum has `ALL` and `NUM`.

use std::fmt::Debug;
use std::ops::{Index, IndexMut};

use boardgames_common::{ByPlayer, Player};
use tafl_core::{BySide, Side};
use trictrac_core::{ByColour, Colour};

/// The traits of a per-player container over `E` (the game's two-player enum), checked with
/// the values `[1, 2]`: `1` is the first of the enum's `ALL` and the first player's.
fn check_container<C, E>(all: [E; 2], num: usize)
where
    E: Copy + Debug + Eq + Into<Player> + From<Player>,
    C: From<[u32; 2]>
        + Into<[u32; 2]>
        + From<ByPlayer<u32>>
        + Into<ByPlayer<u32>>
        + IntoIterator<Item = u32>
        + Index<E, Output = u32>
        + IndexMut<E>
        + Default
        + Clone
        + Copy
        + PartialEq
        + Eq
        + std::hash::Hash
        + Debug,
    for<'a> &'a C: IntoIterator<Item = &'a u32>,
{
    assert_eq!(all.len(), num);
    assert_eq!(all[0].into(), Player::First);
    assert_eq!(all[1].into(), Player::Second);
    assert_eq!(E::from(Player::First), all[0]);
    assert_eq!(E::from(Player::Second), all[1]);

    let c = C::from([1, 2]);
    assert_eq!(
        (c[all[0]], c[all[1]]),
        (1, 2),
        "`From<[T; 2]>` keeps ALL's order"
    );
    assert_eq!(Into::<[u32; 2]>::into(c), [1, 2]);
    assert_eq!(c.into_iter().collect::<Vec<_>>(), [1, 2]);
    assert_eq!((&c).into_iter().copied().collect::<Vec<_>>(), [1, 2]);

    let p: ByPlayer<u32> = c.into();
    assert_eq!(
        (p.first, p.second),
        (1, 2),
        "the first of ALL is the first player"
    );
    assert_eq!(C::from(ByPlayer::new(1, 2)), c);
    for e in all {
        assert_eq!(c[e], p[e.into()]);
    }

    let mut m = C::default();
    assert_eq!(Into::<[u32; 2]>::into(m), [0, 0]);
    m[all[1]] += 5;
    assert_eq!(Into::<[u32; 2]>::into(m), [0, 5]);
}

/// The inherent part of the shape (`new`, `from_fn`, `map`, `as_ref`, `as_mut`,
/// `into_array`, `iter`, the public fields), which no trait names: a macro over the type.
macro_rules! check_inherent {
    ($by:ident, $enum:ident, $first:ident, $second:ident) => {{
        let c = $by::new(1u32, 2u32);
        assert_eq!((c.$first, c.$second), (1, 2));
        assert_eq!($by::from_fn(|e: $enum| e.index() as u32 + 1), c);
        assert_eq!(c.map(|v| v * 10).into_array(), [10, 20]);
        assert_eq!(c.as_ref().map(|v| *v + 1).into_array(), [2, 3]);
        assert_eq!(c.iter().copied().collect::<Vec<_>>(), [1, 2]);
        let mut m = c;
        *m.as_mut().$second += 40;
        assert_eq!(m.into_array(), [1, 42]);
        for (i, e) in $enum::ALL.into_iter().enumerate() {
            assert_eq!(e.index(), i);
            assert_eq!(c[e], c.into_array()[i]);
        }
    }};
}

#[test]
fn the_three_per_player_containers_have_one_shape() {
    check_container::<ByPlayer<u32>, Player>(Player::ALL, Player::NUM);
    check_container::<ByColour<u32>, Colour>(Colour::ALL, Colour::NUM);
    check_container::<BySide<u32>, Side>(Side::ALL, Side::NUM);
    check_inherent!(ByPlayer, Player, first, second);
    check_inherent!(ByColour, Colour, white, black);
    check_inherent!(BySide, Side, attackers, defenders);
}

/// White is the first player, the attackers are the first player (whoever moves first in a
/// ruleset): the conversions through `ByPlayer` keep it.
#[test]
fn white_and_the_attackers_are_the_first_player() {
    assert_eq!(Colour::ALL, [Colour::White, Colour::Black]);
    assert_eq!(Side::ALL, [Side::Attackers, Side::Defenders]);
    let colours = ByColour::new("white", "black");
    let sides = BySide::from(ByPlayer::from(colours));
    assert_eq!((sides.attackers, sides.defenders), ("white", "black"));
    assert_eq!(ByColour::from(ByPlayer::from(sides)), colours);
    assert_eq!(Player::from(Colour::White), Player::First);
    assert_eq!(Player::from(Side::Attackers), Player::First);
    assert_eq!(Side::from(Player::from(Colour::Black)), Side::Defenders);
}

/// `ALL` lists `NUM` distinct values, each once.
fn check_all<E: Copy + Eq + Debug, const N: usize>(all: [E; N], num: usize) {
    assert_eq!(N, num, "{all:?}");
    for (i, a) in all.iter().enumerate() {
        assert!(!all[..i].contains(a), "{a:?} twice in ALL");
    }
}

/// Every fieldless public enum of the four library crates has `ALL` and `NUM` (a new enum
/// without them fails here once it is added to this list).
#[test]
fn every_fieldless_enum_has_all_and_num() {
    use trictrac_core::ecrire::{self, settlement};
    use trictrac_core::{marking, referee, scoring};
    check_all(Player::ALL, Player::NUM);

    check_all(Colour::ALL, Colour::NUM);
    check_all(trictrac_core::Row::ALL, trictrac_core::Row::NUM);
    check_all(trictrac_core::Jan::ALL, trictrac_core::Jan::NUM);
    check_all(trictrac_core::Point::ALL, trictrac_core::Point::NUM);
    check_all(
        trictrac_core::IllegalPlayReason::ALL,
        trictrac_core::IllegalPlayReason::NUM,
    );
    check_all(
        trictrac_core::SortieNumber::ALL,
        trictrac_core::SortieNumber::NUM,
    );
    check_all(
        trictrac_core::ChoiceStage::ALL,
        trictrac_core::ChoiceStage::NUM,
    );
    check_all(marking::Jeton::ALL, marking::Jeton::NUM);
    check_all(scoring::Table::ALL, scoring::Table::NUM);
    check_all(scoring::HowKept::ALL, scoring::HowKept::NUM);
    check_all(referee::Entry::ALL, referee::Entry::NUM);
    check_all(referee::Fault::ALL, referee::Fault::NUM);
    check_all(referee::WhichJeton::ALL, referee::WhichJeton::NUM);
    check_all(referee::TrousEnTrop::ALL, referee::TrousEnTrop::NUM);
    check_all(referee::Support::ALL, referee::Support::NUM);
    check_all(referee::Rompu::ALL, referee::Rompu::NUM);
    check_all(ecrire::Advice::ALL, ecrire::Advice::NUM);
    check_all(ecrire::SheetStyle::ALL, ecrire::SheetStyle::NUM);
    check_all(ecrire::Quality::ALL, ecrire::Quality::NUM);
    check_all(ecrire::Progression::ALL, ecrire::Progression::NUM);
    check_all(settlement::Remainder::ALL, settlement::Remainder::NUM);
    check_all(
        settlement::RefaitProgression::ALL,
        settlement::RefaitProgression::NUM,
    );
    check_all(ecrire::table::TableForm::ALL, ecrire::table::TableForm::NUM);
    assert_eq!(referee::Entry::ALL[0], referee::Entry::EcoleDefinition);
    assert_eq!(
        referee::Entry::ALL[referee::Entry::NUM - 1],
        referee::Entry::DamesEnTropOuEnMoins
    );

    check_all(Side::ALL, Side::NUM);
    check_all(tafl_core::Piece::ALL, tafl_core::Piece::NUM);
    check_all(tafl_core::Officer::ALL, tafl_core::Officer::NUM);
    check_all(tafl_core::Jump::ALL, tafl_core::Jump::NUM);
    check_all(tafl_core::BerserkMode::ALL, tafl_core::BerserkMode::NUM);
    check_all(tafl_core::KingArmed::ALL, tafl_core::KingArmed::NUM);
    check_all(tafl_core::KingStrength::ALL, tafl_core::KingStrength::NUM);
    check_all(tafl_core::Escape::ALL, tafl_core::Escape::NUM);
    check_all(
        tafl_core::RepetitionResult::ALL,
        tafl_core::RepetitionResult::NUM,
    );
    check_all(tafl_core::WinReason::ALL, tafl_core::WinReason::NUM);
    check_all(tafl_core::DrawReason::ALL, tafl_core::DrawReason::NUM);
    check_all(
        tafl_core::IllegalMoveReason::ALL,
        tafl_core::IllegalMoveReason::NUM,
    );
    check_all(tafl_core::ai::Level::ALL, tafl_core::ai::Level::NUM);

    check_all(
        sugoroku_core::SingleDoublet::ALL,
        sugoroku_core::SingleDoublet::NUM,
    );
    check_all(sugoroku_core::Winner::ALL, sugoroku_core::Winner::NUM);
    check_all(sugoroku_core::Phase::ALL, sugoroku_core::Phase::NUM);
}

/// The game in place without the trait (`play_mut`), the same as `Game::apply`, in the
/// three games; and the replay functions without the trait where the game has them.
#[test]
fn the_games_play_in_place_as_game_apply() {
    use boardgames_common::{Game, Turn};
    fn step<G: Game>(g: &G, i: usize) -> G::Action {
        let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
        match g.turn() {
            Turn::Chance => {
                g.chance_outcomes(&mut outcomes);
                outcomes[(7 * i + 3) % outcomes.len()].0
            }
            _ => {
                g.legal_actions(&mut legal);
                legal[(5 * i + 1) % legal.len()]
            }
        }
    }
    let mut t = trictrac_core::TrictracGame::new(trictrac_core::GameOptions::default());
    let mut t2 = t.clone();
    for i in 0..12 {
        let a = step(&t, i);
        t.play_mut(a).unwrap();
        Game::apply(&mut t2, a).unwrap();
        assert_eq!(t.position(), t2.position());
    }
    assert_ne!(t.position(), &trictrac_core::Position::start());

    let mut k = tafl_core::TaflGame::new(tafl_core::Ruleset::brandubh());
    for i in 0..4 {
        let m = step(&k, i);
        let _outcome = k.play_mut(m).unwrap();
    }
    assert_eq!(k.to_record().actions().len(), 4);

    let mut s = sugoroku_core::SugorokuGame::default();
    let mut played = boardgames_common::PlayedGame::new(s, None).unwrap();
    for i in 0..6 {
        let throw = step(&s, i);
        s.play_mut(throw).unwrap();
        played.apply(throw).unwrap();
    }
    let record = played.to_record();
    assert_eq!(
        sugoroku_core::SugorokuGame::from_record_with(
            &record,
            &boardgames_common::ReplayOptions::strict()
        )
        .unwrap()
        .position(),
        s.position()
    );
}

/// `Debug` of small values prints what a person reads (docs/api.md's last row).
#[test]
fn debug_of_small_values_is_what_a_person_reads() {
    let point: trictrac_core::Point = "B6".parse().unwrap();
    assert_eq!(format!("{point:?}"), "Point(B6)");
    let throw: boardgames_common::Throw = "6-5".parse().unwrap();
    assert_eq!(format!("{throw:?}"), "Throw(6-5)");
    let square: tafl_core::Square = "d4".parse().unwrap();
    assert_eq!(format!("{square:?}"), "Square(d4)");
}
