//! Progress of long work, on standard error: shown only to a person watching a terminal,
//! hidden with `--quiet`, `--json` or when standard error is a pipe or a file.

use std::io::IsTerminal as _;

use indicatif::{ProgressBar, ProgressStyle};

/// A bar of `len` steps named `unit` (e.g. "first moves"), or a hidden one when `quiet` or
/// when standard error is not a terminal.
pub(crate) fn bar(len: u64, unit: &str, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    let template = format!(
        "{{spinner}} [{{elapsed_precise}}] {{wide_bar}} {{pos}}/{{len}} {unit} (eta {{eta}})"
    );
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
}
