//! Test helpers: a slow, array-based reference implementation of the rules (written
//! independently of the bitboard code), and the 8 symmetries of the square.
#![allow(dead_code, unreachable_pub)]

use tafl_core::{
    BerserkMode, Escape, Jump, KingStrength, Move, Officer, Piece, Position, Rules, Setup, Side,
    Square,
};

/// The 8 symmetries of the board: `t` in 0..8 maps (file, rank) on a board of `n`.
pub fn map_square(sq: Square, t: u8, n: u8) -> Square {
    let (mut f, mut r) = (sq.file(), sq.rank());
    if t & 4 != 0 {
        std::mem::swap(&mut f, &mut r);
    }
    if t & 1 != 0 {
        f = n - 1 - f;
    }
    if t & 2 != 0 {
        r = n - 1 - r;
    }
    Square::new(f, r).unwrap()
}

/// `setup` transformed by symmetry `t`.
pub fn map_setup(setup: &Setup, t: u8) -> Setup {
    let n = setup.size;
    let mut out = Setup::empty(n);
    out.side_to_move = setup.side_to_move;
    for sq in setup.attackers {
        out.put(map_square(sq, t, n), Piece::Attacker);
    }
    for sq in setup.defenders {
        out.put(map_square(sq, t, n), Piece::Defender);
    }
    if let Some(k) = setup.king {
        out.put(map_square(k, t, n), Piece::King);
    }
    for sq in setup.corners_visited {
        out.corners_visited.insert(map_square(sq, t, n));
    }
    out
}

pub fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// The reference board: a plain array of cells.
#[derive(Clone, Debug)]
pub struct RefBoard {
    pub n: i32,
    pub cells: Vec<Option<Piece>>,
    pub side: Side,
    pub rules: Rules,
    pub visited: Vec<(i32, i32)>,
    pub over: bool,
    /// Commanders and knights (Berserk): the kind of each square's officer.
    pub officers: Vec<Option<Officer>>,
    /// The piece that moves again (berserk moves).
    pub berserker: Option<(i32, i32)>,
}

impl RefBoard {
    /// The board of `p` under `rules` (the position's).
    pub fn from_position(p: &Position, rules: &Rules) -> RefBoard {
        let n = i32::from(p.size());
        let mut cells = vec![None; (n * n) as usize];
        for r in 0..n {
            for f in 0..n {
                cells[(r * n + f) as usize] = p.piece_at(Square::new(f as u8, r as u8).unwrap());
            }
        }
        RefBoard {
            n,
            cells,
            side: p.side_to_move(),
            rules: *rules,
            visited: p
                .corners_visited()
                .map(|s| (i32::from(s.file()), i32::from(s.rank())))
                .collect(),
            over: p.status().is_over(),
            officers: (0..n * n)
                .map(|i| {
                    let sq = Square::new((i % n) as u8, (i / n) as u8).unwrap();
                    if p.knights().contains(sq) {
                        Some(Officer::Knight)
                    } else if p.commanders().contains(sq) {
                        Some(Officer::Commander)
                    } else {
                        None
                    }
                })
                .collect(),
            berserker: p
                .berserker()
                .map(|s| (i32::from(s.file()), i32::from(s.rank()))),
        }
    }

    /// The kind of the officer on (f, r), if any.
    fn officer_kind(&self, f: i32, r: i32) -> Option<Officer> {
        if self.on(f, r) && self.cells[(r * self.n + f) as usize].is_some() {
            self.officers[(r * self.n + f) as usize]
        } else {
            None
        }
    }

    fn officer(&self, f: i32, r: i32) -> bool {
        self.officer_kind(f, r).is_some()
    }

    /// The jump rule of the piece on (f, r): the king's, or its own kind's for an officer.
    fn jump(&self, f: i32, r: i32) -> Jump {
        match (self.at(f, r), self.officer_kind(f, r)) {
            (Some(Piece::King), _) => self.rules.jumps.king,
            (Some(_), Some(Officer::Knight)) => self.rules.jumps.knight,
            (Some(_), Some(Officer::Commander)) => self.rules.jumps.commander,
            _ => Jump::None,
        }
    }

