//! The invariants the fuzz targets assert, written once: the fuzz targets (`fuzz/`, cargo-fuzz
//! with libFuzzer) call them with structured input built by `arbitrary`, and the ordinary test
//! suite calls them from proptests (`crates/boardgames-cli/tests/invariants.rs`) so that CI
//! always checks them. Every function panics (an assertion) when an invariant is broken and
//! never otherwise: no input may make the libraries panic.
#![allow(dead_code, unreachable_pub)]

use boardgames_common::{DiceSource, Record, RecordLimits, Seed, SeededDice, Throw};

/// All 21 unordered throws, for picking one from a byte.
fn throw_of(byte: u8) -> Throw {
    boardgames_common::UNORDERED_THROWS[usize::from(byte) % 21]
}

/// Seeds and throws: text round-trips, and seeded dice are deterministic.
pub fn dice_and_seeds(seed_text: &str, throw_text: &str, seed: u64, count: u8) {
    if let Ok(s) = seed_text.parse::<Seed>() {
        assert_eq!(s.to_string().parse::<Seed>(), Ok(s), "{seed_text:?}");
    }
    if let Ok(t) = throw_text.parse::<Throw>() {
        assert_eq!(t.to_string().parse::<Throw>(), Ok(t), "{throw_text:?}");
    }
    let mut a = SeededDice::new(Seed(seed));
    let mut b = SeededDice::new(Seed(seed));
    let mut fast = sugoroku_core::SimDice::new(Seed(seed));
    for _ in 0..count {
        let t = a.throw();
        assert_eq!(t, b.throw());
        assert!(t.is_some());
        let (sum, doublet) = fast.next_sum();
        assert!((2..=12).contains(&sum));
        assert!(!doublet || sum % 2 == 0);
    }
}

/// Record text: what parses prints back to the same record, the limits agree with the
/// written form, and the serde form round-trips.
pub fn record_text(text: &str, limits: RecordLimits) {
    let Ok(record) = text.parse::<Record>() else {
        // Refused without limits: refused with any.
        assert!(Record::parse_with_limits(text, &limits).is_err());
        return;
    };
    let written = record.to_string();
    assert_eq!(written.parse::<Record>().as_ref(), Ok(&record), "{text:?}");
    assert_eq!(
        record.check_limits(&limits).is_ok(),
        Record::parse_with_limits(&written, &limits).is_ok(),
        "{written:?} {limits:?}"
    );
    let json = serde_json::to_string(&record).expect("a record serialises");
    let back: Record = serde_json::from_str(&json).expect("and deserialises");
    assert_eq!(back, record);
    // Every game's replay refuses or accepts without panicking, within the limits.
    replay_everywhere(&record, &limits);
}

/// Replays `record` as each of the three games (most refuse it): no panic; a tafl or
/// sugoroku game that replays writes a record that replays to the same game.
pub fn replay_everywhere(record: &Record, limits: &RecordLimits) {
    use boardgames_common::{Game, ReplayOptions};
    let options = ReplayOptions::with_limits(*limits);
    if let Ok(game) = tafl_core::TaflGame::from_record_with(record, &options) {
        let again = rewrite(&game, game.moves().iter().map(ToString::to_string));
        assert_eq!(tafl_core::TaflGame::from_record(&again).as_ref(), Ok(&game));
        assert_eq!(
            tafl_core::TaflGame::from_record(&game.to_record()).as_ref(),
            Ok(&game)
        );
    }
    if let Ok(game) = sugoroku_core::SugorokuGame::from_record_with(record, &options) {
        assert!(!game.result_tag().is_empty());
        let _ = game.returns();
    }
    let _ = trictrac_core::TrictracGame::from_record_with(record, &options);
    let strict = options.with_strict_comments(true);
    let _ = trictrac_core::TrictracGame::from_record_with(record, &strict);
}

/// A record of `game`'s tags and the given action texts.
fn rewrite<G: boardgames_common::Game>(game: &G, actions: impl Iterator<Item = String>) -> Record {
    let mut r = Record::new(G::NAME);
    for (k, v) in game.record_tags() {
        r.set_tag(&k, &v).expect("the game's own tags are valid");
    }
    for a in actions {
        r.push_action(a)
            .expect("the game's own action texts are valid");
    }
    r
}

/// Tafl rules strings: a string that parses prints a string that parses to the same ruleset.
pub fn tafl_rules(text: &str) {
    if let Ok(r) = text.parse::<tafl_core::Ruleset>() {
        let written = r.to_string();
        assert_eq!(
            written.parse::<tafl_core::Ruleset>().as_ref(),
            Ok(&r),
            "{written}"
        );
    }
}

/// Tafl positions and moves: the position text round-trips; `is_legal` agrees with move
/// generation; an illegal move is refused and leaves the position unchanged; a legal one
/// plays. `choices` pick moves to play and arbitrary (from, to) square pairs to try.
pub fn tafl_position(preset: u8, setup_text: &str, choices: &[(u8, u8, u8)]) {
    let presets = tafl_core::Ruleset::presets();
    let ruleset = &presets[usize::from(preset) % presets.len()];
    let mut position = match setup_text.parse::<tafl_core::Setup>() {
        Ok(setup) => match ruleset.position(&setup) {
            Ok(p) => p,
            Err(_) => return,
        },
        Err(_) => ruleset.start_position(),
    };
    let back: tafl_core::Setup = position
        .to_string()
        .parse()
        .expect("a position's text parses");
    assert_eq!(ruleset.position(&back), Ok(position), "{position}");
    let size = ruleset.rules().size;
    let mut list = tafl_core::MoveList::new();
    for &(pick, from, to) in choices {
        if position.status().is_over() {
            break;
        }
        position.legal_moves_into(ruleset.rules(), &mut list);
        for &m in list.iter() {
            assert!(
                position.is_legal(ruleset.rules(), m),
                "{m} generated but not legal"
            );
        }
        // An arbitrary move: legal exactly when generated.
        let square = |b: u8| {
            let n = u16::from(b) % (u16::from(size) * u16::from(size));
            format!(
                "{}{}",
                char::from(b'a' + (n % u16::from(size)) as u8),
                n / u16::from(size) + 1
            )
        };
        if let Ok(m) = format!("{}-{}", square(from), square(to)).parse::<tafl_core::Move>() {
            let legal = position.is_legal(ruleset.rules(), m);
            assert_eq!(legal, list.contains(&m), "{m} in {position}");
            if !legal {
                let before = position;
                assert!(position.play_mut(ruleset.rules(), m).is_err());
                assert_eq!(position, before, "an illegal move changed the position");
            }
        }
        if list.is_empty() {
            break;
        }
        let m = list[usize::from(pick) % list.len()];
        let _ = position
            .play_mut(ruleset.rules(), m)
            .expect("a generated move plays");
    }
}

