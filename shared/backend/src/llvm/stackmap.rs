//! A parser for LLVM's stack map section (`.llvm_stackmaps`, format version 3), as emitted by
//! LLVM 14 for `llvm.experimental.patchpoint` / `llvm.experimental.stackmap` calls.
//!
//! Layout (all little-endian, the section starts 8-byte aligned):
//!
//! ```text
//! header     u8 version (3), u8 0, u16 0
//!            u32 function count, u32 constant count, u32 record count
//! functions  { u64 address, u64 stack size, u64 record count } per function
//! constants  u64 per constant
//! records    u64 id, u32 instruction offset (from the function start), u16 flags,
//!            u16 location count, locations (12 bytes each), pad to 8,
//!            u16 padding, u16 live-out count, live-outs (4 bytes each), pad to 8
//! location   u8 kind, u8 0, u16 size, u16 DWARF register, u16 0, i32 offset or constant
//! live-out   u16 DWARF register, u8 0, u8 size
//! ```
//!
//! Records are grouped by function in function-table order: the first `record count`
//! records belong to the first function, and so on.

use std::fmt;

pub use crate::error::StackMapError;

/// What a [`Location`] describes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LocationKind {
    /// The value is in register `reg`.
    Register,
    /// The value is the address `reg + offset` (e.g. an alloca).
    Direct,
    /// The value is in memory at `reg + offset`.
    Indirect,
    /// The value is `offset` itself, sign-extended.
    Constant,
    /// The value is entry `offset` of the constant table.
    ConstantIndex,
}

/// Where one stack map operand lives at the stack map's instruction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Location {
    /// How to read it.
    pub kind: LocationKind,
    /// The size in bytes of the value (or of the spill slot / register).
    pub size: u16,
    /// The DWARF register number (x86-64: 0 rax, 1 rdx, 2 rcx, 3 rbx, 4 rsi, 5 rdi, 6 rbp,
    /// 7 rsp, 8–15 r8–r15, 17–32 xmm0–xmm15).
    pub reg: u16,
    /// The offset (Direct, Indirect), the constant (Constant) or the constant index
    /// (ConstantIndex).
    pub offset: i32,
}

/// A register live across a patchpoint (reported only for `anyregcc`/live-out analysis).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct LiveOut {
    /// The DWARF register number.
    pub reg: u16,
    /// The size in bytes.
    pub size: u8,
}

/// One function of the function table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FunctionEntry {
    /// The function's address (absolute after relocation).
    pub address: u64,
    /// The size of its stack frame, or `u64::MAX` if dynamic.
    pub stack_size: u64,
    /// How many records follow for it.
    pub record_count: u64,
}

/// One stack map record (one patchpoint or stack map call site).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Record {
    /// The ID the IR gave the call.
    pub id: u64,
    /// The offset of the call site from the start of its function.
    pub offset: u32,
    /// The index into [`StackMap::functions`] of the function holding it.
    pub function: usize,
    /// The operand locations, in operand order.
    pub locations: Vec<Location>,
    /// The live-out registers.
    pub live_outs: Vec<LiveOut>,
}

/// A parsed stack map section.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct StackMap {
    /// The function table.
    pub functions: Vec<FunctionEntry>,
    /// The large-constant table.
    pub constants: Vec<u64>,
    /// The records, grouped by function.
    pub records: Vec<Record>,
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], StackMapError> {
        let end = self.at.checked_add(N).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or(StackMapError::Truncated { at: self.at })?;
        let mut out = [0u8; N];
        out.copy_from_slice(&self.bytes[self.at..end]);
        self.at = end;
        Ok(out)
    }
    fn u8(&mut self) -> Result<u8, StackMapError> {
        Ok(self.take::<1>()?[0])
    }
    fn u16(&mut self) -> Result<u16, StackMapError> {
        Ok(u16::from_le_bytes(self.take()?))
    }
    fn u32(&mut self) -> Result<u32, StackMapError> {
        Ok(u32::from_le_bytes(self.take()?))
    }
    fn i32(&mut self) -> Result<i32, StackMapError> {
        Ok(i32::from_le_bytes(self.take()?))
    }
    fn u64(&mut self) -> Result<u64, StackMapError> {
        Ok(u64::from_le_bytes(self.take()?))
    }
    fn align8(&mut self) {
        self.at = (self.at + 7) & !7;
    }
}

