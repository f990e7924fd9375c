//! Early errors that `oxc_semantic` 0.146 does not report, checked on the whole program
//! (including the bodies of functions the compiler only traps on, since node rejects the whole
//! file before running anything):
//!
//! - `break`/`continue` may not cross an arrow function boundary: oxc stops its label search at
//!   `function` bodies and static blocks only, so `while (0) { () => { break; } }` and
//!   `x: while (0) { () => { continue x; } }` pass its checks.
//! - In strict mode code, `eval` and `arguments` may not be the target of a `for-in`/`for-of`
//!   head (`for (eval in o)`): oxc checks assignment expressions but not loop heads.
//!
//! The messages are node's.

use oxc_ast::ast::*;
use oxc_ast_visit::{walk, Visit};
use oxc_semantic::ScopeFlags;
use oxc_span::GetSpan;

use crate::compiler::SyntaxError;

/// The first early error of `program` that oxc misses, if any.
pub(crate) fn check(program: &Program<'_>) -> Option<SyntaxError> {
    let strict = has_use_strict(&program.directives);
    let mut c = Checker { frames: vec![Frame::new(strict)], error: None };
    c.visit_program(program);
    c.error
}

fn has_use_strict(directives: &[Directive<'_>]) -> bool {
    directives.iter().any(|d| d.directive.as_str() == "use strict")
}

/// The jump targets visible from code of one function (labels never cross a function).
struct Frame {
    /// Enclosing labels, innermost last, each with whether it labels an iteration statement.
    labels: Vec<(String, bool)>,
    /// Enclosing iteration statements.
    loops: u32,
    /// Enclosing `switch` statements.
    switches: u32,
    strict: bool,
}

impl Frame {
    fn new(strict: bool) -> Self {
        Frame { labels: Vec::new(), loops: 0, switches: 0, strict }
    }
}

struct Checker {
    frames: Vec<Frame>,
    error: Option<SyntaxError>,
}

impl Checker {
    fn frame(&mut self) -> &mut Frame {
        self.frames.last_mut().expect("a frame")
    }

    fn error(&mut self, message: String, offset: u32) {
        if self.error.is_none() {
            self.error = Some(SyntaxError { message, offset });
        }
    }

    fn in_frame(&mut self, strict: bool, f: impl FnOnce(&mut Self)) {
        self.frames.push(Frame::new(strict));
        f(self);
        self.frames.pop();
    }

    fn in_loop(&mut self, f: impl FnOnce(&mut Self)) {
        self.frame().loops += 1;
        f(self);
        self.frame().loops -= 1;
    }

    fn check_loop_head(&mut self, left: &ForStatementLeft<'_>) {
        if let ForStatementLeft::AssignmentTargetIdentifier(id) = left {
            let name = id.name.as_str();
            if self.frame().strict && (name == "eval" || name == "arguments") {
                self.error("Unexpected eval or arguments in strict mode".into(), id.span.start);
            }
        }
    }
}

impl<'a> Visit<'a> for Checker {
    fn visit_function(&mut self, it: &Function<'a>, flags: ScopeFlags) {
        let strict = self.frame().strict || it.body.as_ref().is_some_and(|b| has_use_strict(&b.directives));
        self.in_frame(strict, |c| walk::walk_function(c, it, flags));
    }

    fn visit_arrow_function_expression(&mut self, it: &ArrowFunctionExpression<'a>) {
        let strict = self.frame().strict || it.has_use_strict_directive();
        self.in_frame(strict, |c| walk::walk_arrow_function_expression(c, it));
    }

    fn visit_static_block(&mut self, it: &StaticBlock<'a>) {
        self.in_frame(true, |c| walk::walk_static_block(c, it));
    }

    fn visit_class(&mut self, it: &Class<'a>) {
        // All parts of a class are strict mode code.
        let saved = std::mem::replace(&mut self.frame().strict, true);
        walk::walk_class(self, it);
        self.frame().strict = saved;
    }

    fn visit_while_statement(&mut self, it: &WhileStatement<'a>) {
        self.in_loop(|c| walk::walk_while_statement(c, it));
    }

    fn visit_do_while_statement(&mut self, it: &DoWhileStatement<'a>) {
        self.in_loop(|c| walk::walk_do_while_statement(c, it));
    }

    fn visit_for_statement(&mut self, it: &ForStatement<'a>) {
        self.in_loop(|c| walk::walk_for_statement(c, it));
    }

    fn visit_for_in_statement(&mut self, it: &ForInStatement<'a>) {
        self.check_loop_head(&it.left);
        self.in_loop(|c| walk::walk_for_in_statement(c, it));
    }

    fn visit_for_of_statement(&mut self, it: &ForOfStatement<'a>) {
        self.check_loop_head(&it.left);
        self.in_loop(|c| walk::walk_for_of_statement(c, it));
    }

    fn visit_switch_statement(&mut self, it: &SwitchStatement<'a>) {
        self.frame().switches += 1;
        walk::walk_switch_statement(self, it);
        self.frame().switches -= 1;
    }

    fn visit_labeled_statement(&mut self, it: &LabeledStatement<'a>) {
        let mut body = &it.body;
        while let Statement::LabeledStatement(inner) = body {
            body = &inner.body;
        }
        let iteration = matches!(
            body,
            Statement::WhileStatement(_)
                | Statement::DoWhileStatement(_)
                | Statement::ForStatement(_)
                | Statement::ForInStatement(_)
                | Statement::ForOfStatement(_)
        );
        self.frame().labels.push((it.label.name.as_str().to_string(), iteration));
        walk::walk_labeled_statement(self, it);
        self.frame().labels.pop();
    }

    fn visit_break_statement(&mut self, it: &BreakStatement<'a>) {
        let frame = self.frames.last().expect("a frame");
        match &it.label {
            Some(label) => {
                let name = label.name.as_str();
                if !frame.labels.iter().any(|(l, _)| l == name) {
                    self.error(format!("Undefined label '{name}'"), label.span.start);
                }
            }
            None => {
                if frame.loops == 0 && frame.switches == 0 {
                    self.error("Illegal break statement".into(), it.span.start);
                }
            }
        }
    }

    fn visit_continue_statement(&mut self, it: &ContinueStatement<'a>) {
        let frame = self.frames.last().expect("a frame");
        match &it.label {
            Some(label) => {
                let name = label.name.as_str();
                match frame.labels.iter().rev().find(|(l, _)| l == name) {
                    None => self.error(format!("Undefined label '{name}'"), label.span.start),
                    Some((_, false)) => self.error(
                        format!("Illegal continue statement: '{name}' does not denote an iteration statement"),
                        label.span.start,
                    ),
                    Some((_, true)) => {}
                }
            }
            None => {
                if frame.loops == 0 {
                    self.error(
                        "Illegal continue statement: no surrounding iteration statement".into(),
                        it.span().start,
                    );
                }
            }
        }
    }
}
