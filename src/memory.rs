//! What the server asks of glibc's allocator, so that its memory comes back down after a burst
//! (bench/RESULTS.md, the memory levers).

use std::time::Duration;

/// The thread that gives the heaps' free pages back (a name the kernel keeps whole: 15 bytes).
pub const TRIM_THREAD: &str = "memory-trim";
/// How often the heaps' free pages go back to the system.
pub const GIVE_BACK_EVERY: Duration = Duration::from_secs(5);

/// glibc raises its mmap threshold after the first large free, so each 19 MiB argon2 buffer
/// then lands on a heap that is never given back: a burst of logins grew the server past a
/// gigabyte. A fixed threshold keeps large buffers in their own mappings, freed at once.
pub fn keep_large_allocations_out_of_the_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes an allocator setting, under the allocator's own locks.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}

/// Every few seconds, hands the free pages inside glibc's heaps back to the system. glibc only
/// shrinks a heap from its top, so each of the readers', the writer's and tokio's heaps kept
/// the high-water mark of its busiest moment, free or not (about a third of the server's
/// resident memory after a busy minute). A pass takes a few milliseconds on its own thread;
/// the pages a heap uses again come back at a page fault each. Once a process, however many
/// servers it starts (the tests start many).
pub fn give_back_free_pages_periodically() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        static STARTED: std::sync::Once = std::sync::Once::new();
        STARTED.call_once(|| {
            std::thread::Builder::new()
                .name(TRIM_THREAD.into())
                .spawn(|| {
                    loop {
                        std::thread::sleep(GIVE_BACK_EVERY);
                        // SAFETY: malloc_trim takes each heap's own lock while it releases its pages.
                        unsafe {
                            libc::malloc_trim(0);
                        }
                    }
                })
                .expect("starting a thread");
        });
    }
}
