//! French grand trictrac: the board and its notation, every law of movement, the jans and
//! their scoring, the marking, the partie ordinaire and the partie à écrire (at two, three or
//! four players), bots (a heuristic, its search, and one whose evaluation was learned by
//! self-play), and a referee for people who play by hand.
//!
//! The crate is built in layers, each using only those below it:
//!
//! 1. The board (at the root): [`Colour`] and [`ByColour`]; [`Point`] (labels `B1..B12`,
//!    `N1..N12`), path positions `1..=24` per player, [`Dest`] (a point or off), [`Jan`];
//!    [`Board`] (the tablier), [`Setup`] (unvalidated) and [`Position`] (validated) with the
//!    position notation `B1:w15,N1:b15 w 0/0 0.0/0.0` ([`ParsePositionError`]); the text
//!    diagram ([`Position::diagram`]); [`Row`], the two rows of twelve points a label
//!    names (`B`, White's; `N`, Black's).
//! 2. The laws of movement (at the root): [`Move`], [`Play`] (`6-4: B5-B11, B5-B9`),
//!    [`Laws`] (where the side to move may stop, rest or bear off), [`Position::reaches`]
//!    (what each die and the sum could reach, with the rests), [`Position::sortie_number`],
//!    [`Position::releve`]. The legal plays of a throw are [`Position::legal_plays`]
//!    ([`LegalPlays`], with the impuissance; into a reused buffer:
//!    [`Position::legal_plays_into`]): the laws of movement AND the must fill / must keep
//!    obligation. [`Position::is_legal`], [`Position::check_play`] (why a play is refused:
//!    [`IllegalPlay`]), [`Position::play`], [`Position::play_mut`] and
//!    [`Position::parse_play`] apply the same full laws; [`Position::play_unchecked`] is for
//!    search. The laws of movement alone, which admit the fausses cases that break the
//!    obligation, are named for it: [`Position::movement_plays`],
//!    [`Position::is_movement_legal`], [`Position::play_movement_only`],
//!    [`Position::parse_movement_play`].
//! 3. [`scoring`]: every jan of a throw — [`ThrowAnalysis`](scoring::ThrowAnalysis) (events
//!    before and after the play, with the legal plays), [`JanEvent`](scoring::JanEvent),
//!    [`JanKind`](scoring::JanKind), [`ScoringRules`](scoring::ScoringRules); the scorers a
//!    game uses ([`ThrowScorer`](scoring::ThrowScorer),
//!    [`DefaultScorer`](scoring::DefaultScorer), ...).
//! 4. [`marking`]: points, trous, the bredouille of the jetons, tenir ou s'en aller, the
//!    pavillon ([`Marking`](marking::Marking)).
//! 5. [`referee`]: referee mode for people who mark and play by hand — the école, the fausse
//!    case, the laws of the physical dice, driven by declared gestures
//!    ([`referee::Referee`]); and `svg` (feature `svg`), the pictures.
//! 6. [`ecrire`]: the bookkeeping of the partie à écrire — the marqué in play
//!    ([`ecrire::Marque`]), its conventions ([`ecrire::Convention`]: base, annexe, sans
//!    lever), the pure settlement of the marqués and the décompte général
//!    ([`ecrire::settlement`]: [`settle_marque`](ecrire::settlement::settle_marque),
//!    [`decompte`](fn@ecrire::settlement::decompte)), the [`ecrire::Ledger`] and its score
//!    sheet, and at three or four players ([`ecrire::table`]: à tourner, à la chouette, in
//!    teams) the draw, the schedule of the marqués and the accounts per pair of interests.
//! 7. The games (at the root): the chronology of a turn shared by the forms of game
//!    ([`Chronology`] over a [`Form`], its [`Action`]s and [`TurnPhase`]s, what an action
//!    said: [`ActionComment`]), the partie ordinaire as a [`boardgames_common::Game`]
//!    ([`TrictracGame`], its [`GameOptions`], its [`Phase`]s, ended by a [`Win`]) and the
//!    partie à écrire ([`EcrireGame`], its [`EcrireOptions`]), with commented records that
//!    replay. Both are built from their options (`new`) or with a scorer of one's own
//!    (`with_scorer`: [`scoring::ThrowScorer`]), and say `outcome()` and `diagram()`.
//! 8. [`ai`]: a heuristic player ([`ai::Bot`]) and its search over the opponent's 21
//!    throws ([`ai::ExpectimaxBot`]); the player of a network trained by TD(λ) self-play
//!    ([`ai::TdBot`], its weights shipped with the crate in [`ai::TdNetwork::shipped`])
//!    and its one-ply search ([`ai::TdExpectimaxBot`]).
//!
//! `svg` (feature `svg`): the board as an SVG picture, with the marks, the throw and a play's
//! arrows.
//!
//! The laws as implemented and their sources (the French glossary of the laws of trictrac, the
//! Breton article "Trictrac") are in [`rules_page`]; the decisions taken where the sources are
//! silent are in the repository's
//! [trictrac.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/trictrac.md) and the
//! pages it links.
//!
//! ```
//! use trictrac_core::Position;
//! use trictrac_core::scoring::{ScoringRules, ThrowAnalysis};
//! let pos = Position::start();
//! let throw = "6-6".parse().unwrap();
//! let plays = pos.legal_plays(throw);
//! // Sonnez from the talon: tout d'une would end on the opponent's coin (N12), so the only
//! // play is two dames to B7.
//! assert_eq!(plays.len(), 1);
//! let next = pos.play(plays.get(0).unwrap()).unwrap();
//! assert_eq!(next.to_string(), "B1:w13,B7:w2,N1:b15 b 1/0 0.0/0.0");
//! // The same plays with what the throw scores.
//! let analysis = ThrowAnalysis::new(&pos, throw, &ScoringRules::default());
//! assert_eq!(analysis.legal_plays().len(), 1);
//! ```
//!
//! The laws of movement alone admit fausses cases: White's petit jan is full and 2-1 can keep
//! it (B7-B9, B7-B8 or B7-B9-B10), but the movement laws also let him break it (43 plays).
//! The default refuses them, and says why.
//!
//! ```
//! use trictrac_core::{IllegalPlayReason, Position};
//! let pos: Position = "B1:w2,B2:w2,B3:w2,B4:w2,B5:w2,B6:w2,B7:w3,N1:b15 w 10/10 0.0/0.0"
//!     .parse()
//!     .unwrap();
//! let throw = "2-1".parse().unwrap();
//! let legal = pos.legal_plays(throw);
//! let texts: Vec<String> = legal.iter().map(|p| p.to_string()).collect();
//! assert_eq!(texts, ["2-1: B7-B9, B7-B8", "2-1: B7-B9-B10"]);
//! assert_eq!(pos.movement_plays(throw).len(), 45);
//! let breaks = pos.parse_movement_play("2-1: B6-B8, B6-B7").unwrap();
//! let refused = pos.play(&breaks).unwrap_err();
//! assert_eq!(refused.error.reason, IllegalPlayReason::MustFillOrKeep);
//! ```
//!
//! A sortie (glossary SORTIE: a dame on N6 and another on N4, 5-3 must be played inside):
//!
//! ```
//! use trictrac_core::Position;
//! let pos: Position = "N6:w1,N4:w1,N2:w1,N1:w2,B1:b15 w 20/20 0.0/0.0".parse().unwrap();
//! let plays = pos.legal_plays("5-3".parse().unwrap());
//! assert_eq!(plays.len(), 1);
//! assert_eq!(plays.get(0).unwrap().to_string(), "5-3: N6-N1, N4-N1");
//! assert!(plays.unplayed().is_empty());
//! assert!(pos.parse_play("5-3: N6-N3, N4-off").is_err());
//! ```
#![deny(missing_docs)]
// docs.rs (`--cfg docsrs`, [package.metadata.docs.rs]) marks the items of each feature.
#![cfg_attr(docsrs, feature(doc_cfg))]

