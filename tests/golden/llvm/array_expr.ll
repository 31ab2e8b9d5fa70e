; ModuleID = 'krn1.axpy.f64.a1Cf64.a1Cf64'
source_filename = "krn1.axpy.f64.a1Cf64.a1Cf64"

@str = private unnamed_addr constant [20 x i8] c"array_expr.krn:9:18\00", align 1

define { ptr, [1 x i64], [1 x i64], ptr } @krn1.axpy.f64.a1Cf64.a1Cf64(ptr %0, double %1, { ptr, [1 x i64], [1 x i64], ptr } %2, { ptr, [1 x i64], [1 x i64], ptr } %3) {
entry:
  %strides = alloca [1 x i64], align 8
  %shape = alloca [1 x i64], align 8
  %out = alloca { ptr, ptr, ptr, i64 }, align 8
  %operand10 = alloca { ptr, [1 x i64], [1 x i64], ptr }, align 8
  %operand = alloca { ptr, [1 x i64], [1 x i64], ptr }, align 8
  %scalar = alloca double, align 8
  %operands = alloca [3 x { ptr, ptr, ptr, i64 }], align 8
  %a = alloca double, align 8
  %x = alloca { ptr, [1 x i64], [1 x i64], ptr }, align 8
  %y = alloca { ptr, [1 x i64], [1 x i64], ptr }, align 8
  %"$arr" = alloca { ptr, [1 x i64], [1 x i64], ptr }, align 8
  store double 0.000000e+00, ptr %a, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, ptr %x, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, ptr %y, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, ptr %"$arr", align 8
  br label %b0

b0:                                               ; preds = %entry
  store double %1, ptr %a, align 8
  %mem = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %2, 3
  %4 = icmp ne ptr %mem, null
  br i1 %4, label %retain, label %refs.done

b1:                                               ; No predecessors!
  unreachable

retain:                                           ; preds = %b0
  %5 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem, i32 0, i32 0
  %6 = atomicrmw add ptr %5, i64 1 monotonic, align 8
  br label %refs.done

refs.done:                                        ; preds = %retain, %b0
  %7 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %x, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } %2, ptr %x, align 8
  %mem1 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %7, 3
  %8 = icmp ne ptr %mem1, null
  br i1 %8, label %release, label %refs.done2

release:                                          ; preds = %refs.done
  %9 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem1, i32 0, i32 0
  %10 = atomicrmw sub ptr %9, i64 1 acq_rel, align 8
  %11 = icmp eq i64 %10, 1
  br i1 %11, label %free, label %refs.done2

refs.done2:                                       ; preds = %free, %release, %refs.done
  %mem3 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %3, 3
  %12 = icmp ne ptr %mem3, null
  br i1 %12, label %retain4, label %refs.done5

free:                                             ; preds = %release
  call void @jitc_rt_free(ptr %mem1)
  br label %refs.done2

retain4:                                          ; preds = %refs.done2
  %13 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem3, i32 0, i32 0
  %14 = atomicrmw add ptr %13, i64 1 monotonic, align 8
  br label %refs.done5

refs.done5:                                       ; preds = %retain4, %refs.done2
  %15 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %y, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } %3, ptr %y, align 8
  %mem6 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %15, 3
  %16 = icmp ne ptr %mem6, null
  br i1 %16, label %release7, label %refs.done8

release7:                                         ; preds = %refs.done5
  %17 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem6, i32 0, i32 0
  %18 = atomicrmw sub ptr %17, i64 1 acq_rel, align 8
  %19 = icmp eq i64 %18, 1
  br i1 %19, label %free9, label %refs.done8

