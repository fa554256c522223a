//! A hint to the processor to start loading a cache line that the search
//! reads a little later (a table bucket, its lock, a slot of the first
//! estimates), so that several loads overlap instead of each waiting for
//! memory in turn. Nothing is read into the program and no address can
//! fault; on other architectures it does nothing.

/// Starts loading the cache line holding `p` (any address: it is not
/// dereferenced).
#[inline(always)]
pub(crate) fn prefetch_line<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch never faults and reads nothing into the
        // program, whatever the address.
        #[allow(unused_unsafe)]
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>(p as *const i8);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}
