//! Criterion benchmark of tafl replay on long records without capture: the cost per ply
//! must not grow with the length of the game (the repetition rule's counts are kept move by
//! move, not recomputed from the history).
//!
//! ```text
//! cargo bench --bench tafl_replay
//! ```
//!
//! The record: Brandubh with repetitions ignored (rules string `tfr:i`; Brandubh itself has
//! no limit on plies without capture), one attacker and one defender shuffling between two
//! squares each, so that no move captures and the stretch without capture is the whole game.

use std::hint::black_box;
use std::time::Duration;

use boardgames_common::{Game, Record};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tafl_core::{RepetitionResult, Ruleset, Setup, TaflGame};

/// The Brandubh board and rules, repetitions ignored.
fn shuffle_ruleset() -> Ruleset {
    let brandubh = Ruleset::brandubh();
    let mut rules = *brandubh.rules();
    rules.repetition.result = RepetitionResult::Ignored;
    let board = Setup::from_board_string("/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/").expect("board");
    Ruleset::new("Brandubh", rules, &board).expect("ruleset")
}

/// A record of `plies` moves without capture.
fn shuffle_record(plies: usize) -> Record {
    let game = TaflGame::new(shuffle_ruleset());
    let mut record = Record::new(<TaflGame as Game>::NAME);
    for (k, v) in game.record_tags() {
        record.set_tag(&k, &v).expect("tag");
    }
    const SHUFFLE: [&str; 4] = ["a4-a3", "d5-c5", "a3-a4", "c5-d5"];
    for i in 0..plies {
        record.push_action(SHUFFLE[i % 4]).expect("action");
    }
    record
}

fn replay(c: &mut Criterion) {
    let mut group = c.benchmark_group("tafl replay");
    group.sample_size(10);
    group.warm_up_time(Duration::from_secs(1));
    for plies in [10_000usize, 1_000_000] {
        let record = shuffle_record(plies);
        // Check what is timed: every ply replays, none captures, the game goes on.
        let game = TaflGame::from_record(&record).expect("the record replays");
        assert_eq!(game.plies_since_capture() as usize, plies);
        assert!(!game.status().is_over());
        group.throughput(Throughput::Elements(plies as u64));
        // One iteration: `TaflGame::from_record` of the whole record (parsing of each move
        // text, legality, captures, repetition counts, undo information).
        group.bench_function(format!("{plies} plies without capture"), |b| {
            b.iter(|| {
                let game = TaflGame::from_record(black_box(&record)).expect("replays");
                assert_eq!(game.plies() as usize, plies);
                game.repetitions()
            });
        });
    }
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
