use trictrac_core::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pos: Position = args[1].parse().unwrap();
    let throw: Throw = args[2].parse().unwrap();
    let l = pos.legal_plays(throw);
    for p in l.iter() {
        println!("{p}");
    }
    println!(
        "len {} dice {} unplayed {:?}",
        l.len(),
        l.dice_played(),
        l.unplayed()
    );
}
