//! What a machine backend could not do with a LIR function: [`BackendError`], with the LIR
//! it cannot lower ([`LirError`]), LLVM's failures ([`LlvmError`]) and Cranelift's
//! ([`CraneliftError`]). Every one is an internal error (the engine counts it under the
//! `Backend` kind, `ir::compile::Stage::Backend`); a library's own message or error is kept
//! as data.

use std::fmt;

use inkwell::execution_engine::FunctionLookupError;
use ir::lir::Value;
use ir::ops::{Access, Op};

/// A machine backend.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MachineBackend {
    /// LLVM ([`crate::llvm`]).
    Llvm,
    /// Cranelift ([`crate::cranelift`]).
    Cranelift,
}

impl fmt::Display for MachineBackend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MachineBackend::Llvm => "LLVM",
            MachineBackend::Cranelift => "Cranelift",
        })
    }
}

/// Why a machine backend failed on a LIR function.
#[derive(Debug)]
pub enum BackendError {
    /// The LIR is not what the backend lowers.
    Lir(LirError),
    /// LLVM failed.
    Llvm(LlvmError),
    /// Cranelift failed.
    Cranelift(CraneliftError),
    /// The backend panicked (caught on the compiler thread).
    Panicked {
        /// The backend.
        backend: MachineBackend,
        /// The LIR function's name.
        function: String,
        /// The panic's message.
        message: String,
    },
}

impl fmt::Display for BackendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BackendError::Lir(e) => write!(f, "{e}"),
            BackendError::Llvm(e) => write!(f, "{e}"),
            BackendError::Cranelift(e) => write!(f, "{e}"),
            BackendError::Panicked { backend, function, message } => write!(f, "{backend} compilation of {function} panicked: {message}"),
        }
    }
}

impl std::error::Error for BackendError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BackendError::Lir(e) => Some(e),
            BackendError::Llvm(e) => Some(e),
            BackendError::Cranelift(e) => Some(e),
            BackendError::Panicked { .. } => None,
        }
    }
}

impl From<LirError> for BackendError {
    fn from(e: LirError) -> BackendError {
        BackendError::Lir(e)
    }
}

impl From<LlvmError> for BackendError {
    fn from(e: LlvmError) -> BackendError {
        BackendError::Llvm(e)
    }
}

impl From<CraneliftError> for BackendError {
    fn from(e: CraneliftError) -> BackendError {
        BackendError::Cranelift(e)
    }
}

/// LIR a machine backend cannot lower: it breaks an invariant the LIR verifier checks
/// (`ir::lir_verify`), or it uses what the backend does not support.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LirError {
    /// The function has no blocks.
    NoBlocks,
    /// The entry block has parameters (an OSR entry's), which the backend does not support.
    EntryParameters(MachineBackend),
    /// The entry block is not reachable in the backend's block order.
    UnreachableEntry,
    /// A value is used before the instruction that defines it.
    Undefined {
        /// The value.
        value: Value,
    },
    /// An instruction's argument is used before it is defined.
    UndefinedArgument {
        /// The instruction's op.
        op: Op,
        /// The argument's position.
        index: usize,
    },
    /// An instruction has fewer arguments than its op reads.
    MissingArgument {
        /// The instruction's op.
        op: Op,
        /// The argument's position.
        index: usize,
    },
    /// A value the op reads as an integer is not one: what the backend built for it.
    NotAnInteger {
        /// The value.
        value: Value,
        /// The backend's value, as it prints.
        found: String,
    },
    /// A value the op reads as a double is not one.
    NotADouble {
        /// The value.
        value: Value,
        /// The backend's value, as it prints.
        found: String,
    },
    /// A value cannot be a machine word (tagged or int32).
    NotAWord {
        /// The value.
        value: Value,
        /// The backend's value, as it prints.
        found: String,
    },
    /// A `Projection[1]` reads the overflow flag of a value that has none.
    NoOverflowFlag {
        /// The value projected.
        value: Value,
    },
    /// A runtime call's site was not collected before lowering.
    NoRuntimeSite {
        /// The block.
        block: usize,
        /// The instruction's position in it.
        inst: usize,
    },
    /// A check has no exit.
    CheckWithoutExit {
        /// The check's op.
        op: Op,
    },
    /// The backend has no lowering for the op.
    Unsupported {
        /// The backend.
        backend: MachineBackend,
        /// The op.
        op: Op,
    },
    /// A jump targets a block that does not exist (or was not laid out).
    MissingBlock {
        /// The target block's index.
        block: u32,
    },
    /// A jump passes another number of arguments than its target block has parameters.
    JumpArity {
        /// The target block's index.
        block: u32,
        /// The arguments passed.
        args: usize,
        /// The block's parameters.
        params: usize,
    },
    /// A heap access that reads an object has none.
    NeedsObject {
        /// The access.
        access: Access,
    },
    /// An element access has no index.
    NeedsIndex {
        /// The access.
        access: Access,
    },
    /// A store to a heap word compiled code never writes (shapes, array lengths).
    NeverStored {
        /// The access.
        access: Access,
    },
    /// A direct call has no receiver.
    DirectCallWithoutReceiver,
    /// A direct call is lowered without the argument buffer direct calls need.
    DirectCallWithoutBuffer,
}

