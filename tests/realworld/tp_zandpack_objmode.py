# Real Numba code from AleksBL/Zandpack Zandpack/HartreeFromDensity.py at commit e17f688e5495c3636375071a69ad9925820cb2c0
# (Mozilla Public License 2.0, Zandpack/LICENSE; Aleksander Bach Lorentzen), copied unchanged: the module's @njit/@jit
# functions, in order (the Hartree potential of a density on a real-space grid: 3-D FFTs through scipy.fftpack and
# zero padding through np.pad, each inside `with objmode(out='complex64[:,:,:]')`, the Poisson solve that chains them,
# the orbital density and matrix elements, trilinear interpolation), each case with the module's functions it calls.
# The prelude is the module's imports, with a stand-in for `from Zandpack import k0nfig` (Zandpack is not installed
# here): a class holding the one setting the module reads, Zandpack/k0nfig.py line 22 copied unchanged (indented).
# Numba cannot compile make_density (`Fliist = List()` is never used, an untyped typed list) nor Hartree (which calls
# it, and calls cube_interp with a 3-D potential, whose wavg2 indexes a 2-D array with three indices): their RUN lines
# are the arguments Hartree would pass; cube_interp runs on a 5-D array (each of its three
# steps drops one dimension and the last indexes three).
# Each case below is run by run.py as this prelude followed by the case alone.
import numpy as np
from numba import njit, objmode, jit, prange
from numba.typed import List
class k0nfig:  # stands in for `from Zandpack import k0nfig`
    CACHE                            = False
from scipy.fftpack import fftn,ifftn
FT = fftn
iFT= ifftn
from time import time

# === CASE numba_fft3
# SOURCE: AleksBL/Zandpack Zandpack/HartreeFromDensity.py @ e17f688e5495, line 11
# RUN: numba_fft3 np.random.default_rng(0).random((4, 5, 6)).astype(np.complex64)
# RUN: numba_fft3 np.exp(1j * np.linspace(0.0, 3.0, 27)).reshape(3, 3, 3).astype(np.complex64)
@njit
def numba_fft3(input):
    with objmode(out='complex64[:,:,:]'):
        out = FT(input)#np.fft.fftn(input)
    return out

# === CASE numba_ifft3
# SOURCE: AleksBL/Zandpack Zandpack/HartreeFromDensity.py @ e17f688e5495, line 17
# RUN: numba_ifft3 np.random.default_rng(1).random((4, 5, 6)).astype(np.complex64)
# RUN: numba_ifft3 np.exp(1j * np.linspace(0.0, 3.0, 27)).reshape(3, 3, 3).astype(np.complex64)
@njit
def numba_ifft3(input):
    with objmode(out='complex64[:,:,:]'):
        out = np.fft.ifftshift(iFT(input))
    return out

# === CASE fftZP
# SOURCE: AleksBL/Zandpack Zandpack/HartreeFromDensity.py @ e17f688e5495, line 23
# RUN: fftZP np.arange(24).reshape(2, 3, 4).astype(np.complex64)
# RUN: fftZP np.random.default_rng(2).random((3, 3, 5)).astype(np.complex64)
@njit
def fftZP(A):
    #Nx=A.shape[0]; Ny=A.shape[1]; Nz=A.shape[2]; 
    Nx, Ny, Nz = A.shape
    t1=0; t2=0; t3=0
    if np.mod(Nx,2)==0: t1=1
    if np.mod(Ny,2)==0: t2=1
    if np.mod(Nz,2)==0: t3=1
    p00=Nx//2-t1; p01=Nx//2
    p10=Ny//2-t2; p11=Ny//2
    p20=Nz//2-t3; p21=Nz//2

    with objmode(out='complex64[:,:,:]'):
        out = np.pad(A,((p00,p01),(p10,p11),(p20,p21)))

    return out

