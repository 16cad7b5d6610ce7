//! `boardgames play trictrac --form ecrire` and the replay of a partie à écrire, run as a
//! process: the options, their bad values, and the record.

use boardgames_common::{Agent, ByPlayer, Seed, play_game};
use trictrac_core::ai::Bot;
use trictrac_core::ecrire::settlement::EcrireRules;
use trictrac_core::{EcrireGame, EcrireOptions};

use crate::common;
use common::{run_with_input, stderr, stdout};

#[test]
fn play_a_partie_a_ecrire_to_the_decompte() {
    // Always the first choice (tenir when asked): the bot ends the marqué.
    let input = "1\n".repeat(20_000);
    let o = run_with_input(
        &[
            "play",
            "trictrac",
            "--form",
            "ecrire",
            "--marques",
            "1",
            "--convention",
            "annexe",
            "--progression",
            "geometric",
            "--seed",
            "4",
        ],
        &input,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("Partie à écrire in 1 marqués, convention annexe-geometric"),
        "{out}"
    );
    assert!(out.contains("wins marqué 1"), "{out}");
    assert!(out.contains("Décompte général"), "{out}");
    assert!(out.contains("wins") && out.contains("fiches"), "{out}");
}

#[test]
fn play_ecrire_quits_and_refuses_bad_options() {
    let o = run_with_input(
        &["play", "trictrac", "--form", "ecrire"],
        "help\nsheet\nquit\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("trou d'obligation"));
    assert!(stdout(&o).contains("Partie abandoned."));
    let bad = |args: &[&str], message: &str| {
        let o = run_with_input(args, "quit\n");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(message), "{}", stderr(&o));
    };
    let ecrire = ["play", "trictrac", "--form", "ecrire"];
    bad(
        &[&ecrire[..], &["--marques", "0"]].concat(),
        "at least 1 marqué",
    );
    bad(
        &[&ecrire[..], &["--convention", "annex"]].concat(),
        "unknown convention \"annex\"",
    );
    bad(
        &[&ecrire[..], &["--progression", "geometric"]].concat(),
        "only the annexe convention",
    );
    bad(
        &[
            &ecrire[..],
            &["--convention", "annexe", "--progression", "spiral"],
        ]
        .concat(),
        "unknown progression",
    );
    bad(
        &["play", "trictrac", "--marques", "8"],
        "need --form ecrire",
    );
    bad(&["play", "trictrac", "--form", "tournoi"], "tournoi");
    // The options of the settlement: each named when refused.
    bad(
        &["play", "trictrac", "--fiche", "5"],
        "--fiche is an option of the settlement of a partie à écrire: it needs --form ecrire",
    );
    bad(
        &[&ecrire[..], &["--jetons-de-marque", "3"]].concat(),
        "1 or 2 jetons de marqué, not 3",
    );
    bad(&[&ecrire[..], &["--fiche", "0"]].concat(), "--fiche");
    bad(
        &[&ecrire[..], &["--remainder", "all"]].concat(),
        "--remainder",
    );
    bad(
        &[&ecrire[..], &["--queue-des-jetons", "maybe"]].concat(),
        "\"maybe\": expected counted or ignored (QUEUE DES JETONS)",
    );
    bad(
        &[&ecrire[..], &["--refaits", "quadruple"]].concat(),
        "expected plus-one",
    );
}

#[test]
fn every_option_of_the_settlement_from_the_command_line() {
    // "deux jetons de marqué (on peut convenir d'un seul jeton)"; "La fiche vaut
    // généralement 10 jetons et, selon la convention adoptée, 5 jetons restants comptent pour
    // une fiche ou ne comptent rien"; the queue générale, "l'enjeu éventuellement prévu au
    // bénéfice du vainqueur"; QUEUE DES JETONS: "on peut choisir de compter cette queue en
    // points ou de l'ignorer"; the consolation after refaits.
    let input = "1\n".repeat(20_000);
    let o = run_with_input(
        &[
            "play",
            "trictrac",
            "--form",
            "ecrire",
            "--marques",
            "1",
            "--seed",
            "4",
            "--jetons-de-marque",
            "1",
            "--fiche",
            "5",
            "--remainder",
            "nothing",
            "--queue-generale",
            "3",
            "--queue-des-jetons",
            "ignored",
            "--refaits",
            "by-refait",
        ],
        &input,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("2. queue des jetons: ignored, as agreed"),
        "{out}"
    );
    assert!(out.contains("fiches of 5"), "{out}");
    assert!(out.contains("6. queue générale: 3 fiches"), "{out}");
}

#[test]
fn replay_a_partie_a_ecrire_and_a_forged_ledger() {
    let (mut a, mut b) = (Bot::default(), Bot::default());
    let agents: ByPlayer<&mut dyn Agent<EcrireGame>> = ByPlayer::new(&mut a, &mut b);
    let played = play_game(
        EcrireGame::new(EcrireOptions::new(EcrireRules::new(2).unwrap())),
        Seed(6),
        agents,
        1_000_000,
    )
    .unwrap();
    let dir = std::env::temp_dir().join(format!("boardgames-cli-ecrire-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("ecrire.txt");
    std::fs::write(&path, played.record.to_string()).unwrap();
    let o = run_with_input(&["replay", path.to_str().unwrap(), "--json"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["game"], "Trictrac à écrire");
    assert_eq!(v["final_state"], played.state.ledger_text());
    let ledger = played.record.tag("Ledger").unwrap();
    let forged = played
        .record
        .to_string()
        .replace(&format!("[Ledger \"{ledger}\"]"), "[Ledger \"A 1, B 1\"]");
    std::fs::write(&path, forged).unwrap();
    let o = run_with_input(&["replay", path.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("the Ledger tag says A 1, B 1"),
        "{}",
        stderr(&o)
    );
    // A Marques tag of 14 digits names its value and the range, not the integer
    // conversion's "out of range integral type conversion attempted".
    let forged = played
        .record
        .to_string()
        .replace("[Marques \"2\"]", "[Marques \"12345678901234\"]");
    std::fs::write(&path, forged).unwrap();
    let o = run_with_input(&["replay", path.to_str().unwrap()], "");
    assert_ne!(o.status.code(), Some(0));
    let err = stderr(&o);
    assert!(
        err.contains("Marques tag: \"12345678901234\" is refused: expected a whole number from 0 to 4294967295"),
        "{err}"
    );
    assert!(!err.contains("integral type"), "{err}");
}