refs.done8:                                       ; preds = %free9, %release7, %refs.done5
  %20 = load double, ptr %a, align 8
  %21 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %x, align 8
  %22 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %y, align 8
  %23 = getelementptr [3 x { ptr, ptr, ptr, i64 }], ptr %operands, i64 0, i64 0
  store double %20, ptr %scalar, align 8
  %24 = getelementptr inbounds { ptr, ptr, ptr, i64 }, ptr %23, i32 0, i32 0
  store ptr %scalar, ptr %24, align 8
  %25 = getelementptr inbounds { ptr, ptr, ptr, i64 }, ptr %23, i32 0, i32 1
  store ptr null, ptr %25, align 8
  %26 = getelementptr inbounds { ptr, ptr, ptr, i64 }, ptr %23, i32 0, i32 2
  store ptr null, ptr %26, align 8
  %27 = getelementptr inbounds { ptr, ptr, ptr, i64 }, ptr %23, i32 0, i32 3
  store i64 0, ptr %27, align 8
  %28 = getelementptr [3 x { ptr, ptr, ptr, i64 }], ptr %operands, i64 0, i64 1
  store { ptr, [1 x i64], [1 x i64], ptr } %21, ptr %operand, align 8
  %29 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %21, 0
  %30 = getelementptr inbounds { ptr, [1 x i64], [1 x i64], ptr }, ptr %operand, i32 0, i32 1
  %31 = getelementptr inbounds { ptr, [1 x i64], [1 x i64], ptr }, ptr %operand, i32 0, i32 2
  %32 = getelementptr inbounds { ptr, ptr, ptr, i64 }, ptr %28, i32 0, i32 0
  store ptr %29, ptr %32, align 8
  %33 = getelementptr inbounds { ptr, ptr, ptr, i64 }, ptr %28, i32 0, i32 1
  store ptr %30, ptr %33, align 8
  %34 = getelementptr inbounds { ptr, ptr, ptr, i64 }, ptr %28, i32 0, i32 2
  store ptr %31, ptr %34, align 8
  %35 = getelementptr inbounds { ptr, ptr, ptr, i64 }, ptr %28, i32 0, i32 3
  store i64 1, ptr %35, align 8
  %36 = getelementptr [3 x { ptr, ptr, ptr, i64 }], ptr %operands, i64 0, i64 2
  store { ptr, [1 x i64], [1 x i64], ptr } %22, ptr %operand10, align 8
  %37 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %22, 0
  %38 = getelementptr inbounds { ptr, [1 x i64], [1 x i64], ptr }, ptr %operand10, i32 0, i32 1
  %39 = getelementptr inbounds { ptr, [1 x i64], [1 x i64], ptr }, ptr %operand10, i32 0, i32 2
  %40 = getelementptr inbounds { ptr, ptr, ptr, i64 }, ptr %36, i32 0, i32 0
  store ptr %37, ptr %40, align 8
  %41 = getelementptr inbounds { ptr, ptr, ptr, i64 }, ptr %36, i32 0, i32 1
  store ptr %38, ptr %41, align 8
  %42 = getelementptr inbounds { ptr, ptr, ptr, i64 }, ptr %36, i32 0, i32 2
  store ptr %39, ptr %42, align 8
  %43 = getelementptr inbounds { ptr, ptr, ptr, i64 }, ptr %36, i32 0, i32 3
  store i64 1, ptr %43, align 8
  %44 = getelementptr inbounds { ptr, ptr, ptr, i64 }, ptr %out, i32 0, i32 1
  store ptr %shape, ptr %44, align 8
  %45 = getelementptr inbounds { ptr, ptr, ptr, i64 }, ptr %out, i32 0, i32 2
  store ptr %strides, ptr %45, align 8
  %46 = getelementptr inbounds { ptr, ptr, ptr, i64 }, ptr %out, i32 0, i32 3
  store i64 1, ptr %46, align 8
  %mem11 = call ptr @jitc_rt_array_map(ptr @krn1.axpy.expr9.18.f64.f64.f64.loop, i64 3, ptr %operands, i64 1, i64 8, i32 0, i32 0, ptr %out, ptr @str, ptr %0)
  %47 = getelementptr inbounds { ptr, ptr, ptr, i64 }, ptr %out, i32 0, i32 0
  %48 = load ptr, ptr %47, align 8
  %49 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } undef, ptr %48, 0
  %50 = load [1 x i64], ptr %shape, align 8
  %51 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %49, [1 x i64] %50, 1
  %52 = load [1 x i64], ptr %strides, align 8
  %53 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %51, [1 x i64] %52, 2
  %54 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %53, ptr %mem11, 3
  %55 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  %exc = load i32, ptr %55, align 4
  %56 = icmp ne i32 %exc, 0
  br i1 %56, label %propagate, label %ok