# === CASE Pil_ud
# SOURCE: AleksBL/Zandpack Zandpack/HartreeFromDensity.py @ e17f688e5495, line 40
# RUN: Pil_ud (np.arange(7 * 9 * 11, dtype=np.float64).reshape(7, 9, 11), 4, 5, 6)
# RUN: Pil_ud (np.arange(125).reshape(5, 5, 5).astype(np.complex64), 3, 3, 3)
@njit
def Pil_ud(A,Nx,Ny,Nz):
    dim=A.shape
    t1=0; t2=0; t3=0
    if np.mod(Nx,2)==0: t1=1
    if np.mod(Ny,2)==0: t2=1
    if np.mod(Nz,2)==0: t3=1
    p00=Nx//2-t1; p01=Nx//2
    p10=Ny//2-t2; p11=Ny//2
    p20=Nz//2-t3; p21=Nz//2
    return A[p00:dim[0]-p01,p10:dim[1]-p11,p20:dim[2]-p21]

# === CASE gdv
# SOURCE: AleksBL/Zandpack Zandpack/HartreeFromDensity.py @ e17f688e5495, line 52
# RUN: gdv (np.random.default_rng(3).random((6, 3)) - 0.5, 2.0)
# RUN: gdv (np.random.default_rng(4).random((2, 4, 3)), 0.5)
@njit
def gdv(dr,k):
    n   = np.sqrt(np.sum(dr**2,axis=-1)) + 1e-10
    res = np.exp(1j*k*n)/(4*np.pi*n)
    return res

# === CASE get_g
# SOURCE: AleksBL/Zandpack Zandpack/HartreeFromDensity.py @ e17f688e5495, line 58
# RUN: get_g ((3, 4, 2), 0.5)
# RUN: get_g ((2, 2, 2), 1.0)
@njit
def get_g(shape, dx):
    nx,ny,nz = shape
    x = np.arange(-nx+1, nx) * dx
    y = np.arange(-ny+1, ny) * dx
    z = np.arange(-nz+1, nz) * dx
    g = np.zeros((2 * nx - 1, 2 * ny -1, 2 * nz -1))
    r_sing = ((3/(4*np.pi))*dx**3)**(1/3)

    for i in range(2 * nx-1):
        for j in range(2 * ny - 1):
            for k in range(2 * nz -1):
                if i == nx-1 and j == ny-1 and k == nz -1:
                    pass
                    #g[i,j,k] = r_sing**2/dx**3
                else:
                    g[i,j,k] = 1 /(x[i]**2 + y[j]**2 + z[k]**2)
    return (g**0.5) * dx**3 /(4*np.pi)

# === CASE Poisson
# SOURCE: AleksBL/Zandpack Zandpack/HartreeFromDensity.py @ e17f688e5495, line 78
# RUN: Poisson (np.random.default_rng(7).random((3, 3, 3)).astype(np.complex64), np.fft.fftn(1.0 / np.sqrt(1.0 + np.add.outer(np.add.outer(np.arange(-2.0, 3.0) ** 2, np.arange(-2.0, 3.0) ** 2), np.arange(-2.0, 3.0) ** 2))).astype(np.complex64))
# RUN: Poisson (np.random.default_rng(8).random((4, 4, 4)).astype(np.complex64), np.fft.fftn(1.0 / np.sqrt(1.0 + np.add.outer(np.add.outer(np.arange(-3.0, 4.0) ** 2, np.arange(-3.0, 4.0) ** 2), np.arange(-3.0, 4.0) ** 2))).astype(np.complex64))
@njit
def numba_fft3(input):
    with objmode(out='complex64[:,:,:]'):
        out = FT(input)#np.fft.fftn(input)
    return out

@njit
def numba_ifft3(input):
    with objmode(out='complex64[:,:,:]'):
        out = np.fft.ifftshift(iFT(input))
    return out

@njit
def fftZP(A):
    #Nx=A.shape[0]; Ny=A.shape[1]; Nz=A.shape[2]; 
    Nx, Ny, Nz = A.shape
    t1=0; t2=0; t3=0
    if np.mod(Nx,2)==0: t1=1
    if np.mod(Ny,2)==0: t2=1
    if np.mod(Nz,2)==0: t3=1
    p00=Nx//2-t1; p01=Nx//2
    p10=Ny//2-t2; p11=Ny//2
    p20=Nz//2-t3; p21=Nz//2

    with objmode(out='complex64[:,:,:]'):
        out = np.pad(A,((p00,p01),(p10,p11),(p20,p21)))

    return out

