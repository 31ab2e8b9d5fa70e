# Real Numba code from speechbrain/speechbrain speechbrain/integrations/numba/transducer_loss.py at commit 9c826ef3937bac885c8a6ca86c6889a30f256fb5
# (Apache-2.0, authors Abdelwahab Heba 2020 and Titouan Parcollet 2023), copied unchanged: the module's three
# kernels. The prelude has the module's imports but torch and speechbrain's (not installed here; the kernels
# reach neither) and leaves out its logger set-up.
# Each case is compiled by run.sh as this prelude followed by the case alone.

import logging
import math
import warnings

from numba import cuda
from numba.core.errors import NumbaPerformanceWarning


# === CASE cu_kernel_forward
# SOURCE: speechbrain/speechbrain speechbrain/integrations/numba/transducer_loss.py @ 9c826ef3937b, line 40
# KERNEL: cu_kernel_forward void(float32[:, :, :, ::1], int32[:, ::1], float32[:, :, ::1], float32[::1], int32[::1], int32[::1], int64, int32[:, ::1])
# RUN: grid=2 block=3 args=(lambda a: a - np.log(np.exp(a).sum(-1, keepdims=True)))(np.random.default_rng(0).standard_normal((2, 4, 3, 5)).astype(np.float32)), np.array([[1, 2], [3, 0]], np.int32), np.zeros((2, 4, 3), np.float32), np.zeros(2, np.float32), np.array([4, 3], np.int32), np.array([2, 1], np.int32), 0, np.zeros((2, 3), np.int32)
@cuda.jit()
def cu_kernel_forward(log_probs, labels, alpha, log_p, T, U, blank, lock):
    """
    Compute forward pass for the forward-backward algorithm using Numba cuda kernel.
    Sequence Transduction with naive implementation : https://arxiv.org/pdf/1211.3711.pdf

    Arguments
    ---------
    log_probs : torch.Tensor
        4D Tensor of (batch x TimeLength x LabelLength x outputDim) from the Transducer network.
    labels : torch.Tensor
        2D Tensor of (batch x MaxSeqLabelLength) containing targets of the batch with zero padding.
    alpha : torch.Tensor
        3D Tensor of (batch x TimeLength x LabelLength) for forward computation.
    log_p : torch.Tensor
        1D Tensor of (batch) for forward cost computation.
    T : torch.Tensor
        1D Tensor of (batch) containing TimeLength of each target.
    U : torch.Tensor
        1D Tensor of (batch) containing LabelLength of each target.
    blank : int
        Blank index.
    lock : torch.Tensor
        2D Tensor of (batch x LabelLength) containing bool(1-0) lock for parallel computation.
    """

    # parallelize the forward algorithm over batch and target length dim
    b = cuda.blockIdx.x
    u = cuda.threadIdx.x
    t = 0
    if u <= U[b]:
        # for each (B,U) Thread
        # wait the unlock of the previous computation of Alpha[b,U-1,:]
        # Do the computation over the whole Time sequence on alpha[B,U,:]
        # and then unlock the target U+1 for computation
        while t < T[b]:
            if u == 0:
                if t > 0:
                    alpha[b, t, 0] = (
                        alpha[b, t - 1, 0] + log_probs[b, t - 1, 0, blank]
                    )
                cuda.atomic.add(lock, (b, u + 1), -1)
                t += 1
            else:
                if cuda.atomic.add(lock, (b, u), 0) < 0:
                    if t == 0:
                        alpha[b, 0, u] = (
                            alpha[b, 0, u - 1]
                            + log_probs[b, 0, u - 1, labels[b, u - 1]]
                        )
                    else:
                        # compute emission prob
                        emit = (
                            alpha[b, t, u - 1]
                            + log_probs[b, t, u - 1, labels[b, u - 1]]
                        )
                        # compute no_emission prob
                        no_emit = (
                            alpha[b, t - 1, u] + log_probs[b, t - 1, u, blank]
                        )
                        # do logsumexp between log_emit and log_no_emit
                        alpha[b, t, u] = max(no_emit, emit) + math.log1p(
                            math.exp(-abs(no_emit - emit))
                        )
                    if u < U[b]:
                        cuda.atomic.add(lock, (b, u + 1), -1)
                    cuda.atomic.add(lock, (b, u), 1)
                    t += 1
        if u == U[b]:
            # for each thread b (utterance)
            # normalize the loss over time
            log_p[b] = (
                alpha[b, T[b] - 1, U[b]] + log_probs[b, T[b] - 1, U[b], blank]
            ) / T[b]


