; ModuleID = 'krn1.peak.a1Af64.f64'
source_filename = "krn1.peak.a1Af64.f64"

@str = private unnamed_addr constant [15 x i8] c"raise.krn:9:12\00", align 1
@str.1 = private unnamed_addr constant [81 x i8] c"ValueError: zero-size array to reduction operation maximum which has no identity\00", align 1
@str.2 = private unnamed_addr constant [15 x i8] c"raise.krn:9:20\00", align 1
@str.3 = private unnamed_addr constant [36 x i8] c"ZeroDivisionError: division by zero\00", align 1

define double @krn1.peak.a1Af64.f64(ptr %0, { ptr, [1 x i64], [1 x i64], ptr } %1, double %2) {
entry:
  %a = alloca { ptr, [1 x i64], [1 x i64], ptr }, align 8
  %d = alloca double, align 8
  %"$acc" = alloca double, align 8
  %"$i" = alloca i64, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, ptr %a, align 8
  store double 0.000000e+00, ptr %d, align 8
  store double 0.000000e+00, ptr %"$acc", align 8
  store i64 0, ptr %"$i", align 8
  br label %b0

b0:                                               ; preds = %entry
  %mem = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %1, 3
  %3 = icmp ne ptr %mem, null
  br i1 %3, label %retain, label %refs.done

b1:                                               ; preds = %refs.done2
  %4 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  store i32 3, ptr %4, align 4
  %5 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 1
  store ptr @str, ptr %5, align 8
  %6 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 2
  store ptr @str.1, ptr %6, align 8
  br label %unwind

b2:                                               ; preds = %refs.done2
  %7 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %45, 1
  %8 = extractvalue [1 x i64] %7, 0
  %9 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %45, 2
  %10 = extractvalue [1 x i64] %9, 0
  %11 = mul i64 0, %10
  %12 = add i64 0, %11
  %13 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %45, 0
  %14 = getelementptr i8, ptr %13, i64 %12
  %15 = load double, ptr %14, align 8
  store double %15, ptr %"$acc", align 8
  %16 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %45, 1
  %17 = extractvalue [1 x i64] %16, 0
  store i64 0, ptr %"$i", align 8
  br label %b3

b3:                                               ; preds = %b7, %b2
  %18 = load i64, ptr %"$i", align 8
  %19 = icmp slt i64 %18, %17
  br i1 %19, label %b5, label %b4

b4:                                               ; preds = %b3
  %20 = load double, ptr %"$acc", align 8
  %21 = load double, ptr %d, align 8
  %22 = fcmp oeq double %21, 0.000000e+00
  br i1 %22, label %raise, label %ok

b5:                                               ; preds = %b3
  %23 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %45, 1
  %24 = extractvalue [1 x i64] %23, 0
  %25 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %45, 2
  %26 = extractvalue [1 x i64] %25, 0
  %27 = mul i64 %18, %26
  %28 = add i64 0, %27
  %29 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %45, 0
  %30 = getelementptr i8, ptr %29, i64 %28
  %31 = load double, ptr %30, align 8
  %32 = load double, ptr %"$acc", align 8
  %33 = fcmp ogt double %31, %32
  %34 = fcmp une double %31, %31
  %35 = or i1 %33, %34
  br i1 %35, label %b6, label %b7

b6:                                               ; preds = %b5
  store double %31, ptr %"$acc", align 8
  br label %b7

b7:                                               ; preds = %b6, %b5
  %36 = load i64, ptr %"$i", align 8
  %37 = add nsw i64 %36, 1
  store i64 %37, ptr %"$i", align 8
  br label %b3

b8:                                               ; No predecessors!
  unreachable

retain:                                           ; preds = %b0
  %38 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem, i32 0, i32 0
  %39 = atomicrmw add ptr %38, i64 1 monotonic, align 8
  br label %refs.done

refs.done:                                        ; preds = %retain, %b0
  %40 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } %1, ptr %a, align 8
  %mem1 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %40, 3
  %41 = icmp ne ptr %mem1, null
  br i1 %41, label %release, label %refs.done2

release:                                          ; preds = %refs.done
  %42 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem1, i32 0, i32 0
  %43 = atomicrmw sub ptr %42, i64 1 acq_rel, align 8
  %44 = icmp eq i64 %43, 1
  br i1 %44, label %free, label %refs.done2

refs.done2:                                       ; preds = %free, %release, %refs.done
  store double %2, ptr %d, align 8
  %45 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %46 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %45, 1
  %47 = extractvalue [1 x i64] %46, 0
  %48 = mul i64 1, %47
  %49 = icmp eq i64 %48, 0
  br i1 %49, label %b1, label %b2

free:                                             ; preds = %release
  call void @jitc_rt_free(ptr %mem1)
  br label %refs.done2

unwind:                                           ; preds = %raise, %b1
  %50 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %mem3 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %50, 3
  %51 = icmp ne ptr %mem3, null
  br i1 %51, label %release4, label %refs.done5

release4:                                         ; preds = %unwind
  %52 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem3, i32 0, i32 0
  %53 = atomicrmw sub ptr %52, i64 1 acq_rel, align 8
  %54 = icmp eq i64 %53, 1
  br i1 %54, label %free6, label %refs.done5

refs.done5:                                       ; preds = %free6, %release4, %unwind
  ret double 0.000000e+00

