; ModuleID = 'krn1.divmod_mix.i64.i64.f64'
source_filename = "krn1.divmod_mix.i64.i64.f64"

@str = private unnamed_addr constant [18 x i8] c"py_arith.krn:9:14\00", align 1
@str.1 = private unnamed_addr constant [54 x i8] c"ZeroDivisionError: integer division or modulo by zero\00", align 1
@str.2 = private unnamed_addr constant [18 x i8] c"py_arith.krn:9:23\00", align 1
@str.3 = private unnamed_addr constant [54 x i8] c"ZeroDivisionError: integer division or modulo by zero\00", align 1
@str.4 = private unnamed_addr constant [18 x i8] c"py_arith.krn:9:31\00", align 1
@str.5 = private unnamed_addr constant [32 x i8] c"ZeroDivisionError: float modulo\00", align 1

define double @krn1.divmod_mix.i64.i64.f64(ptr %0, i64 %1, i64 %2, double %3) {
entry:
  %a = alloca i64, align 8
  %b = alloca i64, align 8
  %x = alloca double, align 8
  store i64 0, ptr %a, align 8
  store i64 0, ptr %b, align 8
  store double 0.000000e+00, ptr %x, align 8
  br label %b0

b0:                                               ; preds = %entry
  store i64 %1, ptr %a, align 8
  store i64 %2, ptr %b, align 8
  store double %3, ptr %x, align 8
  %4 = load i64, ptr %a, align 8
  %5 = load i64, ptr %b, align 8
  %6 = icmp eq i64 %5, 0
  br i1 %6, label %raise, label %ok

b1:                                               ; No predecessors!
  unreachable

raise:                                            ; preds = %b0
  %7 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  store i32 2, ptr %7, align 4
  %8 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 1
  store ptr @str, ptr %8, align 8
  %9 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 2
  store ptr @str.1, ptr %9, align 8
  br label %unwind

ok:                                               ; preds = %b0
  %10 = icmp eq i64 %5, -1
  %11 = select i1 %10, i64 1, i64 %5
  %12 = sdiv i64 %4, %11
  %13 = srem i64 %4, %11
  %14 = icmp ne i64 %13, 0
  %15 = xor i64 %13, %11
  %16 = icmp slt i64 %15, 0
  %17 = and i1 %14, %16
  %18 = icmp eq i64 %5, 0
  %19 = sub i64 %12, 1
  %20 = select i1 %17, i64 %19, i64 %12
  %21 = sub i64 0, %4
  %22 = icmp eq i64 %4, -9223372036854775808
  %23 = select i1 %22, i64 0, i64 %21
  %24 = select i1 %10, i64 %23, i64 %20
  %25 = load i64, ptr %a, align 8
  %26 = load i64, ptr %b, align 8
  %27 = icmp eq i64 %26, 0
  br i1 %27, label %raise1, label %ok2

unwind:                                           ; preds = %raise3, %raise1, %raise
  ret double 0.000000e+00

raise1:                                           ; preds = %ok
  %28 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  store i32 2, ptr %28, align 4
  %29 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 1
  store ptr @str.2, ptr %29, align 8
  %30 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 2
  store ptr @str.3, ptr %30, align 8
  br label %unwind

ok2:                                              ; preds = %ok
  %31 = icmp eq i64 %26, -1
  %32 = select i1 %31, i64 1, i64 %26
  %33 = sdiv i64 %25, %32
  %34 = srem i64 %25, %32
  %35 = icmp ne i64 %34, 0
  %36 = xor i64 %34, %32
  %37 = icmp slt i64 %36, 0
  %38 = and i1 %35, %37
  %39 = icmp eq i64 %26, 0
  %40 = add i64 %34, %32
  %41 = select i1 %38, i64 %40, i64 %34
  %42 = select i1 %31, i64 0, i64 %41
  %43 = add i64 %24, %42
  %44 = load double, ptr %x, align 8
  br i1 false, label %raise3, label %ok4

raise3:                                           ; preds = %ok2
  %45 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  store i32 2, ptr %45, align 4
  %46 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 1
  store ptr @str.4, ptr %46, align 8
  %47 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 2
  store ptr @str.5, ptr %47, align 8
  br label %unwind

ok4:                                              ; preds = %ok2
  %48 = call double @jitc_rt_mod_f64(double %44, double 2.500000e+00)
  %49 = sitofp i64 %43 to double
  %50 = fadd double %49, %48
  ret double %50
}

declare double @jitc_rt_mod_f64(double, double)

define void @krn1.divmod_mix.i64.i64.f64.entry(ptr %0, ptr %1, ptr %2) {
entry:
  %3 = getelementptr i8, ptr %0, i64 0
  %4 = load ptr, ptr %3, align 8
  %5 = load i64, ptr %4, align 8
  %6 = getelementptr i8, ptr %0, i64 8
  %7 = load ptr, ptr %6, align 8
  %8 = load i64, ptr %7, align 8
  %9 = getelementptr i8, ptr %0, i64 16
  %10 = load ptr, ptr %9, align 8
  %11 = load double, ptr %10, align 8
  %12 = call double @krn1.divmod_mix.i64.i64.f64(ptr %2, i64 %5, i64 %8, double %11)
  store double %12, ptr %1, align 8
  ret void
}

define double @krn1.divmod_mix.i64.i64.f64.cfunc(i64 %0, i64 %1, double %2) {
entry:
  %err = alloca { i32, ptr, ptr, i64, i64, i64 }, align 8
  store { i32, ptr, ptr, i64, i64, i64 } zeroinitializer, ptr %err, align 8
  %3 = call double @krn1.divmod_mix.i64.i64.f64(ptr %err, i64 %0, i64 %1, double %2)
  %4 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %err, i32 0, i32 0
  %5 = load i32, ptr %4, align 4
  %6 = icmp ne i32 %5, 0
  br i1 %6, label %report, label %done

report:                                           ; preds = %entry
  call void @jitc_rt_report(ptr %err)
  ret double 0.000000e+00

done:                                             ; preds = %entry
  ret double %3
}

declare void @jitc_rt_report(ptr)
