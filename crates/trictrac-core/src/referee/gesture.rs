//! What the players declare and do at the tablier ([`Gesture`]), with a line notation for
//! scripts and keyboards.

use std::fmt;
use std::str::FromStr;

use boardgames_common::Throw;
use thiserror::Error;

use crate::board::{Dest, Point};
use crate::referee::WhichJeton;
use crate::referee::dice::{Cast, HandContact, Lie, Rompu, Support};

/// One gesture or declaration of a player, in the order they happen at the tablier.
///
/// The line notation (one gesture a line; see the repository's
/// [trictrac-referee.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/trictrac-referee.md)): `throw 6-5`
/// (optionally followed by how the dice lay: `throw 6-5 tilted-dame flat`, and `early`,
/// `badly-cast`, `rompu`, `rompu-fault`, `hand`, `hand-pushed`, `hand-back`), `settle flat`,
/// `mark 4`, `new-jeton 4`, `remove-jeton old|new`, `wipe`, `wipe-opponent`, `trous 2`,
/// `untrous 1`, `tenir`, `s'en aller`, `win`, `ecole 4`, `advise 4`, `adoube`, `touch B6`,
/// `move B1 B7` (or `move B1-B7`, `move N3 off`), `lift-dice`, `break`, `done`, `choose 2`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Gesture {
    /// The dice thrown and how they came to rest (JETER LES DÉS).
    Throw {
        /// The numbers read.
        throw: Throw,
        /// How the dice lay and the circumstances.
        cast: Cast,
    },
    /// A die that was spinning has come to rest (DÉ PIROUETTANT).
    Settle(Lie),
    /// Advance one's jeton by these points and let it go.
    MarkPoints(u8),
    /// Take a new jeton from the talon and put it on these points, while a mark already
    /// stands with another (DOUBLE MARQUE).
    NewJeton(u8),
    /// Take back one of one's two jetons (before the mark is consummated).
    RemoveJeton(WhichJeton),
    /// Put one's own jeton back to the talon (*démarquer*).
    WipeOwn,
    /// Put the opponent's jeton back to the talon.
    WipeOpponent,
    /// Move one's fichet forward by these trous.
    MarkTrous(u8),
    /// Move one's fichet back by these trous.
    UnmarkTrous(u8),
    /// "Je tiens": hold after a trou won.
    Tenir,
    /// "Je m'en vais": leave after a trou won (*s'en aller*).
    SenAller,
    /// "J'ai gagné": declare the partie won.
    DeclareWin,
    /// "École !" / "Tant de points d'école !": mark these points of école.
    Ecole(u8),
    /// Tell the opponent he has won these points (ÉCOLE INTERDITE).
    Advise(u8),
    /// "J'adoube !": the next dame touched need not be played.
    Adoube,
    /// Touch a dame on this point without moving it.
    Touch(Point),
    /// Lift a dame from a point, put it down on another (or off) and let it go.
    Move {
        /// Where it was lifted.
        from: Point,
        /// Where it was put down.
        to: Dest,
    },
    /// Lift (pick up) the dice (RELEVER LES DÉS).
    LiftDice,
    /// Break one's game, lifting one's dames (after the opponent's s'en aller).
    BreakGame,
    /// "À vous": the coup is finished (invites the opponent to play).
    Done,
    /// Choose the option of this number (from 1) of the oldest open report one chooses in.
    Choose(usize),
}

/// A gesture line that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("cannot read {line:?}: {reason}")]
pub struct ParseGestureError {
    /// The line.
    pub line: String,
    /// What is wrong.
    pub reason: String,
}

fn lie(word: &str) -> Option<Lie> {
    Some(match word {
        "flat" => Lie::Flat,
        "on-dame" => Lie::OnDame,
        "on-jeton" => Lie::OnJeton,
        "niche" => Lie::Niche,
        "tilted-band" => Lie::Tilted(Support::Band),
        "tilted-dame" => Lie::Tilted(Support::Dame),
        "tilted-jeton" => Lie::Tilted(Support::Jeton),
        "on-die" => Lie::OnOtherDie,
        "on-band" => Lie::OnBand,
        "pile-band-came" => Lie::PileAndBand {
            came_with_dames: true,
        },
        "pile-band-fell" => Lie::PileAndBand {
            came_with_dames: false,
        },
        "air-held" => Lie::InTheAir { fell: false },
        "air-fell" => Lie::InTheAir { fell: true },
        "out" => Lie::OutOfTablier,
        "back-in" => Lie::BackIntoTablier { pushed: false },
        "back-in-pushed" => Lie::BackIntoTablier { pushed: true },
        "doubtful-held" => Lie::Doubtful { held: true },
        "doubtful-fell" => Lie::Doubtful { held: false },
        "spinning" => Lie::Spinning,
        _ => return None,
    })
}

