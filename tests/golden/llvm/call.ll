; ModuleID = 'krn1.outer.i64.i64'
source_filename = "krn1.outer.i64.i64"

define i64 @krn1.outer.i64.i64(ptr %0, i64 %1, i64 %2) {
entry:
  %a = alloca i64, align 8
  %b = alloca i64, align 8
  store i64 0, ptr %a, align 8
  store i64 0, ptr %b, align 8
  br label %b0

b0:                                               ; preds = %entry
  store i64 %1, ptr %a, align 8
  store i64 %2, ptr %b, align 8
  %3 = load i64, ptr %a, align 8
  %4 = load i64, ptr %b, align 8
  %5 = call i64 @krn1.inner.i64.i64(ptr %0, i64 %3, i64 %4)
  %6 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  %exc = load i32, ptr %6, align 4
  %7 = icmp ne i32 %exc, 0
  br i1 %7, label %propagate, label %ok

b1:                                               ; No predecessors!
  unreachable

propagate:                                        ; preds = %b0
  br label %unwind

ok:                                               ; preds = %b0
  %8 = add i64 %5, 1
  ret i64 %8

unwind:                                           ; preds = %propagate
  ret i64 0
}

declare i64 @krn1.inner.i64.i64(ptr, i64, i64)

define void @krn1.outer.i64.i64.entry(ptr %0, ptr %1, ptr %2) {
entry:
  %3 = getelementptr i8, ptr %0, i64 0
  %4 = load ptr, ptr %3, align 8
  %5 = load i64, ptr %4, align 8
  %6 = getelementptr i8, ptr %0, i64 8
  %7 = load ptr, ptr %6, align 8
  %8 = load i64, ptr %7, align 8
  %9 = call i64 @krn1.outer.i64.i64(ptr %2, i64 %5, i64 %8)
  store i64 %9, ptr %1, align 8
  ret void
}

define i64 @krn1.outer.i64.i64.cfunc(i64 %0, i64 %1) {
entry:
  %err = alloca { i32, ptr, ptr, i64, i64, i64 }, align 8
  store { i32, ptr, ptr, i64, i64, i64 } zeroinitializer, ptr %err, align 8
  %2 = call i64 @krn1.outer.i64.i64(ptr %err, i64 %0, i64 %1)
  %3 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %err, i32 0, i32 0
  %4 = load i32, ptr %3, align 4
  %5 = icmp ne i32 %4, 0
  br i1 %5, label %report, label %done

report:                                           ; preds = %entry
  call void @jitc_rt_report(ptr %err)
  ret i64 0

done:                                             ; preds = %entry
  ret i64 %2
}

declare void @jitc_rt_report(ptr)
