//! Output helpers shared by the examples (included with `#[path]`, not an example itself).

/// `println!` that ends the program quietly when standard output is closed (`| head`) and
/// with an error when it cannot be written, instead of panicking.
#[allow(unused_macros)]
macro_rules! println {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            if e.kind() != std::io::ErrorKind::BrokenPipe {
                eprintln!("error: writing the output: {e}");
                std::process::exit(1);
            }
            std::process::exit(0);
        }
    }};
}

/// `print!` with the handling of `println!` above.
#[allow(unused_macros)]
macro_rules! print {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = write!(std::io::stdout(), $($arg)*) {
            if e.kind() != std::io::ErrorKind::BrokenPipe {
                eprintln!("error: writing the output: {e}");
                std::process::exit(1);
            }
            std::process::exit(0);
        }
    }};
}
