; ModuleID = 'krn1.diffs.a1Af64.a1Af64'
source_filename = "krn1.diffs.a1Af64.a1Af64"

define void @krn1.diffs.a1Af64.a1Af64(ptr %0, { ptr, [1 x i64], [1 x i64], ptr } %1, { ptr, [1 x i64], [1 x i64], ptr } %2) {
entry:
  %a = alloca { ptr, [1 x i64], [1 x i64], ptr }, align 8
  %out = alloca { ptr, [1 x i64], [1 x i64], ptr }, align 8
  %"$i" = alloca i64, align 8
  %i = alloca i64, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, ptr %a, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, ptr %out, align 8
  store i64 0, ptr %"$i", align 8
  store i64 0, ptr %i, align 8
  br label %b0

b0:                                               ; preds = %entry
  %mem = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %1, 3
  %3 = icmp ne ptr %mem, null
  br i1 %3, label %retain, label %refs.done

b1:                                               ; preds = %b3, %refs.done8
  %4 = load i64, ptr %"$i", align 8
  %5 = icmp slt i64 %4, %73
  br i1 %5, label %b2, label %b4

b2:                                               ; preds = %b1
  %6 = load i64, ptr %"$i", align 8
  store i64 %6, ptr %i, align 8
  %7 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %8 = load i64, ptr %i, align 8
  %9 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %7, 1
  %10 = extractvalue [1 x i64] %9, 0
  %11 = icmp slt i64 %8, 0
  %12 = add i64 %8, %10
  %13 = select i1 %11, i64 %12, i64 %8
  %14 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %7, 2
  %15 = extractvalue [1 x i64] %14, 0
  %16 = mul i64 %13, %15
  %17 = add i64 0, %16
  %18 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %7, 0
  %19 = getelementptr i8, ptr %18, i64 %17
  %20 = load double, ptr %19, align 8
  %21 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %22 = load i64, ptr %i, align 8
  %23 = sub i64 %22, 1
  %24 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %21, 1
  %25 = extractvalue [1 x i64] %24, 0
  %26 = icmp slt i64 %23, 0
  %27 = add i64 %23, %25
  %28 = select i1 %26, i64 %27, i64 %23
  %29 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %21, 2
  %30 = extractvalue [1 x i64] %29, 0
  %31 = mul i64 %28, %30
  %32 = add i64 0, %31
  %33 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %21, 0
  %34 = getelementptr i8, ptr %33, i64 %32
  %35 = load double, ptr %34, align 8
  %36 = fsub double %20, %35
  %37 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %out, align 8
  %38 = load i64, ptr %i, align 8
  %39 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %37, 1
  %40 = extractvalue [1 x i64] %39, 0
  %41 = icmp slt i64 %38, 0
  %42 = add i64 %38, %40
  %43 = select i1 %41, i64 %42, i64 %38
  %44 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %37, 2
  %45 = extractvalue [1 x i64] %44, 0
  %46 = mul i64 %43, %45
  %47 = add i64 0, %46
  %48 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %37, 0
  %49 = getelementptr i8, ptr %48, i64 %47
  store double %36, ptr %49, align 8
  br label %b3

b3:                                               ; preds = %b2
  %50 = load i64, ptr %"$i", align 8
  %51 = add nsw i64 %50, 1
  store i64 %51, ptr %"$i", align 8
  br label %b1

b4:                                               ; preds = %b1
  %52 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %mem10 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %52, 3
  %53 = icmp ne ptr %mem10, null
  br i1 %53, label %release11, label %refs.done12

retain:                                           ; preds = %b0
  %54 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem, i32 0, i32 0
  %55 = atomicrmw add ptr %54, i64 1 monotonic, align 8
  br label %refs.done

refs.done:                                        ; preds = %retain, %b0
  %56 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } %1, ptr %a, align 8
  %mem1 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %56, 3
  %57 = icmp ne ptr %mem1, null
  br i1 %57, label %release, label %refs.done2

release:                                          ; preds = %refs.done
  %58 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem1, i32 0, i32 0
  %59 = atomicrmw sub ptr %58, i64 1 acq_rel, align 8
  %60 = icmp eq i64 %59, 1
  br i1 %60, label %free, label %refs.done2

refs.done2:                                       ; preds = %free, %release, %refs.done
  %mem3 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %2, 3
  %61 = icmp ne ptr %mem3, null
  br i1 %61, label %retain4, label %refs.done5

free:                                             ; preds = %release
  call void @jitc_rt_free(ptr %mem1)
  br label %refs.done2

retain4:                                          ; preds = %refs.done2
  %62 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem3, i32 0, i32 0
  %63 = atomicrmw add ptr %62, i64 1 monotonic, align 8
  br label %refs.done5

refs.done5:                                       ; preds = %retain4, %refs.done2
  %64 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %out, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } %2, ptr %out, align 8
  %mem6 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %64, 3
  %65 = icmp ne ptr %mem6, null
  br i1 %65, label %release7, label %refs.done8

release7:                                         ; preds = %refs.done5
  %66 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem6, i32 0, i32 0
  %67 = atomicrmw sub ptr %66, i64 1 acq_rel, align 8
  %68 = icmp eq i64 %67, 1
  br i1 %68, label %free9, label %refs.done8

refs.done8:                                       ; preds = %free9, %release7, %refs.done5
  %69 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %70 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %69, 1
  %71 = extractvalue [1 x i64] %70, 0
  %72 = insertvalue { i64 } undef, i64 %71, 0
  %73 = extractvalue { i64 } %72, 0
  store i64 0, ptr %"$i", align 8
  br label %b1

