; ModuleID = 'krn1.waves.a1Cf32'
source_filename = "krn1.waves.a1Cf32"

@str = private unnamed_addr constant [20 x i8] c"math_loop.krn:11:25\00", align 1
@str.1 = private unnamed_addr constant [20 x i8] c"math_loop.krn:11:43\00", align 1
@str.2 = private unnamed_addr constant [19 x i8] c"math_loop.krn:11:9\00", align 1

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
  %4 = icmp slt i64 %3, %29
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
  %13 = icmp uge i64 %12, %9
  br i1 %13, label %raise, label %ok

b3:                                               ; preds = %ok10
  %14 = load i64, ptr %"$i", align 8
  %15 = add nsw i64 %14, 1
  store i64 %15, ptr %"$i", align 8
  br label %b1

b4:                                               ; preds = %b1
  %16 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %mem11 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %16, 3
  %17 = icmp ne ptr %mem11, null
  br i1 %17, label %release12, label %refs.done13

retain:                                           ; preds = %b0
  %18 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem, i32 0, i32 0
  %19 = atomicrmw add ptr %18, i64 1 monotonic, align 8
  br label %refs.done

refs.done:                                        ; preds = %retain, %b0
  %20 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } %1, ptr %a, align 8
  %mem1 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %20, 3
  %21 = icmp ne ptr %mem1, null
  br i1 %21, label %release, label %refs.done2

release:                                          ; preds = %refs.done
  %22 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem1, i32 0, i32 0
  %23 = atomicrmw sub ptr %22, i64 1 acq_rel, align 8
  %24 = icmp eq i64 %23, 1
  br i1 %24, label %free, label %refs.done2

refs.done2:                                       ; preds = %free, %release, %refs.done
  %25 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %26 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %25, 1
  %27 = extractvalue [1 x i64] %26, 0
  %28 = insertvalue { i64 } undef, i64 %27, 0
  %29 = extractvalue { i64 } %28, 0
  store i64 0, ptr %"$i", align 8
  br label %b1

free:                                             ; preds = %release
  call void @jitc_rt_free(ptr %mem1)
  br label %refs.done2

raise:                                            ; preds = %b2
  %30 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  store i32 1, ptr %30, align 4
  %31 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 1
  store ptr @str, ptr %31, align 8
  %32 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 2
  store ptr null, ptr %32, align 8
  %33 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 3
  store i64 %7, ptr %33, align 8
  %34 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 4
  store i64 0, ptr %34, align 8
  %35 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 5
  store i64 %9, ptr %35, align 8
  br label %unwind

ok:                                               ; preds = %b2
  %36 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %6, 0
  %37 = getelementptr i8, ptr %36, i64 0
  %38 = getelementptr inbounds float, ptr %37, i64 %12
  %39 = load float, ptr %38, align 4
  %40 = fpext float %39 to double
  %41 = call double @llvm.sin.f64(double %40)
  %42 = fptrunc double %41 to float
  %43 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %44 = load i64, ptr %i, align 8
  %45 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %43, 1
  %46 = extractvalue [1 x i64] %45, 0
  %47 = icmp slt i64 %44, 0
  %48 = add i64 %44, %46
  %49 = select i1 %47, i64 %48, i64 %44
  %50 = icmp uge i64 %49, %46
  br i1 %50, label %raise7, label %ok8

unwind:                                           ; preds = %raise9, %raise7, %raise
  %51 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %mem3 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %51, 3
  %52 = icmp ne ptr %mem3, null
  br i1 %52, label %release4, label %refs.done5

release4:                                         ; preds = %unwind
  %53 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem3, i32 0, i32 0
  %54 = atomicrmw sub ptr %53, i64 1 acq_rel, align 8
  %55 = icmp eq i64 %54, 1
  br i1 %55, label %free6, label %refs.done5

refs.done5:                                       ; preds = %free6, %release4, %unwind
  ret void

free6:                                            ; preds = %release4
  call void @jitc_rt_free(ptr %mem3)
  br label %refs.done5

raise7:                                           ; preds = %ok
  %56 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  store i32 1, ptr %56, align 4
  %57 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 1
  store ptr @str.1, ptr %57, align 8
  %58 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 2
  store ptr null, ptr %58, align 8
  %59 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 3
  store i64 %44, ptr %59, align 8
  %60 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 4
  store i64 0, ptr %60, align 8
  %61 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 5
  store i64 %46, ptr %61, align 8
  br label %unwind

ok8:                                              ; preds = %ok
  %62 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %43, 0
  %63 = getelementptr i8, ptr %62, i64 0
  %64 = getelementptr inbounds float, ptr %63, i64 %49
  %65 = load float, ptr %64, align 4
  %66 = call float @llvm.sqrt.f32(float %65)
  %67 = fadd float %42, %66
  %68 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %69 = load i64, ptr %i, align 8
  %70 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %68, 1
  %71 = extractvalue [1 x i64] %70, 0
  %72 = icmp slt i64 %69, 0
  %73 = add i64 %69, %71
  %74 = select i1 %72, i64 %73, i64 %69
  %75 = icmp uge i64 %74, %71
  br i1 %75, label %raise9, label %ok10

raise9:                                           ; preds = %ok8
  %76 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  store i32 1, ptr %76, align 4
  %77 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 1
  store ptr @str.2, ptr %77, align 8
  %78 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 2
  store ptr null, ptr %78, align 8
  %79 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 3
  store i64 %69, ptr %79, align 8
  %80 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 4
  store i64 0, ptr %80, align 8
  %81 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 5
  store i64 %71, ptr %81, align 8
  br label %unwind

ok10:                                             ; preds = %ok8
  %82 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %68, 0
  %83 = getelementptr i8, ptr %82, i64 0
  %84 = getelementptr inbounds float, ptr %83, i64 %74
  store float %67, ptr %84, align 4
  br label %b3

release12:                                        ; preds = %b4
  %85 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem11, i32 0, i32 0
  %86 = atomicrmw sub ptr %85, i64 1 acq_rel, align 8
  %87 = icmp eq i64 %86, 1
  br i1 %87, label %free14, label %refs.done13

refs.done13:                                      ; preds = %free14, %release12, %b4
  ret void

free14:                                           ; preds = %release12
  call void @jitc_rt_free(ptr %mem11)
  br label %refs.done13
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
