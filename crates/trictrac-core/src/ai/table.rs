//! A table of bots ([`Partie::play_bots`]): every marqué of a partie at three or four played
//! to its end between the two seated players as a marqué of the partie à deux
//! ([`EcrireGame`] of one marqué, refaits included), settled at the table.

use boardgames_common::{ByPlayer, Player, Seed, play_game};

use super::Bot;
use crate::ecrire::MarqueResult;
use crate::ecrire::settlement::{EcrireRules, MarqueOutcome};
use crate::ecrire::table::{Partie, TableError};
use crate::{Colour, Primaute};
use crate::{EcrireGame, EcrireOptions};

/// Actions allowed for one marqué between bots before it is abandoned as too long (a
/// marqué between bots takes a few thousand).
pub const MAX_MARQUE_ACTIONS: usize = 1_000_000;

impl Partie {
    /// Plays every marqué left between two [`Bot`]s, the throws of marqué `n` drawn from
    /// `Seed(seed + n)`: the player with the primauté plays White and throws first; a refait
    /// is replayed with the same primauté; each decided marqué is recorded at the table.
    ///
    /// # Errors
    /// [`TableError::Play`] when a marqué does not end within [`MAX_MARQUE_ACTIONS`] or its
    /// game contradicts itself, and the errors of [`Partie::record_won`].
    pub fn play_bots(&mut self, seed: Seed) -> Result<(), TableError> {
        let one = EcrireRules::new(1)?
            .with_convention(self.rules().convention())
            .with_jetons_de_marque(self.rules().jetons_de_marque())?;
        while let Some(pairing) = self.current() {
            let number = pairing.number;
            let mut options = EcrireOptions::new(one);
            options.primaute = Primaute::Fixed(Colour::White);
            let (mut a, mut b) = (Bot::default(), Bot::default());
            let played = play_game(
                EcrireGame::new(options),
                Seed(seed.0.wrapping_add(u64::from(number))),
                ByPlayer::new(&mut a, &mut b),
                MAX_MARQUE_ACTIONS,
            )
            .map_err(|e| TableError::Play {
                number,
                reason: e.to_string(),
            })?;
            let ledger = played.state.ledger();
            for entry in ledger.entries() {
                match entry.result {
                    MarqueResult::Refait => {
                        self.record_refait(entry.trous[Player::First])?;
                    }
                    MarqueResult::Won {
                        winner,
                        quality,
                        sans_lever,
                        ..
                    } => {
                        let seat = if winner == Player::First {
                            pairing.primaute
                        } else {
                            pairing.opponent
                        };
                        let outcome = MarqueOutcome::new(
                            entry.trous[winner],
                            entry.trous[winner.other()],
                            quality,
                        )
                        .sans_lever(sans_lever);
                        self.record_won(seat, outcome)?;
                    }
                }
            }
        }
        Ok(())
    }
}
