"""numba.typed: List and Dict, as Python containers that compiled code takes and returns.

Numba's typed containers hold their items in native memory; jitc's are Python's list and dict
(what a function returns comes back as one), with Numba's constructors. Compiled code gets their
items by value: a change it makes is in what it returns, not in the caller's container."""


class List(list):
    """numba.typed.List."""

    _item_type = None

    @classmethod
    def empty_list(cls, item_type, allocated=0):
        lst = cls()
        lst._item_type = item_type
        return lst

    @property
    def _dtype(self):
        return self._item_type


class Dict(dict):
    """numba.typed.Dict."""

    _key_type = _value_type = None

    @classmethod
    def empty(cls, key_type, value_type, n_keys=0):
        d = cls()
        d._key_type, d._value_type = key_type, value_type
        return d

