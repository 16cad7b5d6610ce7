//! The marking gestures and their consummation (ÉCOLE: DÉFINITION to ÉCOLE DE POINTS,
//! S'EN ALLER SUR UNE ÉCOLE, ÉCOLE IMPOSSIBLE À MARQUER).

use crate::board::Colour;
use crate::board::Marks;
use crate::marking::POINTS_PER_TROU;
use crate::referee::ecole::{Due, Shown, assess_with};
use crate::referee::{Entry, Fault, Gesture, Remedy, Report, WhichJeton};

use super::*;

impl Referee {
    // ----- Marking -----

    /// The open step `who` marks in now.
    pub(super) fn step_mut(&mut self, who: Colour) -> Option<&mut Step> {
        if let Some(t) = &mut self.turn
            && t.mover == who
        {
            if !t.own_closed {
                return Some(&mut t.own);
            }
            if t.after.is_none() {
                t.after = Some(Step::new(who, 0, true));
            }
            return t.after.as_mut();
        }
        if let Some(gv) = &mut self.given
            && gv.colour == who
        {
            return Some(gv);
        }
        None
    }

    pub(super) fn mark(&mut self, who: Colour, g: Gesture) -> Result<Vec<Report>, RefereeError> {
        // ÉCOLE IMPOSSIBLE À MARQUER: the mover can play nothing and says nothing; the
        // opponent takes the initiative of marking (the impuissance): letting him do is
        // acknowledging the coup finished.
        if let Some(t) = &self.turn
            && t.mover != who
            && !t.own_closed
            && t.analysis.legal_plays().dice_played() == 0
        {
            let mover = t.mover;
            let mut reports = self.done(mover, &Gesture::Done)?;
            reports.extend(self.mark(who, g)?);
            return Ok(reports);
        }
        let marking = self.marking;
        // Marking one's own points ends the right to claim an école of the points given
        // (ÉCOLE DES POINTS DONNÉS PAR L'ADVERSAIRE).
        let own = self
            .turn
            .as_ref()
            .is_some_and(|t| t.mover == who && !t.own_closed);
        if let Some(t) = &self.turn
            && t.mover == who
            && t.own.impatient
            && t.settling.is_none()
        {
            return Err(not_now(
                who,
                &g,
                "he played before the second die rested (ÉCOLE PAR IMPATIENCE)",
            ));
        }
        let step = self
            .step_mut(who)
            .ok_or_else(|| not_now(who, &g, "he has nothing to mark now"))?;
        let before = *step.before.get_or_insert(marking);
        let start = *step.jeton_start.get_or_insert(before.points(who));
        if !step.any {
            step.shown.jeton = start;
        }
        step.any = true;
        match g {
            Gesture::MarkPoints(n) => {
                if n == 0 {
                    return Err(RefereeError::Marking("mark 0: nothing marked".into()));
                }
                let target = match step.new_jeton {
                    Some(j) => j,
                    None => step.shown.jeton,
                };
                let to = u16::from(target) + u16::from(n);
                if to >= u16::from(POINTS_PER_TROU) {
                    return Err(RefereeError::Marking(format!(
                        "a jeton on {target} cannot go {n} points further: it shows at most 11 (mark the trou and put the jeton back to the talon)"
                    )));
                }
                match &mut step.new_jeton {
                    Some(j) => *j = to as u8,
                    None => step.shown.jeton = to as u8,
                }
                step.jeton_let_go = true;
            }
            Gesture::NewJeton(n) => {
                if n == 0 || n >= POINTS_PER_TROU {
                    return Err(RefereeError::Marking(format!(
                        "a jeton shows 1 to 11 points, not {n}"
                    )));
                }
                if let Some(j) = step.new_jeton {
                    return Err(RefereeError::Marking(format!(
                        "new-jeton {n}: he already marks with a second jeton (on {j}): use mark, or remove-jeton old|new (DOUBLE MARQUE ou ÉCOLE DE DEUX JETONS)"
                    )));
                }
                if step.shown.jeton == 0 {
                    return Err(RefereeError::Marking(format!(
                        "new-jeton {n}: no mark stands beside which to put a second jeton (his jeton is at the talon): use mark {n} (DOUBLE MARQUE ou ÉCOLE DE DEUX JETONS)"
                    )));
                }
                step.new_jeton = Some(n);
                step.jeton_let_go = true;
            }
            Gesture::RemoveJeton(w) => {
                let Some(n) = step.new_jeton else {
                    return Err(RefereeError::Marking(
                        "remove-jeton: he marks with one jeton, there is no second to take back (DOUBLE MARQUE ou ÉCOLE DE DEUX JETONS)".into(),
                    ));
                };
                if w == WhichJeton::Old {
                    step.shown.jeton = n;
                }
                step.new_jeton = None;
            }
            Gesture::WipeOwn => {
                if step.shown.jeton == 0 {
                    return Err(RefereeError::Marking(format!(
                        "{who}'s jeton is already at the talon"
                    )));
                }
                step.shown.jeton = 0;
                step.shown.wipes = step.shown.wipes.saturating_add(1);
                step.jeton_let_go = true;
            }
            Gesture::WipeOpponent => {}
            Gesture::MarkTrous(n) => {
                if n == 0 {
                    return Err(RefereeError::Marking("trous 0: nothing marked".into()));
                }
                step.shown.trous = step.shown.trous.saturating_add(n);
            }
            Gesture::UnmarkTrous(n) => {
                if n > step.shown.trous {
                    return Err(RefereeError::Marking(format!(
                        "{who} moved his fichet {} trous in this marking, not {n}",
                        step.shown.trous
                    )));
                }
                if step.jeton_let_go {
                    return Err(RefereeError::Marking(
                        "the trou can be taken back only before the jetons are moved and let go (MARQUER LE TROU PAR ERREUR)".into(),
                    ));
                }
                step.shown.trous -= n;
            }
            _ => {}
        }
        // What he shows is at stake in an école of his marking (ÉCOLE PAR EXCÈS).
        let shown = match g {
            Gesture::MarkPoints(n) | Gesture::NewJeton(n) => u16::from(n),
            Gesture::MarkTrous(n) => u16::from(n) * u16::from(POINTS_PER_TROU),
            Gesture::WipeOwn => u16::from(POINTS_PER_TROU),
            _ => 0,
        };
        self.add_stake(who, shown);
        self.has_acted[who] = true;
        if own {
            self.expire(|o| {
                o.expiry == Expiry::OffenderMarksOwn && o.report.chooser == Some(who.other())
            });
        }
        Ok(Vec::new())
    }

