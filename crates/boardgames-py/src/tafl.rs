//! Tafl ([`TaflGame`]): moves as origin square × direction × distance, the position as planes.
//!
//! | id | meaning |
//! |---|---|
//! | `((square * 4) + direction) * (n - 1) + (distance - 1)` | the move from `square` (`rank * n + file`, a1 = 0) in `direction` (0 up: rank + 1, 1 right: file + 1, 2 down, 3 left) over `distance` squares (1 to n − 1) |
//!
//! An n×n board has `4 n² (n − 1)` ids: 1176 on 7×7, 2592 on 9×9, 4840 on 11×11. Tafl has
//! no chance.

use boardgames_common::{Game, Player};
use tafl_core::{Move, MoveList, Position, Rules, Ruleset, Side, Square, TaflGame};

/// The planes of the observation ([`Planes::write`]), in order.
pub const PLANES: [&str; 12] = [
    "own soldiers",
    "opponent soldiers",
    "king",
    "throne",
    "corners",
    "corners visited",
    "berserker",
    "officers",
    "observer to move",
    "observer defends",
    "repetitions",
    "plies since capture",
];

/// The number of planes of the observation.
pub const NUM_PLANES: usize = PLANES.len();

/// The number of move ids of an n×n board: `4 n² (n − 1)`.
#[must_use]
pub const fn num_actions(size: u8) -> usize {
    let n = size as usize;
    4 * n * n * (n - 1)
}

/// The id of `m` on an n×n board, or `None` if `m` is not a straight move on it.
#[must_use]
pub fn move_id(size: u8, m: Move) -> Option<usize> {
    let n = usize::from(size);
    let (ff, fr) = (usize::from(m.from.file()), usize::from(m.from.rank()));
    let (tf, tr) = (usize::from(m.to.file()), usize::from(m.to.rank()));
    if ff >= n || fr >= n || tf >= n || tr >= n {
        return None;
    }
    let (direction, distance) = if ff == tf && tr > fr {
        (0, tr - fr)
    } else if fr == tr && tf > ff {
        (1, tf - ff)
    } else if ff == tf && fr > tr {
        (2, fr - tr)
    } else if fr == tr && ff > tf {
        (3, ff - tf)
    } else {
        return None;
    };
    Some(((fr * n + ff) * 4 + direction) * (n - 1) + (distance - 1))
}

/// The move of id `id` on an n×n board, or `None` beyond the board or the encoding.
#[must_use]
pub fn id_move(size: u8, id: usize) -> Option<Move> {
    let n = usize::from(size);
    if id >= num_actions(size) {
        return None;
    }
    let distance = id % (n - 1) + 1;
    let rest = id / (n - 1);
    let direction = rest % 4;
    let square = rest / 4;
    let (file, rank) = (square % n, square / n);
    let (tf, tr) = match direction {
        0 => (Some(file), rank.checked_add(distance)),
        1 => (file.checked_add(distance), Some(rank)),
        2 => (Some(file), rank.checked_sub(distance)),
        _ => (file.checked_sub(distance), Some(rank)),
    };
    let (tf, tr) = (tf.filter(|&f| f < n)?, tr.filter(|&r| r < n)?);
    let from = Square::new(u8::try_from(file).ok()?, u8::try_from(rank).ok()?)?;
    let to = Square::new(u8::try_from(tf).ok()?, u8::try_from(tr).ok()?)?;
    Some(Move::new(from, to))
}

/// The legal moves of `position` under `rules`, its game's (the crate's generator).
#[must_use]
pub fn legal_moves(position: &Position, rules: &Rules) -> MoveList {
    let mut list = MoveList::new();
    legal_moves_into(position, rules, &mut list);
    list
}

/// The legal moves of `position` under `rules` written into `list` (cleared first).
pub fn legal_moves_into(position: &Position, rules: &Rules, list: &mut MoveList) {
    position.legal_moves_into(rules, list);
}

