//! `boardgames trictrac referee` run as a process on transcripts (`--script`).

use std::path::PathBuf;

mod common;
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
