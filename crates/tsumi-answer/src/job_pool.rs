//! Problems solved N at once (`tsumi solve --jobs N`, the `tsumi serve`
//! page's 全部検討): each job a thread with a solver (and a table) of its
//! own that takes the next problem of the batch when it has answered one.
//! The answers come back to the calling thread, which prints, writes or
//! sends them, as they are found or in input order.

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// How the jobs run.
#[derive(Clone, Copy, Debug)]
pub struct Jobs {
    /// How many at once.
    pub count: usize,
    /// Each job is a search thread for searches within this many plies, on
    /// which each solve searches directly (`tsumi_mate::search_thread`).
    pub max_ply: u16,
    /// The answers are handed on in input order.
    pub ordered: bool,
}

/// Runs `work` on every item of `items` with `jobs.count` threads, each
/// holding a state made by `start(job)` on its own thread (made again after a
/// `work` that panicked, whose item then gets `Err` with the panic's
/// message). `done(index, answer)` runs on the calling thread for each
/// item, in input order when `jobs.ordered`, else as the answers come. When
/// `done` fails, `stop` is raised (a `work` that watches it should end
/// soon), no further item is started, and the error is returned. Items
/// are started in input order.
pub fn run<T, S, R, E>(
    items: &[T],
    jobs: Jobs,
    stop: &AtomicBool,
    start: impl Fn(usize) -> S + Sync,
    work: impl Fn(&mut S, usize, &T) -> R + Sync,
    mut done: impl FnMut(usize, Result<R, String>) -> Result<(), E>,
) -> Result<(), E>
where
    T: Sync,
    R: Send,
{
    let next = AtomicUsize::new(0);
    let Jobs {
        count,
        max_ply,
        ordered,
    } = jobs;
    let count = count.clamp(1, items.len().max(1));
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, Result<R, String>)>();
        for job in 0..count {
            let tx = tx.clone();
            let (next, start, work) = (&next, &start, &work);
            let body = move || {
                let mut state = start(job);
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    let answer = catch_unwind(AssertUnwindSafe(|| work(&mut state, i, item)))
                        .map_err(|p| {
                            // What the panicking solve left behind is not
                            // trusted: the next item gets a new state.
                            state = start(job);
                            crate::record::panic_message(&*p)
                        });
                    if tx.send((i, answer)).is_err() {
                        break;
                    }
                }
            };
            tsumi_mate::spawn_scoped_search_thread(scope, "tsumi-job", max_ply, body)
                .expect("cannot start a job thread");
        }
        drop(tx);
        let mut waiting = BTreeMap::new();
        let mut expected = 0usize;
        for (i, answer) in rx {
            let r = if ordered {
                waiting.insert(i, answer);
                let mut r = Ok(());
                while let Some(a) = waiting.remove(&expected) {
                    r = done(expected, a);
                    expected += 1;
                    if r.is_err() {
                        break;
                    }
                }
                r
            } else {
                done(i, answer)
            };
            if let Err(e) = r {
                stop.store(true, Ordering::Relaxed);
                return Err(e);
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn every_item_once_in_order_when_asked() {
        let items: Vec<u64> = (0..50).collect();
        let stop = AtomicBool::new(false);
        let mut seen = Vec::new();
        run(
            &items,
            Jobs {
                count: 3,
                max_ply: 7,
                ordered: true,
            },
            &stop,
            |_| (),
            |_, _, &x| {
                // Later items finish first.
                std::thread::sleep(Duration::from_micros(50 * (50 - x)));
                x * 2
            },
            |i, r| {
                seen.push((i, r.unwrap()));
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        let want: Vec<(usize, u64)> = (0..50).map(|i| (i, i as u64 * 2)).collect();
        assert_eq!(seen, want);
    }

    #[test]
    fn every_item_once_as_they_come() {
        let items: Vec<u32> = (0..100).collect();
        let stop = AtomicBool::new(false);
        let mut seen = Vec::new();
        run(
            &items,
            Jobs {
                count: 4,
                max_ply: 7,
                ordered: false,
            },
            &stop,
            |j| j,
            |_, i, _| i,
            |i, r| {
                assert_eq!(r, Ok(i));
                seen.push(i);
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        seen.sort();
        assert_eq!(seen, (0..100).collect::<Vec<_>>());
    }

    #[test]
    fn a_panic_is_an_error_for_its_item_and_the_state_is_remade() {
        let items: Vec<u32> = (0..10).collect();
        let stop = AtomicBool::new(false);
        let starts = AtomicUsize::new(0);
        let mut errors = Vec::new();
        run(
            &items,
            Jobs {
                count: 1,
                max_ply: 7,
                ordered: true,
            },
            &stop,
            |_| starts.fetch_add(1, Ordering::Relaxed),
            |_, _, &x| {
                assert!(x != 4, "four");
                x
            },
            |i, r| {
                if let Err(e) = r {
                    errors.push((i, e));
                }
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].0, 4);
        assert!(errors[0].1.contains("four"), "{}", errors[0].1);
        assert_eq!(starts.load(Ordering::Relaxed), 2);
    }

    #[test]
    fn a_failing_consumer_stops_the_jobs() {
        let items: Vec<u32> = (0..1000).collect();
        let stop = AtomicBool::new(false);
        let worked = AtomicUsize::new(0);
        let r = run(
            &items,
            Jobs {
                count: 2,
                max_ply: 7,
                ordered: false,
            },
            &stop,
            |_| (),
            |_, _, _| {
                worked.fetch_add(1, Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(1));
            },
            |_, _| Err("reader gone"),
        );
        assert_eq!(r, Err("reader gone"));
        assert!(stop.load(Ordering::Relaxed));
        assert!(worked.load(Ordering::Relaxed) < 10);
    }
}
