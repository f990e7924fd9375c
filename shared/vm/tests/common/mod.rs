//! Helpers shared by the vm's integration tests.

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

/// Program output captured in memory (a clone shares the buffer).
#[derive(Clone, Default)]
pub struct Output(pub Rc<RefCell<Vec<u8>>>);

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A test compiler's refusal: a bailout of kind `Declined` with `message`.
pub fn declined(message: impl Into<String>) -> ir::compile::Bailout {
    ir::compile::Bailout::new(ir::compile::BailoutReason::Declined(message.into()))
}
