//! The ledger of a partie à écrire: every marqué as it was settled, the score sheet as players
//! write it, and the décompte général.
//!
//! Source: the French glossary of the laws of trictrac, LA PARTIE À DEUX JOUEURS:
//! "Traditionnellement, on ne tenait qu'un compte négatif : celui des pertes subies par
//! chaque joueur. Mais on peut aussi inscrire les gains et les pertes de chaque joueur en
//! utilisant le système des colonnes positives et négatives" ([`SheetStyle`]).
//!
//! ```
//! use boardgames_common::ByPlayer;
//! use boardgames_common::Player::{First as A, Second as B};
//! use trictrac_core::ecrire::{Ledger, Quality};
//! use trictrac_core::ecrire::settlement::EcrireRules;
//! let mut ledger = Ledger::new(EcrireRules::new(2).unwrap());
//! ledger.record_refait(ByPlayer::new(6, 6)).unwrap();
//! // After one refait the consolation of a simple marqué is 4: 8 − 3 + 4 = 9.
//! assert_eq!(ledger.record_won(A, ByPlayer::new(8, 3), Quality::Simple, false).unwrap(), 9);
//! ledger.record_won(B, ByPlayer::new(2, 7), Quality::Simple, false).unwrap();
//! let decompte = ledger.decompte().unwrap();
//! assert_eq!(decompte.balance(A) + decompte.balance(B), 0);
//! ```

use std::fmt::{self, Write as _};

use crate::ecrire::Quality;
use crate::ecrire::settlement::{
    Decompte, EcrireRules, MarqueOutcome, QueueHolder, Remainder, Settlement, SettlementError,
    TROU_D_OBLIGATION, decompte, settle_marque_in,
};
use boardgames_common::{ByPlayer, Player};

/// How a marqué ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MarqueResult {
    /// Won by `winner`, settled as `settlement`.
    Won {
        /// The winner.
        winner: Player,
        /// Simple, petite or grande bredouille.
        quality: Quality,
        /// Under the sans lever convention, whether it counted sans lever.
        sans_lever: bool,
        /// The payment, term by term.
        settlement: Settlement,
    },
    /// A refait: both players had the same trous (at least 6); the marqué is void and
    /// replayed.
    Refait,
}

/// One marqué of the ledger. Players are persons ([`Player`]), not colours: the colours
/// may change at every marqué.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MarqueEntry {
    /// The marqué's number, from 1; a refait and the marqués replaying it share it.
    pub number: u32,
    /// Trous of each player when it ended.
    pub trous: ByPlayer<u32>,
    /// Refaits played just before it on the same number.
    pub refaits: u32,
    /// How it ended.
    pub result: MarqueResult,
}

/// The two ways of writing the score sheet (glossary, LA PARTIE À DEUX JOUEURS).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum SheetStyle {
    /// The traditional sheet: only losses, each payment in the loser's column.
    #[default]
    Losses,
    /// Positive and negative columns, as at tarot: the winner `+`, the loser `−`, and each
    /// player's running balance.
    GainsAndLosses,
}

impl SheetStyle {
    /// Every `SheetStyle`, in the order of its declaration.
    pub const ALL: [SheetStyle; 2] = [SheetStyle::Losses, SheetStyle::GainsAndLosses];
    /// The number of `SheetStyle`s.
    pub const NUM: usize = 2;
}

/// The ledger of a partie à écrire: its rules and every marqué played.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ledger {
    rules: EcrireRules,
    entries: Vec<MarqueEntry>,
    decided: u32,
    refaits: u32,
}

impl Ledger {
    /// An empty ledger for a partie under `rules`.
    #[must_use]
    pub const fn new(rules: EcrireRules) -> Ledger {
        Ledger {
            rules,
            entries: Vec::new(),
            decided: 0,
            refaits: 0,
        }
    }

    /// The rules of the partie.
    #[must_use]
    pub const fn rules(&self) -> &EcrireRules {
        &self.rules
    }

    /// Every marqué recorded, refaits included, in order.
    #[must_use]
    pub fn entries(&self) -> &[MarqueEntry] {
        &self.entries
    }

    /// Marqués decided (refaits excluded).
    #[must_use]
    pub const fn decided(&self) -> u32 {
        self.decided
    }

    /// Refaits played since the last decided marqué (they raise the next consolation).
    #[must_use]
    pub const fn pending_refaits(&self) -> u32 {
        self.refaits
    }

