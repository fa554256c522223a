//! A large array that starts as all-zero bytes without being written: the
//! memory comes from the allocator's zeroed path (fresh pages from the
//! kernel for large sizes), so only the parts a search touches are ever
//! committed, and on Linux the kernel is asked to back it with
//! transparent huge pages. A table of 1 GiB then costs nothing to create
//! for a problem that touches a few megabytes of it, and a large search
//! does not miss the TLB on nearly every lookup.

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::ops::{Deref, DerefMut};

/// Types for which the all-zero bit pattern is a valid value.
///
/// # Safety
/// Every field of an implementing type must accept all-zero bytes (plain
/// integers, `bool`, fieldless enums whose zero discriminant exists, and
/// arrays or structs of such).
pub(crate) unsafe trait Zeroable: Copy {}

/// Alignment given to the array: one cache line.
const ALIGN: usize = 64;

/// A fixed-size, zero-initialised, cache-line-aligned array.
pub(crate) struct ZeroedArray<T: Zeroable> {
    raw: *mut u8,
    layout: Layout,
    data: *mut T,
    len: usize,
}

// SAFETY: the array owns its memory like a `Box<[T]>` does.
unsafe impl<T: Zeroable + Send> Send for ZeroedArray<T> {}
// SAFETY: shared access only hands out `&[T]`.
unsafe impl<T: Zeroable + Sync> Sync for ZeroedArray<T> {}

impl<T: Zeroable> ZeroedArray<T> {
    /// `len` all-zero elements (at least one), or `None` when the
    /// allocator cannot give that much memory (or the size overflows).
    pub(crate) fn try_new(len: usize) -> Option<ZeroedArray<T>> {
        let len = len.max(1);
        assert!(std::mem::align_of::<T>() <= ALIGN);
        let bytes = len
            .checked_mul(std::mem::size_of::<T>())
            .and_then(|b| b.checked_add(ALIGN))?;
        // Allocated with a small alignment, so that the allocator may
        // take its calloc path (fresh zero pages, nothing written), and
        // aligned by hand inside.
        let layout = Layout::from_size_align(bytes, 16).ok()?;
        // SAFETY: the layout has a non-zero size.
        let raw = unsafe { alloc_zeroed(layout) };
        if raw.is_null() {
            return None;
        }
        let offset = (raw as usize).next_multiple_of(ALIGN) - raw as usize;
        // SAFETY: offset < ALIGN and the allocation has ALIGN spare bytes.
        let data = unsafe { raw.add(offset) }.cast::<T>();
        advise_huge_pages(data.cast(), len * std::mem::size_of::<T>());
        Some(ZeroedArray {
            raw,
            layout,
            data,
            len,
        })
    }

    /// Commits every page now (by writing one byte of each back
    /// unchanged), so that
    /// later accesses do not wait for the kernel to supply fresh pages.
    pub(crate) fn commit(&mut self) {
        let bytes = self.len * std::mem::size_of::<T>();
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

    /// Sets every element back to all-zero bytes.
    pub(crate) fn zero(&mut self) {
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
        // SAFETY: `raw` came from `alloc_zeroed` with this layout.
        unsafe { dealloc(self.raw, self.layout) }
    }
}

/// Asks the kernel to back the whole huge pages inside `len` bytes from
/// `start` with transparent huge pages (before they are first touched).
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: *mut u8, len: usize) {
    const HUGE: usize = 2 << 20;
    const MADV_HUGEPAGE: i32 = 14;
    extern "C" {
        fn madvise(addr: *mut u8, len: usize, advice: i32) -> i32;
    }
    let from = (start as usize).next_multiple_of(HUGE);
    let to = (start as usize + len) / HUGE * HUGE;
    if to > from {
        // SAFETY: the range lies inside an allocation the caller owns;
        // MADV_HUGEPAGE only changes how the kernel backs the pages,
        // never their contents, and if it fails (no transparent huge
        // pages in this kernel) nothing changes.
        unsafe {
            madvise(from as *mut u8, to - from, MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: *mut u8, _len: usize) {}

/// The machine's physical memory in bytes, where the system tells it
/// (Linux); `None` elsewhere.
#[cfg(target_os = "linux")]
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

#[cfg(not(target_os = "linux"))]
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
        for len in [1, 3, 1000, (5 << 20) / 64] {
            let mut a = ZeroedArray::<Line>::try_new(len).unwrap();
            assert_eq!(a.len(), len);
            assert_eq!(a.as_ptr() as usize % 64, 0);
            assert!(a.iter().all(|l| *l == Line([0; 8])));
            a[len - 1].0[7] = 7;
            a[0].0[0] = 1;
            assert_eq!(a[len - 1].0[7], 7);
            a.commit();
            assert_eq!(a[len - 1].0[7], 7, "commit keeps the contents");
            a.zero();
            assert!(a.iter().all(|l| *l == Line([0; 8])));
        }
        assert_eq!(ZeroedArray::<Line>::try_new(0).unwrap().len(), 1);
    }

    #[test]
    fn an_impossible_size_is_none_not_an_abort() {
        assert!(ZeroedArray::<Line>::try_new(usize::MAX / 64).is_none());
        assert!(ZeroedArray::<Line>::try_new(1 << 50).is_none(), "64 PiB");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn physical_memory_is_known_on_linux() {
        let bytes = physical_memory().unwrap();
        assert!(bytes > 1 << 26, "{bytes}");
    }
}
