//! The numbers of Glicko-2 as Glickman defines it, and `settle`/`idle` built
//! on them.

use kyoku_rating::{
    Game, MAX_RD, PERIOD_SECONDS, Rating, SettleError, TAU, TAU_RANGE, expectancy, idle,
    idle_periods, settle, update,
};

fn rating(rating: f64, rd: f64) -> Rating {
    Rating {
        rating,
        rd,
        volatility: 0.06,
    }
}

#[track_caller]
fn near(got: f64, want: f64, tolerance: f64) {
    assert!(
        (got - want).abs() <= tolerance,
        "got {got}, want {want} ± {tolerance}"
    );
}

/// Glickman's worked example ("Example of the Glicko-2 system").
#[test]
fn glickman_example() {
    let games = [
        Game::win(rating(1400.0, 30.0)),
        Game::loss(rating(1550.0, 100.0)),
        Game::loss(rating(1700.0, 300.0)),
    ];
    let after = update(rating(1500.0, 200.0), &games, 0.5);
    // The paper's figures, which it rounds at every step.
    near(after.rating, 1464.06, 0.01);
    near(after.rd, 151.52, 0.01);
    near(after.volatility, 0.05999, 0.000_01);
    // The same computed without rounding (an independent implementation of
    // the paper): tighter, so that a slip in the last steps shows.
    near(after.rating, 1_464.050_670_539, 1e-6);
    near(after.rd, 151.516_524_124, 1e-6);
    near(after.volatility, 0.059_995_984_286, 1e-9);
}

#[test]
fn two_new_players_one_game() {
    let after = settle(&[Rating::NEW, Rating::NEW], &[1, 2], TAU).unwrap();
    near(after[0].rating, 1662.3, 0.1);
    near(after[1].rating, 1337.7, 0.1);
    near(after[0].rd, 290.3, 0.1);
    near(after[1].rd, 290.3, 0.1);
    near(after[0].rating, 1_662.310_893_906, 1e-6);
    near(after[0].rd, 290.318_963_718, 1e-6);
    near(after[0].volatility, 0.059_999_675_372, 1e-9);
    // Seat order does not matter: the winner may sit second.
    let swapped = settle(&[Rating::NEW, Rating::NEW], &[2, 1], TAU).unwrap();
    assert_eq!(swapped, vec![after[1], after[0]]);
    // Two seats are the ordinary two-player update.
    assert_eq!(
        after[0],
        update(Rating::NEW, &[Game::win(Rating::NEW)], TAU)
    );
    assert_eq!(
        after[1],
        update(Rating::NEW, &[Game::loss(Rating::NEW)], TAU)
    );
}

#[test]
fn draw_between_equals() {
    let after = settle(&[Rating::NEW, Rating::NEW], &[1, 1], TAU).unwrap();
    for seat in after {
        assert_eq!(seat.rating, 1500.0);
        assert!(seat.rd < MAX_RD);
        near(seat.rd, 290.318_961_614, 1e-6);
    }
    let settled = rating(1800.0, 60.0);
    let after = update(settled, &[Game::draw(settled)], TAU);
    assert_eq!(after.rating, 1800.0);
    // A game tells less than a period's volatility adds to an RD this small
    // (60 → 60.015), but more than a period without games.
    assert!(after.rd < idle(settled, 1).rd, "{after:?}");
    near(after.rd, 60.015_343, 1e-5);
}

/// A game of three: each seat's two pairwise results, in one period, against
/// the ratings from before the game.
#[test]
fn settle_three_seats() {
    let (a, b, c) = (
        rating(1500.0, 200.0),
        Rating {
            rating: 1400.0,
            rd: 30.0,
            volatility: 0.05,
        },
        rating(1700.0, 300.0),
    );
    let after = settle(&[a, b, c], &[1, 2, 3], TAU).unwrap();
    let by_hand = [
        update(a, &[Game::win(b), Game::win(c)], TAU),
        update(b, &[Game::loss(a), Game::win(c)], TAU),
        update(c, &[Game::loss(a), Game::loss(b)], TAU),
    ];
    assert_eq!(after, by_hand);
    // One period, not two games in a row (which would rate the second game
    // against a changed rating and grow the RD twice).
    let chained = update(update(a, &[Game::win(b)], TAU), &[Game::win(c)], TAU);
    assert!(
        (after[0].rating - chained.rating).abs() > 0.5,
        "{chained:?}"
    );

    // Equal ranks draw; only the order of the ranks matters.
    let tied = settle(&[a, b, c], &[2, 5, 2], TAU).unwrap();
    let by_hand = [
        update(a, &[Game::win(b), Game::draw(c)], TAU),
        update(b, &[Game::loss(a), Game::loss(c)], TAU),
        update(c, &[Game::draw(a), Game::win(b)], TAU),
    ];
    assert_eq!(tied, by_hand);
    // The winner gains, the loser loses.
    assert!(after[0].rating > a.rating && after[2].rating < c.rating);
}

