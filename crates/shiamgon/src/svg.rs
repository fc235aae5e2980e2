//! SVG drawing (to come).
