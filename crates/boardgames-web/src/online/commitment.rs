//! The commitment to a room's seed: the players see
//! `sha256("boardgames-room-seed:" + salt + ":" + seed)` (the salt 32 hexadecimal digits, the
//! seed in decimal) from the start; the seed and salt are revealed when the game ends, and
//! anyone can then check the throws by replaying the record with its `Seed` tag.

use sha2::{Digest, Sha256};

/// The commitment of `seed` under `salt`, 64 hexadecimal digits.
#[must_use]
pub fn commit(seed: u64, salt: &str) -> String {
    hex(&Sha256::digest(
        format!("boardgames-room-seed:{salt}:{seed}").as_bytes(),
    ))
}

/// The SHA-256 of a secret token, as stored (64 hexadecimal digits).
#[must_use]
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// Lower-case hexadecimal.
#[must_use]
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `n` bytes from the operating system's cryptographic generator, as hexadecimal.
///
/// # Errors
/// The system's, when it has no random source to give.
pub fn random_hex(n: usize) -> Result<String, getrandom::Error> {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes)?;
    Ok(hex(&bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_the_sha256_of_the_phrase() {
        // Python's hashlib.sha256(b"boardgames-room-seed:00:7").hexdigest().
        assert_eq!(
            commit(7, "00"),
            "9478aa7040b729ada89ebbbf604b3a123fa4d39b964d9edd86ef6544ede4ab87"
        );
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_ne!(commit(8, "00"), commit(7, "00"));
        assert_eq!(random_hex(16).unwrap().len(), 32);
    }
}
