; ModuleID = 'krn1.get.a1Cf64.i64'
source_filename = "krn1.get.a1Cf64.i64"

@str = private unnamed_addr constant [21 x i8] c"boundscheck.krn:8:12\00", align 1

define double @krn1.get.a1Cf64.i64(ptr %0, { ptr, [1 x i64], [1 x i64], ptr } %1, i64 %2) {
entry:
  %a = alloca { ptr, [1 x i64], [1 x i64], ptr }, align 8
  %i = alloca i64, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, ptr %a, align 8
  store i64 0, ptr %i, align 8
  br label %b0

b0:                                               ; preds = %entry
  %mem = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %1, 3
  %3 = icmp ne ptr %mem, null
  br i1 %3, label %retain, label %refs.done

b1:                                               ; No predecessors!
  unreachable

retain:                                           ; preds = %b0
  %4 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem, i32 0, i32 0
  %5 = atomicrmw add ptr %4, i64 1 monotonic, align 8
  br label %refs.done

refs.done:                                        ; preds = %retain, %b0
  %6 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } %1, ptr %a, align 8
  %mem1 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %6, 3
  %7 = icmp ne ptr %mem1, null
  br i1 %7, label %release, label %refs.done2

release:                                          ; preds = %refs.done
  %8 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem1, i32 0, i32 0
  %9 = atomicrmw sub ptr %8, i64 1 acq_rel, align 8
  %10 = icmp eq i64 %9, 1
  br i1 %10, label %free, label %refs.done2

refs.done2:                                       ; preds = %free, %release, %refs.done
  store i64 %2, ptr %i, align 8
  %11 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %12 = load i64, ptr %i, align 8
  %13 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %11, 1
  %14 = extractvalue [1 x i64] %13, 0
  %15 = icmp slt i64 %12, 0
  %16 = add i64 %12, %14
  %17 = select i1 %15, i64 %16, i64 %12
  %18 = icmp uge i64 %17, %14
  br i1 %18, label %raise, label %ok

free:                                             ; preds = %release
  call void @jitc_rt_free(ptr %mem1)
  br label %refs.done2

raise:                                            ; preds = %refs.done2
  %19 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  store i32 1, ptr %19, align 4
  %20 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 1
  store ptr @str, ptr %20, align 8
  %21 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 2
  store ptr null, ptr %21, align 8
  %22 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 3
  store i64 %12, ptr %22, align 8
  %23 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 4
  store i64 0, ptr %23, align 8
  %24 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 5
  store i64 %14, ptr %24, align 8
  br label %unwind

ok:                                               ; preds = %refs.done2
  %25 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %11, 0
  %26 = getelementptr i8, ptr %25, i64 0
  %27 = getelementptr inbounds double, ptr %26, i64 %17
  %28 = load double, ptr %27, align 8
  %29 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %mem7 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %29, 3
  %30 = icmp ne ptr %mem7, null
  br i1 %30, label %release8, label %refs.done9

unwind:                                           ; preds = %raise
  %31 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %mem3 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %31, 3
  %32 = icmp ne ptr %mem3, null
  br i1 %32, label %release4, label %refs.done5

release4:                                         ; preds = %unwind
  %33 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem3, i32 0, i32 0
  %34 = atomicrmw sub ptr %33, i64 1 acq_rel, align 8
  %35 = icmp eq i64 %34, 1
  br i1 %35, label %free6, label %refs.done5

refs.done5:                                       ; preds = %free6, %release4, %unwind
  ret double 0.000000e+00

free6:                                            ; preds = %release4
  call void @jitc_rt_free(ptr %mem3)
  br label %refs.done5

release8:                                         ; preds = %ok
  %36 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem7, i32 0, i32 0
  %37 = atomicrmw sub ptr %36, i64 1 acq_rel, align 8
  %38 = icmp eq i64 %37, 1
  br i1 %38, label %free10, label %refs.done9

refs.done9:                                       ; preds = %free10, %release8, %ok
  ret double %28

free10:                                           ; preds = %release8
  call void @jitc_rt_free(ptr %mem7)
  br label %refs.done9
}

declare void @jitc_rt_free(ptr)

define void @krn1.get.a1Cf64.i64.entry(ptr %0, ptr %1, ptr %2) {
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
  %27 = load i64, ptr %26, align 8
  %28 = call double @krn1.get.a1Cf64.i64(ptr %2, { ptr, [1 x i64], [1 x i64], ptr } %24, i64 %27)
  store double %28, ptr %1, align 8
  ret void
}

define double @krn1.get.a1Cf64.i64.cfunc(ptr %0, i64 %1) {
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
  %22 = call double @krn1.get.a1Cf64.i64(ptr %err, { ptr, [1 x i64], [1 x i64], ptr } %21, i64 %1)
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
