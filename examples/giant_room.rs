//! Writes a giant open room for testing the solver's and the game's limits:
//! `cargo run --example giant_room -- 250 4000 > giant.xsb`, then
//! `/usr/bin/time -v target/release/schokoban solve giant.xsb --timeout 5`.

#[path = "../tests/common/giant_room.rs"]
mod giant_room;

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: giant_room SIDE BOXES";
    let side: usize = args.next().ok_or_else(|| anyhow::anyhow!(usage))?.parse()?;
    let boxes: usize = args.next().ok_or_else(|| anyhow::anyhow!(usage))?.parse()?;
    anyhow::ensure!(
        side >= 3 && 2 * boxes <= (side - 2) * (side - 2),
        "{boxes} boxes do not fit a {side} room"
    );
    print!("{}", giant_room::giant_room(side, boxes));
    Ok(())
}
