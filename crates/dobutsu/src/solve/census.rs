//! Temporary: counts what the table's slots hold.
#[cfg(test)]
mod tests {
    use super::super::board::{Convention, Status};
    use super::super::index::Indexer;
    use rayon::prelude::*;

    #[test]
    #[ignore]
    fn census() {
        let ix = Indexer::full();
        let n = ix.table_size();
        let r = (0..n.div_ceil(1 << 16))
            .into_par_iter()
            .map(|c| {
                let mut a = [0u64; 6];
                for i in c << 16..((c + 1) << 16).min(n) {
                    let p = ix.unrank(i);
                    match p.status(Convention::Seed) {
                        Status::Capture => a[0] += 1,
                        Status::Open => {
                            let (_l, _s, w) = p.count_moves(Convention::Seed);
                            if w { a[1] += 1 } else { a[2] += 1 }
                        }
                        _ => a[3] += 1,
                    }
                }
                a
            })
            .reduce(
                || [0; 6],
                |mut a, b| {
                    for i in 0..6 {
                        a[i] += b[i]
                    }
                    a
                },
            );
        eprintln!(
            "total {n} capture {} try-win {} rest {} other {}",
            r[0], r[1], r[2], r[3]
        );
    }
}