free6:                                            ; preds = %release4
  call void @jitc_rt_free(ptr %mem3)
  br label %refs.done5

raise:                                            ; preds = %b4
  %55 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  store i32 2, ptr %55, align 4
  %56 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 1
  store ptr @str.2, ptr %56, align 8
  %57 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 2
  store ptr @str.3, ptr %57, align 8
  br label %unwind

ok:                                               ; preds = %b4
  %58 = fdiv double %20, %21
  %59 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %mem7 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %59, 3
  %60 = icmp ne ptr %mem7, null
  br i1 %60, label %release8, label %refs.done9

release8:                                         ; preds = %ok
  %61 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem7, i32 0, i32 0
  %62 = atomicrmw sub ptr %61, i64 1 acq_rel, align 8
  %63 = icmp eq i64 %62, 1
  br i1 %63, label %free10, label %refs.done9

refs.done9:                                       ; preds = %free10, %release8, %ok
  ret double %58

free10:                                           ; preds = %release8
  call void @jitc_rt_free(ptr %mem7)
  br label %refs.done9
}

declare void @jitc_rt_free(ptr)

define void @krn1.peak.a1Af64.f64.entry(ptr %0, ptr %1, ptr %2) {
entry:
  %3 = getelementptr i8, ptr %0, i64 0
  %4 = load ptr, ptr %3, align 8
  %5 = getelementptr i8, ptr %4, i64 0
  %6 = load ptr, ptr %5, align 8
  %7 = getelementptr i8, ptr %4, i64 40
  %8 = load i64, ptr %7, align 8
  %data = getelementptr i8, ptr %6, i64 %8
  %9 = getelementptr i8, ptr %4, i64 24
  %10 = load ptr, ptr %9, align 8
  %11 = getelementptr i8, ptr %4, i64 32
  %12 = load ptr, ptr %11, align 8
  %13 = getelementptr i8, ptr %10, i64 0
  %14 = load i64, ptr %13, align 8
  %15 = insertvalue [1 x i64] zeroinitializer, i64 %14, 0
  %16 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, [1 x i64] %15, 1
  %17 = icmp ne ptr %12, null
  %18 = mul i64 8, %14
  br i1 %17, label %strides.given, label %strides.join

strides.given:                                    ; preds = %entry
  %19 = getelementptr i8, ptr %12, i64 0
  %20 = load i64, ptr %19, align 8
  %21 = mul i64 %20, 8
  br label %strides.join

strides.join:                                     ; preds = %strides.given, %entry
  %stride = phi i64 [ 8, %entry ], [ %21, %strides.given ]
  %22 = insertvalue [1 x i64] undef, i64 %stride, 0
  %23 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %16, ptr %data, 0
  %24 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %23, [1 x i64] %22, 2
  %25 = getelementptr i8, ptr %0, i64 8
  %26 = load ptr, ptr %25, align 8
  %27 = load double, ptr %26, align 8
  %28 = call double @krn1.peak.a1Af64.f64(ptr %2, { ptr, [1 x i64], [1 x i64], ptr } %24, double %27)
  store double %28, ptr %1, align 8
  ret void
}

define double @krn1.peak.a1Af64.f64.cfunc(ptr %0, double %1) {
entry:
  %err = alloca { i32, ptr, ptr, i64, i64, i64 }, align 8
  store { i32, ptr, ptr, i64, i64, i64 } zeroinitializer, ptr %err, align 8
  %2 = getelementptr i8, ptr %0, i64 0
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr i8, ptr %0, i64 40
  %5 = load i64, ptr %4, align 8
  %data = getelementptr i8, ptr %3, i64 %5
  %6 = getelementptr i8, ptr %0, i64 24
  %7 = load ptr, ptr %6, align 8
  %8 = getelementptr i8, ptr %0, i64 32
  %9 = load ptr, ptr %8, align 8
  %10 = getelementptr i8, ptr %7, i64 0
  %11 = load i64, ptr %10, align 8
  %12 = insertvalue [1 x i64] zeroinitializer, i64 %11, 0
  %13 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, [1 x i64] %12, 1
  %14 = icmp ne ptr %9, null
  %15 = mul i64 8, %11
  br i1 %14, label %strides.given, label %strides.join

strides.given:                                    ; preds = %entry
  %16 = getelementptr i8, ptr %9, i64 0
  %17 = load i64, ptr %16, align 8
  %18 = mul i64 %17, 8
  br label %strides.join

strides.join:                                     ; preds = %strides.given, %entry
  %stride = phi i64 [ 8, %entry ], [ %18, %strides.given ]
  %19 = insertvalue [1 x i64] undef, i64 %stride, 0
  %20 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %13, ptr %data, 0
  %21 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %20, [1 x i64] %19, 2
  %22 = call double @krn1.peak.a1Af64.f64(ptr %err, { ptr, [1 x i64], [1 x i64], ptr } %21, double %1)
  %23 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %err, i32 0, i32 0
  %24 = load i32, ptr %23, align 4
  %25 = icmp ne i32 %24, 0
  br i1 %25, label %report, label %done

report:                                           ; preds = %strides.join
  call void @jitc_rt_report(ptr %err)
  ret double 0.000000e+00

done:                                             ; preds = %strides.join
  ret double %22
}

declare void @jitc_rt_report(ptr)
