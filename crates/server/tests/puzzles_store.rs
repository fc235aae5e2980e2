//! The store's puzzles and lesson stars on both engines: every case runs
//! against SQLite, and against PostgreSQL when `KYOKU_TEST_POSTGRES` holds
//! the URL of a role that may create databases (`eval "$(.ci/postgres.sh)"`).

use kyoku_puzzle::{Goal, Puzzle};
use kyoku_rating::Rating;
use kyoku_server::store::{
    AccountRow, Attempt, Location, OpenOptions, Store, SyncMode, create_postgres_database,
};

/// The stores to run a case on: a fresh SQLite file (kept alive by the
/// directory returned with it) and, when configured, a fresh PostgreSQL
/// database.
async fn stores() -> Vec<(Store, Option<tempfile::TempDir>)> {
    let options = OpenOptions {
        sync: SyncMode::Normal,
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let at = Location::Sqlite(dir.path().join("kyoku.db"));
    let mut out = vec![(Store::open(&at, &options).await.expect("sqlite"), Some(dir))];
    match std::env::var("KYOKU_TEST_POSTGRES") {
        Ok(admin) => {
            let url = create_postgres_database(&admin).await.expect("database");
            let store = Store::open(&Location::Postgres(url), &options).await;
            out.push((store.expect("postgres"), None));
        }
        Err(_) => eprintln!("KYOKU_TEST_POSTGRES is not set: PostgreSQL is skipped"),
    }
    out
}

fn puzzle(id: &str, game: &str, rating: f64) -> Puzzle {
    Puzzle {
        id: id.into(),
        game: game.into(),
        options: serde_json::json!({"fen": id}),
        position: format!("position {id}"),
        goal: Goal::Win,
        solution: vec!["a".into(), "b".into(), "c".into()],
        themes: vec!["mate-in-2".into()],
        rating,
    }
}

async fn account(store: &Store, key: &str) {
    let a = AccountRow {
        key: key.into(),
        username: key.into(),
        password: Some("x".into()),
        created_at: 0,
        deleted: false,
        language: None,
    };
    assert!(store.create_account(&a).await.unwrap());
}

/// A right answer to `puzzle` by `account`, a new solver, at time 10.
fn right_at_ten(puzzle: &str, account: &str) -> Attempt {
    Attempt {
        puzzle: puzzle.into(),
        account: Some(account.into()),
        solver: Rating::NEW,
        correct: true,
        at: 10,
    }
}

#[tokio::test]
async fn puzzles_are_stored_once_and_counted() {
    for (store, _dir) in stores().await {
        let batch: Vec<Puzzle> = (0..30)
            .map(|i| puzzle(&format!("d{i:03}"), "dobutsu", 1000.0 + 20.0 * i as f64))
            .chain((0..4).map(|i| puzzle(&format!("s{i}"), "shogun", 1500.0)))
            .collect();
        assert_eq!(store.insert_puzzles(&batch, 100).await.unwrap(), 34);
        assert_eq!(store.insert_puzzles(&batch[..5], 200).await.unwrap(), 0);
        let counts = store.puzzle_counts().await.unwrap();
        assert_eq!(counts, vec![("dobutsu".into(), 30), ("shogun".into(), 4)]);
        let row = store.puzzle("d007").await.unwrap().expect("stored");
        assert_eq!(row.puzzle, batch[7]);
        assert_eq!((row.plies, row.attempts, row.created_at), (3, 0, 100));
        assert!(store.puzzle("nope").await.unwrap().is_none());
        let page = store.puzzles(Some("dobutsu"), "d010", 5).await.unwrap();
        let ids: Vec<_> = page.iter().map(|r| r.puzzle.id.as_str()).collect();
        assert_eq!(ids, ["d011", "d012", "d013", "d014", "d015"]);
        assert_eq!(store.puzzles(None, "", 100).await.unwrap().len(), 34);
    }
}

#[tokio::test]
async fn the_next_puzzle_is_near_the_rating_and_not_yet_tried() {
    for (store, _dir) in stores().await {
        let batch: Vec<Puzzle> = (0..200)
            .map(|i| puzzle(&format!("d{i:03}"), "dobutsu", 10.0 * i as f64))
            .collect();
        store.insert_puzzles(&batch, 1).await.unwrap();
        for _ in 0..20 {
            let p = store.next_puzzle("dobutsu", 1000.0, None, None).await;
            let r = p.unwrap().expect("one").puzzle.rating;
            // 25 above and 25 below 1000, 10 apart.
            assert!((750.0..1250.0).contains(&r), "{r}");
        }
        assert!(
            store
                .next_puzzle("shiamgon", 1500.0, None, None)
                .await
                .unwrap()
                .is_none()
        );
        // A solver who tried one of only two is given the other.
        let two = [
            puzzle("x1", "shogun", 1500.0),
            puzzle("x2", "shogun", 1500.0),
        ];
        store.insert_puzzles(&two, 1).await.unwrap();
        account(&store, "kate").await;
        let tried = right_at_ten("x1", "kate");
        store.record_attempt(&tried).await.unwrap().expect("known");
        for _ in 0..10 {
            let p = store.next_puzzle("shogun", 1500.0, Some("kate"), None);
            assert_eq!(p.await.unwrap().unwrap().puzzle.id, "x2");
            let p = store.next_puzzle("shogun", 1500.0, None, Some("x1"));
            assert_eq!(p.await.unwrap().unwrap().puzzle.id, "x2");
        }
        // Once all are tried, tried ones come again rather than none.
        let other = Attempt {
            puzzle: "x2".into(),
            ..tried
        };
        store.record_attempt(&other).await.unwrap();
        let again = store.next_puzzle("shogun", 1500.0, Some("kate"), None);
        assert!(again.await.unwrap().is_some());
    }
}

#[tokio::test]
async fn attempts_move_ratings_once_per_account() {
    for (store, _dir) in stores().await {
        store
            .insert_puzzles(
                &[
                    puzzle("p1", "dobutsu", 1500.0),
                    puzzle("p2", "dobutsu", 1500.0),
                ],
                1,
            )
            .await
            .unwrap();
        account(&store, "omar").await;
        let right = right_at_ten("p1", "omar");
        let a = store.record_attempt(&right).await.unwrap().expect("known");
        assert!(a.rated);
        assert!(a.solver.rating > a.solver_before.rating);
        assert!(a.puzzle.rating < a.puzzle_before.rating);
        let stored = store.ratings("omar").await.unwrap();
        assert_eq!(stored.len(), 1);
        assert_eq!(stored[0].pool, "puzzles-dobutsu");
        assert_eq!(stored[0].rating, a.solver);
        assert!(store.attempted("omar", "p1").await.unwrap());
        assert!(!store.attempted("omar", "p2").await.unwrap());
        let row = store.puzzle("p1").await.unwrap().unwrap();
        assert_eq!((row.attempts, row.solved), (1, 1));
        assert_eq!(row.rating, a.puzzle);

        // The second attempt of the same puzzle moves nothing.
        let again = Attempt {
            correct: false,
            ..right.clone()
        };
        let b = store.record_attempt(&again).await.unwrap().unwrap();
        assert!(!b.rated);
        assert_eq!(b.solver, a.solver);
        assert_eq!(store.puzzle("p1").await.unwrap().unwrap().attempts, 1);

        // A wrong first attempt: solver down, puzzle up.
        let wrong = Attempt {
            puzzle: "p2".into(),
            correct: false,
            at: 11,
            ..right.clone()
        };
        let c = store.record_attempt(&wrong).await.unwrap().unwrap();
        assert!(c.rated && c.solver.rating < c.solver_before.rating);
        assert!(c.puzzle.rating > c.puzzle_before.rating);
        assert_eq!(c.solver_before, a.solver);

        // Anonymous: the given rating is moved and the puzzle's too, and
        // nothing is kept for the solver.
        let anon = Attempt {
            puzzle: "p2".into(),
            account: None,
            solver: Rating {
                rating: 1700.0,
                rd: 80.0,
                volatility: 0.06,
            },
            correct: true,
            at: 12,
        };
        let d = store.record_attempt(&anon).await.unwrap().unwrap();
        assert!(d.rated && d.solver.rating > 1700.0);
        assert_eq!(d.puzzle_before, c.puzzle);
        let unknown = Attempt {
            puzzle: "zz".into(),
            ..anon
        };
        assert!(store.record_attempt(&unknown).await.unwrap().is_none());
    }
}

#[tokio::test]
async fn lesson_stars_keep_the_most() {
    for (store, _dir) in stores().await {
        assert!(store.lesson_stars("ana").await.unwrap().is_empty());
        // (account, game, lesson, stars earned, stars kept), in order: fewer
        // stars keep the most; more than a lesson gives are kept as its most.
        let earned = [
            ("ana", "dobutsu", "l1", 2, 2),
            ("ana", "dobutsu", "l1", 1, 2),
            ("ana", "dobutsu", "l1", 3, 3),
            ("ana", "shogun", "l1", 9, 3),
            ("bo", "dobutsu", "l2", 1, 1),
        ];
        for (account, game, lesson, stars, kept) in earned {
            let got = store.set_lesson_stars(account, game, lesson, stars).await;
            assert_eq!(got.unwrap(), kept, "{account} {game} {lesson} {stars}");
        }
        let got: Vec<_> = store
            .lesson_stars("ana")
            .await
            .unwrap()
            .into_iter()
            .map(|s| (s.game, s.lesson, s.stars))
            .collect();
        assert_eq!(
            got,
            [
                ("dobutsu".into(), "l1".into(), 3),
                ("shogun".into(), "l1".into(), 3)
            ]
        );
    }
}
