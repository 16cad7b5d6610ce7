//! A table of three or four at the partie à écrire ([`TableMatch`]): trictrac-core's
//! `Partie` (à tourner, à la chouette, in teams, à tourner at four) whose marqués are played
//! one after another between the two seats its `Pairing` names, each a partie à écrire of one
//! marqué (the player with the primauté plays White and throws first), settled at the table
//! as the laws say (the glossary of the laws of trictrac: PARTIE À TOURNER, PARTIE À LA
//! CHOUETTE, PARTIE À QUATRE JOUEURS).

use boardgames_common::{Player, Record, Seed, SeededDice};
use serde_json::{Value, json};
use trictrac_core::ecrire::settlement::{EcrireRules, MarqueOutcome};
use trictrac_core::ecrire::table::{Pairing, Partie, Seat, TableForm};
use trictrac_core::ecrire::{Convention, MarqueResult};
use trictrac_core::{Colour, EcrireGame, EcrireOptions, Primaute};

use super::matches::{Duel, Match, Thinking, ToAct};
use crate::error::ApiError;

/// The most marqués a table plays (refaits apart).
pub(crate) const MAX_TABLE_MARQUES: u32 = 24;

/// A partie at a table of three or four.
pub(crate) struct TableMatch {
    partie: Partie,
    seed: Seed,
    /// The marqués played so far, refaits included (each throws its dice from its own seed).
    played: u64,
    pairing: Pairing,
    marque: Duel<EcrireGame>,
    one: EcrireRules,
    /// The records of the marqués already played.
    records: Vec<Record>,
    len: usize,
}

impl TableMatch {
    /// A table of `names` (3 or 4, seat `A` first) for a partie `form` of `marques` marqués
    /// under `convention`, the draw for places and every marqué's dice from `seed`.
    ///
    /// # Errors
    /// [`ApiError::BadRequest`] with trictrac-core's reason (the form does not fit the
    /// players, the marqués are not a multiple the form needs, ...).
    pub(crate) fn new(
        form: TableForm,
        names: Vec<String>,
        marques: u32,
        convention: Convention,
        seed: Seed,
    ) -> Result<TableMatch, ApiError> {
        if !(1..=MAX_TABLE_MARQUES).contains(&marques) {
            return Err(ApiError::BadRequest(format!(
                "marques: {marques} is not a number of marqués from 1 to {MAX_TABLE_MARQUES}"
            )));
        }
        let bad = |e: &dyn std::fmt::Display| ApiError::BadRequest(e.to_string());
        let rules = EcrireRules::new(marques)
            .map_err(|e| bad(&e))?
            .with_convention(convention);
        let one = EcrireRules::new(1)
            .map_err(|e| bad(&e))?
            .with_convention(convention)
            .with_jetons_de_marque(rules.jetons_de_marque())
            .map_err(|e| bad(&e))?;
        let mut dice = SeededDice::new(seed.derive(0x7AB1E));
        let partie = Partie::seat(form, names, rules, &mut dice).map_err(|e| bad(&e))?;
        let pairing = partie
            .current()
            .ok_or_else(|| ApiError::internal("a new partie has no marqué to play"))?;
        let marque = Duel::new(Self::marque_game(one), seed.derive(1))?;
        Ok(TableMatch {
            partie,
            seed,
            played: 0,
            pairing,
            marque,
            one,
            records: Vec::new(),
            len: 0,
        })
    }

    /// A marqué's game: one marqué, White (the primauté) throwing first.
    fn marque_game(one: EcrireRules) -> EcrireGame {
        let mut options = EcrireOptions::new(one);
        options.primaute = Primaute::Fixed(Colour::White);
        EcrireGame::new(options)
    }

    /// The seat of a marqué's side.
    fn seat_of(&self, side: usize) -> usize {
        if side == 0 {
            self.pairing.primaute.index()
        } else {
            self.pairing.opponent.index()
        }
    }

    /// The marqué's side of a seat, `None` for a seat that does not play it.
    fn side_of(&self, seat: usize) -> Option<usize> {
        if seat == self.pairing.primaute.index() {
            Some(0)
        } else if seat == self.pairing.opponent.index() {
            Some(1)
        } else {
            None
        }
    }

    /// Records the ended marqué at the table and seats the next.
    fn settle_marque(&mut self) -> Result<(), ApiError> {
        let fault = |e: &dyn std::fmt::Display| ApiError::internal(format!("the table: {e}"));
        let entries = self.marque.state().ledger().entries().to_vec();
        for entry in entries {
            match entry.result {
                MarqueResult::Refait => {
                    self.partie
                        .record_refait(entry.trous[Player::First])
                        .map_err(|e| fault(&e))?;
                }
                MarqueResult::Won {
                    winner,
                    quality,
                    sans_lever,
                    ..
                } => {
                    let seat = if winner == Player::First {
                        self.pairing.primaute
                    } else {
                        self.pairing.opponent
                    };
                    let outcome = MarqueOutcome::new(
                        entry.trous[winner],
                        entry.trous[winner.other()],
                        quality,
                    )
                    .sans_lever(sans_lever);
                    self.partie
                        .record_won(seat, outcome)
                        .map_err(|e| fault(&e))?;
                }
            }
        }
        self.records.push(self.marque.record());
        self.played += 1;
        if let Some(next) = self.partie.current() {
            self.pairing = next;
            self.marque = Duel::new(
                Self::marque_game(self.one),
                self.seed.derive(1 + self.played),
            )?;
        }
        Ok(())
    }

