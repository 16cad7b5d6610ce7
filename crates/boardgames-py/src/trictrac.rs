//! Trictrac, the partie ordinaire (`TrictracGame`) and the partie à écrire (`EcrireGame`): plays
//! as the origins of their two numbers, the decisions tenir and s'en aller, the throws and the
//! primauté dice; the position as a vector from the observer's side.
//!
//! | ids | meaning |
//! |---|---|
//! | `a * 25 + b` (0 to 624) | a play: `a` the origin of the higher number, `b` the origin of the lower one, each the mover's path position − 1 (0 his talon … 23 the opponent's talon), 24 for a number not played; a doublet's two origins sorted; a tout d'une's second origin is its rest |
//! | 625, 626 | tenir, s'en aller |
//! | chance `6 (hi − 1) + (lo − 1)` | the throw `hi-lo` (hi ≥ lo: 21 of 36 ids) |
//! | chance `36 + (die − 1)` | a primauté die |
//!
//! Two move orders reaching the same board are one play, listed once by the crate: that
//! play's id is the one above; the ids of other orders are not legal.

use boardgames_common::{Game, Player, Throw};
use trictrac_core::{Action, ChoiceStage, TurnPhase};
use trictrac_core::{Chronology, Form};
use trictrac_core::{Colour, Play, Position};
use trictrac_core::{EcrireGame, TrictracGame};

/// The partie ordinaire with the default scorer: `trictrac_core::TrictracGame`, whose name
/// this alias shadowed.
#[deprecated(note = "use trictrac_core::TrictracGame")]
pub type Ordinaire = TrictracGame;
/// The partie à écrire with the default scorer: `trictrac_core::EcrireGame`, whose name this
/// alias shadowed.
#[deprecated(note = "use trictrac_core::EcrireGame")]
pub type Ecrire = EcrireGame;

/// The id of tenir.
pub const TENIR: usize = 625;
/// The id of s'en aller.
pub const S_EN_ALLER: usize = 626;
/// The number of decision ids.
pub const NUM_ACTIONS: usize = 627;
/// The number of chance ids: 36 throws (21 used) and 6 primauté dice.
pub const NUM_CHANCE: usize = 42;
/// The length of the observation vector.
pub const OBSERVATION_LEN: usize = 24 * 6 + 2 + 8 + 12 + 1 + 6 + 2 + 6 + 3;
/// "Not played" in a play id.
const NONE: usize = 24;

/// The chance id of a throw: `6 (hi − 1) + (lo − 1)`.
#[must_use]
pub fn throw_id(t: Throw) -> usize {
    6 * usize::from(t.high().get() - 1) + usize::from(t.low().get() - 1)
}

/// The id of `play` made by `mover`.
#[must_use]
pub fn play_id(play: &Play, mover: Colour) -> usize {
    let throw = play.throw();
    let origin = |m: &trictrac_core::Move| usize::from(m.from.path(mover)) - 1;
    let (mut a, mut b) = (NONE, NONE);
    if throw.is_doublet() {
        let mut origins: Vec<usize> = play.moves().iter().map(origin).collect();
        origins.sort_unstable();
        if let Some(&x) = origins.first() {
            a = x;
        }
        if let Some(&y) = origins.get(1) {
            b = y;
        }
    } else {
        for m in play.moves() {
            if m.die == throw.high() {
                a = origin(m);
            } else {
                b = origin(m);
            }
        }
    }
    a * 25 + b
}

/// The id of `action` at `position` (whose side to move makes a play).
#[must_use]
pub fn action_id(position: &Position, action: Action) -> usize {
    match action {
        Action::PrimauteDie(d) => 36 + usize::from(d.get() - 1),
        Action::Throw(t) => throw_id(t),
        Action::Tenir => TENIR,
        Action::SenAller => S_EN_ALLER,
        Action::Play(p) => play_id(&p, position.side_to_move()),
    }
}

/// What the observation adds for the partie à écrire: the marqué's trous of the observer and
/// of the opponent (over 12, at most 1), and the marqués decided over the partie's.
type EcrireExtras = [f32; 3];