// The rules this crate implements, in English, with their sources (packaged as RULES.md).
#[doc = include_str!("../RULES.md")]
pub mod rules_page {}

// The crate's README.md (shown on crates.io): its examples run as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

pub mod ai;
mod board;
pub mod ecrire;
mod game;
pub mod marking;
mod movement;
pub mod referee;
pub mod scoring;
#[cfg(feature = "svg")]
pub mod svg;

pub use board::{
    Board, ByColour, Colour, DAMES, Dest, Jan, Marks, OFF, OPPONENT_COIN, OWN_COIN,
    ParsePointError, ParsePositionError, Point, Position, PositionError, Row, Setup, TALON,
};
pub use game::{
    Action, ActionComment, ActionError, ChoiceStage, Chronology, ECRIRE_NAME, EcrireGame,
    EcrireOptions, Form, GameOptions, MarqueForm, MarqueOver, Ordinaire, ParsePrimauteError, Phase,
    Primaute, TagError, TrictracGame, TurnPhase, Win, action_text,
};
pub use movement::{
    IllegalPlay, IllegalPlayReason, Laws, LegalPlays, LegalPlaysIter, MAX_PLAYS, Move, Number,
    ParsePlayError, Play, PlayError, Reach, Reaches, SortieNumber, TooManyMovesError,
};

pub use boardgames_common::{Die, Throw};

/// The row of twelve points a label names (`B` or `N`): the old name of [`Row`].
#[deprecated(
    note = "renamed Row (a row of twelve points): Side is tafl-core's attackers and defenders"
)]
pub type Side = Row;

/// The board as six lines of text: the old free function of [`Position::diagram`].
#[deprecated(
    note = "use Position::diagram (or the game's diagram(), which says when the partie is over)"
)]
#[must_use]
pub fn diagram(board: &Board) -> String {
    board::diagram(board)
}