# === CASE cu_kernel_backward
# SOURCE: speechbrain/speechbrain speechbrain/integrations/numba/transducer_loss.py @ 9c826ef3937b, line 116
# KERNEL: cu_kernel_backward void(float32[:, :, :, ::1], int32[:, ::1], float32[:, :, ::1], float32[::1], int32[::1], int32[::1], int64, int32[:, ::1])
# RUN: grid=2 block=3 args=(lambda a: a - np.log(np.exp(a).sum(-1, keepdims=True)))(np.random.default_rng(0).standard_normal((2, 4, 3, 5)).astype(np.float32)), np.array([[1, 2], [3, 0]], np.int32), np.zeros((2, 4, 3), np.float32), np.zeros(2, np.float32), np.array([4, 3], np.int32), np.array([2, 1], np.int32), 0, np.zeros((2, 3), np.int32)
@cuda.jit()
def cu_kernel_backward(log_probs, labels, beta, log_p, T, U, blank, lock):
    """
    Compute backward pass for the forward-backward algorithm using Numba cuda kernel.
    Sequence Transduction with naive implementation : https://arxiv.org/pdf/1211.3711.pdf

    Arguments
    ---------
    log_probs : torch.Tensor
        4D Tensor of (batch x TimeLength x LabelLength x outputDim) from the Transducer network.
    labels : torch.Tensor
        2D Tensor of (batch x MaxSeqLabelLength) containing targets of the batch with zero padding.
    beta : torch.Tensor
        3D Tensor of (batch x TimeLength x LabelLength) for backward computation.
    log_p : torch.Tensor
        1D Tensor of (batch) for backward cost computation.
    T : torch.Tensor
        1D Tensor of (batch) containing TimeLength of each target.
    U : torch.Tensor
        1D Tensor of (batch) containing LabelLength of each target.
    blank : int
        Blank index.
    lock : torch.Tensor
        2D Tensor of (batch x LabelLength) containing bool(1-0) lock for parallel computation.
    """
    # parallelize the forward algorithm over batch and target length dim
    b = cuda.blockIdx.x
    u = cuda.threadIdx.x
    t = T[b] - 1
    if u <= U[b]:
        # for each (B,U) Thread
        # wait the unlock of the next computation of beta[b,U+1,:]
        # Do the computation over the whole Time sequence on beta[B,U,:]
        # and then unlock the target U-1 for computation
        while t >= 0:
            if u == U[b]:
                if t == T[b] - 1:
                    beta[b, t, u] = log_probs[b, t, u, blank]
                else:
                    beta[b, t, u] = (
                        beta[b, t + 1, u] + log_probs[b, t, u, blank]
                    )
                cuda.atomic.add(lock, (b, u - 1), -1)
                t -= 1
            else:
                if cuda.atomic.add(lock, (b, u), 0) < 0:
                    if t == T[b] - 1:
                        # do logsumexp between log_emit and log_no_emit
                        beta[b, t, u] = (
                            beta[b, t, u + 1] + log_probs[b, t, u, labels[b, u]]
                        )
                    else:
                        # compute emission prob
                        emit = (
                            beta[b, t, u + 1] + log_probs[b, t, u, labels[b, u]]
                        )
                        # compute no_emission prob
                        no_emit = beta[b, t + 1, u] + log_probs[b, t, u, blank]
                        # do logsumexp between log_emit and log_no_emit
                        beta[b, t, u] = max(no_emit, emit) + math.log1p(
                            math.exp(-abs(no_emit - emit))
                        )
                    if u > 0:
                        cuda.atomic.add(lock, (b, u - 1), -1)
                    cuda.atomic.add(lock, (b, u), 1)
                    t -= 1
    if u == 0:
        # for each thread b (utterance)
        # normalize the loss over time
        log_p[b] = beta[b, 0, 0] / T[b]