free9:                                            ; preds = %release7
  call void @jitc_rt_free(ptr %mem6)
  br label %refs.done8

propagate:                                        ; preds = %refs.done8
  br label %unwind

ok:                                               ; preds = %refs.done8
  %57 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %"$arr", align 8
  store { ptr, [1 x i64], [1 x i64], ptr } %54, ptr %"$arr", align 8
  %mem24 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %57, 3
  %58 = icmp ne ptr %mem24, null
  br i1 %58, label %release25, label %refs.done26

unwind:                                           ; preds = %propagate
  %59 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %x, align 8
  %mem12 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %59, 3
  %60 = icmp ne ptr %mem12, null
  br i1 %60, label %release13, label %refs.done14

release13:                                        ; preds = %unwind
  %61 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem12, i32 0, i32 0
  %62 = atomicrmw sub ptr %61, i64 1 acq_rel, align 8
  %63 = icmp eq i64 %62, 1
  br i1 %63, label %free15, label %refs.done14

refs.done14:                                      ; preds = %free15, %release13, %unwind
  %64 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %y, align 8
  %mem16 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %64, 3
  %65 = icmp ne ptr %mem16, null
  br i1 %65, label %release17, label %refs.done18

free15:                                           ; preds = %release13
  call void @jitc_rt_free(ptr %mem12)
  br label %refs.done14

release17:                                        ; preds = %refs.done14
  %66 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem16, i32 0, i32 0
  %67 = atomicrmw sub ptr %66, i64 1 acq_rel, align 8
  %68 = icmp eq i64 %67, 1
  br i1 %68, label %free19, label %refs.done18

refs.done18:                                      ; preds = %free19, %release17, %refs.done14
  %69 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %"$arr", align 8
  %mem20 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %69, 3
  %70 = icmp ne ptr %mem20, null
  br i1 %70, label %release21, label %refs.done22

free19:                                           ; preds = %release17
  call void @jitc_rt_free(ptr %mem16)
  br label %refs.done18

release21:                                        ; preds = %refs.done18
  %71 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem20, i32 0, i32 0
  %72 = atomicrmw sub ptr %71, i64 1 acq_rel, align 8
  %73 = icmp eq i64 %72, 1
  br i1 %73, label %free23, label %refs.done22

refs.done22:                                      ; preds = %free23, %release21, %refs.done18
  ret { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer

free23:                                           ; preds = %release21
  call void @jitc_rt_free(ptr %mem20)
  br label %refs.done22

release25:                                        ; preds = %ok
  %74 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem24, i32 0, i32 0
  %75 = atomicrmw sub ptr %74, i64 1 acq_rel, align 8
  %76 = icmp eq i64 %75, 1
  br i1 %76, label %free27, label %refs.done26

refs.done26:                                      ; preds = %free27, %release25, %ok
  %mem28 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %54, 3
  %77 = icmp ne ptr %mem28, null
  br i1 %77, label %retain29, label %refs.done30

free27:                                           ; preds = %release25
  call void @jitc_rt_free(ptr %mem24)
  br label %refs.done26

retain29:                                         ; preds = %refs.done26
  %78 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem28, i32 0, i32 0
  %79 = atomicrmw add ptr %78, i64 1 monotonic, align 8
  br label %refs.done30

refs.done30:                                      ; preds = %retain29, %refs.done26
  %80 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %x, align 8
  %mem31 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %80, 3
  %81 = icmp ne ptr %mem31, null
  br i1 %81, label %release32, label %refs.done33

release32:                                        ; preds = %refs.done30
  %82 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem31, i32 0, i32 0
  %83 = atomicrmw sub ptr %82, i64 1 acq_rel, align 8
  %84 = icmp eq i64 %83, 1
  br i1 %84, label %free34, label %refs.done33

refs.done33:                                      ; preds = %free34, %release32, %refs.done30
  %85 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %y, align 8
  %mem35 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %85, 3
  %86 = icmp ne ptr %mem35, null
  br i1 %86, label %release36, label %refs.done37

free34:                                           ; preds = %release32
  call void @jitc_rt_free(ptr %mem31)
  br label %refs.done33

release36:                                        ; preds = %refs.done33
  %87 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem35, i32 0, i32 0
  %88 = atomicrmw sub ptr %87, i64 1 acq_rel, align 8
  %89 = icmp eq i64 %88, 1
  br i1 %89, label %free38, label %refs.done37

refs.done37:                                      ; preds = %free38, %release36, %refs.done33
  %90 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %"$arr", align 8
  %mem39 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %90, 3
  %91 = icmp ne ptr %mem39, null
  br i1 %91, label %release40, label %refs.done41

free38:                                           ; preds = %release36
  call void @jitc_rt_free(ptr %mem35)
  br label %refs.done37

release40:                                        ; preds = %refs.done37
  %92 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem39, i32 0, i32 0
  %93 = atomicrmw sub ptr %92, i64 1 acq_rel, align 8
  %94 = icmp eq i64 %93, 1
  br i1 %94, label %free42, label %refs.done41

refs.done41:                                      ; preds = %free42, %release40, %refs.done37
  ret { ptr, [1 x i64], [1 x i64], ptr } %54

free42:                                           ; preds = %release40
  call void @jitc_rt_free(ptr %mem39)
  br label %refs.done41
}

