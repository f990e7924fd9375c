//! MCJIT with a memory manager that owns the code pages and captures `.llvm_stackmaps`.
//!
//! Every section LLVM asks for gets its own anonymous mapping; `finalize_memory` makes code
//! read+execute and read-only data read-only. `destroy` frees nothing: the pages belong to
//! a [`CodeMemory`] that the compiled code owns, so the execution engine, module and context
//! can be disposed right after code generation (as WebKit's FTL did with MCJIT) while the
//! machine code lives on.
//!
//! The sections are shared between the memory manager and the [`CodeMemory`] through an
//! `Arc<Mutex<..>>`, so finished code can move from the thread that generated it (the
//! background compiler thread) to the thread that runs it.

use std::sync::{Arc, Mutex, MutexGuard};

use crate::error::LlvmError;

/// One mapped section (its address as an integer, so the sections are `Send`).
#[derive(Debug)]
struct Region {
    addr: usize,
    len: usize,
    prot: libc::c_int,
}

#[derive(Debug, Default)]
struct Sections {
    regions: Vec<Region>,
    /// `.llvm_stackmaps` sections: address and size.
    stackmaps: Vec<(usize, usize)>,
    code_bytes: usize,
    error: Option<LlvmError>,
}

/// The machine code and data of one compilation. Unmaps everything when dropped.
#[derive(Debug)]
pub(crate) struct CodeMemory(Arc<Mutex<Sections>>);

/// Locks the sections; a panic while they were locked leaves nothing half-updated that
/// matters here, so a poisoned lock is used as is.
fn lock(s: &Mutex<Sections>) -> MutexGuard<'_, Sections> {
    s.lock().unwrap_or_else(|e| e.into_inner())
}

impl CodeMemory {
    /// Copies of every captured `.llvm_stackmaps` section (valid after code generation).
    pub fn stackmaps(&self) -> Vec<Vec<u8>> {
        let s = lock(&self.0);
        s.stackmaps
            .iter()
            .map(|&(ptr, len)| {
                // SAFETY: the section was allocated by this memory manager, is still mapped
                // (readable) and LLVM wrote `len` bytes to it.
                unsafe { std::slice::from_raw_parts(ptr as *const u8, len) }.to_vec()
            })
            .collect()
    }

    /// Bytes of machine code.
    pub fn code_bytes(&self) -> usize {
        lock(&self.0).code_bytes
    }

    /// The error a callback hit last (`mmap` failed), taken out.
    pub fn take_error(&self) -> Option<LlvmError> {
        lock(&self.0).error.take()
    }
}

impl Drop for CodeMemory {
    fn drop(&mut self) {
        for r in lock(&self.0).regions.drain(..) {
            // SAFETY: `addr`/`len` describe a mapping this manager created; no code of it
            // runs any more (the owning LlvmCode is being dropped, and a running activation
            // holds its own reference to the code).
            unsafe {
                libc::munmap(r.addr as *mut libc::c_void, r.len);
            }
        }
    }
}

/// The memory manager handed to MCJIT.
#[derive(Debug)]
pub(crate) struct CapturingMemoryManager(Arc<Mutex<Sections>>);

/// A fresh memory manager and the [`CodeMemory`] that will own what it allocates.
pub(crate) fn memory_manager() -> (CapturingMemoryManager, CodeMemory) {
    let s = Arc::new(Mutex::new(Sections::default()));
    (CapturingMemoryManager(s.clone()), CodeMemory(s))
}

impl CapturingMemoryManager {
    fn allocate(&mut self, size: usize, align: u32, prot: libc::c_int) -> *mut u8 {
        let page = 4096usize;
        assert!(align as usize <= page, "section alignment {align} exceeds a page");
        let len = size.max(1).div_ceil(page) * page;
        // SAFETY: an anonymous private mapping; no existing memory is affected.
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if ptr == libc::MAP_FAILED {
            lock(&self.0).error = Some(LlvmError::Mmap { len });
            return std::ptr::null_mut();
        }
        let ptr = ptr as *mut u8;
        lock(&self.0).regions.push(Region { addr: ptr as usize, len, prot });
        ptr
    }
}

impl inkwell::memory_manager::McjitMemoryManager for CapturingMemoryManager {
    fn allocate_code_section(&mut self, size: libc::uintptr_t, alignment: libc::c_uint, _id: libc::c_uint, _name: &str) -> *mut u8 {
        lock(&self.0).code_bytes += size;
        self.allocate(size, alignment, libc::PROT_READ | libc::PROT_EXEC)
    }

    fn allocate_data_section(
        &mut self,
        size: libc::uintptr_t,
        alignment: libc::c_uint,
        _id: libc::c_uint,
        name: &str,
        is_read_only: bool,
    ) -> *mut u8 {
        let prot = if is_read_only { libc::PROT_READ } else { libc::PROT_READ | libc::PROT_WRITE };
        let ptr = self.allocate(size, alignment, prot);
        if name == ".llvm_stackmaps" && !ptr.is_null() {
            lock(&self.0).stackmaps.push((ptr as usize, size));
        }
        ptr
    }

    // inkwell's trait reports a failure as text, to LLVM.
    fn finalize_memory(&mut self) -> Result<(), String> {
        for r in &lock(&self.0).regions {
            // SAFETY: changes the protection of a mapping this manager created.
            let rc = unsafe { libc::mprotect(r.addr as *mut libc::c_void, r.len, r.prot) };
            if rc != 0 {
                return Err("mprotect failed".into());
            }
        }
        Ok(())
    }

    fn destroy(&mut self) {
        // The pages belong to the CodeMemory.
    }
}
