//! What the test files share: `mod support;` in a test root.

pub(crate) mod postgres;
