//! The sweep the difficulty bands are cut from, and the generation
//! benchmark: for each size and difficulty, levels from seeds 1 to N
//! (default 100), with their ratings, positions searched and times.
//!
//! `cargo run --release -p schokoban-generate --example sweep -- [N] [any]
//! [SIZE...] [DIFFICULTY...]`
//!
//! With `any`, every level is the first candidate that passes the rules,
//! whatever its rating: the raw distribution the bands are cut from.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use schokoban_generate::{Band, Difficulty, Request, Size, generate_in_band};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seeds: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(100);
    let any = args.iter().any(|a| a == "any");
    let sizes: Vec<Size> = Size::ALL
        .into_iter()
        .filter(|s| {
            !args.iter().any(|a| a.parse::<Size>().is_ok()) || args.contains(&s.name().to_owned())
        })
        .collect();
    let difficulties: Vec<Difficulty> = Difficulty::ALL
        .into_iter()
        .filter(|d| {
            !args.iter().any(|a| a.parse::<Difficulty>().is_ok())
                || args.contains(&d.name().to_owned())
        })
        .collect();
    let cancel = AtomicBool::new(false);
    println!(
        "size   difficulty  seeds  in band  score p10/p33/p50/p67/p90   median s  max s  median positions  median boxes"
    );
    for size in sizes {
        for &difficulty in &difficulties {
            let band = if any {
                Band::ANY
            } else {
                Band::of(size, difficulty)
            };
            let mut scores = Vec::new();
            let mut seconds = Vec::new();
            let mut positions = Vec::new();
            let mut in_band = 0;
            let mut boxes = Vec::new();
            let mut candidates = Vec::new();
            let mut rejected = std::collections::BTreeMap::new();
            for seed in 1..=seeds {
                let request = Request {
                    seed,
                    size,
                    difficulty,
                };
                let start = Instant::now();
                let Ok(made) = generate_in_band(&request, band, &cancel, &mut |_| {}) else {
                    println!("seed {seed}: no level");
                    continue;
                };
                seconds.push(start.elapsed().as_secs_f64());
                positions.push(made.positions);
                scores.push(made.rating.score);
                boxes.push(made.level.boxes().len());
                candidates.push((made.candidates, made.rating.positions));
                for why in &made.rejected {
                    *rejected.entry(why.to_string()).or_insert(0) += 1;
                }
                in_band += usize::from(made.in_band);
            }
            scores.sort_unstable();
            seconds.sort_by(f64::total_cmp);
            positions.sort_unstable();
            boxes.sort_unstable();
            let pick = |p: usize| scores.get(scores.len() * p / 100).copied().unwrap_or(0);
            println!(
                "{:6} {:10}  {:5}  {:7}  {:>4}/{:>3}/{:>3}/{:>3}/{:>3}        {:8.3}  {:5.2}  {:16}  {}",
                size.name(),
                difficulty.name(),
                scores.len(),
                in_band,
                pick(10),
                pick(33),
                pick(50),
                pick(67),
                pick(90),
                seconds.get(seconds.len() / 2).copied().unwrap_or(0.0),
                seconds.last().copied().unwrap_or(0.0),
                positions.get(positions.len() / 2).copied().unwrap_or(0),
                boxes.get(boxes.len() / 2).copied().unwrap_or(0),
            );
            println!("    candidates: {candidates:?}");
            for (why, count) in &rejected {
                println!("    rejected {count}: {why}");
            }
        }
    }
}
