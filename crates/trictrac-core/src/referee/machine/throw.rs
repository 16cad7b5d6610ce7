//! The throw of the dice as the referee sees it (glossary JETER LES DÉS to DÉ TOUCHÉ, RELEVER
//! LES DÉS): a throw judged good, thrown again or left to a player's choice, a die that
//! spins, and the start of the coup a good throw brings (with the consummations it makes).

use super::*;
use crate::referee::dice::{HandContact, Rompu, may_break};

/// Whether the dice were broken: stopped by the opponent, or pushed back by him, which is
/// the same (DÉ ROMPU; DÉ TOUCHÉ: "ce qui indique l'intention de rompre et y équivaut"; DÉ
/// HORS DU TABLIER: "comme s'il voulait le rompre").
fn is_broken(cast: &Cast) -> bool {
    cast.rompu.is_some()
        || cast.hand == HandContact::WhileFinishing { pushed: true }
        || cast.lie.contains(&Lie::BackIntoTablier { pushed: true })
}

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
                        thrower: who,
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
        if is_broken(&cast) {
            return Ok(self.de_rompu(who, throw, &cast));
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
                        thrower: who,
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

    /// DÉ ROMPU: the opponent broke `who`'s dice (or pushed them back, which "indique
    /// l'intention de rompre et y équivaut": DÉ TOUCHÉ, DÉ HORS DU TABLIER). "on ne peut
    /// faire usage de cette faculté que lorsque l'adversaire a commis une faute de placement
    /// ou de marque et que, non désireux de faire école, on préfère lui faire rectifier cette
    /// faute selon la règle, avant que les dés ne soient connus" ([`may_break`]): with a
    /// fault in `who`'s marking since the opponent's coup (the points it gave him, an école he
    /// claimed that was not made), the fault is rectified without école and `who` throws
    /// again; without one, breaking is not allowed and `who` chooses: keep the numbers as
    /// they lie, or throw again.
    fn de_rompu(&mut self, who: Colour, throw: Throw, cast: &Cast) -> Vec<Report> {
        let breaker = who.other();
        let declared = cast.rompu.unwrap_or(Rompu::WithoutCause);
        let faults = self.marking_faults(who);
        let reason = if faults.is_empty() {
            Rompu::WithoutCause
        } else {
            Rompu::ForAFault
        };
        if may_break(reason) {
            self.rectify_marking(who);
            return vec![Report {
                fault: Fault::MauvaisCoupDeDes,
                entry: Entry::DeRompu,
                offender: Some(who),
                chooser: None,
                points: 0,
                options: Vec::new(),
                text: format!(
                    "{breaker} broke the dice to have {who}'s fault rectified ({}): rectified without école; {who} throws again",
                    faults.join("; ")
                ),
            }];
        }
        let why = if declared == Rompu::ForAFault {
            format!(
                "{breaker} broke the dice for a fault, but {who} has no fault of placement or marking to rectify"
            )
        } else {
            format!("{breaker} broke the dice without a fault of {who} to rectify")
        };
        let report = Report {
            fault: Fault::MauvaisCoupDeDes,
            entry: Entry::DeRompu,
            offender: Some(breaker),
            chooser: Some(who),
            points: 0,
            options: vec![Remedy::AcceptThrow, Remedy::AnnulThrow],
            text: format!(
                "{why}: breaking is allowed only then (DÉ ROMPU); {who} keeps the throw {throw} as it lies, or throws again"
            ),
        };
        self.open.push(Open {
            report: report.clone(),
            action: Action::ThrowChoice {
                thrower: who,
                throw,
                for_next: false,
            },
            expiry: Expiry::Blocking,
        });
        vec![report]
    }

    /// The faults of marking `who` made since the opponent's coup, that breaking his dice
    /// has rectified (DÉ ROMPU): the points that coup gave him marked wrongly, an école he
    /// claimed that was not made or marked in excess. Each as a few words.
    fn marking_faults(&self, who: Colour) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(step) = self.given
            && step.colour == who
        {
            let before = step.before.unwrap_or(self.marking);
            let due = Due::of(&before, who, step.points);
            let mut shown = step.shown;
            if !step.any {
                shown.jeton = before.points(who);
            }
            let a = crate::referee::ecole::assess_with(&due, &shown, false, self.trous_en_trop);
            if a.is_ecole() {
                let what = match (a.omission, a.excess) {
                    (0, x) => format!("{x} too many"),
                    (o, 0) => format!("{o} too few"),
                    (o, x) => format!("{o} too few and {x} too many"),
                };
                out.push(format!(
                    "he marked {what} for the {} points the opponent's coup gave him",
                    step.points
                ));
            }
        }
        for o in &self.open {
            if o.report.offender == Some(who)
                && matches!(o.action, Action::Ecole { excess: true, .. })
            {
                out.push(format!("{} points d'école marked unduly", o.report.points));
            }
        }
        out
    }

    /// Rectifies `who`'s marking faults ([`Referee::marking_faults`]): the points the
    /// opponent's coup gave him marked as due, the écoles he marked unduly taken back.
    fn rectify_marking(&mut self, who: Colour) {
        let mut keep = Vec::new();
        for o in std::mem::take(&mut self.open) {
            match o.action {
                Action::Ecole {
                    excess: true,
                    truth,
                    ..
                } if o.report.offender == Some(who) => {
                    self.marking = with_marks(&self.marking, who, truth);
                }
                _ => keep.push(o),
            }
        }
        self.open = keep;
        if let Some(step) = self.given
            && step.colour == who
        {
            let mut truth = step.before.unwrap_or(self.marking);
            truth.mark(who, step.points);
            self.marking = with_marks(&self.marking, who, marks_of(&truth, who));
            self.given = Some(Step::new(who, 0, false));
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
        // Écoles `who` could claim are lost: nothing the opponent did before is at stake.
        self.stake[who.other()] = 0;
        // Fausses cases of the opponent not corrected are consummated: left as played.
        // Écoles `who` could claim are lost.
        let mut provoked = false;
        let mut keep = Vec::new();
        for o in std::mem::take(&mut self.open) {
            if o.report.chooser == Some(who) && o.expiry == Expiry::ClaimantThrows {
                if let Action::Ecole { excess: true, .. } = o.action {
                    provoked = true;
                }
                self.drop_unanswered(&o);
                self.lost.push((who, o.report.to_string()));
            } else {
                keep.push(o);
            }
        }
        self.open = keep;
        // `who`'s marking of the points the opponent's coup gave him is consummated (unless
        // an école he claimed after it already closed it: `before_ecole`).
        let mut r = match self.given.take() {
            Some(step) => self.close_step(step, Expiry::OffenderMarksOwn),
            None => Vec::new(),
        };
        if provoked {
            for o in &mut self.open {
                if o.report.offender == Some(who)
                    && o.expiry == Expiry::OffenderMarksOwn
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
                if rep.offender == Some(who) && rep.points > 0 {
                    rep.entry = Entry::EcoleQuiEnProvoqueUneAutre;
                    rep.options = vec![Remedy::Decline];
                }
            }
        }
        reports.extend(r);
        if self.won().is_some() {
            // "la chronologie s'interrompt dès qu'un joueur a gagné régulièrement et marqué le
            // nombre de trous qui lui font gagner la partie" (CHRONOLOGIE DÉTAILLÉE D'UN COUP).
            reports.extend(self.check_win());
            return Ok(reports);
        }
        let analysis = ThrowAnalysis::new(&self.position, throw, &self.rules);
        let own = analysis.points_before(who);
        // What the throw gives either player is at stake in `who`'s marking.
        self.add_stake(who, events_stake(analysis.before_play().len()));
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
