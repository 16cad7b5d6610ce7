//! The parsers of the numeric options: a value that is not a whole number in range gets a
//! message saying what was expected (clap's own says "invalid digit found in string" of
//! `-3`, of `abc` and of `1.5` alike).

use std::fmt::Display;
use std::str::FromStr;

/// An unsigned integer type of an option, with its largest value.
pub(crate) trait Whole:
    FromStr + Copy + PartialOrd + Display + Send + Sync + 'static
{
    /// The largest value of the type.
    const MAX: Self;
}

macro_rules! whole {
    ($($t:ty),*) => { $(impl Whole for $t { const MAX: Self = <$t>::MAX; })* };
}
whole!(u8, u32, u64, usize);

/// The message of a value that is not a whole number of `unit` from `min` to `max`.
fn expected<T: Whole>(unit: &str, min: T, max: T) -> String {
    format!("expected a whole number of {unit} from {min} to {max}")
}

/// A whole number of `unit`, with `min` the least value the command accepts: the command
/// itself refuses a smaller number, with its own message (`--games: must be at least 1`).
pub(crate) fn count<T: Whole>(
    unit: &'static str,
    min: T,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text| text.parse().map_err(|_| expected(unit, min, T::MAX))
}

/// A whole number of `unit` from `min` to `T::MAX`; a smaller number is refused here.
pub(crate) fn at_least<T: Whole>(
    unit: &'static str,
    min: T,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    within(unit, min, T::MAX)
}

/// A whole number of `unit` from `min` to `max`; any other value is refused here, with that
/// range in the message (`tafl tune --games`: from 1 to 100000).
pub(crate) fn within<T: Whole>(
    unit: &'static str,
    min: T,
    max: T,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text| match text.parse() {
        Ok(n) if n >= min && n <= max => Ok(n),
        _ => Err(expected(unit, min, max)),
    }
}

/// A number of seconds; the command refuses zero, negative and non-finite numbers itself
/// (`--think: -1 is not a positive number of seconds`).
pub(crate) fn seconds(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .map_err(|_| "expected a number of seconds more than 0, like 2.5".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_says_what_it_expects_and_leaves_the_minimum_to_the_command() {
        let games = count::<u32>("games", 1);
        assert_eq!(games("12"), Ok(12));
        assert_eq!(games("0"), Ok(0));
        for bad in ["-3", "abc", "1.5", "", "4294967296"] {
            assert_eq!(
                games(bad),
                Err("expected a whole number of games from 1 to 4294967295".to_string()),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn at_least_refuses_a_smaller_number() {
        let trous = at_least::<u8>("trous", 1);
        assert_eq!(trous("255"), Ok(255));
        for bad in ["0", "256", "-1", "x"] {
            assert_eq!(
                trous(bad),
                Err("expected a whole number of trous from 1 to 255".to_string()),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn within_refuses_a_number_out_of_its_range() {
        let passes = within::<u32>("passes", 1, 1000);
        assert_eq!(passes("1"), Ok(1));
        assert_eq!(passes("1000"), Ok(1000));
        for bad in ["0", "1001", "-1", "x", "4294967296"] {
            assert_eq!(
                passes(bad),
                Err("expected a whole number of passes from 1 to 1000".to_string()),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn seconds_say_what_they_expect() {
        assert_eq!(seconds("2.5"), Ok(2.5));
        assert_eq!(seconds("-1"), Ok(-1.0));
        assert!(seconds("abc").unwrap_err().contains("seconds more than 0"));
    }
}
