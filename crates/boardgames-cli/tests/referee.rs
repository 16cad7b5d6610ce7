//! `boardgames trictrac referee` run as a process on transcripts (`--script`).

use std::path::PathBuf;

use crate::common;
use common::{run, run_with_input, stdout, temp_file};

fn transcript() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/referee_transcript.txt")
}

const HIT: &str = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.0/0.0";

#[test]
fn the_worked_transcript_reports_the_ecole_and_the_fausse_case() {
    let path = transcript();
    let o = run(&[
        "trictrac",
        "referee",
        "--position",
        HIT,
        "--script",
        path.to_str().expect("path"),
    ]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains("école par omission by Black, 4 points [ÉCOLE : DÉFINITION]"),
        "{out}"
    );
    assert!(
        out.contains("fausse case by White [DAME MAL PLACÉE]"),
        "{out}"
    );
    assert!(out.contains("2) impose 6-5: B1-B7, B1-B6"), "{out}");
    // White marked the école; the dame was put at its true place.
    assert!(
        out.ends_with("end: Black to throw; marks 0.4*/0.0\n"),
        "{out}"
    );
    assert!(out.contains(" w12   .   .   .   .  w1  |  w1  w1"), "{out}");
}

#[test]
fn refused_gestures_are_shown_and_make_the_script_fail() {
    let script =
        "w throw 6-5\nw move B3 B9\nw ecole -2\nz done\nw move B1 B7\nw move B1 B6\nw done\n";
    let path = temp_file("bad.txt", script);
    let o = run(&[
        "trictrac",
        "referee",
        "--script",
        path.to_str().expect("path"),
    ]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("refused: White has no dame on B3"), "{out}");
    assert!(out.contains("refused: cannot read \"ecole -2\""), "{out}");
    assert!(out.contains("a line starts with the player"), "{out}");
    // The refused lines changed nothing: the coup went on and ended rightly.
    assert!(
        out.ends_with("end: Black to throw; marks 0.0/0.0\n"),
        "{out}"
    );
    assert!(String::from_utf8_lossy(&o.stderr).contains("3 gesture(s) of the script were refused"));
}

