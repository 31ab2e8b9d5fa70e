"""generator_reference.py — the reference values of tests/unit/test_generator.c: what NumPy's
np.random.default_rng(seed) holds and draws (PCG64 seeded through SeedSequence), printed as
the C tables SEEDED and DRAWS.
    build/venv/bin/python tests/unit/generator_reference.py
"""
import numpy as np

SEEDS = [0, 1, 42, 12345, 2**32, 2**64 - 1]

print("static const Seeded SEEDED[] = {")
for seed in SEEDS:
    st = np.random.default_rng(seed).bit_generator.state["state"]
    words = [st["state"] >> 64, st["state"] & (2**64 - 1), st["inc"] >> 64, st["inc"] & (2**64 - 1)]
    pcg = np.random.PCG64(seed)
    raw = list(pcg.random_raw(4))
    pcg.random_raw(995)
    raw.append(pcg.random_raw())
    print(f"    {{{seed}u, {{{', '.join(f'0x{w:016x}u' for w in words)}}},")
    print(f"     {{{', '.join(f'{int(x)}u' for x in raw)}}}}},")
print("};")

# per seed: random(), standard_normal(), standard_exponential(), integers(0, 10),
# integers(0, 10) (the 32-bit half kept), integers(-3, 1 << 40), then 1000 standard_normal()
# and standard_exponential() summed
print("static const Draws DRAWS[] = {")
for seed in SEEDS[:3]:
    g = np.random.default_rng(seed)
    vals = [g.random(), g.standard_normal(), g.standard_exponential()]
    ints = [int(g.integers(0, 10)), int(g.integers(0, 10)), int(g.integers(-3, 1 << 40))]
    sn = 0.0
    se = 0.0
    for _ in range(1000):
        sn += g.standard_normal()
        se += g.standard_exponential()
    vals += [sn, se]
    print(f"    {{{seed}u, {{{', '.join(float(v).hex() for v in vals)}}}, {{{', '.join(f'{i}' for i in ints)}}}}},")
print("};")
