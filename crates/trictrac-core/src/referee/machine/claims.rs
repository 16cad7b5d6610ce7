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
            // FAUSSE ÉCOLE: an école claimed that was not made is itself an école; it is
            // bounded as any école of what the opponent did is.
            self.within_stake(who, n, 0)?;
            let mut reports = self.before_ecole(who);
            reports.extend(self.fausse_ecole(who, n));
            self.add_stake(who, n);
            reports.extend(self.check_win());
            return Ok(reports);
        };
        // QUAND L'ÉCOLE EST CONSOMMÉE: an omission of the points the opponent's coup gave is
        // consummated "dès qu'il a jeté les dés", even when his "École !" ended that marking.
        if self.open[i].expiry == Expiry::OffenderMarksOwn
            && self.phase == (RefereePhase::Throw { thrower: offender })
        {
            return Err(RefereeError::NotConsummated {
                offender,
                when: "the points of the opponent's coup are consummated when he throws",
            });
        }
        let Action::Ecole {
            points,
            truth,
            forbidden,
            excess,
            ..
        } = self.open[i].action.clone()
        else {
            return Err(not_now(who, g, "no école"));
        };
        if let Some(entry) = forbidden {
            return Err(RefereeError::Forbidden { who, entry });
        }
        // More than the école: the rest is a fausse école, bounded as one.
        self.within_stake(who, n, points)?;
        self.open.remove(i);
        self.add_stake(who, n);
        let mut reports = self.before_ecole(who);
        if excess {
            self.marking = with_marks(&self.marking, offender, truth);
        }
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

    /// QUAND et COMMENT MARQUER L'ÉCOLE: "Les points d'école se marquent après les autres et
    /// le joueur les annonce en disant : École !". An école claimed by a player who has begun
    /// marking a gain (the points the opponent's coup gave him, or his own throw's) comes
    /// after that marking, which his "École !" ends: it is consummated now, and the école is
    /// marked on top of it. (Claimed before he began, the école is marked at once and his
    /// marking starts from it: either order ends with both marked.)
    pub(super) fn before_ecole(&mut self, who: Colour) -> Vec<Report> {
        if let Some(step) = self.given
            && step.colour == who
            && step.any
        {
            self.given = None;
            return self.close_step(step, Expiry::OffenderMarksOwn);
        }
        if let Some(t) = &self.turn
            && t.mover == who
        {
            if !t.own_closed && t.own.any {
                return self.close_own().unwrap_or_default();
            }
            if let Some(after) = t.after
                && after.any
            {
                if let Some(t) = &mut self.turn {
                    t.after = None;
                }
                return self.close_step(after, Expiry::ClaimantThrows);
            }
        }
        Vec::new()
    }

    /// The most an école of `offender` could be for his opponent to claim now, in points:
    /// 12 for each event of the coups since the opponent's last throw, for either player
    /// (the most one event of the tariff is worth however it is misread: à vrai for à faux,
    /// a doublet's value, a way more), and each number left unplayed; the points `offender`
    /// marked since then (12 a trou or a jeu wiped) and the écoles he claimed. An école is
    /// the points a player "a omis d'en marquer, ou en a marqué de trop" (ÉCOLE :
    /// DÉFINITION), and a fausse école one believed made (FAUSSE ÉCOLE): a claim beyond
    /// this no coup could produce, and [`Referee::gesture`] refuses it
    /// ([`RefereeError::EcoleBeyondTheCoups`]).
    #[must_use]
    pub fn most_ecole(&self, offender: Colour) -> u16 {
        self.stake[offender]
    }

    /// Refuses a claim of `n` points by `who` beyond both the école open to him (`points`)
    /// and [`Referee::most_ecole`] of his opponent: no coup could produce it.
    fn within_stake(&self, who: Colour, n: u8, points: u8) -> Result<(), RefereeError> {
        let offender = who.other();
        let most = self.stake[offender].max(u16::from(points));
        if u16::from(n) > most {
            return Err(RefereeError::EcoleBeyondTheCoups {
                claimant: who,
                offender,
                claimed: n,
                most,
            });
        }
        Ok(())
    }

    /// `n` more points at stake in what `c` did (see [`Referee::most_ecole`]).
    pub(super) fn add_stake(&mut self, c: Colour, n: impl Into<u16>) {
        self.stake[c] = self.stake[c].saturating_add(n.into());
    }

    /// `who` marks `n` points of école that were not made: an école par excès the opponent
    /// may mark in turn (FAUSSE ÉCOLE; repeated, AUGMENTATION D'ÉCOLE). The points stand on
    /// his jeton; the trous they cross stand only on the tablier until the opponent declines
    /// the école or lets it go ("le déplacement du fichet pour marquer des trous qu'on n'a pas
    /// gagnés ne fait pas école, celui-ci pouvant être reculé"), so that no partie is won by
    /// a fausse école while the opponent may still take it back (the partie is won
    /// "régulièrement": CHRONOLOGIE DÉTAILLÉE D'UN COUP).
    pub(super) fn fausse_ecole(&mut self, who: Colour, n: u8) -> Vec<Report> {
        let before = marks_of(&self.marking, who);
        let mut shown = self.marking;
        shown.mark(who, n);
        let extra_trous = shown.trous(who).saturating_sub(before.trous);
        let mut agreed = marks_of(&shown, who);
        agreed.trous = before.trous;
        self.marking = with_marks(&self.marking, who, agreed);
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
                extra_trous,
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
            (Action::Ecole { extra_trous, .. }, Remedy::Decline) => {
                // Not claimed: the trous he marked in excess stand.
                self.fichet_stands(offender, 0, extra_trous);
            }
            (ref a, Remedy::Decline)
                if !matches!(a, Action::Fichet { .. } | Action::SurUneEcole { .. }) => {}
            (Action::Ecole { truth, .. }, Remedy::Rectify) => {
                self.marking = with_marks(&self.marking, offender, truth);
            }
            (Action::Partial { .. }, Remedy::ForceWhole(n)) => {
                reports.extend(self.before_ecole(offender));
                self.marking.mark(offender, n);
                self.add_stake(offender, n);
            }
            (Action::DoubleMarque { old, new }, Remedy::RemoveJeton(w)) => {
                let mut m = marks_of(&self.marking, offender);
                m.points = if w == WhichJeton::Old { new } else { old };
                self.marking = with_marks(&self.marking, offender, m);
            }
            (Action::Fichet { trous, shown }, Remedy::RectifyFichet(_)) => {
                // The fichet shows the trous as due for that gain (the agreed fichet holds
                // the fewer of the two).
                let mut m = marks_of(&self.marking, offender);
                m.trous = m
                    .trous
                    .saturating_sub(shown.min(trous))
                    .saturating_add(trous);
                self.marking = with_marks(&self.marking, offender, m);
            }
            (Action::Fichet { trous, shown }, Remedy::Decline) => {
                self.fichet_stands(offender, trous, shown);
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
            (Action::SurUneEcole { truth, win, shown }, r) => match r {
                Remedy::Acquiesce => {
                    if win {
                        self.phase = RefereePhase::Over { winner: offender };
                    } else {
                        // "l'adversaire partageant son erreur rompt son jeu, le trou est bien
                        // acquis": the marks as he showed them.
                        if let Some(shown) = shown {
                            self.marking = with_marks(&self.marking, offender, shown);
                        }
                        reports.extend(self.leave_now(offender));
                    }
                }
                Remedy::MarkEcole(n) => {
                    reports.extend(self.before_ecole(who));
                    self.marking = with_marks(&self.marking, offender, truth);
                    self.marking.mark(who, n);
                    self.add_stake(who, n);
                }
                Remedy::Rectify => {
                    self.marking = with_marks(&self.marking, offender, truth);
                }
                _ => {
                    // Declined: the école is not marked and his jeton stays as he left it
                    // ("les points marqués éventuellement en trop ... lui sont acquis"), but
                    // the fichet goes back: a trou not won is never acquired without the
                    // opponent's acquiescence.
                    if let Some(shown) = shown {
                        let mut m = marks_of(&self.marking, offender);
                        m.points = shown.points;
                        m.trous = truth.trous;
                        self.marking = with_marks(&self.marking, offender, m);
                    }
                }
            },
            (
                Action::ThrowChoice {
                    thrower,
                    throw,
                    for_next,
                },
                r,
            ) => {
                if r == Remedy::AcceptThrow {
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