#[test]
fn settle_rejects_bad_tables() {
    assert_eq!(
        settle(&[Rating::NEW], &[1], TAU),
        Err(SettleError::TooFewSeats { seats: 1 })
    );
    assert_eq!(
        settle(&[], &[], TAU),
        Err(SettleError::TooFewSeats { seats: 0 })
    );
    let error = settle(&[Rating::NEW; 3], &[1, 2], TAU).unwrap_err();
    assert_eq!(error, SettleError::RankCount { seats: 3, ranks: 2 });
    assert_eq!(error.to_string(), "3 seats need 3 ranks, not 2");
}

#[test]
fn no_games_only_grows_the_rd() {
    let player = rating(1650.0, 50.0);
    let after = update(player, &[], TAU);
    assert_eq!(after.rating, 1650.0);
    assert_eq!(after.volatility, 0.06);
    near(after.rd, 51.074_850_431, 1e-6);
    assert_eq!(after, idle(player, 1));
}

#[test]
fn idle_grows_the_rd_up_to_the_cap() {
    let player = rating(1650.0, 50.0);
    assert_eq!(idle(player, 0), player);
    near(idle(player, 10).rd, 59.886_588_359, 1e-6);
    let mut last = player.rd;
    for periods in [1, 2, 5, 30, 365, 3650] {
        let rd = idle(player, periods).rd;
        assert!(rd > last, "{periods} periods: {rd} after {last}");
        last = rd;
    }
    assert_eq!(idle(player, 100_000).rd, MAX_RD);
    assert_eq!(idle(player, u32::MAX).rd, MAX_RD);
    assert_eq!(idle(player, 100_000).rating, 1650.0);
}

#[test]
fn idle_periods_count_whole_days() {
    assert_eq!(idle_periods(0, 86_399), 0);
    assert_eq!(idle_periods(0, 86_400), 1);
    assert_eq!(idle_periods(1_000, 1_000 + 3 * PERIOD_SECONDS - 1), 2);
    assert_eq!(idle_periods(86_400, 0), 0);
    assert_eq!(idle_periods(5, 5), 0);
    assert_eq!(idle_periods(i64::MIN, i64::MAX), u32::MAX);
}

#[test]
fn expectancy_is_glickmans_e() {
    let player = rating(1500.0, 200.0);
    near(expectancy(player, rating(1400.0, 30.0)), 0.639, 0.0005);
    near(expectancy(player, rating(1550.0, 100.0)), 0.432, 0.0005);
    near(expectancy(player, rating(1700.0, 300.0)), 0.303, 0.0005);
    assert_eq!(expectancy(Rating::NEW, Rating::NEW), 0.5);
    let (a, b) = (rating(1900.0, 80.0), rating(1600.0, 80.0));
    near(expectancy(a, b) + expectancy(b, a), 1.0, 1e-12);
}

#[test]
fn provisional_above_110() {
    assert!(Rating::NEW.provisional());
    assert!(Rating::default().provisional());
    assert!(rating(1500.0, 110.1).provisional());
    assert!(!rating(1500.0, 110.0).provisional());
}

/// Out-of-range and non-finite inputs read as documented on `update`.
#[test]
fn out_of_range_inputs() {
    let games = [
        Game::win(rating(1400.0, 30.0)),
        Game::loss(rating(1550.0, 100.0)),
    ];
    let player = rating(1500.0, 200.0);
    let rated = |tau| update(player, &games, tau);
    assert_eq!(rated(1e-300), rated(TAU_RANGE.0));
    assert_eq!(rated(-3.0), rated(TAU_RANGE.0));
    assert_eq!(rated(1e300), rated(TAU_RANGE.1));
    assert_eq!(rated(f64::NAN), rated(TAU));
    // Scores clamp into [0, 1]; NaN is a draw.
    let scored = |score| {
        let opponent = rating(1400.0, 30.0);
        update(player, &[Game { opponent, score }], TAU)
    };
    assert_eq!(scored(7.0), scored(1.0));
    assert_eq!(scored(-1.0), scored(0.0));
    assert_eq!(scored(f64::NAN), scored(0.5));
    // RD clamps into [0, MAX_RD]; NaN fields are a new player's.
    let unknown = Rating {
        rating: f64::NAN,
        rd: 1e9,
        volatility: f64::NAN,
    };
    assert_eq!(
        update(unknown, &games, TAU),
        update(Rating::NEW, &games, TAU)
    );
}
