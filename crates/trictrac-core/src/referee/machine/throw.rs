//! The throw of the dice as the referee sees it (glossary JETER LES DÉS to DÉ TOUCHÉ, RELEVER
//! LES DÉS): a throw judged good, thrown again or left to a player's choice, a die that
//! spins, and the start of the coup a good throw brings (with the consummations it makes).

use super::*;

impl Referee {
    pub(super) fn throw(
        &mut self,
        who: Colour,
        throw: Throw,
        cast: Cast,
        g: &Gesture,
    ) -> Result<Vec<Report>, RefereeError> {
        let thrower = match self.phase {
            RefereePhase::Throw { thrower } => thrower,
            RefereePhase::Play { mover, .. } if mover != who => {
                // Thrown before the opponent finished his coup (RELEVER LES DÉS).
                let report = Report {
                    fault: Fault::MauvaisCoupDeDes,
                    entry: Entry::Relever,
                    offender: Some(who),
                    chooser: Some(mover),
                    points: 0,
                    options: vec![Remedy::AcceptThrow, Remedy::AnnulThrow],
                    text: format!("{who} threw {throw} before {mover} finished his coup"),
                };
                self.open.push(Open {
                    report: report.clone(),
                    action: Action::ThrowChoice {
                        throw,
                        for_next: true,
                    },
                    expiry: Expiry::Blocking,
                });
                return Ok(vec![report]);
            }
            _ => return Err(not_now(who, g, "it is not his throw")),
        };
        if thrower != who {
            return Err(not_now(who, g, format!("{thrower} throws")));
        }
        let ruling = rule_throw(&cast);
        match ruling {
            ThrowRuling::Rethrow(entry) => Ok(vec![Report {
                fault: Fault::MauvaisCoupDeDes,
                entry,
                offender: None,
                chooser: None,
                points: 0,
                options: Vec::new(),
                text: format!("the throw is {ruling}: {who} throws again"),
            }]),
            ThrowRuling::OpponentChooses(entry) | ThrowRuling::ThrowerChooses(entry) => {
                let chooser = if matches!(ruling, ThrowRuling::OpponentChooses(_)) {
                    who.other()
                } else {
                    who
                };
                let report = Report {
                    fault: Fault::MauvaisCoupDeDes,
                    entry,
                    offender: Some(who),
                    chooser: Some(chooser),
                    points: 0,
                    options: vec![Remedy::AcceptThrow, Remedy::AnnulThrow],
                    text: format!("the throw {throw} is {ruling}"),
                };
                self.open.push(Open {
                    report: report.clone(),
                    action: Action::ThrowChoice {
                        throw,
                        for_next: false,
                    },
                    expiry: Expiry::Blocking,
                });
                Ok(vec![report])
            }
            ThrowRuling::NotSettled(_) => {
                let other = if cast.lie[0] == Lie::Spinning {
                    cast.lie[1]
                } else {
                    cast.lie[0]
                };
                let mut reports = self.start_coup(who, throw)?;
                if let Some(t) = &mut self.turn {
                    t.settling = Some(other);
                }
                reports.push(Report {
                    fault: Fault::MauvaisCoupDeDes,
                    entry: Entry::DePirouettant,
                    offender: None,
                    chooser: None,
                    points: 0,
                    options: Vec::new(),
                    text: "a die is spinning: nobody may stop it; wait until it rests".into(),
                });
                Ok(reports)
            }
            ThrowRuling::Good { warning } => {
                let mut reports = self.start_coup(who, throw)?;
                if let Some(e) = warning {
                    reports.push(Report {
                        fault: Fault::MauvaisCoupDeDes,
                        entry: e,
                        offender: Some(who),
                        chooser: None,
                        points: 0,
                        options: Vec::new(),
                        text: "dice badly cast: the throw is good, a warning suffices".into(),
                    });
                }
                Ok(reports)
            }
        }
    }

