//! The fausse case (glossary of the laws of trictrac, section FAUSSE CASE): a dame played
//! where the numbers cannot bring it, against the obligation to fill or keep, on a coin
//! against the laws, or touched and not played.
//!
//! [`judge`] compares what the player physically did (his [`PhysicalMove`]s and the dames he
//! touched) with the legal plays of the throw ([`ThrowAnalysis::legal_plays`], which apply
//! the laws of movement AND the obligation to fill or keep) and names the case with the
//! options of the opponent ([`Remedy`]), following RÉSOLUTION: the opponent may leave the
//! dames as they are (when that is a position the laws allow); he may impose a legal play,
//! but only one that moves dames the offender touched, and that keeps in place the dames
//! played correctly unless there is no other way; some cases (a coin, a jan the opponent
//! can still fill) send the dames back for the offender to play again freely.

use crate::board::Colour;
use crate::board::Jan;
use crate::board::PathCounts;
use crate::board::Position;
use crate::board::Setup;
use crate::board::{Dest, OFF, OWN_COIN, Point, TALON};
use crate::movement::Play;
use crate::referee::{Entry, Remedy};
use crate::scoring::{JanKind, ThrowAnalysis};

/// One dame moved by hand: lifted from `from`, put down on `to` and let go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PhysicalMove {
    /// Where the dame stood.
    pub from: Point,
    /// Where it was put down (or off the board).
    pub to: Dest,
}

/// A fausse case found by [`judge`]: the entry it falls under, a sentence, and the
/// opponent's options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Judgement {
    /// The glossary entry.
    pub entry: Entry,
    /// What happened, for people.
    pub text: String,
    /// The opponent's options.
    pub options: Vec<Remedy>,
    /// Numbers the physical play leaves unplayed beyond the impuissance of the throw: if
    /// the opponent leaves it, he marks 2 points for each (DAME PASSÉE AU RETOUR).
    pub numbers_short: u8,
}

/// One dame's journey in a physical play: where it started, where it ended, in how many
/// moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Unit {
    pub(super) from: u8,
    pub(super) to: u8,
    pub(super) steps: u8,
}

fn units(mover: Colour, moves: &[PhysicalMove]) -> Vec<Unit> {
    let mut out: Vec<Unit> = Vec::new();
    for m in moves {
        let f = m.from.path(mover);
        let t = m.to.path(mover);
        if let Some(u) = out.iter_mut().rev().find(|u| u.to == f) {
            u.to = t;
            u.steps += 1;
        } else {
            out.push(Unit {
                from: f,
                to: t,
                steps: 1,
            });
        }
    }
    out
}

/// The mover's path counts after the physical moves, or `None` if a move starts where he
/// has no dame.
#[must_use]
pub fn counts_after(position: &Position, moves: &[PhysicalMove]) -> Option<PathCounts> {
    let mover = position.side_to_move();
    let mut c = *position.board().path_counts(mover);
    for m in moves {
        let f = m.from.path(mover) as usize;
        if c[f] == 0 {
            return None;
        }
        c[f] -= 1;
        c[m.to.path(mover) as usize] += 1;
    }
    Some(c)
}

/// The position after the physical moves if the laws allow it as a position (no point with
/// both colours, no single dame on a coin, nobody on the opponent's coin), the other side to
/// move and the mover's throw counted.
#[must_use]
pub fn position_after(position: &Position, moves: &[PhysicalMove]) -> Option<Position> {
    let mover = position.side_to_move();
    let counts = counts_after(position, moves)?;
    let mut setup: Setup = position.to_setup();
    for point in Point::ALL {
        setup.counts[mover][point.index()] = counts[point.path(mover) as usize];
    }
    setup.side_to_move = mover.other();
    setup.throws_since_releve[mover] = setup.throws_since_releve[mover].saturating_add(1);
    Position::from_setup(&setup).ok()
}