    pub(super) fn expire(&mut self, f: impl Fn(&Open) -> bool) {
        let mut keep = Vec::new();
        for o in std::mem::take(&mut self.open) {
            if f(&o) {
                self.drop_unanswered(&o);
                if let Some(c) = o.report.chooser {
                    self.lost.push((c, o.report.to_string()));
                }
            } else {
                keep.push(o);
            }
        }
        self.open = keep;
    }

    /// Consummates a marking: the école if any becomes claimable by the opponent until
    /// `expiry`; the marks on the tablier become the agreed marks.
    pub(super) fn close_step(&mut self, step: Step, expiry: Expiry) -> Vec<Report> {
        let c = step.colour;
        let o = c.other();
        let before = step.before.unwrap_or(self.marking);
        let due = Due::of(&before, c, step.points);
        let mut shown = step.shown;
        if !step.any {
            shown.jeton = before.points(c);
        }
        let a = assess_with(&due, &shown, step.own_throw, self.trous_en_trop);
        let mut truth = before;
        truth.mark(c, step.points);
        let truth_marks = marks_of(&truth, c);
        let mut reports = Vec::new();
        if !a.is_ecole() && a.rectify_fichet.is_none() && step.new_jeton.is_none() {
            self.marking = truth;
            if shown.s_en_aller {
                self.marking.s_en_aller();
            }
            return reports;
        }
        // The marks as shown; the opponent's jeton as the laws leave it (one cannot be sent
        // to the école for the opponent's jetons).
        // ÉCOLE DE TROU: trous shown beyond those won ("un trou simple ... marqué double")
        // stand only on the tablier while the opponent may rectify them: the agreed fichet
        // holds the trous won, so that no partie is won by them unless they stand unrectified.
        // Likewise trous beyond those won in an école (ÉCOLE DE POINTS): they stand when the
        // école is declined or lost, not before.
        let agreed_trous = match a.rectify_fichet {
            _ if step.new_jeton.is_some() => shown.trous,
            Some(due) => shown.trous.min(due),
            None => shown.trous.min(due.trous),
        };
        let extra_trous = shown.trous - agreed_trous;
        let mut shown_marks = Marks {
            points: if shown.s_en_aller { 0 } else { shown.jeton },
            trous: before.trous(c).saturating_add(agreed_trous),
            bredouille: false,
            pavillon: marks_of(&before, c).pavillon,
        };
        if let Some(n) = step.new_jeton {
            // DOUBLE MARQUE: the first mark is abandoned; the opponent removes one.
            shown_marks.points = n;
        }
        let mut m = with_marks(&before, c, shown_marks);
        m = with_marks(&m, o, marks_of(&truth, o));
        self.marking = m;
        if shown.s_en_aller {
            self.marking.s_en_aller();
        }
        if let Some(n) = step.new_jeton {
            let report = Report {
                fault: Fault::MarqueARectifier,
                entry: Entry::DoubleMarque,
                offender: Some(c),
                chooser: Some(o),
                points: 0,
                options: vec![
                    Remedy::RemoveJeton(WhichJeton::Old),
                    Remedy::RemoveJeton(WhichJeton::New),
                ],
                text: format!(
                    "{c} marked with a second jeton ({n}) while a mark stood ({}): no école; {o} removes the jeton of his choice",
                    shown.jeton
                ),
            };
            self.open.push(Open {
                report: report.clone(),
                action: Action::DoubleMarque {
                    old: shown.jeton,
                    new: n,
                },
                expiry: Expiry::Blocking,
            });
            reports.push(report);
            return reports;
        }
        if let Some(trous) = a.rectify_fichet {
            let report = Report {
                fault: Fault::MarqueARectifier,
                entry: Entry::EcoleDeTrou,
                offender: Some(c),
                chooser: Some(o),
                points: 0,
                options: vec![Remedy::RectifyFichet(trous), Remedy::Decline],
                text: format!(
                    "{c} moved his fichet {} trous for {trous}: no école de trou, the fichet is rectified",
                    shown.trous
                ),
            };
            self.open.push(Open {
                report: report.clone(),
                action: Action::Fichet {
                    trous,
                    shown: shown.trous,
                },
                expiry: Expiry::ClaimantThrows,
            });
            reports.push(report);
            return reports;
        }
        let fault = match (a.omission > 0, a.excess > 0) {
            (true, false) => Fault::EcoleParOmission,
            (false, true) => Fault::EcoleParExces,
            _ => Fault::EcoleMixte,
        };
        let entry = if step.impatient {
            Entry::EcoleParImpatience
        } else if step.advised.is_some() {
            Entry::EcoleInterdite
        } else if !step.own_throw && a.omission > 0 {
            Entry::EcoleDesPointsDonnes
        } else if a.trous_in_excess || (due.jeux > 0 && !step.any) || (due.jeux >= 2) {
            Entry::EcoleDePoints
        } else if due.jeux > 0 && shown.wipes > 0 && a.omission > 0 && due.reste == before.points(c)
        {
            Entry::MarquerSesPointsParErreur
        } else if due.jeux > 0 && shown.wipes == 0 && a.excess > 0 && shown.jeton > due.reste {
            Entry::OublierDeDemarquerSesPoints
        } else {
            Entry::EcoleDefinition
        };
        let forbidden = (entry == Entry::EcoleInterdite).then_some(Entry::EcoleInterdite);
        let options = if forbidden.is_some() {
            vec![Remedy::Rectify, Remedy::Decline]
        } else {
            vec![
                Remedy::MarkEcole(a.points()),
                Remedy::Rectify,
                Remedy::Decline,
            ]
        };
        let what = match fault {
            Fault::EcoleParOmission => format!("{c} marked {} points too few", a.omission),
            Fault::EcoleParExces => format!("{c} marked {} points too many", a.excess),
            _ => format!(
                "{c} marked {} points too few and {} too many",
                a.omission, a.excess
            ),
        };
        let report = Report {
            fault,
            entry,
            offender: Some(c),
            chooser: Some(o),
            points: a.points(),
            options,
            text: format!(
                "{what} (due {} points: {} trous, jeton on {})",
                step.points, due.trous, due.reste
            ),
        };
        self.open.push(Open {
            report: report.clone(),
            action: Action::Ecole {
                points: a.points(),
                truth: truth_marks,
                forbidden,
                excess: a.excess > 0,
                extra_trous: if a.rectify_fichet.is_some() {
                    0
                } else {
                    extra_trous
                },
            },
            expiry,
        });
        reports.push(report);
        reports
    }

