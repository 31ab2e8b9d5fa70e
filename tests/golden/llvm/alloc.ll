; ModuleID = 'krn1.ramp.i64'
source_filename = "krn1.ramp.i64"

@str = private unnamed_addr constant [15 x i8] c"alloc.krn:10:9\00", align 1

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
  %20 = icmp slt i64 %19, %76
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
  %31 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %23, 2
  %32 = extractvalue [2 x i64] %31, 0
  %33 = mul i64 %30, %32
  %34 = add i64 0, %33
  %35 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %23, 1
  %36 = extractvalue [2 x i64] %35, 1
  %37 = add i64 1, %36
  %38 = select i1 false, i64 %37, i64 1
  %39 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %23, 0
  %40 = getelementptr i8, ptr %39, i64 %34
  %41 = getelementptr inbounds double, ptr %40, i64 %38
  store double %25, ptr %41, align 8
  br label %b3

b3:                                               ; preds = %b2
  %42 = load i64, ptr %"$i", align 8
  %43 = add nsw i64 %42, 1
  store i64 %43, ptr %"$i", align 8
  br label %b1

b4:                                               ; preds = %b1
  %44 = load { ptr, [2 x i64], [2 x i64], ptr }, ptr %z, align 8
  %mem16 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %44, 3
  %45 = icmp ne ptr %mem16, null
  br i1 %45, label %retain17, label %refs.done18

b5:                                               ; No predecessors!
  unreachable

propagate:                                        ; preds = %b0
  br label %unwind

ok:                                               ; preds = %b0
  %46 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem, i32 0, i32 1
  %data = load ptr, ptr %46, align 8
  %47 = insertvalue { ptr, [2 x i64], [2 x i64], ptr } undef, ptr %data, 0
  %48 = load [2 x i64], ptr %shape, align 8
  %49 = insertvalue { ptr, [2 x i64], [2 x i64], ptr } %47, [2 x i64] %48, 1
  %50 = load [2 x i64], ptr %strides, align 8
  %51 = insertvalue { ptr, [2 x i64], [2 x i64], ptr } %49, [2 x i64] %50, 2
  %52 = insertvalue { ptr, [2 x i64], [2 x i64], ptr } %51, ptr %mem, 3
  %53 = load { ptr, [2 x i64], [2 x i64], ptr }, ptr %"$arr", align 8
  store { ptr, [2 x i64], [2 x i64], ptr } %52, ptr %"$arr", align 8
  %mem6 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %53, 3
  %54 = icmp ne ptr %mem6, null
  br i1 %54, label %release7, label %refs.done8

unwind:                                           ; preds = %propagate
  %55 = load { ptr, [2 x i64], [2 x i64], ptr }, ptr %"$arr", align 8
  %mem1 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %55, 3
  %56 = icmp ne ptr %mem1, null
  br i1 %56, label %release, label %refs.done

release:                                          ; preds = %unwind
  %57 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem1, i32 0, i32 0
  %58 = atomicrmw sub ptr %57, i64 1 acq_rel, align 8
  %59 = icmp eq i64 %58, 1
  br i1 %59, label %free, label %refs.done

refs.done:                                        ; preds = %free, %release, %unwind
  %60 = load { ptr, [2 x i64], [2 x i64], ptr }, ptr %z, align 8
  %mem2 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %60, 3
  %61 = icmp ne ptr %mem2, null
  br i1 %61, label %release3, label %refs.done4

free:                                             ; preds = %release
  call void @jitc_rt_free(ptr %mem1)
  br label %refs.done

release3:                                         ; preds = %refs.done
  %62 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem2, i32 0, i32 0
  %63 = atomicrmw sub ptr %62, i64 1 acq_rel, align 8
  %64 = icmp eq i64 %63, 1
  br i1 %64, label %free5, label %refs.done4

refs.done4:                                       ; preds = %free5, %release3, %refs.done
  ret { ptr, [2 x i64], [2 x i64], ptr } zeroinitializer

free5:                                            ; preds = %release3
  call void @jitc_rt_free(ptr %mem2)
  br label %refs.done4

release7:                                         ; preds = %ok
  %65 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem6, i32 0, i32 0
  %66 = atomicrmw sub ptr %65, i64 1 acq_rel, align 8
  %67 = icmp eq i64 %66, 1
  br i1 %67, label %free9, label %refs.done8

refs.done8:                                       ; preds = %free9, %release7, %ok
  %mem10 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %52, 3
  %68 = icmp ne ptr %mem10, null
  br i1 %68, label %retain, label %refs.done11

free9:                                            ; preds = %release7
  call void @jitc_rt_free(ptr %mem6)
  br label %refs.done8

retain:                                           ; preds = %refs.done8
  %69 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem10, i32 0, i32 0
  %70 = atomicrmw add ptr %69, i64 1 monotonic, align 8
  br label %refs.done11

refs.done11:                                      ; preds = %retain, %refs.done8
  %71 = load { ptr, [2 x i64], [2 x i64], ptr }, ptr %z, align 8
  store { ptr, [2 x i64], [2 x i64], ptr } %52, ptr %z, align 8
  %mem12 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %71, 3
  %72 = icmp ne ptr %mem12, null
  br i1 %72, label %release13, label %refs.done14

release13:                                        ; preds = %refs.done11
  %73 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem12, i32 0, i32 0
  %74 = atomicrmw sub ptr %73, i64 1 acq_rel, align 8
  %75 = icmp eq i64 %74, 1
  br i1 %75, label %free15, label %refs.done14

refs.done14:                                      ; preds = %free15, %release13, %refs.done11
  %76 = load i64, ptr %n, align 8
  store i64 0, ptr %"$i", align 8
  br label %b1

free15:                                           ; preds = %release13
  call void @jitc_rt_free(ptr %mem12)
  br label %refs.done14

retain17:                                         ; preds = %b4
  %77 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem16, i32 0, i32 0
  %78 = atomicrmw add ptr %77, i64 1 monotonic, align 8
  br label %refs.done18

refs.done18:                                      ; preds = %retain17, %b4
  %79 = load { ptr, [2 x i64], [2 x i64], ptr }, ptr %"$arr", align 8
  %mem19 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %79, 3
  %80 = icmp ne ptr %mem19, null
  br i1 %80, label %release20, label %refs.done21

release20:                                        ; preds = %refs.done18
  %81 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem19, i32 0, i32 0
  %82 = atomicrmw sub ptr %81, i64 1 acq_rel, align 8
  %83 = icmp eq i64 %82, 1
  br i1 %83, label %free22, label %refs.done21

refs.done21:                                      ; preds = %free22, %release20, %refs.done18
  %84 = load { ptr, [2 x i64], [2 x i64], ptr }, ptr %z, align 8
  %mem23 = extractvalue { ptr, [2 x i64], [2 x i64], ptr } %84, 3
  %85 = icmp ne ptr %mem23, null
  br i1 %85, label %release24, label %refs.done25

free22:                                           ; preds = %release20
  call void @jitc_rt_free(ptr %mem19)
  br label %refs.done21

release24:                                        ; preds = %refs.done21
  %86 = getelementptr inbounds { i64, ptr, ptr }, ptr %mem23, i32 0, i32 0
  %87 = atomicrmw sub ptr %86, i64 1 acq_rel, align 8
  %88 = icmp eq i64 %87, 1
  br i1 %88, label %free26, label %refs.done25

refs.done25:                                      ; preds = %free26, %release24, %refs.done21
  ret { ptr, [2 x i64], [2 x i64], ptr } %44

free26:                                           ; preds = %release24
  call void @jitc_rt_free(ptr %mem23)
  br label %refs.done25
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