/// The word of a lie in the line notation (the inverse of [`lie`]).
fn lie_word(l: Lie) -> &'static str {
    match l {
        Lie::Flat => "flat",
        Lie::OnDame => "on-dame",
        Lie::OnJeton => "on-jeton",
        Lie::Niche => "niche",
        Lie::Tilted(Support::Band) => "tilted-band",
        Lie::Tilted(Support::Dame) => "tilted-dame",
        Lie::Tilted(Support::Jeton) => "tilted-jeton",
        Lie::OnOtherDie => "on-die",
        Lie::OnBand => "on-band",
        Lie::PileAndBand {
            came_with_dames: true,
        } => "pile-band-came",
        Lie::PileAndBand {
            came_with_dames: false,
        } => "pile-band-fell",
        Lie::InTheAir { fell: false } => "air-held",
        Lie::InTheAir { fell: true } => "air-fell",
        Lie::OutOfTablier => "out",
        Lie::BackIntoTablier { pushed: false } => "back-in",
        Lie::BackIntoTablier { pushed: true } => "back-in-pushed",
        Lie::Doubtful { held: true } => "doubtful-held",
        Lie::Doubtful { held: false } => "doubtful-fell",
        Lie::Spinning => "spinning",
    }
}

impl FromStr for Gesture {
    type Err = ParseGestureError;
    fn from_str(s: &str) -> Result<Gesture, ParseGestureError> {
        let line = s.trim();
        let err = |reason: &str| ParseGestureError {
            line: line.chars().take(80).collect(),
            reason: reason.to_string(),
        };
        let mut words = line.split_whitespace();
        let head = words
            .next()
            .ok_or_else(|| err("empty line"))?
            .to_lowercase();
        let rest: Vec<&str> = words.collect();
        let number = |what: &str| -> Result<u8, ParseGestureError> {
            match rest.as_slice() {
                [n] => n
                    .parse::<u8>()
                    .map_err(|_| err(&format!("{what}: expected a number from 0 to 255"))),
                _ => Err(err(&format!("{what}: expected one number"))),
            }
        };
        let point = |w: &str| -> Result<Point, ParseGestureError> {
            w.parse::<Point>()
                .map_err(|_| err(&format!("{w:?} is not a point (B1..B12, N1..N12)")))
        };
        let none = |g: Gesture| -> Result<Gesture, ParseGestureError> {
            if rest.is_empty() {
                Ok(g)
            } else {
                Err(err("this gesture takes no argument"))
            }
        };
        match head.as_str() {
            "throw" => {
                let (t, flags) = rest
                    .split_first()
                    .ok_or_else(|| err("throw: expected the dice, like 6-5"))?;
                let throw: Throw = t.parse().map_err(|e| err(&format!("{e}")))?;
                let mut cast = Cast::default();
                let mut lies = 0;
                for f in flags {
                    match *f {
                        "early" => cast.before_opponent_finished = true,
                        "badly-cast" => cast.well_cast = false,
                        "rompu" => cast.rompu = Some(Rompu::WithoutCause),
                        "rompu-fault" => cast.rompu = Some(Rompu::ForAFault),
                        "hand" => cast.hand = HandContact::WhileFinishing { pushed: false },
                        "hand-pushed" => cast.hand = HandContact::WhileFinishing { pushed: true },
                        "hand-back" => cast.hand = HandContact::HandPutBack,
                        w => {
                            let l = lie(w).ok_or_else(|| err(&format!("unknown word {w:?}")))?;
                            if lies >= 2 {
                                return Err(err("at most two dice lie somewhere"));
                            }
                            cast.lie[lies] = l;
                            lies += 1;
                        }
                    }
                }
                Ok(Gesture::Throw { throw, cast })
            }
            "settle" => match rest.as_slice() {
                [w] => lie(w)
                    .map(Gesture::Settle)
                    .ok_or_else(|| err(&format!("unknown lie {w:?}"))),
                _ => Err(err(
                    "settle: expected one word for how the die lies, like flat or niche",
                )),
            },
            "mark" => number("mark").map(Gesture::MarkPoints),
            "new-jeton" => number("new-jeton").map(Gesture::NewJeton),
            "remove-jeton" => match rest.as_slice() {
                ["old"] => Ok(Gesture::RemoveJeton(WhichJeton::Old)),
                ["new"] => Ok(Gesture::RemoveJeton(WhichJeton::New)),
                _ => Err(err("remove-jeton: expected old or new")),
            },
            "wipe" => none(Gesture::WipeOwn),
            "wipe-opponent" => none(Gesture::WipeOpponent),
            "trous" => number("trous").map(Gesture::MarkTrous),
            "untrous" => number("untrous").map(Gesture::UnmarkTrous),
            "tenir" | "tiens" => none(Gesture::Tenir),
            "s'en" | "sen-aller" | "s'en-aller" => {
                if head == "s'en" && rest != ["aller"] {
                    return Err(err("expected s'en aller"));
                }
                Ok(Gesture::SenAller)
            }
            "win" => none(Gesture::DeclareWin),
            "ecole" | "école" => number("école").map(Gesture::Ecole),
            "advise" => number("advise").map(Gesture::Advise),
            "adoube" | "j'adoube" => none(Gesture::Adoube),
            "touch" => match rest.as_slice() {
                [p] => Ok(Gesture::Touch(point(p)?)),
                _ => Err(err("touch: expected one point, like B6")),
            },
            "move" => {
                let (f, t) = match rest.as_slice() {
                    [f, t] => (*f, *t),
                    [ft] => ft
                        .split_once('-')
                        .ok_or_else(|| err("move: expected FROM TO, like B1 B7 or B1-B7"))?,
                    _ => return Err(err("move: expected FROM TO, like B1 B7 or B1-B7")),
                };
                let from = point(f)?;
                let to: Dest = t
                    .parse()
                    .map_err(|_| err(&format!("{t:?} is not a point or off")))?;
                Ok(Gesture::Move { from, to })
            }
            "lift-dice" => none(Gesture::LiftDice),
            "break" => none(Gesture::BreakGame),
            "done" | "à-vous" => none(Gesture::Done),
            "choose" => {
                let n = number("choose")?;
                if n == 0 {
                    return Err(err("options are numbered from 1"));
                }
                Ok(Gesture::Choose(usize::from(n)))
            }
            _ => Err(err("unknown gesture")),
        }
    }
}

