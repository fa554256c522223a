//! A large array that starts as all-zero bytes without being written, and
//! costs nothing to create: on Linux its memory is mapped straight from
//! the kernel (anonymous pages, which read as zero until first written),
//! so creating an array of any size takes microseconds, and only the
//! pages a search touches are ever committed, each as it is first
//! touched. Elsewhere it comes from the allocator's zeroed path.
//!
//! Pages may start small (4 KiB): a short search touches a few hundred
//! places of a table, and a first touch of a huge page (2 MiB) costs the
//! zeroing of all of it, far more than the search. A table that a long
//! search is filling asks for huge pages instead
//! ([`ZeroedArray::use_huge_pages`]), or from the start
//! ([`ZeroedArray::advise_huge_pages`]), so that lookups spread over
//! gigabytes do not miss the TLB on nearly every probe (25 % of the time
//! of a long search on 1 GiB here).

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Types for which the all-zero bit pattern is a valid value.
///
/// # Safety
/// Every field of an implementing type must accept all-zero bytes (plain
/// integers, `bool`, fieldless enums whose zero discriminant exists, and
/// arrays or structs of such).
pub(crate) unsafe trait Zeroable: Copy {}

// SAFETY: an integer.
unsafe impl Zeroable for u8 {}
// SAFETY: an integer.
unsafe impl Zeroable for u32 {}

/// Alignment given to the array: one cache line.
const ALIGN: usize = 64;

/// Arrays of at least this many bytes are mapped from the kernel; smaller
/// ones come from the allocator.
const MAP_BYTES: usize = 1 << 20;

/// A fixed-size, zero-initialised, cache-line-aligned array.
pub(crate) struct ZeroedArray<T: Zeroable> {
    raw: *mut u8,
    /// The memory: mapped from the kernel (and unmapped on drop), or from
    /// the allocator with this layout.
    source: Source,
    data: *mut T,
    len: usize,
    /// The thread committing the pages in the background, if any (see
    /// [`ZeroedArray::populate_in_background`]).
    populating: Option<Populating>,
}

/// A thread committing an array's pages, and its stop flag.
struct Populating {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

impl Populating {
    /// Stops the thread after the chunk it is in, and joins it.
    fn stop(self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.thread.join();
    }
}

/// The bytes committed in one call by [`ZeroedArray::populate_in_background`]:
/// stopping waits for at most one such chunk (a few milliseconds).
const POPULATE_CHUNK: usize = 32 << 20;

enum Source {
    Mapped { bytes: usize },
    Allocated(Layout),
}

// SAFETY: the array owns its memory like a `Box<[T]>` does.
unsafe impl<T: Zeroable + Send> Send for ZeroedArray<T> {}
// SAFETY: shared access only hands out `&[T]`.
unsafe impl<T: Zeroable + Sync> Sync for ZeroedArray<T> {}

impl<T: Zeroable> ZeroedArray<T> {
    /// `len` all-zero elements (at least one), or `None` when the
    /// system cannot give that much memory (or the size overflows).
    /// Nothing is written: the time taken does not depend on `len`.
    pub(crate) fn try_new(len: usize) -> Option<ZeroedArray<T>> {
        let len = len.max(1);
        assert!(std::mem::align_of::<T>() <= ALIGN);
        let bytes = len.checked_mul(std::mem::size_of::<T>())?;
        if bytes >= MAP_BYTES {
            if let Some(raw) = os::map(bytes) {
                // Mapped memory starts on a page boundary: aligned.
                return Some(ZeroedArray {
                    raw,
                    source: Source::Mapped { bytes },
                    data: raw.cast::<T>(),
                    len,
                    populating: None,
                });
            }
            if os::MAPS {
                return None;
            }
        }
        let bytes = bytes.checked_add(ALIGN)?;
        // Allocated with a small alignment, so that the allocator may
        // take its calloc path (fresh zero pages, nothing written), and
        // aligned by hand inside.
        let layout = Layout::from_size_align(bytes, 16).ok()?;
        if layout.size() > isize::MAX as usize - ALIGN {
            return None;
        }
        // SAFETY: the layout has a non-zero size.
        let raw = unsafe { alloc_zeroed(layout) };
        if raw.is_null() {
            return None;
        }
        let offset = (raw as usize).next_multiple_of(ALIGN) - raw as usize;
        // SAFETY: offset < ALIGN and the allocation has ALIGN spare bytes.
        let data = unsafe { raw.add(offset) }.cast::<T>();
        Some(ZeroedArray {
            raw,
            source: Source::Allocated(layout),
            data,
            len,
            populating: None,
        })
    }

