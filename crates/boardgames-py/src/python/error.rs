//! The exceptions of the module: every error of the crates becomes a `ValueError` carrying
//! its message; a record that is no game of the kind asked for raises `RecordError`, a
//! subclass of `ValueError` (so that callers catching `ValueError` keep working).

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::{ActionIdError, RecordError};

create_exception!(
    _native,
    PyRecordError,
    PyValueError,
    "A record that is no game of the kind asked for, with the crate's message saying what \
     was wrong and where (`action 3: illegal move d1-d9: …`, the tag and its value, the \
     line of the text). A subclass of `ValueError`."
);

/// A `ValueError` with `e`'s message.
pub(crate) fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A `RecordError` with `e`'s message.
pub(crate) fn record_error(e: impl std::fmt::Display) -> PyErr {
    PyRecordError::new_err(e.to_string())
}

impl From<ActionIdError> for PyErr {
    fn from(e: ActionIdError) -> PyErr {
        value_error(e)
    }
}

impl<T: std::fmt::Display, E: std::fmt::Display> From<RecordError<T, E>> for PyErr {
    fn from(e: RecordError<T, E>) -> PyErr {
        record_error(e)
    }
}

pub(super) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("RecordError", m.py().get_type::<PyRecordError>())
}
