//! The replay page in a real browser: headless Chromium photographs the page of a sample
//! record at `#0` and at a later step; the two pictures must differ from each other and from
//! a blank page. Without Chromium the test fails, saying so: it is never skipped
//! (`scripts/test-all` installs Debian's `chromium` when it is missing).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use boardgames_common::Seed;
use sugoroku_core::{Ruleset, SugorokuGame};

const WINDOW: (u32, u32) = (1200, 760);

/// The first Chromium found on the PATH.
fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| {
            Command::new(name)
                .arg("--version")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        })
}

/// Photographs `url` into `png` with the flags of a sandbox-less headless run, within a
/// minute.
fn screenshot(browser: &str, url: &str, png: &Path, scratch: &Path) {
    let profile = scratch.join(format!(
        "profile-{}",
        png.file_stem().unwrap().to_string_lossy()
    ));
    std::fs::create_dir_all(&profile).unwrap();
    let mut child = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-quic",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("--window-size={},{}", WINDOW.0, WINDOW.1))
        .arg(url)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "chromium failed on {url}: {status}");
            break;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("chromium took over a minute on {url}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(png.exists(), "no screenshot of {url}");
}

/// The RGBA pixels of a PNG, with its size.
fn pixels(path: &Path) -> (u32, u32, Vec<[u8; 4]>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let bytes = &buf[..info.buffer_size()];
    let channels = info.color_type.samples();
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let px = bytes
        .chunks_exact(channels)
        .map(|c| match channels {
            4 => [c[0], c[1], c[2], c[3]],
            3 => [c[0], c[1], c[2], 255],
            2 => [c[0], c[0], c[0], c[1]],
            _ => [c[0], c[0], c[0], 255],
        })
        .collect();
    (info.width, info.height, px)
}

/// How many pixels differ between two pictures of the same size.
fn differing(a: &Path, b: &Path) -> usize {
    let (wa, ha, pa) = pixels(a);
    let (wb, hb, pb) = pixels(b);
    assert_eq!((wa, ha), (wb, hb), "screenshots of one window size");
    pa.iter().zip(&pb).filter(|(x, y)| x != y).count()
}

fn scratch_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardgames-browser-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn the_replay_page_shows_each_step_in_chromium() {
    let browser = chromium().expect(
        "no chromium, chromium-browser or google-chrome on the PATH: install Debian's chromium \
         (scripts/install-test-packages does)",
    );
    let dir = scratch_dir();
    // The sugoroku game of `sample_games` (seed 1).
    let record = SugorokuGame::play_seeded(Ruleset::default(), Seed(1)).record;
    let input = dir.join("sugoroku.txt");
    std::fs::write(&input, record.to_string()).unwrap();
    let page = dir.join("sugoroku.html");
    let o = Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args([
            "view",
            input.to_str().unwrap(),
            "-o",
            page.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let blank = dir.join("blank.html");
    std::fs::write(&blank, "<!DOCTYPE html><html><body></body></html>").unwrap();
    let later = record.entries().len() * 2 / 3;
    let url = format!("file://{}", page.display());
    let shots = [
        (format!("{url}#0"), dir.join("step0.png")),
        (format!("{url}#{later}"), dir.join("later.png")),
        (format!("file://{}", blank.display()), dir.join("blank.png")),
    ];
    for (url, png) in &shots {
        screenshot(browser, url, png, &dir);
    }
    let (start, later_png, blank_png) = (&shots[0].1, &shots[1].1, &shots[2].1);
    // The board changes between the steps (pawns placed, dice, the move list highlight).
    let changed = differing(start, later_png);
    assert!(
        changed > 2_000,
        "#0 and #{later} differ by {changed} pixels only"
    );
    // Both show a page, not a blank window.
    let area = (WINDOW.0 * WINDOW.1) as usize;
    for png in [start, later_png] {
        let drawn = differing(png, blank_png);
        assert!(
            drawn > area / 5,
            "{} differs from a blank page by {drawn} pixels",
            png.display()
        );
    }
    // The page opened at the step its fragment names.
    let dom = dump_dom(browser, &shots[1].0, &dir);
    let counter = format!(
        "<span id=\"counter\">{later} / {}</span>",
        record.entries().len()
    );
    assert!(dom.contains(&counter), "no {counter} in the page's DOM");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The page's DOM after its scripts ran.
fn dump_dom(browser: &str, url: &str, scratch: &Path) -> String {
    let profile = scratch.join("profile-dom");
    std::fs::create_dir_all(&profile).unwrap();
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-quic",
            "--disable-component-update",
            "--disable-sync",
            "--dump-dom",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(url)
        .stderr(Stdio::null())
        .output()
        .expect("chromium runs");
    assert!(out.status.success(), "chromium --dump-dom failed on {url}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}
