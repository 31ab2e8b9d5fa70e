; ModuleID = 'krn1.hyp.f32.f32'
source_filename = "krn1.hyp.f32.f32"

define float @krn1.hyp.f32.f32(ptr %0, float %1, float %2) {
entry:
  %x = alloca float, align 4
  %y = alloca float, align 4
  store float 0.000000e+00, ptr %x, align 4
  store float 0.000000e+00, ptr %y, align 4
  br label %b0

b0:                                               ; preds = %entry
  store float %1, ptr %x, align 4
  store float %2, ptr %y, align 4
  %3 = load float, ptr %x, align 4
  %4 = load float, ptr %x, align 4
  %5 = fmul float %3, %4
  %6 = load float, ptr %y, align 4
  %7 = load float, ptr %y, align 4
  %8 = fmul float %6, %7
  %9 = fadd float %5, %8
  %10 = load float, ptr %x, align 4
  %11 = fdiv float %9, %10
  ret float %11

b1:                                               ; No predecessors!
  unreachable
}

define void @krn1.hyp.f32.f32.entry(ptr %0, ptr %1, ptr %2) {
entry:
  %3 = getelementptr i8, ptr %0, i64 0
  %4 = load ptr, ptr %3, align 8
  %5 = load float, ptr %4, align 4
  %6 = getelementptr i8, ptr %0, i64 8
  %7 = load ptr, ptr %6, align 8
  %8 = load float, ptr %7, align 4
  %9 = call float @krn1.hyp.f32.f32(ptr %2, float %5, float %8)
  store float %9, ptr %1, align 4
  ret void
}

define float @krn1.hyp.f32.f32.cfunc(float %0, float %1) {
entry:
  %err = alloca { i32, ptr, ptr, i64, i64, i64 }, align 8
  store { i32, ptr, ptr, i64, i64, i64 } zeroinitializer, ptr %err, align 8
  %2 = call float @krn1.hyp.f32.f32(ptr %err, float %0, float %1)
  %3 = getelementptr inbounds { i32, ptr, ptr, i64, i64, i64 }, ptr %err, i32 0, i32 0
  %4 = load i32, ptr %3, align 4
  %5 = icmp ne i32 %4, 0
  br i1 %5, label %report, label %done

report:                                           ; preds = %entry
  call void @jitc_rt_report(ptr %err)
  ret float 0.000000e+00

done:                                             ; preds = %entry
  ret float %2
}

declare void @jitc_rt_report(ptr)

define void @krn1.hyp.f32.f32.loop(ptr %0, i64 %1, ptr %2, ptr %3, ptr %4) {
entry:
  %5 = getelementptr i8, ptr %0, i64 0
  %6 = load ptr, ptr %5, align 8
  %7 = getelementptr i8, ptr %2, i64 0
  %8 = load i64, ptr %7, align 8
  %9 = icmp eq i64 %8, 4
  %10 = and i1 true, %9
  %11 = getelementptr i8, ptr %0, i64 8
  %12 = load ptr, ptr %11, align 8
  %13 = getelementptr i8, ptr %2, i64 8
  %14 = load i64, ptr %13, align 8
  %15 = icmp eq i64 %14, 4
  %16 = and i1 %10, %15
  %17 = getelementptr i8, ptr %0, i64 16
  %18 = load ptr, ptr %17, align 8
  %19 = getelementptr i8, ptr %2, i64 16
  %20 = load i64, ptr %19, align 8
  %21 = icmp eq i64 %20, 4
  %22 = and i1 %16, %21
  br i1 %22, label %fast, label %slow

fast:                                             ; preds = %entry
  %23 = icmp sgt i64 %1, 0
  br i1 %23, label %contiguous, label %done

slow:                                             ; preds = %entry
  %24 = icmp sgt i64 %1, 0
  br i1 %24, label %strided, label %done

done:                                             ; preds = %strided, %slow, %contiguous, %fast
  ret void

contiguous:                                       ; preds = %contiguous, %fast
  %i = phi i64 [ 0, %fast ], [ %31, %contiguous ]
  %25 = getelementptr float, ptr %6, i64 %i
  %26 = load float, ptr %25, align 4
  %27 = getelementptr float, ptr %12, i64 %i
  %28 = load float, ptr %27, align 4
  %29 = getelementptr float, ptr %18, i64 %i
  %30 = call float @krn1.hyp.f32.f32(ptr %4, float %26, float %28)
  store float %30, ptr %29, align 4
  %31 = add nuw nsw i64 %i, 1
  %32 = icmp slt i64 %31, %1
  br i1 %32, label %contiguous, label %done

strided:                                          ; preds = %strided, %slow
  %i1 = phi i64 [ 0, %slow ], [ %42, %strided ]
  %33 = mul i64 %i1, %8
  %34 = getelementptr i8, ptr %6, i64 %33
  %35 = load float, ptr %34, align 4
  %36 = mul i64 %i1, %14
  %37 = getelementptr i8, ptr %12, i64 %36
  %38 = load float, ptr %37, align 4
  %39 = mul i64 %i1, %20
  %40 = getelementptr i8, ptr %18, i64 %39
  %41 = call float @krn1.hyp.f32.f32(ptr %4, float %35, float %38)
  store float %41, ptr %40, align 4
  %42 = add nuw nsw i64 %i1, 1
  %43 = icmp slt i64 %42, %1
  br i1 %43, label %strided, label %done
}