declare void @jitc_rt_free(ptr)

declare ptr @jitc_rt_array_map(ptr, i64, ptr, i64, i64, i32, i32, ptr, ptr, ptr)

define void @krn1.axpy.expr9.18.f64.f64.f64.loop(ptr %0, i64 %1, ptr %2, ptr %3, ptr %4) {
entry:
  %5 = getelementptr i8, ptr %0, i64 0
  %6 = load ptr, ptr %5, align 8
  %7 = getelementptr i8, ptr %2, i64 0
  %8 = load i64, ptr %7, align 8
  %9 = icmp eq i64 %8, 8
  %10 = and i1 true, %9
  %11 = getelementptr i8, ptr %0, i64 8
  %12 = load ptr, ptr %11, align 8
  %13 = getelementptr i8, ptr %2, i64 8
  %14 = load i64, ptr %13, align 8
  %15 = icmp eq i64 %14, 8
  %16 = and i1 %10, %15
  %17 = getelementptr i8, ptr %0, i64 16
  %18 = load ptr, ptr %17, align 8
  %19 = getelementptr i8, ptr %2, i64 16
  %20 = load i64, ptr %19, align 8
  %21 = icmp eq i64 %20, 8
  %22 = and i1 %16, %21
  %23 = getelementptr i8, ptr %0, i64 24
  %24 = load ptr, ptr %23, align 8
  %25 = getelementptr i8, ptr %2, i64 24
  %26 = load i64, ptr %25, align 8
  %27 = icmp eq i64 %26, 8
  %28 = and i1 %22, %27
  br i1 %28, label %fast, label %slow

fast:                                             ; preds = %entry
  %29 = icmp sgt i64 %1, 0
  br i1 %29, label %contiguous, label %done

slow:                                             ; preds = %entry
  %30 = icmp sgt i64 %1, 0
  br i1 %30, label %strided, label %done

done:                                             ; preds = %strided, %slow, %contiguous, %fast
  ret void

contiguous:                                       ; preds = %contiguous, %fast
  %i = phi i64 [ 0, %fast ], [ %39, %contiguous ]
  %31 = getelementptr double, ptr %6, i64 %i
  %32 = load double, ptr %31, align 8
  %33 = getelementptr double, ptr %12, i64 %i
  %34 = load double, ptr %33, align 8
  %35 = getelementptr double, ptr %18, i64 %i
  %36 = load double, ptr %35, align 8
  %37 = getelementptr double, ptr %24, i64 %i
  %38 = call double @krn1.axpy.expr9.18.f64.f64.f64(ptr %4, double %32, double %34, double %36)
  store double %38, ptr %37, align 8
  %39 = add nuw nsw i64 %i, 1
  %40 = icmp slt i64 %39, %1
  br i1 %40, label %contiguous, label %done

strided:                                          ; preds = %strided, %slow
  %i1 = phi i64 [ 0, %slow ], [ %53, %strided ]
  %41 = mul i64 %i1, %8
  %42 = getelementptr i8, ptr %6, i64 %41
  %43 = load double, ptr %42, align 8
  %44 = mul i64 %i1, %14
  %45 = getelementptr i8, ptr %12, i64 %44
  %46 = load double, ptr %45, align 8
  %47 = mul i64 %i1, %20
  %48 = getelementptr i8, ptr %18, i64 %47
  %49 = load double, ptr %48, align 8
  %50 = mul i64 %i1, %26
  %51 = getelementptr i8, ptr %24, i64 %50
  %52 = call double @krn1.axpy.expr9.18.f64.f64.f64(ptr %4, double %43, double %46, double %49)
  store double %52, ptr %51, align 8
  %53 = add nuw nsw i64 %i1, 1
  %54 = icmp slt i64 %53, %1
  br i1 %54, label %strided, label %done
}

