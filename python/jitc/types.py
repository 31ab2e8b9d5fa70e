"""Numba's type objects (numba.types): what signatures, `locals=` and typeof are made of.

Each type prints as Numba prints it (`str(float64[:])` is `array(float64, 1d, A)`) and carries
`krn`, the text jitc's signature parser reads for it. Calling a type with types makes a
signature (`float64(int64[:])`), indexing a scalar type makes an array type (`float32[:, ::1]`).
"""

__all__ = []  # filled below with every type name


class Type:
    def __init__(self, name, krn=None):
        self.name = name
        self.krn = krn or name

    def __str__(self):
        return self.name

    __repr__ = __str__

    def __eq__(self, other):
        return isinstance(other, Type) and self.key == other.key

    def __hash__(self):
        return hash(self.key)

    @property
    def key(self):
        return (type(self).__name__, self.name)

    def __call__(self, *args):
        if len(args) == 1 and isinstance(args[0], Signature):  # float64(sig) is not a signature
            raise TypeError("a type called with a signature")
        return Signature(self, args)

    def __getitem__(self, axes):
        axes = axes if isinstance(axes, tuple) else (axes,)
        if not all(isinstance(a, slice) for a in axes):
            raise TypeError("an array type is indexed by slices: float64[:, ::1]")
        layout = "A"
        if axes[-1].step == 1:
            layout = "C"
        elif axes[0].step == 1 and len(axes) > 1:
            layout = "F"
        return Array(self, len(axes), layout)


class Number(Type):
    def __init__(self, name, dtype, bitwidth, signed=True):
        super().__init__(name)
        self.dtype_name, self.bitwidth, self.signed = dtype, bitwidth, signed


class Integer(Number):
    pass


class Float(Number):
    pass


class Complex(Number):
    pass


class Boolean(Type):
    dtype_name = "bool"


class NoneType(Type):
    pass


class Array(Type):
    def __init__(self, dtype, ndim, layout="A", readonly=False):
        if layout not in ("C", "F", "A"):
            raise ValueError("an array's layout is 'C', 'F' or 'A', not %r" % (layout,))
        self.dtype, self.ndim, self.layout, self.readonly = dtype, int(ndim), layout, bool(readonly)
        name = "%sarray(%s, %dd, %s)" % ("readonly " if readonly else "", dtype, self.ndim, layout)
        krn = 'Array(%s, %d, "%s"%s)' % (dtype.krn, self.ndim, layout, ", readonly=True" if readonly else "")
        if dtype.krn == "xoroshiro128p_type":  # numba.cuda.random's states: jitc reads them subscripted alone
            krn = "xoroshiro128p_type[%s]" % ", ".join([":"] * (self.ndim - 1) + ["::1" if layout == "C" else ":"])
        super().__init__(name, krn)

    def copy(self, dtype=None, ndim=None, layout=None, readonly=None):
        return Array(dtype or self.dtype, self.ndim if ndim is None else ndim, layout or self.layout,
                     self.readonly if readonly is None else readonly)


class UniTuple(Type):
    def __init__(self, dtype, count):
        self.dtype, self.count = dtype, int(count)
        super().__init__("UniTuple(%s, %d)" % (dtype, self.count), "UniTuple(%s, %d)" % (dtype.krn, self.count))


class Tuple(Type):
    def __new__(cls, types):
        types = tuple(types)
        if types and all(t == types[0] for t in types):
            return UniTuple(types[0], len(types))
        return super().__new__(cls)

    def __init__(self, types):
        self.types = tuple(types)
        super().__init__("Tuple(%s)" % ", ".join(map(str, self.types)),
                         "Tuple((%s,))" % ", ".join(t.krn for t in self.types))


class UnicodeType(Type):
    pass


class ListType(Type):
    def __init__(self, item):
        self.item_type = self.dtype = item
        super().__init__("ListType[%s]" % item)


class List(Type):
    """A reflected list, the type of a Python list argument (Numba's List(T, reflected=True))."""

    def __init__(self, dtype, reflected=True):
        self.dtype = dtype
        super().__init__("%slist(%s)" % ("reflected " if reflected else "", dtype))


class Set(Type):
    def __init__(self, dtype, reflected=True):
        self.dtype = dtype
        super().__init__("%sset(%s)" % ("reflected " if reflected else "", dtype))


class DictType(Type):
    def __init__(self, key, value):
        self.key_type, self.value_type = key, value
        super().__init__("DictType[%s,%s]<iv=None>" % (key, value))