fn play_moves_from(play: &Play, mover: Colour) -> Vec<u8> {
    let mut v: Vec<u8> = Vec::new();
    for (i, m) in play.moves().iter().enumerate() {
        // The second move of a tout d'une starts from the rest: not a dame of its own.
        if i == 1 && play.is_tout_d_une() {
            continue;
        }
        v.push(m.from.path(mover));
    }
    v
}

fn play_lands_steps(play: &Play, mover: Colour) -> Vec<(u8, u8, u8)> {
    if play.is_tout_d_une() {
        let m = play.moves();
        return vec![(m[0].from.path(mover), m[1].to.path(mover), 2)];
    }
    play.moves()
        .iter()
        .map(|m| (m.from.path(mover), m.to.path(mover), 1))
        .collect()
}

fn play_lands(play: &Play, mover: Colour) -> Vec<(u8, u8)> {
    if play.is_tout_d_une() {
        let m = play.moves();
        return vec![(m[0].from.path(mover), m[1].to.path(mover))];
    }
    play.moves()
        .iter()
        .map(|m| (m.from.path(mover), m.to.path(mover)))
        .collect()
}

/// Judges the physical play of the side to move of the analysed position: `None` if it is
/// one of the legal plays and no touched dame was left unplayed or touched where no number
/// can play it, otherwise the fausse case (the glossary's FAUSSE CASE entries: DÉFINITION,
/// DAME MAL PLACÉE, DAME JOUÉE TOUT D'UNE, DAME SEULE PLACÉE SUR UN COIN by sub-case, DAME
/// JOUÉE EN TROP, DAME COUVERTE PAR FAUSSE CASE, DAME PASSÉE AU RETOUR, FAUSSE SORTIE,
/// FAUSSE CASE AVEC LES DEUX DAMES, REMPLIR et CONSERVER, PRENDRE SON COIN, ÉCOLE DE
/// PRIVILÈGE, DAME TOUCHÉE DAME JOUÉE).
///
/// `touched` are the points where the player touched a dame without saying "J'adoube !"
/// (the origins of his moves count as touched).
#[must_use]
pub fn judge(
    analysis: &ThrowAnalysis,
    position: &Position,
    moves: &[PhysicalMove],
    touched: &[Point],
) -> Option<Judgement> {
    let mover = position.side_to_move();
    let legal = analysis.legal_plays();
    let counts = counts_after(position, moves)?;
    let us = units(mover, moves);
    let numbers: u8 = us.iter().map(|u| u.steps).sum();
    let origins: Vec<u8> = us.iter().map(|u| u.from).collect();
    let mut touched_paths: Vec<u8> = touched.iter().map(|p| p.path(mover)).collect();
    touched_paths.extend(origins.iter().copied());
    let leave_ok = position_after(position, moves).is_some();
    let j = |entry: Entry, text: String, options: Vec<Remedy>| {
        let mut options = options;
        if leave_ok && !options.contains(&Remedy::Leave) {
            options.insert(0, Remedy::Leave);
        }
        let short = legal.dice_played().saturating_sub(numbers.min(2));
        Some(Judgement {
            entry,
            text,
            options,
            numbers_short: short,
        })
    };
    if let Some(i) = legal.index_of_board(&counts) {
        // A legal play: every dame touched (outside the talon) must have been played.
        let play = legal.get(i)?;
        let moved = play_moves_from(play, mover);
        for &t in &touched_paths {
            if t == TALON || moved.contains(&t) {
                continue;
            }
            let could: Vec<Remedy> = legal
                .iter()
                .filter(|p| play_moves_from(p, mover).contains(&t))
                .map(|p| Remedy::Impose(*p))
                .collect();
            let point = Point::from_path(mover, t)?;
            // DAME SEULE PLACÉE SUR UN COIN: "C'est le même cas si la dame fautive a seulement
            // été touchée alors que, par les nombres à jouer, elle ne pourrait être placée que
            // sur le coin adverse ou seule sur son propre coin": played first, it must be
            // played tout d'une if that is possible.
            let coin_only = super::coin::only_to_a_coin(analysis, position, t);
            if !could.is_empty() {
                let whole: Vec<Remedy> = legal
                    .iter()
                    .filter(|p| p.is_tout_d_une() && p.moves()[0].from.path(mover) == t)
                    .map(|p| Remedy::Impose(*p))
                    .collect();
                if coin_only && !whole.is_empty() {
                    let mut out = j(
                        Entry::DameSeulePlaceeSurUnCoin,
                        format!(
                            "{mover} touched the dame on {point}, which each number alone brings onto a coin, and did not play it: it must be played tout d'une"
                        ),
                        whole,
                    )?;
                    // "doit": the position may not be left as played.
                    out.options.retain(|o| *o != Remedy::Leave);
                    return Some(out);
                }
                let (entry, what) = if counts[OFF as usize] > 0 || play_goes_off(play) {
                    (Entry::FausseSortie, "during the sortie, ")
                } else {
                    (Entry::DameToucheeDameJouee, "")
                };
                return j(
                    entry,
                    format!("{what}{mover} touched the dame on {point} and did not play it"),
                    could,
                );
            }
            // FAUSSE CASE : DÉFINITION: "On fait également fausse case en touchant une dame
            // qui ne peut être jouée par les nombres amenés ou selon les règles, à moins
            // d'avoir prévenu en disant : J'adoube !". It cannot be played: the opponent can
            // only leave the play as it is (FAUSSE CASE NE FAIT PAS ÉCOLE).
            let entry = if coin_only {
                Entry::DameSeulePlaceeSurUnCoin
            } else {
                Entry::FausseCaseDefinition
            };
            return j(
                entry,
                format!(
                    "{mover} touched the dame on {point}, which the numbers cannot play, without saying \"J'adoube !\""
                ),
                Vec::new(),
            );
        }
        return None;
    }
    // Every legal play by the generic rule of RÉSOLUTION: moving only touched dames,
    // keeping the dames played correctly where possible.
    // The units played correctly: those of the legal play matching the most of them (the
    // same dame from the same point to the same point, preferably in as many moves).
    let mut best: (u32, Vec<(u8, u8)>) = (0, Vec::new());
    for p in legal.iter() {
        let mut lands = play_lands_steps(p, mover);
        let mut score = 0;
        let mut matched = Vec::new();
        for u in &us {
            if let Some(k) = lands.iter().position(|l| (l.0, l.1) == (u.from, u.to)) {
                score += if lands[k].2 == u.steps { 2 } else { 1 };
                matched.push((u.from, u.to));
                lands.swap_remove(k);
            }
        }
        if score > best.0 {
            best = (score, matched);
        }
    }
    let well_placed = best.1;
    // `any_dame`: the entry lets the opponent oblige the play of a dame not touched (to
    // fill or keep, to pass a dame au retour, not to take the coin).
    let imposable_by = |filter: &dyn Fn(&Play) -> bool, any_dame: bool| -> Vec<Remedy> {
        let by_touch: Vec<&Play> = legal
            .iter()
            .filter(|p| {
                play_moves_from(p, mover)
                    .iter()
                    .all(|f| touched_paths.contains(f))
            })
            .filter(|p| filter(p))
            .collect();
        if by_touch.is_empty() && any_dame {
            return legal
                .iter()
                .filter(|p| filter(p))
                .map(|p| Remedy::Impose(*p))
                .collect();
        }
        if by_touch.is_empty() {
            // "Il ne peut pas choisir de faire jouer une dame que le joueur fautif n'aurait
            // pas touchée ; dans ce cas c'est ce dernier qui reste libre du choix de la dame
            // à rejouer": the misplaced dames go back, the offender replays freely.
            let mut rest = well_placed.clone();
            return us
                .iter()
                .filter(|u| match rest.iter().position(|w| *w == (u.from, u.to)) {
                    Some(k) => {
                        rest.swap_remove(k);
                        false
                    }
                    None => true,
                })
                .filter_map(|u| {
                    Some(Remedy::SendBack {
                        from: Point::from_path(mover, u.from)?,
                        to: Dest::from_path(mover, u.to)?,
                    })
                })
                .collect();
        }
        let base: Vec<&Play> = by_touch;
        let keeping: Vec<&Play> = base
            .iter()
            .copied()
            .filter(|p| {
                let lands = play_lands(p, mover);
                well_placed.iter().all(|w| lands.contains(w))
            })
            .collect();
        let chosen = if keeping.is_empty() { base } else { keeping };
        chosen.into_iter().map(|p| Remedy::Impose(*p)).collect()
    };
    let imposable = |filter: &dyn Fn(&Play) -> bool| imposable_by(filter, false);
    let obliged = |filter: &dyn Fn(&Play) -> bool| imposable_by(filter, true);
    let all = |_: &Play| true;
    let name = |p: u8| Point::from_path(mover, p).map_or("off".to_string(), |x| x.to_string());
    // DAME JOUÉE EN TROP: a third number, the first two played correctly.
    if numbers > 2 {
        let mut c = *position.board().path_counts(mover);
        let mut n = 0;
        for m in moves {
            c[m.from.path(mover) as usize] -= 1;
            c[m.to.path(mover) as usize] += 1;
            n += 1;
            if n == 2 {
                break;
            }
        }
        if let Some(i) = legal.index_of_board(&c) {
            let p = legal.get(i)?;
            // DAME JOUÉE TOUT D'UNE: "Si un joueur, après avoir joué tout d'une les nombres
            // amenés, s'avise de jouer ensuite une autre dame ... son adversaire a seulement
            // la possibilité de rectifier la position de cette dernière dame."
            let entry = if p.is_tout_d_une() {
                Entry::DameJoueeToutDUne
            } else {
                Entry::DameJoueeEnTrop
            };
            return j(
                entry,
                format!("{mover} played a third number after {p}"),
                vec![Remedy::Impose(*p)],
            );
        }
    }
    // DAME SEULE PLACÉE SUR UN COIN, every sub-case; both dames on the opponent's coin.
    if let Some((text, options)) = super::coin::coin_fault(analysis, position, &us) {
        return j(Entry::DameSeulePlaceeSurUnCoin, text, options);
    }
    // A dame in a jan of the opponent that he can still fill (DAME PASSÉE AU RETOUR).
    let opp = mover.other();
    for u in &us {
        if (13..=18).contains(&u.to) && position.board().can_fill(opp, Jan::GrandJan) {
            let dame = Point::from_path(mover, u.to)?;
            let mut options = obliged(&|p: &Play| {
                play_lands(p, mover)
                    .iter()
                    .any(|&(f, t)| f == u.from && t >= 19)
            });
            options.push(Remedy::ReplayFreely);
            // "Si les deux nombres ont été joués, l'adversaire peut ... attendre le coup
            // suivant et exiger qu'elle soit passée si possible dans le jan de retour"
            // (FAUSSE CASE : CONSOMMATION, the exception).
            if numbers >= 2 && leave_ok {
                options.push(Remedy::PassNextCoup(dame));
            }
            return j(
                Entry::DamePasseeAuRetour,
                format!(
                    "{mover} put a dame on {dame}, in the grand jan the opponent can still fill"
                ),
                options,
            );
        }
        if (19..=24).contains(&u.to) && position.board().can_fill(opp, Jan::PetitJan) {
            let dame = Point::from_path(mover, u.to)?;
            return j(
                Entry::DamePasseeAuRetour,
                format!(
                    "{mover} put a dame on {dame}, in the petit jan the opponent can still fill"
                ),
                vec![Remedy::ReplayFreely],
            );
        }
    }
    // PRENDRE SON COIN: taken par puissance while par effet was possible.
    let before_coin = position.board().path_counts(mover)[OWN_COIN as usize];
    if before_coin == 0
        && counts[OWN_COIN as usize] == 2
        && us
            .iter()
            .all(|u| u.to != OWN_COIN || u.to.saturating_sub(u.from) + 1 == dist_of(analysis, u))
        && legal.iter().any(|p| {
            !p.is_par_puissance()
                && play_lands(p, mover)
                    .iter()
                    .filter(|l| l.1 == OWN_COIN)
                    .count()
                    == 2
        })
    {
        let not_coin = obliged(&|p: &Play| play_lands(p, mover).iter().all(|l| l.1 != OWN_COIN));
        let options = if not_coin.is_empty() {
            obliged(&all)
        } else {
            not_coin
        };
        return j(
            Entry::PrendreSonCoin,
            format!("{mover} took his coin par puissance where he could take it par effet"),
            options,
        );
    }
    // REMPLIR et CONSERVER: a jan every legal play fills or keeps, not full after.
    for e in analysis.before_play() {
        let jan = match e.kind {
            JanKind::Remplir(jan) | JanKind::Conserver { jan, .. } if e.beneficiary == mover => jan,
            _ => continue,
        };
        if jan.paths().all(|p| counts[p as usize] >= 2) {
            continue;
        }
        let entry = match e.kind {
            JanKind::Conserver {
                jan: Jan::JanDeRetour,
                ..
            } => Entry::EcoleDePrivilege,
            _ => Entry::RemplirEtConserver,
        };
        return j(
            entry,
            format!("{mover} could {} and played otherwise", e.kind),
            obliged(&all),
        );
    }
    // Tout d'une misplayed.
    let sum = analysis.throw().sum();
    if let Some(u) = us
        .iter()
        .find(|u| u.steps >= 2 || (us.len() == 1 && u.to.saturating_sub(u.from) == sum))
    {
        let dist = u.to.saturating_sub(u.from);
        let mut options = imposable(&|p: &Play| play_moves_from(p, mover).contains(&u.from));
        let text = if dist > sum {
            format!(
                "{mover} played a dame tout d'une beyond its place ({})",
                name(u.to)
            )
        } else if dist < sum {
            format!(
                "{mover} played a dame tout d'une short of its place ({})",
                name(u.to)
            )
        } else {
            options.push(Remedy::ReplayFreely);
            format!("{mover} played a dame tout d'une without a rest to pass")
        };
        return j(Entry::DameJoueeToutDUne, text, options);
    }
    // FAUSSE SORTIE: a dame borne off while a dame touched could play the number inside.
    if us.iter().any(|u| u.to == OFF) {
        for &t in &touched_paths {
            if origins.contains(&t) {
                continue;
            }
            let could: Vec<Remedy> = legal
                .iter()
                .filter(|p| play_moves_from(p, mover).contains(&t))
                .map(|p| Remedy::Impose(*p))
                .collect();
            if !could.is_empty() {
                return j(
                    Entry::FausseSortie,
                    format!(
                        "{mover} touched the dame on {} that the number plays inside and bore off another",
                        name(t)
                    ),
                    could,
                );
            }
        }
    }
    // DAME PASSÉE AU RETOUR: "Si un joueur a joué autrement le nombre par lequel il pouvait
    // passer une dame au retour et qu'il ne puisse pas ensuite jouer le deuxième nombre, il
    // peut se voir forcé par l'adversaire de remettre la dame jouée à sa place d'origine et
    // de déplacer celle qu'il peut passer au retour pour jouer ainsi les deux nombres. Mais
    // l'adversaire a aussi la faculté de laisser le coup tel qu'il a été joué et il doit
    // alors marquer 2 points d'impuissance sous peine d'école."
    let [da, db] = analysis.throw().dice();
    if numbers < legal.dice_played()
        && us
            .iter()
            .all(|u| u.steps == 1 && [da.get(), db.get()].contains(&u.to.saturating_sub(u.from)))
    {
        let passing: Vec<Remedy> = legal
            .iter()
            .filter(|p| play_lands(p, mover).iter().any(|&(f, t)| f < 19 && t >= 19))
            .map(|p| Remedy::Impose(*p))
            .collect();
        if !passing.is_empty() {
            return j(
                Entry::DamePasseeAuRetour,
                format!(
                    "{mover} played otherwise the number that could pass a dame au retour and could not play the other"
                ),
                passing,
            );
        }
    }
    // Both dames misplaced.
    let mut rest = well_placed.clone();
    let misplaced: Vec<&Unit> = us
        .iter()
        .filter(|u| match rest.iter().position(|w| *w == (u.from, u.to)) {
            Some(k) => {
                rest.swap_remove(k);
                false
            }
            None => true,
        })
        .collect();
    // FAUSSE CASE AVEC LES DEUX DAMES: "Si un joueur enlève deux dames à la fois avec
    // l'intention de faire une case entière, et que par erreur il en enlève une qui
    // n'aboutit pas réellement à cette case ... les deux dames ayant été jouées ensemble,
    // elles concourent simultanément à la faute et sont donc toutes les deux à la
    // disposition de l'adversaire" (surcase, two empty points, or one tout d'une and the
    // other back): every legal play of those two dames, the well placed one included.
    // Read: two dames from two different points put on one point (the gestures do not say
    // whether they were lifted at once; from one point, it is a dame mal placée).
    if us.len() == 2
        && us[0].to == us[1].to
        && us[0].from != us[1].from
        && us.iter().all(|u| u.steps == 1)
    {
        let both: Vec<Remedy> = legal
            .iter()
            .filter(|p| {
                play_moves_from(p, mover)
                    .iter()
                    .all(|f| *f == us[0].from || *f == us[1].from)
            })
            .map(|p| Remedy::Impose(*p))
            .collect();
        if !both.is_empty() {
            return j(
                Entry::FausseCaseAvecLesDeuxDames,
                format!(
                    "{mover} made a case on {} with two dames, one of which the numbers do not bring there",
                    name(us[0].to)
                ),
                both,
            );
        }
    }
    if misplaced.len() >= 2 {
        return j(
            Entry::FausseCaseAvecLesDeuxDames,
            format!("{mover} misplaced two dames"),
            imposable(&all),
        );
    }
    // DAME COUVERTE PAR FAUSSE CASE: the misplaced dame covered a lone dame.
    let lone = position.board().path_counts(mover);
    if let Some(u) = misplaced.first()
        && u.to <= 24
        && lone[u.to as usize] == 1
    {
        let dame = Point::from_path(mover, u.to)?;
        let mut options = imposable(&all);
        options.push(Remedy::ForbidCovering(dame));
        return j(
            Entry::DameCouverteParFausseCase,
            format!("{mover} covered his dame on {dame} by a fausse case"),
            options,
        );
    }
    if let Some(u) = misplaced.first() {
        // "Il peut même forcer à jouer le coup tout d'une dans le cas seulement où cette dame
        // aurait été portée au delà de la case où aboutit le nombre le plus fort et si le
        // deuxième nombre n'a pas déjà été joué."
        let [a, b] = analysis.throw().dice();
        let beyond = u.to > u.from.saturating_add(a.get().max(b.get()));
        let whole_allowed = beyond && us.len() == 1;
        let all_options = imposable(&all);
        let mut options: Vec<Remedy> = all_options
            .iter()
            .copied()
            .filter(|o| {
                whole_allowed
                    || !matches!(o, Remedy::Impose(p)
                        if p.is_tout_d_une() && p.moves()[0].from.path(mover) == u.from)
            })
            .collect();
        if options.is_empty() {
            options = all_options;
        }
        return j(
            Entry::DameMalPlacee,
            format!(
                "{mover} put the dame from {} on {}, where the numbers cannot bring it",
                name(u.from),
                name(u.to)
            ),
            options,
        );
    }
    // Correct dames but too few numbers (a number playable left unplayed).
    j(
        Entry::DamePasseeAuRetour,
        format!(
            "{mover} played {numbers} number(s) where {} could be played",
            legal.dice_played()
        ),
        obliged(&all),
    )
}