/// A tafl game: moves picked among the legal ones; the record replays to the same game and
/// every undo restores the earlier state.
pub fn tafl_game(preset: u8, picks: &[u8]) {
    let presets = tafl_core::Ruleset::presets();
    let ruleset = presets[usize::from(preset) % presets.len()].clone();
    let mut game = tafl_core::TaflGame::new(ruleset);
    let mut states = vec![game.clone()];
    let mut list = tafl_core::MoveList::new();
    for &pick in picks {
        if game.status().is_over() {
            break;
        }
        game.position().legal_moves_into(game.rules(), &mut list);
        if list.is_empty() {
            break;
        }
        let _ = game
            .play_mut(list[usize::from(pick) % list.len()])
            .expect("legal");
        states.push(game.clone());
    }
    let record = rewrite(&game, game.moves().iter().map(ToString::to_string));
    assert_eq!(
        tafl_core::TaflGame::from_record(&record).as_ref(),
        Ok(&game)
    );
    for earlier in states.iter().rev().skip(1) {
        game.undo().expect("a move to take back");
        assert_eq!(&game, earlier);
    }
}

/// Trictrac positions and plays: the position text round-trips; every generated play (by
/// the laws of movement, and by the full laws) is legal and plays, and its scoring does not
/// fail; a play built from arbitrary moves is legal
/// exactly when its board is that of a generated play, and refused unchanged otherwise.
/// The same moves (up to four, a pair whose two points are one being a dame touched and not
/// moved) as a physical play for the referee's judge: no fausse case exactly when they leave
/// the dames as a legal play does and every dame touched was played (or stands at the
/// talon), and a fausse case's options as RÉSOLUTION allows ([`fausse_case_options`]).
pub fn trictrac_position(text: &str, throw: u8, moves: &[(String, String)]) {
    use trictrac_core::scoring::{ScoringRules, ThrowAnalysis};
    use trictrac_core::{Move, Play, Position};
    let Ok(position) = text.parse::<Position>() else {
        return;
    };
    assert_eq!(
        position.to_string().parse::<Position>().as_ref(),
        Ok(&position),
        "{position}"
    );
    let throw = throw_of(throw);
    let movement = position.movement_plays(throw);
    for play in movement.iter() {
        assert!(
            position.is_movement_legal(play),
            "{play} generated but not legal"
        );
        assert!(position.play_movement_only(play).is_ok());
    }
    let legal = position.legal_plays(throw);
    for play in legal.iter() {
        assert!(position.is_legal(play), "{play} generated but not legal");
        assert!(position.play(play).is_ok());
        assert!(movement.contains(play), "{play} legal but not by movement");
    }
    let analysis = ThrowAnalysis::new(&position, throw, &ScoringRules::default());
    assert_eq!(analysis.legal_plays().len(), legal.len());
    for play in analysis.legal_plays().iter() {
        assert!(analysis.after_play(play).is_ok(), "{play}");
    }
    referee_judge(&position, throw, moves);
    let built: Vec<Move> = moves
        .iter()
        .take(2)
        .enumerate()
        .filter_map(|(i, (from, to))| {
            Some(Move {
                from: from.parse().ok()?,
                to: to.parse().ok()?,
                die: if i == 0 { throw.high() } else { throw.low() },
            })
        })
        .collect();
    // At most two moves were taken, so the play is always built.
    let Ok(play) = Play::new(throw, &built) else {
        return;
    };
    let mut p = position;
    match p.play_mut(&play) {
        Ok(()) => assert!(position.is_legal(&play) && legal.contains(&play)),
        Err(e) => {
            assert!(!position.is_legal(&play) && !legal.contains(&play));
            assert_eq!(e.play, play);
            assert_eq!(p, position, "an illegal play changed the position");
        }
    }
}

/// The throw's numbers a physical move stands for when `used` were played before it (as the
/// referee reads a play): two for a first move of the sum that no die makes (a tout d'une
/// in one move), one otherwise.
fn numbers_of(throw: boardgames_common::Throw, d: u8, used: u8) -> u8 {
    let [a, b] = throw.dice().map(boardgames_common::Die::get);
    if used == 0 && d != a && d != b && d == a + b {
        2
    } else {
        1
    }
}

/// The dames of a physical play as the referee reads it: (from, to) as the mover's path
/// positions, a move that starts where an earlier one ended continuing that dame.
fn units_of(
    mover: trictrac_core::Colour,
    moves: &[trictrac_core::referee::PhysicalMove],
) -> Vec<(u8, u8)> {
    let mut out: Vec<(u8, u8)> = Vec::new();
    for m in moves {
        let (f, t) = (m.from.path(mover), m.to.path(mover));
        if let Some(u) = out.iter_mut().rev().find(|u| u.1 == f) {
            u.1 = t;
        } else {
            out.push((f, t));
        }
    }
    out
}

/// Where the dames of `play` start and end (a tout d'une as one dame), and the points its
/// dames are lifted from.
fn lands_of(play: &trictrac_core::Play, mover: trictrac_core::Colour) -> (Vec<(u8, u8)>, Vec<u8>) {
    let m = play.moves();
    if play.is_tout_d_une() {
        let f = m[0].from.path(mover);
        return (vec![(f, m[1].to.path(mover))], vec![f]);
    }
    (
        m.iter()
            .map(|x| (x.from.path(mover), x.to.path(mover)))
            .collect(),
        m.iter().map(|x| x.from.path(mover)).collect(),
    )
}

/// How many of `units` (each matched once) `play` leaves where they were played.
fn kept_by(play: &trictrac_core::Play, mover: trictrac_core::Colour, units: &[(u8, u8)]) -> usize {
    let (mut lands, _) = lands_of(play, mover);
    units
        .iter()
        .filter(|u| match lands.iter().position(|l| l == *u) {
            Some(k) => {
                lands.swap_remove(k);
                true
            }
            None => false,
        })
        .count()
}

