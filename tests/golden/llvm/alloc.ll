; ModuleID = 'krn1.ramp.i64'
source_filename = "krn1.ramp.i64"

@str = private unnamed_addr constant [15 x i8] c"alloc.krn:10:9\00", align 1
@str.1 = private unnamed_addr constant [15 x i8] c"alloc.krn:12:9\00", align 1
@str.2 = private unnamed_addr constant [15 x i8] c"alloc.krn:12:9\00", align 1

define { ptr, [2 x i64], [2 x i64], ptr } @krn1.ramp.i64(ptr %0, i64 %1) {
entry:
  %strides = alloca [2 x i64], align 8
  %shape = alloca [2 x i64], align 8
  %n = alloca i64, align 8
  %"$arr" = alloca { ptr, [2 x i64], [2 x i64], ptr }, align 8
  %z = alloca { ptr, [2 x i64], [2 x i64], ptr }, align 8
  %"$i" = alloca i64, align 8
  %i = alloca i64, align 8
  store i64 0, ptr %n, align 8
  store { ptr, [2 x i64], [2 x i64], ptr } zeroinitializer, ptr %"$arr", align 8
  store { ptr, [2 x i64], [2 x i64], ptr } zeroinitializer, ptr %z, align 8
  store i64 0, ptr %"$i", align 8
  store i64 0, ptr %i, align 8
  br label %b0

b0:                                               ; preds = %entry
  store i64 %1, ptr %n, align 8
  %2 = load i64, ptr %n, align 8
  %3 = insertvalue { i64, i64 } undef, i64 %2, 0
  %4 = insertvalue { i64, i64 } %3, i64 2, 1
  %5 = extractvalue { i64, i64 } %4, 0
  %6 = extractvalue { i64, i64 } %4, 1
  %7 = getelementptr [2 x i64], ptr %shape, i64 0, i64 1
  store i64 %6, ptr %7, align 8
  %8 = getelementptr [2 x i64], ptr %strides, i64 0, i64 1
  store i64 8, ptr %8, align 8
  %9 = icmp eq i64 %6, 0
  %10 = select i1 %9, i64 1, i64 %6
  %11 = mul i64 8, %10
  %12 = getelementptr [2 x i64], ptr %shape, i64 0, i64 0
  store i64 %5, ptr %12, align 8
  %13 = getelementptr [2 x i64], ptr %strides, i64 0, i64 0
  store i64 %11, ptr %13, align 8
  %14 = icmp eq i64 %5, 0
  %15 = select i1 %14, i64 1, i64 %5
  %16 = mul i64 %11, %15
  %mem = call ptr @jitc_rt_alloc(i64 2, ptr %shape, i64 8, i32 1, ptr @str, ptr %0)
  %17 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  %exc = load i32, ptr %17, align 4
  %18 = icmp ne i32 %exc, 0
  br i1 %18, label %propagate, label %ok

b1:                                               ; preds = %b3, %refs.done14
  %19 = load i64, ptr %"$i", align 8
  %20 = icmp slt i64 %19, %66
  br i1 %20, label %b2, label %b4

b2:                                               ; preds = %b1
  %21 = load i64, ptr %"$i", align 8
  store i64 %21, ptr %i, align 8
  %22 = load i64, ptr %i, align 8
  %23 = load { ptr, [2 x i64], [2 x i64], ptr }, ptr %z, align 8
  %24 = load i64, ptr %i, align 8
  %25 = sitofp i64 %22 to double
  %26 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %23, 1
  %27 = extractvalue [2 x i64] %26, 0
  %28 = icmp slt i64 %24, 0
  %29 = add i64 %24, %27
  %30 = select i1 %28, i64 %29, i64 %24
  %31 = icmp uge i64 %30, %27
  br i1 %31, label %raise, label %ok16

b3:                                               ; preds = %ok18
  %32 = load i64, ptr %"$i", align 8
  %33 = add nsw i64 %32, 1
  store i64 %33, ptr %"$i", align 8
  br label %b1

b4:                                               ; preds = %b1
  %34 = load { ptr, [2 x i64], [2 x i64], ptr }, ptr %z, align 8
  %mem19 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %34, 3
  %35 = icmp ne ptr %mem19, null
  br i1 %35, label %retain20, label %refs.done21

b5:                                               ; No predecessors!
  unreachable

propagate:                                        ; preds = %b0
  br label %unwind

ok:                                               ; preds = %b0
  %36 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem, i32 0, i32 1
  %data = load ptr, ptr %36, align 8
  %37 = insertvalue { ptr, [2 x i64], [2 x i64], ptr } undef, ptr %data, 0
  %38 = load [2 x i64], ptr %shape, align 8
  %39 = insertvalue { ptr, [2 x i64], [2 x i64], ptr } %37, [2 x i64] %38, 1
  %40 = load [2 x i64], ptr %strides, align 8
  %41 = insertvalue { ptr, [2 x i64], [2 x i64], ptr } %39, [2 x i64] %40, 2
  %42 = insertvalue { ptr, [2 x i64], [2 x i64], ptr } %41, ptr %mem, 3
  %43 = load { ptr, [2 x i64], [2 x i64], ptr }, ptr %"$arr", align 8
  store { ptr, [2 x i64], [2 x i64], ptr } %42, ptr %"$arr", align 8
  %mem6 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %43, 3
  %44 = icmp ne ptr %mem6, null
  br i1 %44, label %release7, label %refs.done8

unwind:                                           ; preds = %raise17, %raise, %propagate
  %45 = load { ptr, [2 x i64], [2 x i64], ptr }, ptr %"$arr", align 8
  %mem1 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %45, 3
  %46 = icmp ne ptr %mem1, null
  br i1 %46, label %release, label %refs.done

release:                                          ; preds = %unwind
  %47 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem1, i32 0, i32 0
  %48 = atomicrmw sub ptr %47, i64 1 acq_rel, align 8
  %49 = icmp eq i64 %48, 1
  br i1 %49, label %free, label %refs.done

refs.done:                                        ; preds = %free, %release, %unwind
  %50 = load { ptr, [2 x i64], [2 x i64], ptr }, ptr %z, align 8
  %mem2 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %50, 3
  %51 = icmp ne ptr %mem2, null
  br i1 %51, label %release3, label %refs.done4

free:                                             ; preds = %release
  call void @jitc_rt_free(ptr %mem1)
  br label %refs.done

release3:                                         ; preds = %refs.done
  %52 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem2, i32 0, i32 0
  %53 = atomicrmw sub ptr %52, i64 1 acq_rel, align 8
  %54 = icmp eq i64 %53, 1
  br i1 %54, label %free5, label %refs.done4

refs.done4:                                       ; preds = %free5, %release3, %refs.done
  ret { ptr, [2 x i64], [2 x i64], ptr } zeroinitializer

free5:                                            ; preds = %release3
  call void @jitc_rt_free(ptr %mem2)
  br label %refs.done4

release7:                                         ; preds = %ok
  %55 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem6, i32 0, i32 0
  %56 = atomicrmw sub ptr %55, i64 1 acq_rel, align 8
  %57 = icmp eq i64 %56, 1
  br i1 %57, label %free9, label %refs.done8

refs.done8:                                       ; preds = %free9, %release7, %ok
  %mem10 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %42, 3
  %58 = icmp ne ptr %mem10, null
  br i1 %58, label %retain, label %refs.done11

free9:                                            ; preds = %release7
  call void @jitc_rt_free(ptr %mem6)
  br label %refs.done8

retain:                                           ; preds = %refs.done8
  %59 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem10, i32 0, i32 0
  %60 = atomicrmw add ptr %59, i64 1 monotonic, align 8
  br label %refs.done11

refs.done11:                                      ; preds = %retain, %refs.done8
  %61 = load { ptr, [2 x i64], [2 x i64], ptr }, ptr %z, align 8
  store { ptr, [2 x i64], [2 x i64], ptr } %42, ptr %z, align 8
  %mem12 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %61, 3
  %62 = icmp ne ptr %mem12, null
  br i1 %62, label %release13, label %refs.done14

release13:                                        ; preds = %refs.done11
  %63 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem12, i32 0, i32 0
  %64 = atomicrmw sub ptr %63, i64 1 acq_rel, align 8
  %65 = icmp eq i64 %64, 1
  br i1 %65, label %free15, label %refs.done14

refs.done14:                                      ; preds = %free15, %release13, %refs.done11
  %66 = load i64, ptr %n, align 8
  store i64 0, ptr %"$i", align 8
  br label %b1

free15:                                           ; preds = %release13
  call void @jitc_rt_free(ptr %mem12)
  br label %refs.done14

raise:                                            ; preds = %b2
  %67 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  store i32 1, ptr %67, align 4
  %68 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 1
  store ptr @str.1, ptr %68, align 8
  %69 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 2
  store ptr null, ptr %69, align 8
  %70 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 3
  store i64 %24, ptr %70, align 8
  %71 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 4
  store i64 0, ptr %71, align 8
  %72 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 5
  store i64 %27, ptr %72, align 8
  br label %unwind

ok16:                                             ; preds = %b2
  %73 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %23, 2
  %74 = extractvalue [2 x i64] %73, 0
  %75 = mul i64 %30, %74
  %76 = add i64 0, %75
  %77 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %23, 1
  %78 = extractvalue [2 x i64] %77, 1
  %79 = add i64 1, %78
  %80 = select i1 false, i64 %79, i64 1
  %81 = icmp uge i64 %80, %78
  br i1 %81, label %raise17, label %ok18

raise17:                                          ; preds = %ok16
  %82 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 0
  store i32 1, ptr %82, align 4
  %83 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 1
  store ptr @str.2, ptr %83, align 8
  %84 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 2
  store ptr null, ptr %84, align 8
  %85 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 3
  store i64 1, ptr %85, align 8
  %86 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 4
  store i64 1, ptr %86, align 8
  %87 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %0, i32 0, i32 5
  store i64 %78, ptr %87, align 8
  br label %unwind

ok18:                                             ; preds = %ok16
  %88 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %23, 0
  %89 = getelementptr i8, ptr %88, i64 %76
  %90 = getelementptr inbounds double, ptr %89, i64 %80
  store double %25, ptr %90, align 8
  br label %b3

retain20:                                         ; preds = %b4
  %91 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem19, i32 0, i32 0
  %92 = atomicrmw add ptr %91, i64 1 monotonic, align 8
  br label %refs.done21

refs.done21:                                      ; preds = %retain20, %b4
  %93 = load { ptr, [2 x i64], [2 x i64], ptr }, ptr %"$arr", align 8
  %mem22 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %93, 3
  %94 = icmp ne ptr %mem22, null
  br i1 %94, label %release23, label %refs.done24

release23:                                        ; preds = %refs.done21
  %95 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem22, i32 0, i32 0
  %96 = atomicrmw sub ptr %95, i64 1 acq_rel, align 8
  %97 = icmp eq i64 %96, 1
  br i1 %97, label %free25, label %refs.done24

refs.done24:                                      ; preds = %free25, %release23, %refs.done21
  %98 = load { ptr, [2 x i64], [2 x i64], ptr }, ptr %z, align 8
  %mem26 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %98, 3
  %99 = icmp ne ptr %mem26, null
  br i1 %99, label %release27, label %refs.done28

free25:                                           ; preds = %release23
  call void @jitc_rt_free(ptr %mem22)
  br label %refs.done24

release27:                                        ; preds = %refs.done24
  %100 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem26, i32 0, i32 0
  %101 = atomicrmw sub ptr %100, i64 1 acq_rel, align 8
  %102 = icmp eq i64 %101, 1
  br i1 %102, label %free29, label %refs.done28

refs.done28:                                      ; preds = %free29, %release27, %refs.done24
  ret { ptr, [2 x i64], [2 x i64], ptr } %34

free29:                                           ; preds = %release27
  call void @jitc_rt_free(ptr %mem26)
  br label %refs.done28
}