@njit
def Pil_ud(A,Nx,Ny,Nz):
    dim=A.shape
    t1=0; t2=0; t3=0
    if np.mod(Nx,2)==0: t1=1
    if np.mod(Ny,2)==0: t2=1
    if np.mod(Nz,2)==0: t3=1
    p00=Nx//2-t1; p01=Nx//2
    p10=Ny//2-t2; p11=Ny//2
    p20=Nz//2-t3; p21=Nz//2
    return A[p00:dim[0]-p01,p10:dim[1]-p11,p20:dim[2]-p21]

@njit
def Poisson(rho, g_fft):
    nx,ny,nz = rho.shape
    return  - Pil_ud( numba_ifft3(numba_fft3(fftZP(rho)) * g_fft) ,nx,ny,nz)

# === CASE intersecting_inds
# SOURCE: AleksBL/Zandpack Zandpack/HartreeFromDensity.py @ e17f688e5495, line 83
# RUN: intersecting_inds (np.array([3, 4, 5, 6]), np.array([5, 6, 7]))
# RUN: intersecting_inds (np.arange(2, 9), np.arange(5, 12))
@njit(fastmath = True)
def intersecting_inds(a,b):
    I1 = List()
    I2 = List()
    where = List()
    for i1,v in enumerate(a):
        for i2,vv in enumerate(b):
            if vv == v:
                where.append(v)
                I1.append(i1)
                I2.append(i2)
    return I1,I2, where

# === CASE make_density
# SOURCE: AleksBL/Zandpack Zandpack/HartreeFromDensity.py @ e17f688e5495, line 96
# RUN: make_density ([np.random.default_rng(5).random((3, 3, 3)), np.random.default_rng(6).random((5, 5, 5))], np.random.default_rng(7).random((3, 3)) + 0j, np.array([0, 1, 0]), np.array([[1.0, 1.2, 1.1], [1.6, 1.5, 1.4], [2.2, 1.9, 2.4]]), 0.5, np.zeros((6, 6, 6)), np.full((6, 6, 6), 0.1))
# RUN: make_density ([np.random.default_rng(5).random((3, 3, 3)), np.random.default_rng(6).random((5, 5, 5))], np.random.default_rng(7).random((3, 3)) + 0j, np.array([0, 1, 0]), np.array([[1.0, 1.2, 1.1], [1.6, 1.5, 1.4], [2.2, 1.9, 2.4]]), 0.5, np.zeros((6, 6, 6)), np.full((6, 6, 6), 0.1), 1e-10, True)
@njit(fastmath = True)
def intersecting_inds(a,b):
    I1 = List()
    I2 = List()
    where = List()
    for i1,v in enumerate(a):
        for i2,vv in enumerate(b):
            if vv == v:
                where.append(v)
                I1.append(i1)
                I2.append(i2)
    return I1,I2, where

@njit
def simple_interpolate(f, fracs):
    w1 = fracs
    return intrp(intrp(intrp(f, w1[0], 0), w1[1], 1), w1[2], 2)

@njit
def roll1(f,axis):
    res = np.zeros(f.shape)
    if axis == 0:
        res [1:,:,:] = f[:-1,:,:]
    if axis == 1:
        res [:,1:,:] = f[:,:-1,:]
    if axis == 2:
        res [:,:,1:] = f[:,:,:-1]
    return res

@njit
def intrp(f,frc, axis):
    return f*(1-frc) + roll1(f, axis) * frc