/// The options of a fausse case (`entry`, `options`) judged for the physical `moves` of the
/// side to move of `position` with `throw`, `touched` the points where he touched a dame
/// without "J'adoube !", checked against RÉSOLUTION ("c'est à l'adversaire de décider ...
/// de la manière de jouer la ou les dames fautives ; mais il doit respecter les règles
/// concernant le déplacement des dames ... Il peut aussi choisir de laisser en l'état. Mais
/// il ne peut pas faire rejouer une dame qui a été bien placée sauf si c'est la seule
/// manière de pouvoir jouer correctement les deux nombres. Il ne peut pas choisir de faire
/// jouer une dame que le joueur fautif n'aurait pas touchée"):
///
/// - every play imposed is a legal play of the throw (the laws of movement and the must fill
///   / must keep obligation);
/// - it moves only dames he touched or moved, except under the entries that oblige another
///   dame (REMPLIR et CONSERVER, ÉCOLE DE PRIVILÈGE, PRENDRE SON COIN, DAME PASSÉE AU
///   RETOUR, DAME SEULE PLACÉE SUR UN COIN, FAUSSE CASE : CONSOMMATION);
/// - it leaves in place as many of his dames as any legal play does, under the entries
///   where the generic rule applies (DAME MAL PLACÉE, DAME COUVERTE PAR FAUSSE CASE, DAME
///   JOUÉE TOUT D'UNE); under DAME TOUCHÉE DAME JOUÉE it plays a dame touched and not
///   played, and leaves in place as many as any legal play of that dame and touched dames
///   only;
/// - a dame moved after the throw's numbers (DAME JOUÉE EN TROP, or DAME JOUÉE TOUT D'UNE
///   after a tout d'une) is only put back: the play of the moves before it imposed when
///   they make one, else the remedies of those moves judged as their own play (checked
///   the same way), never leaving the play;
/// - leaving it as played is offered only for a position the laws allow, with no more of
///   the throw's numbers played than it has (two, a doublet included), never under DAME
///   JOUÉE EN TROP ("ne peut que rectifier"), and under DAME SEULE PLACÉE SUR UN COIN
///   ("doit") only for a dame touched that no number can play (then it is all he can do);
/// - a dame sent back is one he moved, from where and to where he moved it.
pub fn fausse_case_options(
    position: &trictrac_core::Position,
    throw: boardgames_common::Throw,
    moves: &[trictrac_core::referee::PhysicalMove],
    touched: &[trictrac_core::Point],
    entry: trictrac_core::referee::Entry,
    options: &[trictrac_core::referee::Remedy],
) {
    use trictrac_core::referee::{Entry, Remedy, position_after};
    use trictrac_core::scoring::{ScoringRules, ThrowAnalysis};
    let mover = position.side_to_move();
    let analysis = ThrowAnalysis::new(position, throw, &ScoringRules::default());
    let legal = analysis.legal_plays();
    let units = units_of(mover, moves);
    let origins: Vec<u8> = units.iter().map(|u| u.0).collect();
    // The moves standing for the throw's two numbers; a dame moved after them goes back
    // (DAME JOUÉE EN TROP), and the dames left in place are counted among the others.
    let mut used = 0;
    let numbers_moves = moves
        .iter()
        .take_while(|m| {
            used += numbers_of(
                throw,
                m.to.path(mover).saturating_sub(m.from.path(mover)),
                used,
            );
            used <= 2
        })
        .count();
    let numbers = used;
    let said = || {
        format!(
            "{entry} for {moves:?} (touched {touched:?}) with {throw} in {position}: {options:?}"
        )
    };
    assert!(
        entry != Entry::DameJoueeEnTrop || numbers_moves < moves.len(),
        "no dame more: {}",
        said()
    );
    if numbers_moves < moves.len()
        && matches!(entry, Entry::DameJoueeEnTrop | Entry::DameJoueeToutDUne)
    {
        // DAME JOUÉE EN TROP, DAME JOUÉE TOUT D'UNE (a dame moved after a tout d'une):
        // "l'adversaire ne peut que rectifier le placement de cette dernière dame", "a
        // seulement la possibilité de rectifier la position de cette dernière dame": never
        // left; the play of the first moves imposed when they make one, else the two numbers
        // judged as their own play (RÉSOLUTION checked there) and its remedies.
        let boards: Vec<[u8; 26]> = (1..=moves.len())
            .filter_map(|k| trictrac_core::referee::counts_after(position, &moves[..k]))
            .collect();
        // The dames moved after them were touched all the same (a move continuing a dame's
        // journey touches no other dame).
        let mut all_touched = touched.to_vec();
        all_touched.extend(
            origins
                .iter()
                .filter_map(|&f| trictrac_core::Point::from_path(mover, f)),
        );
        let first = trictrac_core::referee::judge(
            &analysis,
            position,
            &moves[..numbers_moves],
            &all_touched,
        );
        if let Some(j) = &first {
            fausse_case_options(
                position,
                throw,
                &moves[..numbers_moves],
                &all_touched,
                j.entry,
                &j.options,
            );
        }
        for o in options {
            let a_prefix = matches!(o, Remedy::Impose(p) if legal.contains(p)
                && analysis.play(p).is_ok_and(|next| boards.contains(next.board().path_counts(mover))));
            let of_first = first.as_ref().is_some_and(|j| j.options.contains(o))
                && !matches!(
                    o,
                    Remedy::Leave | Remedy::PassNextCoup(_) | Remedy::SendBack { .. }
                );
            assert!(
                a_prefix || of_first || *o == Remedy::ReplayFreely,
                "{o}: {}",
                said()
            );
        }
        return;
    }
    let mut touched_paths: Vec<u8> = touched.iter().map(|p| p.path(mover)).collect();
    touched_paths.extend(moves.iter().map(|m| m.from.path(mover)));
    let only_touched = |p: &trictrac_core::Play| {
        lands_of(p, mover)
            .1
            .iter()
            .all(|f| touched_paths.contains(f))
    };
    // Touched, not played, not at the talon (DAMES AU TALON): the dames that must be played.
    let unplayed: Vec<u8> = touched
        .iter()
        .map(|p| p.path(mover))
        .filter(|t| *t != trictrac_core::TALON && !origins.contains(t))
        .collect();
    let most_kept = legal
        .iter()
        .map(|q| kept_by(q, mover, &units))
        .max()
        .unwrap_or(0);
    let any_dame = matches!(
        entry,
        Entry::RemplirEtConserver
            | Entry::EcoleDePrivilege
            | Entry::PrendreSonCoin
            | Entry::DamePasseeAuRetour
            | Entry::DameSeulePlaceeSurUnCoin
            | Entry::FausseCaseConsommation
    );
    let keep = matches!(
        entry,
        Entry::DameMalPlacee | Entry::DameCouverteParFausseCase | Entry::DameJoueeToutDUne
    );
    for o in options {
        match o {
            Remedy::Impose(p) => {
                assert!(legal.contains(p), "{p} is no legal play: {}", said());
                assert!(
                    any_dame || only_touched(p),
                    "{p} moves a dame not touched: {}",
                    said()
                );
                if keep {
                    assert_eq!(
                        kept_by(p, mover, &units),
                        most_kept,
                        "{p} plays again a dame played right: {}",
                        said()
                    );
                }
                if entry == Entry::DameToucheeDameJouee {
                    let (_, from) = lands_of(p, mover);
                    let t = unplayed
                        .iter()
                        .find(|t| from.contains(t))
                        .unwrap_or_else(|| {
                            panic!("{p} plays no dame touched and not played: {}", said())
                        });
                    let best = legal
                        .iter()
                        .filter(|q| lands_of(q, mover).1.contains(t) && only_touched(q))
                        .map(|q| kept_by(q, mover, &units))
                        .max()
                        .unwrap_or(0);
                    assert_eq!(kept_by(p, mover, &units), best, "{p}: {}", said());
                }
            }
            Remedy::Leave => {
                assert!(
                    position_after(position, moves).is_some(),
                    "left in no position: {}",
                    said()
                );
                // More moves than the throw's numbers are left only when the dames stand
                // as a legal play leaves them (a dame moved on in two motions: 1 then 2
                // for the 3 of 3-1, say).
                let as_legal =
                    trictrac_core::referee::counts_after(position, moves).is_some_and(|after| {
                        legal.iter().any(|p| {
                            analysis
                                .play(p)
                                .is_ok_and(|next| *next.board().path_counts(mover) == after)
                        })
                    });
                assert!(
                    numbers <= 2 || as_legal,
                    "left with {numbers} numbers played: {}",
                    said()
                );
                // (A dame touched that no number can play, even onto a coin, can only be
                // left: FAUSSE CASE : DÉFINITION.)
                assert!(
                    entry != Entry::DameSeulePlaceeSurUnCoin || options.len() == 1,
                    "left: {}",
                    said()
                );
            }
            Remedy::SendBack { from, to } => {
                let u = (from.path(mover), to.path(mover));
                assert!(units.contains(&u), "no dame went {from}-{to}: {}", said());
            }
            _ => {}
        }
    }
}

