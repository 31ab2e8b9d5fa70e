; ModuleID = 'krn1.total.a1Cf64'
source_filename = "krn1.total.a1Cf64"

@str = private unnamed_addr constant [17 x i8] c"prange.krn:11:14\00", align 1
@str.1 = private unnamed_addr constant [17 x i8] c"prange.krn:11:21\00", align 1

define double @krn1.total.a1Cf64(ptr %0, { ptr, [1 x i64], [1 x i64], ptr } %1) {
entry:
  %prange.frame = alloca { i64, i64, { ptr, [1 x i64], [1 x i64], ptr }, double }, align 8
  %a = alloca { ptr, [1 x i64], [1 x i64], ptr }, align 8
  %s = alloca double, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, ptr %a, align 8
  store double 0.000000e+00, ptr %s, align 8
  br label %b0

b0:                                               ; preds = %entry
  %mem = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %1, 3
  %2 = icmp ne ptr %mem, null
  br i1 %2, label %retain, label %refs.done

b1:                                               ; No predecessors!
  unreachable

retain:                                           ; preds = %b0
  %3 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem, i32 0, i32 0
  %4 = atomicrmw add ptr %3, i64 1 monotonic, align 8
  br label %refs.done

refs.done:                                        ; preds = %retain, %b0
  %5 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } %1, ptr %a, align 8
  %mem1 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %5, 3
  %6 = icmp ne ptr %mem1, null
  br i1 %6, label %release, label %refs.done2

release:                                          ; preds = %refs.done
  %7 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem1, i32 0, i32 0
  %8 = atomicrmw sub ptr %7, i64 1 acq_rel, align 8
  %9 = icmp eq i64 %8, 1
  br i1 %9, label %free, label %refs.done2

refs.done2:                                       ; preds = %free, %release, %refs.done
  store double 0.000000e+00, ptr %s, align 8
  %10 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %11 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %10, 1
  %12 = extractvalue [1 x i64] %11, 0
  %13 = insertvalue { i64 } undef, i64 %12, 0
  %14 = extractvalue { i64 } %13, 0
  %15 = sub i64 %14, 0
  %16 = sub i64 %15, 1
  %17 = udiv i64 %16, 1
  %18 = add i64 %17, 1
  %19 = icmp sgt i64 %14, 0
  %20 = select i1 %19, i64 %18, i64 0
  %21 = sub i64 0, %14
  %22 = sub i64 %21, 1
  %23 = udiv i64 %22, -1
  %24 = add i64 %23, 1
  %25 = icmp sgt i64 0, %14
  %26 = select i1 %25, i64 %24, i64 0
  %27 = select i1 true, i64 %20, i64 %26
  %28 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %29 = load double, ptr %s, align 8
  %30 = getelementptr inbounds { i64, i64, { ptr, [1 x i64], [1 x i64], ptr }, double }, ptr %prange.frame, i32 0, i32 0
  store i64 0, ptr %30, align 8
  %31 = getelementptr inbounds { i64, i64, { ptr, [1 x i64], [1 x i64], ptr }, double }, ptr %prange.frame, i32 0, i32 1
  store i64 1, ptr %31, align 8
  %32 = getelementptr inbounds { i64, i64, { ptr, [1 x i64], [1 x i64], ptr }, double }, ptr %prange.frame, i32 0, i32 2
  store { ptr, [1 x i64], [1 x i64], ptr } %28, ptr %32, align 8
  %33 = getelementptr inbounds { i64, i64, { ptr, [1 x i64], [1 x i64], ptr }, double }, ptr %prange.frame, i32 0, i32 3
  store double %29, ptr %33, align 8
  call void @jitc_rt_parallel_for(ptr @krn1.total.prange10.i64.i64.i64.i64.a1Cf64.f64.chunk, ptr @krn1.total.prange10.i64.i64.i64.i64.a1Cf64.f64.combine, ptr %prange.frame, i64 %27, i64 8, i32 0, ptr %0)
  %34 = getelementptr inbounds { i64, i64, { ptr, [1 x i64], [1 x i64], ptr }, double }, ptr %prange.frame, i32 0, i32 3
  %35 = load double, ptr %34, align 8
  %36 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  %exc = load i32, ptr %36, align 4
  %37 = icmp ne i32 %exc, 0
  br i1 %37, label %propagate, label %ok

free:                                             ; preds = %release
  call void @jitc_rt_free(ptr %mem1)
  br label %refs.done2

propagate:                                        ; preds = %refs.done2
  br label %unwind