# === CASE cu_kernel_compute_grad
# SOURCE: speechbrain/speechbrain speechbrain/integrations/numba/transducer_loss.py @ 9c826ef3937b, line 188
# KERNEL: cu_kernel_compute_grad void(float32[:, :, :, ::1], int32[:, ::1], float32[:, :, ::1], float32[:, :, ::1], float32[:, :, :, ::1], int32[::1], int32[::1], int64)
# RUN: grid=4 block=2 args=(lambda a: a - np.log(np.exp(a).sum(-1, keepdims=True)))(np.random.default_rng(0).standard_normal((2, 4, 3, 5)).astype(np.float32)), np.array([[1, 2], [3, 0]], np.int32), -np.linspace(0.5, 6.0, 24, dtype=np.float32).reshape(2, 4, 3), -np.linspace(6.0, 0.5, 24, dtype=np.float32).reshape(2, 4, 3), np.zeros((2, 4, 3, 5), np.float32), np.array([4, 3], np.int32), np.array([2, 1], np.int32), 0
@cuda.jit()
def cu_kernel_compute_grad(log_probs, labels, alpha, beta, grads, T, U, blank):
    """
    Compute gradient for the forward-backward algorithm using Numba cuda kernel.
    Sequence Transduction with naive implementation : https://arxiv.org/pdf/1211.3711.pdf

    Arguments
    ---------
    log_probs : torch.Tensor
        4D Tensor of (batch x TimeLength x LabelLength x outputDim) from the Transducer network.
    labels : torch.Tensor
        2D Tensor of (batch x MaxSeqLabelLength) containing targets of the batch with zero padding.
    alpha : torch.Tensor
        3D Tensor of (batch x TimeLength x LabelLength) for backward computation.
    beta : torch.Tensor
        3D Tensor of (batch x TimeLength x LabelLength) for backward computation.
    grads : torch.Tensor
        Grads for backward computation.
    T : torch.Tensor
        1D Tensor of (batch) containing TimeLength of each target.
    U : torch.Tensor
        1D Tensor of (batch) containing LabelLength of each target.
    blank : int
        Blank index.
    """
    # parallelize the gradient computation over batch and timeseq length dim
    t = cuda.blockIdx.x
    b = cuda.threadIdx.x
    if t < T[b]:
        # compute the gradient for no_emit prob
        if t == 0:
            grads[b, T[b] - 1, U[b], blank] = -math.exp(
                alpha[b, T[b] - 1, U[b]]
                + log_probs[b, T[b] - 1, U[b], blank]
                - beta[b, 0, 0]
            )

        if t < T[b] - 1:
            for u in range(U[b] + 1):
                grads[b, t, u, blank] = alpha[b, t, u] + beta[b, t + 1, u]
                grads[b, t, u, blank] = -math.exp(
                    grads[b, t, u, blank]
                    + log_probs[b, t, u, blank]
                    - beta[b, 0, 0]
                )
        # compute the gradient for emit prob
        for u, fu in enumerate(labels[b]):
            if u < U[b]:
                grads[b, t, u, fu] = alpha[b, t, u] + beta[b, t, u + 1]
                grads[b, t, u, fu] = -math.exp(
                    grads[b, t, u, fu] + log_probs[b, t, u, fu] - beta[b, 0, 0]
                )