define void @krn1.axpy.f64.a1Cf64.a1Cf64.entry(ptr %0, ptr %1, ptr %2) {
entry:
  %returned = alloca { ptr, [1 x i64], [1 x i64], ptr }, align 8
  %3 = getelementptr i8, ptr %0, i64 0
  %4 = load ptr, ptr %3, align 8
  %5 = load double, ptr %4, align 8
  %6 = getelementptr i8, ptr %0, i64 8
  %7 = load ptr, ptr %6, align 8
  %8 = getelementptr i8, ptr %7, i64 0
  %9 = load ptr, ptr %8, align 8
  %10 = getelementptr i8, ptr %7, i64 40
  %11 = load i64, ptr %10, align 8
  %data = getelementptr i8, ptr %9, i64 %11
  %12 = getelementptr i8, ptr %7, i64 24
  %13 = load ptr, ptr %12, align 8
  %14 = getelementptr i8, ptr %7, i64 32
  %15 = load ptr, ptr %14, align 8
  %16 = getelementptr i8, ptr %13, i64 0
  %17 = load i64, ptr %16, align 8
  %18 = insertvalue [1 x i64] zeroinitializer, i64 %17, 0
  %19 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, [1 x i64] %18, 1
  %20 = icmp ne ptr %15, null
  %21 = mul i64 8, %17
  br i1 %20, label %strides.given, label %strides.join

strides.given:                                    ; preds = %entry
  %22 = getelementptr i8, ptr %15, i64 0
  %23 = load i64, ptr %22, align 8
  %24 = mul i64 %23, 8
  br label %strides.join

strides.join:                                     ; preds = %strides.given, %entry
  %stride = phi i64 [ 8, %entry ], [ %24, %strides.given ]
  %25 = insertvalue [1 x i64] undef, i64 %stride, 0
  %26 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %19, ptr %data, 0
  %27 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %26, [1 x i64] %25, 2
  %28 = getelementptr i8, ptr %0, i64 16
  %29 = load ptr, ptr %28, align 8
  %30 = getelementptr i8, ptr %29, i64 0
  %31 = load ptr, ptr %30, align 8
  %32 = getelementptr i8, ptr %29, i64 40
  %33 = load i64, ptr %32, align 8
  %data1 = getelementptr i8, ptr %31, i64 %33
  %34 = getelementptr i8, ptr %29, i64 24
  %35 = load ptr, ptr %34, align 8
  %36 = getelementptr i8, ptr %29, i64 32
  %37 = load ptr, ptr %36, align 8
  %38 = getelementptr i8, ptr %35, i64 0
  %39 = load i64, ptr %38, align 8
  %40 = insertvalue [1 x i64] zeroinitializer, i64 %39, 0
  %41 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, [1 x i64] %40, 1
  %42 = icmp ne ptr %37, null
  %43 = mul i64 8, %39
  br i1 %42, label %strides.given2, label %strides.join3

strides.given2:                                   ; preds = %strides.join
  %44 = getelementptr i8, ptr %37, i64 0
  %45 = load i64, ptr %44, align 8
  %46 = mul i64 %45, 8
  br label %strides.join3

strides.join3:                                    ; preds = %strides.given2, %strides.join
  %stride4 = phi i64 [ 8, %strides.join ], [ %46, %strides.given2 ]
  %47 = insertvalue [1 x i64] undef, i64 %stride4, 0
  %48 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %41, ptr %data1, 0
  %49 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %48, [1 x i64] %47, 2
  %50 = call { ptr, [1 x i64], [1 x i64], ptr } @krn1.axpy.f64.a1Cf64.a1Cf64(ptr %2, double %5, { ptr, [1 x i64], [1 x i64], ptr } %27, { ptr, [1 x i64], [1 x i64], ptr } %49)
  store { ptr, [1 x i64], [1 x i64], ptr } %50, ptr %returned, align 8
  %51 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %50, 3
  %52 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %50, 0
  %53 = getelementptr inbounds { ptr, [1 x i64], [1 x i64], ptr }, ptr %returned, i32 0, i32 1
  %54 = getelementptr inbounds { ptr, [1 x i64], [1 x i64], ptr }, ptr %returned, i32 0, i32 2
  %55 = call ptr @jitc_rt_export(ptr %51, ptr %52, i64 1, ptr %53, ptr %54, i32 2, i32 64)
  store ptr %55, ptr %1, align 8
  ret void
}

