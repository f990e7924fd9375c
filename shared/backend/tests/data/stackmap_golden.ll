; Input of the stack map parser golden test (tests/llvm_stackmap.rs).
; Regenerate: llc-14 -O2 -filetype=obj stackmap_golden.ll -o /tmp/g.o &&
;   llvm-objcopy-14 --dump-section .llvm_stackmaps=stackmap_golden.bin /tmp/g.o &&
;   llvm-readobj-14 --stackmap /tmp/g.o > stackmap_golden.txt
target triple = "x86_64-unknown-linux-gnu"

declare i64 @llvm.experimental.patchpoint.i64(i64, i32, i8*, i32, ...)
declare void @llvm.experimental.stackmap(i64, i32, ...)
declare void @sink(i64*)

define i64 @first(i64 %a, i32 %b, double %c, i64* %p) "frame-pointer"="all" {
entry:
  %buf = alloca [4 x i64]
  %bp = getelementptr [4 x i64], [4 x i64]* %buf, i32 0, i32 0
  call void @sink(i64* %bp)
  %x = load i64, i64* %p
  %y = add i64 %x, 7
  %z = mul i64 %a, %y
  %r = call i64 (i64, i32, i8*, i32, ...) @llvm.experimental.patchpoint.i64(i64 77, i32 13, i8* inttoptr (i64 4096 to i8*), i32 0,
         i64 %a, i32 %b, double %c, i64 42, i64 81985529216486895, i64* %bp, i64 %x, i64 %y, i64 %z)
  ret i64 %r
}

define void @second(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g, i64 %h, i64 %i, i64 %j, i64 %k, i64 %l, i64 %m, i64 %n, i64 %o, i64 %p) "frame-pointer"="all" {
entry:
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 5, i32 0, i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g, i64 %h, i64 %i, i64 %j, i64 %k, i64 %l, i64 %m, i64 %n, i64 %o, i64 %p, i32 -3)
  call void (i64, i32, ...) @llvm.experimental.stackmap(i64 6, i32 4, i64 %p)
  ret void
}