class Optional(Type):
    def __init__(self, t):
        self.type = t
        super().__init__("OptionalType(%s)" % t)


class Signature:
    """`return_type(args...)`: a signature, as Numba's typing.Signature."""

    def __init__(self, return_type, args):
        self.return_type, self.args = return_type, tuple(args)

    def __str__(self):
        return "(%s) -> %s" % (", ".join(map(str, self.args)), self.return_type)

    __repr__ = __str__

    def __eq__(self, other):
        return isinstance(other, Signature) and (self.return_type, self.args) == (other.return_type, other.args)

    def __hash__(self):
        return hash((self.return_type, self.args))

    @property
    def krn(self):
        return "%s(%s)" % (self.return_type.krn, ", ".join(a.krn for a in self.args))


def _number(cls, name, dtype, bits, signed=True):
    return cls(name, dtype, bits, signed)


boolean = bool_ = b1 = Boolean("bool")
int8 = _number(Integer, "int8", "int8", 8)
int16 = _number(Integer, "int16", "int16", 16)
int32 = _number(Integer, "int32", "int32", 32)
int64 = _number(Integer, "int64", "int64", 64)
uint8 = _number(Integer, "uint8", "uint8", 8, False)
uint16 = _number(Integer, "uint16", "uint16", 16, False)
uint32 = _number(Integer, "uint32", "uint32", 32, False)
uint64 = _number(Integer, "uint64", "uint64", 64, False)
float16 = _number(Float, "float16", "float16", 16)
float32 = _number(Float, "float32", "float32", 32)
float64 = _number(Float, "float64", "float64", 64)
complex64 = _number(Complex, "complex64", "complex64", 64)
complex128 = _number(Complex, "complex128", "complex128", 128)
i1, i2, i4, i8 = int8, int16, int32, int64
u1, u2, u4, u8 = uint8, uint16, uint32, uint64
f2, f4, f8 = float16, float32, float64
c8, c16 = complex64, complex128
byte = uint8
short, ushort = int16, uint16
intc, uintc = int32, uint32
long_, ulong = int64, uint64
longlong, ulonglong = int64, uint64
intp, uintp = int64, uint64
ssize_t, size_t = int64, uint64
float_, double = float32, float64
cfloat, cdouble = complex64, complex128
none = NoneType("none")
void = none
unicode_type = UnicodeType("unicode_type", "unicode_type")
string = unicode_type

integer_domain = frozenset([int8, int16, int32, int64, uint8, uint16, uint32, uint64])
signed_domain = frozenset([int8, int16, int32, int64])
unsigned_domain = frozenset([uint8, uint16, uint32, uint64])
real_domain = frozenset([float32, float64])
complex_domain = frozenset([complex64, complex128])
number_domain = real_domain | integer_domain | complex_domain

_BY_NAME = {t.name: t for t in (int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64,
                                complex64, complex128)}
_BY_NAME["bool"] = _BY_NAME["boolean"] = boolean


def scalar_type(name):
    """The scalar type of a dtype's or a signature's name ("float64", "bool", "boolean"), or None."""
    return _BY_NAME.get(name)

__all__ = [n for n, v in list(globals().items()) if isinstance(v, Type) or n in (
    "Type", "Number", "Integer", "Float", "Complex", "Boolean", "Array", "UniTuple", "Tuple", "ListType",
    "DictType", "Optional", "Signature", "UnicodeType", "List", "Set")]


# numba.cuda.random's generator state, a record of two uint64 words; jitc's compiled code holds an
# array of them as uint64 with one more axis (docs/language.md, numba.cuda.random)
xoroshiro128p_type = Type("Record(s0[type=uint64;offset=0],s1[type=uint64;offset=8];16;True)", "xoroshiro128p_type")


def xoroshiro128p_dtype():
    import numpy as np

    return np.dtype([("s0", np.uint64), ("s1", np.uint64)], align=True)


def from_dtype(dtype):
    """The scalar type of a NumPy dtype (numba.np.numpy_support.from_dtype); numba.cuda.random's
    state record dtype gives its record type."""
    import numpy as np

    dtype = np.dtype(dtype)
    if dtype == xoroshiro128p_dtype():
        return xoroshiro128p_type
    try:
        return _BY_NAME[dtype.name]
    except KeyError:
        raise NotImplementedError("jitc has no type for dtype %s" % dtype) from None


def as_dtype(t):
    """The NumPy dtype of a scalar type (numba.np.numpy_support.as_dtype)."""
    import numpy as np

    return np.dtype(t.name)