impl fmt::Display for LirError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LirError::NoBlocks => write!(f, "LIR function has no blocks"),
            LirError::EntryParameters(backend) => {
                write!(f, "entry block parameters (OSR entry) are not supported by the {backend} backend")
            }
            LirError::UnreachableEntry => write!(f, "b0 is unreachable"),
            LirError::Undefined { value } => write!(f, "v{} used before it is defined (LIR not in dominance order?)", value.0),
            LirError::UndefinedArgument { op, index } => write!(f, "{op} argument {index} is undefined"),
            LirError::MissingArgument { op, index } => write!(f, "{op} lacks argument {index}"),
            LirError::NotAnInteger { value, found } => write!(f, "v{} is not an integer: {found}", value.0),
            LirError::NotADouble { value, found } => write!(f, "v{} is not a double: {found}", value.0),
            LirError::NotAWord { value, found } => write!(f, "v{} cannot be a word: {found}", value.0),
            LirError::NoOverflowFlag { value } => write!(f, "Projection[1] of v{} without a flag", value.0),
            LirError::NoRuntimeSite { .. } => write!(f, "runtime site not collected"),
            LirError::CheckWithoutExit { .. } => write!(f, "a check without an exit"),
            LirError::Unsupported { backend, op } => write!(f, "{op} is not a LIR instruction the {backend} backend lowers"),
            LirError::MissingBlock { block } => write!(f, "jump to missing block b{block}"),
            LirError::JumpArity { block, args, params } => write!(f, "jump to b{block} passes {args} arguments for {params} parameters"),
            LirError::NeedsObject { access } => write!(f, "{access:?} needs an object"),
            LirError::NeedsIndex { .. } => write!(f, "an element access needs an index"),
            LirError::NeverStored { access } => write!(f, "compiled code never stores {access:?}"),
            LirError::DirectCallWithoutReceiver => write!(f, "a direct call without its receiver"),
            LirError::DirectCallWithoutBuffer => write!(f, "a direct call without its buffer"),
        }
    }
}

impl std::error::Error for LirError {}