@jit(parallel = False, fastmath = False)
def make_density(list_orbitals, density_matrix, orb_kind, orb_pos, dx,
                 density, static_density, tol = 1e-10, add_static = False, return_Flist = False, Flist = None,
                 Sij = None):
    pos  = (orb_pos / dx).astype(np.int32)
    rem  =  orb_pos/dx - pos
    if add_static:
        density += static_density

    n_orb    = len(orb_kind)
    NX,NY,NZ = density.shape
    if Flist is None:
        print('Calculating Flist')
        Fliist = List()
        #for i in range(n_orb):
        #    Flist.append(simple_interpolate(list_orbitals[orb_kind[i]], rem[i]))
        Flist = [simple_interpolate(list_orbitals[orb_kind[i]], rem[i]) for i in range(n_orb)]
    if return_Flist:
        return Flist

    if Sij is None: Sij = np.ones((n_orb, n_orb))

    for i in prange(n_orb):
        x1,x2,x3 = pos[i]
        fi       = Flist[i]
        nx,ny,nz = fi.shape
        Ix = np.arange(x1-nx//2, x1 + nx//2 +1); Ix = Ix[(Ix<NX)*(Ix>-1)]
        Jx = np.arange(x2-ny//2, x2 + ny//2 +1); Jx = Jx[(Jx<NY)*(Jx>-1)]
        Kx = np.arange(x3-nz//2, x3 + nz//2 +1); Kx = Kx[(Kx<NZ)*(Kx>-1)]
        for j in range(i, n_orb):
            y1,y2,y3 = pos[j]
            ry1,ry2,ry3 = rem[j]
            fj       = Flist[j]
            mx,my,mz = fj.shape

            Iy = np.arange(y1-mx//2, y1 + mx//2 +1); Iy = Iy[(Iy<NX)*(Iy>-1)]
            Jy = np.arange(y2-my//2, y2 + my//2 +1); Jy = Jy[(Jy<NY)*(Jy>-1)]
            Ky = np.arange(y3-mz//2, y3 + mz//2 +1); Ky = Ky[(Ky<NZ)*(Ky>-1)]

            dij = density_matrix[i,j].real
            sij = Sij[i,j]
            #print(dij.shape,sij.shape)
            if abs(dij) > tol and abs(sij)>tol:
                IIx, IIy, Wi = intersecting_inds(Ix, Iy)
                JJx, JJy, Wj = intersecting_inds(Jx, Jy)
                KKx, KKy, Wk = intersecting_inds(Kx, Ky)
                if len(Wi)>0 and len(Wj)>0 and len(Wk)>0:
                    subfi = fi[min(IIx):max(IIx)+1,min(JJx):max(JJx)+1,min(KKx):max(KKx)+1]
                    subfj = fj[min(IIy):max(IIy)+1,min(JJy):max(JJy)+1,min(KKy):max(KKy)+1]
                    if i==j:
                        fact = dij
                    else:
                        fact = 2 * dij
                    prod = subfi * subfj * fact
                    #print(density[min(Wi):max(Wi)+1, min(Wj):max(Wj)+1, min(Wk):max(Wk)+1].shape, prod.shape)
                    density[min(Wi):max(Wi)+1, min(Wj):max(Wj)+1, min(Wk):max(Wk)+1] += prod

# === CASE matrixelementsoffield
# SOURCE: AleksBL/Zandpack Zandpack/HartreeFromDensity.py @ e17f688e5495, line 153
# RUN: matrixelementsoffield ([np.random.default_rng(5).random((3, 3, 3)), np.random.default_rng(6).random((5, 5, 5))], np.array([0, 1, 0]), np.array([[1.0, 1.2, 1.1], [1.6, 1.5, 1.4], [2.2, 1.9, 2.4]]), 0.5, np.random.default_rng(9).random((6, 6, 6)), np.zeros((3, 3)))
# RUN: matrixelementsoffield ([np.random.default_rng(5).random((3, 3, 3)), np.random.default_rng(6).random((5, 5, 5))], np.array([1, 0, 1]), np.array([[1.0, 1.2, 1.1], [1.6, 1.5, 1.4], [2.2, 1.9, 2.4]]), 0.5, np.random.default_rng(10).random((6, 6, 6)), np.zeros((3, 3)), [np.random.default_rng(11).random((5, 5, 5)), np.random.default_rng(12).random((3, 3, 3)), np.random.default_rng(13).random((5, 5, 5))], np.eye(3) + 0.5 * np.eye(3, k=1))
@njit(fastmath = True)
def intersecting_inds(a,b):
    I1 = List()
    I2 = List()
    where = List()
    for i1,v in enumerate(a):
        for i2,vv in enumerate(b):
            if vv == v:
                where.append(v)
                I1.append(i1)
                I2.append(i2)
    return I1,I2, where

@njit
def simple_interpolate(f, fracs):
    w1 = fracs
    return intrp(intrp(intrp(f, w1[0], 0), w1[1], 1), w1[2], 2)

@njit
def roll1(f,axis):
    res = np.zeros(f.shape)
    if axis == 0:
        res [1:,:,:] = f[:-1,:,:]
    if axis == 1:
        res [:,1:,:] = f[:,:-1,:]
    if axis == 2:
        res [:,:,1:] = f[:,:,:-1]
    return res

@njit
def intrp(f,frc, axis):
    return f*(1-frc) + roll1(f, axis) * frc

@jit(parallel = True, fastmath = True)
def matrixelementsoffield(list_orbitals,  orb_kind, orb_pos, dx,
                          Field, Out, Flist = None,
                          Sij = None, tol = 1e-10):
    pos  = (orb_pos / dx).astype(np.int32)
    rem  =  orb_pos/dx - pos

    n_orb    = len(orb_kind)
    NX,NY,NZ = Field.shape
    if Flist is None:
        print('Calculating Flist')
        Flist = [simple_interpolate(list_orbitals[orb_kind[i]], rem[i]) for i in range(n_orb)]

    if Sij is None: Sij = np.ones((n_orb, n_orb))

    for i in prange(n_orb):
        x1,x2,x3 = pos[i]
        fi       = Flist[i]
        nx,ny,nz = fi.shape
        Ix = np.arange(x1-nx//2, x1 + nx//2 +1); Ix = Ix[(Ix<NX)*(Ix>-1)]
        Jx = np.arange(x2-ny//2, x2 + ny//2 +1); Jx = Jx[(Jx<NY)*(Jx>-1)]
        Kx = np.arange(x3-nz//2, x3 + nz//2 +1); Kx = Kx[(Kx<NZ)*(Kx>-1)]
        for j in range(i, n_orb):
            y1,y2,y3 = pos[j]
            ry1,ry2,ry3 = rem[j]
            fj       = Flist[j]
            mx,my,mz = fj.shape

            Iy = np.arange(y1-mx//2, y1 + mx//2 +1); Iy = Iy[(Iy<NX)*(Iy>-1)]
            Jy = np.arange(y2-my//2, y2 + my//2 +1); Jy = Jy[(Jy<NY)*(Jy>-1)]
            Ky = np.arange(y3-mz//2, y3 + mz//2 +1); Ky = Ky[(Ky<NZ)*(Ky>-1)]

            sij = Sij[i,j]
            if  abs(sij)>tol:
                IIx, IIy, Wi = intersecting_inds(Ix, Iy)
                JJx, JJy, Wj = intersecting_inds(Jx, Jy)
                KKx, KKy, Wk = intersecting_inds(Kx, Ky)
                if len(Wi)>0 and len(Wj)>0 and len(Wk)>0:
                    subfi = fi[min(IIx):max(IIx)+1,min(JJx):max(JJx)+1,min(KKx):max(KKx)+1]
                    subfj = fj[min(IIy):max(IIy)+1,min(JJy):max(JJy)+1,min(KKy):max(KKy)+1]

                    prod = subfi * subfj 
                    Fieldij  = Field[min(Wi):max(Wi)+1, min(Wj):max(Wj)+1, min(Wk):max(Wk)+1]
                    Out[i,j] = np.sum(Fieldij * prod) * dx**3
                    Out[j,i] = Out[i,j]

# === CASE test
# SOURCE: AleksBL/Zandpack Zandpack/HartreeFromDensity.py @ e17f688e5495, line 248
# RUN: test [3.0, 1.5, 2.0]
# RUN: test np.array([4, 2, 7])
@njit
def test(l):
    return min(l)

# === CASE simple_interpolate
# SOURCE: AleksBL/Zandpack Zandpack/HartreeFromDensity.py @ e17f688e5495, line 252
# RUN: simple_interpolate (np.random.default_rng(11).random((3, 3, 3)), np.array([0.25, 0.5, 0.75]))
# RUN: simple_interpolate (np.random.default_rng(12).random((5, 5, 5)), np.array([0.0, 0.9, 0.1]))
@njit
def roll1(f,axis):
    res = np.zeros(f.shape)
    if axis == 0:
        res [1:,:,:] = f[:-1,:,:]
    if axis == 1:
        res [:,1:,:] = f[:,:-1,:]
    if axis == 2:
        res [:,:,1:] = f[:,:,:-1]
    return res

@njit
def intrp(f,frc, axis):
    return f*(1-frc) + roll1(f, axis) * frc

@njit
def simple_interpolate(f, fracs):
    w1 = fracs
    return intrp(intrp(intrp(f, w1[0], 0), w1[1], 1), w1[2], 2)

# === CASE roll1
# SOURCE: AleksBL/Zandpack Zandpack/HartreeFromDensity.py @ e17f688e5495, line 257
# RUN: roll1 (np.arange(27.0).reshape(3, 3, 3), 0)
# RUN: roll1 (np.arange(27.0).reshape(3, 3, 3), 1)
# RUN: roll1 (np.arange(60.0).reshape(3, 4, 5), 2)
@njit
def roll1(f,axis):
    res = np.zeros(f.shape)
    if axis == 0:
        res [1:,:,:] = f[:-1,:,:]
    if axis == 1:
        res [:,1:,:] = f[:,:-1,:]
    if axis == 2:
        res [:,:,1:] = f[:,:,:-1]
    return res

# === CASE intrp
# SOURCE: AleksBL/Zandpack Zandpack/HartreeFromDensity.py @ e17f688e5495, line 268
# RUN: intrp (np.arange(27.0).reshape(3, 3, 3), 0.3, 2)
# RUN: intrp (np.arange(60.0).reshape(3, 4, 5), 0.5, 0)
@njit
def roll1(f,axis):
    res = np.zeros(f.shape)
    if axis == 0:
        res [1:,:,:] = f[:-1,:,:]
    if axis == 1:
        res [:,1:,:] = f[:,:-1,:]
    if axis == 2:
        res [:,:,1:] = f[:,:,:-1]
    return res

@njit
def intrp(f,frc, axis):
    return f*(1-frc) + roll1(f, axis) * frc

# === CASE wavg1
# SOURCE: AleksBL/Zandpack Zandpack/HartreeFromDensity.py @ e17f688e5495, line 272
# RUN: wavg1 (np.arange(60.0).reshape(3, 4, 5), 0.25, 1)
@njit(cache = k0nfig.CACHE)
def wavg1(A, w, idx):
    return A[idx,:,:]*(1-w) +A[idx+1,:,:]*w

# === CASE wavg2
# SOURCE: AleksBL/Zandpack Zandpack/HartreeFromDensity.py @ e17f688e5495, line 275
# RUN: wavg2 (np.arange(60.0).reshape(3, 4, 5), 0.5, 2)
@njit(cache = k0nfig.CACHE)
def wavg2(A, w, idx):
    return A[:,idx,:]*(1-w) +A[:,idx+1,:]*w

# === CASE wavg3
# SOURCE: AleksBL/Zandpack Zandpack/HartreeFromDensity.py @ e17f688e5495, line 278
# RUN: wavg3 (np.arange(60.0).reshape(3, 4, 5), 0.75, 3)
@njit(cache = k0nfig.CACHE)
def wavg3(A, w, idx):
    return A[:,:,idx]*(1-w) +A[:,:,idx+1]*w

# === CASE cube_interp
# SOURCE: AleksBL/Zandpack Zandpack/HartreeFromDensity.py @ e17f688e5495, line 281
# RUN: cube_interp (np.random.default_rng(13).random((3, 3, 3, 3, 3)), np.array([0.2, 0.5, 0.7]), np.array([0, 1, 1]))
@njit(cache = k0nfig.CACHE)
def wavg1(A, w, idx):
    return A[idx,:,:]*(1-w) +A[idx+1,:,:]*w

@njit(cache = k0nfig.CACHE)
def wavg2(A, w, idx):
    return A[:,idx,:]*(1-w) +A[:,idx+1,:]*w

@njit(cache = k0nfig.CACHE)
def wavg3(A, w, idx):
    return A[:,:,idx]*(1-w) +A[:,:,idx+1]*w

@njit(cache = k0nfig.CACHE)
def cube_interp(A,w3, idxs):
    return wavg3(wavg2(wavg1(A, w3[0], idxs[0]), w3[1], idxs[1]),w3[2], idxs[2])

# === CASE Hartree
# SOURCE: AleksBL/Zandpack Zandpack/HartreeFromDensity.py @ e17f688e5495, line 285
# RUN: Hartree (np.random.default_rng(14).random((3, 3)) + 0j, [np.random.default_rng(5).random((3, 3, 3)), np.random.default_rng(6).random((5, 5, 5))], np.array([0, 1, 0]), np.eye(3), np.eye(3), np.eye(3), np.array([[1.0, 1.2, 1.1], [1.6, 1.5, 1.4], [2.2, 1.9, 2.4]]), 0.5, np.zeros((6, 6, 6), dtype=np.complex64), np.full((6, 6, 6), 0.1, dtype=np.complex64), np.fft.fftn(1.0 / np.sqrt(1.0 + np.add.outer(np.add.outer(np.arange(-5.0, 6.0) ** 2, np.arange(-5.0, 6.0) ** 2), np.arange(-5.0, 6.0) ** 2))).astype(np.complex64))
@njit
def numba_fft3(input):
    with objmode(out='complex64[:,:,:]'):
        out = FT(input)#np.fft.fftn(input)
    return out

@njit
def numba_ifft3(input):
    with objmode(out='complex64[:,:,:]'):
        out = np.fft.ifftshift(iFT(input))
    return out

@njit
def fftZP(A):
    #Nx=A.shape[0]; Ny=A.shape[1]; Nz=A.shape[2]; 
    Nx, Ny, Nz = A.shape
    t1=0; t2=0; t3=0
    if np.mod(Nx,2)==0: t1=1
    if np.mod(Ny,2)==0: t2=1
    if np.mod(Nz,2)==0: t3=1
    p00=Nx//2-t1; p01=Nx//2
    p10=Ny//2-t2; p11=Ny//2
    p20=Nz//2-t3; p21=Nz//2

    with objmode(out='complex64[:,:,:]'):
        out = np.pad(A,((p00,p01),(p10,p11),(p20,p21)))

    return out

@njit
def Pil_ud(A,Nx,Ny,Nz):
    dim=A.shape
    t1=0; t2=0; t3=0
    if np.mod(Nx,2)==0: t1=1
    if np.mod(Ny,2)==0: t2=1
    if np.mod(Nz,2)==0: t3=1
    p00=Nx//2-t1; p01=Nx//2
    p10=Ny//2-t2; p11=Ny//2
    p20=Nz//2-t3; p21=Nz//2
    return A[p00:dim[0]-p01,p10:dim[1]-p11,p20:dim[2]-p21]

@njit
def Poisson(rho, g_fft):
    nx,ny,nz = rho.shape
    return  - Pil_ud( numba_ifft3(numba_fft3(fftZP(rho)) * g_fft) ,nx,ny,nz)

@njit(fastmath = True)
def intersecting_inds(a,b):
    I1 = List()
    I2 = List()
    where = List()
    for i1,v in enumerate(a):
        for i2,vv in enumerate(b):
            if vv == v:
                where.append(v)
                I1.append(i1)
                I2.append(i2)
    return I1,I2, where

@jit(parallel = False, fastmath = False)
def make_density(list_orbitals, density_matrix, orb_kind, orb_pos, dx,
                 density, static_density, tol = 1e-10, add_static = False, return_Flist = False, Flist = None,
                 Sij = None):
    pos  = (orb_pos / dx).astype(np.int32)
    rem  =  orb_pos/dx - pos
    if add_static:
        density += static_density

    n_orb    = len(orb_kind)
    NX,NY,NZ = density.shape
    if Flist is None:
        print('Calculating Flist')
        Fliist = List()
        #for i in range(n_orb):
        #    Flist.append(simple_interpolate(list_orbitals[orb_kind[i]], rem[i]))
        Flist = [simple_interpolate(list_orbitals[orb_kind[i]], rem[i]) for i in range(n_orb)]
    if return_Flist:
        return Flist

    if Sij is None: Sij = np.ones((n_orb, n_orb))

    for i in prange(n_orb):
        x1,x2,x3 = pos[i]
        fi       = Flist[i]
        nx,ny,nz = fi.shape
        Ix = np.arange(x1-nx//2, x1 + nx//2 +1); Ix = Ix[(Ix<NX)*(Ix>-1)]
        Jx = np.arange(x2-ny//2, x2 + ny//2 +1); Jx = Jx[(Jx<NY)*(Jx>-1)]
        Kx = np.arange(x3-nz//2, x3 + nz//2 +1); Kx = Kx[(Kx<NZ)*(Kx>-1)]
        for j in range(i, n_orb):
            y1,y2,y3 = pos[j]
            ry1,ry2,ry3 = rem[j]
            fj       = Flist[j]
            mx,my,mz = fj.shape

            Iy = np.arange(y1-mx//2, y1 + mx//2 +1); Iy = Iy[(Iy<NX)*(Iy>-1)]
            Jy = np.arange(y2-my//2, y2 + my//2 +1); Jy = Jy[(Jy<NY)*(Jy>-1)]
            Ky = np.arange(y3-mz//2, y3 + mz//2 +1); Ky = Ky[(Ky<NZ)*(Ky>-1)]

            dij = density_matrix[i,j].real
            sij = Sij[i,j]
            #print(dij.shape,sij.shape)
            if abs(dij) > tol and abs(sij)>tol:
                IIx, IIy, Wi = intersecting_inds(Ix, Iy)
                JJx, JJy, Wj = intersecting_inds(Jx, Jy)
                KKx, KKy, Wk = intersecting_inds(Kx, Ky)
                if len(Wi)>0 and len(Wj)>0 and len(Wk)>0:
                    subfi = fi[min(IIx):max(IIx)+1,min(JJx):max(JJx)+1,min(KKx):max(KKx)+1]
                    subfj = fj[min(IIy):max(IIy)+1,min(JJy):max(JJy)+1,min(KKy):max(KKy)+1]
                    if i==j:
                        fact = dij
                    else:
                        fact = 2 * dij
                    prod = subfi * subfj * fact
                    #print(density[min(Wi):max(Wi)+1, min(Wj):max(Wj)+1, min(Wk):max(Wk)+1].shape, prod.shape)
                    density[min(Wi):max(Wi)+1, min(Wj):max(Wj)+1, min(Wk):max(Wk)+1] += prod

@njit
def simple_interpolate(f, fracs):
    w1 = fracs
    return intrp(intrp(intrp(f, w1[0], 0), w1[1], 1), w1[2], 2)

@njit
def roll1(f,axis):
    res = np.zeros(f.shape)
    if axis == 0:
        res [1:,:,:] = f[:-1,:,:]
    if axis == 1:
        res [:,1:,:] = f[:,:-1,:]
    if axis == 2:
        res [:,:,1:] = f[:,:,:-1]
    return res

@njit
def intrp(f,frc, axis):
    return f*(1-frc) + roll1(f, axis) * frc

@njit(cache = k0nfig.CACHE)
def wavg1(A, w, idx):
    return A[idx,:,:]*(1-w) +A[idx+1,:,:]*w

@njit(cache = k0nfig.CACHE)
def wavg2(A, w, idx):
    return A[:,idx,:]*(1-w) +A[:,idx+1,:]*w

@njit(cache = k0nfig.CACHE)
def wavg3(A, w, idx):
    return A[:,:,idx]*(1-w) +A[:,:,idx+1]*w

@njit(cache = k0nfig.CACHE)
def cube_interp(A,w3, idxs):
    return wavg3(wavg2(wavg1(A, w3[0], idxs[0]), w3[1], idxs[1]),w3[2], idxs[2])

@njit(cache = k0nfig.CACHE)
def Hartree(dsig, LO, OK,L, iL, S_ij, xyz, dx,dens, static_density, g_fft, reset_density = True,add_static=True):
    NO = len(dsig)
    r_xyz = (xyz/dx).astype(np.int32)
    frac_xyz = xyz/dx - r_xyz
    dsig_no = iL @ dsig @ iL
    #dens = np.zeros(static_density.shape, dtype = np.complex128)
    if reset_density:
        dens[:,:,:]=0.0
    make_density(LO, dsig_no, OK, xyz, dx,dens, static_density, add_static=add_static)
    V    = Poisson(dens, g_fft)
    out = np.zeros(dsig.shape, dtype = np.complex128)

    for i in range(NO):
        rix, riy,riz = r_xyz[i]
        out[i,i] = cube_interp(V,frac_xyz[i] , r_xyz[i])
        for j in range(i+1,NO):
            rjx,rjy,rjz = r_xyz[j]
            rijx = (rix + rjx)//2
            rijy = (riy + rjy)//2
            rijz = (riz + rjz)//2

            out[i,j] = V[rijx, rijy,rijz] * S_ij[i,j]
            out[j,i] = np.conj(out[i,j])

    return iL @ out @ iL
