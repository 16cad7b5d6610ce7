//! `boardgames view` and the `--svg FILE` pictures, run as a process: the page holds every
//! step as well-formed SVG, needs no network, and a broken record gives no page.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use boardgames_common::{Agent, ByPlayer, Record, Seed, play_game};
use roxmltree::Document;
use sugoroku_core::{Ruleset, SugorokuGame};
use trictrac_core::ai::Bot;
use trictrac_core::scoring::DefaultScorer;
use trictrac_core::{GameOptions, TrictracGame};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh temporary folder for one test.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "boardgames-view-test-{}-{test}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// The first 60 actions of a partie between two bots (no Result: it is unfinished).
fn trictrac_record() -> Record {
    let (mut white, mut black) = (Bot::default(), Bot::default());
    let agents: ByPlayer<&mut dyn Agent<TrictracGame<DefaultScorer>>> =
        ByPlayer::new(&mut white, &mut black);
    let played = play_game(
        TrictracGame::new(GameOptions::default()),
        Seed(3),
        agents,
        100_000,
    )
    .unwrap();
    let mut record = Record::new("Trictrac");
    for (k, v) in played.record.tags() {
        if k != "Game" && k != "Result" {
            record.set_tag(k, v).unwrap();
        }
    }
    for e in played.record.entries().iter().take(60) {
        match &e.comment {
            Some(c) => record.push_commented(e.action.clone(), c.clone()).unwrap(),
            None => record.push_action(e.action.clone()).unwrap(),
        }
    }
    record
}

/// The opening of the sample Fidchell game (seed 1), with its captures.
const TAFL: &str = "[Game \"Tafl\"]\n[Rules \"fidchell\"]\n\n1. d7-d6\n2. c5-c6xc7\n3. d6-e6\n\
                    4. d5-b5xa5\n5. e1-e2\n6. e5-f5xg5\n";

