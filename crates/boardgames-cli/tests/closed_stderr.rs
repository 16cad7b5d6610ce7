//! With standard error closed (`2>&-` into a finished reader), an error still exits with its
//! own code, not a panic's 101.

use std::process::{Command, Stdio};

fn code_with_closed_stderr(args: &[&str]) -> Option<i32> {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_boardgames"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(writer)
        .status()
        .expect("the binary runs")
        .code()
}

#[test]
fn an_error_on_a_closed_stderr_keeps_its_exit_code() {
    assert_eq!(
        code_with_closed_stderr(&["replay", "/no/such/record.txt"]),
        Some(3)
    );
    assert_eq!(
        code_with_closed_stderr(&["trictrac", "analyze", "--throw", "7-1"]),
        Some(2)
    );
    assert_eq!(
        code_with_closed_stderr(&["tafl", "perft", "--depth", "3"]),
        Some(0)
    );
}
