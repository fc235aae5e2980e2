//! Analysis on the server: `POST /api/analyze` (the engine's best lines
//! for any position of any game), `GET /api/analyze/ws` (deeper answers
//! streamed while a page is open) and the review of a finished game
//! (`POST`/`GET /api/games/{id}/review`). The engine is
//! `kyoku_games::analyse`; this module adds what a shared server needs:
//!
//! - its **own bounded pool** (`pool`): a fixed number of worker threads
//!   (half the cores by default) fed by a bounded queue — never the pool
//!   the programs in seats think on, so analysis cannot queue their moves;
//!   a full queue is 503 `busy`, and so is a wait of 5 s for a worker;
//!   reviews run on one worker of their own, so that a whole game's
//!   review never holds up an analysis asked for;
//! - the **cap on work per request** (the engine's `MAX_LINES`,
//!   `MAX_DEPTH`, `MAX_MILLIS`: above it is 400 `bad_request`);
//! - **per-client limits**: analyses a minute per client address, a token
//!   bucket as for new games (429 `too_many_requests` with `Retry-After`);
//! - a bounded **cache** of answers (`cache`);
//! - **reviews** (`review`), stored with the game and made once, across
//!   instances (claimed in the store).

mod cache;
mod pool;
mod request;
mod review;
mod stream;

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::AtomicUsize;
use std::sync::{Arc, OnceLock};

use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use kyoku_games::analyse::AnalyseRequest;
use serde_json::Value;
use tokio::sync::Notify;

use crate::app::App;
use crate::error::ApiError;
use crate::extract::JsonBody;
use crate::limit::PerAddress;

pub(crate) use review::start_reviewer;

/// How the analysis service runs: its pool, queue, limits and cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Worker threads; `None`: half the cores, at least 1.
    pub threads: Option<usize>,
    /// Analyses waiting for a worker at most; one more is 503 `busy`.
    pub queue: usize,
    /// Analyses one client address may ask for a minute (all at once
    /// after a quiet minute); more get 429. 0: no limit.
    pub per_minute: u32,
    /// Answers kept in the cache (0: none).
    pub cache: usize,
    /// Analysis WebSockets open at once; one more is 503 `busy`.
    pub sockets: usize,
}

impl Default for Settings {
    /// Half the cores, 32 waiting, 60 a minute per client, 4,096 answers,
    /// 200 sockets.
    fn default() -> Self {
        Settings {
            threads: None,
            queue: 32,
            per_minute: 60,
            cache: 4096,
            sockets: 200,
        }
    }
}

impl Settings {
    /// The workers these settings give on this machine.
    pub fn worker_threads(&self) -> usize {
        self.threads
            .unwrap_or_else(|| {
                std::thread::available_parallelism()
                    .map(|n| n.get() / 2)
                    .unwrap_or(1)
            })
            .max(1)
    }
}

/// The analysis service of one server: made with its settings on first
/// use, or by [`Service::configure`] before.
#[derive(Default)]
pub struct Service {
    inner: OnceLock<Inner>,
    /// Wakes the review worker when a review is asked for.
    pub(crate) reviews: Arc<Notify>,
    /// Analysis WebSockets open.
    pub(crate) sockets: AtomicUsize,
}

pub(crate) struct Inner {
    pub(crate) pool: pool::Pool,
    /// The one worker reviews run on, apart from `pool`: a review is a
    /// whole game's analyses in one job, and an interactive analysis
    /// must not wait behind it.
    pub(crate) review_pool: pool::Pool,
    limit: Option<PerAddress>,
    cache: cache::Cache,
    pub(crate) settings: Settings,
}

impl Service {
    /// Sets the service up with `settings`; `false` when it was set up
    /// already (then nothing changes).
    pub fn configure(&self, settings: Settings) -> bool {
        self.inner.set(Inner::new(settings)).is_ok()
    }

    pub(crate) fn inner(&self) -> &Inner {
        self.inner.get_or_init(|| Inner::new(Settings::default()))
    }
}

impl Inner {
    fn new(settings: Settings) -> Inner {
        let threads = settings.worker_threads();
        Inner {
            pool: pool::Pool::new("analysis", threads, settings.queue),
            // One review at a time per instance (`review::run_due`).
            review_pool: pool::Pool::new("review", 1, 1),
            limit: (settings.per_minute > 0).then(|| PerAddress::per_minute(settings.per_minute)),
            cache: cache::Cache::new(settings.cache),
            settings,
        }
    }

    /// Counts one analysis against `client`'s allowance: 429
    /// `too_many_requests` with `Retry-After` when it asked for too many
    /// lately.
    pub(crate) fn admit(&self, client: IpAddr) -> Result<(), ApiError> {
        let Some(limit) = &self.limit else {
            return Ok(());
        };
        limit.take(client).map_err(|wait| {
            let wait_s = wait.as_secs().max(1);
            let mut e = request::error(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_requests",
                format!(
                    "too many analyses from your address (this server allows {} a minute); \
                     try again in {wait_s} s",
                    limit.allowance()
                ),
            );
            e.retry_after = Some(wait_s);
            e
        })
    }

    /// Analyses `req` on the pool, or answers from the cache.
    pub(crate) async fn analyse(&self, req: AnalyseRequest) -> Result<Value, ApiError> {
        let key = request::key(&req);
        if let Some(v) = self.cache.get(&key) {
            return Ok(v);
        }
        let out = self
            .pool
            .run(move || kyoku_games::analyse::analyse(&req))
            .await?
            .map_err(request::refusal)?;
        let v = serde_json::to_value(out)
            .map_err(|e| ApiError::internal(format!("an analysis could not be written: {e}")))?;
        self.cache.put(key, v.clone());
        Ok(v)
    }
}

/// The analysis routes under `/api`.
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
        .route("/analyze", post(analyze))
        .route("/analyze/ws", get(stream::upgrade))
        .route(
            "/games/{id}/review",
            get(review::status).post(review::request),
        )
}

/// `POST /api/analyze`.
async fn analyze(
    State(app): State<Arc<App>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    JsonBody(b): JsonBody<request::Body>,
) -> Result<Json<Value>, ApiError> {
    let req = request::read(b)?;
    // Counted once the request reads as one: a typo costs no allowance.
    let service = app.analysis.inner();
    service.admit(client.ip())?;
    Ok(Json(service.analyse(req).await?))
}
