//! One function per entry of the glossary's section FAUSSE CASE, named after the entry and
//! quoting the sentence it applies, and [`judge`], which asks them in its order. Each returns
//! the entry's [`Judgement`] when the entry applies to the physical play, `None` otherwise.

use super::{Judgement, Judging, PhysicalMove, Unit, all, coin, play_lands, play_moves_from};
use crate::board::{Colour, Dest, Jan, OFF, OWN_COIN, Point, Position, TALON};
use crate::movement::Play;
use crate::referee::{Entry, Remedy};
use crate::scoring::{JanKind, ThrowAnalysis};

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

/// A legal play (the `i`-th), checked for the dames touched and not played (outside the
/// talon: DAMES AU TALON), each by the entry that names its case: DAME SEULE PLACÉE SUR UN
/// COIN, FAUSSE SORTIE, DAME TOUCHÉE DAME JOUÉE, or FAUSSE CASE : DÉFINITION. `None` when
/// every dame touched was played.
pub(super) fn touched_and_not_played(cx: &Judging<'_>, i: usize) -> Option<Judgement> {
    let mover = cx.mover;
    let play = cx.legal.get(i)?;
    let moved = play_moves_from(play, mover);
    for &t in &cx.touched_paths {
        if t == TALON || moved.contains(&t) {
            continue;
        }
        let plays: Vec<&Play> = cx
            .legal
            .iter()
            .filter(|p| play_moves_from(p, mover).contains(&t))
            .collect();
        let point = Point::from_path(mover, t)?;
        let coin_only = coin::only_to_a_coin(cx.analysis, cx.position, t);
        if !plays.is_empty() {
            let could = cx.touched_dame_plays(&plays, &|m| m.from.path(mover) == t);
            let whole: Vec<Remedy> = cx
                .legal
                .iter()
                .filter(|p| p.is_tout_d_une() && p.moves()[0].from.path(mover) == t)
                .map(|p| Remedy::Impose(*p))
                .collect();
            if coin_only && !whole.is_empty() {
                return Some(dame_seule_placee_sur_un_coin_touched(cx, point, whole));
            }
            let inside = inside_by(cx, t, &sortie_numbers(cx, borne_off_by(cx)));
            return Some(if inside.is_empty() {
                dame_touchee_dame_jouee(cx, point, could)
            } else {
                fausse_sortie_touched(cx, point, inside)
            });
        }
        return Some(fausse_case_definition_touched(cx, point, coin_only));
    }
    None
}

/// A dame touched and not played in a play that is a fausse case otherwise too: "une dame
/// touchée doit être jouée" comes first (FAUSSE CASE : DÉFINITION), so the entry is that of
/// the touched dame (DAME SEULE PLACÉE SUR UN COIN when each number alone brings it onto a
/// coin, FAUSSE SORTIE, DAME TOUCHÉE DAME JOUÉE) and the options are the plays that play it,
/// by RÉSOLUTION ([`Judging::touched_dame_plays`]); the text also says what else was
/// misplaced and why. `None` when no touched dame left unplayed could be played (the other
/// entries judge the play). Until 2026-12 such a play was judged by its misplaced dame
/// alone (DAME MAL PLACÉE), with the touched dame's plays among the options.
pub(super) fn dame_touchee_in_a_fausse_case(cx: &Judging<'_>) -> Option<Judgement> {
    let mover = cx.mover;
    for &t in &cx.touched_paths {
        if t == TALON || cx.origins.contains(&t) {
            continue;
        }
        let plays: Vec<&Play> = cx
            .legal
            .iter()
            .filter(|p| play_moves_from(p, mover).contains(&t))
            .collect();
        if plays.is_empty() {
            continue;
        }
        let point = Point::from_path(mover, t)?;
        let also: Vec<String> = cx
            .misplaced()
            .iter()
            .map(|u| {
                format!(
                    "he put the dame from {} on {}, {}",
                    cx.name(u.from),
                    cx.name(u.to),
                    cx.why_misplaced(u.from, u.to)
                )
            })
            .collect();
        let also = if also.is_empty() {
            String::new()
        } else {
            format!("; {}", also.join("; "))
        };
        let whole: Vec<Remedy> = plays
            .iter()
            .filter(|p| p.is_tout_d_une())
            .map(|p| Remedy::Impose(**p))
            .collect();
        if coin::only_to_a_coin(cx.analysis, cx.position, t) && !whole.is_empty() {
            let mut out = dame_seule_placee_sur_un_coin_touched(cx, point, whole);
            out.text.push_str(&also);
            return Some(out);
        }
        let inside = inside_by(cx, t, &sortie_numbers(cx, borne_off_by(cx)));
        let mut out = if inside.is_empty() {
            let could = cx.touched_dame_plays(&plays, &|m| m.from.path(mover) == t);
            dame_touchee_dame_jouee(cx, point, could)
        } else {
            fausse_sortie_touched(cx, point, inside)
        };
        out.text.push_str(&also);
        return Some(out);
    }
    None
}