declare ptr @jitc_rt_export(ptr, ptr, i64, ptr, ptr, i32, i32)

define ptr @krn1.axpy.f64.a1Cf64.a1Cf64.cfunc(double %0, ptr %1, ptr %2) {
entry:
  %returned = alloca { ptr, [1 x i64], [1 x i64], ptr }, align 8
  %err = alloca { i32, ptr, ptr, i64, i64, i64 }, align 8
  store { i32, ptr, ptr, i64, i64, i64 } zeroinitializer, ptr %err, align 8
  %3 = getelementptr i8, ptr %1, i64 0
  %4 = load ptr, ptr %3, align 8
  %5 = getelementptr i8, ptr %1, i64 40
  %6 = load i64, ptr %5, align 8
  %data = getelementptr i8, ptr %4, i64 %6
  %7 = getelementptr i8, ptr %1, i64 24
  %8 = load ptr, ptr %7, align 8
  %9 = getelementptr i8, ptr %1, i64 32
  %10 = load ptr, ptr %9, align 8
  %11 = getelementptr i8, ptr %8, i64 0
  %12 = load i64, ptr %11, align 8
  %13 = insertvalue [1 x i64] zeroinitializer, i64 %12, 0
  %14 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, [1 x i64] %13, 1
  %15 = icmp ne ptr %10, null
  %16 = mul i64 8, %12
  br i1 %15, label %strides.given, label %strides.join

strides.given:                                    ; preds = %entry
  %17 = getelementptr i8, ptr %10, i64 0
  %18 = load i64, ptr %17, align 8
  %19 = mul i64 %18, 8
  br label %strides.join

strides.join:                                     ; preds = %strides.given, %entry
  %stride = phi i64 [ 8, %entry ], [ %19, %strides.given ]
  %20 = insertvalue [1 x i64] undef, i64 %stride, 0
  %21 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %14, ptr %data, 0
  %22 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %21, [1 x i64] %20, 2
  %23 = getelementptr i8, ptr %2, i64 0
  %24 = load ptr, ptr %23, align 8
  %25 = getelementptr i8, ptr %2, i64 40
  %26 = load i64, ptr %25, align 8
  %data1 = getelementptr i8, ptr %24, i64 %26
  %27 = getelementptr i8, ptr %2, i64 24
  %28 = load ptr, ptr %27, align 8
  %29 = getelementptr i8, ptr %2, i64 32
  %30 = load ptr, ptr %29, align 8
  %31 = getelementptr i8, ptr %28, i64 0
  %32 = load i64, ptr %31, align 8
  %33 = insertvalue [1 x i64] zeroinitializer, i64 %32, 0
  %34 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, [1 x i64] %33, 1
  %35 = icmp ne ptr %30, null
  %36 = mul i64 8, %32
  br i1 %35, label %strides.given2, label %strides.join3

strides.given2:                                   ; preds = %strides.join
  %37 = getelementptr i8, ptr %30, i64 0
  %38 = load i64, ptr %37, align 8
  %39 = mul i64 %38, 8
  br label %strides.join3

strides.join3:                                    ; preds = %strides.given2, %strides.join
  %stride4 = phi i64 [ 8, %strides.join ], [ %39, %strides.given2 ]
  %40 = insertvalue [1 x i64] undef, i64 %stride4, 0
  %41 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %34, ptr %data1, 0
  %42 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %41, [1 x i64] %40, 2
  %43 = call { ptr, [1 x i64], [1 x i64], ptr } @krn1.axpy.f64.a1Cf64.a1Cf64(ptr %err, double %0, { ptr, [1 x i64], [1 x i64], ptr } %22, { ptr, [1 x i64], [1 x i64], ptr } %42)
  %44 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %err, i32 0, i32 0
  %45 = load i32, ptr %44, align 4
  %46 = icmp ne i32 %45, 0
  br i1 %46, label %report, label %done

report:                                           ; preds = %strides.join3
  call void @jitc_rt_report(ptr %err)
  ret ptr null

done:                                             ; preds = %strides.join3
  store { ptr, [1 x i64], [1 x i64], ptr } %43, ptr %returned, align 8
  %47 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %43, 3
  %48 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %43, 0
  %49 = getelementptr inbounds { ptr, [1 x i64], [1 x i64], ptr }, ptr %returned, i32 0, i32 1
  %50 = getelementptr inbounds { ptr, [1 x i64], [1 x i64], ptr }, ptr %returned, i32 0, i32 2
  %51 = call ptr @jitc_rt_export(ptr %47, ptr %48, i64 1, ptr %49, ptr %50, i32 2, i32 64)
  ret ptr %51
}

