//! Bytecode liveness.

use frontend::bytecode::{Instr, Reg};
use frontend::compile;
use frontend::liveness::analyze;

#[test]
fn dead_parameters_are_not_live_and_loop_variables_stay_live_around_the_loop() {
    let src = "function f(a, b) { var s = 0; for (var i = 0; i < a; i++) { s = s + i; } return s; }";
    let p = compile("t.js", src).unwrap();
    let f = p.functions.iter().find(|f| f.name == "f").unwrap();
    let live = analyze(f);
    let (a, b) = (Reg(0), Reg(1));
    // b is never read: never live.
    for pc in 0..f.code.len() as u32 {
        assert!(!live.live_in(pc).contains(b), "b live at {pc}");
    }
    // At the back edge, a (the bound), s and i are live; at the return only its operand.
    let back = f.code.iter().position(|i| matches!(i, Instr::JumpLoop { .. })).unwrap() as u32;
    let at_back = live.live_in(back);
    assert!(at_back.contains(a));
    assert_eq!(at_back.len(), 3, "a, s, i: {:?}", at_back.iter().collect::<Vec<_>>());
    let ret = f.code.iter().position(|i| matches!(i, Instr::Return { .. })).unwrap() as u32;
    assert_eq!(live.live_in(ret).len(), 1);
    assert!(live.live_out(ret).is_empty());
}

#[test]
fn a_register_is_dead_between_its_last_use_and_its_redefinition() {
    let src = "function g(x) { var t = x + 1; var u = t * 2; t = 5; return t + u; }";
    let p = compile("t.js", src).unwrap();
    let g = p.functions.iter().find(|f| f.name == "g").unwrap();
    let live = analyze(g);
    // Find the instruction that redefines t with the constant 5.
    let redefine = g.code.iter().position(|i| matches!(i, Instr::LoadInt { value: 5, .. })).unwrap() as u32;
    let Instr::LoadInt { dst: t, .. } = g.code[redefine as usize] else { unreachable!() };
    assert!(!live.live_in(redefine).contains(t));
    assert!(live.live_out(redefine).contains(t));
    // x is dead after its only use.
    assert!(!live.live_in(redefine).contains(Reg(0)));
}