/// DAME SEULE PLACÉE SUR UN COIN: "C'est le même cas si la dame fautive a seulement été
/// touchée alors que, par les nombres à jouer, elle ne pourrait être placée que sur le coin
/// adverse ou seule sur son propre coin": played first, it must be played tout d'une if that
/// is possible (`whole`, never empty). "doit": the position may not be left as played.
fn dame_seule_placee_sur_un_coin_touched(
    cx: &Judging<'_>,
    point: Point,
    whole: Vec<Remedy>,
) -> Judgement {
    let mover = cx.mover;
    let mut out = cx.judgement(
        Entry::DameSeulePlaceeSurUnCoin,
        format!(
            "{mover} touched the dame on {point}, which each number alone brings onto a coin, and did not play it: it must be played tout d'une"
        ),
        whole,
    );
    out.options.retain(|o| *o != Remedy::Leave);
    out
}

/// The numbers with which the physical play bore dames off, one move each: the die of the
/// distance to the band (sortant), or else the higher ones (excédant). (The legal play with
/// the same dames may assign the dice otherwise.)
fn borne_off_by(cx: &Judging<'_>) -> Vec<u8> {
    let [a, b] = cx.analysis.throw().dice();
    let mut numbers: Vec<u8> = Vec::new();
    for m in cx.moves.iter().filter(|m| m.to == Dest::Off) {
        let d = OFF.saturating_sub(m.from.path(cx.mover));
        let exact = [a.get(), b.get()].contains(&d);
        for x in [a.get(), b.get()] {
            if (x == d || (!exact && x > d)) && !numbers.contains(&x) {
                numbers.push(x);
            }
        }
    }
    numbers
}

/// FAUSSE SORTIE: "ce nombre", the sortant number the player had to play: the numbers with
/// which his play bore dames off (`borne_off`); if it bore none off, every number that is
/// sortant for him (all his dames in the jan de retour, one exactly that far from the
/// band: NOMBRE SORTANT).
fn sortie_numbers(cx: &Judging<'_>, borne_off: Vec<u8>) -> Vec<u8> {
    if !borne_off.is_empty() {
        return borne_off;
    }
    let board = cx.position.board();
    if !board.all_in_jan_de_retour(cx.mover) {
        return Vec::new();
    }
    let before = board.path_counts(cx.mover);
    let [a, b] = cx.analysis.throw().dice();
    let mut out = Vec::new();
    for d in [a.get(), b.get()] {
        if !out.contains(&d) && before[usize::from(OFF - d)] > 0 {
            out.push(d);
        }
    }
    out
}

/// FAUSSE SORTIE, the remedy: "est obligé de la jouer ainsi, préférablement à la dame qu'il
/// aurait pu sortir": the legal plays in which the touched dame (path `t`) plays one of
/// `numbers` inside the jan (not off); the other number is his to play. Never a play that
/// bears another dame off by that number and moves the touched dame by the other. By
/// RÉSOLUTION ([`Judging::touched_dame_plays`]): those moving only dames he touched, or,
/// when the other number needs a dame he did not touch, every dame back and the touched
/// dame obliged to play that number inside, the other number his to choose.
fn inside_by(cx: &Judging<'_>, t: u8, numbers: &[u8]) -> Vec<Remedy> {
    // (The second move of a tout d'une starts from its rest, never from `t`.)
    let inside = |m: &crate::movement::Move| {
        m.from.path(cx.mover) == t
            && numbers.contains(&m.die.get())
            && matches!(m.to, Dest::Point(_))
    };
    let plays: Vec<&Play> = cx
        .legal
        .iter()
        .filter(|p| p.moves().iter().any(inside))
        .collect();
    if plays.is_empty() {
        return Vec::new();
    }
    cx.touched_dame_plays(&plays, &inside)
}

