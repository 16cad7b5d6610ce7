//! The dames touched, moved and let go; the end of a coup and the fausse case's
//! resolution (FAUSSE CASE: DÉFINITION, CONSOMMATION, RÉSOLUTION).

use crate::board::Colour;
use crate::board::Position;
use crate::board::{Dest, Point};
use crate::referee::dice::Cast;
use crate::referee::{Entry, Fault, Gesture, Remedy, Report};
use crate::referee::{PhysicalMove, counts_after, judge, position_after};
use crate::scoring::{JanKind, points_for};

use super::*;

impl Referee {
    // ----- The dames -----

    pub(super) fn touch(
        &mut self,
        who: Colour,
        p: Point,
        g: &Gesture,
    ) -> Result<Vec<Report>, RefereeError> {
        let board = self.dames_of(who);
        let t = self.turn_mut(who, g)?;
        if board[p.index()] == 0 {
            return Err(RefereeError::NoDame { who, point: p });
        }
        if t.adoube {
            t.adoube = false;
        } else if !t.touched.contains(&p) {
            t.touched.push(p);
        }
        self.close_own()
    }

    /// `who`'s dames as they physically stand.
    pub(super) fn dames_of(&self, who: Colour) -> [u8; 24] {
        let mut setup = self.position.to_setup();
        if let Some(t) = &self.turn
            && t.mover == who
            && let Some(c) = counts_after(&self.position, &t.moves)
        {
            for p in Point::ALL {
                setup.counts[who][p.index()] = c[p.path(who) as usize];
            }
        }
        setup.counts[who]
    }

    pub(super) fn move_dame(
        &mut self,
        who: Colour,
        from: Point,
        to: Dest,
        g: &Gesture,
    ) -> Result<Vec<Report>, RefereeError> {
        let board = self.dames_of(who);
        let t = self.turn_mut(who, g)?;
        if board[from.index()] == 0 {
            return Err(RefereeError::NoDame { who, point: from });
        }
        if to == Dest::Point(from) {
            return Err(RefereeError::NotMoved { who, point: from });
        }
        if to.path(who) < from.path(who) {
            return Err(RefereeError::Backwards { who, from, to });
        }
        if t.moves.len() >= MAX_MOVES {
            return Err(RefereeError::Dames(format!(
                "{MAX_MOVES} moves in one coup: finish it with done"
            )));
        }
        t.moves.push(PhysicalMove { from, to });
        t.adoube = false;
        if t.settling.is_some() {
            t.own.impatient = true;
            return Ok(Vec::new());
        }
        self.close_own()
    }

