//! `boardgames play trictrac` (both forms) and `play tafl` through piped standard input: side choice,
//! typed plays without their throw, `undo`, `hint`, `save`, `moves`, `position`, and bad
//! input that never ends the game.

use std::process::{Command, Stdio};

use boardgames_common::Record;

use crate::common;
use common::{run, run_with_input, stderr, stdout, temp_path};

// Seed 1: White has the primauté and throws 3-1 (plays 1. B1-B4, B1-B2 and 2. B1-B4-B5);
// Black answers 5-3 with N1-N6, N1-N4; White then throws 3-2.

#[test]
fn a_play_typed_without_its_throw_and_a_tout_d_une_by_its_ends() {
    let o = run_with_input(&["play", "trictrac", "--seed", "1"], "b1-b2, B1-B4\nquit\n");
    assert!(o.status.success());
    let t = stdout(&o);
    assert!(t.contains("White plays 3-1: B1-B4, B1-B2"), "{t}");
    let o = run_with_input(&["play", "trictrac", "--seed", "1"], "B1-B5\nquit\n");
    assert!(
        stdout(&o).contains("White plays 3-1: B1-B4-B5"),
        "{}",
        stdout(&o)
    );
    let o = run_with_input(
        &["play", "trictrac", "--seed", "1"],
        "3-1: B1-B4-B5\nquit\n",
    );
    assert!(
        stdout(&o).contains("White plays 3-1: B1-B4-B5"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn bad_input_never_ends_the_partie() {
    let o = run_with_input(
        &["play", "trictrac", "--seed", "1"],
        "zzz\n999\n0\nB1-B7 B1-B6\nsave\n\u{fffd}\nhelp\n1\nquit\n",
    );
    assert!(o.status.success());
    let t = stdout(&o);
    assert!(t.contains("Not understood"), "{t}");
    assert!(t.contains("Choose a number from 1 to 2."), "{t}");
    assert!(
        t.contains("B1-B7 B1-B6 is not a legal play of this throw"),
        "{t}"
    );
    assert!(t.contains("save needs a file name"), "{t}");
    // Still playing after all that: the first play is taken, then the bot replies.
    assert!(t.contains("White plays 3-1: B1-B4, B1-B2"), "{t}");
    assert!(t.contains("Black plays 5-3: N1-N6, N1-N4"), "{t}");
    assert!(t.contains("Partie abandoned."), "{t}");
}

#[test]
fn undo_takes_back_the_play_and_the_reply_and_the_dice_fall_again() {
    let o = run_with_input(
        &["play", "trictrac", "--seed", "1"],
        "undo\n1\nundo\n2\nquit\n",
    );
    assert!(o.status.success());
    let t = stdout(&o);
    assert!(t.contains("Nothing to undo."), "{t}");
    let took = t
        .find("Took back your last decision and the bot's reply.")
        .expect(&t);
    // After the undo the same 3-1 is offered again, and the other play is taken.
    let after = &t[took..];
    assert!(after.contains("  2. 3-1: B1-B4-B5"), "{after}");
    assert!(after.contains("White plays 3-1: B1-B4-B5"), "{after}");
    // The bot's 5-3 falls again after the undo.
    assert!(after.contains("Black throws 5-3"), "{after}");
}

#[test]
fn hint_gives_the_bots_choice_and_each_candidate() {
    let o = run_with_input(&["play", "trictrac", "--seed", "1"], "hint\nquit\n");
    let t = stdout(&o);
    assert!(
        t.contains("The bot would choose 1. 3-1: B1-B4, B1-B2"),
        "{t}"
    );
    assert!(t.contains("the 2 best of 2 candidates"), "{t}");
    assert!(t.contains("marks 0 more points, value"), "{t}");
    // The first candidate listed is the bot's choice.
    assert!(
        t.contains("expected reply):\n    1. 3-1: B1-B4, B1-B2"),
        "{t}"
    );
}

#[test]
fn hint_lists_first_the_play_the_bot_chooses() {
    // Black's first throw at seed 1 (5-3): the bot's static order and its choice after the
    // opponent's expected reply differ there; the hint must rank as the bot chooses.
    let o = run_with_input(
        &["play", "trictrac", "--seed", "1", "--side", "black"],
        "hint\nquit\n",
    );
    let t = stdout(&o);
    let chosen = t
        .split("The bot would choose ")
        .nth(1)
        .and_then(|r| r.split('.').next())
        .expect(&t)
        .to_string();
    let first_row = t
        .split("expected reply):\n")
        .nth(1)
        .and_then(|r| r.trim_start().split('.').next())
        .expect(&t)
        .to_string();
    assert_eq!(chosen, first_row, "{t}");
}

#[test]
fn moves_position_and_save_a_record_that_replays() {
    let file = temp_path("trictrac.txt");
    let input = format!("moves\nposition\n1\nsave {}\nquit\n", file.display());
    let o = run_with_input(&["play", "trictrac", "--seed", "1"], &input);
    assert!(o.status.success());
    let t = stdout(&o);
    assert_eq!(t.matches("  2. 3-1: B1-B4-B5").count(), 2, "{t}");
    assert!(t.contains("B1:w15,N1:b15 w"), "{t}");
    assert!(t.contains("Saved the partie so far to"), "{t}");
    let saved = std::fs::read_to_string(&file).expect("the saved record");
    let record: Record = saved.parse().expect("a record");
    assert_eq!(record.tag("Seed"), Some("1"));
    let actions: Vec<&str> = record.actions().collect();
    assert!(actions.contains(&"3-1: B1-B4, B1-B2"), "{saved}");
    assert!(actions.contains(&"5-3: N1-N6, N1-N4"), "{saved}");
    let replay = run(&["replay", file.to_str().expect("utf-8")]);
    assert!(replay.status.success(), "{}", stderr(&replay));
    let _ = std::fs::remove_file(&file);
}

#[test]
fn the_human_may_play_black() {
    let o = run_with_input(
        &[
            "play",
            "trictrac",
            "--seed",
            "1",
            "--side",
            "black",
            "--trous",
            "2",
            "--pavillon",
        ],
        "hint\n1\nquit\n",
    );
    assert!(o.status.success());
    let t = stdout(&o);
    assert!(
        t.contains("to 2 trous with the pavillon: you are Black, the bot is White"),
        "{t}"
    );
    // White (the bot) plays its 3-1 first; then Black is asked.
    let white = t.find("White plays 3-1").expect(&t);
    let black = t.find("Black> ").expect(&t);
    assert!(white < black, "{t}");
    assert!(t.contains("Black plays 5-3"), "{t}");
    let o = run_with_input(&["play", "trictrac", "--side", "blue"], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn play_tafl_position_and_save() {
    let file = temp_path("tafl.txt");
    let input = format!("position\nd1-d2\nsave {}\nsave\nquit\n", file.display());
    let o = run_with_input(
        &["play", "tafl", "--side", "attackers", "--level", "bard"],
        &input,
    );
    assert!(o.status.success());
    let t = stdout(&o);
    assert!(t.contains("against Bard (Barzh)"), "{t}");
    assert!(
        t.contains("/2ttt2/7/t1TTT1t/t1TKT1t/t1TTT1t/7/2ttt2/ a"),
        "{t}"
    );
    assert!(t.contains("save needs a file name"), "{t}");
    let record: Record = saved_record(&file);
    let actions: Vec<&str> = record.actions().collect();
    assert_eq!(actions.len(), 2);
    assert_eq!(actions[0], "d1-d2");
    // Unfinished: `*`, as `TaflGame::to_record` and every other game write it.
    assert_eq!(record.tag("Result"), Some("*"));
    assert_eq!(record.tag("Seed"), Some("1"));
    let replay = run(&["replay", file.to_str().expect("utf-8")]);
    assert!(replay.status.success());
    let _ = std::fs::remove_file(&file);
}

#[test]
fn play_tafl_hint_suggests_a_legal_move_and_changes_nothing() {
    use tafl_core::{MoveList, MoveText, Ruleset, TaflGame};
    let args = ["play", "tafl", "--side", "attackers", "--level", "bard"];
    let with_hint = stdout(&run_with_input(&args, "hint\nhint\nd1-d2\nquit\n"));
    let without = stdout(&run_with_input(&args, "d1-d2\nquit\n"));
    let hint = with_hint
        .split("Hint (Bard): ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no hint in {with_hint}"));
    let mv = hint.parse::<MoveText>().expect("a move").mv;
    let fidchell = Ruleset::fidchell();
    let start = *TaflGame::new(fidchell.clone()).position();
    let mut legal = MoveList::new();
    start.legal_moves_into(fidchell.rules(), &mut legal);
    assert!(legal.contains(&mv), "{hint} is not legal");
    assert_eq!(with_hint.matches("Hint (Bard): ").count(), 2, "{with_hint}");
    // The computer's reply is the same with or without hints.
    let reply = |t: &str| {
        t.lines()
            .find(|l| l.starts_with("Bard plays"))
            .map(str::to_string)
    };
    assert!(reply(&without).is_some(), "{without}");
    assert_eq!(reply(&with_hint), reply(&without));
}

#[test]
fn play_tafl_undo_names_the_computers_reply() {
    let o = run_with_input(
        &["play", "tafl", "--side", "attackers", "--level", "bard"],
        "d1-d2\nundo\nquit\n",
    );
    let t = stdout(&o);
    assert!(
        t.contains("Took back your last move and the computer's reply."),
        "{t}"
    );
}

#[test]
fn colour_only_when_asked_or_on_a_terminal_and_never_with_no_color() {
    let input = "quit\n";
    let tafl = ["play", "tafl", "--side", "attackers", "--level", "bard"];
    // A pipe: plain ASCII.
    let plain = stdout(&run_with_input(&tafl, input));
    assert!(
        !plain.contains('\u{1b}') && plain.contains(" 4 t . T K T . t"),
        "{plain}"
    );
    let mut always = tafl.to_vec();
    always.extend(["--color", "always"]);
    let pretty = stdout(&run_with_input(&always, input));
    assert!(
        pretty.contains('\u{1b}') && pretty.contains('♔'),
        "{pretty}"
    );
    // NO_COLOR wins over auto (here also a pipe) and over a terminal.
    let o = Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(tafl)
        .args(["--color", "auto"])
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert!(!stdout(&o).contains('\u{1b}'));
    let trictrac = stdout(&run_with_input(
        &["play", "trictrac", "--color", "always", "--seed", "1"],
        "quit\n",
    ));
    assert!(
        trictrac.contains("○15") || trictrac.contains('○'),
        "{trictrac}"
    );
    let o = run_with_input(&["play", "tafl", "--color", "sometimes"], "");
    assert_eq!(o.status.code(), Some(2));
}

// The partie à écrire with seed 1 starts as the partie ordinaire: A (White) has the primauté
// and throws 3-1; B (Black) answers 5-3 with N1-N6, N1-N4.

const ECRIRE: [&str; 6] = ["play", "trictrac", "--form", "ecrire", "--seed", "1"];

#[test]
fn ecrire_hint_moves_position_sheet_a_typed_play_and_bad_input() {
    let o = run_with_input(
        &ECRIRE,
        "zzz\n999\nB1-B7 B1-B6\nsave\nhint\nmoves\nposition\nsheet\nhelp\nb1-b2, B1-B4\nquit\n",
    );
    assert!(o.status.success());
    let t = stdout(&o);
    assert!(t.contains("Not understood"), "{t}");
    assert!(t.contains("Choose a number from 1 to 2."), "{t}");
    assert!(
        t.contains("B1-B7 B1-B6 is not a legal play of this throw"),
        "{t}"
    );
    assert!(t.contains("save needs a file name"), "{t}");
    assert!(
        t.contains("The bot would choose 1. 3-1: B1-B4, B1-B2"),
        "{t}"
    );
    assert!(t.contains("the 2 best of 2 candidates"), "{t}");
    assert_eq!(t.matches("  2. 3-1: B1-B4-B5\n").count(), 2, "{t}");
    assert!(t.contains("B1:w15,N1:b15 w"), "{t}");
    assert!(t.contains("marqué  trous  won"), "{t}");
    assert!(
        t.contains("trou d'obligation") && t.contains("save FILE"),
        "{t}"
    );
    assert!(
        t.contains("Marks: A (White) 0 trous 0 points, B (Black) 0 trous 0 points"),
        "{t}"
    );
    // Still playing after all that: the play typed without its throw, then the bot's reply.
    assert!(t.contains("3-1: B1-B4, B1-B2: marks"), "{t}");
    assert!(t.contains("5-3: N1-N6, N1-N4: marks"), "{t}");
    assert!(t.contains("Partie abandoned."), "{t}");
}

#[test]
fn ecrire_undo_then_save_a_record_that_replays() {
    let file = temp_path("ecrire.txt");
    let input = format!("undo\n2\nundo\n1\nsave {}\nquit\n", file.display());
    let o = run_with_input(&ECRIRE, &input);
    assert!(o.status.success());
    let t = stdout(&o);
    assert!(t.contains("Nothing to undo."), "{t}");
    let before = t.find("3-1: B1-B4-B5: marks").expect(&t);
    let took = t
        .find("Took back your last decision and the bot's reply.")
        .expect(&t);
    assert!(before < took, "{t}");
    // The same 3-1 again, the other play, and the bot's 5-3 falls again.
    let after = &t[took..];
    assert!(after.contains("3-1: B1-B4, B1-B2: marks"), "{after}");
    assert!(after.contains("Black throws cinq et trois"), "{after}");
    assert!(t.contains("Saved the partie so far to"), "{t}");
    let saved = std::fs::read_to_string(&file).expect("the saved record");
    let record: Record = saved.parse().expect("a record");
    assert_eq!(record.tag("Game"), Some("Trictrac à écrire"));
    assert_eq!(record.tag("Seed"), Some("1"));
    assert_eq!(record.tag("Marques"), Some("8"));
    let actions: Vec<&str> = record.actions().collect();
    assert!(actions.contains(&"3-1: B1-B4, B1-B2"), "{saved}");
    assert!(!actions.contains(&"3-1: B1-B4-B5"), "{saved}");
    assert!(actions.contains(&"5-3: N1-N6, N1-N4"), "{saved}");
    let replay = run(&["replay", "--strict", file.to_str().expect("utf-8")]);
    assert!(replay.status.success(), "{}", stderr(&replay));
    let replayed = String::from_utf8_lossy(&replay.stdout);
    assert!(
        replayed.contains("all legal") && replayed.contains("unfinished"),
        "{replayed}"
    );
    let _ = std::fs::remove_file(&file);
}

#[test]
fn ecrire_the_human_may_be_b_and_trous_pavillon_are_refused() {
    let mut args = ECRIRE.to_vec();
    args.extend(["--side", "black"]);
    let o = run_with_input(&args, "N1-N4 N1-N6\nquit\n");
    assert!(o.status.success());
    let t = stdout(&o);
    assert!(t.contains("you are B, the bot is A"), "{t}");
    assert!(t.contains("Marqué 1: you play Black."), "{t}");
    // A (the bot, White) plays its 3-1 first; then B is asked and plays without the throw.
    let white = t.find("3-1: B1-B4, B1-B2: marks").expect(&t);
    let black = t.find("B (Black)> ").expect(&t);
    assert!(white < black, "{t}");
    assert!(t.contains("5-3: N1-N6, N1-N4: marks"), "{t}");
    for (option, message) in [
        (&["--trous", "3"][..], "--trous"),
        (&["--pavillon"][..], "--pavillon"),
    ] {
        let mut args = ECRIRE.to_vec();
        args.extend(option);
        let o = run_with_input(&args, "quit\n");
        assert_eq!(o.status.code(), Some(2), "{option:?}");
        let e = stderr(&o);
        assert!(e.contains(message), "{e}");
    }
}

#[test]
fn ecrire_hint_at_tenir_or_s_en_aller_says_what_the_marque_says() {
    // Seed 7: after eight plays A (White) wins 2 trous bredouille and is asked.
    let input = format!("{}hint\nquit\n", "1\n".repeat(8));
    let o = run_with_input(
        &[
            "play",
            "trictrac",
            "--form",
            "ecrire",
            "--marques",
            "1",
            "--seed",
            "7",
        ],
        &input,
    );
    let t = stdout(&o);
    assert!(t.contains("  1. tenir\n  2. s'en aller\n"), "{t}");
    assert!(t.contains("The bot would choose 1. tenir"), "{t}");
    assert!(t.contains("your points de reste: 2"), "{t}");
    assert!(
        t.contains("the marqué goes on either way: the board decides"),
        "{t}"
    );
}

/// The record saved in `file`.
fn saved_record(file: &std::path::Path) -> Record {
    std::fs::read_to_string(file)
        .expect("the saved record")
        .parse()
        .expect("a record")
}

/// Replays `file` with `--strict` and says whether it passed (with its messages).
fn replays_strictly(file: &std::path::Path) -> (bool, String) {
    let o = run(&["replay", "--strict", file.to_str().expect("utf-8")]);
    (o.status.success(), stderr(&o))
}

#[test]
fn a_finished_partie_can_still_be_saved_or_undone() {
    // Seed 1, one trou: the partie is over within 400 decisions (always the first choice);
    // the lines left are answered with what can still be done.
    let file = temp_path("finished.txt");
    let input = format!("{}save {}\nundo\nquit\n", "1\n".repeat(400), file.display());
    let o = run_with_input(&["play", "trictrac", "--trous", "1", "--seed", "1"], &input);
    assert!(o.status.success());
    let t = stdout(&o);
    let end = t.find("wins the partie (").expect(&t);
    let after = &t[end..];
    assert!(
        after.contains("The partie is over: save FILE keeps its record, undo takes back"),
        "{after}"
    );
    assert!(after.contains("Saved the partie to"), "{after}");
    let record: Record = saved_record(&file);
    assert!(
        ["1-0", "0-1", "2-0", "0-2"].contains(&record.tag("Result").unwrap_or("none")),
        "{record}"
    );
    assert_eq!(replays_strictly(&file), (true, String::new()));
    // Undo after the end takes back the last decision and play resumes.
    let took = after
        .find("Took back your last decision and what followed it.")
        .expect(after);
    assert!(after[took..].contains("Partie abandoned."), "{after}");
    let _ = std::fs::remove_file(&file);
}

#[test]
fn a_finished_partie_a_ecrire_can_still_be_saved() {
    let file = temp_path("finished-ecrire.txt");
    let input = format!("{}save {}\nquit\n", "1\n".repeat(400), file.display());
    let o = run_with_input(
        &[
            "play",
            "trictrac",
            "--form",
            "ecrire",
            "--marques",
            "1",
            "--seed",
            "1",
        ],
        &input,
    );
    assert!(o.status.success());
    let t = stdout(&o);
    let end = t.find("Décompte général").expect(&t);
    assert!(t[end..].contains("Saved the partie to"), "{t}");
    let record: Record = saved_record(&file);
    assert_eq!(record.tag("Ledger"), Some("B 16"));
    assert_ne!(record.tag("Result"), Some("*"));
    assert_eq!(replays_strictly(&file), (true, String::new()));
    let _ = std::fs::remove_file(&file);
}

/// An undo that goes back across the end of a marqué prints the board once and names the
/// marqué it is back in.
#[test]
fn ecrire_undo_across_the_end_of_a_marque_prints_the_board_once() {
    let args = [
        "play",
        "trictrac",
        "--form",
        "ecrire",
        "--marques",
        "2",
        "--seed",
        "1",
    ];
    // How many questions A answers in marqué 1 (always the first choice).
    let first = stdout(&run_with_input(&args, &"1\n".repeat(400)));
    let k = first[..first.find("Marqué 2: you play Black.").expect(&first)]
        .matches("> ")
        .count();
    assert!(k > 3, "{first}");
    // The first question of marqué 2 is answered by undo.
    let o = run_with_input(&args, &format!("{}undo\nquit\n", "1\n".repeat(k)));
    let t = stdout(&o);
    let took = t
        .find("Took back your last decision and the bot's reply.")
        .expect(&t);
    assert!(t[..took].contains("Marqué 2: you play Black."), "{t}");
    let after = &t[took..t.rfind("A (White)> ").expect(&t)];
    assert_eq!(after.matches("  B1  B2  B3").count(), 1, "{after}");
    assert!(
        after.contains("Back in marqué 1: you play White."),
        "{after}"
    );
    assert!(!after.contains("Marqué 1: you play White."), "{after}");
    // The comments' marks are printed in words, not in the notation's `0.0/0.0`.
    assert!(
        t.contains("; marks White 0 trous 0 points, Black 0 trous 0 points\n"),
        "{t}"
    );
    assert!(!t.contains("marks 0.0/0.0"), "{t}");
}

#[test]
fn a_finished_tafl_game_can_still_be_saved_or_undone() {
    // The king on b7 next to the a7 corner: the Bard moves, the king escapes.
    let rules = "dim:7 name:Brandubh atkf:y tfr:w ks:c start:/3t3/7/7/7/7/7/1K5/";
    let file = temp_path("finished-tafl.txt");
    let input = format!("b7-a7\nsave {}\nundo\nquit\n", file.display());
    let o = run_with_input(
        &[
            "play",
            "tafl",
            "--side",
            "defenders",
            "--level",
            "bard",
            "--rules",
            rules,
        ],
        &input,
    );
    assert!(o.status.success());
    let t = stdout(&o);
    let end = t
        .find("Game over: defenders win (the king has escaped).")
        .expect(&t);
    let after = &t[end..];
    assert!(after.contains("Saved the game to"), "{after}");
    let took = after
        .find("Took back your last move and what followed it.")
        .expect(after);
    assert!(
        after[took..].contains("defenders to move> Game abandoned."),
        "{after}"
    );
    let record: Record = saved_record(&file);
    assert_eq!(record.tag("Result"), Some("0-1"));
    assert_eq!(record.actions().last(), Some("b7-a7"));
    let o = run(&["replay", file.to_str().expect("utf-8")]);
    assert!(o.status.success(), "{}", stderr(&o));
    let _ = std::fs::remove_file(&file);
}

/// `save FILE` then `load FILE` in a new session and `save` again: the same record, in
/// both games and both forms of trictrac, after an undo too.
#[test]
fn a_saved_game_loads_and_saves_the_same_record() {
    for (name, args, moves) in [
        (
            "tafl",
            vec!["play", "tafl", "--seed", "3"],
            "d1-d2\nundo\nd1-d2\n",
        ),
        (
            "ordinaire",
            vec!["play", "trictrac", "--seed", "3"],
            "1\nundo\n1\n1\n",
        ),
        (
            "ecrire",
            vec!["play", "trictrac", "--form", "ecrire", "--seed", "3"],
            "1\n1\nundo\n1\n",
        ),
    ] {
        let a = temp_path(&format!("saved-{name}-a.txt"));
        let b = temp_path(&format!("saved-{name}-b.txt"));
        let o = run_with_input(&args, &format!("{moves}save {}\nquit\n", a.display()));
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        let saved = std::fs::read_to_string(&a).expect("saved");
        let o = run_with_input(
            &args,
            &format!("load {}\nsave {}\nquit\n", a.display(), b.display()),
        );
        assert!(
            stdout(&o).contains(&format!("Loaded {}", a.display())),
            "{name}: {}",
            stdout(&o)
        );
        assert_eq!(
            std::fs::read_to_string(&b).expect("saved again"),
            saved,
            "{name}"
        );
    }
}
