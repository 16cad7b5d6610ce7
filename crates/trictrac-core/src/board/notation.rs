//! The position notation (also documented in the repository's
//! [trictrac-notation.md](https://github.com/boardgames-rs/boardgames-rs/blob/main/docs/trictrac-notation.md)).
//!
//! ```text
//! B1:w13,B3:w2,N1:b15 w 2/1 0.4/1.0*
//! ^board              ^side ^throws since relevé (White/Black) ^marks (trous.points, * = en bredouille)
//! ```

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::Board;
use crate::board::Point;
use crate::board::Position;
use crate::board::{ByColour, Colour};
use crate::board::{Marks, PositionError, Setup};

impl fmt::Display for Board {
    /// The board field of the notation: `point:colourcount` entries separated by commas in
    /// label order `B1..B12`, `N1..N12`; `-` for an empty board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        let order = (1..=12u8)
            .filter_map(Point::b)
            .chain((1..=12u8).filter_map(Point::n));
        for point in order {
            if let Some((c, n)) = self.occupant(point) {
                if !first {
                    f.write_str(",")?;
                }
                first = false;
                write!(f, "{point}:{}{n}", c.letter())?;
            }
        }
        if first {
            f.write_str("-")?;
        }
        Ok(())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} {}/{} {}/{}",
            self.board,
            self.side_to_move.letter(),
            self.throws_since_releve.white,
            self.throws_since_releve.black,
            MarksText(self.marks.white),
            MarksText(self.marks.black)
        )
    }
}

impl fmt::Display for Setup {
    /// The position notation, unchecked: the same text as [`Position`]'s for every setup the
    /// notation can hold (at most one colour and 1 to 15 dames a point); a point holding both
    /// colours is written twice, which [`Setup::from_str`] refuses
    /// ([`ParsePositionError::DuplicatePoint`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        let order = (1..=12u8)
            .filter_map(Point::b)
            .chain((1..=12u8).filter_map(Point::n));
        for point in order {
            for c in [Colour::White, Colour::Black] {
                let n = self.counts[c][point.index()];
                if n > 0 {
                    if !first {
                        f.write_str(",")?;
                    }
                    first = false;
                    write!(f, "{point}:{}{n}", c.letter())?;
                }
            }
        }
        if first {
            f.write_str("-")?;
        }
        write!(
            f,
            " {} {}/{} {}/{}",
            self.side_to_move.letter(),
            self.throws_since_releve.white,
            self.throws_since_releve.black,
            MarksText(self.marks.white),
            MarksText(self.marks.black)
        )
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Setup {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Setup {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Setup, D::Error> {
        let s = <String as serde::Deserialize>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

struct MarksText(Marks);

impl fmt::Display for MarksText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0.trous, self.0.points)?;
        if self.0.bredouille {
            f.write_str("*")?;
        }
        if self.0.pavillon {
            f.write_str("p")?;
        }
        Ok(())
    }
}

/// Error of parsing the position notation: which field is wrong, and why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// Fewer than the four space-separated fields.
    #[error("missing field {0} (expected: board side throws marks)")]
    MissingField(&'static str),
    /// More than four fields.
    #[error("unexpected text after the marks: {0:?}")]
    TrailingText(String),
    /// A board entry is not `<point>:<w|b><count>`.
    #[error("board entry {entry:?}: {reason}")]
    BadBoardEntry {
        /// The entry as written.
        entry: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The same point is listed twice.
    #[error("board lists {0} twice")]
    DuplicatePoint(Point),
    /// The side to move is not `w` or `b`.
    #[error("side to move {0:?}: expected w or b")]
    BadSide(String),
    /// The throws field is not `<white>/<black>` with numbers 0..=255.
    #[error("throws since relevé {0:?}: expected <white>/<black>, e.g. 2/1")]
    BadThrows(String),
    /// The marks field is not `<trous>.<points>[*][p]/<trous>.<points>[*][p]`.
    #[error(
        "marks {0:?}: expected <trous>.<points>[*][p]/<trous>.<points>[*][p], e.g. 0.4/1.0* or 2.4/1.0*p"
    )]
    BadMarks(String),
    /// The fields parse but do not make a legal position.
    #[error("illegal position: {0}")]
    Illegal(PositionError),
}