ok:                                               ; preds = %refs.done2
  store double %35, ptr %s, align 8
  %38 = load double, ptr %s, align 8
  %39 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %mem7 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %39, 3
  %40 = icmp ne ptr %mem7, null
  br i1 %40, label %release8, label %refs.done9

unwind:                                           ; preds = %propagate
  %41 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %mem3 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %41, 3
  %42 = icmp ne ptr %mem3, null
  br i1 %42, label %release4, label %refs.done5

release4:                                         ; preds = %unwind
  %43 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem3, i32 0, i32 0
  %44 = atomicrmw sub ptr %43, i64 1 acq_rel, align 8
  %45 = icmp eq i64 %44, 1
  br i1 %45, label %free6, label %refs.done5

refs.done5:                                       ; preds = %free6, %release4, %unwind
  ret double 0.000000e+00

free6:                                            ; preds = %release4
  call void @jitc_rt_free(ptr %mem3)
  br label %refs.done5

release8:                                         ; preds = %ok
  %46 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem7, i32 0, i32 0
  %47 = atomicrmw sub ptr %46, i64 1 acq_rel, align 8
  %48 = icmp eq i64 %47, 1
  br i1 %48, label %free10, label %refs.done9

refs.done9:                                       ; preds = %free10, %release8, %ok
  ret double %38

free10:                                           ; preds = %release8
  call void @jitc_rt_free(ptr %mem7)
  br label %refs.done9
}

declare void @jitc_rt_free(ptr)

define internal void @krn1.total.prange10.i64.i64.i64.i64.a1Cf64.f64.chunk(ptr %0, i64 %1, i64 %2, ptr %3, ptr %4) {
entry:
  %5 = getelementptr inbounds { i64, i64, { ptr, [1 x i64], [1 x i64], ptr }, double }, ptr %0, i32 0, i32 0
  %6 = load i64, ptr %5, align 8
  %7 = getelementptr inbounds { i64, i64, { ptr, [1 x i64], [1 x i64], ptr }, double }, ptr %0, i32 0, i32 1
  %8 = load i64, ptr %7, align 8
  %9 = getelementptr inbounds { i64, i64, { ptr, [1 x i64], [1 x i64], ptr }, double }, ptr %0, i32 0, i32 2
  %10 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %9, align 8
  %11 = getelementptr inbounds { i64, i64, { ptr, [1 x i64], [1 x i64], ptr }, double }, ptr %0, i32 0, i32 3
  %12 = load double, ptr %11, align 8
  %13 = call double @krn1.total.prange10.i64.i64.i64.i64.a1Cf64.f64(ptr %4, i64 %1, i64 %2, i64 %6, i64 %8, { ptr, [1 x i64], [1 x i64], ptr } %10, double 0.000000e+00)
  store double %13, ptr %3, align 8
  ret void
}