/// The observation's values for the game's counters: the repetitions of the position over
/// the rule's count, the plies since the last capture over the no-capture limit (0 without).
#[must_use]
pub fn counters(game: &TaflGame) -> (f32, f32) {
    let rules = game.rules();
    let count = f32::from(rules.repetition.count.max(1));
    #[allow(clippy::cast_precision_loss)]
    let repetitions = (game.repetitions() as f32 / count).min(1.0);
    let plies = match rules.no_capture_limit {
        #[allow(clippy::cast_precision_loss)]
        Some(limit) => (game.plies_since_capture() as f32 / f32::from(limit.max(1))).min(1.0),
        None => 0.0,
    };
    (repetitions, plies)
}

/// What the planes of a ruleset's positions share: the board size, the squares of the throne
/// and of the corners (which never move), and whether the rules have officers (Berserk).
#[derive(Debug, Clone)]
pub struct Planes {
    n: usize,
    throne: Vec<usize>,
    corners: Vec<usize>,
    officers: bool,
}

impl Planes {
    /// The planes of `position` under `rules` (its game's).
    #[must_use]
    pub fn of(position: &Position, rules: &Rules) -> Planes {
        let n = usize::from(position.size());
        let (mut throne, mut corners) = (Vec::new(), Vec::new());
        for rank in 0..position.size() {
            for file in 0..position.size() {
                let Some(sq) = Square::new(file, rank) else {
                    continue;
                };
                let i = usize::from(rank) * n + usize::from(file);
                if position.is_throne(rules, sq) {
                    throne.push(i);
                }
                if position.is_corner(rules, sq) {
                    corners.push(i);
                }
            }
        }
        Planes {
            n,
            throne,
            corners,
            officers: !rules.officers.attackers.is_empty() || !rules.officers.defenders.is_empty(),
        }
    }

    /// The values of one observation: `NUM_PLANES * n * n`.
    #[must_use]
    pub fn len(&self) -> usize {
        NUM_PLANES * self.n * self.n
    }

    /// Whether the observation is empty (never: a board has squares).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Writes the [`PLANES`] of `game` as `observer` sees them into `out` (`len()` values,
    /// plane by plane, each rank by rank from a1), with `T` the value type (`f32` or `u8`)
    /// and `scalars` the values of the last two planes.
    pub fn write<T: Copy + From<u8>>(
        &self,
        game: &TaflGame,
        observer: Side,
        out: &mut [T],
        scalars: (T, T),
    ) {
        let area = self.n * self.n;
        let out = &mut out[..NUM_PLANES * area];
        out.fill(T::from(0));
        self.write_static(out);
        self.write_dynamic(game, observer, out, scalars);
    }

    /// Writes the planes that never change (throne, corners) into a zeroed `out`.
    fn write_static<T: Copy + From<u8>>(&self, out: &mut [T]) {
        let area = self.n * self.n;
        for &i in &self.throne {
            out[3 * area + i] = T::from(1);
        }
        for &i in &self.corners {
            out[4 * area + i] = T::from(1);
        }
    }

    /// Rewrites every plane but the throne's and the corners' (left as they are).
    pub fn write_dynamic<T: Copy + From<u8>>(
        &self,
        game: &TaflGame,
        observer: Side,
        out: &mut [T],
        scalars: (T, T),
    ) {
        let pos = game.position();
        let n = self.n;
        let area = n * n;
        let (zero, one) = (T::from(0), T::from(1));
        for plane in [0, 1, 2, 5, 6, 7] {
            out[plane * area..(plane + 1) * area].fill(zero);
        }
        let king = pos.king();
        let index = |sq: Square| usize::from(sq.rank()) * n + usize::from(sq.file());
        for sq in pos.pieces(observer) {
            if Some(sq) != king {
                out[index(sq)] = one;
            }
        }
        for sq in pos.pieces(observer.other()) {
            if Some(sq) != king {
                out[area + index(sq)] = one;
            }
        }
        if let Some(k) = king {
            out[2 * area + index(k)] = one;
        }
        for sq in pos.corners_visited() {
            out[5 * area + index(sq)] = one;
        }
        if let Some(b) = pos.berserker() {
            out[6 * area + index(b)] = one;
        }
        if self.officers {
            for sq in pos.occupied() {
                if pos.officer_at(sq).is_some() {
                    out[7 * area + index(sq)] = one;
                }
            }
        }
        let fill =
            |out: &mut [T], plane: usize, v: T| out[plane * area..(plane + 1) * area].fill(v);
        fill(
            out,
            8,
            if pos.side_to_move() == observer {
                one
            } else {
                zero
            },
        );
        fill(
            out,
            9,
            if observer == Side::Defenders {
                one
            } else {
                zero
            },
        );
        fill(out, 10, scalars.0);
        fill(out, 11, scalars.1);
    }
}