    pub(super) fn done(&mut self, who: Colour, g: &Gesture) -> Result<Vec<Report>, RefereeError> {
        let t = self.turn_of(who, g)?;
        if t.settling.is_some() {
            return Err(not_now(who, g, "a die is still spinning"));
        }
        let impossible = !t.own_closed && t.analysis.legal_plays().dice_played() == 0;
        let mut reports = self.close_own()?;
        if impossible {
            for r in &mut reports {
                if r.offender == Some(who) && r.points > 0 {
                    r.entry = Entry::EcoleImpossibleAMarquer;
                }
            }
        }
        let t = self.turn.as_ref().ok_or(RefereeError::Over)?;
        let touched: Vec<Point> = t.touched.clone();
        if let Some(j) = judge(&t.analysis, &self.position, &t.moves, &touched) {
            // ÉCOLE RÉTROACTIVE / REMPLIR et CONSERVER: points marked for a jan not made.
            let counts = counts_after(&self.position, &t.moves);
            let mut unmade = 0u8;
            if let Some(c) = counts {
                for e in t.analysis.before_play() {
                    if e.beneficiary != who {
                        continue;
                    }
                    let jan = match e.kind {
                        JanKind::Remplir(jan) | JanKind::Conserver { jan, .. } => jan,
                        _ => continue,
                    };
                    if !jan.paths().all(|p| c[p as usize] >= 2) {
                        unmade = unmade.saturating_add(e.points);
                    }
                }
            }
            let marked = t.own_assessment.omission == 0;
            let report = Report {
                fault: Fault::FausseCase,
                entry: j.entry,
                offender: Some(who),
                chooser: Some(who.other()),
                points: 0,
                options: j.options.clone(),
                text: j.text.clone(),
            };
            self.open.push(Open {
                report: report.clone(),
                action: Action::FausseCase {
                    short: j.numbers_short,
                },
                expiry: Expiry::Blocking,
            });
            reports.push(report);
            if unmade > 0 && marked {
                let before = self.marking;
                let mut truth_m = marks_of(&before, who);
                truth_m.points = truth_m.points.saturating_sub(unmade.min(truth_m.points));
                let report = Report {
                    fault: Fault::EcoleParExces,
                    entry: Entry::EcoleRetroactive,
                    offender: Some(who),
                    chooser: Some(who.other()),
                    points: unmade,
                    options: vec![Remedy::MarkEcole(unmade), Remedy::Decline],
                    text: format!("{who} marked {unmade} points for a jan he did not make"),
                };
                self.open.push(Open {
                    report: report.clone(),
                    action: Action::Ecole {
                        points: unmade,
                        truth: truth_m,
                        forbidden: None,
                        excess: true,
                        extra_trous: 0,
                    },
                    expiry: Expiry::ClaimantThrows,
                });
                reports.push(report);
            }
            return Ok(reports);
        }
        let counts = counts_after(&self.position, &t.moves).ok_or(RefereeError::Over)?;
        let i = t
            .analysis
            .legal_plays()
            .index_of_board(&counts)
            .ok_or(RefereeError::Over)?;
        let play = *t.analysis.legal_plays().get(i).ok_or(RefereeError::Over)?;
        // The constraints the opponent's choices put on this coup: a play against one is a
        // fausse case again, with the plays that keep them imposed.
        let broken = t
            .must
            .iter()
            .copied()
            .find(|m| !satisfies(&self.position, &play, *m));
        if let Some(m) = broken {
            let options: Vec<Remedy> = t
                .analysis
                .legal_plays()
                .iter()
                .filter(|p| t.must.iter().all(|m| satisfies(&self.position, p, *m)))
                .map(|p| Remedy::Impose(*p))
                .collect();
            if !options.is_empty() {
                let (entry, text) = match m {
                    Must::NotCover(p) => (
                        Entry::DameCouverteParFausseCase,
                        format!(
                            "{who} covered his dame on {p}, which he was forbidden to cover this coup"
                        ),
                    ),
                    Must::Include(mv) => (
                        Entry::DameSeulePlaceeSurUnCoin,
                        format!("{who} was to play the {} with the dame {mv}", mv.die.get()),
                    ),
                    Must::PassFrom(p) => (
                        Entry::FausseCaseConsommation,
                        format!("{who} was to pass the dame on {p} into his jan de retour"),
                    ),
                    Must::NoGrandJan => (
                        Entry::DamePasseeAuRetour,
                        format!(
                            "{who} may put no other dame into the opponent's grand jan this coup"
                        ),
                    ),
                };
                let report = Report {
                    fault: Fault::FausseCase,
                    entry,
                    offender: Some(who),
                    chooser: Some(who.other()),
                    points: 0,
                    options,
                    text,
                };
                self.open.push(Open {
                    report: report.clone(),
                    action: Action::FausseCase { short: 0 },
                    expiry: Expiry::Blocking,
                });
                reports.push(report);
                return Ok(reports);
            }
        }
        reports.extend(self.finish_coup(Some(play), None, 0)?);
        Ok(reports)
    }

    pub(super) fn resolve_fausse_case(
        &mut self,
        r: Remedy,
        short: u8,
    ) -> Result<Vec<Report>, RefereeError> {
        match r {
            Remedy::Leave | Remedy::PassNextCoup(_) => {
                let t = self.turn.as_ref().ok_or(RefereeError::Over)?;
                if let Remedy::PassNextCoup(p) = r {
                    self.pass_next = Some((t.mover, p));
                }
                // A legal play left as it is (a touched dame that could not be played): the
                // coup ends with that play and its points.
                if let Some(c) = counts_after(&self.position, &t.moves)
                    && let Some(play) = t
                        .analysis
                        .legal_plays()
                        .index_of_board(&c)
                        .and_then(|i| t.analysis.legal_plays().get(i))
                        .copied()
                {
                    return self.finish_coup(Some(play), None, short);
                }
                let next = position_after(&self.position, &t.moves).ok_or_else(|| {
                    RefereeError::Choice(
                        "the dames cannot be left so: the laws forbid that position".into(),
                    )
                })?;
                self.finish_coup(None, Some(next), short)
            }
            Remedy::Impose(play) => self.finish_coup(Some(play), None, 0),
            Remedy::ReplayFreely | Remedy::ForbidCovering(_) => {
                let t = self.turn.as_mut().ok_or(RefereeError::Over)?;
                t.moves.clear();
                t.touched.clear();
                if let Remedy::ForbidCovering(p) = r {
                    t.must.push(Must::NotCover(p));
                }
                Ok(Vec::new())
            }
            Remedy::ReplayWith(m) => {
                let t = self.turn.as_mut().ok_or(RefereeError::Over)?;
                t.moves.clear();
                t.touched.clear();
                t.must.push(Must::Include(m));
                Ok(Vec::new())
            }
            Remedy::SendBack { from, to } => {
                let t = self.turn.as_mut().ok_or(RefereeError::Over)?;
                let mover = t.mover;
                // The chain of moves that took the dame from `from` to `to`.
                let mut chain: Option<Vec<usize>> = None;
                for start in 0..t.moves.len() {
                    if t.moves[start].from != from {
                        continue;
                    }
                    let mut idx = vec![start];
                    let mut at = t.moves[start].to;
                    for (k, m) in t.moves.iter().enumerate().skip(start + 1) {
                        if at == to {
                            break;
                        }
                        if Dest::Point(m.from) == at {
                            idx.push(k);
                            at = m.to;
                        }
                    }
                    if at == to {
                        chain = Some(idx);
                        break;
                    }
                }
                let chain = chain.ok_or_else(|| {
                    RefereeError::Choice(format!("no dame of {mover} went from {from} to {to}"))
                })?;
                let mut k = 0;
                t.moves.retain(|_| {
                    let keep = !chain.contains(&k);
                    k += 1;
                    keep
                });
                t.touched.retain(|p| *p != from);
                Ok(Vec::new())
            }
            other => Err(RefereeError::Choice(format!(
                "{other} does not resolve a fausse case"
            ))),
        }
    }

