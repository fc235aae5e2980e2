//! The puzzles API (being written).

use std::sync::Arc;

use axum::Router;

use crate::app::App;

/// The puzzles routes under `/api`.
pub(crate) fn routes() -> Router<Arc<App>> {
    Router::new()
}