    /// The mover's own marking is consummated (he touched his dames, went away, or
    /// finished).
    pub(super) fn close_own(&mut self) -> Result<Vec<Report>, RefereeError> {
        let Some(t) = &mut self.turn else {
            return Ok(Vec::new());
        };
        if t.own_closed {
            return Ok(Vec::new());
        }
        t.own_closed = true;
        let mut step = t.own;
        if step.impatient {
            step.shown = Shown::nothing(step.before.unwrap_or(self.marking).points(step.colour));
            step.any = false;
        }
        let mover = t.mover;
        let before = step.before.unwrap_or(self.marking);
        let due = Due::of(&before, mover, step.points);
        let mut shown = step.shown;
        if !step.any {
            shown.jeton = before.points(mover);
        }
        let a = assess_with(&due, &shown, true, self.trous_en_trop);
        if let Some(t) = &mut self.turn {
            t.own_assessment = a;
        }
        self.expire(|o| {
            o.expiry == Expiry::OffenderMarksOwn && o.report.chooser == Some(mover.other())
        });
        Ok(self.close_step(step, Expiry::ClaimantThrows))
    }

    // ----- S'en aller, declaring the win -----

    pub(super) fn s_en_aller(
        &mut self,
        who: Colour,
        g: &Gesture,
    ) -> Result<Vec<Report>, RefereeError> {
        let t = self.turn_of(who, g)?;
        if t.deny_leave {
            return Err(RefereeError::Forbidden {
                who,
                entry: Entry::EcoleDePoints,
            });
        }
        if t.own_closed && t.after.is_none() {
            return Err(not_now(who, g, "he has touched his dames: he holds"));
        }
        let in_after = t.own_closed;
        let step = if in_after {
            t.after.unwrap_or(Step::new(who, 0, true))
        } else {
            t.own
        };
        let before = step.before.unwrap_or(self.marking);
        let due = Due::of(&before, who, step.points);
        if due.jeux == 0 {
            // S'EN ALLER SUR UNE ÉCOLE: the points missing for the trou.
            let missing = POINTS_PER_TROU - before.points(who) - step.points.min(11);
            let mut truth = before;
            truth.mark(who, step.points);
            // The mark on the tablier stands as shown until the opponent chooses; the agreed
            // marks stay as they were before this marking.
            let shown = Marks {
                points: if step.any {
                    step.shown.jeton
                } else {
                    before.points(who)
                },
                trous: before.trous(who).saturating_add(step.shown.trous),
                bredouille: false,
                pavillon: marks_of(&before, who).pavillon,
            };
            let report = self.sur_une_ecole(
                who,
                missing,
                marks_of(&truth, who),
                Some(shown),
                format!("{who} goes away without a trou: {missing} points are missing for it"),
            );
            // The école is consummated by the declaration.
            if let Some(t) = &mut self.turn {
                if in_after {
                    t.after = None;
                } else {
                    t.own_closed = true;
                }
            }
            self.marking = before;
            return Ok(vec![report]);
        }
        let mut step = step;
        step.shown.s_en_aller = true;
        if !step.any {
            step.shown.jeton = 0;
        }
        // ÉCOLE DE POINTS: more trous marked than won take away the privilege of s'en aller
        // if the opponent wishes.
        let asked = self.turn.as_ref().is_some_and(|t| t.privilege_asked);
        if !asked && assess_with(&due, &step.shown, true, self.trous_en_trop).trous_in_excess {
            if let Some(t) = &mut self.turn {
                t.privilege_asked = true;
            }
            let report = Report {
                fault: Fault::EcoleParExces,
                entry: Entry::EcoleDePoints,
                offender: Some(who),
                chooser: Some(who.other()),
                points: 0,
                options: vec![Remedy::Acquiesce, Remedy::DenySEnAller],
                text: format!(
                    "{who} marked more trous than he won: he loses the privilege of s'en aller if {} wishes",
                    who.other()
                ),
            };
            self.open.push(Open {
                report: report.clone(),
                action: Action::Privilege,
                expiry: Expiry::Blocking,
            });
            return Ok(vec![report]);
        }
        if !step.any {
            step.shown.jeton = 0;
        }
        let mut reports = Vec::new();
        if let Some(t) = &mut self.turn {
            if in_after {
                t.after = None;
            } else {
                t.own_closed = true;
            }
        }
        self.expire(|o| {
            o.expiry == Expiry::OffenderMarksOwn && o.report.chooser == Some(who.other())
        });
        reports.extend(self.close_step(step, Expiry::ClaimantThrows));
        reports.extend(self.leave_now(who));
        Ok(reports)
    }