/// The physical play of `moves` judged by the referee (see [`trictrac_position`]).
fn referee_judge(
    position: &trictrac_core::Position,
    throw: boardgames_common::Throw,
    moves: &[(String, String)],
) {
    use trictrac_core::referee::{PhysicalMove, counts_after, judge};
    use trictrac_core::scoring::{ScoringRules, ThrowAnalysis};
    use trictrac_core::{Dest, Point};
    let mover = position.side_to_move();
    let mut physical: Vec<PhysicalMove> = Vec::new();
    let mut touched: Vec<Point> = Vec::new();
    for (from, to) in moves.iter().take(4) {
        let (Ok(from), Ok(to)) = (from.parse::<Point>(), to.parse::<Dest>()) else {
            continue;
        };
        if to == Dest::Point(from) {
            touched.push(from);
            continue;
        }
        // As the referee takes them: forward, from a point where he has a dame.
        let m = PhysicalMove { from, to };
        let mut next = physical.clone();
        next.push(m);
        let Some(c) = counts_after(position, &next) else {
            continue;
        };
        if to.path(mover) > from.path(mover) && c.iter().all(|&n| n <= 15) {
            physical = next;
        }
    }
    let analysis = ThrowAnalysis::new(position, throw, &ScoringRules::default());
    match judge(&analysis, position, &physical, &touched) {
        Some(j) => fausse_case_options(position, throw, &physical, &touched, j.entry, &j.options),
        None => {
            let after = counts_after(position, &physical).expect("the moves start from dames");
            assert!(
                analysis.legal_plays().iter().any(|p| {
                    analysis
                        .play(p)
                        .is_ok_and(|next| *next.board().path_counts(mover) == after)
                }),
                "{physical:?} judged no fausse case in {position} with {throw}"
            );
        }
    }
}