define double @krn1.total.prange10.i64.i64.i64.i64.a1Cf64.f64(ptr %0, i64 %1, i64 %2, i64 %3, i64 %4, { ptr, [1 x i64], [1 x i64], ptr } %5, double %6) {
entry:
  %"$lo" = alloca i64, align 8
  %"$hi" = alloca i64, align 8
  %"$start" = alloca i64, align 8
  %"$step" = alloca i64, align 8
  %a = alloca { ptr, [1 x i64], [1 x i64], ptr }, align 8
  %s = alloca double, align 8
  %"$i" = alloca i64, align 8
  %i = alloca i64, align 8
  store i64 0, ptr %"$lo", align 8
  store i64 0, ptr %"$hi", align 8
  store i64 0, ptr %"$start", align 8
  store i64 0, ptr %"$step", align 8
  store { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, ptr %a, align 8
  store double 0.000000e+00, ptr %s, align 8
  store i64 0, ptr %"$i", align 8
  store i64 0, ptr %i, align 8
  %7 = icmp sge i64 %1, 0
  %8 = icmp sle i64 %1, %2
  call void @llvm.assume(i1 %7)
  call void @llvm.assume(i1 %8)
  br label %b0

b0:                                               ; preds = %entry
  store i64 %1, ptr %"$lo", align 8
  store i64 %2, ptr %"$hi", align 8
  store i64 %3, ptr %"$start", align 8
  store i64 %4, ptr %"$step", align 8
  %mem = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %5, 3
  %9 = icmp ne ptr %mem, null
  br i1 %9, label %retain, label %refs.done

b1:                                               ; preds = %b3, %refs.done2
  %10 = load i64, ptr %"$i", align 8
  %11 = icmp slt i64 %10, %35
  br i1 %11, label %b2, label %b4

b2:                                               ; preds = %b1
  %12 = load i64, ptr %"$i", align 8
  store i64 %12, ptr %i, align 8
  %13 = load double, ptr %s, align 8
  %14 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %15 = load i64, ptr %i, align 8
  %16 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %14, 1
  %17 = extractvalue [1 x i64] %16, 0
  %18 = icmp slt i64 %15, 0
  %19 = add i64 %15, %17
  %20 = select i1 %18, i64 %19, i64 %15
  %21 = icmp uge i64 %20, %17
  br i1 %21, label %raise, label %ok

b3:                                               ; preds = %ok8
  %22 = load i64, ptr %"$i", align 8
  %23 = add nsw i64 %22, 1
  store i64 %23, ptr %"$i", align 8
  br label %b1

b4:                                               ; preds = %b1
  %24 = load double, ptr %s, align 8
  %25 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %mem9 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %25, 3
  %26 = icmp ne ptr %mem9, null
  br i1 %26, label %release10, label %refs.done11

b5:                                               ; No predecessors!
  unreachable

retain:                                           ; preds = %b0
  %27 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem, i32 0, i32 0
  %28 = atomicrmw add ptr %27, i64 1 monotonic, align 8
  br label %refs.done

refs.done:                                        ; preds = %retain, %b0
  %29 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } %5, ptr %a, align 8
  %mem1 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %29, 3
  %30 = icmp ne ptr %mem1, null
  br i1 %30, label %release, label %refs.done2

release:                                          ; preds = %refs.done
  %31 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem1, i32 0, i32 0
  %32 = atomicrmw sub ptr %31, i64 1 acq_rel, align 8
  %33 = icmp eq i64 %32, 1
  br i1 %33, label %free, label %refs.done2

refs.done2:                                       ; preds = %free, %release, %refs.done
  store double %6, ptr %s, align 8
  %34 = load i64, ptr %"$lo", align 8
  %35 = load i64, ptr %"$hi", align 8
  store i64 %34, ptr %"$i", align 8
  br label %b1

free:                                             ; preds = %release
  call void @jitc_rt_free(ptr %mem1)
  br label %refs.done2

raise:                                            ; preds = %b2
  %36 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  store i32 1, ptr %36, align 4
  %37 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 1
  store ptr @str, ptr %37, align 8
  %38 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 2
  store ptr null, ptr %38, align 8
  %39 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 3
  store i64 %15, ptr %39, align 8
  %40 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 4
  store i64 0, ptr %40, align 8
  %41 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 5
  store i64 %17, ptr %41, align 8
  br label %unwind

ok:                                               ; preds = %b2
  %42 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %14, 0
  %43 = getelementptr i8, ptr %42, i64 0
  %44 = getelementptr inbounds double, ptr %43, i64 %20
  %45 = load double, ptr %44, align 8
  %46 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %47 = load i64, ptr %i, align 8
  %48 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %46, 1
  %49 = extractvalue [1 x i64] %48, 0
  %50 = icmp slt i64 %47, 0
  %51 = add i64 %47, %49
  %52 = select i1 %50, i64 %51, i64 %47
  %53 = icmp uge i64 %52, %49
  br i1 %53, label %raise7, label %ok8

unwind:                                           ; preds = %raise7, %raise
  %54 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %mem3 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %54, 3
  %55 = icmp ne ptr %mem3, null
  br i1 %55, label %release4, label %refs.done5

release4:                                         ; preds = %unwind
  %56 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem3, i32 0, i32 0
  %57 = atomicrmw sub ptr %56, i64 1 acq_rel, align 8
  %58 = icmp eq i64 %57, 1
  br i1 %58, label %free6, label %refs.done5

refs.done5:                                       ; preds = %free6, %release4, %unwind
  ret double 0.000000e+00

free6:                                            ; preds = %release4
  call void @jitc_rt_free(ptr %mem3)
  br label %refs.done5

raise7:                                           ; preds = %ok
  %59 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  store i32 1, ptr %59, align 4
  %60 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 1
  store ptr @str.1, ptr %60, align 8
  %61 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 2
  store ptr null, ptr %61, align 8
  %62 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 3
  store i64 %47, ptr %62, align 8
  %63 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 4
  store i64 0, ptr %63, align 8
  %64 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 5
  store i64 %49, ptr %64, align 8
  br label %unwind

ok8:                                              ; preds = %ok
  %65 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %46, 0
  %66 = getelementptr i8, ptr %65, i64 0
  %67 = getelementptr inbounds double, ptr %66, i64 %52
  %68 = load double, ptr %67, align 8
  %69 = fmul double %45, %68
  %70 = fadd double %13, %69
  store double %70, ptr %s, align 8
  br label %b3

release10:                                        ; preds = %b4
  %71 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem9, i32 0, i32 0
  %72 = atomicrmw sub ptr %71, i64 1 acq_rel, align 8
  %73 = icmp eq i64 %72, 1
  br i1 %73, label %free12, label %refs.done11

refs.done11:                                      ; preds = %free12, %release10, %b4
  ret double %24

free12:                                           ; preds = %release10
  call void @jitc_rt_free(ptr %mem9)
  br label %refs.done11
}