declare ptr @jitc_rt_alloc(i64, ptr, i64, i32, ptr, ptr)

declare void @jitc_rt_free(ptr)

define void @krn1.ramp.i64.entry(ptr %0, ptr %1, ptr %2) {
entry:
  %returned = alloca { ptr, [2 x i64], [2 x i64], ptr }, align 8
  %3 = getelementptr i8, ptr %0, i64 0
  %4 = load ptr, ptr %3, align 8
  %5 = load i64, ptr %4, align 8
  %6 = call { ptr, [2 x i64], [2 x i64], ptr } @krn1.ramp.i64(ptr %2, i64 %5)
  store { ptr, [2 x i64], [2 x i64], ptr } %6, ptr %returned, align 8
  %7 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %6, 3
  %8 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %6, 0
  %9 = getelementptr inbounds { ptr, [2 x i64], [2 x i64], ptr }, ptr %returned, i32 0, i32 1
  %10 = getelementptr inbounds { ptr, [2 x i64], [2 x i64], ptr }, ptr %returned, i32 0, i32 2
  %11 = call ptr @jitc_rt_export(ptr %7, ptr %8, i64 2, ptr %9, ptr %10, i32 2, i32 64)
  store ptr %11, ptr %1, align 8
  ret void
}

declare ptr @jitc_rt_export(ptr, ptr, i64, ptr, ptr, i32, i32)