/// Sugoroku rules and positions: the texts round-trip; throws keep the position valid (its
/// setup validates back to it and its text round-trips); after the end a throw is refused and
/// changes nothing.
pub fn sugoroku(rules_text: &str, position_text: &str, throws: &[u8]) {
    use sugoroku_core::{Position, Ruleset};
    let rules = match rules_text.parse::<Ruleset>() {
        Ok(r) => {
            assert_eq!(r.to_string().parse::<Ruleset>(), Ok(r));
            r
        }
        Err(_) => Ruleset::default(),
    };
    let mut position = match position_text.parse::<Position>() {
        Ok(p) => {
            assert_eq!(p.to_string().parse::<Position>(), Ok(p), "{p}");
            p
        }
        Err(_) => Position::start(),
    };
    for &b in throws {
        let before = position;
        match position.play_mut(&rules, throw_of(b)) {
            Ok(_) => {
                assert_eq!(Position::try_from(position.setup()), Ok(position));
                assert_eq!(position.to_string().parse::<Position>(), Ok(position));
            }
            Err(_) => {
                assert!(before.end(&rules).is_some());
                assert_eq!(position, before);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// The doors of the command line (crate boardgames-cli's library): the OpenTafl engine, the
// trictrac referee's transcripts, the play sessions; and the partie à écrire's settlement.
// ---------------------------------------------------------------------------------------

/// A writer whose bytes stay readable while another owner writes (the engine owns its).
#[derive(Clone, Default)]
struct Shared(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

impl std::io::Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn take(&self) -> Vec<u8> {
        std::mem::take(&mut *self.0.borrow_mut())
    }
}

/// A game the engine keeps is one consistent game: its record replays to it.
fn assert_consistent_tafl(game: &tafl_core::TaflGame) {
    let record = game.to_record();
    assert_eq!(
        tafl_core::TaflGame::from_record(&record).as_ref(),
        Ok(game),
        "{record}"
    );
}

/// The `otep_engine` target's input: the first byte chooses the notation (bit 0: full
/// notation), the rest is the host's lines, at most 64 ([`otep_engine`]).
pub fn otep_engine_bytes(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let lines: Vec<&[u8]> = rest.split(|&b| b == b'\n').take(64).collect();
    otep_engine(&lines, first & 1 == 1);
}

/// A move as the OpenTafl engine writes it (in `move` and in each move of an `analysis`
/// line), read and checked against `pos`: legal there; in simple notation `e5-e8`; in
/// OpenTafl's full notation (`simple` false) the letter of the king, a commander or a knight
/// first and never of a soldier (`Kd4-d6`, `nd2-e2`; the notation spec's
/// `[tcnkTCNK]?<square>`), `^` for a jump and `=` for a berserk move in place of `-`, and
/// `x` with the squares taken only when the move takes something.
fn engine_move(
    text: &str,
    pos: &tafl_core::Position,
    rules: &tafl_core::Rules,
    simple: bool,
) -> tafl_core::Move {
    let (mv, captures) = text.split_once('x').unwrap_or((text, ""));
    let named = mv.len() > 1
        && mv.as_bytes()[0].is_ascii_alphabetic()
        && mv.as_bytes()[1].is_ascii_alphabetic();
    let coordinates = if named { &mv[1..] } else { mv };
    let coordinates = coordinates.replace("^=", "-").replace(['^', '='], "-");
    let m: tafl_core::Move = coordinates
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} in {pos}: {e}"));
    assert!(pos.is_legal(rules, m), "{text} is not legal in {pos}");
    let officer =
        pos.piece_at(m.from) == Some(tafl_core::Piece::King) || pos.officer_at(m.from).is_some();
    assert!(!named || officer, "{text}: a letter for a soldier in {pos}");
    assert!(!simple || !named, "{text}: a letter in simple notation");
    assert!(
        named || !officer || simple,
        "{text}: the officer's letter is missing in {pos}"
    );
    assert!(
        !simple || coordinates == mv,
        "{text}: `^` or `=` in simple notation"
    );
    let mut next = *pos;
    let takes = !next.play_unchecked(rules, m).captures.is_empty();
    assert!(
        captures.is_empty() || takes,
        "{text}: a capture written for none in {pos}"
    );
    m
}

/// The OpenTafl engine (OTEP) fed `lines`, one at a time, with a tiny node budget: every
/// line is answered or ignored, never with a panic; every answer is one line of printable
/// ASCII ending in `\n` and starting with a command of the protocol; every `move` it sends is
/// legal in its own game, is the move it waits to see accepted and is written in the
/// notation the host asked for ([`engine_move`]); every `analysis` line has the count of
/// pairs it announces, each a line of moves legal one after the other from the game's
/// position, written as its moves are, and a number; its game is always one that replays
/// from its record. The
/// engine's search is bounded by `nodes` (so is each line's time).
pub fn otep_engine(lines: &[&[u8]], full_moves: bool) {
    use boardgames_cli::opentafl_engine::{Engine, EngineOptions};
    let out = Shared::default();
    let options = EngineOptions {
        level: tafl_core::ai::Level::Bard,
        nodes: Some(24),
        think: None,
        seed: 1,
        log: None,
        full_moves,
        weights: None,
    };
    let mut engine = Engine::new(out.clone(), None, options);
    engine.start().expect("a memory writer never fails");
    let greeting = String::from_utf8(out.take()).expect("ASCII");
    assert!(greeting.starts_with("hello\n"), "{greeting:?}");
    for line in lines {
        let before = engine.game().cloned();
        let go_on = engine.line(line).expect("a memory writer never fails");
        let sent = out.take();
        let text = std::str::from_utf8(&sent).expect("the engine writes ASCII");
        assert!(text.is_empty() || text.ends_with('\n'), "{text:?}");
        for answer in text.lines() {
            assert!(
                answer.bytes().all(|b| b == b' ' || b.is_ascii_graphic()),
                "{answer:?}"
            );
            let word = answer.split(' ').next().unwrap_or("");
            assert!(
                ["hello", "simple-moves", "move", "analysis", "error"].contains(&word),
                "{answer:?} after {:?}",
                String::from_utf8_lossy(line)
            );
            if let Some(m) = answer.strip_prefix("move ") {
                let game = engine.game().expect("a move is sent for a game");
                let pending = engine.pending().expect("the move sent is awaited");
                let legal = game.position().legal_moves(game.rules());
                assert!(legal.contains(&pending), "{pending} in {}", game.position());
                let read = engine_move(m, game.position(), game.rules(), engine.simple_moves());
                assert_eq!(read, pending, "{m}");
            }
            if let Some(rest) = answer.strip_prefix("analysis ") {
                // OTEP 9: "analysis [number] [<move-list> <evaluation>]...": a move-list
                // "leads from the current game state to the deepest state searched", its
                // moves "in simple algebraic tafl notation or OpenTafl algebraic tafl
                // notation", joined by `|`. The engine writes them as its moves.
                let game = engine.game().expect("an analysis is of a game");
                let mut words = rest.split(' ');
                let k: usize = words.next().unwrap_or("").parse().expect("a count");
                let items: Vec<&str> = words.collect();
                assert_eq!(items.len(), 2 * k, "{answer}");
                for pair in items.chunks(2) {
                    assert!(pair[1].parse::<f64>().is_ok(), "{answer}");
                    let mut pos = *game.position();
                    for text in pair[0].split('|') {
                        assert!(!pos.status().is_over(), "{text} after the end in {answer}");
                        let m = engine_move(text, &pos, game.rules(), engine.simple_moves());
                        let _ = pos.play_unchecked(game.rules(), m);
                    }
                }
            }
        }
        if let Some(game) = engine.game()
            && engine.game() != before.as_ref()
        {
            assert_consistent_tafl(game);
        }
        if !go_on {
            break;
        }
    }
}

/// The position of the glossary's BATTRE UNE DAME, EXEMPLE n° 1 (the worked transcript's).
pub const REFEREE_EXAMPLE: &str = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.0/0.0";

/// The `referee_transcript` target's input: the first byte chooses the start (bit 7: the
/// example's position, [`REFEREE_EXAMPLE`], else the start of a partie) and the trous of the
/// partie (its low four bits, plus one); the rest is the transcript, read as UTF-8 with
/// replacement ([`referee_transcript`]).
pub fn referee_transcript_bytes(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let position = if first & 0x80 == 0 {
        ""
    } else {
        REFEREE_EXAMPLE
    };
    referee_transcript(position, (first & 0x0f) + 1, &String::from_utf8_lossy(rest));
}

/// The trictrac referee fed a transcript (`boardgames trictrac referee --script`), from a
/// position counted on the tablier (`--position`: a count other than 15 dames is judged by
/// DAMES EN TROP ou EN MOINS, rectified or void): each line is blank, a command, or a
/// gesture judged or refused with a reason (printed after `refused: `, the referee
/// unchanged); the marks never exceed what the laws allow: points 0 to 11 on the agreed marks
/// and on the tablier; fewer trous than those of the partie for both players while it goes
/// on, whatever is open (a trou marked falsely stands only on the tablier until the opponent
/// acquiesces: S'EN ALLER SUR UNE ÉCOLE); once it is over, fewer for the loser, and at least
/// the partie's trous for the winner unless the line that ended it was the loser's
/// acquiescence to a win declared on an école ("la partie continue sauf si son adversaire a
/// rompu son jeu ou acquiescé": the loser's `choose` or `break`). The winner may hold more
/// than the partie's trous (the last gain, an école of a declared win, carries him past them,
/// as in the partie ordinaire). The marks are consistent as the laws' jetons and fichets;
/// the partie ends at most once.
///
/// The dames: a coup moves at most two dames (one a number, or one tout d'une), only
/// forward, and no more pips than the throw's two numbers unless the opponent chose to leave
/// a fausse case as played (DAME MAL PLACÉE: "la laisser à la place où elle a été posée",
/// beyond its place included); a coup ended by a relevé (s'en aller, the last dame borne
/// off) is not measured. Every fausse case reported at `done` offers what RÉSOLUTION allows
/// ([`fausse_case_options`], with the dames moved and touched as the transcript says), until
/// a choice of the opponent has sent dames back or constrained the coup (then the coup's
/// later reports are the constraint's: not checked).
pub fn referee_transcript(position: &str, trous: u8, text: &str) {
    use boardgames_cli::referee::{Verdict, judge_line, tablier};
    use trictrac_core::Colour;
    use trictrac_core::referee::{Fault, Gesture, PhysicalMove, Referee, RefereePhase, Remedy};
    /// The coup being played, as the transcript shows it.
    struct Coup {
        mover: Colour,
        throw: boardgames_common::Throw,
        start: trictrac_core::Position,
        moves: Vec<PhysicalMove>,
        touched: Vec<trictrac_core::Point>,
        adoube: bool,
        constrained: bool,
    }
    let mut coup: Option<Coup> = None;
    let mut pass_next: Option<Colour> = None;
    let trous = trous.clamp(1, 12);
    let mut referee = match tablier(position, trous) {
        Ok((r, reports)) => {
            for r in &reports {
                assert!(!r.to_string().trim().is_empty());
            }
            r
        }
        Err(_) => Referee::start(trous),
    };
    for (i, line) in text.lines().take(400).enumerate() {
        let before = format!("{referee:?}");
        let open_before: Vec<trictrac_core::referee::Report> =
            referee.open_reports().cloned().collect();
        let mut out = Vec::new();
        let verdict = judge_line(&mut referee, i + 1, line, &mut out).expect("memory");
        let printed = String::from_utf8(out).expect("UTF-8");
        match &verdict {
            Verdict::Refused { reason } => {
                assert!(!reason.trim().is_empty(), "{line:?}");
                assert!(printed.contains(&format!("refused: {reason}")), "{printed}");
                assert_eq!(
                    format!("{referee:?}"),
                    before,
                    "refused {line:?} changed it"
                );
            }
            Verdict::Judged { reports, .. } => {
                assert!(printed.starts_with(&format!("{}: ", i + 1)), "{printed}");
                for r in reports {
                    assert!(!r.to_string().trim().is_empty());
                }
            }
            Verdict::Blank | Verdict::Shown | Verdict::Quit => {
                assert_eq!(format!("{referee:?}"), before, "{line:?} changed it");
            }
        }
        // The dames.
        let mut left_by_choice = false;
        if let Verdict::Judged { who, reports } = &verdict {
            let gesture = line
                .split('#')
                .next()
                .unwrap_or("")
                .trim()
                .split_once(char::is_whitespace)
                .and_then(|(_, g)| g.parse::<Gesture>().ok());
            let chosen = match gesture {
                Some(Gesture::Choose(k)) => open_before
                    .iter()
                    .find(|r| r.chooser == Some(*who) && r.fault == Fault::FausseCase)
                    .and_then(|r| r.options.get(k.wrapping_sub(1)).copied().zip(r.offender)),
                _ => None,
            };
            if let Some((remedy, offender)) = chosen {
                left_by_choice = matches!(remedy, Remedy::Leave | Remedy::PassNextCoup(_));
                if let Remedy::PassNextCoup(_) = remedy {
                    pass_next = Some(offender);
                }
                if let Some(c) = &mut coup {
                    c.constrained = true;
                }
            }
            if let Some(c) = &mut coup
                && c.mover == *who
            {
                match gesture {
                    Some(Gesture::Touch(p)) => {
                        if c.adoube {
                            c.adoube = false;
                        } else if !c.touched.contains(&p) {
                            c.touched.push(p);
                        }
                    }
                    Some(Gesture::Adoube) => c.adoube = true,
                    Some(Gesture::Move { from, to }) => {
                        c.moves.push(PhysicalMove { from, to });
                        c.adoube = false;
                    }
                    Some(Gesture::Done) if !c.constrained => {
                        for r in reports.iter().filter(|r| r.fault == Fault::FausseCase) {
                            let shown = referee.dames_on_tablier().counts[c.mover];
                            let mine = trictrac_core::referee::counts_after(&c.start, &c.moves)
                                .expect("the moves the referee took start from dames");
                            for p in trictrac_core::Point::ALL {
                                assert_eq!(
                                    shown[p.index()],
                                    mine[p.path(c.mover) as usize],
                                    "the transcript's dames {:?}",
                                    c.moves
                                );
                            }
                            fausse_case_options(
                                &c.start, c.throw, &c.moves, &c.touched, r.entry, &r.options,
                            );
                        }
                    }
                    _ => {}
                }
            }
        }
        let phase = referee.phase();
        if let Some(c) = &coup
            && !matches!(phase, RefereePhase::Play { mover, .. } if mover == c.mover)
        {
            // The coup is over: measure what it moved (unless a relevé started again).
            let mover = c.mover;
            let before = c.start.board().path_counts(mover);
            let after = referee.position().board().path_counts(mover);
            let releve = after[usize::from(trictrac_core::TALON)] == 15
                && before[usize::from(trictrac_core::TALON)] != 15;
            if !releve && referee.position() != &c.start {
                let pips: i32 = (1..=25)
                    .map(|p| p as i32 * (i32::from(after[p]) - i32::from(before[p])))
                    .sum();
                let moved: u32 = (1..=25)
                    .map(|p| u32::from(before[p].saturating_sub(after[p])))
                    .sum();
                assert!(
                    moved <= 2,
                    "{moved} dames moved for {} at {line:?}",
                    c.throw
                );
                assert!(pips >= 0, "{pips} pips backwards at {line:?}");
                assert!(
                    pips <= i32::from(c.throw.sum()) || left_by_choice,
                    "{pips} pips moved for {} at {line:?}",
                    c.throw
                );
            }
            coup = None;
        }
        if let RefereePhase::Play { mover, throw } = phase
            && coup.is_none()
        {
            coup = Some(Coup {
                mover,
                throw,
                start: *referee.position(),
                moves: Vec::new(),
                touched: Vec::new(),
                adoube: false,
                constrained: pass_next == Some(mover),
            });
            if pass_next == Some(mover) {
                pass_next = None;
            }
        }
        let marking = *referee.marking();
        let winner = match referee.phase() {
            RefereePhase::Over { winner } => Some(winner),
            _ => None,
        };
        for c in Colour::ALL {
            assert!(marking.points(c) <= 11, "{marking:?}");
            if winner != Some(c) {
                assert!(
                    marking.trous(c) < trous,
                    "{marking:?} of a partie to {trous}, {:?}",
                    referee.phase()
                );
            }
        }
        if let (Some(w), Verdict::Judged { who, .. }) = (winner, &verdict)
            && marking.trous(w) < trous
        {
            let word = line
                .split('#')
                .next()
                .unwrap_or("")
                .split_whitespace()
                .nth(1)
                // The referee reads a gesture's word in any case (`Gesture`'s `FromStr`
                // lowercases it), so `choOse` is Black's acquiescence too.
                .map(str::to_lowercase);
            assert!(
                *who == w.other() && matches!(word.as_deref(), Some("choose" | "break")),
                "{w} won with {} trous of {trous} at {line:?}: only the loser's acquiescence gives that",
                marking.trous(w)
            );
        }
        assert_eq!(
            trictrac_core::marking::Marking::from_marks(marking.to_marks(), marking.pavillon()),
            Ok(marking)
        );
        let on_tablier = referee.marks_on_tablier();
        for c in Colour::ALL {
            assert!(on_tablier[c].points <= 11, "{on_tablier:?}");
        }
        if matches!(verdict, Verdict::Quit) || matches!(referee.phase(), RefereePhase::Over { .. })
        {
            break;
        }
    }
}

/// A store for `save` and `load` that checks, at every save, that the record written is a
/// record that replays and that loading it gives back the same record (`check`).
struct CheckedFiles<F: FnMut(&str)> {
    files: boardgames_cli::files::MemoryFiles,
    check: F,
    saves: usize,
}

impl<F: FnMut(&str)> boardgames_cli::files::Files for CheckedFiles<F> {
    fn save(&mut self, name: &str, text: &str) -> Result<(), String> {
        (self.check)(text);
        self.saves += 1;
        self.files.save(name, text)
    }
    fn load(&mut self, name: &str) -> Result<String, String> {
        self.files.load(name)
    }
}

/// `play tafl` fed `input` (lines of moves and commands, `save` and `load` in memory): the
/// session never panics; every record it saves replays, and loading it gives a game whose
/// record is the one saved (save and load round-trip at any point, undo included); the
/// game it ends with replays from its record.
pub fn play_tafl(preset: u8, human_attacks: bool, input: &[u8]) {
    use boardgames_cli::play::{TaflPlay, tafl_load, tafl_record, tafl_session};
    let presets = tafl_core::Ruleset::presets();
    let ruleset = presets[usize::from(preset) % 2].clone(); // Fidchell, Brandubh: small
    let how = TaflPlay {
        ruleset: ruleset.clone(),
        level: tafl_core::ai::Level::Bard,
        nodes: Some(16),
        human: if human_attacks {
            tafl_core::Side::Attackers
        } else {
            tafl_core::Side::Defenders
        },
        seed: 7,
    };
    let mut files = CheckedFiles {
        files: Default::default(),
        check: |text: &str| {
            let (game, seed) = tafl_load(&ruleset, text).expect("a saved game loads");
            assert_consistent_tafl(&game);
            let again = tafl_record(&game, seed.expect("saved with its seed")).expect("record");
            assert_eq!(again.to_string(), text, "save, load, save differ");
        },
        saves: 0,
    };
    let mut out = Vec::new();
    let game = tafl_session(how, &mut &input[..], &mut out, &mut files).expect("memory I/O");
    assert_consistent_tafl(&game);
}

/// `play trictrac` (a partie ordinaire to `trous`, or with `ecrire` a partie à écrire of
/// two marqués) fed `input`: the session never panics; every record it saves replays to
/// the game it had, and a session that loads it saves the same record again (save and load
/// round-trip at any point, after undos too); the session's final record replays to its
/// game.
pub fn play_trictrac(ecrire: bool, human_black: bool, trous: u8, input: &[u8]) {
    use boardgames_cli::play_trictrac::{TrictracPlay, TrictracSession, ordinaire_session};
    use boardgames_common::Player;
    use trictrac_core::scoring::DefaultScorer;
    use trictrac_core::{GameOptions, TrictracGame};
    let seed = 3;
    let human = if human_black {
        Player::Second
    } else {
        Player::First
    };
    let mut out = Vec::new();
    if ecrire {
        use trictrac_core::ecrire::settlement::EcrireRules;
        use trictrac_core::{EcrireGame, EcrireOptions};
        let rules = EcrireRules::new(2).expect("2 marqués");
        let start = EcrireGame::new(EcrireOptions::new(rules));
        let mut files = CheckedFiles {
            files: Default::default(),
            check: |text: &str| {
                let record: boardgames_common::Record = text.parse().expect("a record");
                assert!(
                    EcrireGame::<DefaultScorer>::from_record(&record).is_ok(),
                    "{text}"
                );
                let mut s = TrictracSession::new(start.clone(), seed, human);
                s.load(text).expect("a saved partie loads");
                assert_eq!(s.record().expect("record").to_string(), text);
            },
            saves: 0,
        };
        let session = boardgames_cli::ecrire::ecrire_session(
            seed,
            rules,
            human,
            &mut &input[..],
            &mut out,
            &mut files,
        )
        .expect("memory I/O");
        let record = session.record().expect("record");
        assert_eq!(
            EcrireGame::<DefaultScorer>::from_record(&record).as_ref(),
            Ok(session.game())
        );
    } else {
        let trous = trous.clamp(1, 12);
        let options = GameOptions::default().with_trous_to_win(trous);
        let start = TrictracGame::new(options);
        let mut files = CheckedFiles {
            files: Default::default(),
            check: |text: &str| {
                let record: boardgames_common::Record = text.parse().expect("a record");
                assert!(
                    TrictracGame::<DefaultScorer>::from_record(&record).is_ok(),
                    "{text}"
                );
                let mut s = TrictracSession::new(start.clone(), seed, human);
                s.load(text).expect("a saved partie loads");
                assert_eq!(s.record().expect("record").to_string(), text);
            },
            saves: 0,
        };
        let how = TrictracPlay {
            seed,
            human: trictrac_core::Colour::from(human),
            trous,
            pavillon: false,
            bot: "bot".to_owned(),
        };
        let session =
            ordinaire_session(how, &mut &input[..], &mut out, &mut files).expect("memory I/O");
        let record = session.record().expect("record");
        assert_eq!(
            TrictracGame::<DefaultScorer>::from_record(&record).as_ref(),
            Ok(session.game())
        );
    }
}

/// One marqué's outcome as arbitrary bytes pick it.
#[derive(Debug, Clone, Copy)]
pub struct Outcome {
    /// The winner (`A` when even), or a refait when `refait`.
    pub winner: u8,
    /// The winner's trous (or both players' for a refait).
    pub trous: u8,
    /// The loser's trous.
    pub opponent: u8,
    /// Simple, petite or grande bredouille (mod 3).
    pub quality: u8,
    /// Counted sans lever (the sans lever convention).
    pub sans_lever: bool,
    /// A refait instead of a marqué won.
    pub refait: bool,
}

/// Checks one settlement: the glossary's shortcut `m × (t + 2 × (k + 1)) − o` is the long
/// form `m × t − o + consolation`, the consolation `2 × m × (k + 1)`, the multiplier the
/// convention's.
fn assert_settlement(
    rules: &trictrac_core::ecrire::settlement::EcrireRules,
    s: &trictrac_core::ecrire::settlement::Settlement,
    trous: u32,
    opponent: u32,
    quality: trictrac_core::ecrire::Quality,
    sans_lever: bool,
    refaits: u32,
) {
    let m = u128::from(s.multiplier);
    // The consolation's factor after `refaits` refaits: k + 1 by default (doubled, tripled,
    // quadrupled…), or doubled then the refait's number (RefaitProgression::ByRefait).
    let k = u128::from(match rules.refait_progression() {
        trictrac_core::ecrire::settlement::RefaitProgression::PlusOne => u64::from(refaits) + 1,
        trictrac_core::ecrire::settlement::RefaitProgression::ByRefait => match refaits {
            0 => 1,
            1 => 2,
            k => u64::from(k),
        },
    });
    let (t, o) = (u128::from(trous), u128::from(opponent));
    assert_eq!(
        Ok(s.multiplier),
        rules.convention().multiplier(quality, sans_lever, trous)
    );
    assert_eq!(u128::from(s.trous_value), m * t);
    assert_eq!(u128::from(s.deduction), o);
    assert_eq!(u128::from(s.consolation), 2 * m * k);
    let long = u128::from(s.trous_value) + u128::from(s.consolation) - u128::from(s.deduction);
    let shortcut = m * (t + 2 * k) - o;
    assert_eq!(u128::from(s.payment), long);
    assert_eq!(u128::from(s.payment), shortcut);
}

fn quality_of(b: u8) -> trictrac_core::ecrire::Quality {
    use trictrac_core::ecrire::Quality;
    [
        Quality::Simple,
        Quality::PetiteBredouille,
        Quality::GrandeBredouille,
    ][usize::from(b % 3)]
}

fn convention_of(b: u8) -> trictrac_core::ecrire::Convention {
    use trictrac_core::ecrire::{Convention, Progression};
    [
        Convention::Base,
        Convention::Annexe(Progression::Arithmetic),
        Convention::Annexe(Progression::Geometric),
        Convention::SansLever,
    ][usize::from(b % 4)]
}

/// The rules of a partie à écrire picked by `picks`: marqués, convention, jetons de marqué,
/// fiche and remainder, queue générale, queue des jetons counted or not.
fn ecrire_rules(marques: u8, picks: [u8; 4]) -> trictrac_core::ecrire::settlement::EcrireRules {
    use trictrac_core::ecrire::settlement::{EcrireRules, Remainder};
    let rules = EcrireRules::new(u32::from(marques % 12) + 1)
        .expect("1 to 12 marqués")
        .with_convention(convention_of(picks[0]))
        .with_jetons_de_marque(u32::from(picks[1] % 2) + 1)
        .expect("1 or 2")
        .with_fiche(
            u32::from(picks[2] % 20) + 1,
            if picks[2] >= 128 {
                Remainder::Nothing
            } else {
                Remainder::HalfCounts
            },
        )
        .expect("at least 1 jeton")
        .with_queue_generale(u64::from(picks[3] % 4))
        .with_refait_progression(if picks[1] >= 128 {
            trictrac_core::ecrire::settlement::RefaitProgression::ByRefait
        } else {
            trictrac_core::ecrire::settlement::RefaitProgression::PlusOne
        });
    rules.with_queue_des_jetons(picks[3] < 200)
}

/// The ledger of a partie à écrire fed arbitrary marqué outcomes: each is recorded or
/// refused with the ledger unchanged; every settlement's shortcut equals its long form; the
/// balances of the two players sum to zero at every step; at the end the décompte's
/// balances sum to zero, its accounts' difference is the winner's balance, and its fiches
/// are the difference in fiches plus the queue générale.
pub fn ecrire_ledger(marques: u8, picks: [u8; 4], outcomes: &[Outcome]) {
    use boardgames_common::{ByPlayer, Player};
    use trictrac_core::ecrire::settlement::to_fiches;
    use trictrac_core::ecrire::{Ledger, MarqueResult};
    let rules = ecrire_rules(marques, picks);
    let mut ledger = Ledger::new(rules);
    for o in outcomes.iter().take(64) {
        let before = ledger.clone();
        let winner = if o.winner % 2 == 0 {
            Player::First
        } else {
            Player::Second
        };
        let (t, l) = (u32::from(o.trous), u32::from(o.opponent));
        let result = if o.refait {
            ledger.record_refait(ByPlayer::new(t, t)).map(|()| None)
        } else {
            let mut trous = ByPlayer::new(0, 0);
            trous[winner] = t;
            trous[winner.other()] = l;
            ledger
                .record_won(winner, trous, quality_of(o.quality), o.sans_lever)
                .map(Some)
        };
        match result {
            Err(_) => assert_eq!(ledger, before, "a refused marqué changed the ledger"),
            Ok(payment) => {
                let entry = ledger.entries().last().expect("an entry");
                if let MarqueResult::Won {
                    settlement,
                    quality,
                    sans_lever,
                    ..
                } = entry.result
                {
                    assert_eq!(Some(settlement.payment), payment);
                    assert_eq!(entry.refaits, before.pending_refaits());
                    assert_settlement(
                        &rules,
                        &settlement,
                        t,
                        l,
                        quality,
                        sans_lever,
                        entry.refaits,
                    );
                } else {
                    assert!(o.refait && payment.is_none());
                }
            }
        }
        assert_eq!(
            ledger.balance(Player::First) + ledger.balance(Player::Second),
            0
        );
    }
    match ledger.decompte() {
        Ok(d) => {
            assert!(ledger.is_over());
            assert_eq!(d.balance(Player::First) + d.balance(Player::Second), 0);
            let (a, b) = (d.accounts[Player::First], d.accounts[Player::Second]);
            assert_eq!(u128::from(d.difference), u128::from(a.abs_diff(b)));
            assert_eq!(
                Ok(d.fiches),
                to_fiches(d.difference, rules.fiche(), rules.remainder())
            );
            assert_eq!(
                u128::from(d.total_fiches),
                u128::from(d.fiches) + u128::from(d.queue_generale)
            );
            assert_eq!(
                d.won[Player::First] + d.won[Player::Second],
                rules.marques()
            );
            // The accounts are the marqués received, the queue des jetons and the paris.
            let received = ledger.received();
            let mut expected = received;
            if let trictrac_core::ecrire::settlement::QueueHolder::Player(p) = d.queue_holder {
                expected[p] += d.queue_des_jetons;
            }
            if let Some(p) = d.paris.winner {
                expected[p] += d.paris.jetons;
            }
            assert_eq!(d.accounts, expected);
        }
        Err(_) => assert!(!ledger.is_over() || outcomes.is_empty()),
    }
}

/// A table of three or four (à tourner, à la chouette, in teams) fed arbitrary outcomes of
/// its marqués: refused ones change nothing; every settlement's shortcut equals its long
/// form, and à tourner the vacant player's consolation is the winner's; at the end the
/// balances of the interests sum to zero.
pub fn table_ledger(form: u8, seed: u64, marques: u8, picks: [u8; 4], outcomes: &[Outcome]) {
    use trictrac_core::ecrire::settlement::MarqueOutcome;
    use trictrac_core::ecrire::table::{Draw, Partie as Table, Seat, TableForm, TableResult};
    let form = [
        TableForm::Tourner,
        TableForm::Chouette,
        TableForm::Teams,
        TableForm::TournerAQuatre,
    ][usize::from(form % 4)];
    // À tourner the marqués are a multiple of three (3, 6, 9, 12); in the other forms of
    // four (the closing rule; the four pairs à tourner at four) (4, 8, 12).
    let rules = if form == TableForm::Tourner {
        ecrire_rules(3 * (marques % 4) + 2, picks)
    } else {
        ecrire_rules(4 * (marques % 3) + 3, picks)
    };
    let Ok(draw) = Draw::new(
        form,
        &mut boardgames_common::SeededDice::new(boardgames_common::Seed(seed)),
    ) else {
        return;
    };
    let names: Vec<String> = Seat::ALL[..form.players()]
        .iter()
        .map(ToString::to_string)
        .collect();
    let mut table = Table::new(names, rules, draw).expect("a table of its form");
    for o in outcomes.iter().take(48) {
        let before = table.clone();
        let Some(pairing) = table.current() else {
            break;
        };
        let result = if o.refait {
            table.record_refait(u32::from(o.trous))
        } else {
            let winner = if o.winner % 2 == 0 {
                pairing.primaute
            } else {
                pairing.opponent
            };
            let outcome = MarqueOutcome::new(
                u32::from(o.trous),
                u32::from(o.opponent),
                quality_of(o.quality),
            )
            .sans_lever(o.sans_lever);
            table.record_won(winner, outcome).map(|_| ())
        };
        match result {
            Err(_) => assert_eq!(table, before, "a refused marqué changed the table"),
            Ok(()) => {
                let entry = table.entries().last().expect("an entry");
                if let TableResult::Won {
                    winner,
                    settlement,
                    quality,
                    sans_lever,
                    vacant,
                    ..
                } = entry.result
                {
                    let (t, l) = if winner == pairing.primaute {
                        (entry.trous[0], entry.trous[1])
                    } else {
                        (entry.trous[1], entry.trous[0])
                    };
                    assert_settlement(
                        &rules,
                        &settlement,
                        t,
                        l,
                        quality,
                        sans_lever,
                        entry.refaits,
                    );
                    // Each vacant player is paid a consolation equal to the winner's.
                    assert_eq!(vacant, pairing.vacant);
                    assert_eq!(
                        entry.vacant_consolations(),
                        pairing
                            .vacant
                            .iter()
                            .map(|v| (v, settlement.consolation))
                            .collect::<Vec<_>>()
                    );
                    assert_eq!(form.is_tourner(), !pairing.vacant.is_empty());
                }
            }
        }
    }
    if table.is_over() {
        let balances = table
            .balances()
            .expect("the décompte of a partie played out");
        assert_eq!(
            balances.iter().map(|(_, b)| b).sum::<i128>(),
            0,
            "{balances:?}"
        );
    } else {
        assert!(table.balances().is_err());
    }
}