declare void @jitc_rt_report(ptr)

define double @krn1.axpy.expr9.18.f64.f64.f64(ptr %0, double %1, double %2, double %3) {
entry:
  %"$9.12" = alloca double, align 8
  %"$9.16" = alloca double, align 8
  %"$9.20" = alloca double, align 8
  store double 0.000000e+00, ptr %"$9.12", align 8
  store double 0.000000e+00, ptr %"$9.16", align 8
  store double 0.000000e+00, ptr %"$9.20", align 8
  br label %b0

b0:                                               ; preds = %entry
  store double %1, ptr %"$9.12", align 8
  store double %2, ptr %"$9.16", align 8
  store double %3, ptr %"$9.20", align 8
  %4 = load double, ptr %"$9.12", align 8
  %5 = load double, ptr %"$9.16", align 8
  %6 = fmul double %4, %5
  %7 = load double, ptr %"$9.20", align 8
  %8 = fadd double %6, %7
  ret double %8

b1:                                               ; No predecessors!
  unreachable
}

define void @krn1.axpy.expr9.18.f64.f64.f64.entry(ptr %0, ptr %1, ptr %2) {
entry:
  %3 = getelementptr i8, ptr %0, i64 0
  %4 = load ptr, ptr %3, align 8
  %5 = load double, ptr %4, align 8
  %6 = getelementptr i8, ptr %0, i64 8
  %7 = load ptr, ptr %6, align 8
  %8 = load double, ptr %7, align 8
  %9 = getelementptr i8, ptr %0, i64 16
  %10 = load ptr, ptr %9, align 8
  %11 = load double, ptr %10, align 8
  %12 = call double @krn1.axpy.expr9.18.f64.f64.f64(ptr %2, double %5, double %8, double %11)
  store double %12, ptr %1, align 8
  ret void
}

define double @krn1.axpy.expr9.18.f64.f64.f64.cfunc(double %0, double %1, double %2) {
entry:
  %err = alloca { i32, ptr, ptr, i64, i64, i64 }, align 8
  store { i32, ptr, ptr, i64, i64, i64 } zeroinitializer, ptr %err, align 8
  %3 = call double @krn1.axpy.expr9.18.f64.f64.f64(ptr %err, double %0, double %1, double %2)
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
