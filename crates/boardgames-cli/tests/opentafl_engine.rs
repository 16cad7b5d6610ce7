//! `boardgames tafl engine` run as a process with piped standard input and output, playing
//! the part of OpenTafl (the OpenTafl Engine Protocol): handshake, whole games, analysis,
//! refused moves, the end of a session, and input OpenTafl or a broken host may send.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use tafl_core::{Move, MoveList, Ruleset, Setup, Side, TaflGame};

/// The longest wait for a line the engine must send (generous: the machine may be loaded).
const WAIT: Duration = Duration::from_secs(60);

/// A running engine: its input, and its output lines as they arrive.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardgames"))
            .args(["tafl", "engine"])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut raw = Vec::new();
                match reader.read_until(b'\n', &mut raw) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        // Every line is whole, ends with \n alone, and is ASCII.
                        assert!(raw.ends_with(b"\n"), "a line without \\n: {raw:?}");
                        assert!(!raw.contains(&b'\r'), "a \\r in {raw:?}");
                        assert!(raw.is_ascii(), "not ASCII: {raw:?}");
                        raw.pop();
                        if tx.send(String::from_utf8(raw).unwrap()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    fn send(&mut self, line: &str) {
        self.send_raw(format!("{line}\n").as_bytes());
    }

    fn expect_line(&self, within: Duration) -> String {
        match self.lines.recv_timeout(within) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => panic!("no answer within {within:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the engine closed its output"),
        }
    }

    fn line(&self) -> String {
        self.expect_line(WAIT)
    }

    /// Nothing is sent within `d`.
    fn silent_for(&self, d: Duration) {
        if let Ok(line) = self.lines.recv_timeout(d) {
            panic!("unexpected line {line:?}");
        }
    }

    /// Sends `goodbye` and checks that the engine exits with 0 and wrote nothing on its
    /// standard error.
    fn goodbye(mut self) {
        self.send("goodbye");
        drop(self.stdin.take());
        let out = self.child.wait_with_output().unwrap();
        assert!(out.status.success(), "{:?}", out.status);
        assert!(
            out.stderr.is_empty(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// The engine started with `args` and `--log` to `engine.log` in a fresh folder of the
/// temporary directory named after `name` and this process; the engine and the log's path.
fn logged_engine(name: &str, args: &[&str]) -> (Engine, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("engine.log");
    let mut all = args.to_vec();
    all.extend(["--log", log.to_str().unwrap()]);
    (Engine::start(&all), log)
}

/// Removes the folder of a log of [`logged_engine`].
fn remove_log(log: &std::path::Path) {
    if let Some(dir) = log.parent() {
        let _ = std::fs::remove_dir_all(dir);
    }
}

fn builtin_rules() -> Vec<(String, String)> {
    let text = include_str!("../../tafl-core/tests/data/opentafl-builtin-rules.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (name, rules) = l.split_once('\t').unwrap();
            (name.to_string(), rules.to_string())
        })
        .collect()
}

const BRANDUB: &str = "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: \
                       start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

/// The OpenTafl position record of the game's board (rank 1 first, no side to move).
fn board(game: &TaflGame) -> String {
    game.position().to_setup().board_string()
}

/// The move of a `move <m>` line, checked legal in `game`.
fn legal_move(game: &TaflGame, line: &str) -> Move {
    let text = line
        .strip_prefix("move ")
        .unwrap_or_else(|| panic!("expected a move, got {line:?}"));
    let m: Move = text.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
    assert!(
        game.position().is_legal(game.rules(), m),
        "illegal {m} in {}",
        game.position()
    );
    m
}

fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn hello_comes_first_and_quickly() {
    let e = Engine::start(&[]);
    // The engine writes hello before reading anything (OpenTafl waits five seconds).
    assert_eq!(e.expect_line(Duration::from_secs(2)), "hello");
    e.goodbye();
}

#[test]
fn a_whole_game_of_brandub_with_every_engine_move_legal() {
    let mut e = Engine::start(&["--nodes", "400", "--seed", "7"]);
    assert_eq!(e.line(), "hello");
    e.send(&format!("rules {BRANDUB}"));
    let mut game = TaflGame::new(BRANDUB.parse::<Ruleset>().unwrap());
    let mut state = 0x0DDC_0FFE_E123_4567u64;
    let mut engine_moves = 0;
    while !game.status().is_over() && game.plies() < 160 {
        if game.position().side_to_move() == Side::Attackers {
            e.send("clock -1 -1 0 0 0");
            e.send("play attackers");
            let m = legal_move(&game, &e.line());
            let _ = game.play_mut(m).unwrap();
            engine_moves += 1;
            e.send(&format!("move {}", board(&game)));
        } else {
            let mut moves = MoveList::new();
            game.position().legal_moves_into(game.rules(), &mut moves);
            let m = moves[(next(&mut state) % moves.len() as u64) as usize];
            let _ = game.play_mut(m).unwrap();
            e.send(&format!("opponent-move {m} {}", board(&game)));
        }
    }
    assert!(engine_moves > 3, "{engine_moves}");
    let code = match game.status().winner() {
        None => 1,
        Some(Side::Attackers) => 2,
        Some(Side::Defenders) => 3,
    };
    e.send(&format!("finish {code}"));
    e.silent_for(Duration::from_millis(100));
    e.goodbye();
}

#[test]
fn the_engine_plays_the_defenders_and_keeps_in_step_with_full_notation() {
    let mut e = Engine::start(&["--nodes", "300", "--full-moves"]);
    assert_eq!(e.line(), "hello");
    assert_eq!(e.line(), "simple-moves off");
    e.send(&format!("rules {BRANDUB}"));
    let mut game = TaflGame::new(BRANDUB.parse::<Ruleset>().unwrap());
    for _ in 0..6 {
        if game.status().is_over() {
            break;
        }
        let mut moves = MoveList::new();
        game.position().legal_moves_into(game.rules(), &mut moves);
        let m = moves[0];
        let full = game.move_text(m).to_string();
        let _ = game.play_mut(m).unwrap();
        e.send(&format!("opponent-move t{full} {}", board(&game)));
        if game.status().is_over() {
            break;
        }
        e.send("play defenders");
        let line = e.line();
        let text = line.strip_prefix("move ").unwrap();
        let written: tafl_core::MoveText = text.trim_start_matches('K').parse().unwrap();
        // The captures written are those the move makes.
        assert_eq!(
            game.move_text(written.mv).to_string(),
            text.trim_start_matches('K')
        );
        assert_eq!(
            text.starts_with('K'),
            game.position().king() == Some(written.mv.from)
        );
        let _ = game.play_mut(written.mv).unwrap();
        e.send(&format!("move {}", board(&game)));
    }
    e.goodbye();
}

#[test]
fn analyze_answers_principal_variations_with_evaluations() {
    let mut e = Engine::start(&["--nodes", "2000"]);
    assert_eq!(e.line(), "hello");
    e.send(&format!("rules {BRANDUB}"));
    let game = TaflGame::new(BRANDUB.parse::<Ruleset>().unwrap());
    e.send(&format!("position {}", board(&game)));
    e.send("side attackers");
    e.send("clock -1 -1 0 0 0");
    e.send("analyze 3 1");
    let line = e.line();
    let parts: Vec<&str> = line.split(' ').collect();
    assert_eq!(parts[0], "analysis");
    let n: usize = parts[1].parse().unwrap();
    assert!((1..=3).contains(&n), "{line}");
    // OpenTafl's reading: after the word, an odd number of fields, moves then evaluation.
    assert_eq!(parts.len(), 2 + 2 * n, "{line}");
    let mut firsts = Vec::new();
    for pair in parts[2..].chunks(2) {
        let _: f64 = pair[1].parse().unwrap();
        let mut g = game.clone();
        for text in pair[0].split('|') {
            let m = legal_move(&g, &format!("move {text}"));
            let _ = g.play_mut(m).unwrap();
        }
        firsts.push(pair[0].split('|').next().unwrap().to_string());
    }
    firsts.dedup();
    assert_eq!(firsts.len(), n, "distinct first moves: {line}");
    e.goodbye();
}

#[test]
fn a_refused_move_is_followed_by_another_legal_move() {
    let mut e = Engine::start(&["--nodes", "500", "--seed", "3"]);
    assert_eq!(e.line(), "hello");
    e.send(&format!("rules {BRANDUB}"));
    let mut game = TaflGame::new(BRANDUB.parse::<Ruleset>().unwrap());
    let opening: Move = "d6-c6".parse().unwrap();
    let _ = game.play_mut(opening).unwrap();
    let notice = format!("opponent-move {opening} {}", board(&game));
    e.send(&notice);
    e.send("play defenders");
    let first = legal_move(&game, &e.line());
    // OpenTafl refuses it (berserk wrong side), then repeats the last move and asks again.
    e.send("error 3");
    e.send(&notice);
    e.send("play defenders");
    let second = legal_move(&game, &e.line());
    assert_ne!(first, second);
    e.send("error 2");
    e.send(&notice);
    e.send("play defenders");
    let third = legal_move(&game, &e.line());
    assert!(third != first && third != second);
    e.goodbye();
}

#[test]
fn finish_then_goodbye_exits_cleanly() {
    let mut e = Engine::start(&[]);
    assert_eq!(e.line(), "hello");
    e.send(&format!("rules {BRANDUB}"));
    e.send("finish 0");
    e.goodbye();
    // The end of the input also ends the session with 0.
    let mut e = Engine::start(&[]);
    assert_eq!(e.line(), "hello");
    drop(e.stdin.take());
    let out = e.child.wait_with_output().unwrap();
    assert!(out.status.success());
}

#[test]
fn unsupported_rules_get_error_0_and_play_without_rules_a_critical_error() {
    let mut e = Engine::start(&[]);
    assert_eq!(e.line(), "hello");
    // 13×13 (Alea Evangelii sizes and beyond) is not supported.
    e.send("rules dim:13 start:/13/13/13/13/13/13/6K6/13/13/13/13/13/13/");
    let line = e.line();
    assert!(line.starts_with("error 0 "), "{line}");
    e.send("play attackers");
    assert!(e.line().starts_with("error -1 "));
    // A supported ruleset afterwards plays.
    e.send(&format!("rules {BRANDUB}"));
    e.send("play attackers");
    let game = TaflGame::new(BRANDUB.parse::<Ruleset>().unwrap());
    let _ = legal_move(&game, &e.line());
    e.goodbye();
}

#[test]
fn split_lines_crlf_blank_lines_unknown_commands_and_garbage_are_harmless() {
    let mut e = Engine::start(&["--nodes", "300"]);
    assert_eq!(e.line(), "hello");
    // A command arriving in two writes.
    let rules = format!("rules {BRANDUB}\r\n");
    let (a, b) = rules.as_bytes().split_at(20);
    e.send_raw(a);
    std::thread::sleep(Duration::from_millis(50));
    e.send_raw(b);
    e.send_raw(b"\n\n   \r\n");
    e.send("frobnicate 1 2 3");
    e.send("status");
    e.send("opponent-move");
    e.send("opponent-move zz-zz /junk/");
    // An opponent move that cannot be read, with no board to recover from: a non-critical
    // error, the position kept.
    let line = e.line();
    assert!(
        line.starts_with("error 0 cannot read the opponent's move \"zz-zz\""),
        "{line}"
    );
    e.send("move");
    e.send("clock a b c");
    e.send("analyze x y");
    e.send_raw(b"\xff\xfe not utf-8 \x80\n");
    let mut garbage = vec![b'x'; 1 << 20];
    garbage.push(b'\n');
    e.send_raw(&garbage);
    // None of it is answered.
    e.silent_for(Duration::from_millis(300));
    e.send("play attackers\r");
    let game = TaflGame::new(BRANDUB.parse::<Ruleset>().unwrap());
    let _ = legal_move(&game, &e.line());
    e.goodbye();
}

#[test]
fn the_same_seed_and_node_limit_give_the_same_moves() {
    let moves = |seed: &str| {
        let mut e = Engine::start(&["--nodes", "600", "--seed", seed, "--level", "bard"]);
        assert_eq!(e.line(), "hello");
        e.send(&format!("rules {BRANDUB}"));
        let mut game = TaflGame::new(BRANDUB.parse::<Ruleset>().unwrap());
        let mut played = Vec::new();
        for _ in 0..8 {
            if game.status().is_over() {
                break;
            }
            let side = game.position().side_to_move();
            e.send(&format!("play {side}"));
            let m = legal_move(&game, &e.line());
            let _ = game.play_mut(m).unwrap();
            e.send(&format!("move {}", board(&game)));
            played.push(m);
        }
        e.goodbye();
        played
    };
    assert_eq!(moves("11"), moves("11"));
}

#[test]
fn every_builtin_opentafl_ruleset_is_played_or_refused_with_error_0() {
    let mut e = Engine::start(&["--nodes", "200"]);
    assert_eq!(e.line(), "hello");
    let mut refused = Vec::new();
    for (name, rules) in builtin_rules() {
        e.send(&format!("rules {rules}"));
        match rules.parse::<Ruleset>() {
            Ok(ruleset) => {
                let game = TaflGame::new(ruleset);
                let side = game.position().side_to_move();
                e.send(&format!("play {side}"));
                let _ = legal_move(&game, &e.line());
            }
            Err(_) => {
                let line = e.line();
                assert!(line.starts_with("error 0 "), "{name}: {line}");
                refused.push(name);
            }
        }
    }
    // All ten, Berserk's commanders, knights and berserk moves included.
    assert!(refused.is_empty(), "{refused:?}");
    // Fields we do not know are ignored, not refused.
    e.send(&format!("rules {BRANDUB} future:x"));
    e.send("play attackers");
    let game = TaflGame::new(BRANDUB.parse::<Ruleset>().unwrap());
    let _ = legal_move(&game, &e.line());
    e.goodbye();
}

#[test]
fn a_host_board_that_differs_is_taken_as_the_position() {
    let mut e = Engine::start(&["--nodes", "300"]);
    assert_eq!(e.line(), "hello");
    e.send(&format!("rules {BRANDUB}"));
    // An opponent move we do not know of (the host's board decides).
    let board = "/3t3/3t3/3T3/ttTKTt1/3T3/3t3/3t1t1/";
    e.send(&format!("opponent-move f4-g7 {board}"));
    e.send("play defenders");
    let mut setup = Setup::from_board_string(board).unwrap();
    setup.side_to_move = Side::Defenders;
    let ruleset: Ruleset = BRANDUB.parse().unwrap();
    let game = TaflGame::from_setup(ruleset, &setup).unwrap();
    let _ = legal_move(&game, &e.line());
    e.goodbye();
}

#[test]
fn move_lists_and_notices_without_a_position_keep_the_engine_in_step() {
    let mut e = Engine::start(&["--nodes", "300"]);
    assert_eq!(e.line(), "hello");
    e.send(&format!("rules {BRANDUB}"));
    let ruleset: Ruleset = BRANDUB.parse().unwrap();
    // A notice without a position is played as it stands.
    e.send("opponent-move d6-c6");
    let mut game = TaflGame::new(ruleset.clone());
    let _ = game.play_mut("d6-c6".parse().unwrap()).unwrap();
    e.send("play defenders");
    let m = legal_move(&game, &e.line());
    let _ = game.play_mut(m).unwrap();
    e.send(&format!("move {}", board(&game)));
    // A list of two moves by one side (OpenTafl's form for berserk moves, which tafl-core's
    // rulesets do not have): the host's board is taken, with the other side to move.
    let mut host = game.clone();
    let mut moves = MoveList::new();
    host.position().legal_moves_into(host.rules(), &mut moves);
    let first = moves[0];
    let _ = host.play_mut(first).unwrap();
    let mut setup = host.position().to_setup();
    setup.side_to_move = Side::Defenders;
    let host = TaflGame::from_setup(ruleset, &setup).unwrap();
    e.send(&format!("opponent-move {first}|{first} {}", board(&host)));
    e.send("play defenders");
    let _ = legal_move(&host, &e.line());
    e.goodbye();
}

#[test]
fn a_bad_opponent_move_is_logged_and_answered_and_the_state_stays_consistent() {
    let (mut e, log) = logged_engine("otep-bad-move", &["--nodes", "300"]);
    assert_eq!(e.line(), "hello");
    e.send(&format!("rules {BRANDUB}"));
    let ruleset: Ruleset = BRANDUB.parse().unwrap();
    let game = TaflGame::new(ruleset.clone());
    // Illegal (d4 holds the king, a defender), no position: `error 0`, nothing played.
    e.send("opponent-move d4-d5");
    let line = e.line();
    assert!(
        line.starts_with("error 0 cannot play the opponent's move d4-d5: "),
        "{line}"
    );
    e.send("play attackers");
    let _ = legal_move(&game, &e.line());
    // Illegal, with the host's board: the board is taken, without a word to the host.
    let mut host = game.clone();
    let _ = host.play_mut("d6-c6".parse().unwrap()).unwrap();
    e.send(&format!("opponent-move a1-a2 {}", board(&host)));
    e.send("play defenders");
    let _ = legal_move(&host, &e.line());
    e.goodbye();
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(
        text.contains("cannot play the opponent's move d4-d5"),
        "{text}"
    );
    assert!(
        text.contains("cannot play the opponent's move a1-a2"),
        "{text}"
    );
    assert!(
        text.contains("the host's board differs from ours: taken"),
        "{text}"
    );
    remove_log(&log);
}

#[test]
fn refused_rules_reset_the_engine_cleanly_and_name_the_allowed_sizes() {
    let mut e = Engine::start(&["--nodes", "300"]);
    assert_eq!(e.line(), "hello");
    e.send(&format!("rules {BRANDUB}"));
    e.send("side attackers");
    e.send("rules dim:99999999999 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
    let line = e.line();
    assert_eq!(
        line,
        "error 0 unsupported rules: board size dim:99999999999 is not supported: \
         use a number from 7 to 11"
    );
    // The previous game is dropped: nothing to play until supported rules come.
    e.send("position /3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/");
    e.send("play attackers");
    assert!(e.line().starts_with("error -1 "));
    e.send(&format!("rules {BRANDUB}"));
    e.send("play attackers");
    let game = TaflGame::new(BRANDUB.parse::<Ruleset>().unwrap());
    let _ = legal_move(&game, &e.line());
    e.goodbye();
}

#[test]
fn an_analysis_asked_for_ever_is_bounded() {
    let mut e = Engine::start(&["--nodes", "2000"]);
    assert_eq!(e.line(), "hello");
    e.send(&format!("rules {BRANDUB}"));
    // The node limit ends it here; without one the engine spends at most 96 s.
    e.send("analyze 1 1e300");
    assert!(e.line().starts_with("analysis 1 "));
    e.send("analyze 1 inf");
    assert!(e.line().starts_with("analysis 1 "));
    e.goodbye();
}

/// Berserk with a start where the defenders' c2-c4 takes d4 and gives a berserk move,
/// c4-c5, that takes c6 (the king boxed in on the throne by his own men).
const BERSERK_TEST: &str = "dim:11 name:Berserk surf:n atkf:n tfr:l kj:r ber:c \
    start:/11/2T8/11/3tT6/5T5/2t1TKT4/2T2T5/11/t9t/11/11/";

/// The test's own game after `moves` (each checked legal).
fn berserk_game(moves: &[&str]) -> TaflGame {
    let mut game = TaflGame::new(BERSERK_TEST.parse::<Ruleset>().unwrap());
    for m in moves {
        let _ = game.play_mut(m.parse().unwrap()).unwrap();
    }
    game
}

#[test]
fn berserk_moves_of_the_opponent_in_one_list_or_one_by_one() {
    let before = berserk_game(&[]);
    assert_eq!(before.position().side_to_move(), Side::Defenders);
    let after = berserk_game(&["c2-c4", "c4-c5"]);
    assert_eq!(after.position().side_to_move(), Side::Attackers);
    assert_eq!(after.position().attackers().count(), 2);
    // As OpenTafl sends them: the berserk turn's moves in one list, then the board.
    let mut e = Engine::start(&["--nodes", "500"]);
    assert_eq!(e.line(), "hello");
    e.send(&format!("rules {BERSERK_TEST}"));
    e.send(&format!("opponent-move c2-c4|c4-c5 {}", board(&after)));
    e.send("play attackers");
    let _ = legal_move(&after, &e.line());
    e.goodbye();
    // One notice a move, the board with the last only (and full notation).
    let mut e = Engine::start(&["--nodes", "500"]);
    assert_eq!(e.line(), "hello");
    e.send(&format!("rules {BERSERK_TEST}"));
    e.send("opponent-move Tc2-c4xd4");
    e.send(&format!("opponent-move Tc4=c5xc6 {}", board(&after)));
    e.send("play attackers");
    let _ = legal_move(&after, &e.line());
    e.goodbye();
}

#[test]
fn the_engine_makes_its_berserk_moves_when_the_host_asks_again() {
    let mut e = Engine::start(&["--nodes", "3000", "--full-moves"]);
    assert_eq!(e.line(), "hello");
    assert_eq!(e.line(), "simple-moves off");
    e.send(&format!("rules {BERSERK_TEST}"));
    let mut game = berserk_game(&[]);
    let mut berserk_turns = 0;
    // The host's side of it: after an accepted capture that gives a berserk move, OpenTafl
    // sends `move <board>` then `play` for the same side again, with no `opponent-move`.
    for _ in 0..4 {
        e.send("play defenders");
        let line = e.line();
        let text = line
            .strip_prefix("move ")
            .unwrap_or_else(|| panic!("{line}"));
        // Full notation: [letter]<from><-|^|=|^=><to>[x<captures>].
        let start = text.find(|c: char| c.is_ascii_digit()).unwrap() - 1;
        let rest = &text[start..];
        let sep = rest.find(['-', '^', '=']).unwrap();
        let after = rest[sep..].trim_start_matches(['-', '^', '=']);
        let to = &after[..after.find(['x', '+', '-']).unwrap_or(after.len())];
        let m = tafl_core::Move::new(rest[..sep].parse().unwrap(), to.parse().unwrap());
        let berserking = game.position().berserker().is_some();
        assert_eq!(text.contains('='), berserking, "{text}");
        if let Some(b) = game.position().berserker() {
            assert_eq!(m.from, b, "only the berserker moves: {text}");
        }
        let _ = legal_move(&game, &format!("move {m}"));
        let _ = game.play_mut(m).unwrap();
        e.send(&format!("move {}", board(&game)));
        if game.position().side_to_move() != Side::Defenders {
            break;
        }
        // What a real OpenTafl sends next: an `opponent-move` repeating moves already
        // played (ours among them) with its board, then `play` for the same side.
        e.send(&format!("opponent-move {m} {}", board(&game)));
        berserk_turns += 1;
    }
    assert!(
        berserk_turns >= 1,
        "the engine's capture gave no berserk move"
    );
    assert_eq!(game.position().side_to_move(), Side::Attackers);
    e.goodbye();
}

#[test]
fn error_4_makes_the_piece_of_our_last_move_the_berserker() {
    // Brandub with berserk moves; the host claims (`play` again, then `error 4`) that the
    // piece of our last move moves again, which our game did not see.
    let rules = "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: ber:c \
                 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
    let (mut e, log) = logged_engine("otep-error-4", &["--nodes", "300"]);
    assert_eq!(e.line(), "hello");
    e.send(&format!("rules {rules}"));
    let mut game = TaflGame::new(rules.parse::<Ruleset>().unwrap());
    e.send("play attackers");
    let first = legal_move(&game, &e.line());
    let _ = game.play_mut(first).unwrap();
    assert_eq!(
        game.position().side_to_move(),
        Side::Defenders,
        "no capture at move 1"
    );
    e.send(&format!("move {}", board(&game)));
    e.send("play attackers");
    let second: Move = e.line().strip_prefix("move ").unwrap().parse().unwrap();
    e.send("error 4");
    e.send("play attackers");
    let third: Move = e.line().strip_prefix("move ").unwrap().parse().unwrap();
    assert_eq!(third.from, first.to, "{third}");
    assert_ne!(third, second, "a refused move is not sent again");
    e.goodbye();
    let text = std::fs::read_to_string(&log).unwrap();
    let note = format!("(the host has our piece on {} move again: taken)", first.to);
    assert!(text.contains(&note), "{text}");
    remove_log(&log);
}

#[test]
fn a_berserk_move_in_progress_survives_the_hosts_board() {
    // Our game is in the middle of a berserk turn (the defenders' c2-c4 took d4; the piece
    // on c4 moves again); the host then sends its board (OpenTafl's position records hold
    // no berserker), which differs from ours elsewhere: the berserk move is kept, so the
    // engine moves the piece on c4 and writes it as a berserk move (`=`).
    let mid = berserk_game(&["c2-c4"]);
    assert_eq!(mid.position().berserker(), Some("c4".parse().unwrap()));
    let mut setup = mid.position().to_setup();
    let (from, to) = ("a9".parse().unwrap(), "a8".parse().unwrap());
    assert_eq!(
        setup.piece_at(from),
        Some(tafl_core::Piece::Attacker),
        "{}",
        board(&mid)
    );
    assert_eq!(setup.piece_at(to), None);
    setup.remove(from);
    setup.put(to, tafl_core::Piece::Attacker);
    let host_board = setup.board_string();
    assert_ne!(host_board, board(&mid));

    let mut e = Engine::start(&["--nodes", "500", "--full-moves"]);
    assert_eq!(e.line(), "hello");
    assert_eq!(e.line(), "simple-moves off");
    e.send(&format!("rules {BERSERK_TEST}"));
    e.send("opponent-move Tc2-c4xd4");
    e.send(&format!("position {host_board}"));
    e.send("play defenders");
    let line = e.line();
    let text = line
        .strip_prefix("move ")
        .unwrap_or_else(|| panic!("{line}"));
    assert!(
        text.starts_with("c4=") || text.starts_with("Tc4="),
        "the berserker's move: {text}"
    );
    e.goodbye();
}

#[test]
fn a_berserk_move_in_progress_survives_a_differing_board_with_the_repeated_opponent_move() {
    // OpenTafl's quirk of `the_engine_makes_its_berserk_moves_when_the_host_asks_again`:
    // after our capture that gives a berserk move, the host accepts it (`move <board>`), then
    // repeats our move as an `opponent-move` with its board. Here that board differs from
    // ours elsewhere (an attacker on k9 stands on k10): the board is taken, and the berserk
    // move kept, so the engine moves the berserker again and writes it as one (`=`).
    let (mut e, log) = logged_engine("otep-berserk-kept", &["--nodes", "3000", "--full-moves"]);
    assert_eq!(e.line(), "hello");
    assert_eq!(e.line(), "simple-moves off");
    e.send(&format!("rules {BERSERK_TEST}"));
    let mut game = berserk_game(&[]);
    e.send("play defenders");
    let line = e.line();
    let text = line
        .strip_prefix("move ")
        .unwrap_or_else(|| panic!("{line}"));
    // The engine's first move here (this seed and node limit) is c2-c4 or another capture
    // that gives a berserk move (`the_engine_makes_its_berserk_moves_when_the_host_asks_again`).
    let m = legal_move(&game, &format!("move {}", simple(text)));
    let _ = game.play_mut(m).unwrap();
    let berserker = game
        .position()
        .berserker()
        .unwrap_or_else(|| panic!("{text} gave no berserk move"));
    assert_eq!(game.position().side_to_move(), Side::Defenders);
    e.send(&format!("move {}", board(&game)));
    // The host's board: ours with the attacker on k9 moved to k10.
    let mut setup = game.position().to_setup();
    let (k9, k10) = ("k9".parse().unwrap(), "k10".parse().unwrap());
    assert_eq!(setup.piece_at(k9), Some(tafl_core::Piece::Attacker));
    assert_eq!(setup.piece_at(k10), None);
    setup.remove(k9);
    setup.put(k10, tafl_core::Piece::Attacker);
    let host_board = setup.board_string();
    assert_ne!(host_board, board(&game));
    e.send(&format!("opponent-move {m} {host_board}"));
    e.send("play defenders");
    let line = e.line();
    let text = line
        .strip_prefix("move ")
        .unwrap_or_else(|| panic!("{line}"));
    let next: Move = simple(text).parse().unwrap();
    assert_eq!(next.from, berserker, "the berserker's move: {text}");
    assert!(text.contains('='), "written as a berserk move: {text}");
    // Legal in the host's position with that berserker.
    setup.berserker = Some(berserker);
    let host = TaflGame::from_setup(game.ruleset().clone(), &setup).unwrap();
    let _ = legal_move(&host, &format!("move {next}"));
    e.goodbye();
    let text = std::fs::read_to_string(&log).unwrap();
    let note =
        format!("(the host's board taken; the berserk move of the piece on {berserker} kept)");
    assert!(text.contains(&note), "{text}");
    remove_log(&log);
}

/// The `from-to` of a move in OpenTafl's full notation (`Tc4=c5xc6` gives `c4-c5`).
fn simple(text: &str) -> String {
    let start = text.find(|c: char| c.is_ascii_digit()).unwrap() - 1;
    let rest = &text[start..];
    let sep = rest.find(['-', '^', '=']).unwrap();
    let after = rest[sep..].trim_start_matches(['-', '^', '=']);
    let to = &after[..after.find(['x', '+', '-']).unwrap_or(after.len())];
    format!("{}-{to}", &rest[..sep])
}

/// OTEP 9, `analysis`: "A move-list is a list of moves in simple algebraic tafl notation or
/// OpenTafl algebraic tafl notation"; OpenTafl reads each with the parser of `move`
/// (`MoveSerializer.loadMoveRecord`: `[tcnkTCNK]?` before the square), and its own engine
/// writes them in full notation. With `--full-moves` the engine writes its analysis as its
/// moves: a knight's move with its letter (the fuzzers' `nd3-a3`), a soldier's without.
#[test]
fn an_analysis_in_full_notation_names_the_knight_as_the_moves_do() {
    const KNIGHTS: &str = "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: \
                           start:/3t3/3n3/3T3/ttTKTtt/3T3/3n3/3t3/";
    let mut e = Engine::start(&["--nodes", "400", "--full-moves"]);
    assert_eq!(e.line(), "hello");
    assert_eq!(e.line(), "simple-moves off");
    e.send(&format!("rules {KNIGHTS}"));
    let game = TaflGame::new(KNIGHTS.parse::<Ruleset>().unwrap());
    e.send(&format!("position {}", board(&game)));
    e.send("side attackers");
    e.send("analyze 40 0.5");
    let line = e.line();
    let parts: Vec<&str> = line.split(' ').collect();
    assert_eq!(parts[0], "analysis", "{line}");
    let mut knight_moves = 0;
    for pair in parts[2..].chunks(2) {
        let mut g = game.clone();
        for text in pair[0].split('|') {
            let m: Move = simple(text).parse().unwrap();
            let pos = g.position();
            assert!(pos.is_legal(g.rules(), m), "{text} in {line}");
            let officer = pos.piece_at(m.from) == Some(tafl_core::Piece::King)
                || pos.officer_at(m.from).is_some();
            let letter = text.as_bytes()[1].is_ascii_alphabetic();
            assert_eq!(letter, officer, "{text} in {line}");
            if letter && text.starts_with('n') {
                knight_moves += 1;
            }
            let _ = g.play_mut(m).unwrap();
        }
    }
    assert!(knight_moves > 0, "{line}");
    e.goodbye();
}

#[test]
fn weights_given_are_searched_with_and_logged_and_bad_ones_are_refused() {
    let (mut e, log) = logged_engine(
        "otep-weights",
        &["--nodes", "300", "--weights", "fork_step=150,shuttle=300"],
    );
    assert_eq!(e.line(), "hello");
    e.send(&format!("rules {BRANDUB}"));
    e.send("play attackers");
    let answer = e.line();
    assert!(answer.starts_with("move "), "{answer}");
    e.goodbye();
    let text = std::fs::read_to_string(&log).unwrap();
    let line = text
        .lines()
        .map(str::trim_start)
        .find_map(|l| l.strip_prefix("weights: "))
        .unwrap_or_else(|| panic!("no weights in the log: {text}"));
    let logged: tafl_core::ai::EvalWeights = line.parse().unwrap();
    let mut expected = tafl_core::ai::EvalWeights::DEFAULT;
    expected.fork_step = 150;
    expected.shuttle = 300;
    assert_eq!(logged, expected);
    remove_log(&log);

    let out = Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(["tafl", "engine", "--weights", "fork_step=many"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--weights") && err.contains("fork_step"),
        "{err}"
    );
    assert!(
        out.stdout.is_empty(),
        "no hello before the arguments are good"
    );
}