    /// The end of the mover's coup with `play` (legal or imposed) or the position the dames
    /// were left in; `short` numbers left unplayed give the opponent 2 points each.
    pub(super) fn finish_coup(
        &mut self,
        play: Option<crate::movement::Play>,
        left: Option<Position>,
        short: u8,
    ) -> Result<Vec<Report>, RefereeError> {
        let t = self.turn.take().ok_or(RefereeError::Over)?;
        let mover = t.mover;
        let opp = mover.other();
        let (next, after_mover, after_opp, after_events) = match (play, left) {
            (Some(p), _) => {
                let next = t
                    .analysis
                    .play(&p)
                    .map_err(|e| RefereeError::Choice(e.to_string()))?;
                let ev = t
                    .analysis
                    .after_play(&p)
                    .map_err(|e| RefereeError::Choice(e.to_string()))?;
                (next, points_for(&ev, mover), points_for(&ev, opp), ev.len())
            }
            (None, Some(pos)) => (pos, 0, 0, 0),
            (None, None) => return Err(RefereeError::Over),
        };
        let mut reports = Vec::new();
        // The mover's marking after the play (the sortie): consummated now.
        let mut after = t.after.unwrap_or(Step::new(mover, 0, true));
        after.points = after_mover;
        if after.any || after.points > 0 {
            reports.extend(self.close_step(after, Expiry::ClaimantThrows));
        }
        self.position = next;
        let given = t
            .analysis
            .points_before(opp)
            .saturating_add(after_opp)
            .saturating_add(short.saturating_mul(2));
        // At stake: the events after the play in the mover's marking; every event of the
        // coup, for either player, and each number short, in the opponent's marking of what
        // it gave him.
        self.add_stake(mover, events_stake(after_events));
        let coup = t.analysis.before_play().len() + after_events + usize::from(short);
        self.add_stake(opp, events_stake(coup));
        self.given = Some(Step::new(opp, given, false));
        let mut thrower = opp;
        if self.position.has_borne_off_all(mover) {
            self.position.releve(mover);
            thrower = mover;
        }
        self.sync_marks();
        self.phase = RefereePhase::Throw { thrower };
        reports.extend(self.check_win());
        if let Some((c, throw)) = self.held_throw.take()
            && matches!(self.phase, RefereePhase::Throw { thrower } if thrower == c)
        {
            reports.extend(self.throw(c, throw, Cast::default(), &Gesture::Done)?);
        }
        Ok(reports)
    }
}

/// Whether `play` keeps the constraint `m`.
fn satisfies(position: &Position, play: &crate::movement::Play, m: Must) -> bool {
    let mover = position.side_to_move();
    let after = crate::referee::fausse_case::counts_after_play(position, play);
    match m {
        Must::NotCover(p) => after[p.path(mover) as usize] < 2,
        Must::Include(mv) => play
            .moves()
            .iter()
            .any(|x| x.from == mv.from && x.die == mv.die),
        Must::PassFrom(p) => crate::referee::fausse_case::lands_of(play, mover)
            .iter()
            .any(|&(f, t)| f == p.path(mover) && t >= 19),
        Must::NoGrandJan => {
            // No dame enters it (the incriminated dame may move within it).
            let before = position.board().path_counts(mover);
            let sum = |c: &crate::board::PathCounts| {
                c[13..=18].iter().map(|&n| u16::from(n)).sum::<u16>()
            };
            sum(&after) <= sum(before)
        }
    }
}