    /// The seeds of the marqués played, in order (for the records once revealed).
    fn marque_seeds(&self) -> Vec<Seed> {
        (0..=self.played).map(|k| self.seed.derive(1 + k)).collect()
    }

    /// The records of every marqué, the one in play last.
    fn marque_records(&self) -> Vec<Record> {
        let mut all = self.records.clone();
        if !self.partie.is_over() {
            all.push(self.marque.record());
        }
        all
    }

    fn balances(&self) -> Option<Vec<(String, i128)>> {
        self.partie.balances().ok()
    }
}

impl Match for TableMatch {
    fn seats(&self) -> usize {
        self.partie.names().len()
    }

    fn to_act(&self) -> ToAct {
        if self.partie.is_over() {
            return ToAct::Over;
        }
        match self.marque.to_act() {
            ToAct::Seat(s) => ToAct::Seat(self.seat_of(s)),
            other => other,
        }
    }

    fn check(&self, seat: usize, text: &str) -> Result<String, ApiError> {
        if self.partie.is_over() {
            return Err(ApiError::Refused("the partie is over".into()));
        }
        match self.side_of(seat) {
            Some(side) => self.marque.check(side, text),
            None => Err(ApiError::NotYourTurn),
        }
    }

    fn throw(&self) -> Result<String, ApiError> {
        self.marque.throw()
    }

    fn apply(&mut self, text: &str) -> Result<(), ApiError> {
        if self.partie.is_over() {
            return Err(ApiError::Refused("the partie is over".into()));
        }
        self.marque.apply(text)?;
        self.len += 1;
        if self.marque.to_act() == ToAct::Over {
            self.settle_marque()?;
        }
        Ok(())
    }

    fn think(&self, bot: &str) -> Result<Thinking, ApiError> {
        self.marque.think(bot)
    }

    fn view(&self, legal_for: Option<usize>) -> Value {
        let side = legal_for.and_then(|s| self.side_of(s));
        let mut view = self.marque.view(side);
        if let ToAct::Seat(s) = self.to_act() {
            view["next"]["seat"] = json!(s);
        }
        if self.partie.is_over() {
            view["next"] = json!({ "kind": "over", "side": null, "seat": null });
        }
        let seat_name = |s: Seat| s.index();
        view["table"] = json!({
            "form": form_key(self.partie.form()),
            "names": self.partie.names(),
            "marque": self.pairing.number,
            "first": seat_name(self.pairing.primaute),
            "second": seat_name(self.pairing.opponent),
            "vacant": self.pairing.vacant.iter().map(seat_name).collect::<Vec<_>>(),
            "sheet": self.partie.sheet(),
            "balances": self.balances().map(|b| b.into_iter()
                .map(|(k, v)| json!({ "interest": k, "jetons": v.to_string() }))
                .collect::<Vec<_>>()),
            "over": self.partie.is_over(),
        });
        view["game"] = json!("table");
        view["seq"] = json!(self.len);
        view
    }

    fn scores(&self) -> Option<Vec<f64>> {
        if !self.partie.is_over() {
            return None;
        }
        let balances = self.balances()?;
        let form = self.partie.form();
        Some(
            (0..self.seats())
                .map(|k| {
                    let balance = if form.is_tourner() {
                        balances.get(k).map_or(0, |b| b.1)
                    } else {
                        let side = self.partie.side(Seat::new(k).unwrap_or(Seat::A));
                        balances.get(side.index()).map_or(0, |b| b.1)
                    };
                    match balance.signum() {
                        1 => 1.0,
                        -1 => 0.0,
                        _ => 0.5,
                    }
                })
                .collect(),
        )
    }

    fn record(&self) -> Record {
        self.marque.record()
    }

    fn len(&self) -> usize {
        self.len
    }

    fn records(&self, reveal: bool) -> Vec<Record> {
        let mut records = self.marque_records();
        if reveal {
            for (r, s) in records.iter_mut().zip(self.marque_seeds()) {
                let _ = r.set_tag("Seed", &s.to_string());
            }
        }
        records
    }

    fn sheet(&self) -> Option<String> {
        Some(self.partie.sheet())
    }

    fn views_per_seat(&self) -> bool {
        true
    }
}

/// The form's name in requests (`tourner`, `chouette`, `teams`, `tourner-4`).
pub(crate) fn form_key(form: TableForm) -> &'static str {
    match form {
        TableForm::Tourner => "tourner",
        TableForm::Chouette => "chouette",
        TableForm::Teams => "teams",
        TableForm::TournerAQuatre => "tourner-4",
    }
}
