//! Sugoroku, Tric Trac Nippon ([`SugorokuGame`]): every node is chance; the throws have the ids of
//! trictrac's (`6 (hi − 1) + (lo − 1)`, 21 of 36 used); the position as a vector from the
//! observer's side.

use boardgames_common::{Player, Throw};
use sugoroku_core::{POINTS, Phase, Ruleset, SugorokuGame};

/// The number of chance ids.
pub const NUM_CHANCE: usize = 36;
/// The length of the observation vector.
pub const OBSERVATION_LEN: usize = 2 * POINTS + 2 * 4 + 3 + 1;

/// The ruleset a text names (a record's `Rules` tag; the empty text is the default).
///
/// # Errors
///
/// The crate's message when the text is no ruleset.
pub fn ruleset(text: &str) -> Result<Ruleset, String> {
    if text.trim().is_empty() {
        return Ok(Ruleset::default());
    }
    text.parse()
        .map_err(|e: sugoroku_core::ParseRulesetError| e.to_string())
}

impl crate::Encoded for SugorokuGame {
    fn num_actions(&self) -> usize {
        1
    }

    fn num_chance_outcomes(&self) -> usize {
        NUM_CHANCE
    }

    fn encode(&self, action: Throw) -> usize {
        crate::trictrac::throw_id(action)
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![OBSERVATION_LEN]
    }

    #[allow(clippy::cast_precision_loss)]
    fn write_observation(&self, player: Player, out: &mut [f32]) {
        let position = self.position();
        let mut i = 0;
        let mut put = |v: f32| {
            out[i] = v;
            i += 1;
        };
        for p in [player, player.other()] {
            for n in position.camp(p) {
                put(f32::from(n) / 15.0);
            }
        }
        for p in [player, player.other()] {
            put(f32::from(position.reserve(p)) / 15.0);
            put(f32::from(position.held(p)) / 15.0);
            put((position.captured(p) as f32 / 15.0).min(1.0));
            put(f32::from(u8::from(position.phase(p) == Phase::Taking)));
        }
        let over = self.end().is_some();
        put(f32::from(u8::from(!over && position.side() == player)));
        put(f32::from(u8::from(over)));
        put(f32::from(u8::from(player == Player::First)));
        put((position.throws() as f32 / self.ruleset().max_throws.max(1) as f32).min(1.0));
        debug_assert_eq!(i, OBSERVATION_LEN);
    }

    fn thrower(&self) -> Option<Player> {
        self.end().is_none().then(|| self.position().side())
    }

    fn position_text(&self) -> String {
        self.position().to_string()
    }

    fn diagram(&self) -> String {
        SugorokuGame::diagram(self)
    }

    fn svg(&self, last: Option<Throw>) -> String {
        sugoroku_core::svg::render(
            self.position(),
            &sugoroku_core::svg::SvgOptions {
                last_throw: last,
                end: self.end(),
                ..Default::default()
            },
        )
    }
}