    /// `who` goes away: both jetons back, the relevé, `who` throws again; what his throw gave
    /// the opponent is not marked.
    pub(super) fn leave_now(&mut self, who: Colour) -> Vec<Report> {
        self.marking.s_en_aller();
        let mut reports = self.check_win();
        if !reports.is_empty() {
            return reports;
        }
        self.position.releve(who);
        self.sync_marks();
        self.turn = None;
        self.given = None;
        self.phase = RefereePhase::Throw { thrower: who };
        reports.clear();
        reports
    }

    pub(super) fn declare_win(
        &mut self,
        who: Colour,
        g: &Gesture,
    ) -> Result<Vec<Report>, RefereeError> {
        let shown = self.marks_on_tablier()[who];
        let _ = g;
        // The declaration consummates his open marking.
        let mut reports = Vec::new();
        if let Some(step) = self.given
            && step.colour == who
        {
            self.given = None;
            reports.extend(self.close_step(step, Expiry::ClaimantThrows));
        }
        if self.turn.as_ref().is_some_and(|t| t.mover == who) {
            reports.extend(self.close_own()?);
        }
        if !reports.is_empty() {
            return Ok(reports);
        }
        if self.marking.trous(who) >= self.trous_to_win {
            self.phase = RefereePhase::Over { winner: who };
            return Ok(Vec::new());
        }
        // Counting each trou missing as 12 points.
        let need = self.trous_to_win - self.marking.trous(who);
        let missing = (u16::from(need) * 12).saturating_sub(u16::from(self.marking.points(who)));
        let missing = missing.min(255) as u8;
        let truth = marks_of(&self.marking, who);
        let text = format!(
            "{who} declares the partie won with {} trous marked: the partie goes on unless {} acquiesces",
            shown.trous,
            who.other()
        );
        Ok(vec![self.sur_une_ecole(who, missing, truth, None, text)])
    }

    /// S'EN ALLER SUR UNE ÉCOLE: `who` went away without a trou (his marks as his gestures
    /// show them: `shown`), or declared the partie won without its trous (`shown` is `None`),
    /// with `missing` points missing; `truth` are his marks as they should stand. Opens the
    /// opponent's blocking choice (acquiesce, mark the école, oblige him to mark correctly,
    /// or decline) and returns its report, worded `text`.
    fn sur_une_ecole(
        &mut self,
        who: Colour,
        missing: u8,
        truth: Marks,
        shown: Option<Marks>,
        text: String,
    ) -> Report {
        let win = shown.is_none();
        let report = Report {
            fault: Fault::EcoleParExces,
            entry: Entry::SEnAllerSurUneEcole,
            offender: Some(who),
            chooser: Some(who.other()),
            points: missing,
            options: vec![
                Remedy::Acquiesce,
                Remedy::MarkEcole(missing),
                Remedy::Rectify,
                Remedy::Decline,
            ],
            text,
        };
        self.open.push(Open {
            report: report.clone(),
            action: Action::SurUneEcole { truth, win, shown },
            expiry: Expiry::Blocking,
        });
        report
    }
}
