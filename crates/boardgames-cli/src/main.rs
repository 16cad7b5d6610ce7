//! `boardgames`: the command-line tool of boardgames-rs (the library's `main` is the whole
//! command: `boardgames_cli::main`).

fn main() -> std::process::ExitCode {
    boardgames_cli::main()
}