    fn special(&self, f: i32, r: i32) -> bool {
        self.throne(f, r) || self.corner(f, r) || self.fort(f, r)
    }

    /// Whether `p` may stop on (x, y), coming from a fort or not.
    fn may_stop(&self, p: Piece, x: i32, y: i32, from_fort: bool) -> bool {
        let forts = self.rules.forts;
        if self.fort(x, y) {
            forts.stoppable.contains(p) && (from_fort || forts.reenter.contains(p))
        } else if self.corner(x, y) {
            self.rules.corner.stoppable.contains(p)
        } else if self.throne(x, y) {
            self.rules.throne.stoppable.contains(p)
        } else {
            true
        }
    }

    /// The jumps of the piece on (f, r).
    fn jumps_of(&self, f: i32, r: i32) -> Vec<(i32, i32)> {
        let jump = self.jump(f, r);
        let Some(p) = self.at(f, r) else {
            return Vec::new();
        };
        if jump == Jump::None {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (mx, my, x, y) = (f + df, r + dr, f + 2 * df, r + 2 * dr);
            let Some(q) = self.at(mx, my) else { continue };
            if Self::side_of(q) == Self::side_of(p) || q == Piece::King || self.officer(mx, my) {
                continue;
            }
            if !self.on(x, y) || self.at(x, y).is_some() {
                continue;
            }
            if !self.may_stop(p, x, y, self.fort(f, r)) {
                continue;
            }
            if jump == Jump::Restricted && !self.special(f, r) && !self.special(x, y) {
                continue;
            }
            out.push((x, y));
        }
        out
    }

    fn on(&self, f: i32, r: i32) -> bool {
        f >= 0 && r >= 0 && f < self.n && r < self.n
    }

    pub fn at(&self, f: i32, r: i32) -> Option<Piece> {
        if self.on(f, r) {
            self.cells[(r * self.n + f) as usize]
        } else {
            None
        }
    }

    fn set(&mut self, f: i32, r: i32, p: Option<Piece>) {
        let n = self.n;
        self.cells[(r * n + f) as usize] = p;
    }

    fn corner(&self, f: i32, r: i32) -> bool {
        self.rules.has_corners && (f == 0 || f == self.n - 1) && (r == 0 || r == self.n - 1)
    }

    fn throne(&self, f: i32, r: i32) -> bool {
        self.rules.has_throne && f == self.n / 2 && r == self.n / 2
    }

    fn fort(&self, f: i32, r: i32) -> bool {
        self.on(f, r)
            && self
                .rules
                .forts
                .squares
                .contains(Square::new(f as u8, r as u8).unwrap())
    }

    /// The most squares the piece `p` on (f, r) may slide: its kind's limit (an officer's
    /// own, by its side), unlimited for 0.
    fn speed(&self, f: i32, r: i32, p: Piece) -> i32 {
        let s = self.rules.speeds;
        let limit = match self.officer_kind(f, r) {
            Some(Officer::Commander) => s.commanders[Self::side_of(p)],
            Some(Officer::Knight) => s.knights[Self::side_of(p)],
            None => s.of(p),
        };
        match limit {
            0 => i32::MAX,
            l => i32::from(l),
        }
    }

    fn side_of(p: Piece) -> Side {
        if p == Piece::Attacker {
            Side::Attackers
        } else {
            Side::Defenders
        }
    }

