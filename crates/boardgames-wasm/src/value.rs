//! JavaScript values in and out: the checks of an argument's type (a wrong type is an
//! `Error` naming the argument and what it got, never a silent coercion), seeds as numbers
//! or `BigInt`s, and the crates' messages as `Error`s.

use boardgames_common::Seed;
use wasm_bindgen::prelude::*;

/// The largest integer a JavaScript `number` holds exactly (2^53 − 1).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// A JavaScript `Error` carrying `message` (the crate's message).
pub(crate) fn error(message: impl AsRef<str>) -> JsError {
    JsError::new(message.as_ref())
}

/// What a value is, for a message: its `typeof`, and the value itself when short.
fn describe(value: &JsValue) -> String {
    let kind = value.js_typeof().as_string().unwrap_or_default();
    match value.as_string() {
        Some(s) if s.chars().count() <= 40 => format!("the {kind} {s:?}"),
        Some(_) => format!("a long {kind}"),
        None => match value.as_f64() {
            Some(x) => format!("the {kind} {x}"),
            None if value.is_undefined() => "undefined".to_owned(),
            None if value.is_null() => "null".to_owned(),
            None => format!("a value of type {kind}"),
        },
    }
}

/// `value` as a string.
///
/// # Errors
/// `name: expected a string, got …` for any other type.
pub(crate) fn text(name: &str, value: &JsValue) -> Result<String, JsError> {
    value.as_string().ok_or_else(|| {
        error(format!(
            "{name}: expected a string, got {}",
            describe(value)
        ))
    })
}

/// `value` as a string, `default` when it is `undefined` or `null`.
///
/// # Errors
/// Those of [`text`].
pub(crate) fn text_or(name: &str, value: &JsValue, default: &str) -> Result<String, JsError> {
    if value.is_undefined() || value.is_null() {
        Ok(default.to_owned())
    } else {
        text(name, value)
    }
}

/// `value` as a whole number from 0 to `max`, `default` when it is `undefined`.
///
/// # Errors
/// `name: expected an integer from 0 to max, got …`.
pub(crate) fn count(name: &str, value: &JsValue, default: u64, max: u64) -> Result<u64, JsError> {
    if value.is_undefined() {
        return Ok(default);
    }
    let fail = || {
        error(format!(
            "{name}: expected an integer from 0 to {max}, got {}",
            describe(value)
        ))
    };
    let x = value.as_f64().ok_or_else(fail)?;
    #[allow(clippy::cast_precision_loss)]
    if x.fract() != 0.0 || x < 0.0 || x > max as f64 || x > MAX_SAFE_INTEGER {
        return Err(fail());
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    Ok(x as u64)
}

/// `value` as a seed: a `number` from 0 to 2^53 − 1 or a `BigInt` from 0 to 2^64 − 1;
/// `None` when it is `undefined` or `null`.
///
/// # Errors
/// `name: expected a seed …` for anything else.
pub(crate) fn seed(name: &str, value: &JsValue) -> Result<Option<Seed>, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    let fail = || {
        error(format!(
            "{name}: expected a seed, an integer number from 0 to 2^53 - 1 or a BigInt from 0 to 2^64 - 1, got {}",
            describe(value)
        ))
    };
    if value.is_bigint() {
        return u64::try_from(value.clone())
            .map(|s| Some(Seed(s)))
            .map_err(|_| fail());
    }
    let x = value.as_f64().ok_or_else(fail)?;
    if x.fract() != 0.0 || !(0.0..=MAX_SAFE_INTEGER).contains(&x) {
        return Err(fail());
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    Ok(Some(Seed(x as u64)))
}

/// `value` as a boolean, `default` when it is `undefined`.
///
/// # Errors
/// `name: expected a boolean, got …`.
pub(crate) fn flag(name: &str, value: &JsValue, default: bool) -> Result<bool, JsError> {
    if value.is_undefined() {
        return Ok(default);
    }
    value.as_bool().ok_or_else(|| {
        error(format!(
            "{name}: expected a boolean, got {}",
            describe(value)
        ))
    })
}

/// The field `key` of the options object `options` (`undefined` when `options` is
/// `undefined` or `null`).
///
/// # Errors
/// When `options` is neither an object nor `undefined`/`null`.
pub(crate) fn field(options: &JsValue, key: &str) -> Result<JsValue, JsError> {
    if options.is_undefined() || options.is_null() {
        return Ok(JsValue::UNDEFINED);
    }
    if !options.is_object() {
        return Err(error(format!(
            "options: expected an object, got {}",
            describe(options)
        )));
    }
    js_sys::Reflect::get(options, &JsValue::from_str(key))
        .map_err(|_| error(format!("options: the field {key} cannot be read")))
}