    /// Whether every marqué of the partie is decided.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.decided >= self.rules.marques()
    }

    fn check_open(&self) -> Result<(), SettlementError> {
        if self.is_over() {
            Err(SettlementError::PartieOver {
                marques: self.rules.marques(),
            })
        } else {
            Ok(())
        }
    }

    /// Records a marqué won by `winner` with the players' `trous` in `quality` (and, under
    /// the sans lever convention, `sans_lever`), settles it with the refaits just before, and
    /// returns its payment in jetons.
    ///
    /// # Errors
    /// [`SettlementError::PartieOver`] when every marqué is decided, and the errors of
    /// [`settle_marque`](crate::ecrire::settlement::settle_marque) (too few trous, not ahead, a grande bredouille below 12).
    pub fn record_won(
        &mut self,
        winner: Player,
        trous: ByPlayer<u32>,
        quality: Quality,
        sans_lever: bool,
    ) -> Result<u64, SettlementError> {
        self.check_open()?;
        let outcome = MarqueOutcome::new(trous[winner], trous[winner.other()], quality)
            .after_refaits(self.refaits)
            .sans_lever(sans_lever);
        let settlement = settle_marque_in(&self.rules, &outcome)?;
        self.entries.push(MarqueEntry {
            number: self.decided + 1,
            trous,
            refaits: self.refaits,
            result: MarqueResult::Won {
                winner,
                quality,
                sans_lever: outcome.sans_lever,
                settlement,
            },
        });
        self.decided += 1;
        self.refaits = 0;
        Ok(settlement.payment)
    }

    /// Records a refait: the marqué ended on equal `trous`, at least 6 each.
    ///
    /// # Errors
    /// [`SettlementError::PartieOver`], [`SettlementError::NotARefait`] for unequal trous or
    /// fewer than 6.
    pub fn record_refait(&mut self, trous: ByPlayer<u32>) -> Result<(), SettlementError> {
        self.check_open()?;
        let (first, second) = (trous[Player::First], trous[Player::Second]);
        if first != second || first < TROU_D_OBLIGATION {
            return Err(SettlementError::NotARefait { first, second });
        }
        self.entries.push(MarqueEntry {
            number: self.decided + 1,
            trous,
            refaits: self.refaits,
            result: MarqueResult::Refait,
        });
        self.refaits = self.refaits.saturating_add(1);
        Ok(())
    }

    /// Jetons de mise each player received from the marqués so far.
    #[must_use]
    pub fn received(&self) -> ByPlayer<u64> {
        let mut received = ByPlayer::new(0u64, 0u64);
        for entry in &self.entries {
            if let MarqueResult::Won {
                winner, settlement, ..
            } = entry.result
            {
                received[winner] = received[winner].saturating_add(settlement.payment);
            }
        }
        received
    }

    /// Marqués each player won so far.
    #[must_use]
    pub fn won(&self) -> ByPlayer<u32> {
        let mut won = ByPlayer::new(0u32, 0u32);
        for entry in &self.entries {
            if let MarqueResult::Won { winner, .. } = entry.result {
                won[winner] += 1;
            }
        }
        won
    }

    /// `player`'s balance in jetons from the marqués so far: received minus paid.
    #[must_use]
    pub fn balance(&self, player: Player) -> i128 {
        let received = self.received();
        i128::from(received[player]) - i128::from(received[player.other()])
    }

    /// The décompte général.
    ///
    /// # Errors
    /// [`SettlementError::PartieNotOver`] before every marqué is decided.
    pub fn decompte(&self) -> Result<Decompte, SettlementError> {
        decompte(&self.rules, self.received(), self.won())
    }

    /// The score sheet in `style`: one line per marqué and the totals (see [`Ledger`]'s
    /// `Display` for the losses sheet followed by the décompte when the partie is over).
    #[must_use]
    pub fn sheet(&self, style: SheetStyle) -> String {
        let mut out = String::new();
        let rules = &self.rules;
        let _ = writeln!(
            out,
            "Partie à écrire in {} marqués, convention {}, {} jeton{} de marqué, fiche of {} jetons",
            rules.marques(),
            rules.convention(),
            rules.jetons_de_marque(),
            if rules.jetons_de_marque() == 1 {
                ""
            } else {
                "s"
            },
            rules.fiche(),
        );
        let _ = writeln!(
            out,
            "{:>6}  {:>5}  {:<24}  {:>7}  {:>7}",
            "marqué", "trous", "won", "A", "B"
        );
        let mut running = ByPlayer::new(0i128, 0i128);
        let mut losses = ByPlayer::new(0u64, 0u64);
        for entry in &self.entries {
            let trous = format!(
                "{}-{}",
                entry.trous[Player::First],
                entry.trous[Player::Second]
            );
            let (won, cells) = match entry.result {
                MarqueResult::Refait => ("refait".to_owned(), ["".to_owned(), "".to_owned()]),
                MarqueResult::Won {
                    winner,
                    quality,
                    sans_lever,
                    settlement,
                } => {
                    let mut won = format!("{} {quality}", sheet_name(winner));
                    if quality != Quality::Simple
                        && rules.convention() == crate::ecrire::Convention::SansLever
                    {
                        won.push_str(if sans_lever {
                            " sans lever"
                        } else {
                            " relevé"
                        });
                    }
                    if entry.refaits > 0 {
                        let _ = write!(won, " +{}r", entry.refaits);
                    }
                    let loser = winner.other();
                    let p = settlement.payment;
                    losses[loser] = losses[loser].saturating_add(p);
                    running[winner] += i128::from(p);
                    running[loser] -= i128::from(p);
                    let cell = |c: Player| match style {
                        SheetStyle::Losses if c == loser => p.to_string(),
                        SheetStyle::Losses => String::new(),
                        SheetStyle::GainsAndLosses if c == winner => format!("+{p}"),
                        SheetStyle::GainsAndLosses => format!("-{p}"),
                    };
                    (won, [cell(Player::First), cell(Player::Second)])
                }
            };
            let _ = writeln!(
                out,
                "{:>6}  {:>5}  {:<24}  {:>7}  {:>7}",
                entry.number, trous, won, cells[0], cells[1]
            );
        }
        let totals = match style {
            SheetStyle::Losses => [
                losses[Player::First].to_string(),
                losses[Player::Second].to_string(),
            ],
            SheetStyle::GainsAndLosses => [
                signed(running[Player::First]),
                signed(running[Player::Second]),
            ],
        };
        let _ = writeln!(
            out,
            "{:>6}  {:>5}  {:<24}  {:>7}  {:>7}",
            "total", "", "", totals[0], totals[1]
        );
        out
    }

    /// The décompte général step by step, in jetons and fiches, or why it cannot be made yet.
    #[must_use]
    pub fn decompte_text(&self) -> String {
        match self.decompte() {
            Ok(d) => describe_decompte(&self.rules, &d),
            Err(e) => format!("Décompte général: {e}\n"),
        }
    }
}