/// FAUSSE SORTIE, a dame touched: "Lors de la sortie des dames, le joueur qui, ayant à jouer
/// un nombre sortant, se trompe et touche une dame qui par ce nombre peut être joué à
/// l'intérieur du jan, est obligé de la jouer ainsi, préférablement à la dame qu'il aurait
/// pu sortir". The plays of the touched dame by that number inside (`inside`) are imposed.
fn fausse_sortie_touched(cx: &Judging<'_>, point: Point, could: Vec<Remedy>) -> Judgement {
    let mover = cx.mover;
    cx.judgement(
        Entry::FausseSortie,
        format!("during the sortie, {mover} touched the dame on {point} and did not play it"),
        could,
    )
}

/// DAME TOUCHÉE, DAME JOUÉE (the glossary's DÉFINITION: "Car sinon une dame touchée doit être
/// jouée"): a dame touched without "J'adoube !" and not played, which a legal play moves:
/// those plays (`could`) are imposed.
fn dame_touchee_dame_jouee(cx: &Judging<'_>, point: Point, could: Vec<Remedy>) -> Judgement {
    let mover = cx.mover;
    cx.judgement(
        Entry::DameToucheeDameJouee,
        format!("{mover} touched the dame on {point} and did not play it"),
        could,
    )
}

/// FAUSSE CASE : DÉFINITION: "On fait également fausse case en touchant une dame qui ne peut
/// être jouée par les nombres amenés ou selon les règles, à moins d'avoir prévenu en disant :
/// J'adoube !". It cannot be played: the opponent can only leave the play as it is (FAUSSE
/// CASE NE FAIT PAS ÉCOLE). Under DAME SEULE PLACÉE SUR UN COIN when the numbers bring it
/// only onto a coin (`coin_only`).
fn fausse_case_definition_touched(cx: &Judging<'_>, point: Point, coin_only: bool) -> Judgement {
    let mover = cx.mover;
    let entry = if coin_only {
        Entry::DameSeulePlaceeSurUnCoin
    } else {
        Entry::FausseCaseDefinition
    };
    cx.judgement(
        entry,
        format!(
            "{mover} touched the dame on {point}, which the numbers cannot play, without saying \"J'adoube !\""
        ),
        Vec::new(),
    )
}

/// DAME JOUÉE EN TROP: "Si on joue un troisième nombre avec une dame, l'adversaire ne peut
/// que rectifier le placement de cette dernière dame si les deux nombres ont été
/// précédemment joués correctement." With DAME JOUÉE TOUT D'UNE: "Si un joueur, après avoir
/// joué tout d'une les nombres amenés, s'avise de jouer ensuite une autre dame ... son
/// adversaire a seulement la possibilité de rectifier la position de cette dernière dame. Il
/// n'a aucun droit sur la première qui a été jouée correctement."
///
/// The first moves of the physical play make a whole legal play (the numbers played
/// correctly, by two dames, by one tout d'une in one move or two, or the one number the
/// throw allows) and a dame is moved after it, a third number with a dame of the play or
/// another dame: the only remedy is to put that last dame back, the legal play imposed
/// ("ne peut que rectifier": the play is not left as it is).
///
/// When the first moves standing for the throw's two numbers ([`numbers_of`]) are no legal
/// play and dames were moved after them, "si les deux nombres ont été précédemment joués correctement" does not hold:
/// the dames moved after them go back all the same (no number is left for them), and the
/// two numbers are judged as their own play ([`judge`] of those moves), its
/// options kept but `Leave`, which would leave a number more played than the throw has
/// (RÉSOLUTION: the opponent "doit respecter les règles concernant le déplacement des
/// dames"), and but sending one dame back, which would leave the dames moved after it;
/// when nothing is left, every dame goes back and he plays again. (Until 2026-12 such a
/// play was judged by its misplaced dame alone and could be left as played: 17 pips for an
/// 11.)
pub(super) fn dame_jouee_en_trop(cx: &Judging<'_>) -> Option<Judgement> {
    let mover = cx.mover;
    let mut c = *cx.position.board().path_counts(mover);
    for (k, m) in cx.moves.iter().enumerate() {
        if k + 1 == cx.moves.len() {
            return dame_jouee_en_trop_after_a_fausse_case(cx);
        }
        let (f, t) = (m.from.path(mover) as usize, m.to.path(mover) as usize);
        c[f] = c[f].checked_sub(1)?;
        c[t] = c[t].saturating_add(1);
        let Some(p) = cx.legal.index_of_board(&c).and_then(|i| cx.legal.get(i)) else {
            continue;
        };
        let extra = &cx.moves[k + 1..];
        let entry = if p.is_tout_d_une() {
            Entry::DameJoueeToutDUne
        } else {
            Entry::DameJoueeEnTrop
        };
        let last = extra
            .iter()
            .map(|x| format!("{}-{}", x.from, x.to))
            .collect::<Vec<_>>()
            .join(", ");
        let mut out = cx.judgement(
            entry,
            format!("{mover} played {p}, then a dame more ({last}): only that dame is put back"),
            vec![Remedy::Impose(*p)],
        );
        out.options.retain(|o| *o != Remedy::Leave);
        return Some(out);
    }
    None
}

