; ModuleID = 'krn1.waves.a1Cf32'
source_filename = "krn1.waves.a1Cf32"

define void @krn1.waves.a1Cf32(ptr %0, { ptr, [1 x i64], [1 x i64], ptr } %1) {
entry:
  %a = alloca { ptr, [1 x i64], [1 x i64], ptr }, align 8
  %"$i" = alloca i64, align 8
  %i = alloca i64, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, ptr %a, align 8
  store i64 0, ptr %"$i", align 8
  store i64 0, ptr %i, align 8
  br label %b0

b0:                                               ; preds = %entry
  %mem = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %1, 3
  %2 = icmp ne ptr %mem, null
  br i1 %2, label %retain, label %refs.done

b1:                                               ; preds = %b3, %refs.done2
  %3 = load i64, ptr %"$i", align 8
  %4 = icmp slt i64 %3, %58
  br i1 %4, label %b2, label %b4

b2:                                               ; preds = %b1
  %5 = load i64, ptr %"$i", align 8
  store i64 %5, ptr %i, align 8
  %6 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %7 = load i64, ptr %i, align 8
  %8 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %6, 1
  %9 = extractvalue [1 x i64] %8, 0
  %10 = icmp slt i64 %7, 0
  %11 = add i64 %7, %9
  %12 = select i1 %10, i64 %11, i64 %7
  %13 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %6, 0
  %14 = getelementptr i8, ptr %13, i64 0
  %15 = getelementptr inbounds float, ptr %14, i64 %12
  %16 = load float, ptr %15, align 4
  %17 = fpext float %16 to double
  %18 = call double @llvm.sin.f64(double %17)
  %19 = fptrunc double %18 to float
  %20 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %21 = load i64, ptr %i, align 8
  %22 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %20, 1
  %23 = extractvalue [1 x i64] %22, 0
  %24 = icmp slt i64 %21, 0
  %25 = add i64 %21, %23
  %26 = select i1 %24, i64 %25, i64 %21
  %27 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %20, 0
  %28 = getelementptr i8, ptr %27, i64 0
  %29 = getelementptr inbounds float, ptr %28, i64 %26
  %30 = load float, ptr %29, align 4
  %31 = call float @llvm.sqrt.f32(float %30)
  %32 = fadd float %19, %31
  %33 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %34 = load i64, ptr %i, align 8
  %35 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %33, 1
  %36 = extractvalue [1 x i64] %35, 0
  %37 = icmp slt i64 %34, 0
  %38 = add i64 %34, %36
  %39 = select i1 %37, i64 %38, i64 %34
  %40 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %33, 0
  %41 = getelementptr i8, ptr %40, i64 0
  %42 = getelementptr inbounds float, ptr %41, i64 %39
  store float %32, ptr %42, align 4
  br label %b3

b3:                                               ; preds = %b2
  %43 = load i64, ptr %"$i", align 8
  %44 = add nsw i64 %43, 1
  store i64 %44, ptr %"$i", align 8
  br label %b1

b4:                                               ; preds = %b1
  %45 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %mem3 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %45, 3
  %46 = icmp ne ptr %mem3, null
  br i1 %46, label %release4, label %refs.done5

retain:                                           ; preds = %b0
  %47 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem, i32 0, i32 0
  %48 = atomicrmw add ptr %47, i64 1 monotonic, align 8
  br label %refs.done

refs.done:                                        ; preds = %retain, %b0
  %49 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } %1, ptr %a, align 8
  %mem1 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %49, 3
  %50 = icmp ne ptr %mem1, null
  br i1 %50, label %release, label %refs.done2

release:                                          ; preds = %refs.done
  %51 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem1, i32 0, i32 0
  %52 = atomicrmw sub ptr %51, i64 1 acq_rel, align 8
  %53 = icmp eq i64 %52, 1
  br i1 %53, label %free, label %refs.done2

refs.done2:                                       ; preds = %free, %release, %refs.done
  %54 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %55 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %54, 1
  %56 = extractvalue [1 x i64] %55, 0
  %57 = insertvalue { i64 } undef, i64 %56, 0
  %58 = extractvalue { i64 } %57, 0
  store i64 0, ptr %"$i", align 8
  br label %b1

free:                                             ; preds = %release
  call void @jitc_rt_free(ptr %mem1)
  br label %refs.done2

release4:                                         ; preds = %b4
  %59 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem3, i32 0, i32 0
  %60 = atomicrmw sub ptr %59, i64 1 acq_rel, align 8
  %61 = icmp eq i64 %60, 1
  br i1 %61, label %free6, label %refs.done5

refs.done5:                                       ; preds = %free6, %release4, %b4
  ret void

free6:                                            ; preds = %release4
  call void @jitc_rt_free(ptr %mem3)
  br label %refs.done5
}

declare void @jitc_rt_free(ptr)

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.sin.f64(double) #0

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.sqrt.f32(float) #0

define void @krn1.waves.a1Cf32.entry(ptr %0, ptr %1, ptr %2) {
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
  %18 = mul i64 4, %14
  br i1 %17, label %strides.given, label %strides.join

strides.given:                                    ; preds = %entry
  %19 = getelementptr i8, ptr %12, i64 0
  %20 = load i64, ptr %19, align 8
  %21 = mul i64 %20, 4
  br label %strides.join

strides.join:                                     ; preds = %strides.given, %entry
  %stride = phi i64 [ 4, %entry ], [ %21, %strides.given ]
  %22 = insertvalue [1 x i64] undef, i64 %stride, 0
  %23 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %16, ptr %data, 0
  %24 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %23, [1 x i64] %22, 2
  call void @krn1.waves.a1Cf32(ptr %2, { ptr, [1 x i64], [1 x i64], ptr } %24)
  ret void
}

define void @krn1.waves.a1Cf32.cfunc(ptr %0) {
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
  %14 = mul i64 4, %10
  br i1 %13, label %strides.given, label %strides.join

strides.given:                                    ; preds = %entry
  %15 = getelementptr i8, ptr %8, i64 0
  %16 = load i64, ptr %15, align 8
  %17 = mul i64 %16, 4
  br label %strides.join

strides.join:                                     ; preds = %strides.given, %entry
  %stride = phi i64 [ 4, %entry ], [ %17, %strides.given ]
  %18 = insertvalue [1 x i64] undef, i64 %stride, 0
  %19 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %12, ptr %data, 0
  %20 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %19, [1 x i64] %18, 2
  call void @krn1.waves.a1Cf32(ptr %err, { ptr, [1 x i64], [1 x i64], ptr } %20)
  %21 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %err, i32 0, i32 0
  %22 = load i32, ptr %21, align 4
  %23 = icmp ne i32 %22, 0
  br i1 %23, label %report, label %done

report:                                           ; preds = %strides.join
  call void @jitc_rt_report(ptr %err)
  ret void

done:                                             ; preds = %strides.join
  ret void
}

declare void @jitc_rt_report(ptr)

attributes #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