/// What failed in LLVM, with LLVM's message where it gives one.
#[derive(Debug)]
pub enum LlvmError {
    /// The native target cannot be initialized.
    NativeTarget(String),
    /// The host triple names no target LLVM knows.
    Triple(String),
    /// No target machine can be made for the host.
    TargetMachine,
    /// An intrinsic the lowering calls is unknown to LLVM.
    NoIntrinsic {
        /// The intrinsic's name.
        name: String,
    },
    /// An intrinsic cannot be declared for the types the lowering asks.
    IntrinsicDeclaration {
        /// The intrinsic's name.
        name: String,
    },
    /// A code entry loaded for a direct call does not make a callable pointer.
    NotAFunctionPointer,
    /// A direct call through a code entry produced no value.
    CallWithoutResult,
    /// The module the lowering built fails LLVM's verifier.
    Verify {
        /// The LIR function's name.
        function: String,
        /// LLVM's message.
        message: String,
        /// The module, as LLVM prints it.
        module: String,
    },
    /// A pass pipeline failed.
    Passes {
        /// The pipeline, in LLVM's pass-pipeline syntax.
        passes: &'static str,
        /// LLVM's message.
        message: String,
    },
    /// The assembly text (`--dump-asm`) cannot be generated.
    Assembly(String),
    /// MCJIT cannot be created for the module.
    Mcjit(String),
    /// Code generation did not produce the function.
    Codegen(FunctionLookupError),
    /// The memory manager failed to map memory for the code or its data.
    Mmap {
        /// The bytes asked for.
        len: usize,
    },
    /// The stack maps LLVM wrote cannot be read.
    StackMap(StackMapError),
    /// A stack map record comes from another compilation.
    ForeignRecord {
        /// The record's patchpoint id.
        id: u64,
    },
    /// A stack map record names an exit site the lowering did not plan.
    UnknownSite {
        /// The record's patchpoint id.
        id: u64,
    },
    /// A stack map record has another number of locations than its exit site has operands.
    SiteLocations {
        /// The record's patchpoint id.
        id: u64,
        /// The record's locations.
        locations: usize,
        /// The site's operands.
        operands: usize,
    },
}

impl fmt::Display for LlvmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LlvmError::NativeTarget(message) | LlvmError::Triple(message) => write!(f, "{message}"),
            LlvmError::TargetMachine => write!(f, "cannot create a target machine"),
            LlvmError::NoIntrinsic { name } => write!(f, "no intrinsic {name}"),
            LlvmError::IntrinsicDeclaration { name } => write!(f, "cannot declare {name}"),
            LlvmError::NotAFunctionPointer => write!(f, "a code entry is not a function pointer"),
            LlvmError::CallWithoutResult => write!(f, "a compiled function returns a word"),
            LlvmError::Verify { function, message, module } => write!(f, "LLVM module of {function} fails verification: {message}\n{module}"),
            LlvmError::Passes { passes, message } => write!(f, "LLVM passes '{passes}' failed: {message}"),
            LlvmError::Assembly(message) => write!(f, "cannot generate assembly: {message}"),
            LlvmError::Mcjit(message) => write!(f, "cannot create the MCJIT engine: {message}"),
            LlvmError::Codegen(e) => write!(f, "code generation failed: {e:?}"),
            LlvmError::Mmap { len } => write!(f, "mmap of {len} bytes failed"),
            LlvmError::StackMap(e) => write!(f, "{e}"),
            LlvmError::ForeignRecord { id } => write!(f, "stack map record {id:#x} is not from this compilation"),
            LlvmError::UnknownSite { .. } => write!(f, "stack map record of an unknown exit site"),
            LlvmError::SiteLocations { id, locations, operands } => write!(f, "exit site {id:#x}: {locations} locations for {operands} operands"),
        }
    }
}

impl std::error::Error for LlvmError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LlvmError::StackMap(e) => Some(e),
            _ => None,
        }
    }
}

/// Why a `.llvm_stackmaps` section cannot be parsed ([`crate::llvm::stackmap::StackMap::parse`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StackMapError {
    /// The section ends inside a field.
    Truncated {
        /// The offset of the field.
        at: usize,
    },
    /// The section's format version is not 3.
    Version(u8),
    /// A location has an unknown kind.
    LocationKind(u8),
    /// There are more records than the function table's record counts add up to.
    UnownedRecord,
}

impl fmt::Display for StackMapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StackMapError::Truncated { at } => write!(f, "stack map truncated at byte {at}"),
            StackMapError::Version(version) => write!(f, "unsupported stack map version {version}"),
            StackMapError::LocationKind(kind) => write!(f, "unknown stack map location kind {kind}"),
            StackMapError::UnownedRecord => write!(f, "more records than the function table announces"),
        }
    }
}

