//! Scoring events ([`JanEvent`]) and their fixed-capacity list ([`Events`]).

use std::fmt;

use arrayvec::ArrayVec;

use crate::board::Colour;
use crate::board::Point;
use crate::movement::Number;
use crate::scoring::kind::JanKind;

/// One way a dame is hit: the hitting dame's point and the number (one die, or the sum tout
/// d'une). With `serde`: `{"from": "N12", "number": 5}`, the sum as `"number": null`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "HitWayRepr", from = "HitWayRepr")
)]
pub struct HitWay {
    /// Where the hitting dame stands (one of them if several could hit by this number).
    pub from: Point,
    /// The number that reaches the hit dame.
    pub number: Number,
}

/// Which dame a hit (à vrai or à faux) is on, and the ways it is hit: at most 3 on a simple
/// throw (each die, the sum), 2 on a doublet (the die, twice the die). With `serde`:
/// `{"dame": "B8", "ways": [..]}` (extra ways beyond 3 are dropped on reading).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(into = "HitRepr", from = "HitRepr")
)]
pub struct Hit {
    /// The point of the hit dame (an opponent's demi-case).
    pub dame: Point,
    ways: Ways,
}

/// The ways of a [`Hit`] as the four cases the rules allow (none yet, one, two, three)
/// rather than an array and a length: a [`JanEvent`] is `Copy` and small (the events of a
/// throw are copied with every analysis), which an `ArrayVec` is not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Ways {
    None,
    One([HitWay; 1]),
    Two([HitWay; 2]),
    Three([HitWay; 3]),
}

impl Hit {
    pub(crate) fn new(dame: Point) -> Hit {
        Hit {
            dame,
            ways: Ways::None,
        }
    }

    /// Adds a way; a fourth is dropped (at most three: the two dice and the sum; only a
    /// serde form can give more).
    pub(crate) fn push(&mut self, way: HitWay) {
        self.ways = match self.ways {
            Ways::None => Ways::One([way]),
            Ways::One([a]) => Ways::Two([a, way]),
            Ways::Two([a, b]) => Ways::Three([a, b, way]),
            full @ Ways::Three(_) => full,
        };
    }

    /// The ways, in the order: higher die, lower die, sum.
    #[must_use]
    pub fn ways(&self) -> &[HitWay] {
        match &self.ways {
            Ways::None => &[],
            Ways::One(w) => w,
            Ways::Two(w) => w,
            Ways::Three(w) => w,
        }
    }
}

/// One scoring event of a throw: the jan, its number of ways, the points (tariff value
/// times ways) and who marks them (rules page, "Scoring: the jans (tariff)").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct JanEvent {
    /// The jan.
    pub kind: JanKind,
    /// Number of ways (1 for the one-way jans; numbers unplayed for impuissance).
    pub ways: u8,
    /// Points: the tariff value of [`JanKind::points_per_way`] times `ways`.
    pub points: u8,
    /// Who marks the points: the player who threw, or his opponent for à faux, contre-jans
    /// and impuissance.
    pub beneficiary: Colour,
    /// For hits: which dame, from where, by which number. `None` for other jans.
    pub hit: Option<Hit>,
}

impl JanEvent {
    /// The event of `kind` by `ways` for the player `mover` who threw, with `doublet`
    /// selecting the tariff column.
    #[must_use]
    pub(crate) fn new(kind: JanKind, ways: u8, doublet: bool, mover: Colour) -> JanEvent {
        JanEvent {
            kind,
            ways,
            points: kind.points_per_way(doublet).saturating_mul(ways),
            beneficiary: if kind.for_opponent() {
                mover.other()
            } else {
                mover
            },
            hit: None,
        }
    }
}

impl fmt::Display for JanEvent {
    /// `White 4: battre à vrai (hit), table du petit jan (petit-jan table) on B6 [N12+sum]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {}", self.beneficiary, self.points, self.kind)?;
        if self.ways > 1 {
            write!(f, ", {} ways", self.ways)?;
        }
        if let Some(h) = &self.hit {
            write!(f, " on {} [", h.dame)?;
            for (i, w) in h.ways().iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                match w.number {
                    Number::Die(d) => write!(f, "{}+{}", w.from, d.get())?,
                    Number::Sum => write!(f, "{}+sum", w.from)?,
                }
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct HitWayRepr {
    from: Point,
    number: Option<boardgames_common::Die>,
}

#[cfg(feature = "serde")]
impl From<HitWay> for HitWayRepr {
    fn from(w: HitWay) -> HitWayRepr {
        HitWayRepr {
            from: w.from,
            number: match w.number {
                Number::Die(d) => Some(d),
                Number::Sum => None,
            },
        }
    }
}

#[cfg(feature = "serde")]
impl From<HitWayRepr> for HitWay {
    fn from(r: HitWayRepr) -> HitWay {
        HitWay {
            from: r.from,
            number: r.number.map_or(Number::Sum, Number::Die),
        }
    }
}

#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct HitRepr {
    dame: Point,
    ways: Vec<HitWay>,
}

#[cfg(feature = "serde")]
impl From<Hit> for HitRepr {
    fn from(h: Hit) -> HitRepr {
        HitRepr {
            dame: h.dame,
            ways: h.ways().to_vec(),
        }
    }
}

#[cfg(feature = "serde")]
impl From<HitRepr> for Hit {
    fn from(r: HitRepr) -> Hit {
        let mut h = Hit::new(r.dame);
        for w in r.ways {
            h.push(w);
        }
        h
    }
}

/// Capacity of [`Events`]. Worst case of one throw: at most 15 opponent dames can be hit
/// (one event each), plus coin battu, one jan de départ, impuissance, rencontre, three
/// fills/keeps and the sortie: 23 < 32.
pub const MAX_EVENTS: usize = 32;

/// A fixed-capacity list of events (no allocation).
pub type Events = ArrayVec<JanEvent, MAX_EVENTS>;

/// Points marked by `colour` in `events`.
#[must_use]
pub fn points_for(events: &[JanEvent], colour: Colour) -> u8 {
    events
        .iter()
        .filter(|e| e.beneficiary == colour)
        .fold(0u8, |a, e| a.saturating_add(e.points))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "serde")]
    #[test]
    fn serde_round_trip() {
        use crate::scoring::kind::Table;
        let mut hit = Hit::new(Point::ALL[7]);
        hit.push(HitWay {
            from: Point::ALL[13],
            number: Number::Sum,
        });
        let mut e = JanEvent::new(JanKind::HitAVrai(Table::GrandJan), 1, false, Colour::Black);
        e.hit = Some(hit);
        let text = serde_json::to_string(&e).expect("serialise");
        assert!(text.contains(r#""dame":"B8""#), "{text}");
        let back: JanEvent = serde_json::from_str(&text).expect("deserialise");
        assert_eq!(back, e);
    }

    #[test]
    fn sizes() {
        // Events are copied into fixed-capacity lists: keep them small.
        assert_eq!(std::mem::size_of::<HitWay>(), 3);
        assert_eq!(std::mem::size_of::<Hit>(), 10);
        assert_eq!(std::mem::size_of::<JanEvent>(), 15);
    }
}