#[allow(clippy::cast_precision_loss)]
fn write_vector<F: Form>(
    turns: &Chronology<trictrac_core::scoring::DefaultScorer, F>,
    observer: Colour,
    acting: bool,
    trous_to_win: u8,
    extras: EcrireExtras,
    out: &mut [f32],
) {
    out.fill(0.0);
    let position = turns.position();
    let board = position.board();
    let opponent = observer.other();
    let mut i = 0;
    let mut put = |v: f32| {
        out[i] = v;
        i += 1;
    };
    for p in 1..=24u8 {
        for (colour, at) in [(observer, p), (opponent, 25 - p)] {
            let n = board.at_path(colour, at);
            put(f32::from(u8::from(n >= 1)));
            put(f32::from(u8::from(n >= 2)));
            put(f32::from(n) / 15.0);
        }
    }
    put(f32::from(board.off(observer)) / 15.0);
    put(f32::from(board.off(opponent)) / 15.0);
    let marking = turns.marking();
    let trous = f32::from(trous_to_win.max(1));
    for c in [observer, opponent] {
        put(f32::from(marking.points(c)) / 12.0);
        put((f32::from(marking.trous(c)) / trous).min(1.0));
        put(f32::from(u8::from(marking.is_en_bredouille(c))));
        put(f32::from(u8::from(marking.pavillon() == Some(c))));
    }
    let (throw, pending, phase) = match turns.phase() {
        TurnPhase::Primaute { .. } => (None, 0, 0),
        TurnPhase::Throw => (None, 0, 1),
        TurnPhase::Choice {
            throw,
            stage,
            pending,
            ..
        } => (
            Some(throw),
            pending,
            if stage == ChoiceStage::BeforePlay {
                2
            } else {
                3
            },
        ),
        TurnPhase::Play { throw, pending } => (Some(throw), pending, 4),
        TurnPhase::Over(_) => (None, 0, 5),
    };
    let mut dice = [0.0f32; 12];
    if let Some(t) = throw {
        dice[usize::from(t.high().get() - 1)] = 1.0;
        dice[6 + usize::from(t.low().get() - 1)] = 1.0;
    }
    dice.into_iter().for_each(&mut put);
    put((f32::from(pending) / 12.0).min(1.0));
    let mut phases = [0.0f32; 6];
    phases[phase] = 1.0;
    phases.into_iter().for_each(&mut put);
    put(f32::from(u8::from(acting)));
    put(f32::from(u8::from(observer == Colour::White)));
    let mut white_die = [0.0f32; 6];
    if let TurnPhase::Primaute { white: Some(d) } = turns.phase() {
        white_die[usize::from(d.get() - 1)] = 1.0;
    }
    white_die.into_iter().for_each(&mut put);
    extras.into_iter().for_each(&mut put);
    debug_assert_eq!(i, OBSERVATION_LEN);
}

fn last_play<A: Copy>(last: Option<A>, f: impl Fn(A) -> Option<Play>) -> Option<Play> {
    last.and_then(f)
}

fn pending_throw<O>(phase: TurnPhase<O>) -> Option<Throw> {
    match phase {
        TurnPhase::Choice { throw, .. } | TurnPhase::Play { throw, .. } => Some(throw),
        _ => None,
    }
}

fn svg_of(
    position: &Position,
    throw: Option<Throw>,
    play: Option<&Play>,
    pavillon: Option<Colour>,
) -> String {
    trictrac_core::svg::render(
        position,
        &trictrac_core::svg::SvgOptions {
            throw,
            play,
            pavillon,
            ..Default::default()
        },
    )
}

fn as_play(a: Action) -> Option<Play> {
    match a {
        Action::Play(p) => Some(p),
        _ => None,
    }
}

impl crate::Encoded for TrictracGame {
    fn num_actions(&self) -> usize {
        NUM_ACTIONS
    }

    fn num_chance_outcomes(&self) -> usize {
        NUM_CHANCE
    }

    fn encode(&self, action: Action) -> usize {
        action_id(self.position(), action)
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![OBSERVATION_LEN]
    }

    fn write_observation(&self, player: Player, out: &mut [f32]) {
        let observer = trictrac_core::Colour::from(player);
        let acting = self.turn() == boardgames_common::Turn::Player(player);
        write_vector(
            self.turns(),
            observer,
            acting,
            self.options().trous_to_win,
            [0.0; 3],
            out,
        );
    }

    fn position_text(&self) -> String {
        self.position().to_string()
    }

    fn diagram(&self) -> String {
        TrictracGame::diagram(self)
    }

    fn svg(&self, last: Option<Action>) -> String {
        let play = last_play(last, as_play);
        let pavillon = if self.options().pavillon {
            self.marking().pavillon()
        } else {
            None
        };
        svg_of(
            self.position(),
            pending_throw(self.phase()),
            play.as_ref(),
            pavillon,
        )
    }
}

impl crate::Encoded for EcrireGame {
    fn num_actions(&self) -> usize {
        NUM_ACTIONS
    }

    fn num_chance_outcomes(&self) -> usize {
        NUM_CHANCE
    }

    fn encode(&self, action: Action) -> usize {
        action_id(self.turns().position(), action)
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![OBSERVATION_LEN]
    }

    #[allow(clippy::cast_precision_loss)]
    fn write_observation(&self, player: Player, out: &mut [f32]) {
        let observer = self.colour_of(player);
        let acting = self.turn() == boardgames_common::Turn::Player(player);
        let marque = self.marque();
        let marques = self.options().rules.marques().max(1);
        let extras = [
            (marque.trous(observer) as f32 / 12.0).min(1.0),
            (marque.trous(observer.other()) as f32 / 12.0).min(1.0),
            (self.ledger().decided() as f32 / marques as f32).min(1.0),
        ];
        write_vector(self.turns(), observer, acting, 12, extras, out);
    }

    fn position_text(&self) -> String {
        self.turns().position().to_string()
    }

    fn diagram(&self) -> String {
        EcrireGame::diagram(self)
    }

    fn svg(&self, last: Option<Action>) -> String {
        let play = last_play(last, as_play);
        svg_of(
            self.turns().position(),
            pending_throw(self.turns().phase()),
            play.as_ref(),
            self.marque().pavillon(),
        )
    }
}