define internal void @krn1.total.prange10.i64.i64.i64.i64.a1Cf64.f64.combine(ptr %0, ptr %1) {
entry:
  %2 = load double, ptr %1, align 8
  %3 = getelementptr inbounds { i64, i64, { ptr, [1 x i64], [1 x i64], ptr }, double }, ptr %0, i32 0, i32 3
  %4 = load double, ptr %3, align 8
  %5 = fadd double %4, %2
  %6 = getelementptr inbounds { i64, i64, { ptr, [1 x i64], [1 x i64], ptr }, double }, ptr %0, i32 0, i32 3
  store double %5, ptr %6, align 8
  ret void
}

declare void @jitc_rt_parallel_for(ptr, ptr, ptr, i64, i64, i32, ptr)

define void @krn1.total.a1Cf64.entry(ptr %0, ptr %1, ptr %2) {
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
  %25 = call double @krn1.total.a1Cf64(ptr %2, { ptr, [1 x i64], [1 x i64], ptr } %24)
  store double %25, ptr %1, align 8
  ret void
}

define double @krn1.total.a1Cf64.cfunc(ptr %0) {
entry:
  %err = alloca { i32, ptr, ptr, i64, i64, i64 }, align 8
  store { i32, ptr, ptr, i64, i64, i64 } zeroinitializer, ptr %err, align 8
  %1 = getelementptr i8, ptr %0, i64 0
  %2 = load ptr, ptr %1, align 8
  %3 = getelementptr i8, ptr %0, i64 40
  %4 = load i64, ptr %3, align 8
  %data = getelementptr i8, ptr %2, i64 %4
  %5 = getelementptr i8, ptr %0, i64 24
  %6 = load ptr, ptr %5, align 8
  %7 = getelementptr i8, ptr %0, i64 32
  %8 = load ptr, ptr %7, align 8
  %9 = getelementptr i8, ptr %6, i64 0
  %10 = load i64, ptr %9, align 8
  %11 = insertvalue [1 x i64] zeroinitializer, i64 %10, 0
  %12 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, [1 x i64] %11, 1
  %13 = icmp ne ptr %8, null
  %14 = mul i64 8, %10
  br i1 %13, label %strides.given, label %strides.join

strides.given:                                    ; preds = %entry
  %15 = getelementptr i8, ptr %8, i64 0
  %16 = load i64, ptr %15, align 8
  %17 = mul i64 %16, 8
  br label %strides.join

strides.join:                                     ; preds = %strides.given, %entry
  %stride = phi i64 [ 8, %entry ], [ %17, %strides.given ]
  %18 = insertvalue [1 x i64] undef, i64 %stride, 0
  %19 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %12, ptr %data, 0
  %20 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %19, [1 x i64] %18, 2
  %21 = call double @krn1.total.a1Cf64(ptr %err, { ptr, [1 x i64], [1 x i64], ptr } %20)
  %22 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %err, i32 0, i32 0
  %23 = load i32, ptr %22, align 4
  %24 = icmp ne i32 %23, 0
  br i1 %24, label %report, label %done

report:                                           ; preds = %strides.join
  call void @jitc_rt_report(ptr %err)
  ret double 0.000000e+00

done:                                             ; preds = %strides.join
  ret double %21
}

declare void @jitc_rt_report(ptr)

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #0

