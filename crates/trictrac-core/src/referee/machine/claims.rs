//! Claims of école and the choices of the reports' options (QUAND et COMMENT MARQUER
//! L'ÉCOLE, ÉCOLE MARQUÉE PARTIELLEMENT, FAUSSE ÉCOLE, AUGMENTATION D'ÉCOLE).

use crate::board::Colour;
use crate::referee::{Entry, Fault, Gesture, Remedy, Report, WhichJeton};

use super::*;

impl Referee {
    // ----- Claims and choices -----

    pub(super) fn claim(
        &mut self,
        who: Colour,
        n: u8,
        g: &Gesture,
    ) -> Result<Vec<Report>, RefereeError> {
        if n == 0 {
            return Err(RefereeError::Marking("école 0: nothing claimed".into()));
        }
        let offender = who.other();
        if self.lifted[who] {
            return Err(RefereeError::Forbidden {
                who,
                entry: Entry::Relever,
            });
        }
        self.has_acted[who] = true;
        let idx = self.open.iter().position(|o| {
            o.report.chooser == Some(who) && matches!(o.action, Action::Ecole { .. })
        });
        let Some(i) = idx else {
            // Not yet consummated?
            if let Some(t) = &self.turn
                && t.mover == offender
                && !t.own_closed
            {
                let due = t.own.points;
                let marked = t.own.any;
                if due > 0 || marked {
                    return Err(RefereeError::NotConsummated {
                        offender,
                        when: if t.analysis.legal_plays().dice_played() == 0 {
                            "he can play nothing: wait until he says he has finished (ÉCOLE IMPOSSIBLE À MARQUER)"
                        } else {
                            "he has not touched his dames"
                        },
                    });
                }
            }
            if let Some(gv) = &self.given
                && gv.colour == offender
                && (gv.points > 0 || gv.any)
            {
                return Err(RefereeError::NotConsummated {
                    offender,
                    when: "the points of the opponent's coup are consummated when he throws",
                });
            }
            if !self.has_acted[offender] {
                return Err(RefereeError::NotThrown { offender });
            }
            if let Some((_, what)) = self.lost.iter().rev().find(|(c, _)| *c == who) {
                let _ = what;
                return Err(RefereeError::EcoleLost(format!(
                    "{who} threw (or {offender} marked his own points) since: an école must be marked before the next throw (QUAND et COMMENT MARQUER L'ÉCOLE)"
                )));
            }
            // FAUSSE ÉCOLE: an école claimed that was not made is itself an école.
            return Ok(self.fausse_ecole(who, n));
        };
        let Action::Ecole {
            points,
            truth,
            forbidden,
            excess,
        } = self.open[i].action.clone()
        else {
            return Err(not_now(who, g, "no école"));
        };
        if let Some(entry) = forbidden {
            return Err(RefereeError::Forbidden { who, entry });
        }
        self.open.remove(i);
        if excess {
            self.marking = with_marks(&self.marking, offender, truth);
        }
        let mut reports = Vec::new();
        match n.cmp(&points) {
            std::cmp::Ordering::Equal => {
                self.marking.mark(who, n);
            }
            std::cmp::Ordering::Less => {
                self.marking.mark(who, n);
                let report = Report {
                    fault: Fault::EcoleParOmission,
                    entry: Entry::EcoleMarqueePartiellement,
                    offender: Some(who),
                    chooser: Some(offender),
                    points: points - n,
                    options: vec![Remedy::ForceWhole(points - n), Remedy::Decline],
                    text: format!(
                        "{who} marked {n} of {points} points d'école: {offender} may oblige him to mark the whole"
                    ),
                };
                self.open.push(Open {
                    report: report.clone(),
                    action: Action::Partial { rest: points - n },
                    expiry: Expiry::ClaimantThrows,
                });
                reports.push(report);
            }
            std::cmp::Ordering::Greater => {
                self.marking.mark(who, points);
                reports.extend(self.fausse_ecole(who, n - points));
                if let Some(r) = reports.last_mut() {
                    r.entry = Entry::EcoleMarqueePartiellement;
                    r.text = format!(
                        "{who} marked {n} points d'école for {points}: an école par excès of {}",
                        n - points
                    );
                }
                if let Some(o) = self.open.last_mut() {
                    o.report.entry = Entry::EcoleMarqueePartiellement;
                }
            }
        }
        reports.extend(self.check_win());
        Ok(reports)
    }