impl crate::Encoded for TaflGame {
    fn num_actions(&self) -> usize {
        num_actions(self.position().size())
    }

    fn num_chance_outcomes(&self) -> usize {
        0
    }

    fn encode(&self, action: Move) -> usize {
        // Every legal move is a straight move on the board (slides and Berserk's jumps).
        move_id(self.position().size(), action).unwrap_or(usize::MAX)
    }

    fn decode(&self, id: usize) -> Option<Move> {
        if self.is_terminal() {
            return None;
        }
        let m = id_move(self.position().size(), id)?;
        self.position().is_legal(self.rules(), m).then_some(m)
    }

    fn observation_shape(&self) -> Vec<usize> {
        let n = usize::from(self.position().size());
        vec![NUM_PLANES, n, n]
    }

    fn write_observation(&self, player: Player, out: &mut [f32]) {
        Planes::of(self.position(), self.rules()).write(
            self,
            Side::from(player),
            out,
            counters(self),
        );
    }

    fn position_text(&self) -> String {
        tafl_core::TaflPosition::new(self.ruleset().clone(), &self.position().to_setup())
            .map_or_else(|_| self.position().to_string(), |p| p.to_string())
    }

    fn diagram(&self) -> String {
        TaflGame::diagram(self)
    }

    fn svg(&self, _last: Option<Move>) -> String {
        let last = self.moves().last().copied();
        tafl_core::svg::render(
            self.position(),
            self.rules(),
            &tafl_core::svg::SvgOptions {
                last_move: last,
                ..Default::default()
            },
        )
    }
}

/// The ruleset a text names: a preset's name (`fidchell`, `brandubh`, …, optionally followed
/// by `repetition:none`) or an OpenTafl rules string, as a record's `Rules` tag.
///
/// # Errors
///
/// The crate's message when the text is neither.
pub fn ruleset(text: &str) -> Result<Ruleset, String> {
    text.parse::<Ruleset>().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_on_every_size() {
        for size in [7u8, 9, 11] {
            let mut seen = 0;
            for id in 0..num_actions(size) {
                if let Some(m) = id_move(size, id) {
                    assert_eq!(move_id(size, m), Some(id), "{size}: {m}");
                    seen += 1;
                }
            }
            // Every origin, direction and distance staying on the board: n² squares, and in
            // each of the 4 directions the n(n-1)/2 … summed: 4 · n · n(n-1)/2.
            let n = usize::from(size);
            assert_eq!(seen, 4 * n * n * (n - 1) / 2);
        }
        assert_eq!(num_actions(7), 1176);
        assert_eq!(num_actions(9), 2592);
        assert_eq!(num_actions(11), 4840);
    }

    #[test]
    fn the_first_fidchell_move_has_its_id() {
        // c1-c2: square c1 = file 2, rank 0 → 2; up; distance 1.
        let m: Move = "c1-c2".parse().unwrap();
        assert_eq!(move_id(7, m), Some((2 * 4) * 6));
        let m: Move = "d1-d3".parse().unwrap();
        assert_eq!(move_id(7, m), Some((3 * 4) * 6 + 1));
        let m: Move = "g4-a4".parse().unwrap();
        assert_eq!(move_id(7, m), Some(((3 * 7 + 6) * 4 + 3) * 6 + 5));
    }
}