/// How many of the throw's numbers a physical move stands for when `used` were played
/// before it: two for the first move if it is of the sum and no die makes it (a tout d'une
/// in one move), one otherwise (a misplaced dame too; after a number, a move of the sum is
/// the other number misplaced).
fn numbers_of(analysis: &ThrowAnalysis, mover: Colour, m: &PhysicalMove, used: u8) -> u8 {
    let [a, b] = analysis.throw().dice();
    let d = m.to.path(mover).saturating_sub(m.from.path(mover));
    if used == 0 && d != a.get() && d != b.get() && d == a.get() + b.get() {
        2
    } else {
        1
    }
}

/// [`dame_jouee_en_trop`] when the first two numbers were not played correctly: the moves
/// standing for the throw's two numbers ([`numbers_of`]), then the dames moved after them.
fn dame_jouee_en_trop_after_a_fausse_case(cx: &Judging<'_>) -> Option<Judgement> {
    let mover = cx.mover;
    let mut used = 0u8;
    let k = cx
        .moves
        .iter()
        .take_while(|m| {
            used += numbers_of(cx.analysis, mover, m, used);
            used <= 2
        })
        .count();
    if k == 0 || k >= cx.moves.len() {
        return None;
    }
    let (numbers, extra) = cx.moves.split_at(k);
    let touched: Vec<Point> = cx
        .touched_paths
        .iter()
        .filter_map(|&t| Point::from_path(mover, t))
        .collect();
    let first = judge(cx.analysis, cx.position, numbers, &touched)?;
    let mut options: Vec<Remedy> = first
        .options
        .iter()
        .copied()
        .filter(|o| {
            !matches!(
                o,
                Remedy::Leave | Remedy::PassNextCoup(_) | Remedy::SendBack { .. }
            )
        })
        .collect();
    if options.is_empty() {
        options.push(Remedy::ReplayFreely);
    }
    let last = extra
        .iter()
        .map(|x| format!("{}-{}", x.from, x.to))
        .collect::<Vec<_>>()
        .join(", ");
    let played = numbers
        .iter()
        .map(|x| format!("{}-{}", x.from, x.to))
        .collect::<Vec<_>>()
        .join(", ");
    let mut out = cx.judgement(
        Entry::DameJoueeEnTrop,
        format!(
            "{mover} played {played}, then a dame more ({last}): that dame goes back, and the two numbers were not played correctly ({}: {})",
            first.entry, first.text
        ),
        options,
    );
    out.options.retain(|o| *o != Remedy::Leave);
    Some(out)
}

/// DAME SEULE PLACÉE SUR UN COIN, every sub-case (in `coin`): "Si un joueur place une dame
/// seule sur un des coins de repos ..."; "Si un joueur a placé ses deux dames sur le coin de
/// l'adversaire ..."; "si un joueur laisse une dame seule sur son coin ...".
pub(super) fn dame_seule_placee_sur_un_coin(cx: &Judging<'_>) -> Option<Judgement> {
    let (text, options) = coin::coin_fault(cx.analysis, cx.position, &cx.us)?;
    Some(cx.judgement(Entry::DameSeulePlaceeSurUnCoin, text, options))
}

