// saxpy_nvcc.cu: the baselines for jitc's saxpy bandwidth (bench/gpu_bench.c), built by nvcc on
// the GPU machine: how far 4-byte, 8-byte and 16-byte accesses per thread get against a
// device-to-device copy, as one element per thread and as a grid-stride loop. Run by run.sh.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define N (1L << 28)
#define CK(x) do { cudaError_t e = (x); if (e) { printf("%s: %s\n", #x, cudaGetErrorString(e)); exit(1);} } while (0)

__global__ void k_scalar(float a, const float *x, const float *y, float *o, long n)
{ long i = (long)blockIdx.x * blockDim.x + threadIdx.x; if (i < n) o[i] = a * x[i] + y[i]; }
__global__ void k_restrict(float a, const float *__restrict__ x, const float *__restrict__ y, float *__restrict__ o, long n)
{ long i = (long)blockIdx.x * blockDim.x + threadIdx.x; if (i < n) o[i] = a * x[i] + y[i]; }
__global__ void k_vec2(float a, const float2 *__restrict__ x, const float2 *__restrict__ y, float2 *__restrict__ o, long n)
{ long i = (long)blockIdx.x * blockDim.x + threadIdx.x; if (i < n / 2) { float2 u = x[i], v = y[i]; o[i] = make_float2(a*u.x+v.x, a*u.y+v.y);} }
__global__ void k_vec4(float a, const float4 *__restrict__ x, const float4 *__restrict__ y, float4 *__restrict__ o, long n)
{ long i = (long)blockIdx.x * blockDim.x + threadIdx.x; if (i < n / 4) { float4 u = x[i], v = y[i]; o[i] = make_float4(a*u.x+v.x, a*u.y+v.y, a*u.z+v.z, a*u.w+v.w);} }
__global__ void k_stride(float a, const float *x, const float *y, float *o, long n)
{ for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) o[i] = a * x[i] + y[i]; }
__global__ void k_stride_restrict(float a, const float *__restrict__ x, const float *__restrict__ y, float *__restrict__ o, long n)
{
#pragma unroll 4
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) o[i] = a * x[i] + y[i]; }
__global__ void k_copy(const float *__restrict__ x, float *__restrict__ o, long n)
{ long i = (long)blockIdx.x * blockDim.x + threadIdx.x; if (i < n) o[i] = x[i]; }

static cudaEvent_t e0, e1;
template <class F> static float best(F f)
{
  f(); CK(cudaDeviceSynchronize());
  float b = 1e30f;
  for (int r = 0; r < 10; r++) { cudaEventRecord(e0); f(); cudaEventRecord(e1); cudaEventSynchronize(e1); float ms; cudaEventElapsedTime(&ms, e0, e1); if (ms < b) b = ms; }
  CK(cudaGetLastError());
  return b;
}
static double GB3(float ms) { return 3.0 * N * 4 / (ms / 1e3) / 1e9; }

int main()
{
  float *x, *y, *o;
  CK(cudaMalloc(&x, N * 4)); CK(cudaMalloc(&y, N * 4)); CK(cudaMalloc(&o, N * 4));
  CK(cudaMemset(x, 0, N * 4)); CK(cudaMemset(y, 0, N * 4));
  cudaEventCreate(&e0); cudaEventCreate(&e1);
  int sms; cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  float a = 2.f; long n = N;
  float copy = best([&] { cudaMemcpyAsync(o, x, N * 4, cudaMemcpyDeviceToDevice); });
  double cbw = 2.0 * N * 4 / (copy / 1e3) / 1e9;
  printf("memcpy DtoD: %.0f GB/s\n", cbw);
  for (int bs : {128, 256, 512, 1024}) {
    unsigned g = (N + bs - 1) / bs;
    float t = best([&] { k_copy<<<g, bs>>>(x, o, n); });
    printf("copy kernel scalar  bs=%4d: %.0f GB/s\n", bs, 2.0 * N * 4 / (t / 1e3) / 1e9);
    t = best([&] { k_scalar<<<g, bs>>>(a, x, y, o, n); });
    printf("saxpy scalar        bs=%4d: %.0f GB/s ratio %.3f\n", bs, GB3(t), GB3(t) / cbw);
    t = best([&] { k_restrict<<<g, bs>>>(a, x, y, o, n); });
    printf("saxpy restrict      bs=%4d: %.0f GB/s ratio %.3f\n", bs, GB3(t), GB3(t) / cbw);
    t = best([&] { k_vec2<<<(g + 1) / 2, bs>>>(a, (float2 *)x, (float2 *)y, (float2 *)o, n); });
    printf("saxpy float2        bs=%4d: %.0f GB/s ratio %.3f\n", bs, GB3(t), GB3(t) / cbw);
    t = best([&] { k_vec4<<<(g + 3) / 4, bs>>>(a, (float4 *)x, (float4 *)y, (float4 *)o, n); });
    printf("saxpy float4        bs=%4d: %.0f GB/s ratio %.3f\n", bs, GB3(t), GB3(t) / cbw);
  }
  for (int per : {1, 2, 4, 8, 16, 32}) {
    unsigned g = sms * per;
    float t = best([&] { k_stride<<<g, 1024>>>(a, x, y, o, n); });
    printf("stride plain     %3d blk/SM x1024: %.0f GB/s ratio %.3f\n", per, GB3(t), GB3(t) / cbw);
    t = best([&] { k_stride_restrict<<<g, 1024>>>(a, x, y, o, n); });
    printf("stride restrict  %3d blk/SM x1024: %.0f GB/s ratio %.3f\n", per, GB3(t), GB3(t) / cbw);
  }
  return 0;
}
