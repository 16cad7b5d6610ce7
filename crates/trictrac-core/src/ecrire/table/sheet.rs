//! The score sheet of a partie at a table ([`Partie::sheet`]): the marqués as played and
//! settled, then the décompte and the balances.

use std::fmt::Write as _;

use boardgames_common::Player;

use super::Seat;
use super::accounts::TourneurQueue;
use super::ledger::{Partie, TableResult};
use crate::ecrire::settlement::QueueHolder;

impl Partie {
    /// The score sheet: who played whom at each marqué with its trous (the primauté's
    /// first), its quality and what the loser paid (`A→B 6`, and à tourner the vacant's
    /// consolation `A→C 2`); then, once the partie is over, the décompte and the balances.
    #[must_use]
    pub fn sheet(&self) -> String {
        let mut s = String::new();
        for (k, name) in self.names.iter().enumerate() {
            if let Some(seat) = Seat::new(k) {
                let _ = write!(s, "{seat} {name}  ");
            }
        }
        let _ = writeln!(s, "({}, {} marqués)", self.form(), self.rules.marques());
        let _ = writeln!(s, "marqué  plays  trous  won                       paid");
        for e in &self.entries {
            let _ = write!(
                s,
                "{:>6}  {:<5}  {:>5}  ",
                e.pairing.number,
                e.pairing.to_string(),
                format!("{}-{}", e.trous[0], e.trous[1])
            );
            match e.result {
                TableResult::Refait => {
                    let _ = writeln!(s, "refait");
                }
                TableResult::Won {
                    winner,
                    loser,
                    quality,
                    settlement,
                    vacant,
                    ..
                } => {
                    let won = format!("{winner} {quality}");
                    let _ = write!(s, "{won:<24}  {loser}→{winner} {}", settlement.payment);
                    for v in vacant.iter() {
                        let _ = write!(s, ", {loser}→{v} {}", settlement.consolation);
                    }
                    let _ = writeln!(s);
                }
            }
        }
        if self.is_over() {
            self.write_decompte(&mut s);
        }
        s
    }

    fn write_decompte(&self, s: &mut String) {
        match &self.sides {
            Some(ledger) => {
                let Ok(d) = ledger.decompte() else { return };
                let (a, b) = (
                    self.side_name(Player::First),
                    self.side_name(Player::Second),
                );
                let _ = writeln!(
                    s,
                    "Décompte: marqués {a} {} won ({} jetons), {b} {} won ({} jetons)",
                    d.won[Player::First],
                    d.marques[Player::First],
                    d.won[Player::Second],
                    d.marques[Player::Second]
                );
                let queue = match d.queue_holder {
                    QueueHolder::Player(p) => {
                        format!("{} to {}", d.queue_des_jetons, self.side_name(p))
                    }
                    QueueHolder::Shared => "shared".to_owned(),
                    QueueHolder::Ignored => "ignored".to_owned(),
                };
                let _ = writeln!(s, "  queue des jetons: {queue}");
                if let Some(p) = d.paris.winner {
                    let _ = writeln!(
                        s,
                        "  paris: {} to {} = {} jetons",
                        d.paris.paris,
                        self.side_name(p),
                        d.paris.jetons
                    );
                }
                let _ = writeln!(
                    s,
                    "  accounts: {a} {}, {b} {}",
                    d.accounts[Player::First],
                    d.accounts[Player::Second]
                );
                match d.winner {
                    Some(p) => {
                        let _ = writeln!(
                            s,
                            "  {} wins {} jetons = {}",
                            self.side_name(p),
                            d.difference,
                            fiches(d.total_fiches)
                        );
                    }
                    None => {
                        let _ = writeln!(s, "  equal accounts");
                    }
                }
            }
            None => {
                let Ok(d) = self.tourner_decompte() else {
                    return;
                };
                let queue = match d.queue {
                    TourneurQueue::Seat(h) => format!(
                        "to {h}, ahead with {} jetons (put out: {})",
                        d.received[h.index()],
                        d.put_out
                            .iter()
                            .enumerate()
                            .filter_map(|(k, j)| Seat::new(k).map(|seat| format!("{seat} {j}")))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                    TourneurQueue::Ignored => "ignored".to_owned(),
                    TourneurQueue::Shared => "shared: each takes back his own".to_owned(),
                };
                let _ = writeln!(s, "Décompte: queue des jetons {queue}");
                for p in &d.pairs {
                    let [x, y] = p.seats;
                    let _ = write!(
                        s,
                        "  {x}-{y}: marqués {x} {} ({}), {y} {} ({}); consolations {x} {}, {y} {}; queue {x} {}, {y} {}",
                        p.won[0],
                        p.marques[0],
                        p.won[1],
                        p.marques[1],
                        p.consolations[0],
                        p.consolations[1],
                        p.queue[0],
                        p.queue[1]
                    );
                    if let Some(w) = p.paris.winner {
                        let to = if w == Player::First { x } else { y };
                        let postillon = if p.paris.postillon {
                            " with the postillon"
                        } else {
                            ""
                        };
                        let _ = write!(
                            s,
                            "; paris {} to {to}{postillon} = {}",
                            p.paris.paris, p.paris.jetons
                        );
                    }
                    match p.winner {
                        Some(w) => {
                            let _ = writeln!(
                                s,
                                "; {w} wins {} jetons = {}",
                                p.difference,
                                fiches(p.fiches)
                            );
                        }
                        None => {
                            let _ = writeln!(s, "; equal");
                        }
                    }
                }
            }
        }
        if let Ok(b) = self.balances() {
            let parts: Vec<String> = b.iter().map(|(n, v)| format!("{n} {v:+}")).collect();
            let _ = writeln!(s, "Balances: {}", parts.join(", "));
        }
    }
}

fn fiches(n: u64) -> String {
    format!("{n} fiche{}", if n == 1 { "" } else { "s" })
}