/// DAME PASSÉE AU RETOUR, a dame in a jan of the opponent that he can still fill: "Si un
/// joueur place une de ses dames dans le grand jan de l'adversaire alors que celui-ci peut
/// encore y faire le plein, il peut être contraint de la jouer tout d'une dans le jan de
/// retour si possible et si le deuxième nombre n'a pas été déjà joué ; sinon la dame fautive
/// est remise à sa place et il rejoue le nombre librement. Si les deux nombres ont été joués,
/// l'adversaire peut rectifier la position de la dame fautive et faire rejouer librement le
/// nombre ou attendre le coup suivant et exiger qu'elle soit passée si possible dans le jan
/// de retour" (FAUSSE CASE : CONSOMMATION, the exception); "Si un joueur place une de ses
/// dames dans le petit jan de l'adversaire alors que celui-ci peut encore y faire le plein,
/// il peut être contraint de replacer cette dame à sa place et de rejouer librement et
/// immédiatement les deux nombres."
pub(super) fn dame_passee_au_retour_into_a_jan_he_can_fill(cx: &Judging<'_>) -> Option<Judgement> {
    let mover = cx.mover;
    let opp = mover.other();
    for u in &cx.us {
        if (13..=18).contains(&u.to) && cx.position.board().can_fill(opp, Jan::GrandJan) {
            let dame = Point::from_path(mover, u.to)?;
            let mut options = cx.obliged(&|p: &Play| {
                play_lands(p, mover)
                    .iter()
                    .any(|&(f, t)| f == u.from && t >= 19)
            });
            options.push(Remedy::ReplayFreely);
            if cx.numbers >= 2 && cx.leave_ok {
                options.push(Remedy::PassNextCoup(dame));
            }
            return Some(cx.judgement(
                Entry::DamePasseeAuRetour,
                format!(
                    "{mover} put a dame on {dame}, in the grand jan the opponent can still fill"
                ),
                options,
            ));
        }
        if (19..=24).contains(&u.to) && cx.position.board().can_fill(opp, Jan::PetitJan) {
            let dame = Point::from_path(mover, u.to)?;
            return Some(cx.judgement(
                Entry::DamePasseeAuRetour,
                format!(
                    "{mover} put a dame on {dame}, in the petit jan the opponent can still fill"
                ),
                vec![Remedy::ReplayFreely],
            ));
        }
    }
    None
}

/// PRENDRE SON COIN: "Un joueur qui a pris son coin par puissance alors qu'il pouvait le
/// prendre par effet peut être contraint par son adversaire de reprendre son coup et se voir
/// interdire la possibilité de prendre son coin pour ce coup, s'il est toutefois possible de
/// le jouer autrement." The plays not taking the coin are imposed (any dame); if there are
/// none, every legal play.
pub(super) fn prendre_son_coin(cx: &Judging<'_>) -> Option<Judgement> {
    let mover = cx.mover;
    let before_coin = cx.position.board().path_counts(mover)[OWN_COIN as usize];
    let par_puissance = before_coin == 0
        && cx.counts[OWN_COIN as usize] == 2
        && cx.us.iter().all(|u| {
            u.to != OWN_COIN || u.to.saturating_sub(u.from) + 1 == dist_of(cx.analysis, u)
        })
        && cx.legal.iter().any(|p| {
            !p.is_par_puissance()
                && play_lands(p, mover)
                    .iter()
                    .filter(|l| l.1 == OWN_COIN)
                    .count()
                    == 2
        });
    if !par_puissance {
        return None;
    }
    let not_coin = cx.obliged(&|p: &Play| play_lands(p, mover).iter().all(|l| l.1 != OWN_COIN));
    let options = if not_coin.is_empty() {
        cx.obliged(&all)
    } else {
        not_coin
    };
    Some(cx.judgement(
        Entry::PrendreSonCoin,
        format!("{mover} took his coin par puissance where he could take it par effet"),
        options,
    ))
}

