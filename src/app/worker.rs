//! Every job the game runs in the background goes through one [`Worker`]:
//! the hint's search, the editor's check, the watched solution and its
//! optimizer, an endless level being made, a list's levels being rated. The job runs on a thread of its
//! own and reports progress as it goes, then its result; a panic in it, or
//! a thread that cannot start, comes back as a [`Failure`], never as a
//! crash. The screen that owns a worker takes its reports in when the app
//! ticks it, and asks the event loop to wake for them with
//! [`Wake::Report`]; with nothing running the loop blocks on input, so an
//! idle game costs no CPU. Dropping the worker cancels the job, so a job
//! ends when the screen that wanted it goes away.

use std::any::Any;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// A job running on a thread of its own, owned by whoever wants its
/// result. `P` is what it reports on the way, `R` its result.
pub struct Worker<P, R> {
    shared: Arc<Shared<P, R>>,
}

/// What a job has reported since its worker was last polled.
#[derive(Debug, PartialEq, Eq)]
pub enum Report<P, R> {
    /// How far it has got: the latest, when it reported more than once.
    Progress(P),
    Done(R),
    /// It panicked, or no thread could be started for it.
    Failed(Failure),
}

/// Why a job has no result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// A bug in it: the panic's message.
    Panicked(String),
    /// No thread to run it on, with the system's reason.
    NoThread(std::io::ErrorKind),
}

/// The job's side of its worker.
pub struct Job<'a, P> {
    cancel: &'a AtomicBool,
    report: &'a dyn Fn(P),
}

impl<P> Job<'_, P> {
    /// Raised once the worker is dropped: a long job reads it often and
    /// stops. The solver and the generator take it as it is.
    pub fn cancelled(&self) -> &AtomicBool {
        self.cancel
    }

    /// Tells the owner how far the job has got. Only the latest report not
    /// yet taken is kept, so reporting often costs no memory.
    pub fn report(&self, progress: P) {
        (self.report)(progress);
    }
}

/// When a screen wants the event loop to wake it, besides at the next
/// event.
#[derive(Clone, Debug, Default)]
pub enum Wake {
    /// Only at the next event: the loop blocks on input.
    #[default]
    Idle,
    /// When this job has news; the loop also wakes often enough to
    /// animate while it works.
    Report(Waiter),
    /// At this time on the app's clock (the next move of a watched
    /// solution).
    At(Duration),
}

/// Waits for a job's next report from outside, for tests that drive the
/// app with no event loop and no clock.
#[derive(Clone)]
pub struct Waiter(Arc<dyn Signal>);

impl Waiter {
    /// Blocks until the job has reported something not yet taken, or has
    /// ended. Bounded by the job, never by the clock.
    pub fn wait(&self) {
        self.0.wait();
    }
}

impl fmt::Debug for Waiter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Waiter")
    }
}

/// Reads a job's cancel flag without being able to raise it, still
/// readable once the worker is gone: how tests see that leaving a screen
/// stopped its job.
#[cfg(any(test, feature = "queries"))]
#[derive(Clone)]
pub struct CancelWatch(Arc<dyn Signal>);

#[cfg(any(test, feature = "queries"))]
impl CancelWatch {
    pub fn is_cancelled(&self) -> bool {
        self.0.is_cancelled()
    }
}

#[cfg(any(test, feature = "queries"))]
impl fmt::Debug for CancelWatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CancelWatch({})", self.is_cancelled())
    }
}

/// What the owner and the job share.
struct Shared<P, R> {
    cancel: AtomicBool,
    inbox: Mutex<Inbox<P, R>>,
    /// Told whenever the inbox gets something.
    changed: Condvar,
}

struct Inbox<P, R> {
    progress: Option<P>,
    end: Option<Result<R, Failure>>,
    /// The job has ended, its end perhaps already taken.
    ended: bool,
}

impl<P, R> Shared<P, R> {
    /// The inbox, whatever panicked while holding it: only plain
    /// assignments happen under the lock.
    fn inbox(&self) -> MutexGuard<'_, Inbox<P, R>> {
        self.inbox.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn post(&self, change: impl FnOnce(&mut Inbox<P, R>)) {
        change(&mut self.inbox());
        self.changed.notify_all();
    }

    fn end(&self, end: Result<R, Failure>) {
        self.post(|inbox| {
            inbox.end = Some(end);
            inbox.ended = true;
        });
    }
}

/// A job's signals as the event loop and tests see them, whatever it
/// reports.
trait Signal: Send + Sync {
    fn wait(&self);
    #[cfg(any(test, feature = "queries"))]
    fn is_cancelled(&self) -> bool;
}

impl<P: Send, R: Send> Signal for Shared<P, R> {
    fn wait(&self) {
        let inbox = self.inbox();
        let _inbox = self
            .changed
            .wait_while(inbox, |inbox| inbox.progress.is_none() && !inbox.ended)
            .unwrap_or_else(PoisonError::into_inner);
    }