define ptr @krn1.ramp.i64.cfunc(i64 %0) {
entry:
  %returned = alloca { ptr, [2 x i64], [2 x i64], ptr }, align 8
  %err = alloca { i32, ptr, ptr, i64, i64, i64 }, align 8
  store { i32, ptr, ptr, i64, i64, i64 } zeroinitializer, ptr %err, align 8
  %1 = call { ptr, [2 x i64], [2 x i64], ptr } @krn1.ramp.i64(ptr %err, i64 %0)
  %2 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %err, i32 0, i32 0
  %3 = load i32, ptr %2, align 4
  %4 = icmp ne i32 %3, 0
  br i1 %4, label %report, label %done

report:                                           ; preds = %entry
  call void @jitc_rt_report(ptr %err)
  ret ptr null

done:                                             ; preds = %entry
  store { ptr, [2 x i64], [2 x i64], ptr } %1, ptr %returned, align 8
  %5 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %1, 3
  %6 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %1, 0
  %7 = getelementptr inbounds { ptr, [2 x i64], [2 x i64], ptr }, ptr %returned, i32 0, i32 1
  %8 = getelementptr inbounds { ptr, [2 x i64], [2 x i64], ptr }, ptr %returned, i32 0, i32 2
  %9 = call ptr @jitc_rt_export(ptr %5, ptr %6, i64 2, ptr %7, ptr %8, i32 2, i32 64)
  ret ptr %9
}

declare void @jitc_rt_report(ptr)