free9:                                            ; preds = %release7
  call void @jitc_rt_free(ptr %mem6)
  br label %refs.done8

release11:                                        ; preds = %b4
  %74 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem10, i32 0, i32 0
  %75 = atomicrmw sub ptr %74, i64 1 acq_rel, align 8
  %76 = icmp eq i64 %75, 1
  br i1 %76, label %free13, label %refs.done12

refs.done12:                                      ; preds = %free13, %release11, %b4
  %77 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %out, align 8
  %mem14 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %77, 3
  %78 = icmp ne ptr %mem14, null
  br i1 %78, label %release15, label %refs.done16

free13:                                           ; preds = %release11
  call void @jitc_rt_free(ptr %mem10)
  br label %refs.done12

release15:                                        ; preds = %refs.done12
  %79 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem14, i32 0, i32 0
  %80 = atomicrmw sub ptr %79, i64 1 acq_rel, align 8
  %81 = icmp eq i64 %80, 1
  br i1 %81, label %free17, label %refs.done16

refs.done16:                                      ; preds = %free17, %release15, %refs.done12
  ret void

free17:                                           ; preds = %release15
  call void @jitc_rt_free(ptr %mem14)
  br label %refs.done16
}

declare void @jitc_rt_free(ptr)

define void @krn1.diffs.a1Af64.a1Af64.entry(ptr %0, ptr %1, ptr %2) {
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
  %27 = getelementptr i8, ptr %26, i64 0
  %28 = load ptr, ptr %27, align 8
  %29 = getelementptr i8, ptr %26, i64 40
  %30 = load i64, ptr %29, align 8
  %data1 = getelementptr i8, ptr %28, i64 %30
  %31 = getelementptr i8, ptr %26, i64 24
  %32 = load ptr, ptr %31, align 8
  %33 = getelementptr i8, ptr %26, i64 32
  %34 = load ptr, ptr %33, align 8
  %35 = getelementptr i8, ptr %32, i64 0
  %36 = load i64, ptr %35, align 8
  %37 = insertvalue [1 x i64] zeroinitializer, i64 %36, 0
  %38 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, [1 x i64] %37, 1
  %39 = icmp ne ptr %34, null
  %40 = mul i64 8, %36
  br i1 %39, label %strides.given2, label %strides.join3

strides.given2:                                   ; preds = %strides.join
  %41 = getelementptr i8, ptr %34, i64 0
  %42 = load i64, ptr %41, align 8
  %43 = mul i64 %42, 8
  br label %strides.join3

strides.join3:                                    ; preds = %strides.given2, %strides.join
  %stride4 = phi i64 [ 8, %strides.join ], [ %43, %strides.given2 ]
  %44 = insertvalue [1 x i64] undef, i64 %stride4, 0
  %45 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %38, ptr %data1, 0
  %46 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %45, [1 x i64] %44, 2
  call void @krn1.diffs.a1Af64.a1Af64(ptr %2, { ptr, [1 x i64], [1 x i64], ptr } %24, { ptr, [1 x i64], [1 x i64], ptr } %46)
  ret void
}

define void @krn1.diffs.a1Af64.a1Af64.cfunc(ptr %0, ptr %1) {
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
  %22 = getelementptr i8, ptr %1, i64 0
  %23 = load ptr, ptr %22, align 8
  %24 = getelementptr i8, ptr %1, i64 40
  %25 = load i64, ptr %24, align 8
  %data1 = getelementptr i8, ptr %23, i64 %25
  %26 = getelementptr i8, ptr %1, i64 24
  %27 = load ptr, ptr %26, align 8
  %28 = getelementptr i8, ptr %1, i64 32
  %29 = load ptr, ptr %28, align 8
  %30 = getelementptr i8, ptr %27, i64 0
  %31 = load i64, ptr %30, align 8
  %32 = insertvalue [1 x i64] zeroinitializer, i64 %31, 0
  %33 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } zeroinitializer, [1 x i64] %32, 1
  %34 = icmp ne ptr %29, null
  %35 = mul i64 8, %31
  br i1 %34, label %strides.given2, label %strides.join3

strides.given2:                                   ; preds = %strides.join
  %36 = getelementptr i8, ptr %29, i64 0
  %37 = load i64, ptr %36, align 8
  %38 = mul i64 %37, 8
  br label %strides.join3

strides.join3:                                    ; preds = %strides.given2, %strides.join
  %stride4 = phi i64 [ 8, %strides.join ], [ %38, %strides.given2 ]
  %39 = insertvalue [1 x i64] undef, i64 %stride4, 0
  %40 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %33, ptr %data1, 0
  %41 = insertvalue { ptr, [1 x i64], [1 x i64], ptr } %40, [1 x i64] %39, 2
  call void @krn1.diffs.a1Af64.a1Af64(ptr %err, { ptr, [1 x i64], [1 x i64], ptr } %21, { ptr, [1 x i64], [1 x i64], ptr } %41)
  %42 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %err, i32 0, i32 0
  %43 = load i32, ptr %42, align 4
  %44 = icmp ne i32 %43, 0
  br i1 %44, label %report, label %done

report:                                           ; preds = %strides.join3
  call void @jitc_rt_report(ptr %err)
  ret void

done:                                             ; preds = %strides.join3
  ret void
}

declare void @jitc_rt_report(ptr)
