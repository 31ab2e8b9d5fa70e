; ModuleID = 'krn1.minmax.f64.f64'
source_filename = "krn1.minmax.f64.f64"

define { double, double } @krn1.minmax.f64.f64(ptr %0, double %1, double %2) {
entry:
  %a = alloca double, align 8
  %b = alloca double, align 8
  %"$ifexp" = alloca { double, double }, align 8
  %t = alloca { double, double }, align 8
  %lo = alloca double, align 8
  %hi = alloca double, align 8
  store double 0.000000e+00, ptr %a, align 8
  store double 0.000000e+00, ptr %b, align 8
  store { double, double } zeroinitializer, ptr %"$ifexp", align 8
  store { double, double } zeroinitializer, ptr %t, align 8
  store double 0.000000e+00, ptr %lo, align 8
  store double 0.000000e+00, ptr %hi, align 8
  br label %b0

b0:                                               ; preds = %entry
  store double %1, ptr %a, align 8
  store double %2, ptr %b, align 8
  %3 = load double, ptr %a, align 8
  %4 = load double, ptr %b, align 8
  %5 = fcmp olt double %3, %4
  br i1 %5, label %b1, label %b2

b1:                                               ; preds = %b0
  %6 = load double, ptr %a, align 8
  %7 = load double, ptr %b, align 8
  %8 = insertvalue { double, double } undef, double %6, 0
  %9 = insertvalue { double, double } %8, double %7, 1
  store { double, double } %9, ptr %"$ifexp", align 8
  br label %b3

b2:                                               ; preds = %b0
  %10 = load double, ptr %b, align 8
  %11 = load double, ptr %a, align 8
  %12 = insertvalue { double, double } undef, double %10, 0
  %13 = insertvalue { double, double } %12, double %11, 1
  store { double, double } %13, ptr %"$ifexp", align 8
  br label %b3

b3:                                               ; preds = %b2, %b1
  %14 = load { double, double }, ptr %"$ifexp", align 8
  store { double, double } %14, ptr %t, align 8
  %15 = load { double, double }, ptr %t, align 8
  %16 = extractvalue { double, double } %15, 0
  store double %16, ptr %lo, align 8
  %17 = extractvalue { double, double } %15, 1
  store double %17, ptr %hi, align 8
  %18 = load double, ptr %lo, align 8
  %19 = load double, ptr %hi, align 8
  %20 = insertvalue { double, double } undef, double %18, 0
  %21 = insertvalue { double, double } %20, double %19, 1
  ret { double, double } %21

b4:                                               ; No predecessors!
  unreachable
}

define void @krn1.minmax.f64.f64.entry(ptr %0, ptr %1, ptr %2) {
entry:
  %3 = getelementptr i8, ptr %0, i64 0
  %4 = load ptr, ptr %3, align 8
  %5 = load double, ptr %4, align 8
  %6 = getelementptr i8, ptr %0, i64 8
  %7 = load ptr, ptr %6, align 8
  %8 = load double, ptr %7, align 8
  %9 = call { double, double } @krn1.minmax.f64.f64(ptr %2, double %5, double %8)
  %10 = getelementptr i8, ptr %1, i64 0
  %11 = extractvalue { double, double } %9, 0
  store double %11, ptr %10, align 8
  %12 = getelementptr i8, ptr %1, i64 16
  %13 = extractvalue { double, double } %9, 1
  store double %13, ptr %12, align 8
  ret void
}

define void @krn1.minmax.f64.f64.cfunc(double %0, double %1, ptr %2, ptr %3) {
entry:
  %err = alloca { i32, ptr, ptr, i64, i64, i64 }, align 8
  store { i32, ptr, ptr, i64, i64, i64 } zeroinitializer, ptr %err, align 8
  %4 = call { double, double } @krn1.minmax.f64.f64(ptr %err, double %0, double %1)
  %5 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %err, i32 0, i32 0
  %6 = load i32, ptr %5, align 4
  %7 = icmp ne i32 %6, 0
  br i1 %7, label %report, label %done

report:                                           ; preds = %entry
  call void @jitc_rt_report(ptr %err)
  ret void

done:                                             ; preds = %entry
  %8 = extractvalue { double, double } %4, 0
  store double %8, ptr %2, align 8
  %9 = extractvalue { double, double } %4, 1
  store double %9, ptr %3, align 8
  ret void
}

declare void @jitc_rt_report(ptr)