/// REMPLIR et CONSERVER: "Quand un joueur amène des nombres qui permettent de remplir ou de
/// conserver, qu'il ne le fait pas et joue autrement, il fait école des points qu'il n'a pas
/// marqués et fausse case. Son adversaire peut marquer cette école et aussi obliger le
/// joueur fautif à remplir ou à conserver effectivement." A jan every legal play fills or
/// keeps, not full after the physical play; under ÉCOLE DE PRIVILÈGE for the jan de retour
/// kept par privilège. Every legal play is imposed (any dame).
pub(super) fn remplir_et_conserver(cx: &Judging<'_>) -> Option<Judgement> {
    let mover = cx.mover;
    for e in cx.analysis.before_play() {
        let jan = match e.kind {
            JanKind::Remplir(jan) | JanKind::Conserver { jan, .. } if e.beneficiary == mover => jan,
            _ => continue,
        };
        if jan.paths().all(|p| cx.counts[p as usize] >= 2) {
            continue;
        }
        let entry = match e.kind {
            JanKind::Conserver {
                jan: Jan::JanDeRetour,
                ..
            } => Entry::EcoleDePrivilege,
            _ => Entry::RemplirEtConserver,
        };
        return Some(cx.judgement(
            entry,
            format!("{mover} could {} and played otherwise", e.kind),
            cx.obliged(&all),
        ));
    }
    None
}

/// DAME JOUÉE TOUT D'UNE: "Une dame jouée tout d'une et placée en deçà de sa place normale
/// peut être avancée. Mais si elle est placée au delà, l'adversaire peut forcer le joueur
/// fautif à placer correctement cette dame en fonction d'un des nombres et jouer librement le
/// second avec une autre dame de son choix. Une dame jouée tout d'une sans repos pour passer
/// peut être remise à sa place d'origine et alors le joueur fautif doit rejouer." A dame
/// moved by two numbers (or alone by the sum) and misplayed.
pub(super) fn dame_jouee_tout_d_une(cx: &Judging<'_>) -> Option<Judgement> {
    let mover = cx.mover;
    let sum = cx.analysis.throw().sum();
    let u = cx
        .us
        .iter()
        .find(|u| u.steps >= 2 || (cx.us.len() == 1 && u.to.saturating_sub(u.from) == sum))?;
    let dist = u.to.saturating_sub(u.from);
    let mut options = cx.imposable(&|p: &Play| play_moves_from(p, mover).contains(&u.from));
    let text = if dist > sum {
        format!(
            "{mover} played a dame tout d'une beyond its place ({})",
            cx.name(u.to)
        )
    } else if dist < sum {
        format!(
            "{mover} played a dame tout d'une short of its place ({})",
            cx.name(u.to)
        )
    } else {
        options.push(Remedy::ReplayFreely);
        format!("{mover} played a dame tout d'une without a rest to pass")
    };
    Some(cx.judgement(Entry::DameJoueeToutDUne, text, options))
}

/// FAUSSE SORTIE: "Lors de la sortie des dames, le joueur qui, ayant à jouer un nombre
/// sortant, se trompe et touche une dame qui par ce nombre peut être joué à l'intérieur du
/// jan, est obligé de la jouer ainsi, préférablement à la dame qu'il aurait pu sortir." A
/// dame borne off while a dame touched could play the number inside: the plays of the
/// touched dame are imposed.
pub(super) fn fausse_sortie(cx: &Judging<'_>) -> Option<Judgement> {
    let mover = cx.mover;
    let numbers = borne_off_by(cx);
    if numbers.is_empty() {
        return None;
    }
    for &t in &cx.touched_paths {
        if cx.origins.contains(&t) {
            continue;
        }
        let could = inside_by(cx, t, &numbers);
        if !could.is_empty() {
            return Some(cx.judgement(
                Entry::FausseSortie,
                format!(
                    "{mover} touched the dame on {} that the number plays inside and bore off another",
                    cx.name(t)
                ),
                could,
            ));
        }
    }
    None
}

