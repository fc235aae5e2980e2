//! The analyses answered lately, by what was asked (game, options,
//! position or moves, lines, budget). Kept in this process's memory on
//! purpose: it is not state — an entry is only work saved, the same
//! answer any instance computes again — so instances need not share it.
//! Bounded: the oldest entry goes when a new one comes to a full cache.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use serde_json::Value;

/// A bounded cache from a request's key to its answer.
pub(crate) struct Cache {
    inner: Mutex<Inner>,
    capacity: usize,
}

#[derive(Default)]
struct Inner {
    map: HashMap<String, Value>,
    order: VecDeque<String>,
}

impl Cache {
    /// Room for `capacity` answers (0: keeps none).
    pub(crate) fn new(capacity: usize) -> Cache {
        Cache {
            inner: Mutex::new(Inner::default()),
            capacity,
        }
    }

    /// The answer stored for `key`.
    pub(crate) fn get(&self, key: &str) -> Option<Value> {
        let inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        inner.map.get(key).cloned()
    }

    /// Stores `value` for `key`, forgetting the oldest entries beyond the
    /// capacity.
    pub(crate) fn put(&self, key: String, value: Value) {
        if self.capacity == 0 {
            return;
        }
        let mut inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        if inner.map.insert(key.clone(), value).is_none() {
            inner.order.push_back(key);
        }
        while inner.map.len() > self.capacity {
            let Some(old) = inner.order.pop_front() else {
                break;
            };
            inner.map.remove(&old);
        }
    }

    /// How many answers it holds.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.inner.lock().map(|i| i.map.len()).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn it_keeps_at_most_its_capacity_and_forgets_the_oldest() {
        let c = Cache::new(2);
        c.put("a".into(), json!(1));
        c.put("b".into(), json!(2));
        c.put("a".into(), json!(3));
        assert_eq!(c.len(), 2);
        c.put("c".into(), json!(4));
        assert_eq!(c.len(), 2);
        assert_eq!(c.get("a"), None);
        assert_eq!(c.get("b"), Some(json!(2)));
        assert_eq!(c.get("c"), Some(json!(4)));
        let none = Cache::new(0);
        none.put("a".into(), json!(1));
        assert_eq!(none.get("a"), None);
    }
}
