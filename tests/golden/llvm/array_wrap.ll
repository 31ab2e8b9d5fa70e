; ModuleID = 'krn1.diffs.a1Af64.a1Af64'
source_filename = "krn1.diffs.a1Af64.a1Af64"

@str = private unnamed_addr constant [20 x i8] c"array_wrap.krn:9:18\00", align 1
@str.1 = private unnamed_addr constant [20 x i8] c"array_wrap.krn:9:25\00", align 1
@str.2 = private unnamed_addr constant [19 x i8] c"array_wrap.krn:9:9\00", align 1

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
  %5 = icmp slt i64 %4, %38
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
  %14 = icmp uge i64 %13, %10
  br i1 %14, label %raise, label %ok

b3:                                               ; preds = %ok21
  %15 = load i64, ptr %"$i", align 8
  %16 = add nsw i64 %15, 1
  store i64 %16, ptr %"$i", align 8
  br label %b1

b4:                                               ; preds = %b1
  %17 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %mem22 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %17, 3
  %18 = icmp ne ptr %mem22, null
  br i1 %18, label %release23, label %refs.done24

retain:                                           ; preds = %b0
  %19 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem, i32 0, i32 0
  %20 = atomicrmw add ptr %19, i64 1 monotonic, align 8
  br label %refs.done

refs.done:                                        ; preds = %retain, %b0
  %21 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } %1, ptr %a, align 8
  %mem1 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %21, 3
  %22 = icmp ne ptr %mem1, null
  br i1 %22, label %release, label %refs.done2

release:                                          ; preds = %refs.done
  %23 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem1, i32 0, i32 0
  %24 = atomicrmw sub ptr %23, i64 1 acq_rel, align 8
  %25 = icmp eq i64 %24, 1
  br i1 %25, label %free, label %refs.done2

refs.done2:                                       ; preds = %free, %release, %refs.done
  %mem3 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %2, 3
  %26 = icmp ne ptr %mem3, null
  br i1 %26, label %retain4, label %refs.done5

free:                                             ; preds = %release
  call void @jitc_rt_free(ptr %mem1)
  br label %refs.done2

retain4:                                          ; preds = %refs.done2
  %27 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem3, i32 0, i32 0
  %28 = atomicrmw add ptr %27, i64 1 monotonic, align 8
  br label %refs.done5

refs.done5:                                       ; preds = %retain4, %refs.done2
  %29 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %out, align 8
  store { ptr, [1 x i64], [1 x i64], ptr } %2, ptr %out, align 8
  %mem6 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %29, 3
  %30 = icmp ne ptr %mem6, null
  br i1 %30, label %release7, label %refs.done8

release7:                                         ; preds = %refs.done5
  %31 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem6, i32 0, i32 0
  %32 = atomicrmw sub ptr %31, i64 1 acq_rel, align 8
  %33 = icmp eq i64 %32, 1
  br i1 %33, label %free9, label %refs.done8

refs.done8:                                       ; preds = %free9, %release7, %refs.done5
  %34 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %35 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %34, 1
  %36 = extractvalue [1 x i64] %35, 0
  %37 = insertvalue { i64 } undef, i64 %36, 0
  %38 = extractvalue { i64 } %37, 0
  store i64 0, ptr %"$i", align 8
  br label %b1

free9:                                            ; preds = %release7
  call void @jitc_rt_free(ptr %mem6)
  br label %refs.done8

raise:                                            ; preds = %b2
  %39 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  store i32 1, ptr %39, align 4
  %40 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 1
  store ptr @str, ptr %40, align 8
  %41 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 2
  store ptr null, ptr %41, align 8
  %42 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 3
  store i64 %8, ptr %42, align 8
  %43 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 4
  store i64 0, ptr %43, align 8
  %44 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 5
  store i64 %10, ptr %44, align 8
  br label %unwind

ok:                                               ; preds = %b2
  %45 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %7, 2
  %46 = extractvalue [1 x i64] %45, 0
  %47 = mul i64 %13, %46
  %48 = add i64 0, %47
  %49 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %7, 0
  %50 = getelementptr i8, ptr %49, i64 %48
  %51 = load double, ptr %50, align 8
  %52 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %53 = load i64, ptr %i, align 8
  %54 = sub i64 %53, 1
  %55 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %52, 1
  %56 = extractvalue [1 x i64] %55, 0
  %57 = icmp slt i64 %54, 0
  %58 = add i64 %54, %56
  %59 = select i1 %57, i64 %58, i64 %54
  %60 = icmp uge i64 %59, %56
  br i1 %60, label %raise18, label %ok19

