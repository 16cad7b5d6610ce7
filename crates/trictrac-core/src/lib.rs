//! Placeholder: see the open issues.
#![deny(missing_docs)]