define void @krn1.total.prange10.i64.i64.i64.i64.a1Cf64.f64.entry(ptr %0, ptr %1, ptr %2) {
entry:
  %3 = getelementptr i8, ptr %0, i64 0
  %4 = load ptr, ptr %3, align 8
  %5 = load i64, ptr %4, align 8
  %6 = getelementptr i8, ptr %0, i64 8
  %7 = load ptr, ptr %6, align 8
  %8 = load i64, ptr %7, align 8
  %9 = getelementptr i8, ptr %0, i64 16
  %10 = load ptr, ptr %9, align 8
  %11 = load i64, ptr %10, align 8
  %12 = getelementptr i8, ptr %0, i64 24
  %13 = load ptr, ptr %12, align 8
  %14 = load i64, ptr %13, align 8
  %15 = getelementptr i8, ptr %0, i64 32
  %16 = load ptr, ptr %15, align 8
  %17 = getelementptr i8, ptr %16, i64 0
  %18 = load ptr, ptr %17, align 8
  %19 = getelementptr i8, ptr %16, i64 40
  %20 = load i64, ptr %19, align 8
  %data = getelementptr i8, ptr %18, i64 %20
  %21 = getelementptr i8, ptr %16, i64 24
  %22 = load ptr, ptr %21, align 8
  %23 = getelementptr i8, ptr %16, i64 32
  %24 = load ptr, ptr %23, align 8
  %25 = getelementptr i8, ptr %22, i64 0
  %26 = load i64, ptr %25, align 8
  %27 = insertvalue [1 x i64] zeroinitializer, i64 %26, 0
  %28 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, [1 x i64] %27, 1
  %29 = icmp ne ptr %24, null
  %30 = mul i64 8, %26
  br i1 %29, label %strides.given, label %strides.join

strides.given:                                    ; preds = %entry
  %31 = getelementptr i8, ptr %24, i64 0
  %32 = load i64, ptr %31, align 8
  %33 = mul i64 %32, 8
  br label %strides.join

strides.join:                                     ; preds = %strides.given, %entry
  %stride = phi i64 [ 8, %entry ], [ %33, %strides.given ]
  %34 = insertvalue [1 x i64] undef, i64 %stride, 0
  %35 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %28, ptr %data, 0
  %36 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %35, [1 x i64] %34, 2
  %37 = getelementptr i8, ptr %0, i64 40
  %38 = load ptr, ptr %37, align 8
  %39 = load double, ptr %38, align 8
  %40 = call double @krn1.total.prange10.i64.i64.i64.i64.a1Cf64.f64(ptr %2, i64 %5, i64 %8, i64 %11, i64 %14, { ptr, [1 x i64], [1 x i64], ptr } %36, double %39)
  store double %40, ptr %1, align 8
  ret void
}

define double @krn1.total.prange10.i64.i64.i64.i64.a1Cf64.f64.cfunc(i64 %0, i64 %1, i64 %2, i64 %3, ptr %4, double %5) {
entry:
  %err = alloca { i32, ptr, ptr, i64, i64, i64 }, align 8
  store { i32, ptr, ptr, i64, i64, i64 } zeroinitializer, ptr %err, align 8
  %6 = getelementptr i8, ptr %4, i64 0
  %7 = load ptr, ptr %6, align 8
  %8 = getelementptr i8, ptr %4, i64 40
  %9 = load i64, ptr %8, align 8
  %data = getelementptr i8, ptr %7, i64 %9
  %10 = getelementptr i8, ptr %4, i64 24
  %11 = load ptr, ptr %10, align 8
  %12 = getelementptr i8, ptr %4, i64 32
  %13 = load ptr, ptr %12, align 8
  %14 = getelementptr i8, ptr %11, i64 0
  %15 = load i64, ptr %14, align 8
  %16 = insertvalue [1 x i64] zeroinitializer, i64 %15, 0
  %17 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, [1 x i64] %16, 1
  %18 = icmp ne ptr %13, null
  %19 = mul i64 8, %15
  br i1 %18, label %strides.given, label %strides.join

strides.given:                                    ; preds = %entry
  %20 = getelementptr i8, ptr %13, i64 0
  %21 = load i64, ptr %20, align 8
  %22 = mul i64 %21, 8
  br label %strides.join

strides.join:                                     ; preds = %strides.given, %entry
  %stride = phi i64 [ 8, %entry ], [ %22, %strides.given ]
  %23 = insertvalue [1 x i64] undef, i64 %stride, 0
  %24 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %17, ptr %data, 0
  %25 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %24, [1 x i64] %23, 2
  %26 = call double @krn1.total.prange10.i64.i64.i64.i64.a1Cf64.f64(ptr %err, i64 %0, i64 %1, i64 %2, i64 %3, { ptr, [1 x i64], [1 x i64], ptr } %25, double %5)
  %27 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %err, i32 0, i32 0
  %28 = load i32, ptr %27, align 4
  %29 = icmp ne i32 %28, 0
  br i1 %29, label %report, label %done

report:                                           ; preds = %strides.join
  call void @jitc_rt_report(ptr %err)
  ret double 0.000000e+00

done:                                             ; preds = %strides.join
  ret double %26
}

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