unwind:                                           ; preds = %raise20, %raise18, %raise
  %61 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %a, align 8
  %mem10 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %61, 3
  %62 = icmp ne ptr %mem10, null
  br i1 %62, label %release11, label %refs.done12

release11:                                        ; preds = %unwind
  %63 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem10, i32 0, i32 0
  %64 = atomicrmw sub ptr %63, i64 1 acq_rel, align 8
  %65 = icmp eq i64 %64, 1
  br i1 %65, label %free13, label %refs.done12

refs.done12:                                      ; preds = %free13, %release11, %unwind
  %66 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %out, align 8
  %mem14 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %66, 3
  %67 = icmp ne ptr %mem14, null
  br i1 %67, label %release15, label %refs.done16

free13:                                           ; preds = %release11
  call void @jitc_rt_free(ptr %mem10)
  br label %refs.done12

release15:                                        ; preds = %refs.done12
  %68 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem14, i32 0, i32 0
  %69 = atomicrmw sub ptr %68, i64 1 acq_rel, align 8
  %70 = icmp eq i64 %69, 1
  br i1 %70, label %free17, label %refs.done16

refs.done16:                                      ; preds = %free17, %release15, %refs.done12
  ret void

free17:                                           ; preds = %release15
  call void @jitc_rt_free(ptr %mem14)
  br label %refs.done16

raise18:                                          ; preds = %ok
  %71 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  store i32 1, ptr %71, align 4
  %72 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 1
  store ptr @str.1, ptr %72, align 8
  %73 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 2
  store ptr null, ptr %73, align 8
  %74 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 3
  store i64 %54, ptr %74, align 8
  %75 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 4
  store i64 0, ptr %75, align 8
  %76 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 5
  store i64 %56, ptr %76, align 8
  br label %unwind

ok19:                                             ; preds = %ok
  %77 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %52, 2
  %78 = extractvalue [1 x i64] %77, 0
  %79 = mul i64 %59, %78
  %80 = add i64 0, %79
  %81 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %52, 0
  %82 = getelementptr i8, ptr %81, i64 %80
  %83 = load double, ptr %82, align 8
  %84 = fsub double %51, %83
  %85 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %out, align 8
  %86 = load i64, ptr %i, align 8
  %87 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %85, 1
  %88 = extractvalue [1 x i64] %87, 0
  %89 = icmp slt i64 %86, 0
  %90 = add i64 %86, %88
  %91 = select i1 %89, i64 %90, i64 %86
  %92 = icmp uge i64 %91, %88
  br i1 %92, label %raise20, label %ok21

raise20:                                          ; preds = %ok19
  %93 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  store i32 1, ptr %93, align 4
  %94 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 1
  store ptr @str.2, ptr %94, align 8
  %95 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 2
  store ptr null, ptr %95, align 8
  %96 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 3
  store i64 %86, ptr %96, align 8
  %97 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 4
  store i64 0, ptr %97, align 8
  %98 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 5
  store i64 %88, ptr %98, align 8
  br label %unwind

ok21:                                             ; preds = %ok19
  %99 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %85, 2
  %100 = extractvalue [1 x i64] %99, 0
  %101 = mul i64 %91, %100
  %102 = add i64 0, %101
  %103 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %85, 0
  %104 = getelementptr i8, ptr %103, i64 %102
  store double %84, ptr %104, align 8
  br label %b3

release23:                                        ; preds = %b4
  %105 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem22, i32 0, i32 0
  %106 = atomicrmw sub ptr %105, i64 1 acq_rel, align 8
  %107 = icmp eq i64 %106, 1
  br i1 %107, label %free25, label %refs.done24

refs.done24:                                      ; preds = %free25, %release23, %b4
  %108 = load { ptr, [1 x i64], [1 x i64], ptr }, ptr %out, align 8
  %mem26 = extractvalue { ptr, [1 x i64], [1 x i64], ptr } %108, 3
  %109 = icmp ne ptr %mem26, null
  br i1 %109, label %release27, label %refs.done28

free25:                                           ; preds = %release23
  call void @jitc_rt_free(ptr %mem22)
  br label %refs.done24

release27:                                        ; preds = %refs.done24
  %110 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem26, i32 0, i32 0
  %111 = atomicrmw sub ptr %110, i64 1 acq_rel, align 8
  %112 = icmp eq i64 %111, 1
  br i1 %112, label %free29, label %refs.done28

refs.done28:                                      ; preds = %free29, %release27, %refs.done24
  ret void

free29:                                           ; preds = %release27
  call void @jitc_rt_free(ptr %mem26)
  br label %refs.done28
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
