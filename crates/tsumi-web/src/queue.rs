//! The search queue: at most `running` searches at once (`--max-searches`),
//! at most `waiting` more waiting in line (`--max-queue`), each waiting
//! request told how many are ahead of it; past that bound a request is
//! refused (503). A request that goes away while waiting leaves the line;
//! a search gives its place back when it ends, whoever was watching it.
//! A collection's check ([`Queue::join_many`]) takes as many slots as it
//! runs jobs.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::watch;

/// The queue shared by every request.
pub struct Queue {
    state: Mutex<State>,
    /// Bumped at every change, so that waiting requests look again.
    changed: watch::Sender<u64>,
    max_running: usize,
    max_waiting: usize,
}

struct State {
    running: usize,
    waiting: VecDeque<u64>,
    next: u64,
}

/// A request's place in the line (until it is admitted).
pub struct Ticket {
    queue: Arc<Queue>,
    id: u64,
    /// The slots it takes when admitted.
    slots: usize,
    admitted: bool,
    changed: watch::Receiver<u64>,
}

/// A running search's slot, given back when dropped.
pub struct Permit {
    queue: Arc<Queue>,
    slots: usize,
}

/// Where a waiting request stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Its turn: the search may start.
    Admitted,
    /// This many requests are ahead of it (running searches not counted).
    Waiting(usize),
}

impl Queue {
    /// A queue running at most `max_running` searches (at least one) with
    /// at most `max_waiting` requests waiting.
    pub fn new(max_running: usize, max_waiting: usize) -> Arc<Queue> {
        Arc::new(Queue {
            state: Mutex::new(State {
                running: 0,
                waiting: VecDeque::new(),
                next: 0,
            }),
            changed: watch::channel(0).0,
            max_running: max_running.max(1),
            max_waiting,
        })
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn bump(&self) {
        self.changed.send_modify(|v| *v += 1);
    }

    /// A place at the end of the line, or `None` when the line is full.
    pub fn join(self: &Arc<Queue>) -> Option<Ticket> {
        self.join_many(1)
    }

    /// A place at the end of the line for a request that runs `slots`
    /// searches at once (at most the searches the queue runs), or `None`
    /// when the line is full.
    pub fn join_many(self: &Arc<Queue>, slots: usize) -> Option<Ticket> {
        let mut s = self.state();
        // Those in line that a free slot will take at once do not wait.
        let free = self.max_running.saturating_sub(s.running);
        if s.waiting.len().saturating_sub(free) >= self.max_waiting {
            return None;
        }
        let id = s.next;
        s.next += 1;
        s.waiting.push_back(id);
        Some(Ticket {
            queue: self.clone(),
            id,
            slots: slots.clamp(1, self.max_running),
            admitted: false,
            changed: self.changed.subscribe(),
        })
    }

    /// Searches running and requests waiting.
    pub fn load(&self) -> (usize, usize) {
        let s = self.state();
        (s.running, s.waiting.len())
    }
}

impl Ticket {
    /// Admits the request if it is first in line and a slot is free;
    /// else says how many are ahead.
    pub fn place(&mut self) -> (Place, Option<Permit>) {
        let q = &self.queue;
        let mut s = q.state();
        let ahead = s.waiting.iter().position(|&i| i == self.id).unwrap_or(0);
        if ahead == 0 && s.running + self.slots <= q.max_running {
            s.waiting.pop_front();
            s.running += self.slots;
            self.admitted = true;
            drop(s);
            q.bump();
            let permit = Permit {
                queue: q.clone(),
                slots: self.slots,
            };
            return (Place::Admitted, Some(permit));
        }
        (Place::Waiting(ahead), None)
    }

    /// Waits until the queue changes.
    pub async fn changed(&mut self) {
        // The sender lives as long as the queue, which this ticket holds.
        let _ = self.changed.changed().await;
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        if !self.admitted {
            self.queue.state().waiting.retain(|&i| i != self.id);
            self.queue.bump();
        }
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        self.queue.state().running -= self.slots;
        self.queue.bump();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_come_first_served_within_the_bounds() {
        let q = Queue::new(1, 2);
        let mut a = q.join().unwrap();
        let mut b = q.join().unwrap();
        let mut c = q.join().unwrap();
        assert!(q.join().is_none(), "two waiting behind the running one");
        let (place, pa) = a.place();
        assert_eq!(place, Place::Admitted);
        assert_eq!(b.place().0, Place::Waiting(0));
        assert_eq!(c.place().0, Place::Waiting(1));
        assert_eq!(q.load(), (1, 2));
        // c cannot jump the line; b leaves it; c moves up.
        drop(b);
        assert_eq!(c.place().0, Place::Waiting(0));
        drop(pa);
        let (place, pc) = c.place();
        assert_eq!(place, Place::Admitted);
        assert_eq!(q.load(), (1, 0));
        drop(pc);
        drop(a);
        drop(c);
        assert_eq!(q.load(), (0, 0));
    }

    #[test]
    fn a_request_of_several_slots_waits_for_them_all() {
        let q = Queue::new(2, 4);
        let mut one = q.join().unwrap();
        let mut many = q.join_many(5).unwrap();
        let mut after = q.join().unwrap();
        let (_, p1) = one.place();
        assert!(p1.is_some());
        // Two slots (clamped from five) and one is taken: it waits, and
        // the request behind it does not jump the line.
        assert_eq!(many.place().0, Place::Waiting(0));
        assert_eq!(after.place().0, Place::Waiting(1));
        drop(p1);
        let (place, pm) = many.place();
        assert_eq!(place, Place::Admitted);
        assert_eq!(q.load(), (2, 1));
        assert_eq!(after.place().0, Place::Waiting(0));
        drop(pm);
        assert_eq!(after.place().0, Place::Admitted);
    }
}