/// The data of a page: its JSON, and the SVG of every step rebuilt from the shared lines.
fn page_steps(html: &str) -> (serde_json::Value, Vec<String>) {
    let start = html.find("id=\"data\">").expect("the data script") + "id=\"data\">".len();
    let end = start + html[start..].find("</script>").expect("its end");
    let data: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
    let lines: Vec<&str> = data["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    let svgs = data["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            s["s"]
                .as_array()
                .unwrap()
                .iter()
                .map(|i| lines[i.as_u64().unwrap() as usize])
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect();
    (data, svgs)
}

fn count_class(svg: &str, class: &str) -> usize {
    let doc = Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}"));
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

/// The page refers to nothing outside itself: no script, style, image or font to load.
fn assert_self_contained(html: &str) {
    for needle in ["src=", "href=", "@import", "url(http", "<link"] {
        assert!(!html.contains(needle), "the page holds {needle:?}");
    }
    let outside = html.matches("http").count();
    let namespaces = html.matches("http://www.w3.org/2000/svg").count();
    assert_eq!(outside, namespaces, "only the SVG namespace is named");
}

#[test]
fn view_writes_every_step_of_each_game() {
    let dir = temp_dir("each");
    let sugoroku = SugorokuGame::play_seeded(Ruleset::default(), Seed(4)).record;
    let records = [
        ("trictrac", trictrac_record().to_string(), "Trictrac"),
        ("tafl", TAFL.to_string(), "Tafl"),
        ("sugoroku", sugoroku.to_string(), "Sugoroku"),
    ];
    for (name, text, game) in records {
        let record: Record = text.parse().unwrap();
        let input = write(&dir, &format!("{name}.txt"), &text);
        let output = dir.join(format!("{name}.html"));
        let o = run(&[
            "view",
            input.to_str().unwrap(),
            "-o",
            output.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{name}: {}", stderr(&o));
        let html = std::fs::read_to_string(&output).unwrap();
        assert!(html.starts_with("<!DOCTYPE html>"));
        assert_self_contained(&html);
        let (data, svgs) = page_steps(&html);
        assert_eq!(data["game"], game);
        assert_eq!(
            svgs.len(),
            record.entries().len() + 1,
            "{name}: start + one per action"
        );
        for (i, svg) in svgs.iter().enumerate() {
            assert!(Document::parse(svg).is_ok(), "{name} step {i} is not XML");
        }
        let steps = data["steps"].as_array().unwrap();
        assert!(steps[0]["a"].is_null());
        for (i, e) in record.entries().iter().enumerate() {
            assert_eq!(steps[i + 1]["a"], e.action.as_str());
        }
        match name {
            "trictrac" => {
                // Every step has 15 dames of each colour, on the board or off.
                for svg in &svgs {
                    assert_eq!(count_class(svg, "dame white"), 15);
                    assert_eq!(count_class(svg, "dame black"), 15);
                }
                // A throw step lists the throw, its events and the marks, and shows the dice.
                let i = steps
                    .iter()
                    .position(|s| s["d"][0].as_str().is_some_and(|d| d.starts_with("throw ")))
                    .unwrap();
                let details: Vec<&str> = steps[i]["d"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|d| d.as_str().unwrap())
                    .collect();
                assert!(details.last().unwrap().starts_with("marks "), "{details:?}");
                assert_eq!(count_class(&svgs[i], "die"), 2);
                // The play about to be made is drawn as arrows.
                assert!(count_class(&svgs[i], "arrow") >= 1);
            }
            "tafl" => {
                assert_eq!(count_class(&svgs[0], "piece attacker"), 12);
                assert_eq!(count_class(&svgs[2], "piece attacker"), 11);
                assert_eq!(count_class(&svgs[2], "captured"), 1);
                assert_eq!(count_class(&svgs[2], "last-move"), 1);
                assert_eq!(steps[2]["d"][0], "captures c7");
            }
            _ => {
                assert_eq!(count_class(&svgs[0], "reserve white"), 15);
                assert_eq!(count_class(&svgs[1], "reserve white"), 14);
                assert_eq!(count_class(&svgs[1], "die"), 2);
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_record_that_does_not_replay_gives_no_page() {
    let dir = temp_dir("broken");
    let output = dir.join("broken.html");
    // The third move is illegal: d7 is empty after d7-d6.
    let bad = write(
        &dir,
        "bad.txt",
        "[Game \"Tafl\"]\n[Rules \"fidchell\"]\n\n1. d7-d6\n2. c5-c6\n3. d7-d5\n",
    );
    let o = run(&[
        "view",
        bad.to_str().unwrap(),
        "-o",
        output.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let message = stderr(&o);
    assert!(message.contains("illegal record"), "{message}");
    assert!(message.contains('3'), "the action is named: {message}");
    assert!(!output.exists(), "no broken page");
    // A trictrac comment that disagrees with the rules is a person's free text: the page
    // is made, with the engine's own account of the action.
    let mut record = trictrac_record();
    let first = record.entries()[0].action.clone();
    let mut lying = Record::new("Trictrac");
    for (k, v) in record.tags() {
        if k != "Game" {
            lying.set_tag(k, v).unwrap();
        }
    }
    lying
        .push_commented(first, "Black scores 12 points")
        .unwrap();
    record = lying;
    let commented = write(&dir, "lying.txt", &record.to_string());
    let o = run(&[
        "view",
        commented.to_str().unwrap(),
        "-o",
        output.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let page = std::fs::read_to_string(&output).unwrap();
    assert!(!page.contains("Black scores 12 points"));
    std::fs::remove_file(&output).unwrap();
    // Not a record, or an unknown game: malformed input, exit 2.
    let bad = write(&dir, "chess.txt", "[Game \"Chess\"]\n\n1. e4\n");
    let o = run(&[
        "view",
        bad.to_str().unwrap(),
        "-o",
        output.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("unknown game"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn svg_flags_draw_the_board_printed() {
    let dir = temp_dir("flags");
    let file = dir.join("analyze.svg");
    let o = run(&[
        "trictrac",
        "analyze",
        "--throw",
        "6-6",
        "--svg",
        file.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&file).unwrap();
    assert_eq!(count_class(&svg, "dame white"), 15);
    assert_eq!(count_class(&svg, "die"), 2);
    // 6-6 from the start has one play, drawn as two arrows B1-B7.
    assert_eq!(count_class(&svg, "arrow"), 2);

    let file = dir.join("moves.svg");
    let o = run(&[
        "tafl",
        "moves",
        "--rules",
        "brandubh",
        "--svg",
        file.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&file).unwrap();
    assert_eq!(count_class(&svg, "piece attacker"), 8);
    assert_eq!(count_class(&svg, "piece king"), 1);

    let record = write(&dir, "tafl.txt", TAFL);
    let file = dir.join("final.svg");
    let o = run(&[
        "replay",
        record.to_str().unwrap(),
        "--svg",
        file.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&file).unwrap();
    // Three captures in six moves: c7, a5 and g5.
    assert_eq!(count_class(&svg, "piece attacker"), 9);
    assert_eq!(count_class(&svg, "last-move"), 1);

    let file = dir.join("lengths.svg");
    let o = run(&[
        "simulate",
        "sugoroku",
        "--games",
        "300",
        "--quiet",
        "--svg",
        file.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let svg = std::fs::read_to_string(&file).unwrap();
    let doc = Document::parse(&svg).unwrap();
    let games: u64 = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("bar"))
        .map(|n| n.attribute("data-count").unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(games, 300, "the bars count every game");

    // An unwritable picture is an output error (exit 3), after the text was printed.
    let o = run(&[
        "tafl",
        "moves",
        "--svg",
        dir.join("no/such/dir.svg").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}