impl StackMap {
    /// Parses a whole `.llvm_stackmaps` section.
    pub fn parse(bytes: &[u8]) -> Result<StackMap, StackMapError> {
        let mut r = Reader { bytes, at: 0 };
        let version = r.u8()?;
        if version != 3 {
            return Err(StackMapError::Version(version));
        }
        r.u8()?;
        r.u16()?;
        let nfunctions = r.u32()? as usize;
        let nconstants = r.u32()? as usize;
        let nrecords = r.u32()? as usize;
        let mut map = StackMap::default();
        for _ in 0..nfunctions {
            let address = r.u64()?;
            let stack_size = r.u64()?;
            let record_count = r.u64()?;
            map.functions.push(FunctionEntry { address, stack_size, record_count });
        }
        for _ in 0..nconstants {
            map.constants.push(r.u64()?);
        }
        let mut owners = map.functions.iter().enumerate().flat_map(|(i, f)| std::iter::repeat_n(i, f.record_count as usize));
        for _ in 0..nrecords {
            let id = r.u64()?;
            let offset = r.u32()?;
            r.u16()?;
            let nlocations = r.u16()?;
            let mut locations = Vec::with_capacity(nlocations as usize);
            for _ in 0..nlocations {
                let kind = match r.u8()? {
                    1 => LocationKind::Register,
                    2 => LocationKind::Direct,
                    3 => LocationKind::Indirect,
                    4 => LocationKind::Constant,
                    5 => LocationKind::ConstantIndex,
                    k => return Err(StackMapError::LocationKind(k)),
                };
                r.u8()?;
                let size = r.u16()?;
                let reg = r.u16()?;
                r.u16()?;
                let offset = r.i32()?;
                locations.push(Location { kind, size, reg, offset });
            }
            r.align8();
            r.u16()?;
            let nlive = r.u16()?;
            let mut live_outs = Vec::with_capacity(nlive as usize);
            for _ in 0..nlive {
                let reg = r.u16()?;
                r.u8()?;
                let size = r.u8()?;
                live_outs.push(LiveOut { reg, size });
            }
            r.align8();
            let function = owners.next().ok_or(StackMapError::UnownedRecord)?;
            map.records.push(Record { id, offset, function, locations, live_outs });
        }
        Ok(map)
    }

    /// The address of the instruction after a record's call site: for a patchpoint with a
    /// call target this is the return address the callee sees (`numBytes` is the length of
    /// the call sequence, 13 for `movabs r11, target; call r11`).
    pub fn return_address(&self, record: &Record, call_bytes: u64) -> u64 {
        self.functions[record.function].address + record.offset as u64 + call_bytes
    }
}

/// Prints the map in the format of `llvm-readobj --stackmap` (LLVM 14), so that a parse
/// can be compared with LLVM's own reader.
impl fmt::Display for StackMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "LLVM StackMap Version: 3")?;
        writeln!(f, "Num Functions: {}", self.functions.len())?;
        for func in &self.functions {
            writeln!(
                f,
                "  Function address: {}, stack size: {}, callsite record count: {}",
                func.address, func.stack_size, func.record_count
            )?;
        }
        writeln!(f, "Num Constants: {}", self.constants.len())?;
        for (i, c) in self.constants.iter().enumerate() {
            writeln!(f, "  #{}: {}", i + 1, c)?;
        }
        writeln!(f, "Num Records: {}", self.records.len())?;
        for rec in &self.records {
            writeln!(f, "  Record ID: {}, instruction offset: {}", rec.id, rec.offset)?;
            writeln!(f, "    {} locations:", rec.locations.len())?;
            for (i, loc) in rec.locations.iter().enumerate() {
                write!(f, "      #{}: ", i + 1)?;
                match loc.kind {
                    LocationKind::Register => write!(f, "Register R#{}", loc.reg)?,
                    LocationKind::Direct => write!(f, "Direct R#{} + {}", loc.reg, loc.offset)?,
                    LocationKind::Indirect => write!(f, "Indirect [R#{} + {}]", loc.reg, loc.offset)?,
                    LocationKind::Constant => write!(f, "Constant {}", loc.offset as u32)?,
                    LocationKind::ConstantIndex => {
                        let c = self.constants.get(loc.offset as usize).copied().unwrap_or(0);
                        write!(f, "ConstantIndex #{} ({})", loc.offset, c)?
                    }
                }
                writeln!(f, ", size: {}", loc.size)?;
            }
            write!(f, "    {} live-outs: [", rec.live_outs.len())?;
            for lo in &rec.live_outs {
                write!(f, " R#{} ({}-bytes)", lo.reg, lo.size)?;
            }
            writeln!(f, " ]")?;
        }
        Ok(())
    }
}