#[test]
fn bad_options_and_files() {
    let o = run(&["trictrac", "referee", "--trous", "0", "--script", "x"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&[
        "trictrac",
        "referee",
        "--position",
        "B1:w16 w 0/0 0.0/0.0",
        "--script",
        "x",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&[
        "trictrac",
        "referee",
        "--script",
        "/nonexistent/transcript.txt",
    ]);
    assert_eq!(o.status.code(), Some(3));
    // A script over 16 MiB is refused before any gesture (bounded memory), with its size.
    let huge = temp_file("huge-script.txt", &"show\n".repeat((16 << 20) / 5 + 1));
    let o = run(&["trictrac", "referee", "--script", huge.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", common::stderr(&o));
    assert!(
        common::stderr(&o).contains("more than 16777216 bytes"),
        "{}",
        common::stderr(&o)
    );
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
}

#[test]
fn standard_input_without_a_script() {
    let o = run_with_input(
        &["trictrac", "referee"],
        "w throw 4-4\nw move B1 B5\nw move B1 B5\nw done\nquit\n",
    );
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("-- Black to throw"), "{out}");
}

#[test]
fn the_coin_transcript_and_help() {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/referee_coin_transcript.txt");
    let o = run(&[
        "trictrac",
        "referee",
        "--position",
        "B1:w13,B7:w1,B8:w1,B3:b5,B4:b5,B5:b5 w 1/1 0.0/0.0",
        "--script",
        path.to_str().expect("path"),
    ]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    // `help` lists the gestures.
    assert!(
        out.contains("Claims:     ecole N   advise N   choose N"),
        "{out}"
    );
    assert!(out.contains("[DÉ INCLINÉ]"), "{out}");
    assert!(
        out.contains("fausse case by White [DAME SEULE PLACÉE SUR UN COIN]"),
        "{out}"
    );
    assert!(
        out.contains("1) the dame from B7 on B12 back, he replays its number freely 2) dames back, he plays the 1 with the dame B7-B8 and the other number freely"),
        "{out}"
    );
    assert!(
        out.contains("was to play the 1 with the dame B7-B8"),
        "{out}"
    );
    assert!(out.contains("end: Black to throw"), "{out}");
}

#[test]
fn a_gesture_out_of_turn_is_refused_in_plain_words() {
    let path = temp_file("turn.txt", "b done\n");
    let o = run(&[
        "trictrac",
        "referee",
        "--script",
        path.to_str().expect("path"),
    ]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("refused: `done` by Black is not possible now: it is not his coup"),
        "{out}"
    );
}

/// Found by the referee's fuzz invariants (docs/fuzzing.md): a win declared on an école
/// ends as the opponent chooses; the marks the laws' arithmetic gives are kept.
#[test]
fn a_win_declared_on_an_ecole_ends_as_the_opponent_chooses() {
    let referee = |lines: &str, trous: &str, position: &str| {
        let script = temp_file("declared-win.txt", lines);
        let mut args = vec!["trictrac", "referee", "--trous", trous];
        if !position.is_empty() {
            args.extend(["--position", position]);
        }
        args.extend(["--script", script.to_str().unwrap()]);
        stdout(&run(&args))
    };
    // Acquiesced: White wins with no trou marked.
    let text = referee("w win\nb choose 1\n", "12", "");
    assert!(text.contains("end: White has won; marks 0.0/0.0"), "{text}");
    // The école marked instead: 144 points d'école, en bredouille, 24 trous.
    let text = referee("w win\nb choose 2\n", "12", "");
    assert!(text.contains("mark 144 points d'école"), "{text}");
    assert!(
        text.contains("end: Black has won; marks 0.0/24.0"),
        "{text}"
    );
    // A trou marked falsely shows on the tablier while the opponent's choice is open, but
    // is not agreed: "le déplacement du fichet pour marquer des trous qu'on n'a pas gagnés
    // ne fait pas école, celui-ci pouvant être reculé" (QUAND L'ÉCOLE EST CONSOMMÉE); only
    // the opponent's acquiescence acquires it (S'EN ALLER SUR UNE ÉCOLE). (Until 2026-12 the
    // agreed marks showed it, 0.0/1.0, and a partie to 1 trou stood won.) It goes when he
    // obliges the offender to mark correctly.
    let start = "b throw 6-5\nb trous 1\nb s'en aller\n";
    let example = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.0/0.0";
    let text = referee(&format!("{start}show\n"), "1", example);
    assert!(text.contains("marks 0.0/0.0; Black plays 6-5"), "{text}");
    assert!(
        text.contains("on the tablier 0.0/1.0 (not yet agreed)"),
        "{text}"
    );
    // Acquiesced (White breaks his game): the trou is Black's, and the partie.
    let text = referee(&format!("{start}w break\n"), "1", example);
    assert!(text.contains("end: Black has won; marks 0.0/1.0"), "{text}");
    let text = referee(&format!("{start}w choose 3\n"), "1", example);
    assert!(
        text.contains("end: Black plays 6-5; marks 0.0/0.4*"),
        "{text}"
    );
}

/// Runs `boardgames trictrac referee` on `lines` with `args` before `--script`: its stdout,
/// and whether it succeeded.
fn referee_run(args: &[&str], lines: &str) -> (String, bool) {
    let script = temp_file("read-again.txt", lines);
    let mut all = vec!["trictrac", "referee"];
    all.extend_from_slice(args);
    all.extend(["--script", script.to_str().unwrap()]);
    let o = run(&all);
    (stdout(&o), o.status.success())
}

/// The issue "the referee read again against the glossary", through the command line: each
/// fault judged by the entry the glossary gives it.
#[test]
fn the_glossary_read_again_through_the_command_line() {
    // QUAND et COMMENT MARQUER L'ÉCOLE: "Les points d'école se marquent après les autres":
    // Black marks the 2 points White's coup gave him, then 2 points d'école; both stand.
    let (out, ok) = referee_run(
        &[],
        "w throw 6-5\nw mark 2\nw move B1 B7\nw done\nb choose 1\nb mark 2\nb ecole 2\nb throw 2-1\n",
    );
    assert!(ok, "{out}");
    assert!(out.contains("-- Black plays 2-1; marks 0.0/0.4*"), "{out}");
    // DÉ ROMPU "que lorsque l'adversaire a commis une faute": for a fault, rectified; without
    // one, the thrower keeps his throw (or throws again).
    let (out, ok) = referee_run(
        &[],
        "w throw 4-4\nw move B1 B5\nw move B1 B5\nw done\nb mark 2\nb throw 2-1 rompu-fault\nb throw 2-1 rompu\nb choose 1\n",
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("rectified without école; Black throws again"),
        "{out}"
    );
    assert!(
        out.contains("White broke the dice without a fault of Black to rectify"),
        "{out}"
    );
    assert!(out.contains("-- Black plays 2-1; marks 0.0/0.0"), "{out}");
    // FAUSSE SORTIE: the touched dame by the sortant number inside; never N3-off, N4-N2.
    let (out, ok) = referee_run(
        &[
            "--position",
            "N5:w1,N4:w1,N3:w1,N1:w12,B6:b15 w 20/20 0.0/0.0",
        ],
        "w throw 3-2\nw touch N4\nw move N3 off\nw move N5 N3\nw done\nb choose 2\n",
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("[FAUSSE SORTIE]") && out.contains("2) impose 3-2: N4-N1, N5-N3"),
        "{out}"
    );
    assert!(!out.contains("N3-off, N4-N2"), "{out}");
    // DAME JOUÉE TOUT D'UNE, a dame more: only that dame is put back, never left.
    let (out, ok) = referee_run(
        &[],
        "w throw 4-2\nw move B1 B7\nw move B1 B3\nw done\nb choose 1\n",
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("[DAME JOUÉE TOUT D'UNE]")
            && out.contains("chooses: 1) impose 4-2: B1-B5-B7\n"),
        "{out}"
    );
    assert!(!out.contains("leave it as played"), "{out}");
    // ÉCOLE DE POINTS, the trous en trop by trous: four trous for one simple, 24 points;
    // the trous stand on the tablier only.
    let lines = "b throw 6-5\nb trous 4\nb wipe-opponent\nb wipe\nb mark 2\nb move N1 N7\nb move N1 N6\nb done\nshow\n";
    let pos = "B1:w14,B8:w1,N1:b11,N11:b2,N12:b2 b 5/5 0.2/10.10";
    let (out, _) = referee_run(&["--position", pos, "--trous-en-trop", "trous"], lines);
    assert!(
        out.contains("école par excès by Black, 24 points [ÉCOLE DE POINTS]"),
        "{out}"
    );
    assert!(
        out.contains("on the tablier 0.0/14.2 (not yet agreed)"),
        "{out}"
    );
    let (out, _) = referee_run(&["--position", pos], lines);
    assert!(
        out.contains("école par excès by Black, 12 points [ÉCOLE DE POINTS]"),
        "{out}"
    );
    let o = run(&[
        "trictrac",
        "referee",
        "--trous-en-trop",
        "douze",
        "--script",
        "x",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(common::stderr(&o).contains("expected jeux or trous"));
}

#[test]
fn dames_en_trop_ou_en_moins_from_the_command_line() {
    // "on peut rectifier l'erreur si on n'en est encore qu'au début et que le talon litigieux
    // fasse encore case pleine": White found with 14 dames at the start.
    let (out, ok) = referee_run(&["--position", "B1:w14,N1:b15 w 0/0 0.0/0.0"], "show\n");
    assert!(ok, "{out}");
    assert!(
        out.contains("! dames en trop ou en moins by White [DAMES EN TROP ou EN MOINS]: White had 14 dames: 1 put back at his talon B1"),
        "{out}"
    );
    assert!(out.contains(" w15 "), "{out}");
    // "Sinon le relevé, le marqué ou la partie est annulé": past the start.
    let o = run(&[
        "trictrac",
        "referee",
        "--position",
        "B1:w12,B6:w1,B8:w1,N1:b15 w 5/5 0.0/0.0",
        "--script",
        "x",
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = common::stderr(&o);
    assert!(err.contains("White has 14 dames, not 15"), "{err}");
    assert!(
        err.contains("past its start (5 throws since the relevé"),
        "{err}"
    );
    assert!(err.contains("the relevé is void"), "{err}");
    // In the jan de retour, missing dames are borne off (SORTIE): no report.
    let (out, ok) = referee_run(
        &["--position", "N1:w4,N2:w3,B6:b15 w 20/20 0.0/0.0"],
        "show\n",
    );
    assert!(ok, "{out}");
    assert!(!out.contains("DAMES EN TROP"), "{out}");
    assert!(out.contains("off: White 8, Black 0"), "{out}");
}

/// The fuzzers' transcript and the three fausse cases of the glossary, read through the
/// command line.
#[test]
fn a_fausse_ecole_no_coup_could_make_and_the_fausse_cases_read_again() {
    // "w throw 6-5 / b école 92 / show": nothing White did can make an école, so the claim
    // is refused (Black is never shown with 14 trous of 12 and the partie going on).
    let (out, ok) = referee_run(&[], "w throw 6-5\nb école 92\nshow\n");
    assert!(!ok, "{out}");
    assert!(
        out.contains("refused: 92 points d'école: nothing White did since Black's last throw can make an école of more than 0 points"),
        "{out}"
    );
    assert!(
        out.ends_with("end: White plays 6-5; marks 0.0/0.0\n"),
        "{out}"
    );
    // Three dames for 6-5: the third goes back; the misplaced second goes to its true place.
    let (out, ok) = referee_run(
        &[],
        "w throw 6-5\nw move B1 B7\nw move B1 B7\nw move B1 B6\nw done\nb choose 1\n",
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("fausse case by White [DAME JOUÉE EN TROP]: White played B1-B7, B1-B7, then a dame more (B1-B6)"),
        "{out}"
    );
    assert!(
        out.contains("Black chooses: 1) impose 6-5: B1-B7, B1-B6\n"),
        "{out}"
    );
    // The dame touched must be played; the report says why B5 is no place.
    let lone = "B1:w13,B7:w1,B8:w1,B3:b5,B4:b5,B5:b5 w 1/1 0.0/0.0";
    let (out, ok) = referee_run(
        &["--position", lone],
        "w throw 5-4\nw touch B8\nw move B1 B6\nw move B1 B5\nw done\nb choose 1\n",
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("[DAME SEULE PLACÉE SUR UN COIN]: White touched the dame on B8"),
        "{out}"
    );
    assert!(
        out.contains("he put the dame from B1 on B5, which Black holds: the 4 brings it there"),
        "{out}"
    );
    // B8 touched after a legal play: only the play keeping B1-B6 is imposed.
    let (out, ok) = referee_run(
        &["--position", lone],
        "w throw 6-5\nw touch B8\nw move B1 B7\nw move B1 B6\nw done\nb choose 2\n",
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("Black chooses: 1) leave it as played 2) impose 6-5: B8-N11, B1-B6\n"),
        "{out}"
    );
}