    pub(super) fn settle(
        &mut self,
        who: Colour,
        lie: Lie,
        g: &Gesture,
    ) -> Result<Vec<Report>, RefereeError> {
        let t = self.turn_of(who, g)?;
        let Some(other) = t.settling else {
            return Err(not_now(who, g, "no die is spinning"));
        };
        let cast = Cast {
            lie: [lie, other],
            ..Cast::default()
        };
        match rule_throw(&cast) {
            ThrowRuling::Good { .. } => {
                let t = self.turn_mut(who, g)?;
                t.settling = None;
                if t.own.impatient {
                    // ÉCOLE PAR IMPATIENCE: no longer admitted to mark his points.
                    return self.close_own();
                }
                Ok(Vec::new())
            }
            ThrowRuling::NotSettled(_) => Ok(Vec::new()),
            r => {
                // Thrown again: the coup starts over.
                let t = self.turn.take().ok_or(RefereeError::Over)?;
                self.phase = RefereePhase::Throw { thrower: t.mover };
                Ok(vec![Report {
                    fault: Fault::MauvaisCoupDeDes,
                    entry: match r {
                        ThrowRuling::Rethrow(e) => e,
                        _ => Entry::JeterLesDes,
                    },
                    offender: None,
                    chooser: None,
                    points: 0,
                    options: Vec::new(),
                    text: format!("the throw is {r}: {who} throws again"),
                }])
            }
        }
    }

    /// A good throw: the consummations it brings, then the coup of `who` begins.
    pub(super) fn start_coup(
        &mut self,
        who: Colour,
        throw: Throw,
    ) -> Result<Vec<Report>, RefereeError> {
        let mut reports = Vec::new();
        // Fausses cases of the opponent not corrected are consummated: left as played.
        // Écoles `who` could claim are lost.
        let mut provoked = false;
        let mut keep = Vec::new();
        for o in std::mem::take(&mut self.open) {
            if o.report.chooser == Some(who) && o.expiry == Expiry::ClaimantThrows {
                if let Action::Ecole { excess: true, .. } = o.action {
                    provoked = true;
                }
                self.lost.push((who, o.report.to_string()));
            } else {
                keep.push(o);
            }
        }
        self.open = keep;
        // `who`'s marking of the points the opponent's coup gave him is consummated.
        if let Some(step) = self.given.take() {
            let mut r = self.close_step(step, Expiry::OffenderMarksOwn);
            if provoked {
                for o in &mut self.open {
                    if o.report.offender == Some(step.colour)
                        && let Action::Ecole { forbidden, .. } = &mut o.action
                    {
                        *forbidden = Some(Entry::EcoleQuiEnProvoqueUneAutre);
                        o.report.entry = Entry::EcoleQuiEnProvoqueUneAutre;
                        o.report.options = vec![Remedy::Decline];
                        o.report.text.push_str(
                            "; the points he marked unduly for this were its cause and payment",
                        );
                    }
                }
                for rep in &mut r {
                    if rep.offender == Some(step.colour) && rep.points > 0 {
                        rep.entry = Entry::EcoleQuiEnProvoqueUneAutre;
                        rep.options = vec![Remedy::Decline];
                    }
                }
            }
            reports.extend(r);
        }
        if self.won().is_some() {
            return Ok(reports);
        }
        let analysis = ThrowAnalysis::new(&self.position, throw, &self.rules);
        let own = analysis.points_before(who);
        // FAUSSE CASE : CONSOMMATION, the exception: the dame is passed into the jan de
        // retour if possible; otherwise no other dame goes into the opponent's grand jan.
        let mut must = Vec::new();
        if let Some((c, p)) = self.pass_next
            && c == who
        {
            self.pass_next = None;
            if self.position.board().count(who, p) > 0 {
                let passes = analysis.legal_plays().iter().any(|pl| {
                    crate::referee::fausse_case::lands_of(pl, who)
                        .iter()
                        .any(|&(f, t)| f == p.path(who) && t >= 19)
                });
                must.push(if passes {
                    Must::PassFrom(p)
                } else {
                    Must::NoGrandJan
                });
            }
        }
        self.turn = Some(Turn {
            mover: who,
            analysis,
            moves: Vec::new(),
            touched: Vec::new(),
            adoube: false,
            own: Step::new(who, own, true),
            own_closed: false,
            own_assessment: Assessment::default(),
            after: None,
            settling: None,
            must,
            deny_leave: false,
            privilege_asked: false,
        });
        self.has_acted[who] = true;
        self.lifted = ByColour::default();
        self.phase = RefereePhase::Play { mover: who, throw };
        Ok(reports)
    }
}