fn parse_board(s: &str, counts: &mut ByColour<[u8; 24]>) -> Result<(), ParsePositionError> {
    if s == "-" {
        return Ok(());
    }
    let mut seen = [false; 24];
    for entry in s.split(',') {
        let bad = |reason| ParsePositionError::BadBoardEntry {
            entry: entry.to_string(),
            reason,
        };
        let (pt, rest) = entry
            .split_once(':')
            .ok_or_else(|| bad("expected <point>:<w|b><count>"))?;
        let point: Point = pt
            .parse()
            .map_err(|_| bad("the point is not B1..B12 or N1..N12"))?;
        let mut chars = rest.chars();
        let colour = chars
            .next()
            .and_then(Colour::from_letter)
            .ok_or_else(|| bad("the colour is not w or b"))?;
        let n_text = chars.as_str();
        if n_text.is_empty() || n_text.len() > 2 || !n_text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad("the count is not a number 1..=15"));
        }
        let n: u8 = n_text
            .parse()
            .map_err(|_| bad("the count is not a number 1..=15"))?;
        if n == 0 || n > 15 {
            return Err(bad("the count is not a number 1..=15"));
        }
        if seen[point.index()] {
            return Err(ParsePositionError::DuplicatePoint(point));
        }
        seen[point.index()] = true;
        counts[colour][point.index()] = n;
    }
    Ok(())
}

fn parse_marks(s: &str) -> Option<Marks> {
    let (s, pavillon) = match s.strip_suffix('p') {
        Some(b) => (b, true),
        None => (s, false),
    };
    let (body, bredouille) = match s.strip_suffix('*') {
        Some(b) => (b, true),
        None => (s, false),
    };
    let (t, p) = body.split_once('.')?;
    let digits = |x: &str| !x.is_empty() && x.len() <= 3 && x.bytes().all(|b| b.is_ascii_digit());
    if !digits(t) || !digits(p) {
        return None;
    }
    Some(Marks {
        trous: t.parse().ok()?,
        points: p.parse().ok()?,
        bredouille,
        pavillon,
    })
}