    /// `who` marks `n` points of école that were not made: an école par excès the opponent
    /// may mark in turn (FAUSSE ÉCOLE; repeated, AUGMENTATION D'ÉCOLE).
    pub(super) fn fausse_ecole(&mut self, who: Colour, n: u8) -> Vec<Report> {
        let before = marks_of(&self.marking, who);
        self.marking.mark(who, n);
        let o = who.other();
        let report = Report {
            fault: Fault::EcoleParExces,
            entry: Entry::FausseEcole,
            offender: Some(who),
            chooser: Some(o),
            points: n,
            options: vec![Remedy::MarkEcole(n), Remedy::Decline],
            text: format!("{who} marked {n} points d'école for an école that was not made"),
        };
        self.open.push(Open {
            report: report.clone(),
            action: Action::Ecole {
                points: n,
                truth: before,
                forbidden: None,
                excess: true,
            },
            expiry: Expiry::ClaimantThrows,
        });
        vec![report]
    }

    pub(super) fn choose(&mut self, who: Colour, i: usize) -> Result<Vec<Report>, RefereeError> {
        let Some(k) = self
            .open
            .iter()
            .position(|o| o.report.chooser == Some(who) && o.expiry == Expiry::Blocking)
            .or_else(|| self.open.iter().position(|o| o.report.chooser == Some(who)))
        else {
            return Err(RefereeError::Choice(format!("{who} has nothing to choose")));
        };
        let open = self.open[k].clone();
        let Some(remedy) = i
            .checked_sub(1)
            .and_then(|j| open.report.options.get(j))
            .copied()
        else {
            return Err(RefereeError::Choice(format!(
                "option {i}: {who} chooses from 1 to {}",
                open.report.options.len()
            )));
        };
        let lifted = self.lifted[who];
        if lifted
            && !matches!(
                remedy,
                Remedy::Decline | Remedy::Leave | Remedy::AcceptThrow | Remedy::AnnulThrow
            )
        {
            return Err(RefereeError::Forbidden {
                who,
                entry: Entry::Relever,
            });
        }
        if let Remedy::MarkEcole(n) = remedy
            && matches!(open.action, Action::Ecole { .. })
        {
            return self.claim(who, n, &Gesture::Choose(i));
        }
        self.open.remove(k);
        let offender = open.report.offender.unwrap_or(who.other());
        let mut reports = Vec::new();
        match (open.action, remedy) {
            (_, Remedy::Decline) => {}
            (Action::Ecole { truth, .. }, Remedy::Rectify) => {
                self.marking = with_marks(&self.marking, offender, truth);
            }
            (Action::Partial { .. }, Remedy::ForceWhole(n)) => {
                self.marking.mark(offender, n);
            }
            (Action::DoubleMarque { old, new }, Remedy::RemoveJeton(w)) => {
                let mut m = marks_of(&self.marking, offender);
                m.points = if w == WhichJeton::Old { new } else { old };
                self.marking = with_marks(&self.marking, offender, m);
            }
            (Action::Fichet { trous, shown }, Remedy::RectifyFichet(_)) => {
                // The fichet shows the trous as due for that gain.
                let mut m = marks_of(&self.marking, offender);
                m.trous = m.trous.saturating_sub(shown).saturating_add(trous);
                self.marking = with_marks(&self.marking, offender, m);
            }
            (Action::Privilege, Remedy::DenySEnAller) => {
                if let Some(t) = &mut self.turn
                    && t.mover == offender
                {
                    t.deny_leave = true;
                }
            }
            (Action::Privilege, Remedy::Acquiesce) => {
                reports.extend(self.s_en_aller(offender, &Gesture::SenAller)?);
            }
            (Action::FausseCase { short }, r) => {
                reports.extend(self.resolve_fausse_case(r, short)?);
            }
            (Action::SurUneEcole { truth, win }, r) => match r {
                Remedy::Acquiesce => {
                    if win {
                        self.phase = RefereePhase::Over { winner: offender };
                    } else {
                        reports.extend(self.leave_now(offender));
                    }
                }
                Remedy::MarkEcole(n) => {
                    self.marking = with_marks(&self.marking, offender, truth);
                    self.marking.mark(who, n);
                }
                Remedy::Rectify => {
                    self.marking = with_marks(&self.marking, offender, truth);
                }
                _ => {}
            },
            (Action::ThrowChoice { throw, for_next }, r) => {
                if r == Remedy::AcceptThrow {
                    let thrower = offender;
                    if for_next {
                        self.held_throw = Some((thrower, throw));
                    } else {
                        reports.extend(self.start_coup(thrower, throw)?);
                    }
                }
            }
            (_, r) => {
                return Err(RefereeError::Choice(format!("{r} does not apply here")));
            }
        }
        reports.extend(self.check_win());
        Ok(reports)
    }
}