/// The path counts of the mover after `play` from `position`.
#[must_use]
pub(crate) fn counts_after_play(position: &Position, play: &Play) -> PathCounts {
    let mover = position.side_to_move();
    let mut c = *position.board().path_counts(mover);
    for m in play.moves() {
        let f = m.from.path(mover) as usize;
        c[f] = c[f].saturating_sub(1);
        c[m.to.path(mover) as usize] += 1;
    }
    c
}

/// Where the dames of `play` start and end (a tout d'une as one dame), as paths.
#[must_use]
pub(crate) fn lands_of(play: &Play, mover: Colour) -> Vec<(u8, u8)> {
    play_lands(play, mover)
}

fn play_goes_off(play: &Play) -> bool {
    play.moves().iter().any(|m| m.to == Dest::Off)
}

/// The die a dame went to its coin by: its distance, or one more (par puissance).
fn dist_of(analysis: &ThrowAnalysis, u: &Unit) -> u8 {
    let d = u.to.saturating_sub(u.from);
    let [a, b] = analysis.throw().dice();
    if a.get() == d + 1 || b.get() == d + 1 {
        d + 1
    } else {
        d
    }
}

/// DAMES EN TROP ou EN MOINS: a player found with other than 15 dames. While the talon in
/// question is still a full case after the rectification (two dames or more), the dames
/// are put back on or taken off the talon; otherwise the relevé (or marqué, or partie) is
/// void.
///
/// `counts` are the dames of `colour` on each point (by [`Point::index`]); `off` those
/// borne off. Returns the rectified counts, or `None` when the relevé is annulled.
#[must_use]
pub fn rectify_dames(colour: Colour, counts: [u8; 24], off: u8) -> Option<[u8; 24]> {
    let total: u16 = counts.iter().map(|&c| u16::from(c)).sum::<u16>() + u16::from(off);
    let mut out = counts;
    let talon = &mut out[Point::talon(colour).index()];
    let want = u16::from(crate::board::DAMES);
    let new = i32::from(*talon) + i32::from(want as u8) - i32::from(total.min(255) as u8);
    if total > 255 || !(2..=255).contains(&new) {
        return None;
    }
    *talon = new as u8;
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn talon_counts(n: u8) -> [u8; 24] {
        let mut c = [0u8; 24];
        c[Point::talon(Colour::White).index()] = n;
        c
    }

    #[test]
    fn backward_moves_do_not_panic() {
        // The referee refuses them; `judge` alone must still not panic on them.
        let pos = Position::start();
        let a = ThrowAnalysis::new(&pos, "6-5".parse().unwrap(), &Default::default());
        let b7: Point = "B7".parse().unwrap();
        let b1: Point = "B1".parse().unwrap();
        let moves = [
            PhysicalMove {
                from: b1,
                to: Dest::Point(b7),
            },
            PhysicalMove {
                from: b7,
                to: Dest::Point(b1),
            },
        ];
        let _ = judge(&a, &pos, &moves, &[]);
    }

    #[test]
    fn dames_en_trop_ou_en_moins() {
        // One dame too many at the start: taken off the talon.
        let c = rectify_dames(Colour::White, talon_counts(16), 0).unwrap();
        assert_eq!(c[Point::talon(Colour::White).index()], 15);
        // One too few: put back on the talon.
        let c = rectify_dames(Colour::White, talon_counts(14), 0).unwrap();
        assert_eq!(c[Point::talon(Colour::White).index()], 15);
        // Late in the relevé, the talon holding 2 with 16 dames: it would hold one, not a
        // full case: the relevé is void.
        let mut late = talon_counts(2);
        late[5] = 14;
        assert_eq!(rectify_dames(Colour::White, late, 0), None);
        // With 3 on the talon it stays full (2): rectified.
        late[0] = 3;
        late[5] = 13;
        assert!(rectify_dames(Colour::White, late, 0).is_some());
    }
}