    #[cfg(any(test, feature = "queries"))]
    fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

impl<P: Send + 'static, R: Send + 'static> Worker<P, R> {
    /// Starts `job` on a thread called `name` (as a debugger or a panic
    /// message shows it).
    pub fn spawn(name: &str, job: impl FnOnce(&Job<'_, P>) -> R + Send + 'static) -> Self {
        let shared = Arc::new(Shared {
            cancel: AtomicBool::new(false),
            inbox: Mutex::new(Inbox {
                progress: None,
                end: None,
                ended: false,
            }),
            changed: Condvar::new(),
        });
        let theirs = Arc::clone(&shared);
        let started = std::thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || {
                let report = |progress| theirs.post(|inbox| inbox.progress = Some(progress));
                let side = Job {
                    cancel: &theirs.cancel,
                    report: &report,
                };
                let end = catch_unwind(AssertUnwindSafe(|| job(&side)))
                    .map_err(|panic| Failure::Panicked(panic_message(&*panic)));
                theirs.end(end);
            });
        if let Err(error) = started {
            shared.end(Err(Failure::NoThread(error.kind())));
        }
        Self { shared }
    }

    /// What the job has reported since the last poll: its latest progress
    /// first, then, once, its end. `None` while there is nothing new.
    pub fn poll(&self) -> Option<Report<P, R>> {
        let mut inbox = self.shared.inbox();
        if let Some(progress) = inbox.progress.take() {
            return Some(Report::Progress(progress));
        }
        inbox.end.take().map(|end| match end {
            Ok(result) => Report::Done(result),
            Err(failure) => Report::Failed(failure),
        })
    }

    /// For the event loop: wake when this job has news.
    pub fn wake(&self) -> Wake {
        Wake::Report(Waiter(Arc::clone(&self.shared) as Arc<dyn Signal>))
    }

    #[cfg(any(test, feature = "queries"))]
    pub fn cancel_watch(&self) -> CancelWatch {
        CancelWatch(Arc::clone(&self.shared) as Arc<dyn Signal>)
    }
}

impl<P, R> Drop for Worker<P, R> {
    fn drop(&mut self) {
        self.shared.cancel.store(true, Ordering::Relaxed);
    }
}

impl<P, R> fmt::Debug for Worker<P, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Worker")
    }
}

/// What a panic said, as `panic!` with a message leaves it.
fn panic_message(panic: &(dyn Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|text| (*text).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic with no message".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Waits for the worker's next report.
    fn next<P: Send + 'static, R: Send + 'static>(worker: &Worker<P, R>) -> Report<P, R> {
        loop {
            if let Some(report) = worker.poll() {
                return report;
            }
            let Wake::Report(waiter) = worker.wake() else {
                unreachable!("a worker always wakes for its job");
            };
            waiter.wait();
        }
    }

    #[test]
    fn progress_comes_before_the_result_and_the_end_comes_once() {
        let (reported, has_reported) = std::sync::mpsc::channel();
        let (go, wait) = std::sync::mpsc::channel::<()>();
        let worker = Worker::spawn("test", move |job: &Job<'_, u32>| {
            job.report(1);
            job.report(2);
            let _ = reported.send(());
            // Held until the test has seen the progress.
            let _ = wait.recv();
            "made"
        });
        has_reported.recv().expect("the job reports");
        assert_eq!(worker.poll(), Some(Report::Progress(2)), "only the latest");
        assert_eq!(worker.poll(), None, "nothing new");
        go.send(()).expect("the job waits");
        assert_eq!(next(&worker), Report::Done("made"));
        assert_eq!(worker.poll(), None);
        // An ended job's waiter does not block.
        let Wake::Report(waiter) = worker.wake() else {
            unreachable!("a worker always wakes for its job");
        };
        waiter.wait();
    }

    #[test]
    fn a_panic_in_the_job_is_its_failure() {
        let worker: Worker<(), ()> = Worker::spawn("test", |_| panic!("a bug, on purpose"));
        assert_eq!(
            next(&worker),
            Report::Failed(Failure::Panicked("a bug, on purpose".to_owned()))
        );
    }

    #[test]
    fn dropping_the_worker_cancels_the_job() {
        let (seen, saw) = std::sync::mpsc::channel();
        let worker: Worker<(), ()> = Worker::spawn("test", move |job| {
            // Ends only once cancelled; reports each time round.
            while !job.cancelled().load(Ordering::Relaxed) {
                job.report(());
                std::thread::yield_now();
            }
            let _ = seen.send(());
        });
        let watch = worker.cancel_watch();
        assert_eq!(next(&worker), Report::Progress(()));
        assert!(!watch.is_cancelled());
        drop(worker);
        assert!(watch.is_cancelled());
        saw.recv().expect("the job saw the flag and ended");
    }
}
