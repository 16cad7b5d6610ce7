//! How a throw is named aloud (glossary of the laws of trictrac, NOMMER LES DÉS).

use boardgames_common::Throw;

/// How a throw is named aloud (NOMMER LES DÉS): the higher die first, the 1 called `as`,
/// doublets by their names: `six, as`, `sonnez`, `cinq, trois`.
#[must_use]
pub fn naming(throw: Throw) -> String {
    if throw.is_doublet() {
        throw.name()
    } else {
        format!("{}, {}", throw.high().name(), throw.low().name())
    }
}

/// Checks a throw named aloud against the law of naming (NOMMER LES DÉS).
///
/// Accepts `naming(throw)`, digits for the words except the ace (`6, as`), ` et ` for the
/// comma, any case, a final `!`.
///
/// # Errors
/// [`NamingError`] saying what the law asks: the higher first (`as, six` for 6-1), `as` and
/// not `un`, the doublet's name (`sonnez`, not `six, six`), or the numbers do not match.
pub fn check_naming(throw: Throw, said: &str) -> Result<(), NamingError> {
    let norm = said
        .trim()
        .trim_end_matches('!')
        .trim()
        .to_lowercase()
        .replace(" et ", ", ");
    if norm == naming(throw) {
        return Ok(());
    }
    let words: Vec<&str> = norm.split(',').map(str::trim).collect();
    let value = |w: &str| -> Option<u8> {
        Some(match w {
            "as" | "un" | "1" => 1,
            "deux" | "2" => 2,
            "trois" | "3" => 3,
            "quatre" | "4" => 4,
            "cinq" | "5" => 5,
            "six" | "6" => 6,
            _ => return None,
        })
    };
    if let [a, b] = words[..]
        && let (Some(x), Some(y)) = (value(a), value(b))
    {
        let (hi, lo) = (throw.high().get(), throw.low().get());
        if (x.max(y), x.min(y)) != (hi, lo) {
            return Err(NamingError::WrongNumbers {
                said: said.to_string(),
                throw,
            });
        }
        if throw.is_doublet() {
            return Err(NamingError::DoubletName {
                expected: naming(throw),
            });
        }
        if x < y {
            return Err(NamingError::HigherFirst {
                expected: naming(throw),
            });
        }
        if y == 1 && b != "as" {
            return Err(NamingError::CallTheAceAs {
                expected: naming(throw),
            });
        }
        return Ok(());
    }
    Err(NamingError::WrongNumbers {
        said: said.to_string(),
        throw,
    })
}

/// Why a throw was not named by the law (NOMMER LES DÉS).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NamingError {
    /// The higher die is named first.
    #[error("name the higher die first: \"{expected}\"")]
    HigherFirst {
        /// The right naming.
        expected: String,
    },
    /// The 1 is called `as`.
    #[error("the 1 is called \"as\": \"{expected}\"")]
    CallTheAceAs {
        /// The right naming.
        expected: String,
    },
    /// Doublets are named by their usual name.
    #[error("a doublet is named by its name: \"{expected}\"")]
    DoubletName {
        /// The right naming.
        expected: String,
    },
    /// The words do not name the dice thrown.
    #[error("{said:?} does not name the throw {throw}")]
    WrongNumbers {
        /// What was said.
        said: String,
        /// The throw.
        throw: Throw,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nommer_les_des() {
        let t = |s: &str| s.parse::<Throw>().unwrap();
        assert_eq!(naming(t("6-1")), "six, as");
        assert_eq!(naming(t("1-6")), "six, as");
        assert_eq!(naming(t("6-6")), "sonnez");
        assert!(check_naming(t("6-1"), "6, as !").is_ok());
        assert!(check_naming(t("6-1"), "Six et as").is_ok());
        assert!(matches!(
            check_naming(t("6-1"), "as, 6 !"),
            Err(NamingError::HigherFirst { .. })
        ));
        assert!(matches!(
            check_naming(t("6-1"), "six, un"),
            Err(NamingError::CallTheAceAs { .. })
        ));
        assert!(matches!(
            check_naming(t("6-6"), "six, six"),
            Err(NamingError::DoubletName { .. })
        ));
        assert!(matches!(
            check_naming(t("6-1"), "cinq, as"),
            Err(NamingError::WrongNumbers { .. })
        ));
        assert!(check_naming(t("2-2"), "double deux").is_ok());
    }
}