impl fmt::Display for Gesture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gesture::Throw { throw, cast } => {
                write!(f, "throw {throw}")?;
                if cast.lie != [Lie::Flat, Lie::Flat] {
                    write!(f, " {} {}", lie_word(cast.lie[0]), lie_word(cast.lie[1]))?;
                }
                if cast.before_opponent_finished {
                    f.write_str(" early")?;
                }
                if !cast.well_cast {
                    f.write_str(" badly-cast")?;
                }
                match cast.rompu {
                    Some(Rompu::WithoutCause) => f.write_str(" rompu")?,
                    Some(Rompu::ForAFault) => f.write_str(" rompu-fault")?,
                    None => {}
                }
                match cast.hand {
                    HandContact::None => {}
                    HandContact::WhileFinishing { pushed: false } => f.write_str(" hand")?,
                    HandContact::WhileFinishing { pushed: true } => f.write_str(" hand-pushed")?,
                    HandContact::HandPutBack => f.write_str(" hand-back")?,
                }
                Ok(())
            }
            Gesture::Settle(l) => write!(f, "settle {}", lie_word(*l)),
            Gesture::MarkPoints(n) => write!(f, "mark {n}"),
            Gesture::NewJeton(n) => write!(f, "new-jeton {n}"),
            Gesture::RemoveJeton(WhichJeton::Old) => f.write_str("remove-jeton old"),
            Gesture::RemoveJeton(WhichJeton::New) => f.write_str("remove-jeton new"),
            Gesture::WipeOwn => f.write_str("wipe"),
            Gesture::WipeOpponent => f.write_str("wipe-opponent"),
            Gesture::MarkTrous(n) => write!(f, "trous {n}"),
            Gesture::UnmarkTrous(n) => write!(f, "untrous {n}"),
            Gesture::Tenir => f.write_str("tenir"),
            Gesture::SenAller => f.write_str("s'en aller"),
            Gesture::DeclareWin => f.write_str("win"),
            Gesture::Ecole(n) => write!(f, "ecole {n}"),
            Gesture::Advise(n) => write!(f, "advise {n}"),
            Gesture::Adoube => f.write_str("adoube"),
            Gesture::Touch(p) => write!(f, "touch {p}"),
            Gesture::Move { from, to } => write!(f, "move {from} {to}"),
            Gesture::LiftDice => f.write_str("lift-dice"),
            Gesture::BreakGame => f.write_str("break"),
            Gesture::Done => f.write_str("done"),
            Gesture::Choose(n) => write!(f, "choose {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for line in [
            "throw 6-5",
            "throw 6-5 tilted-band flat",
            "throw 4-1 flat spinning early badly-cast rompu-fault hand-back",
            "throw 2-2 pile-band-came air-fell hand-pushed",
            "settle doubtful-held",
            "mark 4",
            "new-jeton 3",
            "remove-jeton old",
            "wipe",
            "wipe-opponent",
            "trous 2",
            "untrous 1",
            "tenir",
            "s'en aller",
            "win",
            "ecole 4",
            "advise 0",
            "adoube",
            "touch B6",
            "move B1 B7",
            "move N3 off",
            "lift-dice",
            "break",
            "done",
            "choose 2",
        ] {
            let g: Gesture = line.parse().unwrap();
            assert_eq!(g.to_string(), line);
            assert_eq!(g.to_string().parse::<Gesture>().unwrap(), g);
        }
        assert!("choose 0".parse::<Gesture>().is_err());
        assert!("throw 6-5 sideways".parse::<Gesture>().is_err());
        assert!("".parse::<Gesture>().is_err());
    }
}
