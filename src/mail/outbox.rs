//! The sender's doorbell: rung after a transaction that queued mail has committed. A plain
//! value, so the application state can hold it.

use std::sync::Arc;

use tokio::sync::Notify;

/// Wakes the sender after a transaction that queued mail has committed.
#[derive(Clone, Default)]
pub struct Outbox {
    wake: Arc<Notify>,
}

impl Outbox {
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    pub(super) async fn woken(&self) {
        self.wake.notified().await;
    }
}
