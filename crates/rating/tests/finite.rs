//! No input, however absurd, gives a non-finite rating or an RD out of
//! (0, MAX_RD].

use kyoku_rating::{
    Game, MAX_RD, MAX_VOLATILITY, MIN_VOLATILITY, Rating, expectancy, idle, settle, update,
};
use proptest::prelude::*;

/// Any finite f64 (the bit-pattern strategies reach the extremes: 0,
/// subnormals, ±f64::MAX).
fn finite() -> impl Strategy<Value = f64> {
    use proptest::num::f64::{NEGATIVE, NORMAL, POSITIVE, SUBNORMAL, ZERO};
    POSITIVE | NEGATIVE | NORMAL | SUBNORMAL | ZERO
}

/// Ratings from plausible to absurd.
fn any_rating() -> impl Strategy<Value = Rating> {
    let plausible = (0.0..5000.0, 1e-6..=MAX_RD, 1e-4..0.5);
    let extreme = (
        prop_oneof![Just(0.0), Just(5000.0), Just(-1e300), Just(f64::MAX)],
        prop_oneof![Just(1e-6), Just(0.0), Just(MAX_RD), Just(1e9)],
        prop_oneof![Just(0.0), Just(1e-300), Just(0.06), Just(1e300)],
    );
    prop_oneof![
        plausible.prop_map(|(rating, rd, volatility)| Rating {
            rating,
            rd,
            volatility
        }),
        extreme.prop_map(|(rating, rd, volatility)| Rating {
            rating,
            rd,
            volatility
        }),
        (finite(), finite(), finite()).prop_map(|(rating, rd, volatility)| Rating {
            rating,
            rd,
            volatility
        }),
    ]
}

fn any_score() -> impl Strategy<Value = f64> {
    prop_oneof![Just(0.0), Just(0.5), Just(1.0), finite()]
}

fn any_tau() -> impl Strategy<Value = f64> {
    prop_oneof![0.3..1.2, finite()]
}

fn check(rating: Rating) -> Result<(), TestCaseError> {
    prop_assert!(rating.rating.is_finite(), "{:?}", rating);
    prop_assert!(rating.rd > 0.0 && rating.rd <= MAX_RD, "{:?}", rating);
    prop_assert!(
        (MIN_VOLATILITY..=MAX_VOLATILITY).contains(&rating.volatility),
        "{:?}",
        rating
    );
    Ok(())
}

proptest! {
    #[test]
    fn update_is_finite(
        player in any_rating(),
        games in prop::collection::vec((any_rating(), any_score()), 0..8),
        tau in any_tau(),
    ) {
        let games: Vec<Game> = games
            .into_iter()
            .map(|(opponent, score)| Game { opponent, score })
            .collect();
        check(update(player, &games, tau))?;
    }

    #[test]
    fn settle_is_finite(
        table in prop::collection::vec((any_rating(), 1usize..5), 2..6),
        tau in any_tau(),
    ) {
        let (before, ranks): (Vec<Rating>, Vec<usize>) = table.into_iter().unzip();
        let after = settle(&before, &ranks, tau).unwrap();
        prop_assert_eq!(after.len(), before.len());
        for rating in after {
            check(rating)?;
        }
    }

    #[test]
    fn idle_and_expectancy_are_finite(a in any_rating(), b in any_rating(), periods: u32) {
        check(idle(a, periods))?;
        let e = expectancy(a, b);
        prop_assert!(e > 0.0 && e < 1.0, "{}", e);
    }

    #[test]
    fn repeated_periods_stay_finite(
        player in any_rating(),
        opponents in prop::collection::vec(any_rating(), 1..4),
        wins: bool,
    ) {
        // Many periods of the same result push the volatility and the RD to
        // their limits.
        let mut rating = player;
        let score = if wins { 1.0 } else { 0.0 };
        let games: Vec<Game> = opponents.iter().map(|&opponent| Game { opponent, score }).collect();
        for _ in 0..50 {
            rating = update(rating, &games, 1.2);
            check(rating)?;
        }
    }
}