/// The name of a player on the score sheet: `A` for [`Player::First`], `B` for
/// [`Player::Second`] (the glossary names its players A, B, C, D).
#[must_use]
pub const fn sheet_name(player: Player) -> &'static str {
    match player {
        Player::First => "A",
        Player::Second => "B",
    }
}

fn signed(v: i128) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// The décompte général of `d` under `rules`, step by step, as players say it.
#[must_use]
pub fn describe_decompte(rules: &EcrireRules, d: &Decompte) -> String {
    use Player::{First as A, Second as B};
    let mut out = String::from("Décompte général\n");
    let _ = writeln!(
        out,
        "  1. marqués: A won {} ({} jetons), B won {} ({} jetons)",
        d.won[A], d.marques[A], d.won[B], d.marques[B]
    );
    let _ = match d.queue_holder {
        QueueHolder::Player(c) => writeln!(
            out,
            "  2. queue des jetons: {} jetons to {}, ahead in jetons de mise",
            d.queue_des_jetons,
            sheet_name(c)
        ),
        QueueHolder::Ignored => writeln!(out, "  2. queue des jetons: ignored, as agreed"),
        QueueHolder::Shared => writeln!(
            out,
            "  2. queue des jetons: {} jetons, shared (equal jetons de mise)",
            d.queue_des_jetons
        ),
    };
    let p = &d.paris;
    let _ = match p.winner {
        None => writeln!(
            out,
            "  3. paris: none (contingent {} each, nobody beyond it)",
            rules.contingent()
        ),
        Some(c) => {
            let mut parts = Vec::new();
            if p.postillon {
                parts.push("postillon 28 (20 of queue des paris)".to_owned());
            }
            if p.later_double_paris > 0 {
                parts.push(format!(
                    "{} double pari{} × 8",
                    p.later_double_paris,
                    if p.later_double_paris == 1 { "" } else { "s" }
                ));
            }
            if p.single_pari {
                parts.push("1 pari 4".to_owned());
            }
            if !p.postillon {
                parts.push("queue des paris 20".to_owned());
            }
            writeln!(
                out,
                "  3. paris: {} won {} marqués against {} (contingent {} each): {} pari{}: {} = {} jetons",
                sheet_name(c),
                d.won[c],
                d.won[c.other()],
                rules.contingent(),
                p.paris,
                if p.paris == 1 { "" } else { "s" },
                parts.join(", "),
                p.jetons
            )
        }
    };
    let _ = writeln!(
        out,
        "  4. accounts: A {}, B {}",
        d.accounts[A], d.accounts[B]
    );
    match d.winner {
        None => {
            let _ = writeln!(out, "  5. equal accounts: nobody wins, 0 fiches");
        }
        Some(c) => {
            let fiche = u64::from(rules.fiche());
            let rem = d.difference % fiche;
            let rem_text = match rules.remainder() {
                _ if rem == 0 => String::new(),
                Remainder::HalfCounts if d.fiches > d.difference / fiche => {
                    format!(", {rem} remaining count one")
                }
                Remainder::HalfCounts => format!(", {rem} remaining count nothing (below half)"),
                Remainder::Nothing => format!(", {rem} remaining count nothing"),
            };
            let _ = writeln!(
                out,
                "  5. difference: {} jetons to {} = {} fiche{} of {fiche}{rem_text}",
                d.difference,
                sheet_name(c),
                d.fiches,
                if d.fiches == 1 { "" } else { "s" },
            );
            if d.queue_generale > 0 {
                let _ = writeln!(out, "  6. queue générale: {} fiches", d.queue_generale);
            }
            let _ = writeln!(out, "  {} wins {} fiches", sheet_name(c), d.total_fiches);
        }
    }
    out
}

impl fmt::Display for Ledger {
    /// The losses sheet, then the décompte when the partie is over.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sheet(SheetStyle::Losses))?;
        if self.is_over() {
            f.write_str(&self.decompte_text())?;
        }
        Ok(())
    }
}
