//! `boardgames play trictrac`: a human against the bot in the terminal, in a partie
//! ordinaire ([`ordinaire`]) or a partie à écrire ([`ecrire`]); the options of one form are
//! refused with the other.

pub mod ecrire;
pub mod ordinaire;

use crate::args::settlement::SettlementArgs;
use crate::args::{numbers, parse_seed};
use crate::io::error::CliError;

/// The arguments of `boardgames play trictrac`.
#[derive(Debug, clap::Args)]
pub(crate) struct PlayTrictracArgs {
    /// The dice seed (decimal, or hexadecimal with 0x).
    #[arg(long, default_value = "1", value_parser = parse_seed, allow_hyphen_values = true)]
    seed: u64,
    /// The form of game: ordinaire (to 12 trous) or ecrire (a partie à écrire).
    #[arg(long, value_enum, default_value = "ordinaire")]
    form: FormArg,
    /// Marqués of a partie à écrire (default 8).
    #[arg(long, value_parser = numbers::count::<u32>("marqués", 1), allow_hyphen_values = true)]
    marques: Option<u32>,
    /// Convention of a partie à écrire: base, annexe, annexe-geometric, sans-lever.
    #[arg(long)]
    convention: Option<String>,
    /// Progression of the annexe convention: arithmetic or geometric.
    #[arg(long)]
    progression: Option<String>,
    /// The settlement of a partie à écrire.
    #[command(flatten)]
    settlement: SettlementArgs,
    /// Your colour (White throws first for the primauté); in a partie à écrire, your
    /// colour in the first marqué (white: you are A, black: B; colours alternate).
    #[arg(long, value_enum, default_value = "white")]
    side: ColourArg,
    /// Trous that win a partie ordinaire (not for --form ecrire: a marqué has no trous
    /// to win, it ends by the trou d'obligation).
    #[arg(long, default_value_t = 12, value_parser = numbers::at_least::<u8>("trous", 1),
          allow_hyphen_values = true)]
    trous: u8,
    /// Play a partie ordinaire with the pavillon (a partie won by its holder, or against
    /// no trou, is won double); not for --form ecrire, whose marqués always keep it.
    #[arg(long)]
    pavillon: bool,
    /// The bot: bot (the heuristic), searchbot, tdbot (the TD-trained network),
    /// tdsearchbot, tdbot:FILE, tdsearchbot:FILE; --form ecrire plays the heuristic.
    #[arg(long, default_value = "bot")]
    bot: String,
}

/// A trictrac colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum ColourArg {
    /// White.
    White,
    /// Black.
    Black,
}

/// The forms of trictrac that can be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum FormArg {
    /// The partie ordinaire, to 12 trous.
    Ordinaire,
    /// The partie à écrire, in marqués.
    Ecrire,
}

impl PlayTrictracArgs {
    /// Checks that the options belong to the form asked for, then plays it on standard
    /// input and output.
    ///
    /// # Errors
    /// [`CliError::Input`] for an option of the other form (the settlement, `--marques`,
    /// `--convention`, `--progression` of a partie à écrire with the partie ordinaire;
    /// `--bot` other than the heuristic, `--pavillon`, `--trous` with the partie à écrire).
    pub(crate) fn run(self) -> Result<(), CliError> {
        match self.form {
            FormArg::Ordinaire => self.play_ordinaire(),
            FormArg::Ecrire => self.play_ecrire(),
        }
    }

    fn play_ordinaire(self) -> Result<(), CliError> {
        let ecrire_only = self.marques.is_some()
            || self.convention.is_some()
            || self.progression.is_some()
            || self.settlement.first_given().is_some();
        if ecrire_only {
            return Err(CliError::input(
                "--form",
                match self.settlement.first_given() {
                    Some(flag) => format!(
                        "{flag} is an option of the settlement of a partie à écrire: it needs --form ecrire"
                    ),
                    None => {
                        "--marques, --convention and --progression need --form ecrire".to_owned()
                    }
                },
            ));
        }
        ordinaire::play(ordinaire::TrictracPlay {
            seed: self.seed,
            human: match self.side {
                ColourArg::White => trictrac_core::Colour::White,
                ColourArg::Black => trictrac_core::Colour::Black,
            },
            trous: self.trous,
            pavillon: self.pavillon,
            bot: self.bot,
        })
    }

    fn play_ecrire(self) -> Result<(), CliError> {
        if self.bot != "bot" {
            return Err(CliError::input(
                "--bot",
                "the partie à écrire is played against the heuristic bot (the TD-trained network learned the partie ordinaire)",
            ));
        }
        if self.pavillon {
            return Err(CliError::input(
                "--pavillon",
                "the pavillon option belongs to the partie ordinaire (a marqué always keeps its pavillon)",
            ));
        }
        if self.trous != 12 {
            return Err(CliError::input(
                "--trous",
                "a marqué of a partie à écrire has no trous to win: use --marques",
            ));
        }
        ecrire::play(
            self.seed,
            crate::games::ecrire::rules(
                self.marques.unwrap_or(8),
                self.convention.as_deref().unwrap_or("base"),
                self.progression.as_deref(),
                &self.settlement,
            )?,
            match self.side {
                ColourArg::White => boardgames_common::Player::First,
                ColourArg::Black => boardgames_common::Player::Second,
            },
        )
    }
}
