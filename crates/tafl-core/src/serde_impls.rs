//! serde through the notation, so that deserialisation validates: [`Move`], [`MoveText`], [`Setup`]
//! and [`Ruleset`] (as its
//! OpenTafl rules string) serialise as their `Display` text and deserialise with `FromStr`.

use crate::moves::{Move, MoveText};
use crate::ruleset::Ruleset;
use crate::setup::Setup;

macro_rules! serde_via_text {
    ($($t:ty),*) => {$(
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                let text = String::deserialize(d)?;
                text.parse().map_err(serde::de::Error::custom)
            }
        }
    )*};
}

serde_via_text!(Move, MoveText, Setup, Ruleset);