    /// The array's bytes.
    fn bytes(&self) -> usize {
        self.len * std::mem::size_of::<T>()
    }

    /// Asks the kernel to back the array with huge pages from now on:
    /// the parts not yet touched get them at their first touch, and the
    /// parts already touched are gathered into them now (which costs
    /// about what committing those parts again would). For an array that
    /// a long search is filling; does nothing where the system has no
    /// such pages. Contents do not change.
    pub(crate) fn use_huge_pages(&self) {
        os::huge_pages(self.data.cast(), self.bytes(), true);
    }

    /// Asks the kernel to back the parts of the array not yet touched
    /// with huge pages at their first touch (for an array made for long
    /// searches, before any touch). Contents do not change.
    pub(crate) fn advise_huge_pages(&self) {
        os::huge_pages(self.data.cast(), self.bytes(), false);
    }

    /// Commits every page now (by writing one byte of each back
    /// unchanged), on huge pages where the system has them, so that
    /// later accesses do not wait for the kernel to supply fresh pages.
    pub(crate) fn commit(&mut self) {
        self.use_huge_pages();
        let bytes = self.bytes();
        let base = self.data.cast::<u8>();
        for offset in (0..bytes).step_by(4096) {
            // SAFETY: the byte lies inside the array; it is read and
            // written back unchanged (volatile, so the write happens and
            // the page is committed), so every element stays as it was.
            unsafe {
                let p = base.add(offset);
                std::ptr::write_volatile(p, std::ptr::read_volatile(p));
            }
        }
    }

    /// Commits every page of a mapped array on a thread of its own, in
    /// chunks of [`POPULATE_CHUNK`], with `MADV_POPULATE_WRITE`: the
    /// kernel supplies the pages not yet there, as a first write would,
    /// and changes no contents, so the array may be read and written
    /// meanwhile. Returns at once; the thread ends when every page is
    /// there, when the kernel does not know the call (before Linux 5.14:
    /// then nothing happens), or when the array is dropped (which stops
    /// it after its current chunk and joins it). An array from the
    /// allocator, or one already being populated, is left alone.
    pub(crate) fn populate_in_background(&mut self) {
        if self.populating.is_some() || !matches!(self.source, Source::Mapped { .. }) {
            return;
        }
        let (start, bytes) = (self.data as usize, self.bytes());
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::Builder::new()
            .name("tsumi-prefault".to_string())
            .stack_size(64 << 10)
            .spawn(move || {
                let mut at = 0;
                while at < bytes && !flag.load(Ordering::Relaxed) {
                    let len = POPULATE_CHUNK.min(bytes - at);
                    // The array outlives the thread (`Drop` joins it
                    // before unmapping), and populating changes no
                    // contents.
                    if !os::populate((start + at) as *mut u8, len) {
                        return;
                    }
                    at += len;
                }
            });
        if let Ok(thread) = thread {
            self.populating = Some(Populating { stop, thread });
        }
    }

    /// The number of elements.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// A pointer to the first element, through which the caller may read
    /// and write the elements under its own synchronisation (the table's
    /// bucket locks). Unlike `Deref`, it creates no reference to them.
    pub(crate) fn as_mut_ptr(&self) -> *mut T {
        self.data
    }

    /// Sets every element back to all-zero bytes. Mapped memory is handed
    /// back to the kernel instead of written (its pages read as zero
    /// again, and are committed again only where touched).
    pub(crate) fn zero(&mut self) {
        if let Source::Mapped { bytes } = self.source {
            if os::discard(self.raw, bytes) {
                return;
            }
        }
        // SAFETY: `data` holds `len` elements, and all-zero bytes are a
        // valid `T` (`Zeroable`).
        unsafe { std::ptr::write_bytes(self.data, 0, self.len) }
    }
}

impl<T: Zeroable> Deref for ZeroedArray<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `data` is aligned for `T`, holds `len` initialised
        // elements (zero bytes are valid), and lives as long as `self`.
        unsafe { std::slice::from_raw_parts(self.data, self.len) }
    }
}

