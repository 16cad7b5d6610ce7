//! Referee mode: the laws of trictrac for people who mark their own points and move their own
//! dames, as the French glossary of the laws of trictrac states them (sections ÉCOLE and
//! FAUSSE CASE, the dice entries from JETER LES DÉS to DÉ TOUCHÉ, DAMES EN TROP ou EN MOINS).
//!
//! - The dice (`dice`): how a physical throw is judged ([`rule_throw`] of a [`Cast`]: good,
//!   thrown again, the opponent's choice); how it is named (`naming`: [`naming()`],
//!   [`check_naming`]).
//! - The école (`ecole`): the arithmetic of an école ([`assess`]: points omitted or marked
//!   in excess).
//! - The fausse case (`fausse_case`): a dame played against the laws ([`judge`]), and what
//!   the opponent may impose.
//! - [`Referee`] (in `machine`): the state machine driven by what the players declare and do
//!   ([`Gesture`]); at each moment the laws make decisive it returns [`Report`]s: the
//!   fault, its glossary [`Entry`], the points at stake and the opponent's [`Remedy`]
//!   options, one of which he chooses with [`Gesture::Choose`].
//! - What a ruling says (`ruling`), the vocabulary every part shares: [`Entry`], [`Fault`],
//!   [`Remedy`], [`WhichJeton`], [`Report`].
//!
//! ```
//! use trictrac_core::Colour::{Black, White};
//! use trictrac_core::referee::{Entry, Fault, Gesture, Referee, Remedy};
//! let mut r = Referee::new();
//! // White throws carmes (4-4) and plays two dames from the talon to B5: nothing to mark.
//! for line in ["throw 4-4", "move B1 B5", "move B1 B5", "done"] {
//!     assert!(r.gesture(White, line.parse().unwrap()).unwrap().is_empty());
//! }
//! // Black throws 2-1, plays both numbers, then a third: DAME JOUÉE EN TROP.
//! for line in ["throw 2-1", "move N1 N3", "move N1 N2", "move N1 N2"] {
//!     r.gesture(Black, line.parse().unwrap()).unwrap();
//! }
//! let reports = r.gesture(Black, Gesture::Done).unwrap();
//! assert_eq!(reports[0].fault, Fault::FausseCase);
//! assert_eq!(reports[0].entry, Entry::DameJoueeEnTrop);
//! assert_eq!(reports[0].chooser, Some(White));
//! // White can only put the third dame back ("l'adversaire ne peut que rectifier le
//! // placement de cette dernière dame"): the two numbers played are imposed.
//! assert!(matches!(reports[0].options[..], [Remedy::Impose(_)]));
//! r.gesture(White, Gesture::Choose(1)).unwrap();
//! assert_eq!(r.position().to_string(), "B1:w13,B5:w2,N1:b13,N2:b1,N3:b1 w 1/1 0.0/0.0");
//! ```

mod dames_en_trop;
mod dice;
mod ecole;
mod fausse_case;
mod gesture;
mod machine;
mod naming;
mod ruling;

pub use dames_en_trop::{DEBUT_THROWS, NotRectifiable, borne_off, rectify_dames};
pub use dice::{Cast, HandContact, Lie, Rompu, Support, ThrowRuling, may_break, rule_throw};
pub use ecole::{Assessment, Due, Shown, TrousEnTrop, assess, assess_with};
pub use fausse_case::{Judgement, PhysicalMove, counts_after, judge, position_after};
pub use gesture::{Gesture, ParseGestureError};
pub use machine::{Referee, RefereeError, RefereePhase};
pub use naming::{NamingError, check_naming, naming};
pub use ruling::{Entry, Fault, Remedy, Report, WhichJeton};