/// DAME PASSÉE AU RETOUR, the passing number played otherwise: "Si un joueur a joué
/// autrement le nombre par lequel il pouvait passer une dame au retour et qu'il ne puisse pas
/// ensuite jouer le deuxième nombre, il peut se voir forcé par l'adversaire de remettre la
/// dame jouée à sa place d'origine et de déplacer celle qu'il peut passer au retour pour
/// jouer ainsi les deux nombres. Mais l'adversaire a aussi la faculté de laisser le coup tel
/// qu'il a été joué et il doit alors marquer 2 points d'impuissance sous peine d'école."
pub(super) fn dame_passee_au_retour_number_played_otherwise(cx: &Judging<'_>) -> Option<Judgement> {
    let mover = cx.mover;
    let [da, db] = cx.analysis.throw().dice();
    if cx.numbers >= cx.legal.dice_played()
        || !cx
            .us
            .iter()
            .all(|u| u.steps == 1 && [da.get(), db.get()].contains(&u.to.saturating_sub(u.from)))
    {
        return None;
    }
    let passing: Vec<Remedy> = cx
        .legal
        .iter()
        .filter(|p| play_lands(p, mover).iter().any(|&(f, t)| f < 19 && t >= 19))
        .map(|p| Remedy::Impose(*p))
        .collect();
    if passing.is_empty() {
        return None;
    }
    Some(cx.judgement(
        Entry::DamePasseeAuRetour,
        format!(
            "{mover} played otherwise the number that could pass a dame au retour and could not play the other"
        ),
        passing,
    ))
}

/// FAUSSE CASE AVEC LES DEUX DAMES: "Si un joueur a mal placé ses deux dames, l'adversaire
/// peut comme il l'entend corriger la position de chacune d'elles selon les dés ou faire
/// jouer tout d'une si ce n'est pas possible." And "Si un joueur enlève deux dames à la fois
/// avec l'intention de faire une case entière, et que par erreur il en enlève une qui
/// n'aboutit pas réellement à cette case ... les deux dames ayant été jouées ensemble, elles
/// concourent simultanément à la faute et sont donc toutes les deux à la disposition de
/// l'adversaire" (surcase, two empty points, or one tout d'une and the other back): every
/// legal play of those two dames, the well placed one included. Read: two dames from two
/// different points put on one point (the gestures do not say whether they were lifted at
/// once; from one point, it is a dame mal placée).
pub(super) fn fausse_case_avec_les_deux_dames(cx: &Judging<'_>) -> Option<Judgement> {
    let mover = cx.mover;
    let us = &cx.us;
    if us.len() == 2
        && us[0].to == us[1].to
        && us[0].from != us[1].from
        && us.iter().all(|u| u.steps == 1)
    {
        let both: Vec<Remedy> = cx
            .legal
            .iter()
            .filter(|p| {
                play_moves_from(p, mover)
                    .iter()
                    .all(|f| *f == us[0].from || *f == us[1].from)
            })
            .map(|p| Remedy::Impose(*p))
            .collect();
        if !both.is_empty() {
            return Some(cx.judgement(
                Entry::FausseCaseAvecLesDeuxDames,
                format!(
                    "{mover} made a case on {} with two dames, one of which the numbers do not bring there",
                    cx.name(us[0].to)
                ),
                both,
            ));
        }
    }
    if cx.misplaced().len() >= 2 {
        return Some(cx.judgement(
            Entry::FausseCaseAvecLesDeuxDames,
            format!("{mover} misplaced two dames"),
            cx.imposable(&all),
        ));
    }
    None
}

/// DAME COUVERTE PAR FAUSSE CASE: "Un joueur qui a couvert une de ses dames par fausse case
/// peut se voir interdire de la couvrir pour ce coup." The misplaced dame covered a lone
/// dame: the legal plays, and [`Remedy::ForbidCovering`].
pub(super) fn dame_couverte_par_fausse_case(cx: &Judging<'_>) -> Option<Judgement> {
    let mover = cx.mover;
    let lone = cx.position.board().path_counts(mover);
    let misplaced = cx.misplaced();
    let u = misplaced.first()?;
    if u.to > 24 || lone[u.to as usize] != 1 {
        return None;
    }
    let dame = Point::from_path(mover, u.to)?;
    let mut options = cx.imposable(&all);
    options.push(Remedy::ForbidCovering(dame));
    Some(cx.judgement(
        Entry::DameCouverteParFausseCase,
        format!("{mover} covered his dame on {dame} by a fausse case"),
        options,
    ))
}