    /// Moves of `side`, walking square by square.
    pub fn moves_of(&self, side: Side) -> Vec<Move> {
        let mut out = Vec::new();
        for r in 0..self.n {
            for f in 0..self.n {
                let Some(p) = self.at(f, r) else { continue };
                if Self::side_of(p) != side {
                    continue;
                }
                if self.berserker.is_some_and(|b| b != (f, r)) {
                    continue;
                }
                for (x, y) in self.jumps_of(f, r) {
                    out.push(Move::new(
                        Square::new(f as u8, r as u8).unwrap(),
                        Square::new(x as u8, y as u8).unwrap(),
                    ));
                }
                let from_fort = self.fort(f, r);
                let forts = self.rules.forts;
                for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (mut x, mut y) = (f + df, r + dr);
                    let mut steps = 0;
                    while self.on(x, y) && self.at(x, y).is_none() {
                        steps += 1;
                        if steps > self.speed(f, r, p) {
                            break;
                        }
                        if self.throne(x, y) && !self.rules.throne.passable.contains(p) {
                            break;
                        }
                        if self.fort(x, y)
                            && (!forts.passable.contains(p)
                                || (!from_fort && !forts.reenter.contains(p)))
                        {
                            break;
                        }
                        // Past the check above, a fort square is entered from a fort or
                        // re-entered lawfully, so `may_stop`'s re-entry test holds.
                        if self.may_stop(p, x, y, from_fort) {
                            out.push(Move::new(
                                Square::new(f as u8, r as u8).unwrap(),
                                Square::new(x as u8, y as u8).unwrap(),
                            ));
                        }
                        x += df;
                        y += dr;
                    }
                }
            }
        }
        out.sort();
        out
    }

    /// The moves of the piece on (f, r) (the side to move's).
    fn piece_moves(&self, f: i32, r: i32) -> impl Iterator<Item = Move> {
        let from = Square::new(f as u8, r as u8).unwrap();
        self.moves_of(self.side)
            .into_iter()
            .filter(move |m| m.from == from)
    }

    pub fn moves(&self) -> Vec<Move> {
        if self.over {
            return Vec::new();
        }
        self.moves_of(self.side)
    }

    /// Whether (f, r) helps capture `victim` for `capturer`.
    fn hostile(&self, f: i32, r: i32, victim: Piece, capturer: Side) -> bool {
        if !self.on(f, r) {
            return self.rules.edge_hostile.contains(victim);
        }
        let special = |occupied: bool| {
            if self.throne(f, r) {
                if occupied {
                    self.rules.throne.hostile_occupied.contains(victim)
                } else {
                    self.rules.throne.hostile_empty.contains(victim)
                }
            } else if self.corner(f, r) {
                self.rules.corner.hostile.contains(victim)
            } else {
                false
            }
        };
        match self.at(f, r) {
            None if self.fort(f, r) => self.rules.forts.hostile.contains(victim),
            None => special(false),
            Some(p) if Self::side_of(p) != capturer => false,
            Some(Piece::King) => self.rules.king_armed.anvil() || special(true),
            Some(_) => true,
        }
    }

    fn against_king(&self, f: i32, r: i32) -> bool {
        if !self.on(f, r) {
            return self.rules.edge_hostile.contains(Piece::King);
        }
        match self.at(f, r) {
            Some(p) => p == Piece::Attacker,
            None => {
                (self.throne(f, r) && self.rules.throne.hostile_empty.contains(Piece::King))
                    || (self.corner(f, r) && self.rules.corner.hostile.contains(Piece::King))
                    || (self.fort(f, r) && self.rules.forts.hostile.contains(Piece::King))
            }
        }
    }

    /// Plays `m`; returns the captured squares (sorted).
    pub fn play(&mut self, m: Move) -> Vec<Square> {
        let (ff, fr) = (i32::from(m.from.file()), i32::from(m.from.rank()));
        let (tf, tr) = (i32::from(m.to.file()), i32::from(m.to.rank()));
        let p = self.at(ff, fr).expect("a piece");
        let side = Self::side_of(p);
        let was_jump = self.jumps_of(ff, fr).contains(&(tf, tr));
        let jump_mode = self.jump(ff, fr);
        let kind = self.officer_kind(ff, fr);
        let officer = kind.is_some();
        let n = self.n;
        self.officers[(fr * n + ff) as usize] = None;
        self.officers[(tr * n + tf) as usize] = kind;
        self.set(ff, fr, None);
        self.set(tf, tr, Some(p));
        if p == Piece::King && self.corner(tf, tr) && !self.visited.contains(&(tf, tr)) {
            self.visited.push((tf, tr));
        }
        let mut caps: Vec<(i32, i32)> = Vec::new();
        let dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        if p != Piece::King || self.rules.king_armed.hammer() {
            let victim = if side == Side::Attackers {
                Piece::Defender
            } else {
                Piece::Attacker
            };
            for (df, dr) in dirs {
                if self.at(tf + df, tr + dr) == Some(victim)
                    && self.hostile(tf + 2 * df, tr + 2 * dr, victim, side)
                {
                    caps.push((tf + df, tr + dr));
                }
            }
            if self.rules.shieldwall && self.rules.shieldwall_flanking {
                caps.extend(self.shieldwall(tf, tr, side));
            }
            if self.rules.linnaean && side == Side::Attackers {
                caps.extend(self.linnaean(tf, tr));
            }
        }
        if self.rules.shieldwall && !self.rules.shieldwall_flanking {
            caps.extend(self.every_shieldwall(side));
        }
        if was_jump && jump_mode == Jump::Capture {
            caps.push(((ff + tf) / 2, (fr + tr) / 2));
        }
        let mut king_taken = false;
        let middleweight = self.rules.king_strength == KingStrength::Strong
            && self.rules.edge_hostile.contains(Piece::King);
        let officer_rule = !self.rules.officers.attackers.is_empty()
            && (self.rules.king_strength == KingStrength::StrongNearThrone
                || (self.rules.king_strength == KingStrength::Strong && !middleweight));
        if side == Side::Attackers && officer_rule {
            let genuine = !caps.is_empty();
            for (df, dr) in dirs {
                let (kf, kr) = (tf + df, tr + dr);
                if self.at(kf, kr) != Some(Piece::King) {
                    continue;
                }
                let (xf, xr) = (kf + df, kr + dr);
                if !self.on(xf, xr)
                    || self.throne(kf, kr)
                    || self.throne(tf, tr)
                    || self.throne(xf, xr)
                    || !self.against_king(xf, xr)
                {
                    continue;
                }
                let hostile_corner = |x: i32, y: i32| {
                    self.corner(x, y) && self.rules.corner.hostile.contains(Piece::King)
                };
                let count = i32::from(officer)
                    + i32::from(self.officer(xf, xr))
                    + i32::from(hostile_corner(xf, xr))
                    + i32::from(hostile_corner(tf, tr));
                // OpenTafl counts the arriving officer twice once the move captures.
                if count >= 2 || (genuine && officer && count + 1 >= 2) {
                    caps.push((kf, kr));
                }
            }
        } else if side == Side::Attackers {
            for (df, dr) in dirs {
                let (kf, kr) = (tf + df, tr + dr);
                if self.at(kf, kr) != Some(Piece::King) {
                    continue;
                }
                let c = self.n / 2;
                let near = self.rules.has_throne && (kf - c).abs() + (kr - c).abs() <= 1;
                let four = match self.rules.king_strength {
                    KingStrength::Strong => true,
                    KingStrength::Weak => false,
                    KingStrength::StrongNearThrone => near,
                };
                king_taken = if four {
                    dirs.iter().all(|&(a, b)| self.against_king(kf + a, kr + b))
                } else {
                    self.against_king(kf + df, kr + dr)
                };
                if king_taken {
                    caps.push((kf, kr));
                }
            }
        }
        caps.sort_by_key(|&(f, r)| (r, f));
        caps.dedup();
        for &(f, r) in &caps {
            self.set(f, r, None);
            self.officers[(r * n + f) as usize] = None;
        }
        let king_alive = self.cells.contains(&Some(Piece::King));
        self.berserker = None;
        let again = !caps.is_empty()
            && king_alive
            && match self.rules.berserk {
                BerserkMode::None => false,
                BerserkMode::AnyMove => self.piece_moves(tf, tr).next().is_some(),
                BerserkMode::Capture => {
                    let moves: Vec<Move> = self.piece_moves(tf, tr).collect();
                    moves.into_iter().any(|m| {
                        let mut b = self.clone();
                        b.rules.berserk = BerserkMode::None;
                        !b.play(m).is_empty()
                    })
                }
            };
        if again {
            self.berserker = Some((tf, tr));
        } else {
            self.side = side.other();
        }
        // Endings.
        let king = (0..self.n * self.n)
            .find(|&i| self.cells[i as usize] == Some(Piece::King))
            .map(|i| (i % self.n, i / self.n));
        self.over = match king {
            None => true,
            Some((kf, kr)) => {
                let escaped = side == Side::Defenders
                    && p == Piece::King
                    && match self.rules.escape {
                        Escape::Corner => self.corner(kf, kr),
                        Escape::Edge => kf == 0 || kr == 0 || kf == self.n - 1 || kr == self.n - 1,
                        Escape::FourCorners => self.visited.len() == 4,
                    };
                escaped
                    || (side == Side::Attackers && self.rules.enclosure && self.enclosed())
                    || self.moves_of(self.side).is_empty()
            }
        };
        let _ = king_taken;
        caps.into_iter()
            .map(|(f, r)| Square::new(f as u8, r as u8).unwrap())
            .collect()
    }

    fn shieldwall(&self, tf: i32, tr: i32, side: Side) -> Vec<(i32, i32)> {
        let n = self.n;
        let mut out = Vec::new();
        let mut lines = Vec::new();
        if tr == 0 || tr == n - 1 {
            lines.push(((0, if tr == 0 { 1 } else { -1 }), (1, 0)));
        }
        if tf == 0 || tf == n - 1 {
            lines.push(((if tf == 0 { 1 } else { -1 }, 0), (0, 1)));
        }
        for ((inf, inr), (af, ar)) in lines {
            for s in [1, -1] {
                let (df, dr) = (af * s, ar * s);
                let (mut x, mut y) = (tf + df, tr + dr);
                let mut row = Vec::new();
                let mut members = 0;
                let mut ok = true;
                while let Some(p) = self.at(x, y) {
                    if Self::side_of(p) == side {
                        break;
                    }
                    let front = self.at(x + inf, y + inr);
                    if front.is_none_or(|q| Self::side_of(q) != side) {
                        ok = false;
                        break;
                    }
                    members += 1;
                    if p != Piece::King {
                        row.push((x, y));
                    }
                    x += df;
                    y += dr;
                }
                if !ok || members < 2 || row.is_empty() || !self.on(x, y) {
                    continue;
                }
                let bracket = match self.at(x, y) {
                    Some(Piece::King) => side == Side::Defenders && self.rules.king_armed.anvil(),
                    Some(q) => Self::side_of(q) == side,
                    None => {
                        self.rules.shieldwall_corners
                            && self.corner(x, y)
                            && self
                                .rules
                                .corner
                                .hostile
                                .contains(if side == Side::Attackers {
                                    Piece::Defender
                                } else {
                                    Piece::Attacker
                                })
                    }
                };
                if bracket {
                    out.extend(row);
                }
            }
        }
        out
    }

    /// Linnaean capture: the square two steps from the throne, the king on it, a defender
    /// between, attackers on the three other sides.
    fn linnaean(&self, tf: i32, tr: i32) -> Vec<(i32, i32)> {
        let c = self.n / 2;
        if self.n % 2 == 0 || self.at(c, c) != Some(Piece::King) {
            return Vec::new();
        }
        let dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        for (df, dr) in dirs {
            if (c + 2 * df, c + 2 * dr) != (tf, tr) {
                continue;
            }
            let attackers = dirs
                .iter()
                .filter(|&&(a, b)| self.at(c + a, c + b) == Some(Piece::Attacker))
                .count();
            if self.at(c + df, c + dr) == Some(Piece::Defender) && attackers == 3 {
                return vec![(c + df, c + dr)];
            }
        }
        Vec::new()
    }

    /// Relaxed shieldwall: every closed row of enemies along every edge, walked square by
    /// square.
    fn every_shieldwall(&self, side: Side) -> Vec<(i32, i32)> {
        let n = self.n;
        let mut out = Vec::new();
        let closes = |x: i32, y: i32| -> bool {
            if !self.on(x, y) {
                return false;
            }
            match self.at(x, y) {
                Some(Piece::King) => side == Side::Defenders && self.rules.king_armed.anvil(),
                Some(q) => Self::side_of(q) == side,
                None => {
                    self.rules.shieldwall_corners
                        && self.corner(x, y)
                        && self
                            .rules
                            .corner
                            .hostile
                            .contains(if side == Side::Attackers {
                                Piece::Defender
                            } else {
                                Piece::Attacker
                            })
                }
            }
        };
        // For each edge: the squares in order and the inward step.
        type Cell = (i32, i32);
        let edges: [(Vec<Cell>, Cell); 4] = [
            ((0..n).map(|i| (i, 0)).collect(), (0, 1)),
            ((0..n).map(|i| (i, n - 1)).collect(), (0, -1)),
            ((0..n).map(|i| (0, i)).collect(), (1, 0)),
            ((0..n).map(|i| (n - 1, i)).collect(), (-1, 0)),
        ];
        for (squares, (inf, inr)) in edges {
            let enemy = |i: usize| {
                self.at(squares[i].0, squares[i].1)
                    .is_some_and(|p| Self::side_of(p) != side)
            };
            let mut i = 0;
            while i < squares.len() {
                if !enemy(i) {
                    i += 1;
                    continue;
                }
                let mut j = i;
                while j < squares.len() && enemy(j) {
                    j += 1;
                }
                let run = &squares[i..j];
                let fronted = run.iter().all(|&(x, y)| {
                    self.at(x + inf, y + inr)
                        .is_some_and(|q| Self::side_of(q) == side)
                });
                let soldiers: Vec<(i32, i32)> = run
                    .iter()
                    .copied()
                    .filter(|&(x, y)| self.at(x, y) != Some(Piece::King))
                    .collect();
                let before = i.checked_sub(1).map(|k| squares[k]);
                let after = squares.get(j).copied();
                if fronted
                    && run.len() >= 2
                    && !soldiers.is_empty()
                    && before.is_some_and(|(x, y)| closes(x, y))
                    && after.is_some_and(|(x, y)| closes(x, y))
                {
                    out.extend(soldiers);
                }
                i = j;
            }
        }
        out
    }

    fn enclosed(&self) -> bool {
        let n = self.n;
        let mut seen = vec![false; (n * n) as usize];
        let mut stack = Vec::new();
        for r in 0..n {
            for f in 0..n {
                let edge = f == 0 || r == 0 || f == n - 1 || r == n - 1;
                if edge && self.at(f, r) != Some(Piece::Attacker) {
                    seen[(r * n + f) as usize] = true;
                    stack.push((f, r));
                }
            }
        }
        while let Some((f, r)) = stack.pop() {
            if matches!(self.at(f, r), Some(Piece::Defender | Piece::King)) {
                return false;
            }
            for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let (x, y) = (f + df, r + dr);
                if self.on(x, y)
                    && !seen[(y * n + x) as usize]
                    && self.at(x, y) != Some(Piece::Attacker)
                {
                    seen[(y * n + x) as usize] = true;
                    stack.push((x, y));
                }
            }
        }
        true
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|m| {
                let mut b = self.clone();
                b.play(m);
                b.perft(depth - 1)
            })
            .sum()
    }
}