impl std::error::Error for StackMapError {}

impl From<StackMapError> for BackendError {
    fn from(e: StackMapError) -> BackendError {
        BackendError::Llvm(LlvmError::StackMap(e))
    }
}

/// What failed in Cranelift, with its own error where it gives one.
#[derive(Debug)]
pub enum CraneliftError {
    /// A code generation flag cannot be set.
    Flag {
        /// The flag.
        name: &'static str,
        /// The value.
        value: &'static str,
        /// Cranelift's error.
        error: cranelift_codegen::settings::SetError,
    },
    /// The host has no ISA Cranelift supports.
    NativeIsa(&'static str),
    /// The ISA cannot be built with the flags.
    Isa(cranelift_codegen::CodegenError),
    /// The function built fails Cranelift's verifier.
    Verify {
        /// The LIR function's name.
        function: String,
        /// What the verifier found.
        errors: cranelift_codegen::verifier::VerifierErrors,
        /// The function, as Cranelift prints it.
        clif: String,
    },
    /// The JIT module refused a declaration or could not finalize the code.
    Module(cranelift_module::ModuleError),
    /// The function cannot be compiled (a `cranelift_codegen::CodegenError`, which the
    /// module wraps).
    Compile {
        /// The LIR function's name.
        function: String,
        /// The module's error.
        error: cranelift_module::ModuleError,
    },
    /// Compilation produced no code.
    NoCode,
}

impl fmt::Display for CraneliftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CraneliftError::Flag { name, value, error } => write!(f, "cranelift flag {name}={value}: {error}"),
            CraneliftError::NativeIsa(message) => write!(f, "cranelift: no native ISA: {message}"),
            CraneliftError::Isa(e) => write!(f, "cranelift ISA: {e}"),
            CraneliftError::Verify { function, errors, clif } => write!(f, "Cranelift IR of {function} fails verification: {errors}\n{clif}"),
            CraneliftError::Module(e) => write!(f, "cranelift: {e}"),
            CraneliftError::Compile { function, error } => write!(f, "Cranelift cannot compile {function}: {error:?}"),
            CraneliftError::NoCode => write!(f, "Cranelift produced no code"),
        }
    }
}

impl std::error::Error for CraneliftError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CraneliftError::Flag { error, .. } => Some(error),
            CraneliftError::Isa(e) => Some(e),
            CraneliftError::Verify { errors, .. } => Some(errors),
            CraneliftError::Module(e) | CraneliftError::Compile { error: e, .. } => Some(e),
            CraneliftError::NativeIsa(_) | CraneliftError::NoCode => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_print_the_backends_messages() {
        let undefined: BackendError = LirError::Undefined { value: Value(7) }.into();
        assert_eq!(undefined.to_string(), "v7 used before it is defined (LIR not in dominance order?)");
        let entry = LirError::EntryParameters(MachineBackend::Cranelift);
        assert_eq!(entry.to_string(), "entry block parameters (OSR entry) are not supported by the Cranelift backend");
        let site: BackendError = LlvmError::SiteLocations { id: 0x1_0000_0002, locations: 3, operands: 4 }.into();
        assert_eq!(site.to_string(), "exit site 0x100000002: 3 locations for 4 operands");
        let truncated: BackendError = StackMapError::Truncated { at: 8 }.into();
        assert_eq!(truncated.to_string(), "stack map truncated at byte 8");
        assert!(matches!(truncated, BackendError::Llvm(LlvmError::StackMap(StackMapError::Truncated { at: 8 }))));
        let panicked = BackendError::Panicked { backend: MachineBackend::Llvm, function: "f".into(), message: "boom".into() };
        assert_eq!(panicked.to_string(), "LLVM compilation of f panicked: boom");
    }

    #[test]
    fn backend_errors_cross_threads() {
        fn send_sync<T: Send + Sync + 'static>() {}
        send_sync::<BackendError>();
    }
}