/// DAME MAL PLACÉE: "Lorsqu'un joueur a placé et abandonné une dame sur une flèche autre que
/// celle où les nombres amenés par les dés lui permettaient d'aboutir, soit en deçà, soit au
/// delà, cette dame reste entièrement à la discrétion de l'adversaire qui peut la laisser à
/// la place où elle a été posée, ou la mettre à sa vraie place. Il peut même forcer à jouer
/// le coup tout d'une dans le cas seulement où cette dame aurait été portée au delà de la
/// case où aboutit le nombre le plus fort et si le deuxième nombre n'a pas déjà été joué."
pub(super) fn dame_mal_placee(cx: &Judging<'_>) -> Option<Judgement> {
    let mover = cx.mover;
    let misplaced = cx.misplaced();
    let u = misplaced.first()?;
    let [a, b] = cx.analysis.throw().dice();
    let beyond = u.to > u.from.saturating_add(a.get().max(b.get()));
    let whole_allowed = beyond && cx.us.len() == 1;
    let all_options = cx.imposable(&all);
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
    Some(cx.judgement(
        Entry::DameMalPlacee,
        format!(
            "{mover} put the dame from {} on {}, {}",
            cx.name(u.from),
            cx.name(u.to),
            cx.why_misplaced(u.from, u.to)
        ),
        options,
    ))
}

/// DAME PASSÉE AU RETOUR, the last case: the dames are correct but too few numbers were
/// played (a number playable left unplayed); the legal plays are imposed (any dame), or the
/// play is left and the opponent marks "2 points d'impuissance sous peine d'école" for each
/// number short.
pub(super) fn dame_passee_au_retour_numbers_left(cx: &Judging<'_>) -> Judgement {
    cx.judgement(
        Entry::DamePasseeAuRetour,
        format!(
            "{} played {} number(s) where {} could be played",
            cx.mover,
            cx.numbers,
            cx.legal.dice_played()
        ),
        cx.obliged(&all),
    )
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
/// (the origins of his moves count as touched). A point where he had no dame before the
/// play touches none: a dame he posed there during the play was played ("une dame
/// abandonnée sur une case est considérée comme jouée").
///
/// The entries are asked in this order, the first that applies deciding: for a legal play,
/// the dames touched and not played; otherwise DAME JOUÉE EN TROP, DAME SEULE PLACÉE SUR UN
/// COIN, DAME PASSÉE AU RETOUR (a jan the opponent can still fill), PRENDRE SON COIN,
/// REMPLIR et CONSERVER, DAME JOUÉE TOUT D'UNE, FAUSSE SORTIE, a dame touched and not
/// played, DAME PASSÉE AU RETOUR (the passing number played otherwise), FAUSSE CASE AVEC LES DEUX DAMES, DAME COUVERTE PAR
/// FAUSSE CASE, DAME MAL PLACÉE, and last a number left unplayed.
#[must_use]
pub fn judge(
    analysis: &ThrowAnalysis,
    position: &Position,
    moves: &[PhysicalMove],
    touched: &[Point],
) -> Option<Judgement> {
    let mut cx = Judging::new(analysis, position, moves, touched)?;
    if let Some(i) = cx.legal.index_of_board(&cx.counts) {
        // A legal play: every dame touched (outside the talon) must have been played.
        return touched_and_not_played(&cx, i);
    }
    // Every legal play by the generic rule of RÉSOLUTION: moving only touched dames,
    // keeping the dames played correctly where possible.
    cx.well_placed = cx.played_correctly();
    dame_jouee_en_trop(&cx)
        .or_else(|| dame_seule_placee_sur_un_coin(&cx))
        .or_else(|| dame_passee_au_retour_into_a_jan_he_can_fill(&cx))
        .or_else(|| prendre_son_coin(&cx))
        .or_else(|| remplir_et_conserver(&cx))
        .or_else(|| dame_jouee_tout_d_une(&cx))
        .or_else(|| fausse_sortie(&cx))
        .or_else(|| dame_touchee_in_a_fausse_case(&cx))
        .or_else(|| dame_passee_au_retour_number_played_otherwise(&cx))
        .or_else(|| fausse_case_avec_les_deux_dames(&cx))
        .or_else(|| dame_couverte_par_fausse_case(&cx))
        .or_else(|| dame_mal_placee(&cx))
        .or_else(|| Some(dame_passee_au_retour_numbers_left(&cx)))
}