impl FromStr for Setup {
    type Err = ParsePositionError;
    /// Parses the notation without checking legality (only the syntax).
    fn from_str(s: &str) -> Result<Setup, ParsePositionError> {
        let mut fields = s.split_whitespace();
        let board = fields
            .next()
            .ok_or(ParsePositionError::MissingField("board"))?;
        let side = fields
            .next()
            .ok_or(ParsePositionError::MissingField("side to move"))?;
        let throws = fields
            .next()
            .ok_or(ParsePositionError::MissingField("throws since relevé"))?;
        let marks = fields
            .next()
            .ok_or(ParsePositionError::MissingField("marks"))?;
        let rest: Vec<&str> = fields.collect();
        if !rest.is_empty() {
            return Err(ParsePositionError::TrailingText(rest.join(" ")));
        }
        let mut setup = Setup::empty();
        parse_board(board, &mut setup.counts)?;
        let mut sc = side.chars();
        setup.side_to_move = match (sc.next().and_then(Colour::from_letter), sc.next()) {
            (Some(c), None) => c,
            _ => return Err(ParsePositionError::BadSide(side.to_string())),
        };
        let bad_t = || ParsePositionError::BadThrows(throws.to_string());
        let (tw, tb) = throws.split_once('/').ok_or_else(bad_t)?;
        let num = |x: &str| -> Option<u8> {
            if x.is_empty() || x.len() > 3 || !x.bytes().all(|b| b.is_ascii_digit()) {
                None
            } else {
                x.parse().ok()
            }
        };
        setup.throws_since_releve =
            ByColour::new(num(tw).ok_or_else(bad_t)?, num(tb).ok_or_else(bad_t)?);
        let bad_m = || ParsePositionError::BadMarks(marks.to_string());
        let (mw, mb) = marks.split_once('/').ok_or_else(bad_m)?;
        setup.marks = ByColour::new(
            parse_marks(mw).ok_or_else(bad_m)?,
            parse_marks(mb).ok_or_else(bad_m)?,
        );
        Ok(setup)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let setup: Setup = s.parse()?;
        Ok(Position::from_setup(&setup)?)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let s = <String as serde::Deserialize>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

// By hand rather than `#[from]`, which would also make the cause the `source()` of an error
// that already prints it.
impl From<PositionError> for ParsePositionError {
    fn from(e: PositionError) -> ParsePositionError {
        ParsePositionError::Illegal(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_errors() {
        let text = "B1:w13,B3:w2,N1:b12,N12:b3 b 2/1 0.4/1.0*";
        let pos: Position = text.parse().unwrap();
        assert_eq!(pos.to_string(), text);
        // Any entry order is accepted; Display is canonical.
        let pos2: Position = "N12:b3,B3:w2,N1:b12,B1:w13 b 2/1 0.4/1.0*".parse().unwrap();
        assert_eq!(pos2, pos);
        assert_eq!(
            "B1:w15 w 0/0".parse::<Position>(),
            Err(ParsePositionError::MissingField("marks"))
        );
        assert!(matches!(
            "B1:x15,N1:b15 w 0/0 0.0/0.0".parse::<Position>(),
            Err(ParsePositionError::BadBoardEntry { .. })
        ));
        assert_eq!(
            "B1:w14,B1:w1,N1:b15 w 0/0 0.0/0.0".parse::<Position>(),
            Err(ParsePositionError::DuplicatePoint(Point::b(1).unwrap()))
        );
        assert!(matches!(
            "B1:w15,N1:b15 x 0/0 0.0/0.0".parse::<Position>(),
            Err(ParsePositionError::BadSide(_))
        ));
        assert!(matches!(
            "B1:w15,N1:b15 w 0 0.0/0.0".parse::<Position>(),
            Err(ParsePositionError::BadThrows(_))
        ));
        assert!(matches!(
            "B1:w15,N1:b15 w 0/0 0.0".parse::<Position>(),
            Err(ParsePositionError::BadMarks(_))
        ));
        assert_eq!(
            "B1:w14,B12:w1,N1:b15 w 0/0 0.0/0.0".parse::<Position>(),
            Err(ParsePositionError::Illegal(
                PositionError::SingleDameOnCoin {
                    colour: Colour::White,
                    point: Point::b(12).unwrap()
                }
            ))
        );
        assert!(matches!(
            "B1:w13,N12:w2,N1:b15 w 0/0 0.0/0.0".parse::<Position>(),
            Err(ParsePositionError::Illegal(
                PositionError::OnOpponentCoin { .. }
            ))
        ));
        assert!(matches!(
            "B1:w15,N1:b16 w 0/0 0.0/0.0".parse::<Position>(),
            Err(ParsePositionError::BadBoardEntry { .. })
        ));
        assert!(matches!(
            "B1:w15,B2:w1,N1:b15 w 0/0 0.0/0.0".parse::<Position>(),
            Err(ParsePositionError::Illegal(
                PositionError::TooManyDames { .. }
            ))
        ));
        assert!(matches!(
            "B1:w15,N1:b15 w 0/0 0.12/0.0".parse::<Position>(),
            Err(ParsePositionError::Illegal(
                PositionError::PointsOutOfRange { .. }
            ))
        ));
        assert!(matches!(
            "B1:w15,N1:b15 w 0/0 0.0/0.0 x".parse::<Position>(),
            Err(ParsePositionError::TrailingText(_))
        ));
        // Borne-off dames are implied: 15 minus those on the board.
        // (Black's two in his jan de retour: borne off dames leave the others there.)
        let p: Position = "N1:w1,B3:b2 w 9/9 0.0/0.0".parse().unwrap();
        assert_eq!(p.board().off(Colour::White), 14);
        assert_eq!(p.board().off(Colour::Black), 13);
    }
}

#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use super::*;

    #[test]
    fn serde_goes_through_the_notation() {
        let pos: Position = "B1:w13,B3:w2,N1:b12,N12:b3 b 2/1 0.4/1.0*".parse().unwrap();
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(json, "\"B1:w13,B3:w2,N1:b12,N12:b3 b 2/1 0.4/1.0*\"");
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
        // Deserialising validates.
        assert!(
            serde_json::from_str::<Position>("\"B12:w1,B1:w14,N1:b15 w 0/0 0.0/0.0\"").is_err()
        );
    }
}