impl<T: Zeroable> DerefMut for ZeroedArray<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`, and `&mut self` makes the access unique.
        unsafe { std::slice::from_raw_parts_mut(self.data, self.len) }
    }
}

impl<T: Zeroable> Drop for ZeroedArray<T> {
    fn drop(&mut self) {
        if let Some(p) = self.populating.take() {
            p.stop();
        }
        match self.source {
            Source::Mapped { bytes } => os::unmap(self.raw, bytes),
            // SAFETY: `raw` came from `alloc_zeroed` with this layout.
            Source::Allocated(layout) => unsafe { dealloc(self.raw, layout) },
        }
    }
}

/// The kernel's memory calls, declared here (the crate depends on no
/// system-bindings crate). The constants are those of Linux on x86-64,
/// AArch64 and RISC-V; elsewhere, and under Miri (which cannot call the
/// kernel), nothing is mapped.
#[cfg(all(
    target_os = "linux",
    not(miri),
    any(
        target_arch = "x86_64",
        target_arch = "aarch64",
        target_arch = "riscv64"
    )
))]
mod os {
    use std::ffi::c_void;

    /// Arrays are mapped from the kernel here: a refused mapping is a
    /// refused size, not a reason to try the allocator.
    pub(super) const MAPS: bool = true;

    const PROT_READ: i32 = 1;
    const PROT_WRITE: i32 = 2;
    const MAP_PRIVATE: i32 = 2;
    const MAP_ANONYMOUS: i32 = 0x20;
    const MADV_DONTNEED: i32 = 4;
    const MADV_HUGEPAGE: i32 = 14;
    const MADV_POPULATE_WRITE: i32 = 23;
    const MADV_COLLAPSE: i32 = 25;
    const HUGE: usize = 2 << 20;

    extern "C" {
        fn mmap(
            addr: *mut c_void,
            len: usize,
            prot: i32,
            flags: i32,
            fd: i32,
            off: i64,
        ) -> *mut c_void;
        fn munmap(addr: *mut c_void, len: usize) -> i32;
        fn madvise(addr: *mut c_void, len: usize, advice: i32) -> i32;
    }

    /// `bytes` of fresh zero pages, none committed; `None` when refused.
    pub(super) fn map(bytes: usize) -> Option<*mut u8> {
        // SAFETY: an anonymous private mapping at an address the kernel
        // chooses touches no memory the program owns.
        let p = unsafe {
            mmap(
                std::ptr::null_mut(),
                bytes,
                PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        (p as isize != -1 && !p.is_null()).then_some(p.cast())
    }

    /// Unmaps what [`map`] gave.
    pub(super) fn unmap(p: *mut u8, bytes: usize) {
        // SAFETY: `p` and `bytes` are those of a mapping made by `map`,
        // which nothing uses any more.
        unsafe { munmap(p.cast(), bytes) };
    }

    /// Hands the pages of a mapping back: they read as zero afterwards.
    /// False if the kernel refused (then nothing changed).
    pub(super) fn discard(p: *mut u8, bytes: usize) -> bool {
        // SAFETY: the range is a private anonymous mapping the caller
        // owns exclusively; MADV_DONTNEED makes its pages zero-fill on
        // next touch, the same as writing zeros.
        unsafe { madvise(p.cast(), bytes, MADV_DONTNEED) == 0 }
    }

    /// Commits the pages of `bytes` from `start` (page-aligned) as writes
    /// would, without changing their contents. False when the kernel
    /// refused: it does not know the call (EINVAL before Linux 5.14,
    /// ENOSYS), or the memory ran out.
    pub(super) fn populate(start: *mut u8, bytes: usize) -> bool {
        // SAFETY: the range lies inside a private anonymous mapping the
        // caller keeps mapped for the call; MADV_POPULATE_WRITE only
        // faults its pages in (writable), never changes what they hold.
        unsafe { madvise(start.cast(), bytes, MADV_POPULATE_WRITE) == 0 }
    }

    /// Huge pages for the whole 2 MiB blocks inside `bytes` from `start`,
    /// from now on, and with `gather` the blocks already touched gathered
    /// into them.
    pub(super) fn huge_pages(start: *mut u8, bytes: usize, gather: bool) {
        let from = (start as usize).next_multiple_of(HUGE);
        let to = (start as usize + bytes) / HUGE * HUGE;
        if to > from {
            // SAFETY: the range lies inside memory the caller owns; these
            // advices change only how the kernel backs the pages, never
            // their contents, and when refused (no transparent huge pages
            // in this kernel, or too old a kernel for MADV_COLLAPSE)
            // nothing changes.
            unsafe {
                madvise(from as *mut c_void, to - from, MADV_HUGEPAGE);
                if gather {
                    madvise(from as *mut c_void, to - from, MADV_COLLAPSE);
                }
            }
        }
    }
}

#[cfg(not(all(
    target_os = "linux",
    not(miri),
    any(
        target_arch = "x86_64",
        target_arch = "aarch64",
        target_arch = "riscv64"
    )
)))]
mod os {
    pub(super) const MAPS: bool = false;
    pub(super) fn map(_bytes: usize) -> Option<*mut u8> {
        None
    }
    pub(super) fn unmap(_p: *mut u8, _bytes: usize) {}
    pub(super) fn discard(_p: *mut u8, _bytes: usize) -> bool {
        false
    }
    pub(super) fn huge_pages(_start: *mut u8, _bytes: usize, _gather: bool) {}
    pub(super) fn populate(_start: *mut u8, _bytes: usize) -> bool {
        false
    }
}

/// The machine's physical memory in bytes, where the system tells it
/// (Linux); `None` elsewhere and under Miri.
#[cfg(all(target_os = "linux", not(miri)))]
pub(crate) fn physical_memory() -> Option<u64> {
    const SC_PAGESIZE: i32 = 30;
    const SC_PHYS_PAGES: i32 = 85;
    extern "C" {
        fn sysconf(name: i32) -> i64;
    }
    // SAFETY: sysconf only reads system configuration.
    let (pages, size) = unsafe { (sysconf(SC_PHYS_PAGES), sysconf(SC_PAGESIZE)) };
    (pages > 0 && size > 0).then(|| pages as u64 * size as u64)
}

#[cfg(not(all(target_os = "linux", not(miri))))]
pub(crate) fn physical_memory() -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    #[repr(C, align(64))]
    struct Line([u64; 8]);
    // SAFETY: plain integers.
    unsafe impl Zeroable for Line {}

    #[test]
    fn starts_zero_aligned_writable_and_zeroes_again() {
        for len in [1, 3, 1000, (5 << 20) / 64, (1 << 20) / 64] {
            let mut a = ZeroedArray::<Line>::try_new(len).unwrap();
            assert_eq!(a.len(), len);
            assert_eq!(a.as_ptr() as usize % 64, 0);
            assert!(a.iter().all(|l| *l == Line([0; 8])));
            a[len - 1].0[7] = 7;
            a[0].0[0] = 1;
            assert_eq!(a[len - 1].0[7], 7);
            a.commit();
            assert_eq!(a[len - 1].0[7], 7, "commit keeps the contents");
            a.use_huge_pages();
            assert_eq!(a[len - 1].0[7], 7, "huge pages keep the contents");
            a.zero();
            assert!(a.iter().all(|l| *l == Line([0; 8])));
            a[len / 2].0[3] = 9;
            assert_eq!(a[len / 2].0[3], 9, "writable after zeroing");
        }
        assert_eq!(ZeroedArray::<Line>::try_new(0).unwrap().len(), 1);
    }

    #[test]
    fn populating_in_the_background_keeps_the_contents_while_written() {
        let len = (96 << 20) / 64;
        let mut a = ZeroedArray::<Line>::try_new(len).unwrap();
        a[len - 1].0[7] = 7;
        a.populate_in_background();
        let mapped = matches!(a.source, Source::Mapped { .. });
        assert_eq!(a.populating.is_some(), mapped);
        // Written meanwhile, all over the array.
        for i in (0..len).step_by(4099) {
            a[i].0[i % 8] = i as u64 + 1;
        }
        if let Some(p) = a.populating.take() {
            // Until it has committed every chunk (or the kernel refused).
            let _ = p.thread.join();
        }
        for i in (0..len).step_by(4099) {
            assert_eq!(a[i].0[i % 8], i as u64 + 1, "element {i}");
        }
        assert_eq!(a[len - 1].0[7], 7);
        assert_eq!(a[len / 2 + 1], Line([0; 8]), "never written: zero");
        // A second array is stopped by its drop, part way.
        let mut b = ZeroedArray::<Line>::try_new(len).unwrap();
        b.populate_in_background();
        drop(b);
    }

    #[test]
    // Miri stops at an allocation it cannot make instead of failing it.
    #[cfg_attr(miri, ignore)]
    fn an_impossible_size_is_none_not_an_abort() {
        assert!(ZeroedArray::<Line>::try_new(usize::MAX / 64).is_none());
        assert!(ZeroedArray::<Line>::try_new(1 << 50).is_none(), "64 PiB");
    }

    #[cfg(all(target_os = "linux", not(miri)))]
    #[test]
    fn physical_memory_is_known_on_linux() {
        let bytes = physical_memory().unwrap();
        assert!(bytes > 1 << 26, "{bytes}");
    }
}
